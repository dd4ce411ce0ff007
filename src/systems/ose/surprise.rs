//! The start of an encounter (seed: *Rencontres → Surprise*, *Distance de rencontre*,
//! *Séquence de la rencontre*; the `ose` page → Surprise, Encounter distance), and the
//! mechanics `ose.surprise` and `ose.distance`.
//!
//! Surprise: each side rolls a d6 and is surprised on 1 or 2 (`party`, `monsters`: x in 6,
//! 2 by default); a surprised side does not act in the first round, so when only one side
//! is surprised the other gets a free round. The party's die is rolled first.
//!
//! Encounter distance: in a dungeon 2d6 × 3 m; outdoors (the wilds, or on water) 4d6 ×
//! 10 m, or 1d4 × 10 m when surprise is involved. Which surprise brings the encounter that
//! close is a **\[choice\]** (switch `close_if`): the sheet says only "si surpris"; the
//! default, `either`, reads it as either side being surprised. The sheet gives the close
//! distance only outdoors: in a dungeon surprise does not change the 2d6 × 3 m.

use crate::engine::{Dice, HistId, Layout, MetricId, Recorder, Report, Roll, Rolled};
use crate::error::{Error, Result};

crate::config! {
    /// The two surprise dice (the parameters of `ose.surprise`, and of `ose.distance` when
    /// it rolls surprise).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct SurpriseParams {
        /// the party is surprised on this many in 6 (the sheet: 1-2, so 2)
        party: u32 = int(0..=6, default = 2),
        /// the monsters are surprised on this many in 6 (the sheet: 1-2, so 2)
        monsters: u32 = int(0..=6, default = 2),
    }
}

/// Who is surprised.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Surprise {
    /// The party's d6 came up surprised.
    pub party: bool,
    /// The monsters' d6 came up surprised.
    pub monsters: bool,
}

impl Surprise {
    /// Nobody surprised.
    pub const NONE: Surprise = Surprise {
        party: false,
        monsters: false,
    };
}

impl SurpriseParams {
    /// The sheet's odds: each side surprised on 1-2.
    pub const SHEET: SurpriseParams = SurpriseParams {
        party: 2,
        monsters: 2,
    };

    /// Rolls the party's d6, then the monsters'.
    #[inline]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> Surprise {
        let party = dice.in_six(self.party);
        let monsters = dice.in_six(self.monsters);
        Surprise { party, monsters }
    }
}

crate::rolls!(SurpriseParams => Surprise);

/// What `ose.surprise` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct SurpriseMetrics {
    party: MetricId,
    monsters: MetricId,
    both: MetricId,
    neither: MetricId,
    party_only: MetricId,
    monsters_only: MetricId,
}

impl Report<SurpriseParams> for SurpriseMetrics {
    fn declare(_: &SurpriseParams, layout: &mut Layout) -> Self {
        Self {
            party: layout.proportion("party_surprised", "chance the party is surprised"),
            monsters: layout.proportion("monsters_surprised", "chance the monsters are surprised"),
            both: layout.proportion(
                "both_surprised",
                "chance both sides are surprised (neither gets a free round)",
            ),
            neither: layout.proportion(
                "neither_surprised",
                "chance neither side is surprised (initiative as usual)",
            ),
            party_only: layout.proportion(
                "party_only",
                "chance only the party is surprised: the monsters get a free round",
            ),
            monsters_only: layout.proportion(
                "monsters_only",
                "chance only the monsters are surprised: the party gets a free round",
            ),
        }
    }

    #[inline]
    fn record<R: Recorder>(&self, s: &Surprise, rec: &mut R) {
        rec.event(self.party, s.party);
        rec.event(self.monsters, s.monsters);
        rec.event(self.both, s.party && s.monsters);
        rec.event(self.neither, !s.party && !s.monsters);
        rec.event(self.party_only, s.party && !s.monsters);
        rec.event(self.monsters_only, s.monsters && !s.party);
    }
}

/// `ose.surprise`: both sides' surprise dice.
pub type SurpriseModel = Rolled<SurpriseParams, SurpriseMetrics>;

crate::choice! {
    /// Where the encounter happens.
    ///
    /// - `dungeon`: *Donjon*: 2d6 × 3 m.
    /// - `outdoors`: *Contrées sauvages ou sur l'eau*: 4d6 × 10 m, 1d4 × 10 m if surprised.
    pub enum Setting { Dungeon = "dungeon", Outdoors = "outdoors" }
}

crate::choice! {
    /// How surprise enters the distance.
    ///
    /// - `roll`: both sides roll their surprise dice first.
    /// - `none`: nobody is surprised.
    /// - `surprised`: surprise is given: the close distance applies.
    pub enum SurpriseMode { Roll = "roll", Nobody = "none", Surprised = "surprised" }
}

crate::choice! {
    /// **\[choice\]** Which rolled surprise brings an outdoor encounter to 1d4 × 10 m.
    ///
    /// - `either`: either side surprised (the default).
    /// - `party`: the party surprised.
    /// - `monsters`: the monsters surprised.
    /// - `both`: both sides surprised.
    pub enum CloseIf { Either = "either", Party = "party", Monsters = "monsters", Both = "both" }
}

impl CloseIf {
    /// Whether the surprise `s` brings the encounter close.
    pub fn holds(self, s: Surprise) -> bool {
        match self {
            CloseIf::Either => s.party || s.monsters,
            CloseIf::Party => s.party,
            CloseIf::Monsters => s.monsters,
            CloseIf::Both => s.party && s.monsters,
        }
    }
}

crate::config! {
    /// The parameters of `ose.distance`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct DistanceParams {
        /// dungeon (2d6 x 3 m) or outdoors, in the wilds or on water (4d6 x 10 m; 1d4 x 10 m
        /// if surprised)
        setting: Setting = choice(default = Setting::Dungeon),
        /// roll (each side's surprise d6 first), none (nobody surprised) or surprised (the
        /// close distance outdoors)
        surprise: SurpriseMode = choice(default = SurpriseMode::Roll),
        /// [choice] with rolled surprise, outdoors: who must be surprised for 1d4 x 10 m:
        /// either side, party, monsters, or both
        close_if: CloseIf = choice(default = CloseIf::Either),
        /// the distance asked about: the chance the encounter starts at this many metres or
        /// less is reported as p_within
        within: i64 = int(0..=300, default = 30),
        /// the surprise dice, with surprise=roll
        dice: SurpriseParams = flatten(),
    }
}

/// The start of one encounter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Start {
    /// Who is surprised (nobody unless rolled).
    pub surprise: Surprise,
    /// Whether the close distance (1d4 × 10 m) applies.
    pub close: bool,
    /// The distance, in metres.
    pub metres: i64,
}

/// The distance rule: the parameters of `ose.distance`, checked (the surprise dice only
/// when surprise is rolled, the rule for the close distance only when it can apply).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DistanceRule {
    p: DistanceParams,
}

impl DistanceRule {
    /// Whether the surprise `s` brings the encounter to the close distance.
    fn close(&self, s: Surprise) -> bool {
        self.p.setting == Setting::Outdoors
            && match self.p.surprise {
                SurpriseMode::Roll => self.p.close_if.holds(s),
                SurpriseMode::Nobody => false,
                SurpriseMode::Surprised => true,
            }
    }

    /// The dice of the distance (count, sides) and the metres a point is worth (close or
    /// not): 2d6 × 3 m in a dungeon, outdoors 4d6 × 10 m, or 1d4 × 10 m when close.
    fn dice(&self, close: bool) -> (u32, u32, i64) {
        match (self.p.setting, close) {
            (Setting::Dungeon, _) => (2, 6, 3),
            (Setting::Outdoors, false) => (4, 6, 10),
            (Setting::Outdoors, true) => (1, 4, 10),
        }
    }
}

impl TryFrom<DistanceParams> for DistanceRule {
    type Error = Error;

    fn try_from(p: DistanceParams) -> Result<Self> {
        if p.surprise != SurpriseMode::Roll && p.dice != SurpriseParams::SHEET {
            return Err(Error::value(
                "party",
                "party and monsters set the surprise dice; they need surprise=roll",
            ));
        }
        if p.close_if != CloseIf::Either
            && (p.surprise != SurpriseMode::Roll || p.setting != Setting::Outdoors)
        {
            return Err(Error::value(
                "close_if",
                "close_if says which rolled surprise brings the encounter close; it needs setting=outdoors and surprise=roll",
            ));
        }
        Ok(Self { p })
    }
}

impl Roll for DistanceRule {
    /// Surprise, and the distance.
    type Outcome = Start;

    fn roll<D: Dice>(&self, dice: &mut D) -> Start {
        let surprise = match self.p.surprise {
            SurpriseMode::Roll => self.p.dice.roll(dice),
            _ => Surprise::NONE,
        };
        let close = self.close(surprise);
        let (count, sides, metres_per_point) = self.dice(close);
        let metres = dice.sum(count, sides) as i64 * metres_per_point;
        Start {
            surprise,
            close,
            metres,
        }
    }
}

/// What `ose.distance` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct DistanceMetrics {
    /// The distance asked about (`within`).
    within_metres: i64,
    mean: MetricId,
    within: MetricId,
    close: MetricId,
    distance: HistId,
}

impl Report<DistanceRule> for DistanceMetrics {
    fn declare(rule: &DistanceRule, layout: &mut Layout) -> Self {
        Self {
            within_metres: rule.p.within,
            mean: layout.mean("mean_distance", "mean distance of the encounter, in metres"),
            within: layout.proportion(
                "p_within",
                "chance the encounter starts at `within` metres or less",
            ),
            close: layout.proportion(
                "close",
                "chance surprise brings the encounter to 1d4 x 10 m (outdoors)",
            ),
            distance: layout.histogram(
                "distance",
                "histogram of the distance of the encounter, in metres",
                (0, 240),
            ),
        }
    }

    fn record<R: Recorder>(&self, s: &Start, rec: &mut R) {
        rec.value(self.mean, s.metres);
        rec.event(self.within, s.metres <= self.within_metres);
        rec.event(self.close, s.close);
        rec.hist(self.distance, s.metres);
    }
}

/// `ose.distance`: the distance at which an encounter starts.
pub type DistanceModel = Rolled<DistanceRule, DistanceMetrics>;

#[cfg(test)]
#[path = "surprise_tests.rs"]
mod tests;
