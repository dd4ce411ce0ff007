//! The optimal stationary strategy of a whole surclassement duel (the `aube` page →
//! *Surclassement*; issue 13 item 7): the duel as a zero-sum stochastic game, solved by
//! value iteration (Shapley) over the exact exchange matrices.
//!
//! - **State**: a [`Position`] between two exchanges: both wound tracks (wounds, fatigue
//!   points, a pending étourdi) and the feint points held. Positions are merged as
//!   [`Fight::canonical`] merges them.
//! - **Payoff** **\[choice\]**: +1 to A when A puts B out, −1 when B puts A out, 0 for a
//!   fight that never ends (a stalemate, or both fighters avoiding harm for ever). The
//!   game is zero-sum (what A wins B loses); a draw is worth half-way between a win and a
//!   loss to both. The values solve Shapley's equations `v(s) = val(M_s(v))`. The duel's
//!   `max_rounds` plays no part: the horizon is unbounded. The start's value is
//!   `P(A wins) - P(B wins)` when both play the strategy.
//! - **Discount** **\[choice\]**: the next exchange's position is worth [`DISCOUNT`]
//!   (1 − 10⁻⁹) times its value. Without it, where every manœuvre leads to the same value
//!   (an opponent who can no longer succeed at anything, say, whom the fighter will put
//!   out sooner or later), "strike for ever with blows too weak to wound" or "feint for
//!   ever" are as good as winning on paper, and a strategy built on them never ends the
//!   fight (this is the snag of recursive games). With it, ending the fight sooner is
//!   strictly better, and the values move by about 10⁻⁹ times the exchanges left (10⁻⁷
//!   for the duels of the shipped studies). The discount would also make a fighter who
//!   is behind put his loss off however he can (feinting for ever out of harm's way,
//!   once he can no longer strike), so for the side behind, manœuvres within [`TIE`]
//!   (10⁻⁶) of each other count as equally good; for the side ahead only rounding makes a
//!   tie, lest "stay here for ever" pass for as good as winning.
//! - **Stage game**: in each position both fighters pick a manœuvre at once; the 3×3
//!   matrix holds, for each pair, the expected value of the position the exact exchange
//!   ([`Fight::law`]) leads to. Its optimal mixes ([`super::game::solve`]) are the
//!   strategy in that position. **\[choice\]** Where several pure manœuvres are optimal
//!   (a fighter who can no longer succeed at anything, say), the fighter takes MD, else
//!   MP, else MA: a fighter feints only where feinting does better.
//!
//! Order of solution. Wounds and fatigue points never go away in a duel, so the wound
//! tracks split the positions into layers (A's track, B's track) that only lead to
//! themselves or to layers further on. Layers are solved backward, state by state in
//! that order (most fatigue points first, then most wounds: a blow only adds fatigue, or
//! wounds at the same fatigue), so a layer's successors are all solved before it: value
//! iteration is needed only inside a layer, the loops of the feint points. In a layer the
//! positions differ only by a pending étourdi and the feint points held, and are swept
//! (Gauss-Seidel, its geometric convergence pushed on by its steady ratio: Aitken's Δ²)
//! until no value moves by more than [`TOLERANCE`]. In a sweep, a position's value is the fixed point of `v = val(C + A·v)`, with `A` the chances of
//! staying in the same position (both fail, say), found by Newton steps on the optimal
//! strategies: a tired pair of fighters who fail nine times in ten then costs a few steps,
//! not hundreds of sweeps.
//!
//! Feint points are unbounded (a won MA while holding points adds them up). Holdings are
//! counted up to a cap [`WholeDuel::feint_cap`], from which any success of the holder
//! wins the contest and any successful MD of the holder is fatale; above it the holder
//! plays the cap's mix. This is the one approximation of the game: raising the cap does
//! not move the values (a unit test checks it to 1e-12).

use super::classes::{Class, Keys, classes};
use super::fighter::{Fighter, Manoeuvre, Rules};
use super::game::Mix;
use super::position::{Effect, Fight, Law, Position};
use super::stage::{feint_gains, fixed_point, matrix, plainest};
use crate::engine::hash::Quick;
use crate::error::{Error, Result};
use crate::systems::aube::damage::DamageResult;
use crate::systems::aube::wounds::OutAt;
use std::collections::HashMap;

/// What the next exchange's position is worth against this one's: a win one exchange
/// later is worth a hair less (see the module doc).
pub const DISCOUNT: f64 = 1.0 - 1e-9;

/// For the side that is behind, manœuvres whose values differ by less than this are
/// equally good: more than the discount makes of putting off a loss for a thousand
/// exchanges (see the module doc).
pub const TIE: f64 = 1e-6;

/// Sweeps of a layer stop when no value moves by more than this.
pub const TOLERANCE: f64 = 1e-13;

/// The most positions a game may have (56 bytes each): beyond, the duel is refused.
pub const MAX_POSITIONS: usize = 3_000_000;

/// The most position updates (a position's value worked out once in a sweep) a solve may
/// make, some 15 to 20 seconds of work: beyond, the solve stops with an error. The games of
/// the shipped studies take under a million.
pub const MAX_UPDATES: u64 = 100_000_000;

/// The solved game of one duel: the value and both optimal mixes in every position.
#[derive(Debug, Clone, PartialEq)]
pub struct WholeDuel {
    rules: Rules,
    fighters: [Fighter; 2],
    out_at: OutAt,
    feint_cap: i64,
    fatigue_cap: [i64; 2],
    /// The numbering of each side's track classes.
    keys: [Keys; 2],
    /// For each side, the index of each track class (légères, graves, critiques, fatigue)
    /// among that side's tracks in play, or `u32::MAX`.
    index: [Vec<u32>; 2],
    /// The number of tracks in play of each side.
    tracks: [usize; 2],
    /// Positions per layer: no feint and no étourdi, A stunned, B stunned, A holding
    /// 1..=cap, B holding 1..=cap.
    width: usize,
    values: Vec<f64>,
    /// Both optimal mixes of each position, as an index into `distinct` (a few dozen
    /// pairs of mixes for hundreds of thousands of positions: 4 bytes a position rather
    /// than 48).
    mix_of: Vec<u32>,
    /// The distinct pairs of mixes (the first, both all zero, is that of a position not
    /// yet solved).
    distinct: Vec<[Mix; 2]>,
    /// For each side, the positions where feinting pays by more than [`TIE`], and the
    /// most it pays anywhere.
    feint_pays: [(usize, f64); 2],
}

/// Where a transition of the stage game leads, seen from one layer.
#[derive(Debug, Clone, Copy)]
enum Target {
    /// A known value (an end, or a position of a layer already solved, discounted).
    Known(f64),
    /// A position of this layer.
    Here(usize),
}

impl WholeDuel {
    /// Solves the duel of `fighters` under `rules`, a fighter out at `out_at`.
    pub fn solve(rules: Rules, fighters: [Fighter; 2], out_at: OutAt) -> Result<Self> {
        let fight = Fight::new(rules, fighters, out_at);
        Self::solve_with(fight, 0, MAX_UPDATES)
    }

    /// Solves `fight` with feint points counted `extra` points beyond the cap, making at
    /// most `max_updates` updates of a position's value.
    pub(crate) fn solve_with(fight: Fight, extra: i64, max_updates: u64) -> Result<Self> {
        let (rules, fighters, out_at) = (fight.rules(), *fight.fighters(), fight.out_at());
        let fatigue_cap = [fight.fatigue_cap(0), fight.fatigue_cap(1)];
        let feint_cap = fight.feint_cap() + extra;
        let keys = fatigue_cap.map(|cap| Keys::new(&rules.tables.wounds, cap));
        let classes = keys.map(|k| classes(&fight, k));
        let width = 3 + 2 * feint_cap as usize;
        let n = [classes[0].len(), classes[1].len()];
        let positions = count_positions(&fight, &classes, feint_cap)?;
        let index = [0, 1].map(|s| {
            let mut index = vec![u32::MAX; keys[s].len()];
            for (i, c) in classes[s].iter().enumerate() {
                index[keys[s].key(&c.track)] = i as u32;
            }
            index
        });
        let mut game = Self {
            rules,
            fighters,
            out_at,
            feint_cap,
            fatigue_cap,
            keys,
            index,
            tracks: n,
            width,
            values: vec![0.0; positions],
            mix_of: vec![0; positions],
            distinct: vec![[[0.0; 3]; 2]],
            feint_pays: [(0, 0.0); 2],
        };
        let mut layers: Vec<(usize, usize)> = (0..n[0])
            .flat_map(|a| (0..n[1]).map(move |b| (a, b)))
            .collect();
        // Most fatigue first, then most wounds: a blow leads to more fatigue, or to the
        // same fatigue and more wounds, so every layer comes after those it leads to, and
        // the layers of one pair of fatigue points come together. The exchange laws depend
        // on the fatigue points, not the wounds: those of a pair are kept for its layers
        // (`Scratch::laws`) and forgotten once they are solved (a few hundred thousand
        // laws otherwise, 170 MB).
        let key = |(a, b): (usize, usize)| {
            let [ta, tb] = [classes[0][a].track, classes[1][b].track];
            let fatigue = (ta.fatigue(), tb.fatigue());
            let wounds = i64::from(ta.wounds()) + i64::from(tb.wounds());
            (fatigue.0 + fatigue.1, fatigue.0, wounds)
        };
        layers.sort_by_key(|&l| std::cmp::Reverse(key(l)));
        let mut pair = None;
        let mut updates = 0;
        let mut scratch = Scratch::new(width);
        for (a, b) in layers {
            let (sum, fa, _) = key((a, b));
            if pair.replace((sum, fa)).is_some_and(|p| p != (sum, fa)) {
                scratch.laws.fill(None);
            }
            updates += game.solve_layer(
                &fight,
                &classes,
                [a, b],
                &mut scratch,
                max_updates - updates,
            );
            if updates > max_updates {
                return Err(Error::Invalid(format!(
                    "the whole-duel game of these fighters ({positions} positions) needs more \
                     than {max_updates} updates of a position's value to solve (its fighters \
                     fail too often for its values to settle quickly); raise the CAs or bd"
                )));
            }
        }
        Ok(game)
    }

    /// A game with no position solved: both fighters strike (MD) everywhere.
    pub(super) fn unsolved(rules: Rules, fighters: [Fighter; 2]) -> Self {
        Self {
            rules,
            fighters,
            out_at: OutAt::Fatale,
            feint_cap: 1,
            fatigue_cap: [0, 0],
            keys: [Keys::new(&rules.tables.wounds, 0); 2],
            index: [Vec::new(), Vec::new()],
            tracks: [0, 0],
            width: 5,
            values: Vec::new(),
            mix_of: Vec::new(),
            distinct: Vec::new(),
            feint_pays: [(0, 0.0); 2],
        }
    }

    /// Checks, without solving it, that the game of `fighters` is not too large to solve
    /// (the error [`WholeDuel::solve`] would give).
    pub fn check(rules: Rules, fighters: [Fighter; 2], out_at: OutAt) -> Result<()> {
        let fight = Fight::new(rules, fighters, out_at);
        let wounds = &rules.tables.wounds;
        let classes = [0, 1].map(|s| classes(&fight, Keys::new(wounds, fight.fatigue_cap(s))));
        count_positions(&fight, &classes, fight.feint_cap()).map(|_| ())
    }

    /// The position `w` of layer `classes` (see [`WholeDuel::width`]).
    fn position(&self, classes: &[Vec<Class>; 2], layer: [usize; 2], w: usize) -> Position {
        let mut pos = Position {
            tracks: [classes[0][layer[0]].track, classes[1][layer[1]].track],
            feints: [0, 0],
        };
        let cap = self.feint_cap as usize;
        match w {
            0 => {}
            1 | 2 => {
                // A pending étourdi only (its PF, if the tables give any, are in the class).
                pos.tracks[w - 1].take(DamageResult::Etourdi);
            }
            _ => {
                let side = (w - 3) / cap;
                pos.feints[side] = ((w - 3) % cap + 1) as i64;
            }
        }
        pos
    }

    /// The index in its layer of a canonical position with these feints and étourdis.
    fn within(&self, pos: &Position) -> usize {
        let cap = self.feint_cap as usize;
        for s in 0..2 {
            if pos.feints[s] > 0 {
                return 3 + s * cap + pos.feints[s].min(self.feint_cap) as usize - 1;
            }
        }
        for s in 0..2 {
            if pos.tracks[s].stun() > 0 && pos.tracks[s].fatigue() < self.fatigue_cap[s] {
                return 1 + s;
            }
        }
        0
    }

    /// The slot of `pos` in the value and mix tables (`None`: a fighter is out).
    fn slot(&self, pos: &Position) -> Option<usize> {
        let [a, b] = [0, 1].map(|s| {
            let key = self.keys[s].key(&pos.tracks[s]);
            self.index[s].get(key).copied().unwrap_or(u32::MAX)
        });
        if a == u32::MAX || b == u32::MAX {
            return None;
        }
        Some((a as usize * self.tracks[1] + b as usize) * self.width + self.within(pos))
    }

    /// Solves the positions of `layer`, giving up past `max_updates` updates of a
    /// position's value; the updates it made.
    fn solve_layer(
        &mut self,
        fight: &Fight,
        classes: &[Vec<Class>; 2],
        layer: [usize; 2],
        scratch: &mut Scratch,
        max_updates: u64,
    ) -> u64 {
        let base = (layer[0] * self.tracks[1] + layer[1]) * self.width;
        // For each position and each pair of manœuvres: what the positions known so far
        // add, the chance of staying, and the other positions of this layer it leads to
        // (`cells[w * 9 + cell]`: what is known, the chance of staying, the range of `here`).
        let Scratch {
            laws,
            cells,
            here,
            delta,
            known_mixes,
        } = scratch;
        cells.clear();
        here.clear();
        for w in 0..self.width {
            let pos = self.position(classes, layer, w);
            for cell in 0..9 {
                let moves = [Manoeuvre::ALL[cell / 3], Manoeuvre::ALL[cell % 3]];
                let (mut known, mut stay, from) = (0.0, 0.0, here.len() as u32);
                let law = laws[w * 9 + cell].get_or_insert_with(|| fight.law(&pos, moves));
                for &(e, p) in law.iter() {
                    match self.target(classes, layer, e) {
                        Target::Known(v) => known += p * v,
                        Target::Here(x) if x == w => stay += DISCOUNT * p,
                        Target::Here(x) => here.push((x as u32, DISCOUNT * p)),
                    }
                }
                cells.push((known, stay, from, here.len() as u32));
            }
        }
        let stage = |values: &[f64], w: usize| -> ([f64; 9], [f64; 9]) {
            let mut known = [0.0; 9];
            let mut stay = [0.0; 9];
            for cell in 0..9 {
                let (k, s, from, to) = cells[w * 9 + cell];
                known[cell] = here[from as usize..to as usize]
                    .iter()
                    .fold(k, |acc, &(x, p)| acc + p * values[base + x as usize]);
                stay[cell] = s;
            }
            (known, stay)
        };
        // The largest move of each of the last sweeps, and each position's last move.
        let mut moves = Sweeps::default();
        delta.clear();
        delta.resize(self.width, 0.0);
        let mut updates = 0;
        while updates <= max_updates {
            updates += self.width as u64;
            let mut moved: f64 = 0.0;
            for w in (0..self.width).rev() {
                let (known, stay) = stage(&self.values, w);
                let v = fixed_point(&known, &stay, self.values[base + w]);
                delta[w] = v - self.values[base + w];
                moved = moved.max(delta[w].abs());
                self.values[base + w] = v;
            }
            if moved <= TOLERANCE {
                break;
            }
            if let Some(jump) = moves.push(moved) {
                for (value, d) in self.values[base..base + self.width].iter_mut().zip(&*delta) {
                    *value = (*value + jump * d).clamp(-1.0, 1.0);
                }
            }
        }
        for w in 0..self.width {
            let (known, stay) = stage(&self.values, w);
            let m = matrix(&known, &stay, self.values[base + w]);
            let s = plainest(&m);
            for (side, gain) in feint_gains(&m, &s).into_iter().enumerate() {
                if gain > TIE {
                    self.feint_pays[side].0 += 1;
                }
                self.feint_pays[side].1 = self.feint_pays[side].1.max(gain);
            }
            self.mix_of[base + w] = self.intern([s.row, s.col], known_mixes);
        }
        updates
    }

    /// The index in `distinct` of the pair of mixes `pair` (added when new; `known` holds
    /// the index of each pair added, by the bits of its chances).
    fn intern(&mut self, pair: [Mix; 2], known: &mut HashMap<[u64; 6], u32, Quick>) -> u32 {
        let bits = [
            pair[0][0], pair[0][1], pair[0][2], pair[1][0], pair[1][1], pair[1][2],
        ]
        .map(f64::to_bits);
        *known.entry(bits).or_insert_with(|| {
            self.distinct.push(pair);
            (self.distinct.len() - 1) as u32
        })
    }

    /// Where effect `e` of an exchange in `layer` leads (from any position of the layer:
    /// the effect already says what happened to the étourdi and the feint points).
    fn target(&self, classes: &[Vec<Class>; 2], layer: [usize; 2], e: Effect) -> Target {
        let cap = self.feint_cap as usize;
        match e {
            Effect::Quiet => Target::Here(0),
            Effect::Feint(s, f) => Target::Here(3 + s * cap + f.min(self.feint_cap) as usize - 1),
            Effect::Blow(l, r) => {
                let Some(next) = classes[l][layer[l]].next[r.index()] else {
                    return Target::Known(if l == 1 { 1.0 } else { -1.0 });
                };
                let capped = classes[l][next].track.fatigue() >= self.fatigue_cap[l];
                // An étourdi leaves the loser stunned (in this class, or in the next one
                // when the tables give it PF).
                let w = if r == DamageResult::Etourdi && !capped {
                    1 + l
                } else {
                    0
                };
                if next == layer[l] {
                    return Target::Here(w);
                }
                let mut to = layer;
                to[l] = next;
                let v = self.values[(to[0] * self.tracks[1] + to[1]) * self.width + w];
                Target::Known(DISCOUNT * v)
            }
        }
    }

    /// The game's value in `pos` (+1: A surely wins; −1: B does); `None` once a fighter
    /// is out.
    pub fn value(&self, pos: &Position) -> Option<f64> {
        self.slot(pos).map(|i| self.values[i])
    }

    /// A's and B's optimal mixes in `pos` (any position of the duel, its fatigue points
    /// and feint points beyond the caps read as the caps).
    pub fn mixes(&self, pos: &Position) -> [Mix; 2] {
        self.slot(pos).map_or([[0.0, 0.0, 1.0]; 2], |i| {
            self.distinct[self.mix_of[i] as usize]
        })
    }

    /// Whether side `s`'s feint points can add up without bound: it feints (MA) with a
    /// positive chance in some position where it holds the capped holding (a won MA adds
    /// at most a bounded gain, so holdings stay bounded when the holder stops feinting at
    /// some holding).
    pub fn unbounded_feints(&self, s: usize) -> bool {
        let at_cap = 3 + (s + 1) * self.feint_cap as usize - 1;
        self.mix_of
            .chunks(self.width)
            .any(|layer| self.distinct[layer[at_cap] as usize][s][Manoeuvre::Ma.index()] > 0.0)
    }

    /// Whether side `s` feints (MA) with a positive chance in some position.
    pub fn ever_feints(&self, s: usize) -> bool {
        self.mix_of
            .iter()
            .any(|&i| self.distinct[i as usize][s][Manoeuvre::Ma.index()] > 0.0)
    }

    /// For side `s`: the number of positions where feinting pays, that is where the
    /// stage game's value with the feint beats its value without (MA taken away from that
    /// side) by more than [`TIE`], and the most it pays in any position. (A gain below
    /// [`TIE`] only ends a sure fight a little sooner: the discount's doing.)
    pub fn feint_pays(&self, s: usize) -> (usize, f64) {
        self.feint_pays[s]
    }

    /// The value at the start: both unhurt, no feint points.
    pub fn start_value(&self) -> f64 {
        self.slot(&Position::START).map_or(0.0, |i| self.values[i])
    }

    /// Feint points are counted up to this (see the module doc).
    pub fn feint_cap(&self) -> i64 {
        self.feint_cap
    }

    /// The number of positions solved.
    pub fn positions(&self) -> usize {
        self.values.len()
    }
}

/// What the solve of one layer works in, kept from layer to layer.
struct Scratch {
    /// The law of each position of a layer (by its index in the layer) and each pair of
    /// manœuvres (`w * 9 + cell`), for the layers of one pair of fatigue points: a law
    /// depends on the fatigue points, the pending étourdi and the feint points of a
    /// position, not on its wounds, so the layers of a pair share them (emptied when the
    /// pair changes).
    laws: Vec<Option<Law>>,
    /// For each position and each pair of manœuvres: what is known, the chance of
    /// staying, the range of `here` (see [`WholeDuel::solve_layer`]).
    cells: Vec<(f64, f64, u32, u32)>,
    /// The other positions of the layer each cell leads to, and with what chance.
    here: Vec<(u32, f64)>,
    /// Each position's last move in a sweep.
    delta: Vec<f64>,
    /// The index in [`WholeDuel::distinct`] of each pair of mixes met so far.
    known_mixes: HashMap<[u64; 6], u32, Quick>,
}

impl Scratch {
    fn new(width: usize) -> Self {
        Self {
            laws: vec![None; width * 9],
            cells: Vec::with_capacity(width * 9),
            here: Vec::new(),
            delta: Vec::with_capacity(width),
            known_mixes: HashMap::default(),
        }
    }
}

/// The sweeps of a layer converge geometrically: once the largest move shrinks by the
/// same ratio `r` over two sweeps, every value is pushed on by `r / (1 − r)` times its
/// last move (Aitken's Δ²: where the remaining moves would add up, were the ratio to
/// hold). The sweeps then go on until no value moves by more than [`TOLERANCE`], so the
/// push changes how many sweeps a layer takes (about 6 rather than 28 in the shipped
/// studies), not the values it settles on.
#[derive(Debug, Default)]
struct Sweeps {
    /// The largest moves of the last two sweeps since the last push (`None`: not yet).
    last: [Option<f64>; 2],
}

impl Sweeps {
    /// Ratios closer than this count as the same.
    const STEADY: f64 = 0.02;

    /// Records a sweep's largest move; the factor to push the values by, when the ratio
    /// of the moves has held steady (and is neither tiny nor near 1).
    fn push(&mut self, moved: f64) -> Option<f64> {
        let [older, last] = self.last;
        self.last = [last, Some(moved)];
        let (older, last) = (older?, last?);
        let (before, now) = (last / older, moved / last);
        if (now - before).abs() < Self::STEADY && now > 0.05 && now < 0.995 {
            self.last = [None, None];
            return Some(now / (1.0 - now));
        }
        None
    }
}

/// The positions of the game of `fight` over the track classes `classes` with feint
/// points counted up to `feint_cap`; an error beyond [`MAX_POSITIONS`].
fn count_positions(fight: &Fight, classes: &[Vec<Class>; 2], feint_cap: i64) -> Result<usize> {
    let positions = classes[0].len() * classes[1].len() * (3 + 2 * feint_cap as usize);
    if positions > MAX_POSITIONS {
        return Err(Error::value(
            "a.enc",
            format!(
                "the whole-duel game of these fighters has {positions} positions (feint \
                 points up to {feint_cap}, fatigue points up to {} and {}); at most \
                 {MAX_POSITIONS} are solved: lower the CAs, enc or bd",
                fight.fatigue_cap(0),
                fight.fatigue_cap(1)
            ),
        ));
    }
    Ok(positions)
}

#[cfg(test)]
#[path = "whole_tests.rs"]
mod tests;
