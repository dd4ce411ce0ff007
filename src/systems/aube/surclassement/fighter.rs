//! A *surclassement* fighter (seed "les manœuvres de combat"): the CA of each manœuvre,
//! the weapon's three bonuses, `enc` and `be`; the rule switches shared by every
//! surclassement mechanic.
//!
//! The CAs are given either through the aspects (`ph`, `pu`, `ma`, `ex`, `bc`: MP = ph +
//! ma + bc, MA = ph + ex + bc, MD = ph + pu + bc) or directly (`ca_mp`, `ca_ma`, `ca_md`).
//! Those eight fields are optional parameters; [`Fighter::from_config`] checks that exactly
//! one form is complete.

use crate::engine::StepRule;
use crate::engine::config::key;
use crate::error::{Error, Result};
use crate::systems::aube::resolution::TEST_DIE;
use crate::systems::aube::tables::AubeTables;

crate::choice! {
    /// The three manœuvres.
    ///
    /// - `mp`: *Manœuvre de parade* (MP): `E = °R + bp + 5`; winning only stops the other.
    /// - `ma`: *Manœuvre d'attaque* (MA), the feint: `E = °R + ba` (switch `ma_adds_ba`);
    ///   winning gains the magnitude as feint points.
    /// - `md`: *Manœuvre de dommage* (MD): `E = °R + bd - 5`; winning deals `dom =
    ///   magnitude`.
    #[derive(PartialOrd, Ord, Hash)]
    pub enum Manoeuvre { Mp = "mp", Ma = "ma", Md = "md" }
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

crate::choice! {
    /// Switch `loser_subtracts`: what the winner's `E` loses when both succeed.
    ///
    /// - `raw`: the loser's raw `°R` (the default: the text says "le °R du vaincu est
    ///   soustrait").
    /// - `modified`: the loser's modified degree `E`.
    #[derive(Hash)]
    pub enum LoserSubtracts { Raw = "raw", Modified = "modified" }
}

crate::config! {
    /// The rule switches and global settings of surclassement (the parameters `fm`,
    /// `ma_adds_ba`, `loser_subtracts` of every surclassement mechanic).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct Rules {
        /// facteur de mortalité (subtracted from enc; higher is deadlier)
        fm: i64 = int(-50..=50, default = 0),
        /// the feint (MA) adds the weapon's ba to its degree
        ma_adds_ba: bool = switch(default = true),
        /// when both succeed the winner's E loses the loser's raw °R or modified E
        loser_subtracts: LoserSubtracts = choice(default = LoserSubtracts::Raw),
        /// the rule tables (Tableau 3.1, the wound track...): `alea rules aube`
        tables: AubeTables = rules(),
        /// the d20 of the tests: surclassement plays the official one only
        die: StepRule = house_step(&TEST_DIE),
    }
}

impl Default for Rules {
    fn default() -> Self {
        Self {
            fm: 0,
            ma_adds_ba: true,
            loser_subtracts: LoserSubtracts::Raw,
            tables: AubeTables::OFFICIAL,
            die: StepRule::OFFICIAL,
        }
    }
}

crate::config! {
    /// One fighter as given (`a.*` or `b.*`): the CAs by the aspects or directly (optional
    /// fields, one form complete), the weapon and the armour.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
    pub struct FighterParams {
        /// Physique aspect (give ph, pu, ma, ex, bc, or the three CAs)
        ph: Option<i64> = int(-200..=200, optional),
        /// Puissance (moyen)
        pu: Option<i64> = int(-200..=200, optional),
        /// Manœuvre (moyen)
        ma: Option<i64> = int(-200..=200, optional),
        /// Expression (moyen)
        ex: Option<i64> = int(-200..=200, optional),
        /// bonus de compétence of the weapon skill
        bc: Option<i64> = int(-200..=200, optional),
        /// CA of the parry, MP (instead of the aspects)
        ca_mp: Option<i64> = int(-200..=200, optional),
        /// CA of the feint, MA
        ca_ma: Option<i64> = int(-200..=200, optional),
        /// CA of the damaging blow, MD
        ca_md: Option<i64> = int(-200..=200, optional),
        /// weapon's bonus d'attaque
        ba: i64 = int(-100..=100, default = 0),
        /// weapon's bonus de parade, shield included
        bp: i64 = int(-100..=100, default = 0),
        /// weapon's bonus de dommage
        bd: i64 = int(-100..=200, default = 0),
        /// encaissement (Physique + Résistance)
        enc: i64 = int(-200..=200),
        /// armour's bonus d'encaisse
        be: i64 = int(-100..=100, default = 0),
    }
}

crate::config! {
    /// Both fighters and the switches: the parameters every surclassement mechanic starts
    /// with.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct FightersParams {
        /// fighter A
        a: FighterParams = group("a"),
        /// fighter B
        b: FighterParams = group("b"),
        /// the switches
        rules: Rules = flatten(),
    }
}

impl FightersParams {
    /// Fighters A and B, each checked by [`Fighter::from_config`], and the switches.
    pub fn fighters(&self) -> Result<([Fighter; 2], Rules)> {
        if let Some(step) = self.rules.die.replacement() {
            return Err(Error::value(
                "rules",
                format!(
                    "surclassement plays the official d20 of a test; the house test_die of {} is played by the other aube mechanics (aube.test, aube.attack, aube.duel...)",
                    step.source()
                ),
            ));
        }
        if let Some(step) = self.rules.tables.blow_effect().replacement() {
            return Err(Error::value(
                "rules",
                format!(
                    "surclassement reads its blows as the text does; the house blow_effect of {} is played by the other aube mechanics (aube.damage, aube.attack, aube.duel...)",
                    step.source()
                ),
            ));
        }
        let a = Fighter::from_config("a", &self.a)?;
        let b = Fighter::from_config("b", &self.b)?;
        Ok(([a, b], self.rules))
    }
}

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

    /// Fighter `side` (`a` or `b`, to name its parameters in errors) from its parameters:
    /// exactly one of the two forms (aspects or CAs) must be given, and completely.
    pub fn from_config(side: &str, p: &FighterParams) -> Result<Self> {
        let aspects = [
            ("ph", p.ph),
            ("pu", p.pu),
            ("ma", p.ma),
            ("ex", p.ex),
            ("bc", p.bc),
        ];
        let cas = [("ca_mp", p.ca_mp), ("ca_ma", p.ca_ma), ("ca_md", p.ca_md)];
        // The `side.name`s of `form` whose value is given (`true`) or missing (`false`).
        let named = |form: &[(&str, Option<i64>)], is_given: bool| -> Vec<String> {
            form.iter()
                .filter(|(_, v)| v.is_some() == is_given)
                .map(|(n, _)| key(side, n))
                .collect()
        };
        let (some_aspects, some_cas) = (named(&aspects, true), named(&cas, true));
        // An error naming what `form` lacks, if it lacks anything.
        let complete = |form: &[(&str, Option<i64>)], form_name: &str| -> Result<()> {
            let lacking = named(form, false);
            match lacking.first() {
                None => Ok(()),
                Some(first) => Err(Error::value(
                    first,
                    format!(
                        "fighter {side} is given by {form_name} but lacks {}",
                        lacking.join(", ")
                    ),
                )),
            }
        };
        let weapon = [p.ba, p.bp, p.bd];
        let field = key(side, "ph");
        match (some_aspects.is_empty(), some_cas.is_empty()) {
            (false, false) => Err(Error::value(
                field,
                format!(
                    "fighter {side} is given both forms ({} and {}); give either the aspects \
                     ph, pu, ma, ex, bc or the three CAs ca_mp, ca_ma, ca_md",
                    some_aspects.join(", "),
                    some_cas.join(", ")
                ),
            )),
            (true, true) => Err(Error::value(
                field,
                format!(
                    "fighter {side} has no CAs; give either the aspects {side}.ph, \
                     {side}.pu, {side}.ma, {side}.ex, {side}.bc or the three CAs \
                     {side}.ca_mp, {side}.ca_ma, {side}.ca_md"
                ),
            )),
            (false, true) => {
                complete(&aspects, "aspects")?;
                let aspects = aspects.map(|(_, v)| v.unwrap_or_default());
                Ok(Self::from_aspects(aspects, weapon, p.enc, p.be))
            }
            (true, false) => {
                complete(&cas, "CAs")?;
                let cas = cas.map(|(_, v)| v.unwrap_or_default());
                Ok(Self::new(cas, weapon, p.enc, p.be))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Choice;
    use crate::engine::config::read_config;
    use crate::systems::aube::SURCLASSEMENT_OPTIMAL as OPTIMAL;

    /// Fighter `a` from `given` (and `b.enc=10`, to make a complete parameter set), read
    /// as `aube.surclassement.optimal` reads its parameters (both fighters and the rules).
    fn resolve(given: &[(&str, i64)]) -> Result<Fighter> {
        let words: Vec<String> = given.iter().map(|(n, v)| format!("{n}={v}")).collect();
        let values = OPTIMAL.values(&format!("{} b.enc=10", words.join(" ")))?;
        let p: FightersParams = read_config(&values)?;
        Fighter::from_config("a", &p.a)
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
        assert!(both.contains("both forms (a.ph and a.ca_mp)"), "{both}");
        let neither = resolve(&[("a.enc", 11)]).unwrap_err().to_string();
        assert!(neither.contains("fighter a has no CAs"), "{neither}");
        let half = resolve(&[("a.ph", 7), ("a.pu", 6), ("a.enc", 11)])
            .unwrap_err()
            .to_string();
        assert!(half.contains("lacks a.ma, a.ex, a.bc"), "{half}");
        let half_ca = resolve(&[("a.ca_md", 7), ("a.enc", 11)])
            .unwrap_err()
            .to_string();
        assert!(half_ca.contains("lacks a.ca_mp, a.ca_ma"), "{half_ca}");
        // Fighter b is checked under its own names.
        let b = FightersParams {
            a: FighterParams {
                ca_mp: Some(9),
                ca_ma: Some(9),
                ca_md: Some(9),
                ..FighterParams::default()
            },
            b: FighterParams {
                ph: Some(7),
                ..FighterParams::default()
            },
            rules: Rules::default(),
        }
        .fighters()
        .unwrap_err()
        .to_string();
        assert!(b.contains("lacks b.pu, b.ma, b.ex, b.bc"), "{b}");
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
