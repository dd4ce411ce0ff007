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

use super::roll::{Auto, D6Roll, Reading, TEST_TOTAL, succeeds};
use crate::engine::chain::{Limits, Next};
use crate::engine::fight::{Fight, solve};
use crate::engine::house_step::StepRule;
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
    /// How each member's total is read off the dice: the sum, or a house rule's
    /// ([`super::roll::TEST_TOTAL`]).
    pub total: StepRule,
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
pub fn adjustment(result: i64) -> i64 {
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
pub fn lead_rank(total: i64, auto: Auto, mode: AutoResults) -> i64 {
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
    /// The group before anyone rolls.
    pub const EMPTY: Group = Group {
        best: i64::MIN,
        net: 0,
    };

    /// The group with one more member, whose result is `total` with automatic result
    /// `auto`, the leader chosen as `mode` says.
    #[inline(always)]
    pub fn join(self, total: i64, auto: Auto, mode: AutoResults) -> Group {
        Group {
            best: self.best.max(lead_rank(total, auto, mode)),
            net: self.net + adjustment(total),
        }
    }

    /// The rank of the group's best result ([`lead_rank`]): the member whose own rank it
    /// is leads.
    #[inline(always)]
    pub fn best_rank(self) -> i64 {
        self.best
    }

    /// The group's result, with the automatic result of its lead's roll, the leader chosen
    /// as `mode` says: the best result, +1 for each other result of 15 or more, −1 for
    /// each other result below 10 (the best one's own adjustment removed).
    #[inline(always)]
    pub fn result(self, mode: AutoResults) -> (i64, Auto) {
        let (best, auto) = lead_of_rank(self.best, mode);
        (best + self.net - adjustment(best), auto)
    }
}

impl CooperationRule {
    /// A group of `helpers` members of skill `skill`.
    pub fn uniform(helpers: usize, skill: i64, difficulty: i64) -> Self {
        Self {
            skills: vec![skill; helpers],
            difficulty,
            auto_results: AutoResults::Best,
            total: StepRule::OFFICIAL,
        }
    }

    /// The outcome of a whole group (the best one's own adjustment removed).
    fn finish(&self, g: Group) -> CooperationOutcome {
        let (result, auto) = g.result(self.auto_results);
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
    ///
    /// Under a house rule's total ([`super::roll::TEST_TOTAL`]) the members are rolled
    /// one by one, as the round does.
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> CooperationOutcome {
        if !self.total.is_official() {
            return crate::engine::fight::play(self, dice, self.skills.len() as u32).0;
        }
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
        let r = D6Roll::read(dice, 3, self.total);
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
        /// the total read off each member's dice: official, or a house rule's script
        /// (`test_total`)
        test_total: StepRule = house_step(&TEST_TOTAL),
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
        let member = crate::engine::enumerate(|d| D6Roll::read(d, 3, self.total)).ok()?;
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
            total: p.test_total,
        })
    }
}

/// `cle.cooperation`: a group test.
pub type CooperationModel = Rolled<CooperationRule, CooperationMetrics>;

#[cfg(test)]
#[path = "cooperation_tests.rs"]
mod tests;
