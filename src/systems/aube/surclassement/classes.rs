//! The track classes of the whole-duel game ([`super::whole`]): a side's wound track
//! without its pending étourdi, its fatigue points counted up to the side's cap. A
//! position of the game is a class for each side, a pending étourdi and the feint points
//! held. The boxes of the track and the fatigue points of each result are those of the
//! rule tables in force (`Rules::tables`).

use super::position::Fight;
use crate::systems::aube::damage::DamageResult;
use crate::systems::aube::tables::WoundBoxes;
use crate::systems::aube::wounds::{OverflowFatigue, WoundTrack};

/// One track class of a side: its track (no étourdi pending), and what each damage result
/// makes of it.
pub(super) struct Class {
    pub track: WoundTrack,
    /// The class after each result (by [`DamageResult::index`]); `None`: out.
    pub next: [Option<usize>; 7],
}

/// The dense numbering of a side's track classes: by légères, graves, critiques (up to
/// the boxes of the track) and fatigue points (up to the side's cap).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Keys {
    /// Boxes of each grade plus one: légère, grave, critique.
    radix: [usize; 3],
    cap: i64,
}

impl Keys {
    /// The numbering for a track of `boxes` whose fatigue is counted up to `cap`.
    pub fn new(boxes: &WoundBoxes, cap: i64) -> Self {
        let radix = [boxes.legere, boxes.grave, boxes.critique].map(|b| b.max(0) as usize + 1);
        Self { radix, cap }
    }

    /// How many numbers there are.
    pub fn len(&self) -> usize {
        self.radix.iter().product::<usize>() * (self.cap as usize + 1)
    }

    /// The number of the class of `track` (its fatigue beyond the cap read as the cap).
    pub fn key(&self, track: &WoundTrack) -> usize {
        let [l, g, c] = [
            DamageResult::Legere,
            DamageResult::Grave,
            DamageResult::Critique,
        ]
        .map(|r| track.count(r) as usize);
        ((l * self.radix[1] + g) * self.radix[2] + c) * (self.cap as usize + 1)
            + track.fatigue().min(self.cap) as usize
    }
}

/// The track classes in play of a side numbered by `keys` (no étourdi pending), with what
/// each damage result makes of them under the fight's tables.
pub(super) fn classes(fight: &Fight, keys: Keys) -> Vec<Class> {
    let tables = fight.rules().tables;
    let take = |t: &mut WoundTrack, r| {
        t.take_with(r, OverflowFatigue::Recorded, &tables);
    };
    let mut tracks = Vec::new();
    for l in 0..keys.radix[0] {
        for g in 0..keys.radix[1] {
            for c in 0..keys.radix[2] {
                let mut t = WoundTrack::new();
                for (grade, n) in [
                    (DamageResult::Legere, l),
                    (DamageResult::Grave, g),
                    (DamageResult::Critique, c),
                ] {
                    for _ in 0..n {
                        take(&mut t, grade);
                    }
                }
                if t.is_out(fight.out_at()) {
                    continue;
                }
                let least = t.fatigue().min(keys.cap);
                for fatigue in least..=keys.cap {
                    let mut t = t;
                    t.add_fatigue(fatigue - t.fatigue());
                    tracks.push(t);
                }
            }
        }
    }
    let mut index = vec![usize::MAX; keys.len()];
    for (i, t) in tracks.iter().enumerate() {
        index[keys.key(t)] = i;
    }
    tracks
        .iter()
        .map(|&track| {
            let next = DamageResult::ALL.map(|r| {
                let mut t = track;
                take(&mut t, r);
                (!t.is_out(fight.out_at())).then(|| index[keys.key(&t)])
            });
            Class { track, next }
        })
        .collect()
}
