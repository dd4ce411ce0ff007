//! Keeping a spell (seed section 6, *Maintien d'un sort sur la durée*: *Individuel*,
//! *Contrecoup*, *La Rupture*, *Cercle Rituel*; `RULES.md` `sccs`), and the `sccs.spell`
//! mechanic: how many turns a spell is held before an impact breaks it.
//!
//! - Individual caster: a D6 sets the turns held without malus (the *compteur de
//!   tension*); after them the caster takes −1 to every statistic (*contrecoup*), and an
//!   impact in that state breaks the spell (*rupture*). Impacts come each turn with chance
//!   `p_hit`, or from one attacker's melee against the caster's protection (lowered by the
//!   malus once it applies). Impacts before the malus do not break the spell, and (a
//!   simplification) their own −1 wound malus is not applied.
//! - Ritual circle (*cercle rituel*): one D6 sets the casting time in turns; every caster
//!   concentrates under the malus, each is hit with chance `p_hit` each turn and leaves the
//!   circle; with fewer than two still concentrated the casting breaks. The circle's
//!   effect uses the best caster's statistics + 1, a fixed number with nothing to roll.

use super::rules::{Comparison, Counter, compare, tension_counts_tie_spec};
use crate::engine::{
    Choice, Dice, Dist, Layout, Mechanic, Model, ParamSpec, ParamValues, Recorder, Simulation,
    simulation,
};
use crate::error::{Error, Result};

/// Who keeps the spell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keeper {
    /// One caster keeping a spell (the default).
    Individual,
    /// A ritual circle casting a spell together.
    Circle,
}

impl Choice for Keeper {
    const NAMES: &'static [(&'static str, Self)] = &[
        ("individual", Keeper::Individual),
        ("circle", Keeper::Circle),
    ];
}

/// Where the impacts on the caster come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// An impact each turn with chance `p_hit` (the default).
    Chance,
    /// One attacker of score `attack` strikes each turn against the caster's protection.
    Melee,
}

impl Choice for Source {
    const NAMES: &'static [(&'static str, Self)] =
        &[("chance", Source::Chance), ("melee", Source::Melee)];
}

/// A configured upkeep.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Upkeep {
    /// Individual caster or ritual circle.
    pub keeper: Keeper,
    /// Source of the impacts.
    pub source: Source,
    /// Chance of an impact on a caster each turn (source chance).
    pub p_hit: f64,
    /// Turns followed at most (individual caster).
    pub max_turns: u32,
    /// The attacker's score (source melee).
    pub attack: i64,
    /// The caster's protection `défense + résistance` (source melee).
    pub protection: i64,
    /// How much the upkeep malus lowers the protection: 2 (−1 on défense and on
    /// résistance, the default) or 1 with the switch `upkeep_malus_on_total` **[choice]**.
    pub malus: i64,
    /// Casters in the circle, at least 2.
    pub casters: u32,
    /// Switch `tension_counts_tie` (the attacker's counter, source melee).
    pub counts_tie: bool,
}

/// How long a spell was held.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct SpellOutcome {
    /// Whole turns held (individual) or concentrated (circle) before the break, or until
    /// `max_turns` (individual) or the end of the casting (circle).
    pub held: i64,
    /// True when an impact broke the spell (or the circle's casting).
    pub broken: bool,
}

impl Upkeep {
    /// Plays one upkeep.
    #[inline(always)]
    pub fn run<D: Dice>(&self, dice: &mut D) -> SpellOutcome {
        let free = dice.d6();
        match (self.keeper, self.source) {
            (Keeper::Circle, _) => self.run_circle(dice, free),
            (Keeper::Individual, Source::Chance) => {
                for turn in free + 1..=self.max_turns {
                    if dice.bernoulli(self.p_hit) {
                        return broken_in(turn);
                    }
                }
                self.held_to_the_end()
            }
            (Keeper::Individual, Source::Melee) => {
                let mut counter = Counter::default();
                for turn in 1..=self.max_turns {
                    let under_malus = turn > free;
                    let p = self.protection - if under_malus { self.malus } else { 0 };
                    let hit = match compare(self.attack, p) {
                        Comparison::Impact => true,
                        Comparison::Countered => false,
                        Comparison::Tie => counter.tie(dice, self.counts_tie),
                    };
                    if hit {
                        if under_malus {
                            return broken_in(turn);
                        }
                        counter.drop_counter();
                    }
                }
                self.held_to_the_end()
            }
        }
    }

    fn run_circle<D: Dice>(&self, dice: &mut D, casting: u32) -> SpellOutcome {
        let mut concentrated = self.casters;
        for turn in 1..=casting {
            let mut hit = 0;
            for _ in 0..concentrated {
                hit += u32::from(dice.bernoulli(self.p_hit));
            }
            concentrated -= hit;
            if concentrated < 2 {
                return broken_in(turn);
            }
        }
        SpellOutcome {
            held: casting as i64,
            broken: false,
        }
    }

    fn held_to_the_end(&self) -> SpellOutcome {
        SpellOutcome {
            held: self.max_turns as i64,
            broken: false,
        }
    }

    /// The exact distribution (source chance only).
    pub fn exact(&self) -> Option<Dist<SpellOutcome>> {
        let p = self.p_hit;
        match (self.keeper, self.source) {
            (Keeper::Individual, Source::Melee) => None,
            (Keeper::Individual, Source::Chance) => Some(Dist::die(6).then(|&free| {
                let free = free as u32;
                let mut items = Vec::new();
                let mut alive = 1.0;
                for turn in free + 1..=self.max_turns {
                    items.push((broken_in(turn), alive * p));
                    alive *= 1.0 - p;
                }
                items.push((self.held_to_the_end(), alive));
                Dist::from_weights(items.into_iter().filter(|(_, w)| *w > 0.0))
            })),
            (Keeper::Circle, _) => Some(Dist::die(6).then(|&casting| {
                // State: (concentrated casters, outcome so far).
                let mut state = Dist::certain((
                    self.casters as i64,
                    SpellOutcome {
                        held: 0,
                        broken: false,
                    },
                ));
                for turn in 1..=casting as u32 {
                    state = state.then(|&(left, o)| {
                        if o.broken {
                            return Dist::certain((left, o));
                        }
                        binomial(left, p).map(|&hit| {
                            let left = left - hit;
                            if left < 2 {
                                (left, broken_in(turn))
                            } else {
                                (
                                    left,
                                    SpellOutcome {
                                        held: turn as i64,
                                        broken: false,
                                    },
                                )
                            }
                        })
                    });
                }
                state.map(|(_, o)| *o)
            })),
        }
    }
}

/// Broken by an impact during `turn`: `turn − 1` whole turns held.
fn broken_in(turn: u32) -> SpellOutcome {
    SpellOutcome {
        held: turn as i64 - 1,
        broken: true,
    }
}

/// Number of successes among `n` independent chances `p`.
fn binomial(n: i64, p: f64) -> Dist<i64> {
    let one = Dist::bernoulli(p).map(|&b| i64::from(b));
    (0..n).fold(Dist::certain(0), |acc, _| acc.add(&one))
}

/// `sccs.spell`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpellModel {
    upkeep: Upkeep,
}

const MEAN_TURNS: usize = 0;
const BROKEN: usize = 1;
const TURNS_HIST: usize = 0;

impl SpellModel {
    /// The model of `upkeep`.
    pub fn new(upkeep: Upkeep) -> Self {
        Self { upkeep }
    }
}

impl Model for SpellModel {
    type Outcome = SpellOutcome;

    fn layout(&self) -> Layout {
        let top = match self.upkeep.keeper {
            Keeper::Individual => self.upkeep.max_turns as i64,
            Keeper::Circle => 6,
        };
        Layout::new()
            .with_mean("mean_turns")
            .with_proportion("broken")
            .with_histogram("turns_held", (0, top))
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> SpellOutcome {
        self.upkeep.run(dice)
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &SpellOutcome, rec: &mut R) {
        rec.value(MEAN_TURNS, o.held);
        rec.event(BROKEN, o.broken);
        rec.hist(TURNS_HIST, o.held);
    }

    fn exact(&self) -> Option<Dist<SpellOutcome>> {
        self.upkeep.exact()
    }
}

/// The registry entry of `sccs.spell`.
#[derive(Debug, Clone, Copy)]
pub struct SpellMechanic;

impl Mechanic for SpellMechanic {
    fn name(&self) -> &'static str {
        "sccs.spell"
    }

    fn summary(&self) -> &'static str {
        "spell upkeep: turns a spell is held before an impact under the malus breaks it; ritual circle casting"
    }

    fn params(&self) -> Vec<ParamSpec> {
        vec![
            ParamSpec::choice(
                "keeper",
                "individual (a D6 of malus-free turns, then the malus) or circle (a D6 of casting turns, everyone under the malus)",
                Some(Keeper::Individual),
            ),
            ParamSpec::choice(
                "source",
                "chance (an impact each turn with chance p_hit) or melee (one attacker of score attack; individual only)",
                Some(Source::Chance),
            ),
            ParamSpec::float(
                "p_hit",
                "chance of an impact on a caster each turn (source chance)",
                0.0,
                1.0,
                Some(0.2),
            ),
            ParamSpec::int(
                "max_turns",
                "turns followed at most (individual)",
                1,
                100,
                Some(20),
            ),
            ParamSpec::int(
                "attack",
                "source melee: the attacker's score (type + cible)",
                -20,
                40,
                Some(5),
            ),
            ParamSpec::int(
                "defense",
                "source melee: the caster's défense",
                -20,
                40,
                Some(3),
            ),
            ParamSpec::int(
                "resistance",
                "source melee: the caster's résistance",
                -20,
                40,
                Some(3),
            ),
            ParamSpec::bool(
                "upkeep_malus_on_total",
                "[choice] the -1 of the upkeep lowers the protection by 1, not by 2 (-1 on défense and on résistance)",
                false,
            ),
            ParamSpec::int(
                "casters",
                "circle: casters concentrating (the casting breaks below 2)",
                2,
                20,
                Some(3),
            ),
            tension_counts_tie_spec(),
        ]
    }

    fn metrics_doc(&self) -> &'static [(&'static str, &'static str)] {
        &[
            (
                "mean_turns",
                "mean whole turns held (individual) or concentrated (circle)",
            ),
            (
                "broken",
                "chance an impact breaks the spell within max_turns (individual) or the casting (circle)",
            ),
            ("turns_held", "histogram of whole turns held"),
        ]
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        let keeper: Keeper = params.choice("keeper");
        let source: Source = params.choice("source");
        if keeper == Keeper::Circle && source == Source::Melee {
            return Err(Error::value(
                "source",
                "source melee follows one attacker against one caster: use keeper = individual, or source = chance for a circle",
            ));
        }
        Ok(simulation(SpellModel::new(Upkeep {
            keeper,
            source,
            p_hit: params.float("p_hit"),
            max_turns: params.int("max_turns") as u32,
            attack: params.int("attack"),
            protection: params.int("defense") + params.int("resistance"),
            malus: if params.bool("upkeep_malus_on_total") {
                1
            } else {
                2
            },
            casters: params.int("casters") as u32,
            counts_tie: params.bool("tension_counts_tie"),
        })))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RiggedDice;
    use crate::engine::dice::BERNOULLI_NO;
    use crate::systems::test_support::assert_agrees_with_exact;
    use crate::systems::test_support::build_with;
    use crate::systems::test_support::error_text;

    const YES: u32 = 1;
    const NO: u32 = BERNOULLI_NO;

    fn upkeep() -> Upkeep {
        Upkeep {
            keeper: Keeper::Individual,
            source: Source::Chance,
            p_hit: 0.3,
            max_turns: 10,
            attack: 5,
            protection: 6,
            malus: 2,
            casters: 3,
            counts_tie: false,
        }
    }

    fn run(u: Upkeep, rolls: &[u32]) -> SpellOutcome {
        let mut dice = RiggedDice::new(rolls);
        let o = u.run(&mut dice);
        assert_eq!(dice.remaining(), 0, "every rigged die is used");
        o
    }

    fn build(words: &[&str]) -> Result<Box<dyn Simulation>> {
        build_with(&SpellMechanic, words)
    }

    #[test]
    fn malus_free_turns_then_break() {
        // D6 = 3 free turns; impacts are only drawn from turn 4: miss, miss, hit in turn 6.
        let o = run(upkeep(), &[3, NO, NO, YES]);
        assert_eq!((o.held, o.broken), (5, true));
        // A 6 with max_turns 6: held to the end, no chance drawn.
        let short = Upkeep {
            max_turns: 6,
            ..upkeep()
        };
        assert_eq!(run(short, &[6]), short.held_to_the_end());
    }

    #[test]
    fn melee_source_breaks_once_the_malus_lowers_the_protection() {
        // 5 against 6: countered while free (D6 = 2), then 5 against 4: impact in turn 3.
        let u = Upkeep {
            source: Source::Melee,
            ..upkeep()
        };
        assert_eq!(run(u, &[2]), broken_in(3));
        // Malus on the total: 5 against 5, a tie: counter 2, impact in turn 5.
        let total = Upkeep { malus: 1, ..u };
        assert_eq!(run(total, &[2, 2]), broken_in(5));
        // A tie before the malus (4 free turns): counter 2, the impact in turn 3 does not
        // break the spell; turn 4 ties again (new counter 3); 6 against 4 in turn 5 breaks.
        let tie = Upkeep { attack: 6, ..u };
        assert_eq!(run(tie, &[4, 2, 3]), broken_in(5));
    }

    #[test]
    fn ritual_circle() {
        let circle = Upkeep {
            keeper: Keeper::Circle,
            ..upkeep()
        };
        // Casting time 2, three casters: one hit in turn 1, none in turn 2: cast.
        let o = run(circle, &[2, YES, NO, NO, NO, NO]);
        assert_eq!((o.held, o.broken), (2, false));
        // Two hits in turn 1: one caster left, the casting breaks.
        let o = run(circle, &[4, YES, YES, NO]);
        assert_eq!((o.held, o.broken), (0, true));
    }

    #[test]
    fn exact_closed_forms() {
        // p_hit = 0: never broken, held max_turns.
        let never = Upkeep {
            p_hit: 0.0,
            ..upkeep()
        };
        let d = never.exact().unwrap();
        assert!((d.p_where(|o| !o.broken && o.held == 10) - 1.0).abs() < 1e-12);
        // p_hit = 1: broken on the first malus turn, held = the D6: mean 3.5.
        let always = Upkeep {
            p_hit: 1.0,
            ..upkeep()
        };
        let mean: f64 = always
            .exact()
            .unwrap()
            .iter()
            .map(|(o, p)| o.held as f64 * p)
            .sum();
        assert!((mean - 3.5).abs() < 1e-12);
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        let cases: [&[&str]; 5] = [
            &[],
            &["p_hit=0.5", "max_turns=8"],
            &["p_hit=0.05"],
            &["keeper=circle", "casters=3", "p_hit=0.15"],
            &["keeper=circle", "casters=5", "p_hit=0.3"],
        ];
        for (i, words) in cases.iter().enumerate() {
            let sim = build(words).unwrap_or_else(|e| panic!("{words:?}: {e}"));
            assert_agrees_with_exact(sim.as_ref(), 200_000, 900 + i as u64, 4, &words);
        }
    }

    #[test]
    fn bad_input() {
        let e = error_text(build(&["keeper=circle", "source=melee"]));
        assert!(e.contains("keeper = individual"), "{e}");
        assert!(build(&["p_hit=1.5"]).is_err());
        assert!(build(&["keeper=coven"]).is_err());
        assert!(build(&["casters=1"]).is_err());
    }
}
