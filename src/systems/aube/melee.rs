//! A group fight of classic combat (seed chapter 4, "le combat": "chacun attaque à son
//! tour"; the `aube` page → *Classic combat*), and the `aube.melee` mechanic: two sides
//! of named fighters (`side_a=krom,bjorn side_b=average*3`; `alea roster aube`) fight
//! until one side is out.
//!
//! A round is one attack by every fighter still standing: the side with the initiative
//! first (`initiative`: a, b, or random, drawn each round), each of its fighters in the
//! order listed, then the other side; a fighter put out before its turn does not strike.
//! Each attack is the duel's ([`Bout`]): the attacker's TA against the defender's TP, the
//! damage step, the wound on the defender's track, fatigue and étourdis as in `aube.duel`.
//! A side is out when all its fighters are; the fight is a draw after `max_rounds`, or at
//! once when no fighter standing can hit any foe standing any more (as the duel, it then
//! counts `max_rounds`).
//!
//! **\[choice\]** The text says nothing of whom a fighter attacks among several foes: the
//! switches `target_a` and `target_b` ([`Target`]), one per side; `focus` takes the foe
//! standing with the most fatigue points (wounds count theirs), the first listed on a
//! tie. A fighter attacked by several
//! foes parries each attack with its full TP: the text's parry is not an action, so the
//! rule of multiple actions does not touch it.
//!
//! Exact values: one fighter against one is `aube.duel` attack for attack (the tests check
//! it fight for fight on the same dice), so it takes the duel's exact values
//! ([`super::duel_exact`]); larger fights are Monte Carlo only.

use super::aspect::Aspect;
use super::attack::Factors;
use super::bout::{Bout, Initiative};
use super::duel::{DuelFight, DuelModel, DuelOutcome, Winner, WoundRules, duel_outcome};
use super::duel_end::DuelEndParams;
use super::duel_exact::{FightEnd, exact_is_tried};
use super::fighter::{Fighter, FighterState};
use super::nonlethal::FistRules;
use crate::engine::fight::FightMetrics;
use crate::engine::fight_outcome::{ExactBudget, FightModel, FightOutcome};
use crate::engine::{Dice, FromConfig, HistId, Layout, MetricId, Party, Recorder};
use crate::error::Result;
pub use crate::systems::target::Target;
use std::borrow::Cow;

/// Most fighters on a side.
pub const MAX_SIDE: usize = 20;

crate::config! {
    /// The parameters of `aube.melee`.
    #[derive(Debug, Clone, PartialEq)]
    pub struct MeleeParams {
        /// side A: roster names with counts, like krom,bjorn
        side_a: Party<Fighter> = side(len = 1..=MAX_SIDE),
        /// side B: roster names with counts, like average*3
        side_b: Party<Fighter> = side(len = 1..=MAX_SIDE),
        /// `fa`, `fm` and `armour`
        factors: Factors = flatten(),
        /// which side attacks first each round: a, b, random (drawn each round)
        initiative: Initiative = choice(default = Initiative::Random),
        /// [choice] whom each fighter of side A attacks: focus (the foe with the most fatigue points), spread (one each, cyclically), random
        target_a: Target = choice(default = Target::Focus),
        /// [choice] whom each fighter of side B attacks: focus, spread, random
        target_b: Target = choice(default = Target::Focus),
        /// `out_at` and `max_rounds`
        end: DuelEndParams = flatten(),
        /// `overflow_fatigue`, `etourdi_fatigue` and `etourdi`
        wounds: WoundRules = flatten(),
        /// `nonlethal` and `knockout`: a fist fight
        fists: FistRules = flatten(),
        /// the aspect every blow lands on: physique, mental (points de crise, resisted with enc_mental) or mystique (points de karma, enc_mystique)
        aspect: Aspect = choice(default = Aspect::Physique),
    }
}

/// The end of a group fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MeleeOutcome {
    /// The side left standing (A, B), or a draw.
    pub winner: Winner,
    /// Rounds fought (the round in which the last of a side fell, or `max_rounds`).
    pub rounds: u32,
    /// Fighters of each side still standing at the end.
    pub standing: [u8; 2],
}

/// What `aube.melee` reports.
#[derive(Debug, Clone, PartialEq)]
struct MeleeMetrics {
    end: FightMetrics,
    mean_standing: [MetricId; 2],
    standing: [HistId; 2],
    rounds: HistId,
}

impl MeleeMetrics {
    fn declare(layout: &mut Layout, sizes: [usize; 2]) -> Self {
        let end = FightMetrics::declare(
            layout,
            super::duel::SIDE_DOCS,
            "chance both sides still stand after max_rounds (or nobody can hit any more)",
            "mean rounds fought (a draw counts max_rounds)",
        );
        let mean_standing = [
            layout.mean(
                "a_standing",
                "mean fighters of side A still standing at the end",
            ),
            layout.mean(
                "b_standing",
                "mean fighters of side B still standing at the end",
            ),
        ];
        // Each side's fighters standing are 0 to its size: the intervals stay inside.
        for (id, size) in mean_standing.iter().zip(sizes) {
            layout.bounded(*id, 0, size as i64);
        }
        let standing = [
            layout.histogram(
                "a_survivors",
                "histogram of the fighters of side A still standing at the end",
                (0, sizes[0] as i64),
            ),
            layout.histogram(
                "b_survivors",
                "histogram of the fighters of side B still standing at the end",
                (0, sizes[1] as i64),
            ),
        ];
        let rounds = layout.histogram("rounds", "histogram of the rounds fought", (1, 60));
        Self {
            end,
            mean_standing,
            standing,
            rounds,
        }
    }
}

/// `aube.melee`: side A against side B.
#[derive(Debug, Clone, PartialEq)]
pub struct MeleeModel {
    /// The fighters of side A, then of side B.
    pub sides: [Vec<Fighter>; 2],
    /// The rules of every attack.
    pub bout: Bout,
    /// Who attacks whom, for side A and for side B.
    pub targets: [Target; 2],
    /// The cap on rounds.
    pub max_rounds: u32,
    layout: Layout,
    m: MeleeMetrics,
}

/// Side `side` of `s` to attack with, and the other to defend.
#[inline]
fn sides_of<'s, 'f>(
    s: &'s mut [Vec<FighterState<'f>>; 2],
    side: usize,
) -> (&'s mut Vec<FighterState<'f>>, &'s mut Vec<FighterState<'f>>) {
    let [a, b] = s;
    if side == 0 { (a, b) } else { (b, a) }
}

impl MeleeModel {
    /// The duel this fight is, when it is one: one fighter against one.
    pub fn as_duel(&self) -> Option<DuelModel> {
        match (self.sides[0].as_slice(), self.sides[1].as_slice()) {
            ([a], [b]) => Some(DuelModel::with_bout(*a, *b, self.bout, self.max_rounds)),
            _ => None,
        }
    }

    fn out(&self, s: &FighterState) -> bool {
        self.bout.is_out(&s.wounds)
    }

    /// The fighters of `fighters` still standing, into `into`.
    fn standing(&self, fighters: &[FighterState], into: &mut Vec<usize>) {
        into.clear();
        into.extend((0..fighters.len()).filter(|&i| !self.out(&fighters[i])));
    }

    /// True when no fighter standing can hit a foe standing (fatigue only; asked after a
    /// round without a hit, when no étourdi is pending).
    fn frozen(&self, s: &[Vec<FighterState>; 2]) -> bool {
        s[0].iter().filter(|a| !self.out(a)).all(|a| {
            s[1].iter()
                .filter(|b| !self.out(b))
                .all(|b| self.bout.frozen(&[*a, *b]))
        })
    }

    /// Side `side` attacks: each fighter standing, in order, strikes a foe standing.
    /// Returns the hits.
    #[inline]
    fn strike<D: Dice>(
        &self,
        s: &mut [Vec<FighterState>; 2],
        side: usize,
        buffers: &mut [Vec<usize>; 2],
        dice: &mut D,
    ) -> u32 {
        let (attackers, foes) = buffers.split_at_mut(1);
        let (attackers, foes) = (&mut attackers[0], &mut foes[0]);
        let (att, def) = sides_of(s, side);
        self.standing(att, attackers);
        self.standing(def, foes);
        let mut hits = 0;
        for (k, &a) in attackers.iter().enumerate() {
            if foes.is_empty() {
                break;
            }
            if !att[a].fighter.conduct.strikes() {
                continue;
            }
            let d = self.targets[side].pick(foes, k, |j| -def[j].wounds.fatigue(), dice);
            let swing = self.bout.swing_at(&mut att[a], &def[d]);
            let outcome = self.bout.rule.roll(&swing, dice);
            if outcome.hit {
                hits += 1;
                self.bout.wound(&mut def[d].wounds, outcome.damage.result);
                if self.out(&def[d]) {
                    foes.retain(|&j| j != d);
                }
            }
        }
        hits
    }

    /// The outcome with `winner` after `rounds`.
    fn outcome(&self, s: &[Vec<FighterState>; 2], winner: Winner, rounds: u32) -> MeleeOutcome {
        let standing = |v: &Vec<FighterState>| v.iter().filter(|f| !self.out(f)).count() as u8;
        MeleeOutcome {
            winner,
            rounds,
            standing: [standing(&s[0]), standing(&s[1])],
        }
    }
}

impl FromConfig<MeleeParams> for MeleeModel {
    fn from_config(p: MeleeParams) -> Result<Self> {
        let sides = [
            p.side_a.fighters().copied().collect::<Vec<_>>(),
            p.side_b.fighters().copied().collect::<Vec<_>>(),
        ];
        for (side, who) in sides.iter().zip(["side_a", "side_b"]) {
            for f in side {
                f.conduct.check(who)?;
                f.aspects.check(who, p.aspect)?;
            }
        }
        p.fists.check()?;
        let bout = p
            .wounds
            .bout(p.factors, p.initiative, p.end)
            .with_fists(p.fists)
            .with_aspect(p.aspect);
        let mut layout = Layout::new();
        let m = MeleeMetrics::declare(&mut layout, [sides[0].len(), sides[1].len()]);
        layout.bounded(m.end.mean_rounds, 0, i64::from(p.end.max_rounds));
        Ok(Self {
            sides,
            bout,
            targets: [p.target_a, p.target_b],
            max_rounds: p.end.max_rounds,
            layout,
            m,
        })
    }
}

impl FightModel for MeleeModel {
    fn layout(&self) -> Layout {
        self.layout.clone()
    }

    fn sample<D: Dice>(&self, dice: &mut D) -> MeleeOutcome {
        let mut s = [0, 1].map(|k| {
            self.sides[k]
                .iter()
                .map(FighterState::new)
                .collect::<Vec<_>>()
        });
        let mut buffers = [Vec::new(), Vec::new()];
        let mut changed = true;
        for round in 1..=self.max_rounds {
            let first = self.bout.first(dice).index();
            let mut hits = 0;
            for side in [first, 1 - first] {
                hits += self.strike(&mut s, side, &mut buffers, dice);
                if s[1 - side].iter().all(|f| self.out(f)) {
                    let winner = if side == 0 { Winner::A } else { Winner::B };
                    return self.outcome(&s, winner, round);
                }
            }
            // As the duel: only hits change anything; after a round without one, and when
            // something changed since the last look, check whether a hit is still possible.
            if hits > 0 {
                changed = true;
            } else if changed {
                if self.frozen(&s) {
                    break;
                }
                changed = false;
            }
        }
        self.outcome(&s, Winner::Draw, self.max_rounds)
    }

    fn record<R: Recorder>(&self, o: &MeleeOutcome, rec: &mut R) {
        let m = &self.m;
        m.end.record(rec, o.winner, o.rounds);
        for k in 0..2 {
            rec.value(m.mean_standing[k], i64::from(o.standing[k]));
            rec.hist(m.standing[k], i64::from(o.standing[k]));
        }
        rec.hist(m.rounds, i64::from(o.rounds));
    }
}

/// The duel's exact values, when the fight is one ([`MeleeModel::as_duel`]).
impl FightOutcome for MeleeModel {
    type Fight = DuelFight;
    type Outcome = MeleeOutcome;

    fn exact_fight(&self) -> Option<Cow<'_, DuelFight>> {
        let duel = self.as_duel()?;
        exact_is_tried(&duel.fighters).then(|| Cow::Owned(duel.duel_fight()))
    }

    fn exact_budget(&self) -> ExactBudget {
        ExactBudget::capped_at(self.max_rounds)
    }

    fn outcome_of(&self, end: &FightEnd, rounds: u32) -> MeleeOutcome {
        from_duel(duel_outcome(end, rounds, self.max_rounds))
    }
}

/// The group-fight outcome of a duel's.
pub fn from_duel(d: DuelOutcome) -> MeleeOutcome {
    let standing = match d.winner {
        Winner::A => [1, 0],
        Winner::B => [0, 1],
        Winner::Draw => [1, 1],
    };
    MeleeOutcome {
        winner: d.winner,
        rounds: d.rounds,
        standing,
    }
}

#[cfg(test)]
#[path = "melee_tests.rs"]
mod tests;
