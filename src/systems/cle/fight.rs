//! A whole fight of the player characters against a boss, seconds couteaux or figurants
//! (seed *Fiche 1*, hero points per number of PCs; *Fiche 3*, "Ordre de jeu", "Attaquer &
//! se défendre", "Dégâts"; *Fiche 4*, "Les points de vitalité", "Mal en point"; *Fiche
//! 6*, boss, seconds couteaux, figurants; `RULES.md` `cle` → *Vitality, mal en point, NPC
//! tiers*, *Order of play in a fight*), and the `cle.fight` mechanic.
//!
//! Rules as simulated: wounds, *mal en point*, death and unconsciousness as in
//! [`super::vitality`]; damage as in [`super::damage`]; figurants act in groups of up
//! to 5: one test with +1 per other standing member, and the same bonus to the damage.
//!
//! Simplifications of this program (each stated in the report):
//! - All PCs share one profile; PCs act in a fixed order each round and all attack the
//!   first standing foe (focus fire). Nobody uses primes, pénalités or atouts.
//! - After a PC attacks, the attacked foe (its group, for figurants) answers at once
//!   against that PC if it has not acted this round, else the first foe (group) that has
//!   not acted; the boss thus answers the first PC that attacks it **\[choice\]**. Foes that
//!   have not acted by the end of the round act then, the k-th of them against the k-th
//!   standing PC (cyclically).
//! - Figurant groups are formed anew each round: the standing figurants in order, by fives.
//! - Switch `outnumbered`: a defender defends at −2 whenever two or more enemies stand
//!   (the text's "in melee with several foes").
//! - Hero points (10/8/6/4 per PC for 2/3/4/5 PCs) are spent by `hero_policy`: a fourth
//!   die on each attack (adds to the damage), on the first defence of each round (taken
//!   off the damage), both, or never. NPCs have none.
//! - A character is out when dead or unconscious; unconscious ones wake after their rounds
//!   and fight on (still *mal en point*); foes never finish off the unconscious.
//! - No first aid: `pc_deaths` counts PCs dead or in *danger de mort* when the fight ends.
//! - A fight still going after `max_rounds` rounds is won by nobody.

use super::attack::{AttackRule, DamageRule, Weapon};
use super::opposition::Side;
pub use super::vitality::{Profile, State, hero_points};
use crate::engine::{
    Choice, Dice, Layout, Mechanic, Model, ParamSpec, ParamValues, Recorder, Simulation, simulation,
};
use crate::error::{Error, Result};

/// Most foes (seconds couteaux or figurants) in a fight.
pub const MAX_FOES: usize = 20;
/// Most PCs.
pub const MAX_PCS: usize = 5;
/// Figurants per group.
const GROUP: usize = 5;

/// The kind of opposition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    /// One boss, managed like a PC (mal en point tests).
    Boss,
    /// Seconds couteaux: out at 0 vitality.
    Seconds,
    /// Figurants: 1 vitality each, acting in groups of up to 5.
    Figurants,
}

impl Choice for Opponent {
    const NAMES: &'static [(&'static str, Self)] = &[
        ("boss", Opponent::Boss),
        ("seconds", Opponent::Seconds),
        ("figurants", Opponent::Figurants),
    ];
}

/// When PCs spend hero points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeroPolicy {
    /// Never.
    None,
    /// A fourth die on every attack while points last.
    Attack,
    /// A fourth die on the first defence of each round while points last.
    Defense,
    /// Both.
    Both,
}

impl Choice for HeroPolicy {
    const NAMES: &'static [(&'static str, Self)] = &[
        ("none", HeroPolicy::None),
        ("attack", HeroPolicy::Attack),
        ("defense", HeroPolicy::Defense),
        ("both", HeroPolicy::Both),
    ];
}

/// One fight's inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FightRule {
    /// Number of PCs, 2..=5.
    pub pcs: usize,
    /// The PCs' shared profile.
    pub pc: Profile,
    /// Hero point policy.
    pub hero_policy: HeroPolicy,
    /// The kind of foes.
    pub opponent: Opponent,
    /// The foes' profile (vitality for this number of PCs; 1 for figurants).
    pub foe: Profile,
    /// Number of foes (1 for a boss).
    pub foes: usize,
    /// Switch `outnumbered`: −2 to defend when two or more enemies stand.
    pub outnumbered: bool,
    /// Rounds before the fight is called unresolved.
    pub max_rounds: u32,
}

/// The outcome of a fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct FightOutcome {
    /// Every foe is out.
    pub pcs_win: bool,
    /// Every PC is out.
    pub foes_win: bool,
    /// Rounds played (the last one included).
    pub rounds: u32,
    /// PCs dead or in danger de mort at the end.
    pub deaths: u32,
    /// Hero points spent.
    pub hero_spent: i64,
}

struct Battle {
    pcs: [State; MAX_PCS],
    foes: [State; MAX_FOES],
    hero_spent: i64,
}

impl FightRule {
    fn standing_count(states: &[State], round: u32) -> usize {
        states.iter().filter(|s| s.standing(round)).count()
    }

    fn group_size(&self) -> usize {
        if self.opponent == Opponent::Figurants {
            GROUP
        } else {
            1
        }
    }

    /// PC `i` attacks foe `t`.
    fn pc_attacks<D: Dice>(&self, dice: &mut D, b: &mut Battle, i: usize, t: usize, round: u32) {
        let use_hero =
            matches!(self.hero_policy, HeroPolicy::Attack | HeroPolicy::Both) && b.pcs[i].hero > 0;
        if use_hero {
            b.pcs[i].hero -= 1;
            b.hero_spent += 1;
        }
        let rule = AttackRule {
            attacker: Side {
                skill: self.pc.combat,
                dice: if use_hero { 4 } else { 3 },
                modifiers: 0,
            },
            defense: self.foe.defense,
            defender_dice: 3,
            outnumbered: self.outnumbered && Self::standing_count(&b.pcs[..self.pcs], round) >= 2,
            auto_triples: false,
            damage: DamageRule {
                bonus: self.pc.bonus,
                protection: self.foe.protection,
                ..DamageRule::new(self.pc.weapon)
            },
        };
        let (hit, damage) = rule.strike(dice);
        if hit {
            match self.opponent {
                Opponent::Boss => b.foes[t].wound_like_pc(dice, &self.foe, damage, round),
                _ => b.foes[t].wound_like_npc(&self.foe, damage),
            }
        }
    }

    /// Foe group `members` (standing ones count) attacks PC `t`.
    fn foe_attacks<D: Dice>(&self, dice: &mut D, b: &mut Battle, size: i64, t: usize, round: u32) {
        let pc = &mut b.pcs[t];
        let use_hero = matches!(self.hero_policy, HeroPolicy::Defense | HeroPolicy::Both)
            && pc.hero > 0
            && !pc.flag;
        if use_hero {
            pc.hero -= 1;
            pc.flag = true;
            b.hero_spent += 1;
        }
        let rule = AttackRule {
            attacker: Side {
                skill: self.foe.combat,
                dice: 3,
                modifiers: size - 1,
            },
            defense: self.pc.defense,
            defender_dice: if use_hero { 4 } else { 3 },
            outnumbered: self.outnumbered && Self::standing_count(&b.foes[..self.foes], round) >= 2,
            auto_triples: false,
            damage: DamageRule {
                bonus: self.foe.bonus + size - 1,
                protection: self.pc.protection,
                ..DamageRule::new(self.foe.weapon)
            },
        };
        let (hit, damage) = rule.strike(dice);
        if hit {
            b.pcs[t].wound_like_pc(dice, &self.pc, damage, round);
        }
    }

    /// Standing members of group `g` (consecutive chunk `g` of this round's `order`).
    fn group_members(&self, order: &[u8], g: usize) -> std::ops::Range<usize> {
        let k = self.group_size();
        (g * k).min(order.len())..((g + 1) * k).min(order.len())
    }

    /// Group `g` acts against PC `t`, if any of its members still stands.
    fn group_acts<D: Dice>(
        &self,
        dice: &mut D,
        b: &mut Battle,
        order: &[u8],
        g: usize,
        t: usize,
        round: u32,
    ) {
        let size = order[self.group_members(order, g)]
            .iter()
            .filter(|&&f| b.foes[f as usize].standing(round))
            .count() as i64;
        if size > 0 {
            self.foe_attacks(dice, b, size, t, round);
        }
    }

    fn group_can_act(
        &self,
        b: &Battle,
        order: &[u8],
        acted: &[bool],
        g: usize,
        round: u32,
    ) -> bool {
        !acted[g]
            && order[self.group_members(order, g)]
                .iter()
                .any(|&f| b.foes[f as usize].standing(round))
    }

    /// Plays the whole fight.
    pub fn roll<D: Dice>(&self, dice: &mut D) -> FightOutcome {
        let hero = hero_points(self.pcs);
        let mut b = Battle {
            pcs: [State::new(self.pc.vitality, hero); MAX_PCS],
            foes: [State::new(self.foe.vitality, 0); MAX_FOES],
            hero_spent: 0,
        };
        let (n_pcs, n_foes) = (self.pcs, self.foes);
        let mut rounds = self.max_rounds;
        let (mut pcs_win, mut foes_win) = (false, false);
        'fight: for round in 1..=self.max_rounds {
            // This round's foe order (standing ones) and groups.
            let mut order = [0u8; MAX_FOES];
            let mut n_order = 0;
            for f in 0..n_foes {
                if b.foes[f].standing(round) {
                    order[n_order] = f as u8;
                    n_order += 1;
                }
            }
            let order = &order[..n_order];
            let groups = n_order.div_ceil(self.group_size());
            let mut acted = [false; MAX_FOES];
            for pc in b.pcs.iter_mut() {
                pc.flag = false;
            }
            for i in 0..n_pcs {
                if !b.pcs[i].standing(round) {
                    continue;
                }
                let Some(&t) = order.iter().find(|&&f| b.foes[f as usize].standing(round)) else {
                    break;
                };
                let t = t as usize;
                self.pc_attacks(dice, &mut b, i, t, round);
                // The attacked foe's group answers, else the first that has not acted.
                let own =
                    order.iter().position(|&f| f as usize == t).unwrap_or(0) / self.group_size();
                let answer = if self.group_can_act(&b, order, &acted, own, round) {
                    Some(own)
                } else {
                    (0..groups).find(|&g| self.group_can_act(&b, order, &acted, g, round))
                };
                if let Some(g) = answer {
                    acted[g] = true;
                    self.group_acts(dice, &mut b, order, g, i, round);
                }
                if Self::standing_count(&b.pcs[..n_pcs], round) == 0
                    || Self::standing_count(&b.foes[..n_foes], round) == 0
                {
                    break;
                }
            }
            // Foes that have not acted, against the standing PCs in turn.
            let mut k = 0;
            for g in 0..groups {
                if !self.group_can_act(&b, order, &acted, g, round) {
                    continue;
                }
                let standing = Self::standing_count(&b.pcs[..n_pcs], round);
                if standing == 0 {
                    break;
                }
                let nth = k % standing;
                let t = (0..n_pcs)
                    .filter(|&i| b.pcs[i].standing(round))
                    .nth(nth)
                    .unwrap_or(0);
                acted[g] = true;
                self.group_acts(dice, &mut b, order, g, t, round);
                k += 1;
            }
            // End of the round: the dying whose time has come die.
            for s in b.pcs[..n_pcs].iter_mut().chain(b.foes[..n_foes].iter_mut()) {
                if s.dies_at != 0 && s.dies_at <= round {
                    s.dead = true;
                }
            }
            // Out: dead, or unconscious (those who fell this round included).
            foes_win = b.pcs[..n_pcs].iter().all(|s| !s.standing(round));
            pcs_win = b.foes[..n_foes].iter().all(|s| !s.standing(round));
            if pcs_win || foes_win {
                rounds = round;
                break 'fight;
            }
        }
        // Both sides out at once: nobody wins.
        if pcs_win && foes_win {
            pcs_win = false;
            foes_win = false;
        }
        let deaths = b.pcs[..n_pcs]
            .iter()
            .filter(|s| s.dead || s.dies_at != 0)
            .count() as u32;
        FightOutcome {
            pcs_win,
            foes_win,
            rounds,
            deaths,
            hero_spent: b.hero_spent,
        }
    }
}

/// `cle.fight`: one whole fight.
#[derive(Debug, Clone, PartialEq)]
pub struct FightModel {
    rule: FightRule,
}

impl FightModel {
    /// The model of `rule`.
    pub fn new(rule: FightRule) -> Self {
        Self { rule }
    }
}

impl Model for FightModel {
    type Outcome = FightOutcome;

    fn layout(&self) -> Layout {
        Layout::new()
            .with_proportion("pcs_win")
            .with_proportion("foes_win")
            .with_mean("mean_rounds")
            .with_mean("pc_deaths")
            .with_proportion("p_any_pc_dies")
            .with_mean("hero_points_spent")
            .with_histogram("rounds", (1, 20))
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> FightOutcome {
        self.rule.roll(dice)
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &FightOutcome, rec: &mut R) {
        rec.event(0, o.pcs_win);
        rec.event(1, o.foes_win);
        rec.value(2, o.rounds as i64);
        rec.value(3, o.deaths as i64);
        rec.event(4, o.deaths > 0);
        rec.value(5, o.hero_spent);
        rec.hist(0, o.rounds as i64);
    }
}

/// The registry entry of `cle.fight`.
#[derive(Debug, Clone, Copy)]
pub struct FightMechanic;

fn profile_specs(prefix: &str) -> Vec<ParamSpec> {
    vec![
        ParamSpec::int("combat", "Combat", -10, 40, Some(8)).prefixed(prefix),
        ParamSpec::int("defense", "Défense", -10, 40, Some(6)).prefixed(prefix),
        ParamSpec::int("resistance", "Résistance", -10, 40, Some(6)).prefixed(prefix),
        ParamSpec::int("volonte", "Volonté", -10, 40, Some(6)).prefixed(prefix),
        ParamSpec::choice("damage", "weapon damage: 1d6, 2d6, 3d6", Some(Weapon::D2))
            .prefixed(prefix),
        ParamSpec::int("bonus", "damage bonus", -5, 20, Some(1)).prefixed(prefix),
        ParamSpec::int("protection", "protection", 0, 20, Some(1)).prefixed(prefix),
    ]
}

impl Mechanic for FightMechanic {
    fn name(&self) -> &'static str {
        "cle.fight"
    }

    fn summary(&self) -> &'static str {
        "a whole fight of 2..=5 PCs against a boss, seconds couteaux or figurants"
    }

    fn params(&self) -> Vec<ParamSpec> {
        let mut specs = vec![
            ParamSpec::int(
                "pcs",
                "number of PCs (all share the pc.* profile)",
                2,
                5,
                Some(4),
            ),
            ParamSpec::int("pc.vitality", "PC vitality", 1, 100, Some(20)),
        ];
        specs.extend(profile_specs("pc"));
        specs.extend([
            ParamSpec::choice(
                "hero_policy",
                "hero points (10/8/6/4 per PC for 2/3/4/5 PCs) buy a fourth die on: none, attack, defense (first defence each round), both",
                Some(HeroPolicy::Attack),
            ),
            ParamSpec::choice(
                "opponent",
                "boss (one, mal en point like a PC), seconds (seconds couteaux), figurants (1 vitality, groups of 5)",
                Some(Opponent::Boss),
            ),
            ParamSpec::int_list(
                "foe.vitality",
                "foe vitality for 2, 3, 4, 5 PCs (boss and seconds couteaux; figurants have 1)",
                (1, 200),
                (4, 4),
                Some(vec![20, 30, 40, 50]),
            ),
            ParamSpec::int_list(
                "foe.count",
                "number of foes for 2, 3, 4, 5 PCs (seconds couteaux and figurants; one boss)",
                (1, MAX_FOES as i64),
                (4, 4),
                Some(vec![2, 3, 4, 5]),
            ),
        ]);
        specs.extend(profile_specs("foe"));
        specs.extend([
            ParamSpec::bool(
                "outnumbered",
                "[choice] a defender defends at -2 whenever two or more enemies stand",
                true,
            ),
            ParamSpec::int(
                "max_rounds",
                "rounds before the fight is called off",
                1,
                200,
                Some(60),
            ),
        ]);
        specs
    }

    fn metrics_doc(&self) -> &'static [(&'static str, &'static str)] {
        &[
            (
                "pcs_win",
                "chance every foe is out (dead or unconscious) first",
            ),
            ("foes_win", "chance every PC is out first"),
            ("mean_rounds", "mean rounds of the fight"),
            (
                "pc_deaths",
                "mean PCs dead or in danger de mort at the end (no first aid)",
            ),
            (
                "p_any_pc_dies",
                "chance at least one PC is dead or dying at the end",
            ),
            ("hero_points_spent", "mean hero points spent by the party"),
            ("rounds", "histogram of the rounds"),
        ]
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        let pcs = params.int("pcs");
        if !(2..=MAX_PCS as i64).contains(&pcs) {
            return Err(Error::value("pcs", "the number of PCs must be in 2..=5"));
        }
        let pcs = pcs as usize;
        let profile = |p: &str, vitality: i64| Profile {
            combat: params.int(&format!("{p}.combat")),
            defense: params.int(&format!("{p}.defense")),
            vitality,
            resistance: params.int(&format!("{p}.resistance")),
            volonte: params.int(&format!("{p}.volonte")),
            weapon: params.choice(&format!("{p}.damage")),
            bonus: params.int(&format!("{p}.bonus")),
            protection: params.int(&format!("{p}.protection")),
        };
        let opponent: Opponent = params.choice("opponent");
        let by_party = |name: &str| -> Result<i64> {
            let list = params.int_list(name);
            list.get(pcs - 2).copied().ok_or_else(|| {
                Error::value(
                    name,
                    "give four values, for 2, 3, 4 and 5 PCs, like [20,30,40,50]",
                )
            })
        };
        let foe_vitality = match opponent {
            Opponent::Figurants => 1,
            _ => by_party("foe.vitality")?,
        };
        let foes = match opponent {
            Opponent::Boss => 1,
            _ => by_party("foe.count")?,
        };
        if !(1..=MAX_FOES as i64).contains(&foes) {
            return Err(Error::value("foe.count", "each count must be in 1..=20"));
        }
        Ok(simulation(FightModel::new(FightRule {
            pcs,
            pc: profile("pc", params.int("pc.vitality")),
            hero_policy: params.choice("hero_policy"),
            opponent,
            foe: profile("foe", foe_vitality),
            foes: foes as usize,
            outnumbered: params.bool("outnumbered"),
            max_rounds: params.int("max_rounds") as u32,
        })))
    }
}

#[cfg(test)]
#[path = "fight_tests.rs"]
mod tests;
