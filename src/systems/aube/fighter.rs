//! A fighter of classic combat (seed chapter 3, "le combat classique"; the `aube` page →
//! *Classic combat*): the six figures a duel reads, their parameters (`a.ca`, `b.bd`...),
//! and the fighter's state in a fight (its [`WoundTrack`]).
//!
//! Terms: `ca`, the weapon skill's *cible à atteindre*; `ba`, *bonus d'attaque* of the
//! weapon; `bp`, *bonus de parade* (shield included); `bd`, *bonus de dommage*; `enc`,
//! *encaissement*; `be`, *bonus d'encaisse* of the armour; `fa`, *facteur d'attaque* (a
//! global setting subtracted from every parry: higher makes hits likelier).
//!
//! Each fighter carries the options of its own tests (`a.crit`, `b.th`,
//! `a.heroism_rules`...): its attacks are rolled with its options, and so are its
//! resistance tests. \[choice\] An attack's ND is the defender's TP, folded (ND above 20)
//! by the attacker's heroism rules, since it is the attacker's test.

use super::aspect::{Aspect, AspectFigures};
use super::conduct::Conduct;
use super::resolution::TestOptions;
use super::tables::MultipleTable;
use super::wounds::{EtourdiScope, WoundTrack};

crate::config! {
    /// The figures of one fighter (the parameters `a.ca` .. `a.be` of `aube.duel`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct Fighter {
        /// CA of the weapon skill
        ca: i64 = int(-100..=100),
        /// bonus d'attaque of the weapon
        ba: i64 = int(-100..=100),
        /// bonus de parade (shield included)
        bp: i64 = int(-100..=100),
        /// bonus de dommage
        bd: i64 = int(-100..=100),
        /// encaissement: CA of the resistance test
        enc: i64 = int(-100..=100),
        /// bonus d'encaisse of the armour
        be: i64 = int(-100..=100),
        /// how it fights: `stance`, `evitement`, `actions` and `rank`
        conduct: Conduct = flatten(),
        /// the options of this fighter's tests (its attacks and resistance tests)
        options: TestOptions = flatten(),
        /// its figures in the Mental and the Mystique, and its weapon skill's aspect
        aspects: AspectFigures = flatten(),
    }
}

crate::config! {
    /// The figures of a fighter that an attack reads on the attacker's side (the
    /// parameters `att.ca`, `att.ba`, `att.bd` and the options `att.crit`... of
    /// `aube.attack`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct Attacker {
        /// CA of the weapon skill
        ca: i64 = int(-100..=100),
        /// bonus d'attaque of the weapon
        ba: i64 = int(-100..=100),
        /// bonus de dommage
        bd: i64 = int(-100..=100),
        /// the options of this fighter's tests (its attacks and resistance tests)
        options: TestOptions = flatten(),
    }
}

crate::config! {
    /// The figures of a fighter that an attack reads on the defender's side (the
    /// parameters `def.ca`, `def.bp`, `def.enc`, `def.be` and the options `def.crit`...
    /// of `aube.attack`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct Defender {
        /// CA of the weapon skill
        ca: i64 = int(-100..=100),
        /// bonus de parade (shield included)
        bp: i64 = int(-100..=100),
        /// encaissement: CA of the resistance test
        enc: i64 = int(-100..=100),
        /// bonus d'encaisse of the armour
        be: i64 = int(-100..=100),
        /// the options of this fighter's tests (its attacks and resistance tests)
        options: TestOptions = flatten(),
    }
}

impl Attacker {
    /// Total d'attaque `TA = ca + ba`.
    pub fn ta(&self) -> i64 {
        self.ca + self.ba
    }
}

impl Defender {
    /// Total de parade `TP = ca + bp - fa`.
    pub fn tp(&self, fa: i64) -> i64 {
        self.ca + self.bp - fa
    }
}

impl Fighter {
    /// Kröm, the seed's first fighter.
    pub const KROM: Fighter = Fighter {
        ca: 9,
        ba: 1,
        bp: -3,
        bd: 20,
        enc: 13,
        be: 3,
        conduct: Conduct::DEFAULT,
        options: TestOptions::DEFAULT,
        aspects: AspectFigures::DEFAULT,
    };
    /// Björn, the seed's second fighter.
    pub const BJORN: Fighter = Fighter {
        ca: 9,
        ba: 1,
        bp: 2,
        bd: 15,
        enc: 11,
        be: 4,
        conduct: Conduct::DEFAULT,
        options: TestOptions::DEFAULT,
        aspects: AspectFigures::DEFAULT,
    };
    /// The average fighter of the analyses.
    pub const AVERAGE: Fighter = Fighter {
        ca: 12,
        ba: 0,
        bp: 0,
        bd: 15,
        enc: 12,
        be: 3,
        conduct: Conduct::DEFAULT,
        options: TestOptions::DEFAULT,
        aspects: AspectFigures::DEFAULT,
    };

    /// The fighter's figures as an attacker.
    pub fn attacker(&self) -> Attacker {
        Attacker {
            ca: self.ca,
            ba: self.ba,
            bd: self.bd,
            options: self.options,
        }
    }

    /// The fighter's figures as a defender.
    pub fn defender(&self) -> Defender {
        Defender {
            ca: self.ca,
            bp: self.bp,
            enc: self.enc,
            be: self.be,
            options: self.options,
        }
    }

    /// Total d'attaque `TA = ca + ba`.
    pub fn ta(&self) -> i64 {
        self.attacker().ta()
    }

    /// Total de parade `TP = ca + bp - fa`.
    pub fn tp(&self, fa: i64) -> i64 {
        self.defender().tp(fa)
    }

    /// Whether the fighter plays the game without options: the default options of its
    /// tests, the default conduct (fights, one action) and a Physique weapon skill. The
    /// fights then take the options as constants ([`super::bout::Bout::play_round`]).
    #[inline]
    pub fn is_plain(&self) -> bool {
        self.options == TestOptions::DEFAULT
            && self.conduct == Conduct::DEFAULT
            && self.aspects.skill_aspect == Aspect::Physique
    }

    /// The aspect of its defence in a fight: its weapon skill's (the total de parade is
    /// the skill's CA), or the Physique when it only dodges (the esquive is "un jet de
    /// Manœuvre en Physique").
    #[inline]
    pub fn defence_aspect(&self) -> Aspect {
        if self.conduct.strikes() {
            self.aspects.skill_aspect
        } else {
            Aspect::Physique
        }
    }

    /// TA of its attacks in the fight before fatigue: `ca + ba` less the handicap of its
    /// multiple actions ([`Conduct::attack_handicap`]).
    #[inline]
    pub fn fight_ta(&self, steps: &MultipleTable) -> i64 {
        self.ta() - self.conduct.attack_handicap(steps)
    }

    /// Its defence in the fight before fatigue: the total de parade, or the esquive when
    /// it only defends ([`Conduct::defence`]).
    #[inline]
    pub fn fight_tp(&self, fa: i64, steps: &MultipleTable) -> i64 {
        self.conduct.defence(self.tp(fa), fa, steps)
    }
}

/// A fighter in a fight: figures and the wounds taken so far. It borrows the figures,
/// which never change in a fight, so that a fight copies only the wound tracks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FighterState<'f> {
    /// The figures, as at the start.
    pub fighter: &'f Fighter,
    /// Wounds, fatigue and étourdi.
    pub wounds: WoundTrack,
}

impl<'f> FighterState<'f> {
    /// An unhurt fighter.
    pub fn new(fighter: &'f Fighter) -> Self {
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

    /// TA of the attack made now in a fight whose blows land on `hit` (its track is the
    /// one of that aspect): `ca + ba` less the handicap of the fighter's multiple actions
    /// ([`Fighter::fight_ta`]), and less the track's fatigue and pending étourdis when the
    /// weapon skill is of that aspect. The attack spends the étourdis either way
    /// (\[choice\]: "la prochaine action habituellement"; one of another aspect lowers it
    /// not).
    #[inline]
    pub fn fight_attack_total(&mut self, steps: &MultipleTable, hit: Aspect) -> i64 {
        let handicap = self.wounds.attack_handicap();
        let hampered = self.fighter.aspects.skill_aspect == hit;
        self.fighter.fight_ta(steps) - if hampered { handicap } else { 0 }
    }

    /// [`FighterState::parry_total`] with the fighter's conduct (its esquive when it only
    /// defends, [`Fighter::fight_tp`]) in a fight whose blows land on `hit`: the track's
    /// handicap counts when the defence is of that aspect ([`Fighter::defence_aspect`]).
    #[inline]
    pub fn fight_parry_total(
        &self,
        fa: i64,
        steps: &MultipleTable,
        scope: EtourdiScope,
        hit: Aspect,
    ) -> i64 {
        self.fighter.fight_tp(fa, steps) - self.defence_fatigue(scope, hit)
    }

    /// The handicap of the track (of the aspect `hit`) on the fighter's defence: its
    /// [`WoundTrack::defence_handicap`] when the defence is of that aspect, else none.
    #[inline]
    pub fn defence_fatigue(&self, scope: EtourdiScope, hit: Aspect) -> i64 {
        if self.fighter.defence_aspect() == hit {
            self.wounds.defence_handicap(scope)
        } else {
            0
        }
    }

    /// The track's fatigue on the fighter's attack, étourdis aside: its fatigue when the
    /// weapon skill is of the aspect `hit`, else none.
    #[inline]
    pub fn attack_fatigue(&self, hit: Aspect) -> i64 {
        if self.fighter.aspects.skill_aspect == hit {
            self.wounds.fatigue()
        } else {
            0
        }
    }

    /// The encaissement in the aspect `hit` now ("un jet de Résistance dans l'aspect
    /// affecté"), less the track's fatigue (and the pending étourdis under `scope`
    /// [`EtourdiScope::Aspect`]).
    #[inline]
    pub fn encaissement_in(&self, scope: EtourdiScope, hit: Aspect) -> i64 {
        let f = &self.fighter;
        f.aspects.enc_in(hit, f.enc).unwrap_or(f.enc) - self.wounds.defence_handicap(scope)
    }

    /// The bonus d'encaisse in the aspect `hit` ("son armure (physique, mentale ou
    /// mystique)").
    #[inline]
    pub fn be_in(&self, hit: Aspect) -> i64 {
        self.fighter.aspects.be_in(hit, self.fighter.be)
    }

    /// TP now: `ca + bp - fa` less fatigue (and the pending étourdis under `scope`
    /// [`EtourdiScope::Aspect`]).
    #[inline]
    pub fn parry_total(&self, fa: i64, scope: EtourdiScope) -> i64 {
        self.fighter.tp(fa) - self.wounds.defence_handicap(scope)
    }

    /// `enc` now, less fatigue (and the pending étourdis under `scope`
    /// [`EtourdiScope::Aspect`]).
    #[inline]
    pub fn encaissement(&self, scope: EtourdiScope) -> i64 {
        self.fighter.enc - self.wounds.defence_handicap(scope)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::config::Config;
    use crate::engine::resolve::parse_assignments;
    use crate::engine::{ParamSpec, ParamValues};
    use crate::systems::aube::damage::DamageResult;

    #[test]
    fn krom_and_bjorn_totals() {
        assert_eq!((Fighter::KROM.ta(), Fighter::KROM.tp(10)), (10, -4));
        assert_eq!((Fighter::BJORN.ta(), Fighter::BJORN.tp(10)), (10, 1));
    }

    #[test]
    fn fatigue_lowers_ta_tp_enc_and_etourdi_only_the_next_attack() {
        let mut s = FighterState::new(&Fighter::AVERAGE);
        s.wounds.take(DamageResult::Legere);
        s.wounds.take(DamageResult::Etourdi);
        let next = EtourdiScope::NextAttack;
        assert_eq!(s.parry_total(10, next), 2 - 3);
        assert_eq!(s.encaissement(next), 12 - 3);
        // Under the aspect reading the étourdi also lowers TP and enc until the attack.
        let aspect = EtourdiScope::Aspect;
        assert_eq!(s.parry_total(10, aspect), 2 - 3 - 1);
        assert_eq!(s.encaissement(aspect), 12 - 3 - 1);
        assert_eq!(s.attack_total(), 12 - 3 - 1);
        assert_eq!(s.attack_total(), 12 - 3);
        assert_eq!(s.parry_total(10, aspect), 2 - 3);
    }

    #[test]
    fn specs_are_prefixed_and_required() {
        let specs = Fighter::specs("a");
        let conduct = Conduct::specs("").len();
        assert_eq!(
            specs.len(),
            6 + conduct + TestOptions::specs("").len() + AspectFigures::specs("").len()
        );
        assert_eq!(specs[0].name, "a.ca");
        assert_eq!(specs[6].name, "a.stance");
        assert_eq!(specs[6 + conduct].name, "a.crit");
        assert!(specs[..6].iter().all(|s| s.default_value().is_none()));
        assert!(
            specs[6..]
                .iter()
                .all(|s| s.default_value().is_some() || s.optional)
        );
        let given = parse_assignments("t", &specs, &["a.ca=9".into(), "a.bd=20".into()])
            .expect("known names");
        let e = ParamValues::resolve("t", &specs, &given, crate::engine::Rosters::none())
            .expect_err("a.ba is missing");
        assert!(e.to_string().contains("a.ba"), "{e}");
        let names =
            |specs: Vec<ParamSpec>| -> Vec<String> { specs.into_iter().map(|s| s.name).collect() };
        assert_eq!(
            names(Attacker::specs("att"))[..4],
            ["att.ca", "att.ba", "att.bd", "att.crit"]
        );
        assert_eq!(
            names(Defender::specs("def"))[..5],
            ["def.ca", "def.bp", "def.enc", "def.be", "def.crit"]
        );
    }

    /// The attacker's and defender's parameters are the fighter's, word for word.
    #[test]
    fn partial_fighters_declare_the_fighters_fields() {
        let full = Fighter::specs("x");
        for part in [Attacker::specs("x"), Defender::specs("x")] {
            for spec in part {
                assert!(full.contains(&spec), "{spec:?}");
            }
        }
        let f = Fighter::KROM;
        assert_eq!((f.attacker().ta(), f.defender().tp(10)), (f.ta(), f.tp(10)));
    }
}
