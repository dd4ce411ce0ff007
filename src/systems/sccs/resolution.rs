//! The rule steps every `sccs` mechanic shares (seed section 3, "Le Moteur de Résolution";
//! the `sccs` page): the attack and protection scores, the comparison, the tension
//! counter and the erosion of a defender attacked several times in a round.
//!
//! Pure functions and one small piece of state ([`Counter`]); the mechanics call them in
//! their hot loops.

use super::tables::{ModifierTable, SccsTables};
use super::tension_die::TensionDie;
use crate::engine::Dice;

crate::choice! {
    /// The three ways of casting (*l'Incantation Libre*); plain weapon attacks are focused.
    ///
    /// - `focused`: *Mode focalisé*: `type + cible` against `défense + résistance` (the
    ///   default).
    /// - `general`: *Mode général*: `type` alone, against the weakest of the three zones
    ///   (`défense + min(résistance tête, tronc, membres)`).
    /// - `intuitive`: *Mode intuitif*: `cible` alone.
    pub enum Mode { Focused = "focused", General = "general", Intuitive = "intuitive" }
}

/// The result of comparing an attack with a protection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Comparison {
    /// *Supériorité*, `A > P`: immediate impact.
    Impact,
    /// *Infériorité*, `A < P`: the attack is countered.
    Countered,
    /// *Égalité*, `A == P`: the tension test (a D6 counter).
    Tie,
}

/// Compares attack `a` with protection `p`.
#[inline(always)]
pub fn compare(a: i64, p: i64) -> Comparison {
    match a.cmp(&p) {
        std::cmp::Ordering::Greater => Comparison::Impact,
        std::cmp::Ordering::Less => Comparison::Countered,
        std::cmp::Ordering::Equal => Comparison::Tie,
    }
}

/// One exchange as declared: the attacker's scores and situation, the defender's scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exchange {
    /// The attacker's `type` score.
    pub type_score: i64,
    /// The attacker's `cible` score.
    pub cible: i64,
    /// *Avantage tactique* (+1).
    pub advantage: bool,
    /// Number of targets or actions this turn, `n` (−(n−1) on each).
    pub targets: i64,
    /// Focused, general or intuitive.
    pub mode: Mode,
    /// The defender's `défense` against this type.
    pub defense: i64,
    /// The defender's `résistance` of the zone aimed at (focused and intuitive modes).
    pub resistance: i64,
    /// The defender's `résistance` of head, trunk and limbs (general mode).
    pub zones: [i64; 3],
    /// Switch `intuitive_vs_resistance`: in intuitive mode the protection is the
    /// résistance alone (there is no type to parry) **\[choice\]**; off by default, the
    /// protection stays `défense + résistance`.
    pub intuitive_vs_resistance: bool,
    /// Switch `general_vs_strongest`: in general mode the protection is the défense plus
    /// the *strongest* of the three zones **\[choice\]**; off by default, the weakest (a
    /// spell on the whole body gets through where the body is least protected).
    pub general_vs_strongest: bool,
    /// The modifiers in force (the advantage's +1, −1 per extra target).
    pub modifiers: ModifierTable,
}

impl Exchange {
    /// Focused attack `type + cible` against `défense + résistance`, no modifier.
    pub fn new(type_score: i64, cible: i64, defense: i64, resistance: i64) -> Self {
        Self {
            type_score,
            cible,
            advantage: false,
            targets: 1,
            mode: Mode::Focused,
            defense,
            resistance,
            zones: [resistance; 3],
            intuitive_vs_resistance: false,
            general_vs_strongest: false,
            modifiers: SccsTables::OFFICIAL.modifiers,
        }
    }

    /// The attack score `A` after the mode and the modifiers.
    pub fn attack(&self) -> i64 {
        let base = match self.mode {
            Mode::Focused => self.type_score + self.cible,
            Mode::General => self.type_score,
            Mode::Intuitive => self.cible,
        };
        let m = &self.modifiers;
        base + i64::from(self.advantage) * m.advantage - (self.targets - 1) * m.extra_target
    }

    /// The protection score `P` (general mode: the weakest zone, or the strongest with
    /// `general_vs_strongest`).
    pub fn protection(&self) -> i64 {
        let zones = self.zones.iter().copied();
        match self.mode {
            Mode::Focused => self.defense + self.resistance,
            Mode::General if self.general_vs_strongest => self.defense + zones.max().unwrap_or(0),
            Mode::General => self.defense + zones.min().unwrap_or(0),
            Mode::Intuitive if self.intuitive_vs_resistance => self.resistance,
            Mode::Intuitive => self.defense + self.resistance,
        }
    }

    /// The comparison of this exchange.
    pub fn compare(&self) -> Comparison {
        compare(self.attack(), self.protection())
    }
}

crate::config! {
    /// The tension switch, shared by every mechanic that rolls a counter.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct TieParams {
        /// [choice] the tying exchange counts as the first repetition: impact on exchange
        /// c, not c + 1
        tension_counts_tie: bool = switch(default = false),
        /// the rule tables (tension die, erosion, modifiers, spells): `alea rules sccs`
        tables: SccsTables = rules(),
    }
}

/// Exchanges from the tying exchange (exchange 1) to the impact, for a counter `c`, when
/// the attacker perseveres: `c + 1`, or `c` with the switch `tension_counts_tie`.
#[inline(always)]
pub fn exchanges_to_impact(c: u32, counts_tie: bool) -> u32 {
    if counts_tie { c } else { c + 1 }
}

/// A *compteur de tension*: one actor's count of repetitions still needed for an impact.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Counter {
    /// Repetitions left until the impact; 0 when no counter runs.
    remaining: u8,
}

impl Counter {
    /// True while a counter runs.
    pub fn running(&self) -> bool {
        self.remaining > 0
    }

    /// Repetitions left (0 when no counter runs).
    pub fn remaining(&self) -> u32 {
        u32::from(self.remaining)
    }

    /// Records one tying exchange of the same action: with no counter running, a die of
    /// `sides` faces (a D6 in the text) sets it (and, with `counts_tie`, this exchange
    /// already counts as the first repetition); with a counter running, this is a
    /// repetition and the counter drops by 1. Returns true when the counter reaches 0: the
    /// impact.
    #[inline(always)]
    pub fn tie<D: Dice>(&mut self, dice: &mut D, die: TensionDie, counts_tie: bool) -> bool {
        self.tie_with(|| die.roll(dice), counts_tie)
    }

    /// [`Counter::tie`] with the die given as a function, called only when a new counter
    /// starts.
    #[inline(always)]
    pub fn tie_with(&mut self, d6: impl FnOnce() -> u32, counts_tie: bool) -> bool {
        if self.remaining == 0 {
            self.remaining = d6() as u8;
            if !counts_tie {
                return false;
            }
        }
        self.remaining -= 1;
        self.remaining == 0
    }

    /// Drops the counter (the actor changed type or cible, or landed its impact); a new
    /// test starts at the next tie.
    #[inline(always)]
    pub fn drop_counter(&mut self) {
        self.remaining = 0;
    }
}

/// What becomes of one attack received in a round of melee.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Received {
    /// The attack lands.
    Impact,
    /// The attack is countered.
    Countered,
    /// A tie: the attacker's tension counter moves.
    Tie,
    /// The floor stopped an impact and the armour took it: it loses 1 durability.
    Absorbed,
}

/// An attack received this round, of score `a`, against the defender's protection `p`
/// before erosion (already without the armour's résistance if the armour lost it);
/// `armour_cover` is the largest deficit the armour absorbs (0 when it has no durability
/// left, [`ANY_DEFICIT`] when it absorbs whatever the deficit); `erosion` is what erosion
/// takes off this attack: `(k − 1) × step` for the `k`-th attack of the round (`step` 1 in
/// the text; 0 without erosion).
///
/// Erosion lowers `p` by `erosion`, but never below `a`. When that floor is what stops an
/// impact (`p − erosion < a <= p`), the armour absorbs the attack if it covers the deficit
/// `a − (p − erosion)`; otherwise, with `floor_ties` (switch `floor_tie_without_armour`, on by default),
/// the floor gives a tie **\[choice\]** (the system's page), and without it nothing holds the
/// erosion back: an impact.
#[inline(always)]
pub fn receive(a: i64, p: i64, erosion: i64, armour_cover: i64, floor_ties: bool) -> Received {
    let eroded = p - erosion;
    if a > p {
        Received::Impact
    } else if eroded >= a {
        match compare(a, eroded) {
            Comparison::Countered => Received::Countered,
            _ => Received::Tie,
        }
    } else if a - eroded <= armour_cover {
        Received::Absorbed
    } else if floor_ties {
        Received::Tie
    } else {
        Received::Impact
    }
}

/// The `armour_cover` of an armour that absorbs whatever the deficit ([`receive`]).
pub const ANY_DEFICIT: i64 = i64::MAX;

/// A defender's protection as a fight wears it: `défense + résistance` (armour included,
/// plus any manœuvre défensive), less the armour's résistance once its durability is
/// spent (unless switch `spent_armour_protects`), less `wound_malus` per impact taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Guard {
    /// The full protection at the start.
    pub protection: i64,
    /// The part of it the armour gives.
    pub armour_res: i64,
    /// Protection lost per impact taken.
    pub wound_malus: i64,
    /// Switch `spent_armour_protects`.
    pub spent_armour_protects: bool,
}

impl Guard {
    /// The protection before erosion with `durability` left and `impacts` taken.
    #[inline(always)]
    pub fn now(&self, durability: u32, impacts: u32) -> i64 {
        let armour_lost = durability == 0 && !self.spent_armour_protects;
        self.protection
            - if armour_lost { self.armour_res } else { 0 }
            - self.wound_malus * i64::from(impacts)
    }
}

/// The switches that settle one received attack: `tension_counts_tie`,
/// `floor_tie_without_armour` and `armour_covers_deficit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Receiving {
    /// Switch `tension_counts_tie`.
    pub counts_tie: bool,
    /// Switch `floor_tie_without_armour`.
    pub floor_ties: bool,
    /// Switch `armour_covers_deficit` **\[choice\]**: the armour absorbs an attack only
    /// when its résistance covers the deficit (*le bonus de Résistance de l'armure permet
    /// de maintenir une Égalité*); off by default, it absorbs whatever the deficit.
    pub covers_deficit: bool,
}

impl Receiving {
    /// One attack of score `a` received against protection `p`, of which erosion takes
    /// `erosion` ([`receive`]), by a defender whose armour gives `armour_res` of the
    /// résistance: an absorbed attack costs the defender's armour 1 `durability`, a
    /// tie moves the attacker's `counter` (`d6` is called only when a counter starts).
    /// Returns true on an impact, after which the attacker's counter is dropped (a new
    /// test at its next tie).
    #[inline(always)]
    pub fn land(
        self,
        a: i64,
        (p, armour_res): (i64, i64),
        erosion: i64,
        durability: &mut u32,
        counter: &mut Counter,
        d6: impl FnOnce() -> u32,
    ) -> bool {
        let cover = match (*durability > 0, self.covers_deficit) {
            (false, _) => 0,
            (true, true) => armour_res,
            (true, false) => ANY_DEFICIT,
        };
        let hit = match receive(a, p, erosion, cover, self.floor_ties) {
            Received::Impact => true,
            Received::Countered => false,
            Received::Tie => counter.tie_with(d6, self.counts_tie),
            Received::Absorbed => {
                *durability -= 1;
                false
            }
        };
        if hit {
            counter.drop_counter();
        }
        hit
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::replay;

    #[test]
    fn superiority_inferiority_tie() {
        // Attaque Directe au Tronc: type 3 + cible 2 = 5.
        assert_eq!(Exchange::new(3, 2, 2, 2).compare(), Comparison::Impact);
        assert_eq!(Exchange::new(3, 2, 3, 3).compare(), Comparison::Countered);
        assert_eq!(Exchange::new(3, 2, 3, 2).compare(), Comparison::Tie);
    }

    #[test]
    fn advantage_and_several_targets() {
        let base = Exchange::new(3, 2, 3, 3);
        let adv = Exchange {
            advantage: true,
            ..base
        };
        assert_eq!(adv.attack(), 6);
        assert_eq!(adv.compare(), Comparison::Tie);
        // Zone spell on 3 targets: -2 on each resolution.
        let zone = Exchange { targets: 3, ..base };
        assert_eq!(zone.attack(), 3);
    }

    #[test]
    fn modes() {
        let general = Exchange {
            mode: Mode::General,
            zones: [4, 1, 3],
            ..Exchange::new(4, 9, 2, 9)
        };
        // Type alone (4) against défense + the weakest zone (2 + 1).
        assert_eq!((general.attack(), general.protection()), (4, 3));
        assert_eq!(general.compare(), Comparison::Impact);
        let intuitive = Exchange {
            mode: Mode::Intuitive,
            ..Exchange::new(9, 3, 2, 1)
        };
        assert_eq!((intuitive.attack(), intuitive.protection()), (3, 3));
        let switched = Exchange {
            intuitive_vs_resistance: true,
            ..intuitive
        };
        assert_eq!(switched.protection(), 1);
        // Switch general_vs_strongest: défense 2 + the strongest zone 4.
        let strongest = Exchange {
            general_vs_strongest: true,
            ..general
        };
        assert_eq!(
            (strongest.protection(), strongest.compare()),
            (6, Comparison::Countered)
        );
    }

    #[test]
    fn counter_repetition_until_impact() {
        // D6 shows 3: the impact comes on the 3rd repetition after the tie (exchange 4).
        let mut c = Counter::default();
        let hits: Vec<bool> = replay(&[3], |dice| {
            (0..4)
                .map(|_| c.tie(dice, TensionDie::official(6), false))
                .collect()
        });
        assert_eq!(hits, [false, false, false, true]);
        assert!(!c.running());
        assert_eq!(exchanges_to_impact(3, false), 4);
    }

    #[test]
    fn counter_counting_the_tie() {
        let mut c = Counter::default();
        let hits: Vec<bool> = replay(&[3, 1], |dice| {
            (0..4)
                .map(|_| c.tie(dice, TensionDie::official(6), true))
                .collect()
        });
        // A 3: impact on the third exchange; then a 1 with the tie counted: impact on the
        // tying exchange itself.
        assert_eq!(hits, [false, false, true, true]);
        assert_eq!(exchanges_to_impact(3, true), 3);
    }

    #[test]
    fn changing_drops_the_counter() {
        let mut c = Counter::default();
        replay(&[2, 5], |dice| {
            assert!(!c.tie(dice, TensionDie::official(6), false));
            assert!(!c.tie(dice, TensionDie::official(6), false));
            assert_eq!(c.remaining(), 1);
            c.drop_counter();
            // A new test at the next tie: a new D6 (5).
            assert!(!c.tie(dice, TensionDie::official(6), false));
        });
        assert_eq!(c.remaining(), 5);
    }

    #[test]
    fn erosion_by_rank() {
        // Protection 6: the 1st attack at full protection, then -1, -2, -3.
        assert_eq!(receive(5, 6, 0, ANY_DEFICIT, true), Received::Countered);
        assert_eq!(receive(5, 6, 1, ANY_DEFICIT, true), Received::Tie); // 6 - 1 = 5
        assert_eq!(receive(4, 6, 2, ANY_DEFICIT, true), Received::Tie); // 6 - 2 = 4
        assert_eq!(receive(3, 6, 3, ANY_DEFICIT, true), Received::Tie); // 6 - 3 = 3
        assert_eq!(receive(2, 6, 3, ANY_DEFICIT, true), Received::Countered);
    }

    #[test]
    fn floor_at_the_attack_and_the_armour() {
        // 4th attacker at 5 against 6: eroded to 3, floored at 5: the armour absorbs.
        assert_eq!(receive(5, 6, 3, ANY_DEFICIT, true), Received::Absorbed);
        // Without durability left the floor gives a tie.
        assert_eq!(receive(5, 6, 3, 0, true), Received::Tie);
        // The switch floor_tie_without_armour off: nothing holds the erosion, an impact.
        assert_eq!(receive(5, 6, 3, 0, false), Received::Impact);
        // ... but the armour still absorbs while it has durability.
        assert_eq!(receive(5, 6, 3, ANY_DEFICIT, false), Received::Absorbed);
        // A tie without erosion stays a tie, but the 2nd attack at a tie is floored.
        assert_eq!(receive(6, 6, 0, ANY_DEFICIT, true), Received::Tie);
        assert_eq!(receive(6, 6, 1, ANY_DEFICIT, true), Received::Absorbed);
        // Superiority is untouched by the floor.
        assert_eq!(receive(7, 6, 2, ANY_DEFICIT, true), Received::Impact);
        // Without erosion every attack meets the full protection (rank 1).
        assert_eq!(receive(5, 6, 0, 0, false), Received::Countered);
    }

    #[test]
    fn an_armour_that_covers_only_its_bonus() {
        // Switch armour_covers_deficit: an armour of résistance 1 absorbs a deficit of 1
        // (6 against 6 eroded to 5) but not of 2 (eroded to 4): the floor gives a tie.
        assert_eq!(receive(6, 6, 1, 1, true), Received::Absorbed);
        assert_eq!(receive(6, 6, 2, 1, true), Received::Tie);
        assert_eq!(receive(6, 6, 2, 1, false), Received::Impact);
        assert_eq!(receive(6, 6, 2, 2, true), Received::Absorbed);
        let covering = Receiving {
            counts_tie: false,
            floor_ties: true,
            covers_deficit: true,
        };
        let (mut durability, mut counter) = (3, Counter::default());
        let hit = covering.land(6, (6, 1), 2, &mut durability, &mut counter, || 4);
        assert!(!hit && durability == 3 && counter.remaining() == 4);
        let any = Receiving {
            covers_deficit: false,
            ..covering
        };
        let mut counter = Counter::default();
        assert!(!any.land(6, (6, 1), 2, &mut durability, &mut counter, || 4));
        assert!(durability == 2 && !counter.running());
    }

    /// Erosion step 2: the 2nd attack meets 6 - 2 = 4, the 3rd 6 - 4 = 2 (floored at
    /// the attack); a d4 counter takes 2.5 repetitions on average after the tie.
    #[test]
    fn house_erosion_step_and_tension_die() {
        assert_eq!(receive(4, 6, 2, ANY_DEFICIT, true), Received::Tie);
        assert_eq!(receive(3, 6, 2, ANY_DEFICIT, true), Received::Countered);
        assert_eq!(receive(3, 6, 4, ANY_DEFICIT, true), Received::Absorbed);
        assert!((exchanges_to_impact_dist(4, false).mean() - 3.5).abs() < 1e-12);
        let house = ModifierTable {
            advantage: 2,
            extra_target: 2,
        };
        let e = Exchange {
            advantage: true,
            targets: 3,
            modifiers: house,
            ..Exchange::new(3, 2, 3, 3)
        };
        assert_eq!(e.attack(), 5 + 2 - 4);
    }

    /// The exact distribution of [`exchanges_to_impact`] for a counter set by a die of
    /// `sides` faces, enumerated.
    fn exchanges_to_impact_dist(sides: u32, counts_tie: bool) -> crate::engine::Dist<i64> {
        crate::engine::enumerate(|d| exchanges_to_impact(d.die(sides), counts_tie) as i64)
            .expect("one die")
    }

    #[test]
    fn exact_exchanges_to_impact() {
        let d = exchanges_to_impact_dist(6, false);
        assert!((d.mean() - 4.5).abs() < 1e-12);
        assert!((exchanges_to_impact_dist(6, true).mean() - 3.5).abs() < 1e-12);
    }
}
