//! A caster over several actions (seed chapter 2, "les actions de dépassement", Ex. 2.10;
//! chapter 3, "la fatigue", "points de karma"; the `aube` page → *The Mental and Mystique
//! tracks*), and the `aube.casting` mechanic: a spell cast again and again, each cast a
//! dépassement whose backlash lands on the caster's own Mystique, until the target falls or
//! the caster is spent.
//!
//! Each cast (one a round):
//! 1. the spell's test: CA `ca` less the caster's *points de karma* (the Mystique's fatigue
//!    points: "une pénalité sur toutes les CA reliées à ce domaine") and its pending
//!    étourdis, against the ND `diff`;
//! 2. when it beats `diff` the spell goes off: a blow on the target, resisted with the
//!    target's encaissement in the aspect the spell hits (`target.enc`, less the target's
//!    fatigue there) and its armour there (`target.be`); \[choice\] the blow's level is
//!    the intensity of the effect, `diff + bd` ("la Difficulté de l'effet [...] peut soit
//!    représenter un effet précis, ou l'intensité d'un effet"; switch `spell_blow`), or
//!    `D + bd` as a weapon's or a shot's (`spell_blow=degree`);
//! 3. the backlash: `Dom = Eff + Diff - °R` when the test beat `diff`, `Eff` otherwise,
//!    resisted with the caster's encaissement in Mystique (`enc`, My + Ré, less its karma:
//!    a Mystique CA too) and a Mystique armour (`be`). \[choice\] "généralement, les actions
//!    de dépassement n'entraînent qu'un malus en points de fatigue": only the fatigue
//!    points of the result count, as karma (`backlash=fatigue`, the default); "C'est au
//!    Gardien de la Clef de décider si le personnage a pu ou non se blesser":
//!    `backlash=wounds` puts the whole result on the caster's Mystique track (wounds, their
//!    karma, and an étourdi that lowers the next cast: "aura de la difficulté à utiliser
//!    son aspect Mystique").
//!
//! \[choice\] Whether a spell can be dodged: "l'esquive" is against a projectile "qu'il voit
//! venir"; with `spell_dodge=esquive` a spell is such a bolt, and its test's ND is `diff`
//! plus the target's esquive (`target.esq`), as a shot's is the range's difficulty plus it
//! ([`super::tir::dodged_nd`]); a test that does not beat that ND is a dépassement that
//! failed, its backlash the whole `Eff` (the spell's blow and the backlash's `Diff` stay
//! `diff`). `spell_dodge=none` (the default): a spell is not dodged.
//!
//! The casting ends when the target is out (a wound of `out_at`; \[choice\] the spell lands
//! before its backlash, so a cast that fells the target and spends the caster fells the
//! target), when the caster is out (\[choice\] karma points reaching `knockout` with
//! fatigue only, as a fist fight's knockout; a backlash wound of `out_at` with wounds), when
//! the caster is spent (\[choice\] no face of the d20 beats `diff` any more: casting on
//! would only bring the whole `Eff` on him, so he stops), or after `max_casts`. Without a
//! target (`target.enc` not given) the caster casts until he is out or spent: how many
//! spells he has in him.
//!
//! Exact values: the casting is a [`Fight`] whose state is the caster's Mystique track and
//! the target's track, and whose round is the cast the mechanic samples (a [`Cast`] step,
//! enumerated once per distinct cast), solved by the engine; none with a crit die.

use super::damage::{DamageResult, DamageRule};
use super::duel_exact::{pack, unpack};
use super::encaissement::{DefenceParams, depassement_level};
use super::resolution::{CritDie, TestOptions, TestRule};
use super::wounds::{OutAt, OverflowFatigue, WoundTrack};
use crate::engine::chain::Next;
use crate::engine::fight::Fight;
use crate::engine::fight_outcome::{ExactBudget, FightModel, FightOutcome};
use crate::engine::step::Step;
use crate::engine::{Dice, FromConfig, HistId, Layout, MetricId, Recorder};
use crate::error::{Error, Result};
use std::borrow::Cow;

crate::choice! {
    /// What the backlash of a cast does to the caster (see the module's \[choice\]).
    ///
    /// - `fatigue`: only its fatigue points count, as karma (the default: "généralement").
    /// - `wounds`: the whole result goes on the caster's Mystique track.
    #[derive(Hash)]
    pub enum Backlash { Fatigue = "fatigue", Wounds = "wounds" }
}

crate::choice! {
    /// The level of the blow a spell that went off deals the target.
    ///
    /// - `intensity`: `diff + bd`, the intensity of the effect (the default).
    /// - `degree`: `D + bd`, as a weapon's or a shot's.
    #[derive(Hash)]
    pub enum SpellBlow { Intensity = "intensity", Degree = "degree" }
}

crate::choice! {
    /// Whether the target of a spell dodges it (see the module's \[choice\]).
    ///
    /// - `none`: a spell is not dodged (the default).
    /// - `esquive`: a spell is a bolt the target sees coming: the ND is `diff` plus its esquive.
    #[derive(Hash)]
    pub enum SpellDodge { None = "none", Esquive = "esquive" }
}

crate::config! {
    /// The target of `aube.casting` (`target.enc`, `target.be`, `target.esq`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct SpellTarget {
        /// the target's encaissement in the aspect the spell hits (a fireball: Ph + Ré; a curse: My + Ré); not given: no target, the caster casts until spent
        enc: Option<i64> = int(-100..=100, optional),
        /// the target's bonus d'encaisse in that aspect
        be: i64 = int(-100..=100, default = 0),
        /// the target's esquive (Ph + Ma + BC(Évitement) - fa) against a spell it sees coming, with spell_dodge=esquive
        esq: Option<i64> = int(-50..=60, optional),
    }
}

crate::config! {
    /// The parameters of `aube.casting`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct CastingParams {
        /// CA of the spell (Ex. 2.10: My + Ma + Magie du Feu - 10 = 17), lowered by the caster's karma
        ca: i64 = int(-200..=200),
        /// Diff, the difficulty of the effect: the test's ND (and, with spell_blow=intensity, the blow's level)
        diff: i64 = int(-100..=100),
        /// Eff, effort maximal: the backlash's damage level when the test fails (Eff + Diff - °R when it beats Diff)
        eff: i64 = int(-100..=200),
        /// the caster's defence against the backlash: enc (My + Ré, Ex. 2.10: 14) and be in Mystique
        defence: DefenceParams = flatten(),
        /// the options of the caster's tests (the spell and the backlash's resistance)
        options: TestOptions = flatten(),
        /// the target: target.enc, target.be
        target: SpellTarget = group("target"),
        /// bonus de dommage of the spell, added to its blow
        bd: i64 = int(-100..=100, default = 0),
        /// [choice] the level of the spell's blow: intensity (diff + bd) or degree (D + bd, as a weapon)
        spell_blow: SpellBlow = choice(default = SpellBlow::Intensity),
        /// [choice] the backlash: fatigue (only its fatigue points count, as karma: "généralement") or wounds (its result on the caster's Mystique track)
        backlash: Backlash = choice(default = Backlash::Fatigue),
        /// [choice] whether a spell is dodged: none, or esquive (the ND is diff + target.esq, as a shot's)
        spell_dodge: SpellDodge = choice(default = SpellDodge::None),
        /// [choice] karma points at which the caster is out when the backlash is fatigue only (not given: 20, what a fatal blow gives)
        knockout: Option<i64> = int(1..=200, optional),
        /// the target (and, with backlash=wounds, the caster) is out at the first wound of this grade: fatale, critique, grave, legere
        out_at: OutAt = choice(default = OutAt::Fatale),
        /// casts before the casting stops
        max_casts: u32 = int(1..=10_000, default = 100, bounds_rounds),
    }
}

/// How a casting ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CastEnd {
    /// The target is out.
    TargetFalls,
    /// The caster is out: knocked out by karma, or wounded by the backlash.
    CasterOut,
    /// The caster can no longer beat `diff` and stops.
    Spent,
    /// `max_casts` casts, and none of the above.
    Capped,
}

/// The outcome of a casting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CastingOutcome {
    /// How it ended.
    pub end: CastEnd,
    /// Casts made (`max_casts` when capped).
    pub casts: u32,
    /// The caster's karma points at the end.
    pub karma: u16,
    /// Wounds on the target's track at the end.
    pub target_wounds: u8,
}

/// How a casting ends before its length is known: the end, the caster's karma, the
/// target's wounds.
pub type CastingEnd = (CastEnd, u16, u8);

/// One cast as a step: the spell's test, the blow on the target when it went off, the
/// backlash; what each track takes (the effective damages forgotten).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cast {
    /// The spell's test: CA now against `diff` (plus the target's esquive when it dodges).
    pub spell: TestRule,
    /// The target's esquive in the spell's ND (0: not dodged).
    pub dodge: i64,
    /// `Eff`.
    pub eff: i64,
    /// The backlash's damage step against the caster's Mystique now.
    pub backlash: DamageRule,
    /// The spell's damage step against the target now (`None`: no target).
    pub blow: Option<DamageRule>,
    /// The spell's bonus de dommage.
    pub bd: i64,
    /// How the spell's blow is read.
    pub spell_blow: SpellBlow,
}

impl std::hash::Hash for Cast {
    /// What changes from cast to cast (equal casts hash equal; the rest is compared).
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let target = self.blow.map_or(i64::MIN, |b| b.enc);
        state.write_i64(self.spell.ca ^ self.backlash.enc << 16 ^ target << 32);
    }
}

/// What one cast did: whether the spell went off, the backlash's result, the target's.
pub type CastResult = (bool, DamageResult, Option<DamageResult>);

impl Step for Cast {
    type Output = CastResult;

    #[inline]
    fn run<D: Dice>(&self, dice: &mut D) -> CastResult {
        let t = dice.step(&self.spell);
        let diff = self.spell.nd - self.dodge;
        let hit = t.beats_nd.then_some(()).and(self.blow).map(|rule| {
            let dom = match self.spell_blow {
                SpellBlow::Intensity => diff + self.bd,
                SpellBlow::Degree => t.degree + self.bd,
            };
            rule.roll(dom, dice).result
        });
        let dom = depassement_level(self.eff, diff, t.beats_nd, t.degree);
        (t.beats_nd, self.backlash.roll(dom, dice).result, hit)
    }
}

/// A caster casting a spell again and again at a target (see the module).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Casting {
    /// The caster's figures: the spell's CA, `diff`, `eff`, the Mystique defence.
    pub p: CastingParams,
    /// The karma that puts the caster out (`i64::MAX` with backlash wounds).
    knockout_at: i64,
    /// The target's esquive is lowered by the fatigue of the target's track (its
    /// Physique: `esquive_fatigue` of `aube.magic_duel`); false in `aube.casting`.
    esquive_fatigue: bool,
}

impl Casting {
    /// The casting of `p`.
    pub fn new(p: CastingParams) -> Self {
        let knockout_at = match p.backlash {
            Backlash::Fatigue => p.knockout.unwrap_or(super::nonlethal::KNOCKOUT),
            Backlash::Wounds => i64::MAX,
        };
        Self {
            p,
            knockout_at,
            esquive_fatigue: false,
        }
    }

    /// The same casting, the target's esquive lowered by the fatigue of its track when
    /// `on` (*la fatigue*: "une pénalité sur toutes les CA reliées à ce domaine", the
    /// esquive being "un jet de Manœuvre en Physique"): for a target whose track is its
    /// Physique, the caller's to know.
    pub fn with_esquive_fatigue(self, on: bool) -> Self {
        Self {
            esquive_fatigue: on,
            ..self
        }
    }

    /// The target's esquive in the spell's ND, the target's track being `target`:
    /// `target.esq` with `spell_dodge=esquive` (less the track's fatigue points with
    /// [`Casting::with_esquive_fatigue`]), 0 otherwise.
    #[inline]
    fn dodge(&self, target: &WoundTrack) -> i64 {
        match self.p.spell_dodge {
            SpellDodge::None => 0,
            SpellDodge::Esquive => {
                let tired = if self.esquive_fatigue {
                    target.fatigue()
                } else {
                    0
                };
                self.p.target.esq.unwrap_or(0) - tired
            }
        }
    }

    /// The spell's test for a caster with `karma` points (and `stun` étourdis pending)
    /// at a target whose esquive in the ND is `dodge`.
    fn spell_test(&self, karma: i64, stun: i64, dodge: i64) -> TestRule {
        let nd = super::tir::dodged_nd(self.p.diff, dodge);
        self.p.options.rule(self.p.ca - karma - stun, nd)
    }

    /// The cast of a caster with track `caster` on a target with track `target`.
    pub fn cast(&self, caster: &WoundTrack, target: &WoundTrack) -> Cast {
        let karma = caster.fatigue();
        let mut backlash = self.p.defence.rule(self.p.options);
        backlash.enc -= karma;
        let blow = self.p.target.enc.map(|enc| {
            let target_options = TestOptions {
                die: self.p.options.die,
                ..TestOptions::DEFAULT
            };
            let mut rule = self.p.defence.rule(target_options);
            rule.enc = enc - target.fatigue();
            rule.be = self.p.target.be;
            rule
        });
        let dodge = self.dodge(target);
        Cast {
            spell: self.spell_test(karma, caster.stun(), dodge),
            dodge,
            eff: self.p.eff,
            backlash,
            blow,
            bd: self.p.bd,
            spell_blow: self.p.spell_blow,
        }
    }

    /// Puts a cast's results on the tracks: the target's blow as any wound (the target
    /// does not act: its étourdis are forgotten), the backlash as karma or as a wound.
    #[inline]
    pub fn take(&self, result: &CastResult, caster: &mut WoundTrack, target: &mut WoundTrack) {
        if let Some(hit) = result.2 {
            self.land(hit, target);
            target.saturate(i64::MAX, false);
        }
        self.backlash_on(result.1, caster);
    }

    /// Puts the spell's blow of result `hit` on the target's track, as any wound (its
    /// étourdis kept: the caller forgets them when the target does not act).
    #[inline]
    pub fn land(&self, hit: DamageResult, target: &mut WoundTrack) {
        target.take_with(hit, OverflowFatigue::Recorded, &self.p.defence.tables);
    }

    /// Puts the backlash of result `backlash` on the caster's Mystique track, as karma or
    /// as a wound, after spending the étourdis the cast took.
    #[inline]
    pub fn backlash_on(&self, backlash: DamageResult, caster: &mut WoundTrack) {
        let tables = &self.p.defence.tables;
        caster.attack_handicap();
        match self.p.backlash {
            Backlash::Fatigue => caster.add_fatigue(tables.fatigue.points(backlash)),
            Backlash::Wounds => {
                caster.take_with(backlash, OverflowFatigue::Recorded, tables);
            }
        }
    }

    /// Whether the caster of Mystique track `caster` is out: knocked out by karma, or a
    /// wound of `out_at` there.
    #[inline]
    pub fn caster_out(&self, caster: &WoundTrack) -> bool {
        caster.is_out(self.p.out_at) || caster.fatigue() >= self.knockout_at
    }

    /// Whether the caster of Mystique track `caster` is spent: no face of the d20 beats
    /// the spell's ND at his karma (the ND of a target of track `target`).
    #[inline]
    pub fn spent(&self, caster: &WoundTrack, target: &WoundTrack) -> bool {
        !self
            .spell_test(caster.fatigue(), 0, self.dodge(target))
            .can_beat_nd()
    }

    /// How the casting stands after a cast: ended, or on.
    pub fn end_after(&self, caster: &WoundTrack, target: &WoundTrack) -> Option<CastEnd> {
        if target.is_out(self.p.out_at) {
            Some(CastEnd::TargetFalls)
        } else if self.caster_out(caster) {
            Some(CastEnd::CasterOut)
        } else if self.spent(caster, target) {
            Some(CastEnd::Spent)
        } else {
            None
        }
    }

    /// The end with the tracks.
    fn ending(end: CastEnd, caster: &WoundTrack, target: &WoundTrack) -> CastingEnd {
        let karma = caster.fatigue().clamp(0, u16::MAX as i64) as u16;
        (end, karma, target.wounds())
    }
}

impl Fight for Casting {
    type State = u64;
    type End = CastingEnd;

    fn start(&self) -> u64 {
        pack(&[WoundTrack::new(); 2])
    }

    fn round<D: Dice>(&self, &state: &u64, dice: &mut D) -> Next<u64, CastingEnd> {
        let [mut caster, mut target] = unpack(state);
        let result = dice.step(&self.cast(&caster, &target));
        self.take(&result, &mut caster, &mut target);
        match self.end_after(&caster, &target) {
            Some(end) => Next::End(Self::ending(end, &caster, &target)),
            None => Next::Round(pack(&[caster, target])),
        }
    }

    fn at_cap(&self, &state: &u64) -> CastingEnd {
        let [caster, target] = unpack(state);
        Self::ending(CastEnd::Capped, &caster, &target)
    }
}

/// Refuses an esquive without a dodge, or a dodge without an esquive.
pub fn check_dodge(p: &CastingParams) -> Result<()> {
    match (p.spell_dodge, p.target.esq) {
        (SpellDodge::None, Some(_)) => Err(Error::value(
            "target.esq",
            "a spell is dodged only with spell_dodge=esquive",
        )),
        (SpellDodge::Esquive, None) => Err(Error::value(
            "target.esq",
            "spell_dodge=esquive needs the target's esquive, target.esq",
        )),
        _ => Ok(()),
    }
}

/// What `aube.casting` reports.
#[derive(Debug, Clone, PartialEq)]
struct CastingMetrics {
    ends: [MetricId; 4],
    mean_casts: MetricId,
    mean_karma: MetricId,
    casts: HistId,
    karma: HistId,
    target_wounds: HistId,
}

/// `aube.casting`: a caster casting a spell again and again (see the module).
#[derive(Debug, Clone, PartialEq)]
pub struct CastingModel {
    /// The casting.
    pub casting: Casting,
    layout: Layout,
    m: CastingMetrics,
}

impl FromConfig<CastingParams> for CastingModel {
    fn from_config(p: CastingParams) -> Result<Self> {
        if p.backlash == Backlash::Wounds && p.knockout.is_some() {
            return Err(Error::value(
                "knockout",
                "karma knocks the caster out when the backlash is fatigue only; with backlash=wounds the caster is out at out_at",
            ));
        }
        check_dodge(&p)?;
        let casting = Casting::new(p);
        let fresh = WoundTrack::new();
        if casting.spent(&fresh, &fresh) {
            return Err(Error::value(
                "diff",
                format!(
                    "no face of the d20 beats diff={}{} at ca={}: the spell never goes off",
                    p.diff,
                    match casting.dodge(&fresh) {
                        0 => String::new(),
                        esq => format!(" plus the esquive {esq}"),
                    },
                    p.ca
                ),
            ));
        }
        let mut layout = Layout::new();
        let ends = [
            layout.proportion("target_falls", "chance the target is out"),
            layout.proportion(
                "caster_out",
                "chance the caster is out first (karma at knockout, or a backlash wound of out_at)",
            ),
            layout.proportion(
                "caster_spent",
                "chance the caster stops, his karma leaving no face that beats diff",
            ),
            layout.proportion("capped", "chance the casting is still on after max_casts"),
        ];
        let mean_casts = layout.mean("mean_casts", "mean casts made (capped: max_casts)");
        layout.bounded(mean_casts, 0, i64::from(p.max_casts));
        let m = CastingMetrics {
            ends,
            mean_casts,
            mean_karma: layout.mean(
                "mean_karma",
                "mean points de karma of the caster at the end",
            ),
            casts: layout.histogram("casts", "histogram of the casts made", (1, 40)),
            karma: layout.histogram(
                "karma",
                "histogram of the caster's points de karma at the end",
                (0, 40),
            ),
            target_wounds: layout.histogram(
                "target_wounds",
                "histogram of the wounds on the target's track at the end",
                (0, 8),
            ),
        };
        Ok(Self { casting, layout, m })
    }
}

impl FightModel for CastingModel {
    fn layout(&self) -> Layout {
        self.layout.clone()
    }

    fn sample<D: Dice>(&self, dice: &mut D) -> CastingOutcome {
        let (end, casts) =
            crate::engine::fight::play(&self.casting, dice, self.casting.p.max_casts);
        self.outcome_of(&end, casts)
    }

    fn record<R: Recorder>(&self, o: &CastingOutcome, rec: &mut R) {
        let m = &self.m;
        let ends = [
            CastEnd::TargetFalls,
            CastEnd::CasterOut,
            CastEnd::Spent,
            CastEnd::Capped,
        ];
        for (id, end) in m.ends.iter().zip(ends) {
            rec.event(*id, o.end == end);
        }
        rec.value(m.mean_casts, i64::from(o.casts));
        rec.value(m.mean_karma, i64::from(o.karma));
        rec.hist(m.casts, i64::from(o.casts));
        rec.hist(m.karma, i64::from(o.karma));
        rec.hist(m.target_wounds, i64::from(o.target_wounds));
    }
}

/// The casting solved as a fight; no exact values with a crit die (its open-ended d20
/// lets a spent caster still cast).
impl FightOutcome for CastingModel {
    type Fight = Casting;
    type Outcome = CastingOutcome;

    fn exact_fight(&self) -> Option<Cow<'_, Casting>> {
        (self.casting.p.options.crit == CritDie::None).then_some(Cow::Borrowed(&self.casting))
    }

    fn exact_budget(&self) -> ExactBudget {
        ExactBudget::capped_at(self.casting.p.max_casts)
    }

    fn outcome_of(&self, &(end, karma, target_wounds): &CastingEnd, casts: u32) -> CastingOutcome {
        CastingOutcome {
            end,
            casts,
            karma,
            target_wounds,
        }
    }
}

#[cfg(test)]
#[path = "casting_tests.rs"]
mod tests;
