//! One round of classic combat between two fighters (seed chapter 4, "le combat";
//! the `aube` page → *Classic combat*), written once for the fights that sample it
//! (`aube.duel`, `aube.gauntlet`) and for their exact values, which enumerate the same
//! round from every state ([`super::duel_exact`]). Each attack of a round is a [`Blow`]
//! step: enumerated once per distinct attack (attacker, totals, options), so an exact
//! fight costs the attacks it meets, not every path of their dice.
//!
//! A round is one attack by each fighter, the side with the initiative first; a fighter put
//! out by the first attack does not strike back. Each attack reads the fighters' totals
//! as they stand: fatigue points lower TA, TP and `enc`; pending étourdis lower the next
//! attack (and, under switch `etourdi=aspect`, TP and `enc` until that attack).

use super::aspect::Aspect;
use super::attack::{AttackOutcome, AttackRule, Swing};
use super::damage::{Armour, DamageOutcome, DamageResult};
use super::fighter::{Fighter, FighterState};
use super::nonlethal::FistRules;
use super::resolution::TestOptions;
use super::wounds::{EtourdiScope, OutAt, OverflowFatigue, WoundTrack};
use crate::engine::Dice;
use crate::engine::fight::Side;
use crate::engine::step::Step;

crate::choice! {
    /// Who attacks first in a round.
    ///
    /// - `a`: fighter A, every round.
    /// - `b`: fighter B, every round.
    /// - `random`: drawn each round, even odds.
    pub enum Initiative { A = "a", B = "b", Random = "random" }
}

/// One attack of a fight, as an observer of [`Bout::play_round`] sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttackSeen {
    /// The round (1-based).
    pub round: u32,
    /// The side attacking.
    pub attacker: Side,
    /// TA used (fatigue and étourdi taken off).
    pub ta: i64,
    /// The defender's TP used.
    pub tp: i64,
    /// The defender's `enc` used.
    pub enc: i64,
    /// What the attack did.
    pub outcome: AttackOutcome,
    /// What the defender's track recorded (the result, or a higher grade on overflow).
    pub recorded: DamageResult,
}

/// What a sampled round did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    /// The side that put the other out, if any.
    pub winner: Option<Side>,
    /// Attacks that hit.
    pub hits: u32,
}

/// The rules of a fight, apart from who fights: the attack rule (with the tables in
/// force), the initiative, when a fighter is out and how wounds and étourdis count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bout {
    /// `fa`, `fm` and where armour acts.
    pub rule: AttackRule,
    /// Who strikes first.
    pub initiative: Initiative,
    /// When a fighter is out.
    pub out_at: OutAt,
    /// Fatigue of a wound that moved up a grade.
    pub overflow_fatigue: OverflowFatigue,
    /// Switch `etourdi_fatigue`: an étourdi also gives 1 PF (Ex. 3.1's count).
    pub etourdi_fatigue: bool,
    /// Switch `etourdi`: what a pending étourdi lowers.
    pub etourdi: EtourdiScope,
    /// Non-lethal blows (a fist fight): how the blows count, the GC's wounds and the
    /// knockout.
    pub fists: FistRules,
    /// The fatigue points that knock a fighter out: `knockout` in a fist fight, never
    /// (`i64::MAX`) otherwise, so that [`Bout::is_out`] asks one comparison either way.
    pub knockout_at: i64,
    /// The aspect every blow lands on (switch `aspect`): each fighter's track is that
    /// aspect's, resisted with its encaissement and armour there; its fatigue lowers the
    /// fighter's CAs of that aspect only.
    pub aspect: Aspect,
}

/// One attack as a step: what the attack of `swing` under `rule` does to the defender's
/// track (`None`: a miss), the effective damage forgotten. It runs [`AttackRule::roll`]
/// itself, so it draws the dice of the attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Blow {
    /// `fa`, `fm`, where armour acts and the tables.
    pub rule: AttackRule,
    /// The attack's totals and options.
    pub swing: Swing,
}

impl std::hash::Hash for Blow {
    /// The totals that change from attack to attack in a fight (equal blows hash equal;
    /// the rest is compared).
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let s = &self.swing;
        state.write_i64(s.ta ^ s.tp << 16 ^ s.enc << 32 ^ s.bd << 48);
    }
}

impl Step for Blow {
    type Output = Option<DamageResult>;

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> Option<DamageResult> {
        let outcome = self.rule.roll(&self.swing, dice);
        outcome.hit.then_some(outcome.damage.result)
    }
}

/// Who watches the attacks of a round: [`Unseen`] (a fight that needs only its end: each
/// attack is then the [`Blow`] step) or any `FnMut(&AttackSeen)`, shown every attack rolled
/// whole (its effective damage too). Both draw the same dice.
pub trait Watch {
    /// Whether the attacks are shown.
    const SEES: bool;
    /// Shows one attack.
    fn see(&mut self, exchange: &AttackSeen);
}

/// Nobody watches: the attacks are [`Blow`] steps.
#[derive(Debug, Clone, Copy, Default)]
pub struct Unseen;

impl Watch for Unseen {
    const SEES: bool = false;
    #[inline(always)]
    fn see(&mut self, _: &AttackSeen) {}
}

impl<F: FnMut(&AttackSeen)> Watch for F {
    const SEES: bool = true;
    #[inline(always)]
    fn see(&mut self, exchange: &AttackSeen) {
        self(exchange)
    }
}

impl Bout {
    /// Default rules under `rule`: initiative random, out at fatale, the table's fatigue,
    /// étourdi on the next attack.
    pub fn new(rule: AttackRule) -> Self {
        Self {
            rule,
            initiative: Initiative::Random,
            out_at: OutAt::Fatale,
            overflow_fatigue: OverflowFatigue::Recorded,
            etourdi_fatigue: false,
            etourdi: EtourdiScope::NextAttack,
            fists: FistRules::OFF,
            knockout_at: i64::MAX,
            aspect: Aspect::Physique,
        }
    }

    /// The same rules with every blow landing on `aspect`.
    pub fn with_aspect(self, aspect: Aspect) -> Self {
        Self { aspect, ..self }
    }

    /// The same rules with the blows of `fists` (lethal when off).
    pub fn with_fists(self, fists: FistRules) -> Self {
        Self {
            fists,
            knockout_at: if fists.is_on() {
                fists.knockout()
            } else {
                i64::MAX
            },
            ..self
        }
    }

    /// Whether a fighter with `track` is out: a wound of the grade of `out_at`, or, in a
    /// fist fight, `knockout` fatigue points.
    #[inline]
    pub fn is_out(&self, track: &WoundTrack) -> bool {
        track.is_out(self.out_at) || track.fatigue() >= self.knockout_at
    }

    /// The swing of `attacker` on the other fighter now, spending the attacker's pending
    /// étourdis; with `PLAIN`, both fighters are known to play without options
    /// ([`Fighter::is_plain`]).
    #[inline]
    pub fn swing<const PLAIN: bool>(&self, s: &mut [FighterState; 2], attacker: Side) -> Swing {
        let [a, b] = s;
        if attacker == Side::A {
            self.swing_as::<PLAIN>(a, b)
        } else {
            self.swing_as::<PLAIN>(b, a)
        }
    }

    /// The swing of `attacker` on `defender` now, spending the attacker's pending
    /// étourdis (a fight of any number of fighters), with the fighters' conduct: the
    /// handicap of multiple actions, the esquive of a fighter that only defends.
    #[inline]
    pub fn swing_at(&self, attacker: &mut FighterState, defender: &FighterState) -> Swing {
        self.swing_as::<false>(attacker, defender)
    }

    /// [`Bout::swing_at`]; with `PLAIN` both fighters are known to play without options,
    /// and their conduct is not read.
    #[inline(always)]
    fn swing_as<const PLAIN: bool>(
        &self,
        attacker: &mut FighterState,
        defender: &FighterState,
    ) -> Swing {
        let steps = &self.rule.tables.multiple;
        let (ta, tp, enc, be) = if PLAIN {
            (
                attacker.attack_total(),
                defender.parry_total(self.rule.fa, self.etourdi),
                defender.encaissement(self.etourdi),
                defender.fighter.be,
            )
        } else {
            (
                attacker.fight_attack_total(steps, self.aspect),
                defender.fight_parry_total(self.rule.fa, steps, self.etourdi, self.aspect),
                defender.encaissement_in(self.etourdi, self.aspect),
                defender.be_in(self.aspect),
            )
        };
        Swing {
            ta,
            tp,
            bd: attacker.fighter.bd,
            enc,
            be,
            att: attacker.fighter.options,
            def: defender.fighter.options,
        }
    }

    /// Puts a hit's `result` on `track`; returns what the track recorded.
    #[inline]
    pub fn wound(&self, track: &mut WoundTrack, result: DamageResult) -> DamageResult {
        self.wound_as::<false>(track, result)
    }

    /// [`Bout::wound`]; with `PLAIN` the blows are known to be lethal.
    #[inline(always)]
    fn wound_as<const PLAIN: bool>(
        &self,
        track: &mut WoundTrack,
        result: DamageResult,
    ) -> DamageResult {
        if self.etourdi_fatigue && result == DamageResult::Etourdi {
            track.add_fatigue(1);
        }
        if !PLAIN && self.fists.is_on() {
            return self.punch(track, result);
        }
        track.take_with(result, self.overflow_fatigue, &self.rule.tables)
    }

    /// Whether the round may be played as `PLAIN` ([`Bout::play_round`]): both fighters
    /// play without options ([`Fighter::is_plain`]) and the blows are lethal and land on
    /// the Physique.
    #[inline]
    pub fn plain(&self, fighters: [&Fighter; 2]) -> bool {
        fighters.iter().all(|f| f.is_plain())
            && !self.fists.is_on()
            && self.aspect == Aspect::Physique
    }

    /// Puts a non-lethal hit's `result` on `track` ([`super::nonlethal`]): its fatigue
    /// points only (no étourdi), and the GC's wound once the count passes 10 under
    /// `nonlethal=wounds`, recorded on the track as any wound (moved up a grade when its
    /// boxes are full) with no more fatigue than the blow's unless `nonlethal=wounds_fatigue`.
    /// Returns the wound recorded, or `None`.
    fn punch(&self, track: &mut WoundTrack, result: DamageResult) -> DamageResult {
        let tables = &self.rule.tables;
        let effect = self
            .fists
            .blow(track.fatigue(), tables.fatigue)
            .effect(result);
        track.add_fatigue(effect.fatigue);
        let Some(wound) = effect.wound else {
            return DamageResult::None;
        };
        let held = track.fatigue();
        let recorded = track.take_with(wound, self.overflow_fatigue, tables);
        if !self.fists.gc_wound_fatigue() {
            track.add_fatigue(held - track.fatigue());
        }
        recorded
    }

    /// Whether neither fighter can hit the other as things stand, étourdis aside (fatigue
    /// only): then nothing can change any more, since only hits change anything. Asked
    /// when no étourdi is pending.
    pub fn frozen(&self, s: &[FighterState; 2]) -> bool {
        let steps = &self.rule.tables.multiple;
        (0..2).all(|k| {
            let (att, def) = (&s[k], &s[1 - k]);
            let ta = att.fighter.fight_ta(steps) - att.attack_fatigue(self.aspect);
            let tp = def.fighter.fight_tp(self.rule.fa, steps)
                - def.defence_fatigue(EtourdiScope::NextAttack, self.aspect);
            !att.fighter.conduct.strikes() || !att.fighter.options.rule(ta, tp).can_beat_nd()
        })
    }

    /// The side attacking first this round (draws a d2 under random initiative).
    #[inline]
    pub fn first<D: Dice>(&self, dice: &mut D) -> Side {
        match self.initiative {
            Initiative::A => Side::A,
            Initiative::B => Side::B,
            Initiative::Random => Side::at((dice.die(2) - 1) as usize),
        }
    }

    /// Plays round `round` on `s`, telling `observe` every attack ([`Watch`]); a fighter
    /// that only defends does not attack. With `PLAIN` ([`Bout::plain`]), both fighters
    /// are known to play without options and the blows to be lethal: the options are then
    /// the constant defaults, and the compiler drops their checks from the hot loop.
    #[inline(always)]
    pub fn play_round<D: Dice, const PLAIN: bool, W: Watch>(
        &self,
        s: &mut [FighterState; 2],
        round: u32,
        dice: &mut D,
        observe: &mut W,
    ) -> Played {
        let mut hits = 0;
        let first = self.first(dice);
        for attacker in [first, first.other()] {
            if !PLAIN && !s[attacker.index()].fighter.conduct.strikes() {
                continue;
            }
            let defender = attacker.other().index();
            let mut swing = self.swing::<PLAIN>(s, attacker);
            if PLAIN {
                (swing.att, swing.def) = (TestOptions::DEFAULT, TestOptions::DEFAULT);
            }
            let outcome = if W::SEES {
                self.rule.roll(&swing, dice)
            } else {
                let blow = Blow {
                    rule: self.rule,
                    swing,
                };
                match dice.step(&blow) {
                    None => AttackOutcome::MISS,
                    Some(result) => AttackOutcome {
                        hit: true,
                        damage: DamageOutcome {
                            effective: 0,
                            result,
                        },
                    },
                }
            };
            let recorded = if outcome.hit {
                hits += 1;
                self.wound_as::<PLAIN>(&mut s[defender].wounds, outcome.damage.result)
            } else {
                DamageResult::None
            };
            observe.see(&AttackSeen {
                round,
                attacker,
                ta: swing.ta,
                tp: swing.tp,
                enc: swing.enc,
                outcome,
                recorded,
            });
            let out = if PLAIN {
                s[defender].wounds.is_out(self.out_at)
            } else {
                self.is_out(&s[defender].wounds)
            };
            if out {
                return Played {
                    winner: Some(attacker),
                    hits,
                };
            }
        }
        Played { winner: None, hits }
    }

    /// Fights on from `s` for at most `rounds` rounds, telling `observe` every attack: the
    /// side that put the other out (`None`: neither, after `rounds` rounds or as soon as
    /// neither can hit the other any more) and the rounds fought (up to the last round
    /// played when neither is out).
    #[inline(always)]
    pub fn fight_on<D: Dice, W: Watch>(
        &self,
        s: &mut [FighterState; 2],
        rounds: u32,
        dice: &mut D,
        observe: &mut W,
    ) -> (Option<Side>, u32) {
        if self.plain([s[0].fighter, s[1].fighter]) {
            self.fight_on_as::<D, true, W>(s, rounds, dice, observe)
        } else {
            self.fight_on_as::<D, false, W>(s, rounds, dice, observe)
        }
    }

    /// [`Bout::fight_on`], the options constant with `PLAIN` ([`Bout::play_round`]).
    #[inline(always)]
    fn fight_on_as<D: Dice, const PLAIN: bool, W: Watch>(
        &self,
        s: &mut [FighterState; 2],
        rounds: u32,
        dice: &mut D,
        observe: &mut W,
    ) -> (Option<Side>, u32) {
        let mut changed = true;
        for round in 1..=rounds {
            let played = self.play_round::<D, PLAIN, W>(s, round, dice, observe);
            if played.winner.is_some() {
                return (played.winner, round);
            }
            // Only hits change anything; after a round without one, and when something
            // changed since the last look, check whether a hit is still possible.
            if played.hits > 0 {
                changed = true;
            } else if changed {
                if self.frozen(s) {
                    return (None, round);
                }
                changed = false;
            }
        }
        (None, rounds)
    }

    /// The fatigue past which nothing changes for each fighter, when both play without
    /// options ([`Fighter::is_plain`]) and the blows are lethal (else `None`: fatigue
    /// knocks out in a fist fight): its attack fails without a roll (TA - PF <= 1), every
    /// success hits it (TP - PF <= 0) and its resistance test fails without a roll
    /// (`enc - fm - PF <= 1`, armour included when it raises `enc`). A fighter past it
    /// plays the same whatever its fatigue and its pending étourdis; the exact fights merge
    /// such tracks ([`Bout::merge`]).
    pub fn saturation(&self, fighters: &[Fighter; 2]) -> Option<[i64; 2]> {
        self.plain(fighters.each_ref()).then(|| {
            fighters.map(|f| {
                let armour = match self.rule.armour {
                    Armour::ReducesDom => 0,
                    Armour::RaisesEnc => f.be,
                };
                let enc = f.enc + armour - self.rule.fm;
                (f.ta() - 1).max(f.tp(self.rule.fa)).max(enc - 1).max(0)
            })
        })
    }

    /// Merges `tracks` with every track that plays the same from now on, given the
    /// [`Bout::saturation`] `cap`: fatigue past it comes down to it, and pending étourdis
    /// are forgotten once they cannot matter (past the cap, or past the fatigue at which
    /// the attack fails anyway when they lower only the attack).
    pub fn merge(&self, fighters: &[Fighter; 2], cap: &[i64; 2], tracks: &mut [WoundTrack; 2]) {
        for k in 0..2 {
            let fatigue = tracks[k].fatigue();
            let spent = fatigue >= fighters[k].ta() - 1 && self.etourdi == EtourdiScope::NextAttack;
            tracks[k].saturate(cap[k], fatigue < cap[k] && !spent);
        }
    }
}
