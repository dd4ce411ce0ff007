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
//!   Risque, Efficacité, Attaque meurtrière or Difficulté on every attack).
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
//! - Hero points (10/8/6/4 per PC for 2/3/4/5 PCs) are spent by `hero_policy`: a fourth
//!   die on each attack (adds to the damage), on the first defence of each round (taken
//!   off the damage), both, or never (`hero_points` gives another number per PC). NPCs
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

use super::damage::{DAMAGE_DICE, Weapon};
use super::roll::TEST_TOTAL;
use super::tables::CleTables;
pub use super::vitality::{Profile, State, hero_points};
use crate::engine::house_step::StepRule;
use crate::engine::{HistId, Layout, MetricId, Party, Recorder, Report, Rolled};
use crate::error::{Error, Result};

/// The round-by-round play of [`FightRule::roll`] (`fight_play.rs`).
#[path = "fight_play.rs"]
mod play;

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

crate::config! {
    /// The parts of a profile (`pc.*`, `foe.*`) that do not depend on the party's size.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct ProfileParams {
        /// Combat
        combat: i64 = int(-10..=40, default = 8),
        /// Défense
        defense: i64 = int(-10..=40, default = 6),
        /// Résistance
        resistance: i64 = int(-10..=40, default = 6),
        /// Volonté
        volonte: i64 = int(-10..=40, default = 6),
        /// weapon damage: 1d6, 2d6, 3d6 or unarmed (the damage bonus only)
        damage: Weapon = choice(default = Weapon::D2),
        /// damage bonus
        bonus: i64 = int(-5..=20, default = 1),
        /// protection
        protection: i64 = int(0..=20, default = 1),
        /// Soins (first aid in the fight, with first_aid)
        soins: i64 = int(-10..=40, default = 5),
        /// Réflexes (interrupting an adversary, with interrupt)
        reflexes: i64 = int(-10..=40, default = 6),
    }
}

impl ProfileParams {
    /// The profile with `vitality`.
    pub fn with_vitality(self, vitality: i64) -> Profile {
        Profile {
            combat: self.combat,
            defense: self.defense,
            vitality,
            resistance: self.resistance,
            volonte: self.volonte,
            weapon: self.damage,
            bonus: self.bonus,
            protection: self.protection,
            soins: self.soins,
            reflexes: self.reflexes,
        }
    }
}

crate::config! {
    /// The PCs' shared profile (`pc.*`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct PcParams {
        /// PC vitality
        vitality: i64 = int(1..=100, default = 20),
        /// the rest of the profile
        profile: ProfileParams = flatten(),
    }
}

crate::config! {
    /// A foe of a mixed list (`foes` of `cle.fight`; a `cle` roster's `[[foe]]`).
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct FoeMember {
        /// its tier: boss (mal en point like a PC; always one), seconds, figurants (1 vitality, groups of 5)
        tier: Opponent = choice(default = Opponent::Seconds),
        /// its vitality and numbers by party size, and its profile
        foe: FoeParams = flatten(),
    }
}

crate::config! {
    /// The foes' profile and numbers (`foe.*`).
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct FoeParams {
        /// foe vitality for 2, 3, 4, 5 PCs (boss and seconds couteaux; figurants have 1)
        vitality: Vec<i64> = list(1..=200, len = 4..=4, default = vec![20, 30, 40, 50]),
        /// number of foes for 2, 3, 4, 5 PCs (seconds couteaux and figurants; one boss)
        count: Vec<i64> = list(1..=MAX_FOES as i64, len = 4..=4, default = vec![2, 3, 4, 5]),
        /// the rest of the profile
        profile: ProfileParams = flatten(),
    }
}

crate::config! {
    /// The parameters of `cle.fight`.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct FightParams {
        /// number of PCs (all share the pc.* profile)
        pcs: usize = int(2..=5, default = 4),
        /// the PCs' profile
        pc: PcParams = fighter("pc"),
        /// instead of pcs and pc.*: the PCs by roster name, of different profiles (bretteur,costaud*2); given with pcs, pc or pc.*, an error
        party: Option<Party<PcParams>> = side(len = 2..=MAX_PCS, optional, instead_of = ["pcs", "pc"]),
        /// hero points (10/8/6/4 per PC for 2/3/4/5 PCs) buy a fourth die on: none, attack,
        /// defense (first defence each round), both
        hero_policy: HeroPolicy = choice(default = HeroPolicy::Attack),
        /// hero points per PC at the start (default: the text's 10/8/6/4 for 2/3/4/5 PCs)
        hero_points: Option<i64> = int(0..=30, optional),
        /// a PC spends 1 hero point to roll a failed test again, once a round: none,
        /// attack (a missed attack), defense (a failed defence against a hit dealing
        /// damage), both (the first of them that fails)
        hero_reroll: HeroReroll = choice(default = HeroReroll::None),
        /// a PC spends 2 hero points to cancel a wound, once a round: none, mal_en_point
        /// (a wound that would bring the mal en point tests), any (every wound)
        hero_cancel: HeroCancel = choice(default = HeroCancel::None),
        /// an ally spends 2 hero points, once a round, to take a wound that would bring a
        /// PC's mal en point tests, when it stays above 0 vitality itself
        hero_cover: bool = switch(default = false),
        /// [choice] the ally who covers takes the hit against its own protection (else
        /// the damage announced to the PC it covers)
        cover_protection: bool = switch(default = false),
        /// [choice] each hero point effect (the fourth die on defence too) once a round
        /// (round), or once in each character's turn (turn)
        hero_limit: HeroLimit = choice(default = HeroLimit::Round),
        /// the prime and pénalité the PCs take on every attack: none, efficacite_danger
        /// (+2, the next defence -2), meurtriere_danger (+1d6 damage, the next defence
        /// -2), prudence_difficulte (-2, the next defence +2), efficacite_risque (+2, an
        /// incident on a miss), meurtriere_risque (+1d6 damage, an incident on a miss)
        pc_trade: Trade = choice(default = Trade::None),
        /// the prime and pénalité the foes take on every attack (as pc_trade; a figurant
        /// group's lead carries it)
        foe_trade: Trade = choice(default = Trade::None),
        /// [choice] the incident a Risque brings when the attack misses (the text leaves
        /// it to the GM): lose_action (the next turn lost), fall (the next attack at -2,
        /// made while standing up)
        risque: Incident = choice(default = Incident::LoseAction),
        /// [choice] which foes the PCs attack together by the rule of cooperation (l'union
        /// fait la force: the best result leads, +1 per other result of 15 or more, -1 per
        /// other below 10): none, boss, all
        union: Union = choice(default = Union::None),
        /// who tries to interrupt an adversary about to act, when it has not acted this
        /// round (an opposition of Réflexes: on a win it acts first with a pénalité, on a
        /// loss it loses its turn): none, pcs, foes, both
        interrupt: Sides = choice(default = Sides::None),
        /// [choice] the pénalité obligatoire of an interruption: difficulte (-2 to the
        /// interrupting attack), danger (-2 to the next defence)
        interrupt_penalty: Penalty = choice(default = Penalty::Difficulte),
        /// who kills an unconscious adversary (one who would stand again) with an action
        /// instead of attacking: none, pcs, foes, both
        finish_off: Sides = choice(default = Sides::None),
        /// who gives first aid (Soins against 20) to an ally dying or unconscious with an
        /// action instead of attacking: none, pcs, foes, both
        first_aid: Sides = choice(default = Sides::None),
        /// [choice] a character whose first aid failed is tended again at the next turns
        /// (else never again in the fight)
        aid_retry: bool = switch(default = false),
        /// the side surprised in the first round, which neither acts nor defends: none,
        /// pcs, foes
        surprise: Surprise = choice(default = Surprise::None),
        /// the difficulty of the Combat test that hits a surprised defender (the text:
        /// set by the GM, generally 10)
        unperceived: i64 = int(0..=40, default = 10),
        /// the rule tables (the difficulty of first aid): `alea rules cle`
        tables: CleTables = rules(),
        /// boss (one, mal en point like a PC), seconds (seconds couteaux), figurants (1
        /// vitality, groups of 5)
        opponent: Opponent = choice(default = Opponent::Boss),
        /// the foes
        foe: FoeParams = fighter("foe"),
        /// instead of opponent and foe.*: foes of several tiers by roster name (boss_brute,lieutenants,mob), each bringing its tier and, for seconds and figurants, its number for the party's size (mob*2: twice that); the PCs attack them in this order; given with opponent, foe or foe.*, an error
        foes: Option<Party<FoeMember>> = side(len = 1..=MAX_FOES, optional, instead_of = ["opponent", "foe"]),
        /// [choice] a defender defends at -2 whenever two or more enemies stand
        outnumbered: bool = switch(default = true),
        /// [choice] order of play in a round: answer (each foe attacked answers the PC at
        /// once, else the first that has not acted; the others act last), answer_eliminated
        /// (another foe answers only for one attacked that is out), pcs_first (every PC, then every foe), foes_first
        /// (every foe, then every PC)
        order: FightOrder = choice(default = FightOrder::Answer),
        /// rounds before the fight is called off (both sides still standing: counted as `draw`, lasting max_rounds)
        max_rounds: u32 = int(1..=200, default = 60, bounds_rounds),
        /// the damage dice read off an attack: official, or a house rule's script
        /// (`damage_dice`)
        damage_dice: StepRule = house_step(&DAMAGE_DICE),
        /// the total read off the dice of every roll (attacks, defences, mal en point
        /// tests): official, or a house rule's script (`test_total`)
        test_total: StepRule = house_step(&TEST_TOTAL),
    }
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

impl TryFrom<FightParams> for FightRule {
    type Error = Error;

    fn try_from(p: FightParams) -> Result<Self> {
        let (pcs, pc) = match &p.party {
            Some(party) => {
                let first = &party.members[0].1;
                let mut pc = [first.profile.with_vitality(first.vitality); MAX_PCS];
                for (slot, m) in pc.iter_mut().zip(party.fighters()) {
                    *slot = m.profile.with_vitality(m.vitality);
                }
                (party.len(), pc)
            }
            None => (p.pcs, [p.pc.profile.with_vitality(p.pc.vitality); MAX_PCS]),
        };
        if !(2..=MAX_PCS).contains(&pcs) {
            return Err(Error::value("pcs", "the number of PCs must be in 2..=5"));
        }
        let by_party = |name: &str, list: &[i64]| -> Result<i64> {
            list.get(pcs - 2).copied().ok_or_else(|| {
                Error::value(
                    name,
                    "give four values, for 2, 3, 4 and 5 PCs, like [20,30,40,50]",
                )
            })
        };
        // One tier, profile and number per kind of foe, in order.
        let kinds: Vec<(Opponent, &FoeParams, &str)> = match &p.foes {
            Some(side) => side.fighters().map(|m| (m.tier, &m.foe, "foes")).collect(),
            None => vec![(p.opponent, &p.foe, "foe.count")],
        };
        let mut foe = Vec::new();
        for (tier, params, name) in kinds {
            let vitality = match tier {
                Opponent::Figurants => 1,
                _ => by_party("foe.vitality", &params.vitality)?,
            };
            let count = match tier {
                Opponent::Boss => 1,
                _ => by_party(name, &params.count)?,
            };
            if !(1..=MAX_FOES as i64).contains(&count) {
                return Err(Error::value(name, "each count must be in 1..=20"));
            }
            foe.extend(std::iter::repeat_n(
                (tier, params.profile.with_vitality(vitality)),
                count as usize,
            ));
        }
        if foe.len() > MAX_FOES {
            return Err(Error::value(
                "foes",
                format!(
                    "makes {} foes for {pcs} PCs; a fight has at most {MAX_FOES}",
                    foe.len()
                ),
            ));
        }
        let mut rule = FightRule::uniform(pcs, pc[0], foe[0].0, foe[0].1, foe.len());
        rule.pc = pc;
        for (slot, f) in rule.foe.iter_mut().zip(&foe) {
            *slot = *f;
        }
        rule.hero_policy = p.hero_policy;
        rule.hero_points = p.hero_points.unwrap_or(hero_points(pcs));
        rule.hero = HeroSpending {
            reroll: p.hero_reroll,
            cancel: p.hero_cancel,
            cover: p.hero_cover,
            cover_protection: p.cover_protection,
            limit: p.hero_limit,
        };
        rule.pc_trade = p.pc_trade;
        rule.foe_trade = p.foe_trade;
        rule.risque = p.risque;
        rule.union = p.union;
        rule.interrupt = p.interrupt;
        rule.interrupt_penalty = p.interrupt_penalty;
        rule.surprise = p.surprise;
        rule.unperceived = p.unperceived;
        rule.downed = Downed {
            finish_off: p.finish_off,
            first_aid: p.first_aid,
            aid_retry: p.aid_retry,
            aid_difficulty: p.tables.care.first_aid,
        };
        rule.outnumbered = p.outnumbered;
        rule.order = p.order;
        rule.max_rounds = p.max_rounds;
        rule.damage_dice = p.damage_dice;
        rule.test_total = p.test_total;
        Ok(rule)
    }
}

/// `cle.fight`: one whole fight.
pub type FightModel = Rolled<FightRule, FightMetrics>;

#[cfg(test)]
#[path = "fight_tests.rs"]
mod tests;
