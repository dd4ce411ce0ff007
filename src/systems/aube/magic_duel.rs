//! A magic duel (seed chapter 2, "les actions de dépassement", Ex. 2.10; chapter 3, "la
//! fatigue", "points de karma", "l'esquive"; the `aube` page → *The Mental and Mystique
//! tracks*), and the `aube.magic_duel` mechanic: two casters casting at each other, each
//! cast the one of [`super::casting`] (its [`Cast`] step, its backlash), until one is out.
//!
//! Each caster has two tracks: his Mystique, which takes his own backlash (its points de
//! karma lowering his spell and his Foi), and the track of the aspect the other's spell
//! hits (switch `aspect`: `physique`, a fireball, resisted with `enc_hit`, Ph + Ré;
//! `mental`, with `enc_hit`, Me + Ré; `mystique`, a curse, resisted with his Foi `enc`
//! and landing on the Mystique track itself, so that its karma and étourdis lower his next
//! cast). Each caster is a [`Casting`] aimed at the other's track.
//!
//! A round is one cast by each caster, the one with the initiative first (switch
//! `initiative`, as the duel's); as in the duel, a caster put out by the first cast does
//! not cast back. \[choice\] As in `aube.casting`, the spell lands before its backlash: a
//! cast that fells its target and its caster wins the duel for the caster. A spent caster
//! (no face of the d20 beats his spell's ND any more) stops casting and waits; \[choice\]
//! when both are spent and standing, nothing can change any more and the duel is a draw
//! after the rounds fought (as `aube.casting` counts a spent caster's casts; the duel of
//! classic combat counts such a draw `max_rounds`). Rounds are capped (`max_rounds`), a
//! capped duel a draw.
//!
//! With `spell_dodge=esquive` a caster's esquive is lowered by his Physique fatigue when
//! the spells hit the Physique (*la fatigue* lowers every Physique CA, the esquive one of
//! them; switch `esquive_fatigue=false` gives it as it stands), and a caster who casts and
//! dodges may take the handicaps of multiple actions (\[choice\] switch `dodge_actions`,
//! `magic_duel_dodge.rs`).
//!
//! Exact values: the duel is a [`Fight`] whose state is the four tracks and the casts each
//! caster skipped (spent, or felled before his turn), and whose round is the round sampled
//! here, each cast the [`Cast`] step; solved by the engine; none with a crit die.

use super::aspect::Aspect;
use super::casting::{
    Backlash, Cast, Casting, CastingParams, SpellBlow, SpellDodge, SpellTarget, check_dodge,
};
use super::duel::Initiative;
use super::duel_end::{DuelEndMetrics, DuelEndParams};
use super::encaissement::DefenceParams;
use super::resolution::{CritDie, TestOptions};
use super::wounds::WoundTrack;
use crate::engine::chain::Next;
use crate::engine::fight::{Fight, Side, Winner};
use crate::engine::fight_outcome::{ExactBudget, FightModel, FightOutcome};
use crate::engine::{Dice, FromConfig, Layout, MetricId, Recorder};
use crate::error::{Error, Result};
use std::borrow::Cow;

#[path = "magic_duel_dodge.rs"]
mod dodge;
pub use dodge::{DodgeActions, cast_and_dodge};

crate::config! {
    /// One caster of `aube.magic_duel` (`a.*`, `b.*`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct CasterParams {
        /// CA of his spell (Ex. 2.10: My + Ma + Magie du Feu - 10 = 17), lowered by his karma
        ca: i64 = int(-200..=200),
        /// Diff, the difficulty of his spell's effect: the test's ND (and, with spell_blow=intensity, the blow's level)
        diff: i64 = int(-100..=100),
        /// Eff, effort maximal: his backlash's damage level when the test fails (Eff + Diff - °R when it beats Diff)
        eff: i64 = int(-100..=200),
        /// his Mystique defence: enc (My + Ré, Foi) and be, against his backlash and a spell on the Mystique
        defence: DefenceParams = flatten(),
        /// the options of his tests
        options: TestOptions = flatten(),
        /// bonus de dommage of his spell
        bd: i64 = int(-100..=100, default = 0),
        /// his encaissement in the aspect the spells hit (physique: Ph + Ré; mental: Me + Ré); with aspect=mystique his Foi enc
        enc_hit: Option<i64> = int(-100..=100, optional),
        /// his bonus d'encaisse in the aspect the spells hit (with aspect=mystique his be)
        be_hit: i64 = int(-100..=100, default = 0),
        /// his esquive (Ph + Ma + BC(Évitement) - fa) against a spell he sees coming, with spell_dodge=esquive
        esq: Option<i64> = int(-50..=60, optional),
    }
}

crate::config! {
    /// The parameters of `aube.magic_duel`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct MagicDuelParams {
        /// caster A
        a: CasterParams = group("a"),
        /// caster B
        b: CasterParams = group("b"),
        /// the aspect both spells hit: physique (a fireball), mental, mystique (a curse: on the Mystique track itself)
        aspect: Aspect = choice(default = Aspect::Physique),
        /// [choice] the level of a spell's blow: intensity (diff + bd) or degree (D + bd, as a weapon)
        spell_blow: SpellBlow = choice(default = SpellBlow::Intensity),
        /// [choice] the backlash: fatigue (only its fatigue points count, as karma: "généralement") or wounds (its result on the caster's Mystique track)
        backlash: Backlash = choice(default = Backlash::Fatigue),
        /// [choice] whether a spell is dodged: none, or esquive (its ND is diff + the target's esq, as a shot's)
        spell_dodge: SpellDodge = choice(default = SpellDodge::None),
        /// with spell_dodge=esquive and aspect=physique (the one aspect whose fatigue the duel tracks): each caster's esquive, a Physique CA, is lowered by his Physique fatigue points, as la fatigue lowers every CA of its domain; false: the esquive as given (a house rule)
        esquive_fatigue: bool = switch(default = true),
        /// [choice] with spell_dodge=esquive, the multiple-action handicaps of a caster who casts and dodges: free (none), cast_first (spell -2, esquive -5), dodge_first (esquive -2, spell -5), unplanned (the dodge an unplanned action: esquive -5)
        dodge_actions: DodgeActions = choice(default = DodgeActions::Free),
        /// [choice] karma points at which a caster is out when the backlash is fatigue only (not given: 20)
        knockout: Option<i64> = int(1..=200, optional),
        /// who casts first each round: a, b, random (drawn each round)
        initiative: Initiative = choice(default = Initiative::Random),
        /// when a caster is out, and the rounds before a draw
        end: DuelEndParams = flatten(),
    }
}

/// The state of a magic duel: the packed tracks (A's Mystique, B's Mystique, A's and B's
/// tracks of the aspect hit, unused with `aspect=mystique`) and the casts each skipped.
pub type MagicDuelState = ([u32; 4], [u32; 2]);

/// How a magic duel ends: the winner, each caster's karma, the casts each skipped.
pub type MagicDuelEnd = (Winner, [u16; 2], [u32; 2]);

/// The outcome of a magic duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MagicDuelOutcome {
    /// Who put the other out (a draw: both spent, or `max_rounds`).
    pub winner: Winner,
    /// Rounds fought.
    pub rounds: u32,
    /// The casts each caster made.
    pub casts: [u32; 2],
    /// Each caster's points de karma at the end.
    pub karma: [u16; 2],
}

/// Two casters casting at each other (see the module).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MagicDuel {
    /// A's casting at B and B's at A.
    pub casters: [Casting; 2],
    /// The aspect the spells hit.
    pub aspect: Aspect,
    /// Who casts first.
    pub initiative: Initiative,
}

impl MagicDuel {
    /// The magic duel of `p`; an error names a caster's missing figure.
    pub fn new(p: &MagicDuelParams) -> Result<Self> {
        if p.spell_dodge != SpellDodge::Esquive && p.dodge_actions != DodgeActions::Free {
            return Err(Error::value(
                "dodge_actions",
                "dodge_actions is about a caster who dodges: use spell_dodge=esquive",
            ));
        }
        // Only a dodged spell meets the esquive, and only the Physique hit tires it.
        let esquive_fatigue = p.esquive_fatigue
            && p.spell_dodge == SpellDodge::Esquive
            && p.aspect == Aspect::Physique;
        let (cast_handicap, dodge_handicap) =
            cast_and_dodge(p.dodge_actions, &p.a.defence.tables.multiple);
        let casting = |me: &CasterParams, foe: &CasterParams, who: &str| -> Result<Casting> {
            let (enc, be) = match p.aspect {
                Aspect::Mystique => {
                    if foe.enc_hit.is_some() {
                        return Err(Error::value(
                            format!("{who}.enc_hit"),
                            "with aspect=mystique a spell is resisted with the Foi, enc",
                        ));
                    }
                    (foe.defence.enc, foe.defence.be)
                }
                _ => (
                    foe.enc_hit.ok_or_else(|| {
                        Error::value(
                            format!("{who}.enc_hit"),
                            format!(
                                "the spells hit the {}: give {who}'s encaissement there",
                                p.aspect.label()
                            ),
                        )
                    })?,
                    foe.be_hit,
                ),
            };
            let params = CastingParams {
                ca: me.ca - cast_handicap,
                diff: me.diff,
                eff: me.eff,
                defence: me.defence,
                options: me.options,
                target: SpellTarget {
                    enc: Some(enc),
                    be,
                    esq: foe.esq.map(|esq| esq - dodge_handicap),
                },
                bd: me.bd,
                spell_blow: p.spell_blow,
                backlash: p.backlash,
                spell_dodge: p.spell_dodge,
                knockout: p.knockout,
                out_at: p.end.out_at,
                max_casts: p.end.max_rounds,
            };
            check_dodge(&params).map_err(|_| {
                Error::value(
                    format!("{who}.esq"),
                    "give each caster's esq with spell_dodge=esquive, and only then",
                )
            })?;
            Ok(Casting::new(params).with_esquive_fatigue(esquive_fatigue))
        };
        Ok(Self {
            casters: [casting(&p.a, &p.b, "b")?, casting(&p.b, &p.a, "a")?],
            aspect: p.aspect,
            initiative: p.initiative,
        })
    }

    /// The index in the state of the track `side`'s foe's spell hits.
    #[inline]
    fn hit_track(&self, side: usize) -> usize {
        match self.aspect {
            Aspect::Mystique => side,
            _ => 2 + side,
        }
    }

    /// The cast of `side` on the tracks `t`.
    pub fn cast(&self, side: usize, t: &[WoundTrack; 4]) -> Cast {
        self.casters[side].cast(&t[side], &t[self.hit_track(1 - side)])
    }

    /// Whether `side` is spent on the tracks `t`: no face beats his spell's ND, at his
    /// karma and the other's esquive now.
    #[inline]
    pub fn spent(&self, side: usize, t: &[WoundTrack; 4]) -> bool {
        self.casters[side].spent(&t[side], &t[self.hit_track(1 - side)])
    }

    /// Whether `side` is out on the tracks `t`.
    #[inline]
    pub fn out(&self, side: usize, t: &[WoundTrack; 4]) -> bool {
        self.casters[side].caster_out(&t[side])
            || t[self.hit_track(side)].is_out(self.casters[side].p.out_at)
    }

    /// One turn of `side`: his cast when he is not spent (the tracks changed), and the
    /// winner when it put someone out. `skipped` counts a spent caster's turn.
    pub fn turn<D: Dice>(
        &self,
        side: usize,
        t: &mut [WoundTrack; 4],
        skipped: &mut [u32; 2],
        dice: &mut D,
    ) -> Option<Winner> {
        let caster = &self.casters[side];
        if self.spent(side, t) {
            skipped[side] += 1;
            return None;
        }
        let (_, backlash, hit) = dice.step(&self.cast(side, t));
        let foe = self.hit_track(1 - side);
        if let Some(hit) = hit {
            caster.land(hit, &mut t[foe]);
            if self.aspect != Aspect::Mystique {
                // Étourdis outside the Mystique lower nothing a caster does.
                t[foe].saturate(i64::MAX, false);
            }
        }
        caster.backlash_on(backlash, &mut t[side]);
        if self.out(1 - side, t) {
            Some(Side::at(side).into())
        } else if self.out(side, t) {
            Some(Side::at(1 - side).into())
        } else {
            None
        }
    }

    /// The end with the tracks.
    fn ending(winner: Winner, t: &[WoundTrack; 4], skipped: [u32; 2]) -> MagicDuelEnd {
        let karma = |k: usize| t[k].fatigue().clamp(0, u16::MAX as i64) as u16;
        (winner, [karma(0), karma(1)], skipped)
    }
}

impl Fight for MagicDuel {
    type State = MagicDuelState;
    type End = MagicDuelEnd;

    fn start(&self) -> MagicDuelState {
        ([WoundTrack::new().pack(); 4], [0; 2])
    }

    fn round<D: Dice>(
        &self,
        state: &MagicDuelState,
        dice: &mut D,
    ) -> Next<MagicDuelState, MagicDuelEnd> {
        let mut t = state.0.map(WoundTrack::unpack);
        let mut skipped = state.1;
        let first = match self.initiative {
            Initiative::A => 0,
            Initiative::B => 1,
            Initiative::Random => (dice.die(2) - 1) as usize,
        };
        if let Some(winner) = self.turn(first, &mut t, &mut skipped, dice) {
            // The second caster's turn is not played.
            skipped[1 - first] += 1;
            return Next::End(Self::ending(winner, &t, skipped));
        }
        if let Some(winner) = self.turn(1 - first, &mut t, &mut skipped, dice) {
            return Next::End(Self::ending(winner, &t, skipped));
        }
        if (0..2).all(|k| self.spent(k, &t)) {
            return Next::End(Self::ending(Winner::Draw, &t, skipped));
        }
        Next::Round((t.map(|track| track.pack()), skipped))
    }

    fn at_cap(&self, state: &MagicDuelState) -> MagicDuelEnd {
        Self::ending(Winner::Draw, &state.0.map(WoundTrack::unpack), state.1)
    }
}

/// What `aube.magic_duel` reports beyond the duel's four metrics.
#[derive(Debug, Clone, PartialEq)]
struct CastMetrics {
    mean_casts: [MetricId; 2],
    mean_karma: [MetricId; 2],
}

/// `aube.magic_duel`: two casters casting at each other (see the module).
#[derive(Debug, Clone, PartialEq)]
pub struct MagicDuelModel {
    /// The duel.
    pub duel: MagicDuel,
    max_rounds: u32,
    layout: Layout,
    end: DuelEndMetrics,
    m: CastMetrics,
}

impl FromConfig<MagicDuelParams> for MagicDuelModel {
    fn from_config(p: MagicDuelParams) -> Result<Self> {
        if p.backlash == Backlash::Wounds && p.knockout.is_some() {
            return Err(Error::value(
                "knockout",
                "karma knocks a caster out when the backlash is fatigue only; with backlash=wounds a caster is out at out_at",
            ));
        }
        let duel = MagicDuel::new(&p)?;
        if (0..2).all(|k| duel.spent(k, &[WoundTrack::new(); 4])) {
            return Err(Error::value(
                "a.diff",
                "neither caster has a face of the d20 that beats his diff: no spell ever goes off",
            ));
        }
        let mut layout = Layout::new();
        let end = DuelEndMetrics::declare(
            &mut layout,
            "chance neither is out: both spent, or max_rounds",
            "mean rounds fought",
        );
        layout.bounded(end.mean_rounds, 0, i64::from(p.end.max_rounds));
        let mean_casts = [
            layout.mean("mean_casts_a", "mean casts A made"),
            layout.mean("mean_casts_b", "mean casts B made"),
        ];
        for id in mean_casts {
            layout.bounded(id, 0, i64::from(p.end.max_rounds));
        }
        let m = CastMetrics {
            mean_casts,
            mean_karma: [
                layout.mean("mean_karma_a", "mean points de karma of A at the end"),
                layout.mean("mean_karma_b", "mean points de karma of B at the end"),
            ],
        };
        Ok(Self {
            duel,
            max_rounds: p.end.max_rounds,
            layout,
            end,
            m,
        })
    }
}

impl FightModel for MagicDuelModel {
    fn layout(&self) -> Layout {
        self.layout.clone()
    }

    fn sample<D: Dice>(&self, dice: &mut D) -> MagicDuelOutcome {
        let (end, rounds) = crate::engine::fight::play(&self.duel, dice, self.max_rounds);
        self.outcome_of(&end, rounds)
    }

    fn record<R: Recorder>(&self, o: &MagicDuelOutcome, rec: &mut R) {
        self.end
            .record(rec, o.winner == Winner::A, o.winner == Winner::B, o.rounds);
        for k in 0..2 {
            rec.value(self.m.mean_casts[k], i64::from(o.casts[k]));
            rec.value(self.m.mean_karma[k], i64::from(o.karma[k]));
        }
    }
}

/// The duel solved as a fight; no exact values with a crit die.
impl FightOutcome for MagicDuelModel {
    type Fight = MagicDuel;
    type Outcome = MagicDuelOutcome;

    fn exact_fight(&self) -> Option<Cow<'_, MagicDuel>> {
        let plain = self
            .duel
            .casters
            .iter()
            .all(|c| c.p.options.crit == CritDie::None);
        plain.then_some(Cow::Borrowed(&self.duel))
    }

    fn exact_budget(&self) -> ExactBudget {
        ExactBudget::capped_at(self.max_rounds)
    }

    fn outcome_of(
        &self,
        &(winner, karma, skipped): &MagicDuelEnd,
        rounds: u32,
    ) -> MagicDuelOutcome {
        MagicDuelOutcome {
            winner,
            rounds,
            casts: skipped.map(|s| rounds.saturating_sub(s)),
            karma,
        }
    }
}

#[cfg(test)]
#[path = "magic_duel_tests.rs"]
mod tests;
