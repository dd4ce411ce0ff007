//! Non-lethal damage (seed chapter 3, *Récupération et blessures non mortelles*; the
//! `aube` page → *Non-lethal damage*): fists, exhaustion, the backlash of a dépassement.
//!
//! "Il est possible aussi de provoquer des dégâts non mortels en imposant un jet
//! d'encaissement normal mais en ne comptant que les points de fatigue obtenus": the blow
//! is read on Tableau 3.1 as usual, and only its fatigue points count (sonné 1, légère 3,
//! grave 5, critique 10, fatale 20; no wound, no étourdi).
//!
//! "Un GC peut aussi imposer une blessure si le nombre de points de fatigue dépasse 10. Le
//! niveau de gravité augmente alors pour chaque tranche de 10 points de fatigue obtenu
//! d'un coup au-dessus de 10" (the GC's option, `nonlethal=wounds`): a blow that leaves the
//! fatigue counter above 10 imposes a blessure légère, one grade higher for each whole 10
//! points the blow itself gave above 10 (20 at once: a grave).
//!
//! \[choice\] The counter passes 10 on a blow, and every later blow that gives fatigue
//! points while it is still above 10 imposes a wound too; switch `nonlethal_wound_once`:
//! only the blow that takes it past 10 does.
//!
//! In a fight ([`FistRules`], the switches `nonlethal` and `knockout` of `aube.duel` and
//! `aube.melee`) every blow counts so, and \[choice\] a fighter is knocked out when its
//! fatigue points reach `knockout` (default 20, what a fatal blow gives); the GC's wound
//! goes on the track as any wound, \[choice\] with no fatigue of its own unless
//! `nonlethal=wounds_fatigue` (or `wounds_once_fatigue`).

use super::damage::DamageResult;
use super::tables::FatigueTable;
use crate::error::{Error, Result};

crate::choice! {
    /// How a blow's damage counts.
    ///
    /// - `off`: a normal, lethal blow (the default).
    /// - `fatigue`: non-lethal: only its fatigue points count.
    /// - `wounds`: non-lethal, with the GC's wound when the fatigue passes 10.
    #[derive(Hash)]
    pub enum NonlethalMode { Off = "off", Fatigue = "fatigue", Wounds = "wounds" }
}

/// The fatigue count a non-lethal blow must leave above for the GC's wound: 10.
pub const WOUND_ABOVE: i64 = 10;

/// The default `knockout`: the fatigue points of a fatal blow on Tableau 3.1.
pub const KNOCKOUT: i64 = 20;

crate::choice! {
    /// How the blows of a fight count (`nonlethal` of `aube.duel` and `aube.melee`): one
    /// choice, so that a fight's header names one word for them.
    ///
    /// - `off`: lethal blows (the default).
    /// - `fatigue`: fists: only each blow's fatigue points count.
    /// - `wounds`: and the GC's wound once the count passes 10, by every blow that gives
    ///   fatigue above 10.
    /// - `wounds_once`: the same, only by the blow that takes the count past 10.
    /// - `wounds_fatigue`: `wounds`, the GC's wound adding its own fatigue points.
    /// - `wounds_once_fatigue`: `wounds_once`, the GC's wound adding its own fatigue points.
    #[derive(Hash)]
    pub enum FistMode {
        Off = "off", Fatigue = "fatigue", Wounds = "wounds", WoundsOnce = "wounds_once",
        WoundsFatigue = "wounds_fatigue", WoundsOnceFatigue = "wounds_once_fatigue"
    }
}

crate::config! {
    /// Non-lethal blows in a fight, a fist fight (`nonlethal` and `knockout` of
    /// `aube.duel` and `aube.melee`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct FistRules {
        /// [choice] how every blow counts: off (lethal), fatigue (fists: only its fatigue points), wounds (and the GC's wound past 10 PF, by every blow above 10), wounds_once (only by the blow that passes 10); _fatigue: the GC's wound adds its own PF
        nonlethal: FistMode = choice(default = FistMode::Off),
        /// [choice] fatigue points at which a fighter of a fist fight is knocked out (not given: 20, what a fatal blow gives)
        knockout: Option<i64> = int(1..=200, optional),
    }
}

impl FistRules {
    /// The fight's blows are lethal, as without the options.
    pub const OFF: FistRules = FistRules {
        nonlethal: FistMode::Off,
        knockout: None,
    };

    /// Whether the blows are non-lethal.
    #[inline]
    pub fn is_on(&self) -> bool {
        self.nonlethal != FistMode::Off
    }

    /// The fatigue points that knock a fighter out ([`KNOCKOUT`] unless given).
    pub fn knockout(&self) -> i64 {
        self.knockout.unwrap_or(KNOCKOUT)
    }

    /// Whether the GC's wound adds its own fatigue points.
    pub fn gc_wound_fatigue(&self) -> bool {
        matches!(
            self.nonlethal,
            FistMode::WoundsFatigue | FistMode::WoundsOnceFatigue
        )
    }

    /// One clear error when a fist fight's option is given to a lethal fight.
    pub fn check(&self) -> Result<()> {
        if !self.is_on() && self.knockout.is_some() {
            return Err(Error::value(
                "knockout",
                "knocks out in a fist fight; give nonlethal=fatigue, wounds...",
            ));
        }
        Ok(())
    }

    /// What a blow does to a fighter holding `held` fatigue points.
    #[inline]
    pub fn blow(&self, held: i64, fatigue: FatigueTable) -> Nonlethal {
        use FistMode::*;
        Nonlethal {
            wounds: !matches!(self.nonlethal, Off | Fatigue),
            held,
            once: matches!(self.nonlethal, WoundsOnce | WoundsOnceFatigue),
            fatigue,
        }
    }
}

/// A non-lethal blow: what it adds and what the GC imposes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Nonlethal {
    /// The GC's wounds are imposed (`nonlethal=wounds`).
    pub wounds: bool,
    /// Fatigue points held before the blow.
    pub held: i64,
    /// Switch `nonlethal_wound_once`: only the blow that takes the count past 10 imposes
    /// a wound.
    pub once: bool,
    /// The fatigue points of each result (Tableau 3.1).
    pub fatigue: FatigueTable,
}

/// What a non-lethal blow does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NonlethalEffect {
    /// Fatigue points gained.
    pub fatigue: i64,
    /// The wound the GC imposes, if any (légère or worse).
    pub wound: Option<DamageResult>,
}

impl Nonlethal {
    /// What a blow read as `result` on Tableau 3.1 does when only its fatigue counts.
    pub fn effect(&self, result: DamageResult) -> NonlethalEffect {
        let gained = self.fatigue.points(result);
        let after = self.held + gained;
        let crosses = self.held <= WOUND_ABOVE || !self.once;
        let wound = (self.wounds && gained > 0 && after > WOUND_ABOVE && crosses).then(|| {
            let slices = ((gained - WOUND_ABOVE).max(0) / 10) as usize;
            let grade = (DamageResult::Legere.index() + slices).min(DamageResult::Fatale.index());
            DamageResult::ALL[grade]
        });
        NonlethalEffect {
            fatigue: gained,
            wound,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Model;
    use crate::engine::model::replay_one;
    use crate::systems::aube::DAMAGE;
    use crate::systems::aube::tables::AubeTables;
    use crate::systems::test_support::{
        assert_mechanic_agrees, assert_rejected, close, exact_value, expect_model,
    };

    /// The exact value of the metric `name` of `aube.damage <words>`.
    fn damage(words: &str, name: &str) -> f64 {
        let model = expect_model(&DAMAGE, words);
        let id = model.layout().metric_id(name);
        exact_value(&model, id.unwrap_or_else(|| panic!("{words}: no {name}")))
    }

    fn blow(wounds: bool, held: i64, once: bool) -> Nonlethal {
        Nonlethal {
            wounds,
            held,
            once,
            fatigue: AubeTables::OFFICIAL.fatigue,
        }
    }

    #[test]
    fn only_the_fatigue_points_count() {
        let fists = blow(false, 0, false);
        for (result, pf) in [
            (DamageResult::None, 0),
            (DamageResult::Etourdi, 0),
            (DamageResult::Sonne, 1),
            (DamageResult::Legere, 3),
            (DamageResult::Grave, 5),
            (DamageResult::Critique, 10),
            (DamageResult::Fatale, 20),
        ] {
            let effect = fists.effect(result);
            assert_eq!((effect.fatigue, effect.wound), (pf, None), "{result:?}");
        }
        // Without the GC's option, even 20 points at once above 10 held wound nobody.
        assert_eq!(
            blow(false, 15, false).effect(DamageResult::Fatale).wound,
            None
        );
    }

    #[test]
    fn the_gc_imposes_a_wound_past_10() {
        // 10 at once from 0: the count is 10, not above: no wound; from 1 it is 11.
        assert_eq!(
            blow(true, 0, false).effect(DamageResult::Critique).wound,
            None
        );
        assert_eq!(
            blow(true, 1, false).effect(DamageResult::Critique).wound,
            Some(DamageResult::Legere)
        );
        // 20 at once (a fatale read): 10 above 10, one grade up: a grave.
        assert_eq!(
            blow(true, 0, false).effect(DamageResult::Fatale).wound,
            Some(DamageResult::Grave)
        );
        // 8 held and a légère's 3: 11, a légère.
        assert_eq!(
            blow(true, 8, false).effect(DamageResult::Legere).wound,
            Some(DamageResult::Legere)
        );
        // A blow with no fatigue imposes nothing, however tired.
        assert_eq!(
            blow(true, 30, false).effect(DamageResult::Etourdi).wound,
            None
        );
    }

    #[test]
    fn once_past_10_only_the_crossing_blow_wounds() {
        // 12 held, a sonné: every blow above 10 wounds by default, not with the switch.
        assert_eq!(
            blow(true, 12, false).effect(DamageResult::Sonne).wound,
            Some(DamageResult::Legere)
        );
        assert_eq!(blow(true, 12, true).effect(DamageResult::Sonne).wound, None);
        // From 10 held the blow still crosses.
        assert_eq!(
            blow(true, 10, true).effect(DamageResult::Sonne).wound,
            Some(DamageResult::Legere)
        );
    }

    #[test]
    fn a_non_lethal_blow_by_hand() {
        // dom 30 against enc 10: the test succeeds on d 1..10 with °R d, effective 30 - d:
        // a légère (20) on the 10, a grave (21..29) on 1..9; a failure leaves 30, a grave.
        // Légère 1/20 (3 PF), grave 19/20 (5 PF): 0.05 x 3 + 0.95 x 5 = 4.9 points.
        let fists = "dom=30 enc=10 nonlethal=fatigue";
        assert!(close(damage(fists, "mean_fatigue_points"), 4.9));
        assert!(close(damage(fists, "grave"), 0.95));
        // With the GC's wounds: from 0 held, 3 or 5 points never pass 10; from 6 the grave
        // does (11), not the légère (9); from 8 both do.
        let gc = "dom=30 enc=10 nonlethal=wounds";
        assert!(close(damage(gc, "gc_wound"), 0.0));
        assert!(close(damage(&format!("{gc} fatigue=6"), "gc_wound"), 0.95));
        assert!(close(damage(&format!("{gc} fatigue=8"), "gc_wound"), 1.0));
        // From 12 held, only the crossing blow wounds with the switch.
        let once = format!("{gc} fatigue=12 nonlethal_wound_once=true");
        assert!(close(damage(&once, "gc_wound"), 0.0));
        assert!(close(damage(&format!("{gc} fatigue=12"), "gc_wound"), 1.0));
        // dom 60: a fatale whatever the dice, 20 points at once: a grave (grade 4).
        let heavy = "dom=60 enc=10 nonlethal=wounds";
        assert!(close(damage(heavy, "mean_fatigue_points"), 20.0));
        assert!(close(damage(heavy, "gc_wound"), 1.0));
        let model = expect_model(&DAMAGE, heavy);
        let grade = model.layout().histogram_index("gc_wound_grade");
        assert!(grade.is_some());
        let (outcome, _) = replay_one(&model, &[5]);
        assert_eq!(outcome.result, DamageResult::Fatale);
    }

    #[test]
    fn non_lethal_words_need_a_non_lethal_blow() {
        assert_rejected(
            &DAMAGE,
            &[
                "dom=30 enc=10 fatigue=3",
                "dom=30 enc=10 nonlethal_wound_once=true",
                "dom=30 enc=10 nonlethal=maybe",
                "dom=30 enc=10 nonlethal=fatigue fatigue=-1",
            ],
        );
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        assert_mechanic_agrees(
            &DAMAGE,
            &[
                "dom=30 enc=10 nonlethal=fatigue",
                "dom=35 enc=12 nonlethal=wounds fatigue=6",
                "dom=45 enc=8 be=3 nonlethal=wounds fatigue=12 nonlethal_wound_once=true",
            ],
            3,
        );
    }
}
