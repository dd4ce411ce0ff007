//! A fighter of classic combat (seed chapter 3, "le combat classique"; `RULES.md` `aube` →
//! *Classic combat*): the six figures a duel reads, their parameters (`a.ca`, `b.bd`...),
//! and the fighter's state in a fight (its [`WoundTrack`]).
//!
//! Terms: `ca`, the weapon skill's *cible à atteindre*; `ba`, *bonus d'attaque* of the
//! weapon; `bp`, *bonus de parade* (shield included); `bd`, *bonus de dommage*; `enc`,
//! *encaissement*; `be`, *bonus d'encaisse* of the armour; `fa`, *facteur d'attaque* (a
//! global setting subtracted from every parry: higher makes hits likelier).

use super::wounds::WoundTrack;
use crate::engine::{ParamSpec, ParamValues};

/// The figures of one fighter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fighter {
    /// CA of the weapon skill.
    pub ca: i64,
    /// Bonus d'attaque.
    pub ba: i64,
    /// Bonus de parade.
    pub bp: i64,
    /// Bonus de dommage.
    pub bd: i64,
    /// Encaissement (aspect + Résistance).
    pub enc: i64,
    /// Bonus d'encaisse.
    pub be: i64,
}

/// Each field's name and description, in parameter order.
pub const FIELDS: [(&str, &str); 6] = [
    ("ca", "CA of the weapon skill"),
    ("ba", "bonus d'attaque of the weapon"),
    ("bp", "bonus de parade (shield included)"),
    ("bd", "bonus de dommage"),
    ("enc", "encaissement: CA of the resistance test"),
    ("be", "bonus d'encaisse of the armour"),
];

impl Fighter {
    /// Kröm, the seed's first fighter.
    pub const KROM: Fighter = Fighter {
        ca: 9,
        ba: 1,
        bp: -3,
        bd: 20,
        enc: 13,
        be: 3,
    };
    /// Björn, the seed's second fighter.
    pub const BJORN: Fighter = Fighter {
        ca: 9,
        ba: 1,
        bp: 2,
        bd: 15,
        enc: 11,
        be: 4,
    };
    /// The average fighter of the analyses.
    pub const AVERAGE: Fighter = Fighter {
        ca: 12,
        ba: 0,
        bp: 0,
        bd: 15,
        enc: 12,
        be: 3,
    };

    /// Total d'attaque `TA = ca + ba`.
    pub fn ta(&self) -> i64 {
        self.ca + self.ba
    }

    /// Total de parade `TP = ca + bp - fa`.
    pub fn tp(&self, fa: i64) -> i64 {
        self.ca + self.bp - fa
    }

    /// The required parameters of a fighter under `prefix` (`a.ca`, `a.ba`, ...), only the
    /// `fields` named (all six when `fields` is empty).
    pub fn specs(prefix: &str, fields: &[&str]) -> Vec<ParamSpec> {
        FIELDS
            .iter()
            .filter(|(name, _)| fields.is_empty() || fields.contains(name))
            .map(|(name, doc)| ParamSpec::int(name, doc, -100, 100, None).prefixed(prefix))
            .collect()
    }

    /// The fighter read from `params` under `prefix`; fields not declared are 0.
    pub fn from_params(params: &ParamValues, prefix: &str) -> Self {
        let field = |name: &str| {
            let key = format!("{prefix}.{name}");
            params.get(&key).map_or(0, |_| params.int(&key))
        };
        Self {
            ca: field("ca"),
            ba: field("ba"),
            bp: field("bp"),
            bd: field("bd"),
            enc: field("enc"),
            be: field("be"),
        }
    }
}

/// A fighter in a fight: figures and the wounds taken so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FighterState {
    /// The figures, as at the start.
    pub fighter: Fighter,
    /// Wounds, fatigue and étourdi.
    pub wounds: WoundTrack,
}

impl FighterState {
    /// An unhurt fighter.
    pub fn new(fighter: Fighter) -> Self {
        Self {
            fighter,
            wounds: WoundTrack::new(),
        }
    }

    /// TA of the attack made now: `ca + ba` less fatigue and pending étourdis (which this
    /// attack spends).
    #[inline]
    pub fn attack_total(&mut self) -> i64 {
        self.fighter.ta() - self.wounds.attack_handicap()
    }

    /// TP now: `ca + bp - fa` less fatigue.
    #[inline]
    pub fn parry_total(&self, fa: i64) -> i64 {
        self.fighter.tp(fa) - self.wounds.fatigue()
    }

    /// `enc` now, less fatigue.
    #[inline]
    pub fn encaissement(&self) -> i64 {
        self.fighter.enc - self.wounds.fatigue()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::params::parse_assignments;
    use crate::systems::aube::damage::DamageResult;

    #[test]
    fn krom_and_bjorn_totals() {
        assert_eq!((Fighter::KROM.ta(), Fighter::KROM.tp(10)), (10, -4));
        assert_eq!((Fighter::BJORN.ta(), Fighter::BJORN.tp(10)), (10, 1));
    }

    #[test]
    fn fatigue_lowers_ta_tp_enc_and_etourdi_only_the_next_attack() {
        let mut s = FighterState::new(Fighter::AVERAGE);
        s.wounds.take(DamageResult::Legere);
        s.wounds.take(DamageResult::Etourdi);
        assert_eq!(s.parry_total(10), 2 - 3);
        assert_eq!(s.encaissement(), 12 - 3);
        assert_eq!(s.attack_total(), 12 - 3 - 1);
        assert_eq!(s.attack_total(), 12 - 3);
    }

    #[test]
    fn specs_are_prefixed_and_required() {
        let specs = Fighter::specs("a", &[]);
        assert_eq!(specs.len(), 6);
        assert_eq!(specs[0].name, "a.ca");
        assert!(specs.iter().all(|s| s.default_value().is_none()));
        let given = parse_assignments("t", &specs, &["a.ca=9".into(), "a.bd=20".into()])
            .expect("known names");
        let e = ParamValues::resolve("t", &specs, &given).expect_err("a.ba is missing");
        assert!(e.to_string().contains("a.ba"), "{e}");
        let partial = Fighter::specs("att", &["ca", "ba", "bd"]);
        assert_eq!(partial.len(), 3);
    }
}
