//! A *surclassement* fighter (seed "les manœuvres de combat"): the CA of each manœuvre,
//! the weapon's three bonuses, `enc` and `be`; the rule switches shared by every
//! surclassement mechanic.
//!
//! The CAs are given either through the aspects (`ph`, `pu`, `ma`, `ex`, `bc`: MP = ph +
//! ma + bc, MA = ph + ex + bc, MD = ph + pu + bc) or directly (`ca_mp`, `ca_ma`, `ca_md`).
//! Those eight fields are optional parameters; `build` checks that exactly one form is
//! complete.

use crate::engine::{Choice, ParamSpec, ParamValues};
use crate::error::{Error, Result};

/// The three manœuvres.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Manoeuvre {
    /// *Manœuvre de parade* (MP): `E = °R + bp + 5`; winning only stops the other.
    Mp,
    /// *Manœuvre d'attaque* (MA), the feint: `E = °R + ba` (switch `ma_adds_ba`); winning
    /// gains the magnitude as feint points.
    Ma,
    /// *Manœuvre de dommage* (MD): `E = °R + bd - 5`; winning deals `dom = magnitude`.
    Md,
}

impl Choice for Manoeuvre {
    const NAMES: &'static [(&'static str, Self)] = &[
        ("mp", Manoeuvre::Mp),
        ("ma", Manoeuvre::Ma),
        ("md", Manoeuvre::Md),
    ];
}

impl Manoeuvre {
    /// The three, in the order MP, MA, MD (the order of every 3-array indexed by
    /// manœuvre).
    pub const ALL: [Manoeuvre; 3] = [Manoeuvre::Mp, Manoeuvre::Ma, Manoeuvre::Md];

    /// Position in [`Manoeuvre::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Switch `loser_subtracts`: what the winner's `E` loses when both succeed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoserSubtracts {
    /// The loser's raw `°R` (the default: the text says "le °R du vaincu est soustrait").
    Raw,
    /// The loser's modified degree `E`.
    Modified,
}

impl Choice for LoserSubtracts {
    const NAMES: &'static [(&'static str, Self)] = &[
        ("raw", LoserSubtracts::Raw),
        ("modified", LoserSubtracts::Modified),
    ];
}

/// The rule switches and global settings of surclassement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Switch `ma_adds_ba` (default on): MA adds the weapon's `ba` to `E`.
    pub ma_adds_ba: bool,
    /// Switch `loser_subtracts`.
    pub loser_subtracts: LoserSubtracts,
    /// Facteur de mortalité, subtracted from `enc` in the damage step.
    pub fm: i64,
}

impl Default for Rules {
    fn default() -> Self {
        Self {
            ma_adds_ba: true,
            loser_subtracts: LoserSubtracts::Raw,
            fm: 0,
        }
    }
}

impl Rules {
    /// The parameters of the switches.
    pub fn specs() -> Vec<ParamSpec> {
        vec![
            ParamSpec::int(
                "fm",
                "facteur de mortalité (subtracted from enc; higher is deadlier)",
                -50,
                50,
                Some(0),
            ),
            ParamSpec::bool(
                "ma_adds_ba",
                "the feint (MA) adds the weapon's ba to its degree",
                true,
            ),
            ParamSpec::choice(
                "loser_subtracts",
                "when both succeed the winner's E loses the loser's raw °R or modified E",
                Some(LoserSubtracts::Raw),
            ),
        ]
    }

    /// The switches read from `params`.
    pub fn from_params(params: &ParamValues) -> Self {
        Self {
            ma_adds_ba: params.bool("ma_adds_ba"),
            loser_subtracts: params.choice("loser_subtracts"),
            fm: params.int("fm"),
        }
    }
}

const ASPECTS: [&str; 5] = ["ph", "pu", "ma", "ex", "bc"];
const CAS: [&str; 3] = ["ca_mp", "ca_ma", "ca_md"];

/// One fighter: the CA of each manœuvre and the weapon and armour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fighter {
    /// CA of MP, MA, MD (indexed by [`Manoeuvre::index`]).
    pub ca: [i64; 3],
    /// Bonus d'attaque of the weapon (added to MA's degree).
    pub ba: i64,
    /// Bonus de parade (shield included; added to MP's degree, with +5).
    pub bp: i64,
    /// Bonus de dommage (added to MD's degree, with −5).
    pub bd: i64,
    /// Encaissement: CA of the resistance test.
    pub enc: i64,
    /// Bonus d'encaisse of the armour.
    pub be: i64,
}

impl Fighter {
    /// A fighter from the three CAs (MP, MA, MD) and the weapon and armour.
    pub fn new(ca: [i64; 3], [ba, bp, bd]: [i64; 3], enc: i64, be: i64) -> Self {
        Self {
            ca,
            ba,
            bp,
            bd,
            enc,
            be,
        }
    }

    /// A fighter from the aspects: MP = ph + ma + bc, MA = ph + ex + bc, MD = ph + pu + bc.
    pub fn from_aspects(
        [ph, pu, ma, ex, bc]: [i64; 5],
        weapon: [i64; 3],
        enc: i64,
        be: i64,
    ) -> Self {
        Self::new([ph + ma + bc, ph + ex + bc, ph + pu + bc], weapon, enc, be)
    }

    /// The CA of `m`.
    pub fn ca_of(&self, m: Manoeuvre) -> i64 {
        self.ca[m.index()]
    }

    /// What `m` adds to `°R` to make `E` (before feint points).
    pub fn bonus(&self, m: Manoeuvre, rules: &Rules) -> i64 {
        match m {
            Manoeuvre::Mp => self.bp + 5,
            Manoeuvre::Ma if rules.ma_adds_ba => self.ba,
            Manoeuvre::Ma => 0,
            Manoeuvre::Md => self.bd - 5,
        }
    }

    /// The parameters of one fighter, unprefixed (prefix them with `a` / `b`).
    pub fn specs() -> Vec<ParamSpec> {
        let mut specs = vec![
            ParamSpec::int(
                "ph",
                "Physique aspect (give ph, pu, ma, ex, bc, or the three CAs)",
                -200,
                200,
                None,
            )
            .optional(),
            ParamSpec::int("pu", "Puissance (moyen)", -200, 200, None).optional(),
            ParamSpec::int("ma", "Manœuvre (moyen)", -200, 200, None).optional(),
            ParamSpec::int("ex", "Expression (moyen)", -200, 200, None).optional(),
            ParamSpec::int(
                "bc",
                "bonus de compétence of the weapon skill",
                -200,
                200,
                None,
            )
            .optional(),
            ParamSpec::int(
                "ca_mp",
                "CA of the parry, MP (instead of the aspects)",
                -200,
                200,
                None,
            )
            .optional(),
            ParamSpec::int("ca_ma", "CA of the feint, MA", -200, 200, None).optional(),
            ParamSpec::int("ca_md", "CA of the damaging blow, MD", -200, 200, None).optional(),
        ];
        specs.extend([
            ParamSpec::int("ba", "weapon's bonus d'attaque", -100, 100, Some(0)),
            ParamSpec::int(
                "bp",
                "weapon's bonus de parade, shield included",
                -100,
                100,
                Some(0),
            ),
            ParamSpec::int("bd", "weapon's bonus de dommage", -100, 200, Some(0)),
            ParamSpec::int(
                "enc",
                "encaissement (Physique + Résistance)",
                -200,
                200,
                None,
            ),
            ParamSpec::int("be", "armour's bonus d'encaisse", -100, 100, Some(0)),
        ]);
        specs
    }

    /// The fighter `prefix` (`a` or `b`) read from `params`; exactly one of the two
    /// forms (aspects or CAs) must be complete.
    pub fn from_params(params: &ParamValues, prefix: &str) -> Result<Self> {
        let get = |name: &str| params.int(&format!("{prefix}.{name}"));
        let opt = |name: &str| params.opt_int(&format!("{prefix}.{name}"));
        let aspects = ASPECTS.map(opt);
        let cas = CAS.map(opt);
        // The `prefix.name`s of `names` whose value is given (`true`) or missing (`false`).
        let named = |names: &[&str], values: &[Option<i64>], is_given: bool| -> Vec<String> {
            names
                .iter()
                .zip(values)
                .filter(|(_, v)| v.is_some() == is_given)
                .map(|(n, _)| format!("{prefix}.{n}"))
                .collect()
        };
        let given = |names: &[&str], values: &[Option<i64>]| named(names, values, true);
        let (some_aspects, some_cas) = (given(&ASPECTS, &aspects), given(&CAS, &cas));
        let weapon = [get("ba"), get("bp"), get("bd")];
        let (enc, be) = (get("enc"), get("be"));
        // An error naming what the form `names` lacks, if it lacks anything.
        let complete = |names: &[&str], values: &[Option<i64>], form: &str| -> Result<()> {
            let lacking = named(names, values, false);
            match lacking.first() {
                None => Ok(()),
                Some(first) => Err(Error::value(
                    first,
                    format!(
                        "fighter {prefix} is given by {form} but lacks {}",
                        lacking.join(", ")
                    ),
                )),
            }
        };
        let field = format!("{prefix}.ph");
        match (some_aspects.is_empty(), some_cas.is_empty()) {
            (false, false) => Err(Error::value(
                field,
                format!(
                    "fighter {prefix} is given both forms ({} and {}); give either the aspects \
                     ph, pu, ma, ex, bc or the three CAs ca_mp, ca_ma, ca_md",
                    some_aspects.join(", "),
                    some_cas.join(", ")
                ),
            )),
            (true, true) => Err(Error::value(
                field,
                format!(
                    "fighter {prefix} has no CAs; give either the aspects {prefix}.ph, \
                     {prefix}.pu, {prefix}.ma, {prefix}.ex, {prefix}.bc or the three CAs \
                     {prefix}.ca_mp, {prefix}.ca_ma, {prefix}.ca_md"
                ),
            )),
            (false, true) => {
                complete(&ASPECTS, &aspects, "aspects")?;
                let aspects = aspects.map(Option::unwrap_or_default);
                Ok(Self::from_aspects(aspects, weapon, enc, be))
            }
            (true, false) => {
                complete(&CAS, &cas, "CAs")?;
                Ok(Self::new(
                    cas.map(Option::unwrap_or_default),
                    weapon,
                    enc,
                    be,
                ))
            }
        }
    }
}

/// The parameters of fighters `a` and `b`.
pub fn both_fighters_specs() -> Vec<ParamSpec> {
    ["a", "b"]
        .iter()
        .flat_map(|p| Fighter::specs().into_iter().map(move |s| s.prefixed(p)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolve(given: &[(&str, i64)]) -> Result<Fighter> {
        let specs = both_fighters_specs();
        let given: Vec<(String, crate::engine::Value)> = given
            .iter()
            .map(|(n, v)| (n.to_string(), crate::engine::Value::Int(*v)))
            .chain([("b.enc".into(), crate::engine::Value::Int(10))])
            .collect();
        let values = ParamValues::resolve("test", &specs, &given)?;
        Fighter::from_params(&values, "a")
    }

    #[test]
    fn cas_from_aspects_or_direct() {
        let f = resolve(&[
            ("a.ph", 7),
            ("a.pu", 6),
            ("a.ma", 4),
            ("a.ex", 5),
            ("a.bc", -5),
            ("a.bd", 20),
            ("a.enc", 13),
        ])
        .unwrap();
        assert_eq!(f.ca, [6, 7, 8]);
        assert_eq!((f.bd, f.enc, f.be), (20, 13, 0));
        let g = resolve(&[
            ("a.ca_mp", 9),
            ("a.ca_ma", 8),
            ("a.ca_md", 10),
            ("a.enc", 11),
        ])
        .unwrap();
        assert_eq!(g.ca, [9, 8, 10]);
    }

    #[test]
    fn both_forms_neither_or_half_are_errors() {
        let both = resolve(&[("a.ph", 7), ("a.ca_mp", 9), ("a.enc", 11)])
            .unwrap_err()
            .to_string();
        assert!(both.contains("both forms"), "{both}");
        let neither = resolve(&[("a.enc", 11)]).unwrap_err().to_string();
        assert!(neither.contains("no CAs"), "{neither}");
        let half = resolve(&[("a.ph", 7), ("a.pu", 6), ("a.enc", 11)])
            .unwrap_err()
            .to_string();
        assert!(half.contains("lacks a.ma, a.ex, a.bc"), "{half}");
        let half_ca = resolve(&[("a.ca_md", 7), ("a.enc", 11)])
            .unwrap_err()
            .to_string();
        assert!(half_ca.contains("lacks a.ca_mp, a.ca_ma"), "{half_ca}");
        // Out of range is still an error.
        assert!(resolve(&[("a.ph", -1000), ("a.enc", 11)]).is_err());
    }

    #[test]
    fn bonuses_of_each_manoeuvre() {
        let f = Fighter::new([9, 9, 9], [1, -3, 20], 13, 3);
        let on = Rules::default();
        let off = Rules {
            ma_adds_ba: false,
            ..on
        };
        assert_eq!(f.bonus(Manoeuvre::Mp, &on), 2);
        assert_eq!(f.bonus(Manoeuvre::Ma, &on), 1);
        assert_eq!(f.bonus(Manoeuvre::Ma, &off), 0);
        assert_eq!(f.bonus(Manoeuvre::Md, &on), 15);
        assert_eq!(Manoeuvre::from_name("md"), Some(Manoeuvre::Md));
        assert_eq!(Manoeuvre::from_name("mx"), None);
    }
}
