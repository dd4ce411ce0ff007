//! A whole fight of the player characters against a boss, seconds couteaux or figurants
//! (seed *Fiche 1*, hero points per number of PCs; *Fiche 3*, "Ordre de jeu", "Attaquer &
//! se défendre", "Dégâts"; *Fiche 4*, "Les points de vitalité", "Mal en point"; *Fiche
//! 6*, boss, seconds couteaux, figurants; the `cle` page → *Vitality, mal en point, NPC
//! tiers*, *Order of play in a fight*), and the `cle.fight` mechanic.
//!
//! Rules as simulated: wounds, *mal en point*, death and unconsciousness as in
//! [`super::vitality`]; damage as in [`super::damage`]; figurants act in groups of up
//! to 5: one test with +1 per other standing member, and the same bonus to the damage.
//!
//! Simplifications of this program (each stated in the report):
//! - The PCs share one profile (`pcs`, `pc.*`) or are named from a roster one by one
//!   (`party`); the foes are of one tier (`opponent`, `foe.*`) or a list of roster names
//!   of several tiers (`foes`: a boss with seconds couteaux and figurant groups). PCs act
//!   in a fixed order each round and all attack the first standing foe in the order listed
//!   (focus fire), alone or, as [`union`] says, together by the rule of cooperation.
//!   Nobody uses atouts; primes and pénalités only as [`trade`] says (a Prudence, Danger,
//!   Risque, Efficacité, Attaque meurtrière or Difficulté on every attack) and as
//!   [`multiple`] says (an *Attaques multiples* on every attack of a fighter whose
//!   `targets` is 2 or more; a *Zone* weapon's attack on several).
//! - **\[choice, switch `order`\]** of the system's page, the order of play (the text lets the
//!   players pick who acts and lets the GM answer each attack): `answer` (the default):
//!   after a PC attacks, the attacked foe (its group, for figurants) answers at once
//!   against that PC if it has not acted this round, else the first foe (group) that has
//!   not acted; the boss thus answers the first PC that attacks it. Foes that have not
//!   acted by the end of the round act then, the k-th of them against the k-th standing PC
//!   (cyclically). `answer_eliminated`: as `answer`, but another foe answers only for an
//!   attacked foe that is out (the text: "si le PNJ attaqué est éliminé"). `pcs_first`: no answers, every PC acts, then every foe as at the end
//!   of a round. `foes_first`: the players let the GM act first: every foe acts (the k-th
//!   against the k-th PC), then every PC.
//! - Figurant groups are formed anew each round: the standing figurants in order, by fives
//!   (in a mixed list, consecutive figurants of one profile; a boss or a second acts
//!   alone; a group strikes with its first standing member's profile).
//! - Switch `outnumbered`: a defender defends at −2 whenever two or more enemies stand
//!   (the text's "in melee with several foes").
//! - Hero points (10/8/6/4 per PC for 2/3/4/5 PCs) are spent by `hero_policy`, or a PC's
//!   own (`pc.hero_policy`, a roster's field): a fourth die on each attack (adds to the
//!   damage), on the first defence of each round (taken off the damage), both, or never
//!   (`hero_points` gives another number per PC). NPCs
//!   have none. The text's other effects, a failed test rolled again, a wound cancelled,
//!   an ally taking a wound, are switches of [`hero`], off by default.
//! - A character is out when dead or unconscious; unconscious ones wake after their rounds
//!   and fight on (still *mal en point*). Finishing off the unconscious and first aid are
//!   switches of [`aid`], off by default; `pc_deaths` counts PCs dead or in *danger de
//!   mort* when the fight ends (first aid after it not counted). Surprise (a side that
//!   neither acts nor defends in the first round) is switch `surprise` of [`surprise`];
//!   interrupting an adversary about to attack, switch `interrupt` of [`interrupt`].
//! - A fight still going after `max_rounds` rounds is won by nobody, as is one where both
//!   sides are out in the same round: a `draw` (a capped fight lasts `max_rounds`).
//!
//! Monte Carlo only (issue 15 asked whether the engine's exact chains,
//! [`crate::engine::chain`], could take it): a state of this fight is every PC's and every
//! foe's vitality, wounds at 0, round of death and of waking, hero points left, and who
//! has acted this round: up to 5 PCs and 20 foes, with vitalities of 20 to 50. Even a boss
//! against two PCs has about 50 × 20 × 20 vitality triples times their *mal en point*
//! states and hero points, and the round itself branches over every attack's dice and
//! damage: far more states than merging can keep small, so no exact values are given.

pub use super::vitality::{Profile, State, hero_points};
use crate::engine::house_step::StepRule;
use crate::engine::{HistId, Layout, MetricId, Recorder, Report, Rolled};

/// The round-by-round play of [`FightRule::roll`] (`fight_play.rs`).
#[path = "fight_play.rs"]
mod play;

/// The options whose checks a play compiles in (`fight_options.rs`).
#[path = "fight_options.rs"]
mod options;

/// The hero points spent beyond the fourth die (`fight_hero.rs`).
#[path = "fight_hero.rs"]
pub mod hero;
pub use hero::{HeroCancel, HeroLimit, HeroReroll, HeroSpending};

/// The primes paid with pénalités on every attack (`fight_trade.rs`).
#[path = "fight_trade.rs"]
pub mod trade;
pub use trade::{Incident, Trade};

/// The PCs attacking a foe together by the rule of cooperation (`fight_union.rs`).
#[path = "fight_union.rs"]
pub mod union;
pub use union::Union;

/// Interrupting an adversary's action (`fight_interrupt.rs`).
#[path = "fight_interrupt.rs"]
pub mod interrupt;
pub use interrupt::Penalty;

/// The downed finished off or given first aid (`fight_aid.rs`).
#[path = "fight_aid.rs"]
pub mod aid;
pub use aid::{Downed, Sides};

/// Surprise in the first round (`fight_surprise.rs`).
#[path = "fight_surprise.rs"]
pub mod surprise;
pub use surprise::Surprise;

/// Attacks on several adversaries at once: *Attaques multiples*, *Zone* weapons
/// (`fight_multiple.rs`).
#[path = "fight_multiple.rs"]
pub mod multiple;
pub use multiple::{MultipleDefence, MultiplePenalty, Several, TargetsPick};

/// The parameters and the checks that make a fight (`fight_params.rs`).
#[path = "fight_params.rs"]
mod params;
pub use params::{FightParams, FoeMember, FoeParams, PcHeroPolicy, PcParams, ProfileParams};

/// Most foes (seconds couteaux or figurants) in a fight.
pub const MAX_FOES: usize = 20;
/// Most PCs.
pub const MAX_PCS: usize = 5;
/// Figurants per group.
const GROUP: usize = 5;

crate::choice! {
    /// The kind of opposition.
    ///
    /// - `boss`: one boss, managed like a PC (mal en point tests).
    /// - `seconds`: seconds couteaux: out at 0 vitality.
    /// - `figurants`: figurants: 1 vitality each, acting in groups of up to 5.
    pub enum Opponent { Boss = "boss", Seconds = "seconds", Figurants = "figurants" }
}

crate::choice! {
    /// The order of play within a round (switch `order`).
    ///
    /// - `answer`: each PC's attack is answered at once by the foe attacked, else (it has
    ///   acted or is out) by the first foe that has not acted; the rest act last.
    /// - `answer_eliminated`: as `answer`, but another foe answers for the one attacked
    ///   only when that one is out (eliminated); a foe attacked that has already acted
    ///   leaves the attack unanswered.
    /// - `pcs_first`: every PC, then every foe.
    /// - `foes_first`: every foe, then every PC.
    pub enum FightOrder {
        Answer = "answer",
        AnswerEliminated = "answer_eliminated",
        PcsFirst = "pcs_first",
        FoesFirst = "foes_first",
    }
}

crate::choice! {
    /// When PCs spend hero points.
    ///
    /// - `none`: never.
    /// - `attack`: a fourth die on every attack while points last.
    /// - `defense`: a fourth die on the first defence of each round while points last.
    /// - `both`: both.
    pub enum HeroPolicy { None = "none", Attack = "attack", Defense = "defense", Both = "both" }
}

/// One fight's inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FightRule {
    /// Number of PCs, 2..=5.
    pub pcs: usize,
    /// Each PC's profile (the first `pcs` take part).
    pub pc: [Profile; MAX_PCS],
    /// Hero point policy: the fourth die.
    pub hero_policy: HeroPolicy,
    /// Each PC's own hero point policy, overriding `hero_policy` (`None`: the fight's).
    pub pc_hero: [Option<HeroPolicy>; MAX_PCS],
    /// Hero points per PC at the start (the text's table by default).
    pub hero_points: i64,
    /// The other hero point effects: rolls again, cancelled wounds, allies covering.
    pub hero: HeroSpending,
    /// Switch `pc_trade`: the prime and pénalité the PCs take on every attack.
    pub pc_trade: Trade,
    /// Switch `foe_trade`: the prime and pénalité the foes take on every attack.
    pub foe_trade: Trade,
    /// Switch `risque`: the incident a *Risque* brings on a missed attack.
    pub risque: Incident,
    /// Switch `union`: the foes the PCs attack together ("l'union fait la force").
    pub union: Union,
    /// Switch `interrupt`: who tries to interrupt an adversary's action.
    pub interrupt: Sides,
    /// Switch `interrupt_penalty`: the pénalité obligatoire of an interruption.
    pub interrupt_penalty: Penalty,
    /// Switches `finish_off`, `first_aid`, `aid_retry`: the downed killed or tended.
    pub downed: Downed,
    /// Switch `surprise`: the side surprised in the first round.
    pub surprise: Surprise,
    /// Switches `multiple_defence`, `multiple_penalty`, `targets_pick`, `zone_catches`:
    /// how attacks on several adversaries are played.
    pub several: Several,
    /// The difficulty of the Combat test of an attack on a surprised defender.
    pub unperceived: i64,
    /// Each foe's tier and profile, vitality for this number of PCs (1 for figurants); the
    /// first `foes` take part.
    pub foe: [(Opponent, Profile); MAX_FOES],
    /// Number of foes.
    pub foes: usize,
    /// Switch `outnumbered`: −2 to defend when two or more enemies stand.
    pub outnumbered: bool,
    /// Switch `order`: the order of play within a round.
    pub order: FightOrder,
    /// Rounds before the fight is called unresolved.
    pub max_rounds: u32,
    /// The damage dice read off an attack: official, or a house rule's.
    pub damage_dice: StepRule,
    /// How every roll's total is read off the dice: the sum, or a house rule's
    /// ([`super::roll::TEST_TOTAL`]).
    pub test_total: StepRule,
}

#[cfg(test)]
impl FightRule {
    /// The fight the unit tests of the fight's options start from: two PCs of
    /// [`Profile::for_tests`] with 20 vitality against one foe of kind `opponent`, the same
    /// profile with 30 vitality, no hero point spent.
    pub(crate) fn two_pcs_against(opponent: Opponent) -> Self {
        Self {
            hero_policy: HeroPolicy::None,
            ..Self::uniform(
                2,
                Profile::for_tests(20),
                opponent,
                Profile::for_tests(30),
                1,
            )
        }
    }
}

impl FightRule {
    /// `pcs` PCs of profile `pc` against `foes` foes of tier `opponent` and profile `foe`,
    /// with the defaults: the text's hero points spent on attacks and on nothing else,
    /// `outnumbered`, `order=answer`, 60 rounds.
    pub fn uniform(pcs: usize, pc: Profile, opponent: Opponent, foe: Profile, foes: usize) -> Self {
        Self {
            pcs,
            pc: [pc; MAX_PCS],
            hero_policy: HeroPolicy::Attack,
            pc_hero: [None; MAX_PCS],
            hero_points: hero_points(pcs),
            hero: HeroSpending::NONE,
            pc_trade: Trade::None,
            foe_trade: Trade::None,
            risque: Incident::LoseAction,
            union: Union::None,
            interrupt: Sides::None,
            interrupt_penalty: Penalty::Difficulte,
            downed: Downed::NONE,
            surprise: Surprise::None,
            several: Several::DEFAULT,
            unperceived: 10,
            foe: [(opponent, foe); MAX_FOES],
            foes,
            outnumbered: true,
            order: FightOrder::Answer,
            max_rounds: 60,
            damage_dice: StepRule::OFFICIAL,
            test_total: StepRule::OFFICIAL,
        }
    }

    /// PC `i`'s hero point policy: its own, else the fight's.
    #[inline(always)]
    pub fn hero_policy_of(&self, i: usize) -> HeroPolicy {
        self.pc_hero[i].unwrap_or(self.hero_policy)
    }
}

/// The outcome of a fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct FightOutcome {
    /// Every foe is out.
    pub pcs_win: bool,
    /// Every PC is out.
    pub foes_win: bool,
    /// Rounds played (the last one included).
    pub rounds: u32,
    /// PCs dead or in danger de mort at the end.
    pub deaths: u32,
    /// Hero points spent.
    pub hero_spent: i64,
}

crate::rolls!(FightRule => FightOutcome, sampled);

/// What `cle.fight` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct FightMetrics {
    pcs_win: MetricId,
    foes_win: MetricId,
    draw: MetricId,
    mean_rounds: MetricId,
    pc_deaths: MetricId,
    p_any_pc_dies: MetricId,
    hero_points_spent: MetricId,
    rounds: HistId,
}

impl Report<FightRule> for FightMetrics {
    fn declare(rule: &FightRule, layout: &mut Layout) -> Self {
        let metrics = Self {
            pcs_win: layout.proportion(
                "pcs_win",
                "chance every foe is out (dead or unconscious) first",
            ),
            foes_win: layout.proportion("foes_win", "chance every PC is out first"),
            draw: layout.proportion(
                "draw",
                "chance nobody wins: both sides out in the same round, or both still standing after max_rounds",
            ),
            mean_rounds: layout.mean("mean_rounds", "mean rounds of the fight"),
            pc_deaths: layout.mean(
                "pc_deaths",
                "mean PCs dead or in danger de mort at the end (first aid after the fight not counted)",
            ),
            p_any_pc_dies: layout.proportion(
                "p_any_pc_dies",
                "chance at least one PC is dead or dying at the end",
            ),
            hero_points_spent: layout
                .mean("hero_points_spent", "mean hero points spent by the party"),
            rounds: layout.histogram("rounds", "histogram of the rounds", (1, 20)),
        };
        // The ranges of the means (a fight lasts 1 to max_rounds rounds; 0 to every PC
        // dead; 0 to every hero point spent): their intervals stay inside.
        let pcs = rule.pcs as i64;
        layout.bounded(metrics.mean_rounds, 1, i64::from(rule.max_rounds));
        layout.bounded(metrics.pc_deaths, 0, pcs);
        layout.bounded(metrics.hero_points_spent, 0, pcs * rule.hero_points);
        metrics
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &FightOutcome, rec: &mut R) {
        rec.event(self.pcs_win, o.pcs_win);
        rec.event(self.foes_win, o.foes_win);
        rec.event(self.draw, !o.pcs_win && !o.foes_win);
        rec.value(self.mean_rounds, o.rounds as i64);
        rec.value(self.pc_deaths, o.deaths as i64);
        rec.event(self.p_any_pc_dies, o.deaths > 0);
        rec.value(self.hero_points_spent, o.hero_spent);
        rec.hist(self.rounds, o.rounds as i64);
    }
}

/// `cle.fight`: one whole fight.
pub type FightModel = Rolled<FightRule, FightMetrics>;

#[cfg(test)]
#[path = "fight_tests.rs"]
mod tests;
