//! A melee duel, fighter against monster (seed: *Initiative*, *Séquence du round de
//! combat*, *Attaque*, *Dégâts*, *Matrice ... TAC0*; `RULES.md` `ose` → Initiative, Melee
//! duel), and the `ose.duel` mechanic.
//!
//! Each round both sides roll a d6 for initiative; the higher acts first and a side at 0
//! HP or less does not act. On a tie (switch `ties`, **[choice]** of `RULES.md`) the dice
//! are rolled again (`reroll`) or both sides act at once (`simultaneous`, where both may
//! die). An attack is the d20 of [`super::attack`]; the fighter adds STR to the attack
//! and damage rolls; damage is at least 1.
//!
//! Choices of this program: the monster's HP, when not given, are d8 per hit die (1d4 for
//! a normal human, `21+` as 22 HD); a duel still running after [`MAX_ROUNDS`] rounds
//! counts for neither side.

use super::attack::hit_table;
use super::sheet::Hd;
use crate::engine::{
    Choice, Dice, Layout, Mechanic, Model, ParamSpec, ParamValues, Recorder, Simulation, simulation,
};
use crate::error::Result;

/// A duel longer than this counts for neither side.
pub const MAX_ROUNDS: u32 = 1000;

/// What to do when the initiative dice tie.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ties {
    /// Roll both dice again (the default).
    Reroll,
    /// Both sides act at the same time.
    Simultaneous,
}

impl Choice for Ties {
    const NAMES: &'static [(&'static str, Self)] = &[
        ("reroll", Ties::Reroll),
        ("simultaneous", Ties::Simultaneous),
    ];
}

/// The fighter's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fighter {
    /// THAC0.
    pub thac0: i64,
    /// Armour class (descending).
    pub ac: i64,
    /// Hit points.
    pub hp: i64,
    /// Damage die (sides).
    pub damage: u32,
    /// STR modifier, to attack and damage.
    pub str_mod: i64,
}

/// The monster's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Monster {
    /// Hit dice (sets the THAC0 and, when `hp` is `None`, the rolled HP).
    pub hd: Hd,
    /// Armour class (descending).
    pub ac: i64,
    /// Hit points, or `None` to roll them.
    pub hp: Option<i64>,
    /// Damage die (sides).
    pub damage: u32,
}

/// Who is left standing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Winner {
    /// The monster is down, the fighter is not.
    Fighter,
    /// The fighter is down, the monster is not.
    Monster,
    /// Both fell in the same simultaneous exchange.
    Both,
    /// Still going after [`MAX_ROUNDS`].
    Neither,
}

/// The end of one duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct DuelOutcome {
    /// Who won.
    pub winner: Winner,
    /// Rounds fought.
    pub rounds: u32,
}

/// `ose.duel`: one fight to the death.
#[derive(Debug, Clone, PartialEq)]
pub struct DuelModel {
    fighter_hits: [bool; 21],
    monster_hits: [bool; 21],
    fighter: Fighter,
    monster: Monster,
    /// Dice rolled for the monster's HP: (count, sides).
    hp_dice: (u32, u32),
    ties: Ties,
}

const FIGHTER_WINS: usize = 0;
const MONSTER_WINS: usize = 1;
const BOTH_DIE: usize = 2;
const MEAN_ROUNDS: usize = 3;
const ROUNDS_HIST: usize = 0;

impl DuelModel {
    /// The duel of `fighter` against `monster`.
    pub fn new(fighter: Fighter, monster: Monster, ties: Ties) -> Self {
        let hp_dice = match monster.hd {
            Hd::Human => (1, 4),
            Hd::Dice(n) => (n, 8),
        };
        Self {
            fighter_hits: hit_table(fighter.thac0, monster.ac, fighter.str_mod),
            monster_hits: hit_table(monster.hd.thac0(), fighter.ac, 0),
            fighter,
            monster,
            hp_dice,
            ties,
        }
    }

    /// The fighter's attack: damage dealt (0 on a miss).
    #[inline(always)]
    fn fighter_attack<D: Dice>(&self, dice: &mut D) -> i64 {
        if self.fighter_hits[dice.d20() as usize] {
            (dice.die(self.fighter.damage) as i64 + self.fighter.str_mod).max(1)
        } else {
            0
        }
    }

    /// The monster's attack: damage dealt (0 on a miss).
    #[inline(always)]
    fn monster_attack<D: Dice>(&self, dice: &mut D) -> i64 {
        if self.monster_hits[dice.d20() as usize] {
            (dice.die(self.monster.damage) as i64).max(1)
        } else {
            0
        }
    }

    /// The initiative dice of one round (fighter, monster), tied only when ties are
    /// simultaneous.
    #[inline(always)]
    fn initiative<D: Dice>(&self, dice: &mut D) -> (u32, u32) {
        loop {
            let (f, m) = (dice.d6(), dice.d6());
            if f != m || self.ties == Ties::Simultaneous {
                return (f, m);
            }
        }
    }
}

impl Model for DuelModel {
    type Outcome = DuelOutcome;

    fn layout(&self) -> Layout {
        Layout::new()
            .with_proportion("fighter_wins")
            .with_proportion("monster_wins")
            .with_proportion("both_die")
            .with_mean("mean_rounds")
            .with_histogram("rounds", (1, 20))
    }

    fn sample<D: Dice>(&self, dice: &mut D) -> DuelOutcome {
        let mut fighter_hp = self.fighter.hp;
        let mut monster_hp = match self.monster.hp {
            Some(hp) => hp,
            None => dice.sum(self.hp_dice.0, self.hp_dice.1) as i64,
        };
        for rounds in 1..=MAX_ROUNDS {
            let (f, m) = self.initiative(dice);
            if f == m {
                let to_monster = self.fighter_attack(dice);
                let to_fighter = self.monster_attack(dice);
                monster_hp -= to_monster;
                fighter_hp -= to_fighter;
            } else if f > m {
                monster_hp -= self.fighter_attack(dice);
                if monster_hp > 0 {
                    fighter_hp -= self.monster_attack(dice);
                }
            } else {
                fighter_hp -= self.monster_attack(dice);
                if fighter_hp > 0 {
                    monster_hp -= self.fighter_attack(dice);
                }
            }
            let winner = match (fighter_hp <= 0, monster_hp <= 0) {
                (false, false) => continue,
                (false, true) => Winner::Fighter,
                (true, false) => Winner::Monster,
                (true, true) => Winner::Both,
            };
            return DuelOutcome { winner, rounds };
        }
        DuelOutcome {
            winner: Winner::Neither,
            rounds: MAX_ROUNDS,
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &DuelOutcome, rec: &mut R) {
        rec.event(FIGHTER_WINS, o.winner == Winner::Fighter);
        rec.event(MONSTER_WINS, o.winner == Winner::Monster);
        rec.event(BOTH_DIE, o.winner == Winner::Both);
        rec.value(MEAN_ROUNDS, o.rounds as i64);
        rec.hist(ROUNDS_HIST, o.rounds as i64);
    }
}

/// The registry entry of `ose.duel`.
#[derive(Debug, Clone, Copy)]
pub struct DuelMechanic;

impl Mechanic for DuelMechanic {
    fn name(&self) -> &'static str {
        "ose.duel"
    }

    fn summary(&self) -> &'static str {
        "a melee duel to the death, a fighter against a monster of given hit dice"
    }

    fn params(&self) -> Vec<ParamSpec> {
        vec![
            ParamSpec::int("thac0", "fighter's THAC0 (19 at level 1)", 1, 30, Some(19))
                .prefixed("fighter"),
            ParamSpec::int("ac", "fighter's armour class", -10, 12, Some(4)).prefixed("fighter"),
            ParamSpec::int("hp", "fighter's hit points", 1, 200, Some(6)).prefixed("fighter"),
            ParamSpec::int("damage", "fighter's damage die (sides)", 2, 20, Some(6))
                .prefixed("fighter"),
            ParamSpec::int(
                "str",
                "fighter's STR modifier (attack and damage)",
                -3,
                3,
                Some(0),
            )
            .prefixed("fighter"),
            ParamSpec::choice(
                "hd",
                "monster's hit dice: human, 1..25, 21+ (sets THAC0 and rolled HP)",
                Some(Hd::Dice(1)),
            )
            .prefixed("monster"),
            ParamSpec::int("ac", "monster's armour class", -10, 12, Some(7)).prefixed("monster"),
            ParamSpec::int(
                "hp",
                "monster's hit points (0: roll d8 per hit die, 1d4 for a human)",
                0,
                500,
                Some(0),
            )
            .prefixed("monster"),
            ParamSpec::int("damage", "monster's damage die (sides)", 2, 20, Some(6))
                .prefixed("monster"),
            ParamSpec::choice(
                "ties",
                "initiative ties: reroll, or simultaneous (both act; both may die)",
                Some(Ties::Reroll),
            ),
        ]
    }

    fn metrics_doc(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("fighter_wins", "chance the fighter is left standing"),
            ("monster_wins", "chance the monster is left standing"),
            ("both_die", "chance both fall in one simultaneous exchange"),
            ("mean_rounds", "mean number of rounds"),
            ("rounds", "histogram of the number of rounds"),
        ]
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        let fighter = Fighter {
            thac0: params.int("fighter.thac0"),
            ac: params.int("fighter.ac"),
            hp: params.int("fighter.hp"),
            damage: params.int("fighter.damage") as u32,
            str_mod: params.int("fighter.str"),
        };
        let hp = params.int("monster.hp");
        let monster = Monster {
            hd: params.choice("monster.hd"),
            ac: params.int("monster.ac"),
            hp: (hp > 0).then_some(hp),
            damage: params.int("monster.damage") as u32,
        };
        Ok(simulation(DuelModel::new(
            fighter,
            monster,
            params.choice("ties"),
        )))
    }
}

/// The chance that one swing of `thac0` against `ac` with `bonus` hits.
pub fn hit_chance(thac0: i64, ac: i64, bonus: i64) -> f64 {
    hit_table(thac0, ac, bonus).iter().filter(|h| **h).count() as f64 / 20.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::check::check_against_exact;
    use crate::engine::model::record_one;
    use crate::engine::{Dist, RiggedDice, RunPlan, SampleSize, run_point};
    use crate::systems::test_support::build_with;

    const FIGHTER: Fighter = Fighter {
        thac0: 19,
        ac: 4,
        hp: 6,
        damage: 6,
        str_mod: 0,
    };
    const ORC: Monster = Monster {
        hd: Hd::Dice(1),
        ac: 6,
        hp: Some(5),
        damage: 6,
    };

    fn fight(model: &DuelModel, dice: &[u32]) -> DuelOutcome {
        let mut rigged = RiggedDice::new(dice);
        let (o, _) = record_one(model, &mut rigged);
        assert_eq!(rigged.remaining(), 0, "every rigged die is used");
        o
    }

    fn build(words: &[&str]) -> Result<Box<dyn Simulation>> {
        build_with(&DuelMechanic, words)
    }

    #[test]
    fn higher_initiative_strikes_first_and_the_fallen_do_not_strike() {
        let model = DuelModel::new(FIGHTER, ORC, Ties::Reroll);
        // Fighter 5 vs 2: d20 13 hits (19 - 6 = 13), d6 5 kills the orc's 5 HP.
        let o = fight(&model, &[5, 2, 13, 5]);
        assert_eq!(
            o,
            DuelOutcome {
                winner: Winner::Fighter,
                rounds: 1
            }
        );
        // Round 1, monster first: 20 hits for 6 (fighter 6 HP: down); no reply.
        let o = fight(&model, &[1, 4, 20, 6]);
        assert_eq!(o.winner, Winner::Monster);
        // Round 1: fighter misses (12), orc misses (14 < 15); round 2: fighter 13 + 4,
        // orc 20 + 3 (fighter 3 HP left); round 3: fighter 16 + 1 kills.
        let o = fight(&model, &[6, 1, 12, 14, 6, 1, 13, 4, 20, 3, 3, 2, 16, 1]);
        assert_eq!(
            o,
            DuelOutcome {
                winner: Winner::Fighter,
                rounds: 3
            }
        );
    }

    #[test]
    fn ties_reroll_or_strike_together() {
        let reroll = DuelModel::new(FIGHTER, ORC, Ties::Reroll);
        let o = fight(&reroll, &[3, 3, 4, 4, 2, 5, 20, 6]);
        assert_eq!(o.winner, Winner::Monster);
        let weak = Monster { hp: Some(1), ..ORC };
        let fragile = Fighter { hp: 1, ..FIGHTER };
        let together = DuelModel::new(fragile, weak, Ties::Simultaneous);
        let o = fight(&together, &[3, 3, 20, 1, 20, 1]);
        assert_eq!(o.winner, Winner::Both);
    }

    #[test]
    fn damage_is_at_least_one_and_str_counts() {
        let weak = Fighter {
            str_mod: -3,
            ..FIGHTER
        };
        let model = DuelModel::new(weak, Monster { hp: Some(1), ..ORC }, Ties::Reroll);
        // 19 - 6 = 13 needed, -3: a 16 hits; d6 1 - 3 still deals 1.
        let o = fight(&model, &[4, 1, 16, 1]);
        assert_eq!(o.winner, Winner::Fighter);
        let strong = Fighter {
            str_mod: 2,
            ..FIGHTER
        };
        let model = DuelModel::new(strong, Monster { hp: Some(8), ..ORC }, Ties::Reroll);
        // 11 + 2 hits for 6 + 2: the orc's 8 HP are gone at once.
        let o = fight(&model, &[4, 1, 11, 6]);
        assert_eq!(o.winner, Winner::Fighter);
    }

    #[test]
    fn rolled_hit_points() {
        let model = DuelModel::new(
            FIGHTER,
            Monster {
                hd: Hd::Dice(3),
                hp: None,
                ..ORC
            },
            Ties::Reroll,
        );
        // 3d8 = 1 + 1 + 1 = 3 HP; the fighter hits for 3.
        let o = fight(&model, &[1, 1, 1, 6, 5, 20, 3]);
        assert_eq!(o.winner, Winner::Fighter);
        assert_eq!(model.hp_dice, (3, 8));
        let human = DuelModel::new(
            FIGHTER,
            Monster {
                hd: Hd::Human,
                hp: None,
                ..ORC
            },
            Ties::Reroll,
        );
        assert_eq!(human.hp_dice, (1, 4));
    }

    #[test]
    fn invariants_and_determinism() {
        let plan = RunPlan {
            seed: 42,
            size: SampleSize::Samples(50_000),
        };
        for ties in ["reroll", "simultaneous"] {
            for hd in ["1", "3", "5"] {
                let sim = build(&[&format!("monster.hd={hd}"), &format!("ties={ties}")])
                    .unwrap_or_else(|e| panic!("{e}"));
                let a = run_point(&[sim.as_ref()], 0, &plan, &|_| {});
                let b = run_point(&[sim.as_ref()], 0, &plan, &|_| {});
                assert_eq!(a.tallies, b.tallies, "same seed, same tally");
                let t = &a.tallies[0];
                let n = t.samples as i64;
                let (f, m, both) = (
                    t.metrics[FIGHTER_WINS].sum,
                    t.metrics[MONSTER_WINS].sum,
                    t.metrics[BOTH_DIE].sum,
                );
                assert_eq!(
                    f + m + both,
                    n,
                    "every duel ends with a winner or both down"
                );
                if ties == "reroll" {
                    assert_eq!(both, 0);
                }
                assert!(t.metrics[MEAN_ROUNDS].sum >= n, "at least one round each");
                let c = run_point(&[sim.as_ref()], 0, &RunPlan { seed: 43, ..plan }, &|_| {});
                assert_ne!(a.tallies, c.tallies, "another seed, another tally");
            }
        }
    }

    /// The duel of two one-hit sides, whose winner has a closed form: the test checks the
    /// whole round loop against it.
    struct OneHit {
        duel: DuelModel,
        pf: f64,
        pm: f64,
    }

    impl Model for OneHit {
        type Outcome = Winner;

        fn layout(&self) -> Layout {
            self.duel.layout()
        }

        fn sample<D: Dice>(&self, dice: &mut D) -> Winner {
            self.duel.sample(dice).winner
        }

        fn record<R: Recorder>(&self, w: &Winner, rec: &mut R) {
            rec.event(FIGHTER_WINS, *w == Winner::Fighter);
            rec.event(MONSTER_WINS, *w == Winner::Monster);
            rec.event(BOTH_DIE, *w == Winner::Both);
        }

        fn exact(&self) -> Option<Dist<Winner>> {
            let (pf, pm) = (self.pf, self.pm);
            let tie = if self.duel.ties == Ties::Simultaneous {
                1.0 / 6.0
            } else {
                0.0
            };
            let half = (1.0 - tie) / 2.0;
            // One round: who ends it.
            let f = half * pf + half * (1.0 - pm) * pf + tie * pf * (1.0 - pm);
            let m = half * pm + half * (1.0 - pf) * pm + tie * pm * (1.0 - pf);
            let both = tie * pf * pm;
            Some(Dist::from_weights([
                (Winner::Fighter, f),
                (Winner::Monster, m),
                (Winner::Both, both),
            ]))
        }
    }

    #[test]
    fn one_hit_duels_agree_with_the_closed_form() {
        let fragile = Fighter { hp: 1, ..FIGHTER };
        let cases = [
            (ORC, Ties::Reroll),
            (ORC, Ties::Simultaneous),
            (
                Monster {
                    hd: Hd::Dice(5),
                    ac: 2,
                    ..ORC
                },
                Ties::Simultaneous,
            ),
        ];
        for (i, (monster, ties)) in cases.into_iter().enumerate() {
            let monster = Monster {
                hp: Some(1),
                ..monster
            };
            let model = OneHit {
                duel: DuelModel::new(fragile, monster, ties),
                pf: hit_chance(fragile.thac0, monster.ac, fragile.str_mod),
                pm: hit_chance(monster.hd.thac0(), fragile.ac, 0),
            };
            let sim = simulation(model);
            let report = check_against_exact(sim.as_ref(), 200_000, 1100 + i as u64);
            assert_eq!(report.comparisons, 3);
            assert!(
                report.failures.is_empty(),
                "case {i}: {:?}",
                report.failures
            );
        }
    }

    #[test]
    fn bad_input_is_an_error() {
        assert!(build(&["monster.hd=0"]).is_err());
        assert!(build(&["monster.hd=none"]).is_err());
        assert!(build(&["ties=coin"]).is_err());
        assert!(build(&["fighter.hp=0"]).is_err());
        assert!(build(&["fighter.damage=1"]).is_err());
        assert!(build(&["monster.hd=21+", "monster.hp=90"]).is_ok());
    }
}
