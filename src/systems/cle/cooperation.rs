//! Cooperation (seed *Fiche 2*, "Coopération"; the `cle` page → *Cooperation*), and the
//! `cle.cooperation` mechanic.
//!
//! Everyone in the group tests their own skill; the best result is used, +1 for each
//! other result of 15 or more, −1 for each other result below 10. The text's note: "un
//! seuil de 50 pour retrouver la piste d'un fugitif nécessite que les PJ s'assurent l'aide
//! de la population": groups of up to [`MAX_GROUP`] members, enough for a difficulty of 50
//! (about fifty helpers of skill 5 give an even chance).
//!
//! **\[choice, switch `auto_results`\]**: the text does not say how the automatic results
//! (every die on 1 fails, three 6 succeed) meet a cooperation. `best` (the default): they
//! are those of the best total's roll, whose test is the one used; among equal best totals
//! an automatic success ranks first and an automatic failure last. `leads`: a roll of three
//! 6 is the best result whatever the totals, so its member leads the group (and a roll of
//! three 1 leads only a group of such rolls). `none`: they do not apply to a cooperation,
//! the adjusted result alone decides. The reading matters at high difficulties, where the
//! three 6 are the only way through: with `best` a strong leader's higher total hides the
//! helpers' three 6.

use super::roll::{Auto, D6Roll, Reading, succeeds};
use crate::engine::chain::{Limits, Next};
use crate::engine::fight::{Fight, solve};
use crate::engine::{Dice, Dist, HistId, Layout, MetricId, Recorder, Report, Rolled};
use crate::error::{Error, Result};
use std::sync::OnceLock;

/// Largest group the mechanic accepts.
pub const MAX_GROUP: usize = 100;

/// Group size when neither `helpers` nor `skills` gives one.
const DEFAULT_GROUP: usize = 3;

crate::choice! {
    /// How the automatic results meet a cooperation (switch `auto_results`).
    ///
    /// - `best`: those of the best total's roll.
    /// - `leads`: a roll of three 6 leads the group whatever the totals.
    /// - `none`: the adjusted result alone decides.
    pub enum AutoResults { Best = "best", Leads = "leads", None = "none" }
}

/// One cooperation's inputs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CooperationRule {
    /// Each member's skill, in the order they roll (`1..=MAX_GROUP` members).
    pub skills: Vec<i64>,
    /// Difficulty to reach.
    pub difficulty: i64,
    /// Switch `auto_results`.
    pub auto_results: AutoResults,
}

/// The outcome of a cooperation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CooperationOutcome {
    /// Whether the group succeeds.
    pub success: bool,
    /// The adjusted best result.
    pub result: i64,
}

/// +1 for a result of 15 or more, −1 for a result below 10.
#[inline(always)]
fn adjustment(result: i64) -> i64 {
    if result >= 15 {
        1
    } else if result < 10 {
        -1
    } else {
        0
    }
}

/// The rank of a result (`total` with automatic result `auto`) in the contest for the
/// lead, as `mode` orders results: the member with the highest rank leads.
///
/// - `best`: by total, then automatic result (an automatic success first, a failure last);
/// - `leads`: by automatic result, then total;
/// - `none`: by total alone (automatic results do not apply).
#[inline(always)]
fn lead_rank(total: i64, auto: Auto, mode: AutoResults) -> i64 {
    // Auto::rank is -1, 0 or 1; totals are far below 2^31 in size.
    let auto = auto.rank() + 1;
    match mode {
        AutoResults::Best => total * 4 + auto,
        AutoResults::Leads => auto * LEADS_STEP + total,
        AutoResults::None => total * 4 + Auto::None.rank() + 1,
    }
}

/// The step between automatic results in a rank under `leads` ([`lead_rank`]).
const LEADS_STEP: i64 = 1 << 32;

/// The result and automatic result of a lead of rank `rank` ([`lead_rank`] undone).
fn lead_of_rank(rank: i64, mode: AutoResults) -> (i64, Auto) {
    let (total, auto) = match mode {
        AutoResults::Best | AutoResults::None => (rank.div_euclid(4), rank.rem_euclid(4)),
        AutoResults::Leads => {
            let auto = (rank + LEADS_STEP / 2).div_euclid(LEADS_STEP);
            (rank - auto * LEADS_STEP, auto)
        }
    };
    let auto = match auto {
        0 => Auto::Failure,
        1 => Auto::None,
        _ => Auto::Success,
    };
    (total, auto)
}

/// The group so far: the rank of the best result (`lead_rank`: its total and automatic
/// result), and the sum of every member's adjustment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Group {
    best: i64,
    net: i64,
}

impl Group {
    const EMPTY: Group = Group {
        best: i64::MIN,
        net: 0,
    };

    /// The group with one more member, whose result is `total` with automatic result
    /// `auto`, the leader chosen as `mode` says.
    #[inline(always)]
    fn join(self, total: i64, auto: Auto, mode: AutoResults) -> Group {
        Group {
            best: self.best.max(lead_rank(total, auto, mode)),
            net: self.net + adjustment(total),
        }
    }
}

impl CooperationRule {
    /// A group of `helpers` members of skill `skill`.
    pub fn uniform(helpers: usize, skill: i64, difficulty: i64) -> Self {
        Self {
            skills: vec![skill; helpers],
            difficulty,
            auto_results: AutoResults::Best,
        }
    }

    /// The outcome of a whole group (the best one's own adjustment removed).
    fn finish(&self, g: Group) -> CooperationOutcome {
        let (best, auto) = lead_of_rank(g.best, self.auto_results);
        let result = best + g.net - adjustment(best);
        CooperationOutcome {
            success: succeeds(result, auto, self.difficulty),
            result,
        }
    }

    /// Rolls every member's 3d6, in order, drawn from the throw's table
    /// (`throw_table`): up to four members read off one die of
    /// 216^k faces, the first member the lowest base-216 digit. The same law as
    /// [`Fight::round`] played member by member (the step [`D6Roll::read`]), in fewer
    /// draws: one die for four members instead of three d6 for each.
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> CooperationOutcome {
        let table = throw_table();
        let mut group = Group::EMPTY;
        for members in self.skills.chunks(MEMBERS_PER_DRAW) {
            let mut face = dice.die(THROW_FACES.pow(members.len() as u32)) - 1;
            for &skill in members {
                let r = table[(face % THROW_FACES) as usize];
                face /= THROW_FACES;
                group = group.join(r.sum + skill, r.auto, self.auto_results);
            }
        }
        self.finish(group)
    }

    /// Rolls every member's 3d6, in order, as the round does (three d6 a member): the
    /// sampling the table replaces, kept for the tests.
    #[cfg(test)]
    fn roll_member_by_member<D: Dice>(&self, dice: &mut D) -> CooperationOutcome {
        crate::engine::fight::play(self, dice, self.skills.len() as u32).0
    }
}

/// The faces of a 3d6 throw, equally likely.
const THROW_FACES: u32 = 216;

/// Members read off one draw: 216^4 faces still fit the `u32` of a die.
const MEMBERS_PER_DRAW: usize = 4;

/// The reading of each of the 216 equally likely faces of a 3d6 throw (red, white, white:
/// face `i` shows `i % 6 + 1`, `i / 6 % 6 + 1`, `i / 36 + 1`), built once. Its law is the
/// law of the step [`D6Roll::read`] (a unit test checks it).
fn throw_table() -> &'static [Reading; THROW_FACES as usize] {
    static TABLE: OnceLock<[Reading; THROW_FACES as usize]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [Reading {
            sum: 0,
            auto: Auto::None,
        }; THROW_FACES as usize];
        for (slot, roll) in table.iter_mut().zip(D6Roll::all(3)) {
            *slot = Reading::from(&roll);
        }
        table
    })
}

/// A cooperation as a fight with one round per member: the state is the next member to
/// roll and the group so far; the last member's roll ends it.
impl Fight for CooperationRule {
    type State = (usize, Group);
    type End = CooperationOutcome;

    fn start(&self) -> (usize, Group) {
        (0, Group::EMPTY)
    }

    #[inline(always)]
    fn round<D: Dice>(
        &self,
        &(member, group): &(usize, Group),
        dice: &mut D,
    ) -> Next<(usize, Group), CooperationOutcome> {
        let r = D6Roll::read(dice, 3);
        let group = group.join(r.sum + self.skills[member], r.auto, self.auto_results);
        if member + 1 == self.skills.len() {
            Next::End(self.finish(group))
        } else {
            Next::Round((member + 1, group))
        }
    }

    /// Never reached: the last member's roll ends the cooperation.
    fn at_cap(&self, &(_, group): &(usize, Group)) -> CooperationOutcome {
        self.finish(group)
    }
}

crate::config! {
    /// The parameters of `cle.cooperation`.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct CooperationParams {
        /// group size: everyone tests (1..=100; default 3, or as many as skills lists)
        helpers: Option<usize> = int(1..=MAX_GROUP as i64, optional),
        /// the skill of every member that skills does not list
        skill: Option<i64> = int(-10..=40, optional),
        /// each member's own skill, like [8,3,3]: the first members of the group (the
        /// others, up to helpers, have skill)
        skills: Vec<i64> = list(-10..=40, len = 0..=MAX_GROUP, default = vec![]),
        /// difficulty to reach
        difficulty: i64 = int(0..=80, default = 15),
        /// [choice] the automatic results in a cooperation: best (those of the best total's
        /// roll), leads (three 6 lead the group whatever the totals), none (they do not apply)
        auto_results: AutoResults = choice(default = AutoResults::Best),
    }
}

impl CooperationParams {
    /// Every member's skill: those listed, then `skill` up to the group size.
    fn members(&self) -> Result<Vec<i64>> {
        let listed = self.skills.len();
        let size = self
            .helpers
            .unwrap_or(if listed > 0 { listed } else { DEFAULT_GROUP });
        if size < listed {
            return Err(Error::value(
                "helpers",
                format!(
                    "skills lists {listed} members, more than the group of {size}; leave helpers out or raise it"
                ),
            ));
        }
        let mut members = self.skills.clone();
        if size > listed {
            let skill = self.skill.ok_or_else(|| {
                Error::value(
                    "skill",
                    "give everyone's skill (skill=5), each member's (skills=[8,3,3]), or both",
                )
            })?;
            members.resize(size, skill);
        } else if self.skill.is_some() {
            return Err(Error::value(
                "skill",
                "skills already gives every member's skill; leave skill out or raise helpers",
            ));
        }
        Ok(members)
    }
}

impl crate::engine::Roll for CooperationRule {
    type Outcome = CooperationOutcome;

    #[inline(always)]
    fn roll<D: Dice>(&self, dice: &mut D) -> CooperationOutcome {
        CooperationRule::roll(self, dice)
    }

    /// The fast path of [`CooperationRule::solved`] (measured faster on the groups of 80
    /// of `cle_cooperation_mixed`, and equal to it to 1e-12 in the tests): the members
    /// folded one by one into the groups so far (best result, its automatic result, sum
    /// of the adjustments), a member's roll being the enumeration of [`D6Roll::read`] and
    /// its joining that of [`Fight::round`]. The groups are held in a dense table (by the
    /// rank of the lead among those the members can reach, then the sum of the
    /// adjustments), walked in the order of [`Group`].
    fn exact(&self) -> Option<Dist<CooperationOutcome>> {
        let member = crate::engine::enumerate(|d| D6Roll::read(d, 3)).ok()?;
        let mode = self.auto_results;
        let readings: Vec<(Reading, f64)> = member.iter().map(|(r, p)| (*r, p)).collect();
        let mut ranks: Vec<i64> = self
            .skills
            .iter()
            .flat_map(|&s| {
                readings
                    .iter()
                    .map(move |(r, _)| lead_rank(r.sum + s, r.auto, mode))
            })
            .collect();
        ranks.sort_unstable();
        ranks.dedup();
        let members = self.skills.len();
        // Net adjustments -members..=members, at `net + members`.
        let nets = 2 * members + 1;
        let mut law = vec![0.0; ranks.len() * nets];
        let mut next = law.clone();
        let mut tail = 0.0;
        for (m, &skill) in self.skills.iter().enumerate() {
            // Each reading: the index of its rank, its adjustment, its chance.
            let joins: Vec<(usize, usize, f64)> = readings
                .iter()
                .map(|&(r, p)| {
                    let total = r.sum + skill;
                    let rank = lead_rank(total, r.auto, mode);
                    let lead = ranks.partition_point(|&x| x < rank);
                    (lead, (adjustment(total) + 1) as usize, p)
                })
                .collect();
            if m == 0 {
                // The empty group: the first member leads.
                for &(lead, adj, p) in &joins {
                    law[lead * nets + members + adj - 1] += p;
                }
            } else {
                next.fill(0.0);
                for (i, &p) in law.iter().enumerate() {
                    if p == 0.0 {
                        continue;
                    }
                    let (lead, net) = (i / nets, i % nets);
                    for &(l, adj, q) in &joins {
                        next[lead.max(l) * nets + net + adj - 1] += p * q;
                    }
                }
                std::mem::swap(&mut law, &mut next);
            }
            tail = 1.0 - (1.0 - tail) * (1.0 - member.tail());
        }
        let groups = law
            .iter()
            .enumerate()
            .filter(|(_, p)| **p > 0.0)
            .map(|(i, &p)| {
                let group = Group {
                    best: ranks[i / nets],
                    net: (i % nets) as i64 - members as i64,
                };
                (group, p)
            });
        Some(Dist::with_tail(groups, tail).map(|&g| self.finish(g)))
    }
}

impl CooperationRule {
    /// The exact distribution derived from the round ([`Fight::round`] enumerated from
    /// every group so far, equal groups merged): what the fast path
    /// ([`crate::engine::Roll::exact`]) must equal.
    pub fn solved(&self) -> Option<Dist<CooperationOutcome>> {
        let limits = Limits::new(self.skills.len() as u32, 0.0);
        let out = solve(self, limits, usize::MAX).ok()?;
        Some(out.endings.map(|(o, _)| *o))
    }
}

/// What `cle.cooperation` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct CooperationMetrics {
    success: MetricId,
    mean_result: MetricId,
    result: HistId,
}

impl Report<CooperationRule> for CooperationMetrics {
    fn declare(rule: &CooperationRule, layout: &mut Layout) -> Self {
        let top = rule.skills.iter().copied().max().unwrap_or(0);
        let mid = 12 + top;
        Self {
            success: layout.proportion("success", "chance the group succeeds"),
            mean_result: layout.mean("mean_result", "mean adjusted result"),
            result: layout.histogram(
                "result",
                "histogram of the adjusted result",
                (mid - 8, mid + 8 + rule.skills.len() as i64),
            ),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &CooperationOutcome, rec: &mut R) {
        rec.event(self.success, o.success);
        rec.value(self.mean_result, o.result);
        rec.hist(self.result, o.result);
    }
}

impl TryFrom<CooperationParams> for CooperationRule {
    type Error = Error;

    fn try_from(p: CooperationParams) -> Result<Self> {
        Ok(CooperationRule {
            skills: p.members()?,
            difficulty: p.difficulty,
            auto_results: p.auto_results,
        })
    }
}

/// `cle.cooperation`: a group test.
pub type CooperationModel = Rolled<CooperationRule, CooperationMetrics>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::model::replay_one;
    use crate::engine::{replay, simulation};
    use crate::systems::cle::test::TestRule;
    use crate::systems::cle::{COOPERATION, exact_of};
    use crate::systems::test_support::{assert_each_agrees, expect_model};

    /// The outcome of `rule` on these d6, member by member (the worked examples).
    fn roll(rule: &CooperationRule, dice: &[u32]) -> CooperationOutcome {
        replay(dice, |d| rule.roll_member_by_member(d))
    }

    /// The face of a 3d6 throw showing red `r`, whites `w1` and `w2` in [`throw_table`].
    fn throw_face(r: u32, w1: u32, w2: u32) -> u32 {
        (r - 1) + 6 * (w1 - 1) + 36 * (w2 - 1)
    }

    #[test]
    fn the_throw_table_has_the_law_of_the_step() {
        let step = crate::engine::enumerate(|d| D6Roll::read(d, 3)).unwrap();
        let table =
            crate::engine::enumerate(|d| throw_table()[d.die(THROW_FACES) as usize - 1]).unwrap();
        assert_eq!(step.len(), table.len());
        for (reading, p) in step.iter() {
            assert!((table.p(reading) - p).abs() < 1e-15, "{reading:?}");
        }
        assert_eq!(throw_table()[throw_face(6, 5, 5) as usize].sum, 16);
        assert_eq!(
            throw_table()[throw_face(1, 1, 1) as usize].auto,
            Auto::Failure
        );
    }

    #[test]
    fn a_lead_rank_gives_back_its_result() {
        for mode in [AutoResults::Best, AutoResults::Leads, AutoResults::None] {
            for total in -10..=60 {
                for auto in [Auto::Failure, Auto::None, Auto::Success] {
                    let kept = if mode == AutoResults::None {
                        Auto::None
                    } else {
                        auto
                    };
                    let rank = lead_rank(total, auto, mode);
                    assert_eq!(lead_of_rank(rank, mode), (total, kept), "{mode:?}");
                }
            }
        }
        // Under best an automatic success ranks first among equal totals; under leads it
        // ranks above any total.
        let rank = |t, a, m| lead_rank(t, a, m);
        assert!(
            rank(12, Auto::Success, AutoResults::Best) > rank(12, Auto::None, AutoResults::Best)
        );
        assert!(
            rank(13, Auto::None, AutoResults::Best) > rank(12, Auto::Success, AutoResults::Best)
        );
        assert!(
            rank(3, Auto::Success, AutoResults::Leads) > rank(58, Auto::None, AutoResults::Leads)
        );
        assert!(
            rank(-7, Auto::None, AutoResults::Leads) > rank(58, Auto::Failure, AutoResults::Leads)
        );
    }

    #[test]
    fn members_are_read_four_to_a_draw_first_member_lowest() {
        // Six members: one die of 216^4 faces for the first four, one of 216^2 for the
        // last two. Members 1 and 5 roll 6-6-6 (automatic success), the others 1-1-2.
        let six = throw_face(6, 6, 6);
        let low = throw_face(1, 1, 2);
        let first = six + 216 * (low + 216 * (low + 216 * low)) + 1;
        let last = six + 216 * low + 1;
        let rule = rule(6, 0, 60);
        let o = replay(&[first, last], |d| rule.roll(d));
        // Best 18 (automatic success), 18 (+1), four 4 (-1 each): 18 + 1 - 4.
        assert_eq!((o.result, o.success), (15, true));
    }

    fn rule(helpers: usize, skill: i64, difficulty: i64) -> CooperationRule {
        CooperationRule::uniform(helpers, skill, difficulty)
    }

    fn mixed(skills: &[i64], difficulty: i64) -> CooperationRule {
        CooperationRule {
            skills: skills.to_vec(),
            difficulty,
            auto_results: AutoResults::Best,
        }
    }

    fn p_success(words: &str) -> f64 {
        let model = COOPERATION.model_for(words).unwrap();
        exact_of(&model.rule).p_where(|o| o.success)
    }

    #[test]
    fn best_result_plus_and_minus_the_others() {
        // Skill 4: results 16 (best), 15 (+1), 12 (0), 7 (-1): 16 + 1 - 1 = 16.
        let o = roll(&rule(4, 4, 16), &[4, 4, 4, 5, 3, 3, 2, 3, 3, 1, 1, 1]);
        assert_eq!(o.result, 16);
        assert!(o.success);
        // The best result's own adjustment is not counted.
        let o = roll(&rule(2, 4, 0), &[6, 5, 5, 2, 2, 1]);
        assert_eq!(o.result, 19);
    }

    #[test]
    fn each_member_tests_their_own_skill() {
        // Skills 8, 3, 0: 9 + 8 = 17 (best), 12 + 3 = 15 (+1), 8 + 0 = 8 (-1): 17. The
        // best result is the best total, not the best dice (the 12 of skill 3).
        let o = roll(&mixed(&[8, 3, 0], 17), &[3, 3, 3, 4, 4, 4, 2, 3, 3]);
        assert_eq!((o.result, o.success), (17, true));
        // A skill of 0 rolling three 6 (18) is not the best against 2 + 2 + 2 + 20 = 26:
        // the automatic success is lost, 26 + 1 = 27 short of 30.
        let o = roll(&mixed(&[0, 20], 30), &[6, 6, 6, 2, 2, 2]);
        assert_eq!((o.result, o.success), (27, false));
        // Equal best results: the three 6 lead (automatic success against 40).
        let o = roll(&mixed(&[3, 0], 40), &[5, 5, 5, 6, 6, 6]);
        assert_eq!((o.result, o.success), (19, true));
    }

    #[test]
    fn the_readings_of_the_automatic_results() {
        let with = |mode, skills: &[i64], d| CooperationRule {
            auto_results: mode,
            ..mixed(skills, d)
        };
        // Skill 0 rolls three 6 (18), skill 20 rolls 2 + 2 + 2 (26): the best total hides
        // the three 6 (27 against 40 fails), unless three 6 lead: 18 + 1 = 19, an
        // automatic success.
        let dice = [6, 6, 6, 2, 2, 2];
        let best = roll(&with(AutoResults::Best, &[0, 20], 40), &dice);
        let leads = roll(&with(AutoResults::Leads, &[0, 20], 40), &dice);
        assert_eq!((best.result, best.success), (27, false));
        assert_eq!((leads.result, leads.success), (19, true));
        // Without automatic results three 1 on the best roll do not fail: 20 + 3 - 1.
        let none = roll(
            &with(AutoResults::None, &[20, -10], 20),
            &[1, 1, 1, 1, 1, 2],
        );
        assert_eq!((none.result, none.success), (22, true));
        let best = roll(
            &with(AutoResults::Best, &[20, -10], 20),
            &[1, 1, 1, 1, 1, 2],
        );
        assert!(!best.success);
        // Exact, skills 20 and -10 against 35: the best total (always the first) needs
        // 3d6 >= 16 (10 of 216, three 6 among them); with `leads` the second member's
        // three 6 lead too (a result of 9, but an automatic success): 10/216 +
        // (206/216)(1/216); with `none` three 6 on the first roll still pass on the total
        // (38 - 1), so 10 of 216 again.
        let p = |mode| exact_of(&with(mode, &[20, -10], 35)).p_where(|o| o.success);
        assert!((p(AutoResults::Best) - 10.0 / 216.0).abs() < 1e-12);
        let leads = 10.0 / 216.0 + 206.0 / 216.0 / 216.0;
        assert!((p(AutoResults::Leads) - leads).abs() < 1e-12);
        assert!((p(AutoResults::None) - 10.0 / 216.0).abs() < 1e-12);
        // Against 50 a group of ten of skill 5 only gets through on three 6: never
        // without automatic results.
        let ten = CooperationRule {
            auto_results: AutoResults::None,
            ..rule(10, 5, 50)
        };
        assert_eq!(exact_of(&ten).p_where(|o| o.success), 0.0);
    }

    #[test]
    fn a_hopeless_helper_costs_one_point() {
        // Skills 20 and -10: the second result is at most 8 (-1), the first always best:
        // 3d6 + 20 - 1 >= 35 needs 16, 17 or 18 (10 of 216; three 6 is among them).
        let p = exact_of(&mixed(&[20, -10], 35)).p_where(|o| o.success);
        assert!((p - 10.0 / 216.0).abs() < 1e-12, "{p}");
    }

    #[test]
    fn automatic_results_of_the_best_roll() {
        assert!(roll(&rule(2, 0, 40), &[6, 6, 6, 1, 1, 1]).success);
        assert!(!roll(&rule(2, 20, 10), &[1, 1, 1, 1, 1, 1]).success);
    }

    #[test]
    fn a_group_of_one_is_a_test() {
        for d in [8, 10, 15, 20, 25] {
            let p = exact_of(&rule(1, 3, d)).p_where(|o| o.success);
            let q = exact_of(&TestRule::new(3, d)).p_where(|o| o.success);
            assert!((p - q).abs() < 1e-12, "d {d}");
        }
    }

    #[test]
    fn difficulty_fifty_needs_the_population() {
        // The text's note: a difficulty of 50 is out of reach without the locals' help.
        // Ten members of skill 5 score at most 23 + 9 = 32: only an automatic success
        // (three 6, always the best roll) reaches 50; fifty give more than an even
        // chance, and seventy make it near certain.
        let ten = p_success("skill=5 helpers=10 difficulty=50");
        let automatic = 1.0 - (215.0f64 / 216.0).powi(10);
        assert!((ten - automatic).abs() < 1e-12, "{ten} against {automatic}");
        let fifty = p_success("skill=5 helpers=50 difficulty=50");
        let seventy = p_success("skill=5 helpers=70 difficulty=50");
        assert!(fifty > 0.5 && seventy > 0.99, "{fifty} {seventy}");
        // Two PCs of skill 10 leading 48 locals of skill 2 do worse than 50 of skill 5.
        let led = p_success("skills=[10,10] skill=2 helpers=50 difficulty=50");
        assert!(led < fifty, "{led} against {fifty}");
    }

    #[test]
    fn the_fast_path_equals_the_derived_distribution() {
        let cases = [
            rule(1, 3, 15),
            rule(6, 4, 20),
            mixed(&[20, -10, 5, 8], 35),
            CooperationRule {
                auto_results: AutoResults::Leads,
                ..mixed(&[8, 0, 0, 0, 0, 0], 30)
            },
            CooperationRule {
                auto_results: AutoResults::None,
                ..mixed(&[2, 2, 2, 2, 2], 25)
            },
        ];
        for r in cases {
            let (fast, derived) = (exact_of(&r), r.solved().unwrap());
            assert!(derived.tail() < 1e-12, "{r:?}");
            for (o, p) in fast.iter().chain(derived.iter()) {
                assert!((fast.p(o) - derived.p(o)).abs() < 1e-12, "{r:?} {o:?} {p}");
            }
        }
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        let cases = [
            rule(3, 4, 20),
            rule(5, 2, 15),
            rule(8, 8, 30),
            mixed(&[10, 3, 3, 0, -2], 22),
            CooperationRule {
                skills: [vec![9], vec![4; 39]].concat(),
                difficulty: 40,
                auto_results: AutoResults::Best,
            },
            CooperationRule {
                auto_results: AutoResults::Leads,
                ..mixed(&[10, 2, 2, 2, 2, 2, 2, 2], 30)
            },
            CooperationRule {
                auto_results: AutoResults::None,
                ..mixed(&[10, 2, 2, 2, 2, 2, 2, 2], 22)
            },
        ];
        assert_each_agrees(cases, 10, |r| simulation(CooperationModel::new(r)));
    }

    #[test]
    fn model_records_the_adjusted_result() {
        let model = expect_model(&COOPERATION, "skill=4 helpers=2 difficulty=20");
        // 16 + 4 = 20 (best), 5 + 4 = 9 (-1): 19, short of 20.
        // One draw for both members: 6-5-5, then 2-2-1.
        let face = throw_face(6, 5, 5) + 216 * throw_face(2, 2, 1) + 1;
        let (o, tally) = replay_one(&model, &[face]);
        assert_eq!((o.success, o.result), (false, 19));
        assert_eq!(tally.sums([model.m.success, model.m.mean_result]), [0, 19]);
        assert_eq!(tally.histogram(model.m.result).counts(), [(19, 1)]);
    }

    #[test]
    fn the_group_from_skill_skills_and_helpers() {
        let built = |words: &str| COOPERATION.model_for(words).map(|m| m.rule.skills);
        assert_eq!(built("skill=5").unwrap(), [5, 5, 5]);
        assert_eq!(built("skill=5 helpers=4").unwrap(), [5, 5, 5, 5]);
        assert_eq!(built("skills=[5,3,8]").unwrap(), [5, 3, 8]);
        assert_eq!(built("skills=[8] skill=2 helpers=3").unwrap(), [8, 2, 2]);
        assert_eq!(built("skill=5 helpers=100").unwrap().len(), MAX_GROUP);
        let rule = COOPERATION.model_for("skill=5 helpers=3").unwrap().rule;
        assert_eq!(rule, CooperationRule::uniform(3, 5, 15));
        for words in [
            "helpers=3",
            "skill=5 helpers=0",
            "skill=5 helpers=101",
            "skills=[5,3,8] helpers=2",
            "skills=[5,3,8] skill=2",
            "skills=[5,3] helpers=4",
            "skill=5 auto_results=all",
        ] {
            assert!(built(words).is_err(), "{words}");
        }
    }
}
