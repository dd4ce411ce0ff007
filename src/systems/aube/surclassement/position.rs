//! Where a surclassement duel stands between two exchanges, and the exact law of the next
//! exchange from there: what the whole-duel game ([`super::whole`]) and the exact duel
//! ([`super::exact`]) are built on.
//!
//! A [`Position`] is everything the rest of a duel depends on: both wound tracks (wounds,
//! fatigue points, a pending étourdi) and the feint points held. [`Fight::exchange`] plays
//! one exchange from a position exactly as [`super::duel::Duel::fight`] rolls it: each
//! side's handicap (fatigue and pending étourdi, which the manœuvre spends), both tests,
//! the contest, the winner's effect, the loser's damage step and wound track.
//!
//! Positions are merged when nothing that follows can tell them apart
//! ([`Fight::canonical`]): fatigue points beyond the point where every test of the fighter
//! is an automatic failure (every manœuvre CA and the resistance CA `enc - fm` at 1 or
//! less) change nothing, so they are counted up to that cap only, and a pending étourdi
//! of such a fighter is dropped.

use super::exchange::{Effect as Won, Move, Stance, contest, effect};
use super::fighter::{Fighter, LoserSubtracts, Manoeuvre, Rules};
use crate::engine::fight::Winner;
use crate::engine::hash::Quick;
use crate::engine::{Dist, enumerate};
use crate::systems::aube::damage::{DamageResult, DamageRule};
use crate::systems::aube::resolution::{TestOutcome, TestRule};
use crate::systems::aube::wounds::{OutAt, OverflowFatigue, WoundTrack};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

#[path = "position_dense.rs"]
mod dense;
use dense::{ContestResult, DenseContests, DenseEffects};
#[cfg(test)]
use dense::{merged, merged_contests, merged_contests_into, merged_effects};

/// The buffers [`Fight::law`] works in, kept from law to law.
#[derive(Debug, Default)]
struct LawScratch {
    contest_sums: Vec<Option<(ContestResult, f64)>>,
    merged: Vec<(ContestResult, f64)>,
    effects: Vec<(Effect, f64)>,
    effect_sums: Vec<Option<(Effect, f64)>>,
}

/// A duel between two exchanges.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// A's and B's wound tracks (their étourdi pending for the next manœuvre).
    pub tracks: [WoundTrack; 2],
    /// Feint points A and B hold (at most one of them holds any: the winner of the last
    /// exchange's MA).
    pub feints: [i64; 2],
}

impl Position {
    /// Both fighters unhurt, no feint points held.
    pub const START: Position = Position {
        tracks: [WoundTrack::new(); 2],
        feints: [0, 0],
    };
}

/// What an exchange leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum After {
    /// The duel goes on from this (canonical) position.
    Next(Position),
    /// The winner of the exchange put the other out.
    Out(Winner),
}

/// One outcome of an exchange from a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    /// Where the duel goes.
    pub after: After,
    /// The damage result of the blow that reached the damage step this exchange, as read
    /// on Tableau 3.1 (`None`: no MD won).
    pub blow: Option<DamageResult>,
}

/// What an exchange does, whatever the wound boxes: the law [`Fight::law`] caches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Effect {
    /// Nothing lasting: both failed, a draw, a won MP, or a won MA worth no points.
    Quiet,
    /// Fighter `.0` won an MA and now holds `.1` (> 0) feint points.
    Feint(usize, i64),
    /// Fighter `.0` lost to an MD and its damage step read `.1`.
    Blow(usize, DamageResult),
}

/// A test's law as the contest reads it: success, `°R`, chance.
type TestLaw = Rc<[(bool, i64, f64)]>;

/// The law of the damage step's result.
type DamageLaw = Rc<[(DamageResult, f64)]>;

/// The law of an exchange's [`Effect`].
pub type Law = Rc<[(Effect, f64)]>;

/// Everything fixed about a duel that its exchanges need, with the caches of its exact
/// laws (tests by CA, damage steps by target and blow; the whole-duel game keeps the
/// exchange laws it needs, those of one pair of fatigue points at a time).
#[derive(Debug)]
pub struct Fight {
    rules: Rules,
    fighters: [Fighter; 2],
    out_at: OutAt,
    /// Fatigue points from which fighter `s`'s tests all fail automatically.
    fatigue_cap: [i64; 2],
    /// Fatigue points from which fighter `s`'s manœuvres all fail automatically.
    idle_at: [i64; 2],
    tests: RefCell<HashMap<i64, TestLaw, Quick>>,
    damage: RefCell<HashMap<(usize, i64, i64), DamageLaw, Quick>>,
    scratch: RefCell<LawScratch>,
}

impl Fight {
    /// The duel of `fighters` under `rules`, a fighter out at `out_at`.
    pub fn new(rules: Rules, fighters: [Fighter; 2], out_at: OutAt) -> Self {
        // A test of CA 1 or less is an automatic failure (nd 0, no crit die): fatigue
        // beyond `ca - 1` for every CA the fighter tests changes nothing.
        let idle_at = fighters.map(|f| (f.ca.iter().max().copied().unwrap_or(0) - 1).max(0));
        let fatigue_cap = [0, 1].map(|s| idle_at[s].max(fighters[s].enc - rules.fm - 1));
        Self {
            rules,
            fighters,
            out_at,
            fatigue_cap,
            idle_at,
            tests: RefCell::default(),
            damage: RefCell::default(),
            scratch: RefCell::default(),
        }
    }

    /// The switches.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Fighters A and B.
    pub fn fighters(&self) -> &[Fighter; 2] {
        &self.fighters
    }

    /// When a fighter is out.
    pub fn out_at(&self) -> OutAt {
        self.out_at
    }

    /// The fatigue points from which fighter `side`'s tests (manœuvres and resistance) are
    /// all automatic failures: a canonical position counts no more.
    pub fn fatigue_cap(&self, side: usize) -> i64 {
        self.fatigue_cap[side]
    }

    /// The feint points from which the holder's every success wins the contest and every
    /// successful MD is fatale, whoever holds them: more make no difference in the
    /// exchange they are spent in.
    pub fn feint_cap(&self) -> i64 {
        feint_cap(&self.rules, &self.fighters)
    }

    /// Whether fighter `side` of `pos` can no longer succeed at any manœuvre.
    pub fn idle(&self, pos: &Position, side: usize) -> bool {
        pos.tracks[side].fatigue() >= self.idle_at[side]
    }

    /// Whether no fighter can ever be put out from `pos` when side `s` feints only if
    /// `feints[s]`: neither can succeed at a manœuvre any more (every exchange is "both
    /// fail"), or one cannot and the other can neither feint (its strategy never does, or
    /// it can no longer succeed at it) nor strike hard enough to wound (it dazes its foe for
    /// ever). Such a fight is a draw once `max_rounds` have passed.
    pub fn endless(&self, pos: &Position, feints: [bool; 2]) -> bool {
        let idle = [self.idle(pos, 0), self.idle(pos, 1)];
        (idle[0] && (idle[1] || self.harmless(pos, 1, feints[1])))
            || (idle[1] && self.harmless(pos, 0, feints[0]))
    }

    /// Whether side `y` of `pos`, facing a foe who can no longer succeed (so that `y`'s
    /// track never changes again), can never wound him: it cannot feint (`feints` false,
    /// or its feint fails for sure: its feint points cannot grow) and its best blow, with
    /// the points it holds, the foe failing his resistance test, is no more than a sonné.
    fn harmless(&self, pos: &Position, y: usize, feints: bool) -> bool {
        let f = &self.fighters[y];
        let handicap = pos.tracks[y].fatigue();
        if feints && success_range(f.ca_of(Manoeuvre::Ma) - handicap).is_some() {
            return false;
        }
        let Some((_, best)) = success_range(f.ca_of(Manoeuvre::Md) - handicap) else {
            return true;
        };
        let dom = best + f.bonus(Manoeuvre::Md, &self.rules) + pos.feints[y];
        let foe = &self.fighters[1 - y];
        // The foe at his fatigue cap fails every resistance test.
        let rule = DamageRule::new(foe.enc - self.fatigue_cap[1 - y], foe.be, self.rules.fm)
            .under(&self.rules.tables);
        (0..=dom.max(0)).all(|d| {
            damage_law(&rule, d)
                .iter()
                .all(|(r, _)| *r < DamageResult::Legere)
        })
    }

    /// `pos` with the fatigue points beyond each cap dropped (and a capped fighter's
    /// pending étourdi, which no longer matters): positions nothing can tell apart are
    /// equal.
    pub fn canonical(&self, mut pos: Position) -> Position {
        for (s, t) in pos.tracks.iter_mut().enumerate() {
            let excess = t.fatigue() - self.fatigue_cap[s];
            if excess >= 0 {
                t.add_fatigue(-excess);
                t.attack_handicap();
            }
        }
        pos
    }

    /// The law of a test of `ca` against nd 0, as `(success, °R, chance)`.
    fn test(&self, ca: i64) -> TestLaw {
        let mut tests = self.tests.borrow_mut();
        tests
            .entry(ca)
            .or_insert_with(|| {
                let law =
                    test_law(ca).map(|t| (t.success, if t.success { t.raw_degree } else { 0 }));
                law.iter().map(|(&(s, r), p)| (s, r, p)).collect()
            })
            .clone()
    }

    /// The damage results of a blow of level `dom` against fighter `side` carrying
    /// `fatigue` points.
    fn damage(&self, side: usize, fatigue: i64, dom: i64) -> DamageLaw {
        let key = (side, fatigue, dom);
        if let Some(d) = self.damage.borrow().get(&key) {
            return d.clone();
        }
        let f = &self.fighters[side];
        let rule = DamageRule::new(f.enc - fatigue, f.be, self.rules.fm).under(&self.rules.tables);
        let law: DamageLaw = damage_law(&rule, dom)
            .iter()
            .map(|(r, p)| (*r, p))
            .collect();
        self.damage.borrow_mut().insert(key, law.clone());
        law
    }

    /// The law of what the exchange from `pos` does when A makes `moves[0]` and B
    /// `moves[1]` (see [`Effect`]); chances add up to 1.
    ///
    /// A hand-written fast path: both tests' laws (enumerated once per CA) crossed, then
    /// each winner's damage law (enumerated once per target and blow). The whole-duel game
    /// asks for some 10⁵ distinct laws; enumerating the exchange's 20 × 20 × 20 paths of
    /// dice for each would cost about 10⁹ replays. A unit test
    /// (`the_law_of_an_exchange_is_the_exchange_mechanics`) checks it against the
    /// enumerated sampling code ([`super::exchange::Exchange::law`]) to 1e-12.
    pub fn law(&self, pos: &Position, moves: [Manoeuvre; 2]) -> Law {
        let stances = [0, 1].map(|s| {
            let t = &pos.tracks[s];
            let handicap = t.fatigue() + t.stun();
            Stance::new(
                &self.fighters[s],
                moves[s],
                &self.rules,
                pos.feints[s],
                handicap,
            )
        });
        // The contest first (who wins by how much), then each winner's effect once.
        let (la, lb) = (self.test(stances[0].ca), self.test(stances[1].ca));
        let mut scratch = self.scratch.borrow_mut();
        let LawScratch {
            contest_sums,
            merged,
            effects: buffer,
            effect_sums,
        } = &mut *scratch;
        let read = |success, raw, s: &Stance| Move {
            success,
            raw,
            e: raw + s.bonus + s.feint,
        };
        // Bounds on the magnitudes: a winner's `E` (at most its best, at least its
        // worst), less at most what a loser's success can subtract.
        let bounds = |law: &TestLaw, s: &Stance| {
            let (mut lo, mut hi) = (0_i64, 0_i64);
            for &(success, raw, _) in law.iter() {
                let m = read(success, raw, s);
                let lose = match self.rules.loser_subtracts {
                    LoserSubtracts::Raw => m.raw,
                    LoserSubtracts::Modified => m.e,
                };
                for x in [m.e, lose] {
                    lo = lo.min(x);
                    hi = hi.max(x);
                }
            }
            (lo, hi)
        };
        let ((alo, ahi), (blo, bhi)) = (bounds(&la, &stances[0]), bounds(&lb, &stances[1]));
        let (lo, hi) = (alo.min(blo) - ahi.max(bhi), ahi.max(bhi) - alo.min(blo));
        let mut contests = DenseContests::new(contest_sums, lo, hi);
        for &(sa, ra, pa) in la.iter() {
            let a = read(sa, ra, &stances[0]);
            for &(sb, rb, pb) in lb.iter() {
                let won = contest(self.rules.loser_subtracts, &a, &read(sb, rb, &stances[1]));
                contests.add(won, pa * pb);
            }
        }
        contests.finish_into(merged);
        let most = merged
            .iter()
            .filter_map(|&((winner, magnitude), _)| match winner {
                Some(Winner::A) if stances[0].manoeuvre == Manoeuvre::Ma => Some(magnitude),
                Some(Winner::B) if stances[1].manoeuvre == Manoeuvre::Ma => Some(magnitude),
                _ => None,
            })
            .max()
            .unwrap_or(1);
        let mut law = DenseEffects::new(effect_sums, most);
        for &((winner, magnitude), p) in merged.iter() {
            let (w, l) = match winner {
                Some(Winner::A) => (0, 1),
                Some(Winner::B) => (1, 0),
                None | Some(Winner::Draw) => {
                    law.add(Effect::Quiet, p);
                    continue;
                }
            };
            match effect(stances[w].manoeuvre, magnitude) {
                Won::Feint(f) if f > 0 => law.add(Effect::Feint(w, f), p),
                Won::Nothing | Won::Feint(_) => law.add(Effect::Quiet, p),
                Won::Blow(dom) => {
                    for &(result, q) in self.damage(l, pos.tracks[l].fatigue(), dom).iter() {
                        law.add(Effect::Blow(l, result), p * q);
                    }
                }
            }
        }
        law.finish(buffer)
    }

    /// Every outcome of the exchange from `pos` where A makes `moves[0]` and B
    /// `moves[1]`, with its chance (the chances add up to 1).
    pub fn exchange(&self, pos: &Position, moves: [Manoeuvre; 2]) -> Vec<(Step, f64)> {
        let mut tracks = pos.tracks;
        for t in &mut tracks {
            t.attack_handicap();
        }
        self.law(pos, moves)
            .iter()
            .map(|&(e, p)| {
                let mut next = Position {
                    tracks,
                    feints: [0, 0],
                };
                let mut blow = None;
                match e {
                    Effect::Quiet => {}
                    Effect::Feint(w, f) => next.feints[w] = f,
                    Effect::Blow(l, result) => {
                        blow = Some(result);
                        let tables = &self.rules.tables;
                        next.tracks[l].take_with(result, OverflowFatigue::Recorded, tables);
                        if next.tracks[l].is_out(self.out_at) {
                            let winner = if l == 1 { Winner::A } else { Winner::B };
                            return (
                                Step {
                                    after: After::Out(winner),
                                    blow,
                                },
                                p,
                            );
                        }
                    }
                }
                let after = After::Next(self.canonical(next));
                (Step { after, blow }, p)
            })
            .collect()
    }
}

/// The law of a test of `ca` against nd 0: [`TestRule::roll`] over every face.
fn test_law(ca: i64) -> Dist<TestOutcome> {
    enumerate(|d| TestRule::new(ca, 0).roll(d)).expect("a test without crit die rolls a d20")
}

/// The law of the damage result of a blow of level `dom` against `rule`:
/// [`DamageRule::roll`] over every face of the resistance test.
fn damage_law(rule: &DamageRule, dom: i64) -> Dist<DamageResult> {
    enumerate(|d| rule.roll(dom, d).result).expect("a resistance test rolls a d20")
}

/// The best and worst `°R` of a success at `ca` (`None`: it never succeeds).
fn success_range(ca: i64) -> Option<(i64, i64)> {
    let law = test_law(ca);
    let raws = law
        .iter()
        .filter(|(t, _)| t.success)
        .map(|(t, _)| t.raw_degree);
    let (lo, hi) = raws.fold((i64::MAX, i64::MIN), |(lo, hi), r| (lo.min(r), hi.max(r)));
    (lo <= hi).then_some((lo, hi))
}

/// The feint points from which the holder's every success wins the contest and every
/// successful MD is fatale, whoever holds them (fresh fighters: fatigue only lowers the
/// other side's degrees).
fn feint_cap(rules: &Rules, fighters: &[Fighter; 2]) -> i64 {
    let mut cap = 1;
    for x in 0..2 {
        let (holder, other) = (&fighters[x], &fighters[1 - x]);
        // The other side's best E, and the most a success of its subtracts from a win.
        let mut best_e = i64::MIN;
        let mut most_sub = 0;
        for m in Manoeuvre::ALL {
            if let Some((_, hi)) = success_range(other.ca_of(m)) {
                let e = hi + other.bonus(m, rules);
                best_e = best_e.max(e);
                most_sub = most_sub.max(match rules.loser_subtracts {
                    LoserSubtracts::Raw => hi,
                    LoserSubtracts::Modified => e,
                });
            }
        }
        for m in Manoeuvre::ALL {
            let Some((lo, _)) = success_range(holder.ca_of(m)) else {
                continue;
            };
            let least_e = lo + holder.bonus(m, rules);
            if best_e > i64::MIN {
                cap = cap.max(best_e - least_e + 1);
            }
            if m == Manoeuvre::Md {
                let rule = DamageRule::new(other.enc, other.be, rules.fm).under(&rules.tables);
                let fatale = |dom: i64| {
                    damage_law(&rule, dom)
                        .iter()
                        .all(|(r, _)| *r == DamageResult::Fatale)
                };
                let mut dom = rules.tables.damage.critique.max(0) + 1;
                while !fatale(dom) && dom < 10_000 {
                    dom += 1;
                }
                // The least dom of a won MD holding f points: least_e + f - most_sub.
                cap = cap.max(dom - least_e + most_sub);
            }
        }
    }
    cap
}

#[cfg(test)]
#[path = "position_tests.rs"]
mod tests;
