//! The exact values of `aube.duel` (issue 15) and of the fights built on its round: the duel
//! as a [`Fight`] whose round is the round the duel samples ([`Bout::play_round`]), solved
//! by [`crate::engine::fight::solve`], which enumerates that round from every state it
//! reaches and propagates the chain round by round.
//!
//! The state is the two wound tracks ([`WoundTrack`]: wounds, fatigue points, pending
//! étourdis), the only things a fight changes; the fighters and the rules are fixed, and
//! the initiative, fixed or drawn afresh each round, needs no state. Each attack of the
//! round is a [`Blow`](super::bout::Blow) step, enumerated once per distinct attack for
//! the whole fight. A fight ends when a fighter is out, or as a draw when neither can hit
//! the other any more (asked with no étourdi pending, as the sampled duel asks it after a
//! round without a hit) or at `max_rounds`; the mass still in play once it is below
//! [`EXACT_TOLERANCE`] is the reported tail. Fights beyond the budgets of [`ExactBudget::capped_at`]
//! (a crit die, the heroism rules or rolled extremes can make their states endless) have
//! no exact values.
//!
//! Two choices of the state keep the propagation cheap: a state is packed in one 64-bit
//! word ([`WoundTrack::pack`]; packing took the average duel from 0.94 s to 0.25 s), and
//! the tracks of a spent fighter, past the fatigue at which nothing changes any more, are
//! merged ([`Bout::merge`]: from 8 126 states to 2 562).

use super::bout::{Bout, Unseen};
use super::fighter::{Fighter, FighterState};
use super::resolution::CritDie;
use super::wounds::WoundTrack;
use crate::engine::Dice;
use crate::engine::chain::Next;
#[cfg(doc)]
use crate::engine::fight::EXACT_TOLERANCE;
use crate::engine::fight::{Fight, Side, Winner};
#[cfg(doc)]
use crate::engine::fight_outcome::ExactBudget;

/// How a fight ends, before its length is known: the winner and the wounds on A's and
/// B's tracks.
pub type FightEnd = (Winner, u8, u8);

/// Both tracks in one word (A's in the high half).
pub fn pack(tracks: &[WoundTrack; 2]) -> u64 {
    (tracks[0].pack() as u64) << 32 | tracks[1].pack() as u64
}

/// The tracks [`pack`] packed.
pub fn unpack(word: u64) -> [WoundTrack; 2] {
    [
        WoundTrack::unpack((word >> 32) as u32),
        WoundTrack::unpack(word as u32),
    ]
}

/// How one round of a fight went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundEnd {
    /// This side put the other out.
    Out(Side),
    /// Nobody is out, and neither can hit the other any more.
    Stuck,
    /// The fight goes on.
    On,
}

/// The duel of two fighters under a [`Bout`], as a fight over their wound tracks (see the
/// module).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DuelFight {
    /// The two fighters, A then B.
    pub fighters: [Fighter; 2],
    /// The rules of the fight.
    pub bout: Bout,
    /// The fatigue past which each fighter's track is merged ([`Bout::saturation`]).
    cap: Option<[i64; 2]>,
    /// Both fighters play without options and the blows are lethal ([`Bout::plain`]).
    plain: bool,
}

impl DuelFight {
    /// The duel of `fighters` under `bout`, spent tracks merged.
    pub fn new(fighters: [Fighter; 2], bout: Bout) -> Self {
        Self {
            fighters,
            bout,
            cap: bout.saturation(&fighters),
            plain: bout.plain(fighters.each_ref()),
        }
    }

    /// The same duel with no track merged (every state kept apart).
    pub fn unmerged(self) -> Self {
        Self { cap: None, ..self }
    }

    /// One round of the duel from `tracks`, played with `dice` ([`Bout::play_round`]):
    /// how it went, and the tracks after it (merged with the tracks that play the same
    /// when the fight goes on).
    #[inline]
    pub fn play<D: Dice>(
        &self,
        tracks: &[WoundTrack; 2],
        dice: &mut D,
    ) -> (RoundEnd, [WoundTrack; 2]) {
        let mut s = [0, 1].map(|k| FighterState {
            fighter: &self.fighters[k],
            wounds: tracks[k],
        });
        let played = if self.plain {
            self.bout
                .play_round::<D, true, _>(&mut s, 0, dice, &mut Unseen)
        } else {
            self.bout
                .play_round::<D, false, _>(&mut s, 0, dice, &mut Unseen)
        };
        let mut after = [s[0].wounds, s[1].wounds];
        let end = match played.winner {
            Some(side) => RoundEnd::Out(side),
            None if stuck(&self.bout, &self.fighters, &after) => RoundEnd::Stuck,
            None => {
                if let Some(cap) = &self.cap {
                    self.bout.merge(&self.fighters, cap, &mut after);
                }
                RoundEnd::On
            }
        };
        (end, after)
    }
}

impl Fight for DuelFight {
    type State = u64;
    type End = FightEnd;

    fn start(&self) -> u64 {
        pack(&[WoundTrack::new(); 2])
    }

    fn round<D: Dice>(&self, &state: &u64, dice: &mut D) -> Next<u64, FightEnd> {
        let (end, t) = self.play(&unpack(state), dice);
        let wounds = |winner: Winner| Next::End((winner, t[0].wounds(), t[1].wounds()));
        match end {
            RoundEnd::Out(side) => wounds(side.into()),
            RoundEnd::Stuck => wounds(Winner::Draw),
            RoundEnd::On => Next::Round(pack(&t)),
        }
    }

    fn at_cap(&self, &state: &u64) -> FightEnd {
        let tracks = unpack(state);
        (Winner::Draw, tracks[0].wounds(), tracks[1].wounds())
    }
}

/// Whether exact values are worth trying for a fight of `fighters`: not when one rolls a
/// crit die. Its open-ended d20 lets a fighter hit and hurt however spent it is, so the
/// fatigue points wander far (a duel of two average fighters, one with a d10, reaches more
/// than 30 000 states even when the first légère ends it), and each attack's distribution
/// is a few hundred thousand terms: the exploration alone would take seconds before giving
/// up.
pub fn exact_is_tried(fighters: &[Fighter; 2]) -> bool {
    fighters.iter().all(|f| f.options.crit == CritDie::None)
}

/// Whether neither fighter of `fighters` with `tracks` can hit the other any more, asked
/// only when no étourdi is pending (an étourdi may lower a parry for one attack).
pub fn stuck(bout: &Bout, fighters: &[Fighter; 2], tracks: &[WoundTrack; 2]) -> bool {
    tracks.iter().all(|t| t.stun() == 0)
        && bout.frozen(&[0, 1].map(|k| FighterState {
            fighter: &fighters[k],
            wounds: tracks[k],
        }))
}

#[cfg(test)]
#[path = "duel_exact_tests.rs"]
mod tests;
