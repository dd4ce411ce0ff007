//! The wound track and fatigue of one fighter (seed chapter 3, "les blessures", "la
//! fatigue", Tableau 3.1; the `aube` page → *Damage (encaissement) and the damage
//! table* and *Classic combat*): the state a fighter carries from blow to blow in a duel
//! (and in *surclassement*).
//!
//! Terms: *blessure légère / grave / critique* (light / serious / critical wound), *fatale*
//! (fatal: the fighter is out); *points de fatigue* (PF, fatigue points: each is −1 on every
//! CA of the Physique aspect: TA, TP and `enc`); *sonné* (dazed: 1 PF, no wound);
//! *étourdi* (stunned: −1 to the next action only).
//!
//! Rules and the choices this module makes where the system's page is silent:
//! - the track holds 4 légères, 2 graves, 1 critique (the `[wounds]` table of
//!   [`AubeTables`]); a wound that finds its boxes full moves up one grade, and again if
//!   that grade is full too (légère → grave → critique → fatale);
//! - \[choice\] a wound that moved up inflicts the PF of the grade it is recorded at (a
//!   légère recorded as grave gives 5 PF, not 3); switch [`OverflowFatigue`] (`duel`'s
//!   `overflow_fatigue`) gives it the PF of the result as rolled instead;
//! - \[choice\] Tableau 3.1 gives étourdi 0 PF, but Ex. 3.1 counts "2 légères and an
//!   étourdi" as 2×3+1 = 7 PF: the table is the default; the duel's switch
//!   `etourdi_fatigue` follows the example (through [`WoundTrack::add_fatigue`]);
//! - \[choice\] étourdis received before the fighter's next attack add up (two give −2), and
//!   all are spent by that attack;
//! - \[choice\] the text gives étourdi "-1 dans cet aspect pour les prochaines secondes (la
//!   prochaine action habituellement)": by default ([`EtourdiScope::NextAttack`]) it lowers
//!   only the fighter's next attack; the duel's switch `etourdi=aspect`
//!   ([`EtourdiScope::Aspect`]) lowers every Physique CA (TA, TP, `enc`) until that attack;
//! - between fights (`aube.gauntlet`) fatigue points come back at 1 per 10 minutes, never
//!   below the [`WoundTrack::recovery_floor`] of the wounds held, and pending étourdis are
//!   gone.

use super::damage::DamageResult;
use super::tables::{AubeTables, RecoveryTable};

crate::choice! {
    /// When a fighter counts as out of the fight: the first wound of this grade or worse.
    ///
    /// - `legere`: out at the first blessure légère or worse.
    /// - `grave`: out at the first blessure grave or worse.
    /// - `critique`: out at the first blessure critique or worse.
    /// - `fatale`: out only when fatally wounded (the default of the rules).
    #[derive(PartialOrd, Ord, Hash)]
    pub enum OutAt { Legere = "legere", Grave = "grave", Critique = "critique", Fatale = "fatale" }
}

impl OutAt {
    /// The least damage result that puts the fighter out.
    pub fn threshold(self) -> DamageResult {
        match self {
            OutAt::Legere => DamageResult::Legere,
            OutAt::Grave => DamageResult::Grave,
            OutAt::Critique => DamageResult::Critique,
            OutAt::Fatale => DamageResult::Fatale,
        }
    }
}

crate::choice! {
    /// What a pending étourdi lowers (see the module's \[choice\]).
    ///
    /// - `next_attack`: the fighter's next attack only (the default).
    /// - `aspect`: every Physique CA (TA, TP, `enc`) until the fighter's next attack.
    #[derive(Hash)]
    pub enum EtourdiScope { NextAttack = "next_attack", Aspect = "aspect" }
}

crate::choice! {
    /// Which fatigue points a wound that moved up a grade inflicts.
    ///
    /// - `recorded`: those of the grade it is recorded at (the default).
    /// - `rolled`: those of the result as rolled.
    #[derive(Hash)]
    pub enum OverflowFatigue { Recorded = "recorded", Rolled = "rolled" }
}

/// One fighter's wounds, fatigue points and pending étourdi (a small `Copy` value, cheap
/// to keep per fighter in a hot loop).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct WoundTrack {
    legere: u8,
    grave: u8,
    critique: u8,
    fatale: bool,
    fatigue: i32,
    stun: i32,
}

impl WoundTrack {
    /// An unhurt fighter.
    pub const fn new() -> Self {
        Self {
            legere: 0,
            grave: 0,
            critique: 0,
            fatale: false,
            fatigue: 0,
            stun: 0,
        }
    }

    /// Applies one damage result under the official tables and returns what was
    /// recorded: the same result, or a higher grade for a wound that found its boxes
    /// full. `None` changes nothing; `Etourdi` adds −1 to the next attack; `Sonne` adds 1
    /// PF; wounds fill a box and add the PF of the grade recorded.
    #[inline]
    pub fn take(&mut self, result: DamageResult) -> DamageResult {
        self.take_with(result, OverflowFatigue::Recorded, &AubeTables::OFFICIAL)
    }

    /// [`WoundTrack::take`] under `tables` (boxes and fatigue points), with the fatigue
    /// of a wound that moved up chosen by `overflow`. An étourdi's PF (0 in the text) come
    /// with its −1.
    #[inline]
    pub fn take_with(
        &mut self,
        result: DamageResult,
        overflow: OverflowFatigue,
        tables: &AubeTables,
    ) -> DamageResult {
        let boxes = &tables.wounds;
        let recorded = match result {
            DamageResult::None => return result,
            DamageResult::Etourdi => {
                self.stun += 1;
                self.fatigue += tables.fatigue.etourdi as i32;
                return result;
            }
            DamageResult::Sonne => result,
            DamageResult::Legere if (self.legere as i64) < boxes.legere => {
                self.legere += 1;
                result
            }
            DamageResult::Legere | DamageResult::Grave if (self.grave as i64) < boxes.grave => {
                self.grave += 1;
                DamageResult::Grave
            }
            DamageResult::Legere | DamageResult::Grave | DamageResult::Critique
                if (self.critique as i64) < boxes.critique =>
            {
                self.critique += 1;
                DamageResult::Critique
            }
            _ => {
                self.fatale = true;
                DamageResult::Fatale
            }
        };
        let pf = match overflow {
            OverflowFatigue::Recorded => tables.fatigue.points(recorded),
            OverflowFatigue::Rolled => tables.fatigue.points(result),
        };
        self.fatigue += pf as i32;
        recorded
    }

    /// The whole track in 32 bits, for the states of the exact fights (a state is hashed,
    /// compared and stored at every round it is in play, which is most of their work):
    /// légères in bits 0 to 2, graves in 3 and 4, the first critique in bit 5, a fatale in
    /// bit 6, the pending étourdis in bits 7 to 9, the fatigue points in bits 10 to 30 and
    /// a second critique box in bit 31 (so the official tracks, of at most one critique,
    /// pack as they always did). Lossless for the tracks a fight makes under tables of at
    /// most 7 légères, 3 graves and 3 critiques: a fighter spends its étourdis at each
    /// attack (it never holds more than two), and it takes at most one hit a round of at
    /// most 100 PF, so within the 500 rounds of an exact fight its fatigue stays far
    /// below 2^21. [`WoundTrack::unpack`] undoes it.
    #[inline]
    pub fn pack(&self) -> u32 {
        debug_assert!((0..8).contains(&self.stun), "{self:?}");
        debug_assert!((0..1 << 21).contains(&self.fatigue), "{self:?}");
        self.legere as u32
            | (self.grave as u32) << 3
            | (self.critique as u32 & 1) << 5
            | (self.fatale as u32) << 6
            | (self.stun as u32 & 7) << 7
            | (self.fatigue as u32) << 10
            | (self.critique as u32 >> 1) << 31
    }

    /// The track [`WoundTrack::pack`] packed.
    #[inline]
    pub fn unpack(word: u32) -> Self {
        Self {
            legere: (word & 7) as u8,
            grave: (word >> 3 & 3) as u8,
            critique: (word >> 5 & 1 | word >> 31 << 1) as u8,
            fatale: word >> 6 & 1 == 1,
            stun: (word >> 7 & 7) as i32,
            fatigue: ((word >> 10) & ((1 << 21) - 1)) as i32,
        }
    }

    /// Lowers the fatigue points to `cap` when above it, and forgets the pending étourdis
    /// when `stun_counts` is false: for the exact fights, which merge the tracks that play
    /// the same from now on (past `cap`, more fatigue changes nothing).
    pub fn saturate(&mut self, cap: i64, stun_counts: bool) {
        if self.fatigue as i64 > cap {
            self.fatigue = cap as i32;
        }
        if !stun_counts {
            self.stun = 0;
        }
    }

    /// Adds `points` fatigue points without a wound (a rule variant's extra PF).
    #[inline]
    pub fn add_fatigue(&mut self, points: i64) {
        self.fatigue += points as i32;
    }

    /// The fatigue points that rest cannot take away while the wounds are not healed:
    /// the sum of the recovery limits of Tableau 3.1 (`limits`) over the recorded wounds.
    pub fn recovery_floor(&self, limits: &RecoveryTable) -> i64 {
        [
            DamageResult::Legere,
            DamageResult::Grave,
            DamageResult::Critique,
            DamageResult::Fatale,
        ]
        .iter()
        .map(|&g| self.count(g) as i64 * limits.limit(g))
        .sum()
    }

    /// Fatigue points: the handicap on every Physique CA (TA, TP, `enc`).
    #[inline]
    pub fn fatigue(&self) -> i64 {
        self.fatigue as i64
    }

    /// Étourdis pending: the extra handicap on the next attack only.
    #[inline]
    pub fn stun(&self) -> i64 {
        self.stun as i64
    }

    /// The handicap on the fighter's parry and encaissement now: fatigue, and the pending
    /// étourdis when they lower the whole aspect.
    #[inline]
    pub fn defence_handicap(&self, scope: EtourdiScope) -> i64 {
        match scope {
            EtourdiScope::NextAttack => self.fatigue as i64,
            EtourdiScope::Aspect => (self.fatigue + self.stun) as i64,
        }
    }

    /// Rest between fights: `points` fatigue points come back, never below the
    /// [`WoundTrack::recovery_floor`] of `limits` (and never up to it when already
    /// below); pending étourdis are gone.
    pub fn recover(&mut self, points: i64, limits: &RecoveryTable) {
        let floor = self.recovery_floor(limits);
        let now = self.fatigue as i64;
        if now > floor {
            self.fatigue = (now - points).max(floor) as i32;
        }
        self.stun = 0;
    }

    /// The handicap of the attack the fighter makes now (fatigue plus pending étourdis),
    /// spending the étourdis.
    #[inline]
    pub fn attack_handicap(&mut self) -> i64 {
        let h = self.fatigue + self.stun;
        self.stun = 0;
        h as i64
    }

    /// How many wounds of `grade` are recorded (`Legere`, `Grave`, `Critique`: 0 to the
    /// boxes of that grade; `Fatale`: 0 or 1; other results: 0).
    pub fn count(&self, grade: DamageResult) -> u8 {
        match grade {
            DamageResult::Legere => self.legere,
            DamageResult::Grave => self.grave,
            DamageResult::Critique => self.critique,
            DamageResult::Fatale => self.fatale as u8,
            _ => 0,
        }
    }

    /// Every wound recorded (légères, graves, critiques and a fatale).
    #[inline]
    pub fn wounds(&self) -> u8 {
        self.legere + self.grave + self.critique + self.fatale as u8
    }

    /// The worst wound recorded (`None` when unwounded; sonné and étourdi leave no wound).
    #[inline]
    pub fn worst(&self) -> DamageResult {
        if self.fatale {
            DamageResult::Fatale
        } else if self.critique > 0 {
            DamageResult::Critique
        } else if self.grave > 0 {
            DamageResult::Grave
        } else if self.legere > 0 {
            DamageResult::Legere
        } else {
            DamageResult::None
        }
    }

    /// Whether the fighter is out of the fight under `out_at`. A fatale always puts out.
    #[inline]
    pub fn is_out(&self, out_at: OutAt) -> bool {
        self.worst() >= out_at.threshold()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Choice;
    use DamageResult as R;

    const OFFICIAL: AubeTables = AubeTables::OFFICIAL;

    /// A fresh track after taking `results`, in order.
    fn after(results: &[R]) -> WoundTrack {
        let mut t = WoundTrack::new();
        for &r in results {
            t.take(r);
        }
        t
    }

    #[test]
    fn unhurt_fighter() {
        let t = WoundTrack::new();
        assert_eq!(t, WoundTrack::default());
        assert_eq!((t.fatigue(), t.stun(), t.wounds()), (0, 0, 0));
        assert_eq!(t.worst(), R::None);
        for out_at in [OutAt::Legere, OutAt::Grave, OutAt::Critique, OutAt::Fatale] {
            assert!(!t.is_out(out_at));
        }
    }

    #[test]
    fn each_result_gives_its_fatigue_points() {
        for r in R::ALL {
            let mut t = WoundTrack::new();
            assert_eq!(t.take(r), r);
            assert_eq!(t.fatigue(), OFFICIAL.fatigue.points(r), "{r:?}");
        }
    }

    #[test]
    fn none_and_etourdi_leave_no_wound_sonne_one_pf() {
        let mut t = WoundTrack::new();
        t.take(R::None);
        assert_eq!(t, WoundTrack::new());
        t.take(R::Sonne);
        t.take(R::Sonne);
        assert_eq!((t.fatigue(), t.wounds()), (2, 0));
        assert_eq!(t.worst(), R::None);
    }

    #[test]
    fn etourdi_lowers_only_the_next_attack_and_stacks() {
        let mut t = after(&[R::Sonne, R::Etourdi, R::Etourdi]);
        assert_eq!(t.stun(), 2);
        assert_eq!(t.attack_handicap(), 1 + 2);
        assert_eq!(t.attack_handicap(), 1);
        assert_eq!(t.fatigue(), 1);
    }

    #[test]
    fn track_capacity_and_overflow_moves_up_a_grade() {
        let mut t = WoundTrack::new();
        for _ in 0..4 {
            assert_eq!(t.take(R::Legere), R::Legere);
        }
        assert_eq!(t.count(R::Legere), 4);
        // The fifth and sixth légères become graves, the seventh a critique, the eighth
        // is fatal.
        assert_eq!(t.take(R::Legere), R::Grave);
        assert_eq!(t.take(R::Legere), R::Grave);
        assert_eq!(t.take(R::Legere), R::Critique);
        assert!(!t.is_out(OutAt::Fatale));
        assert!(t.is_out(OutAt::Critique));
        assert_eq!(t.take(R::Legere), R::Fatale);
        assert!(t.is_out(OutAt::Fatale));
        assert_eq!(
            (
                t.count(R::Legere),
                t.count(R::Grave),
                t.count(R::Critique),
                t.count(R::Fatale)
            ),
            (4, 2, 1, 1)
        );
        assert_eq!(t.fatigue(), 4 * 3 + 2 * 5 + 10 + 20);
        assert_eq!(t.wounds(), 8);
    }

    /// Ex. 3.1: two blessures légères and an étourdi; 2×3+1 = 7 PF in the example (6 by
    /// the table), and 2 PF stay after rest until the légères are healed.
    #[test]
    fn ex_3_1_wounds_and_fatigue() {
        let mut t = after(&[R::Legere, R::Legere, R::Etourdi]);
        assert_eq!(t.fatigue(), 6);
        t.add_fatigue(1);
        assert_eq!(t.fatigue(), 7);
        assert_eq!(t.recovery_floor(&OFFICIAL.recovery), 2);
    }

    #[test]
    fn overflow_fatigue_switch() {
        let mut recorded = WoundTrack::new();
        let mut rolled = WoundTrack::new();
        for _ in 0..5 {
            recorded.take_with(R::Legere, OverflowFatigue::Recorded, &OFFICIAL);
            rolled.take_with(R::Legere, OverflowFatigue::Rolled, &OFFICIAL);
        }
        assert_eq!(recorded.fatigue(), 4 * 3 + 5);
        assert_eq!(rolled.fatigue(), 5 * 3);
        assert_eq!(rolled.count(R::Grave), 1);
    }

    #[test]
    fn grave_overflow_skips_full_grades() {
        let mut t = after(&[R::Grave, R::Grave]);
        assert_eq!(t.take(R::Grave), R::Critique);
        assert_eq!(t.take(R::Critique), R::Fatale);
        assert_eq!(after(&[R::Critique]).take(R::Critique), R::Fatale);
        // A légère with graves full but légères free stays a légère.
        assert_eq!(after(&[R::Grave, R::Grave]).take(R::Legere), R::Legere);
    }

    #[test]
    fn out_at_thresholds() {
        let cases = [
            (R::Sonne, [false, false, false, false]),
            (R::Legere, [true, false, false, false]),
            (R::Grave, [true, true, false, false]),
            (R::Critique, [true, true, true, false]),
            (R::Fatale, [true, true, true, true]),
        ];
        for (r, outs) in cases {
            let t = after(&[r]);
            for (out_at, out) in [OutAt::Legere, OutAt::Grave, OutAt::Critique, OutAt::Fatale]
                .into_iter()
                .zip(outs)
            {
                assert_eq!(t.is_out(out_at), out, "{r:?} at {out_at:?}");
            }
        }
    }

    /// Ex. 3.1 after rest: the 7 PF of two légères and an étourdi come back to the floor
    /// of 2 after 50 minutes (5 points) and stay there.
    #[test]
    fn rest_recovers_down_to_the_floor() {
        let mut t = after(&[R::Legere, R::Legere, R::Etourdi]);
        t.add_fatigue(1);
        t.recover(3, &OFFICIAL.recovery);
        assert_eq!((t.fatigue(), t.stun()), (4, 0));
        t.recover(5, &OFFICIAL.recovery);
        assert_eq!(t.fatigue(), 2);
        t.recover(100, &OFFICIAL.recovery);
        assert_eq!(t.fatigue(), 2);
        // A grave and two sonnés: 7 PF, floor 3.
        let mut g = after(&[R::Grave, R::Sonne, R::Sonne]);
        g.recover(1, &OFFICIAL.recovery);
        assert_eq!(g.fatigue(), 6);
        g.recover(10, &OFFICIAL.recovery);
        assert_eq!(g.fatigue(), 3);
        // An unhurt fighter has nothing to recover.
        let mut u = WoundTrack::new();
        u.recover(4, &OFFICIAL.recovery);
        assert_eq!(u, WoundTrack::new());
    }

    #[test]
    fn etourdi_scope_reaches_the_defence_only_for_the_aspect() {
        let mut t = after(&[R::Sonne, R::Etourdi]);
        assert_eq!(t.defence_handicap(EtourdiScope::NextAttack), 1);
        assert_eq!(t.defence_handicap(EtourdiScope::Aspect), 2);
        assert_eq!(t.attack_handicap(), 2);
        assert_eq!(t.defence_handicap(EtourdiScope::Aspect), 1);
        assert_eq!(
            EtourdiScope::from_name("aspect"),
            Some(EtourdiScope::Aspect)
        );
    }

    #[test]
    fn pack_round_trips() {
        let mut t = WoundTrack::new();
        assert_eq!(WoundTrack::unpack(t.pack()), t);
        for r in [
            R::Legere,
            R::Etourdi,
            R::Grave,
            R::Sonne,
            R::Etourdi,
            R::Critique,
        ] {
            t.take(r);
            assert_eq!(WoundTrack::unpack(t.pack()), t);
        }
        for _ in 0..4 {
            t.take(R::Legere);
        }
        t.take(R::Critique);
        t.add_fatigue(700_000);
        assert_eq!(WoundTrack::unpack(t.pack()), t);
        assert_ne!(t.pack(), WoundTrack::new().pack());
    }

    /// House tables: 2 légères, 1 grave, 3 critiques; légère 2 PF, critique 8; recovery 2
    /// per légère. Six légères: 2 légères, the third a grave, then three critiques.
    #[test]
    fn house_tables_change_the_boxes_the_fatigue_and_the_floor() {
        let mut house = OFFICIAL;
        house.wounds.legere = 2;
        house.wounds.grave = 1;
        house.wounds.critique = 3;
        house.fatigue.legere = 2;
        house.fatigue.critique = 8;
        house.recovery.legere = 2;
        let mut t = WoundTrack::new();
        let recorded: Vec<R> = (0..7)
            .map(|_| t.take_with(R::Legere, OverflowFatigue::Recorded, &house))
            .collect();
        assert_eq!(
            recorded,
            [
                R::Legere,
                R::Legere,
                R::Grave,
                R::Critique,
                R::Critique,
                R::Critique,
                R::Fatale
            ]
        );
        assert_eq!(t.fatigue(), 2 * 2 + 5 + 3 * 8 + 20);
        assert_eq!(t.recovery_floor(&house.recovery), 2 * 2 + 3 + 3 * 5 + 10);
        // Three critiques and a fatale pack and unpack (the third critique box uses bit 31).
        assert_eq!(WoundTrack::unpack(t.pack()), t);
        assert_eq!(t.count(R::Critique), 3);
    }

    #[test]
    fn out_at_names() {
        assert_eq!(OutAt::from_name("legere"), Some(OutAt::Legere));
        assert_eq!(OutAt::from_name("fatale"), Some(OutAt::Fatale));
        assert_eq!(OutAt::Critique.name(), "critique");
        assert_eq!(OutAt::from_name("mort"), None);
    }
}
