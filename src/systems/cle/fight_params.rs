//! The parameters of `cle.fight` (`alea list cle.fight`) and the fight they make: the
//! profiles of the PCs and the foes (`pc.*`, `foe.*`, a roster's fields), the party and
//! the foes by roster name, the fight-wide switches; the checks that involve several of
//! them.

use super::multiple::{MultipleDefence, MultiplePenalty, Several, TargetsPick};
use super::{
    Downed, FightOrder, FightRule, HeroCancel, HeroLimit, HeroPolicy, HeroReroll, HeroSpending,
    Incident, MAX_FOES, MAX_PCS, Opponent, Penalty, Profile, Sides, Surprise, Trade, Union,
    hero_points,
};
use crate::engine::Party;
use crate::engine::house_step::StepRule;
use crate::error::{Error, Result};
use crate::systems::cle::damage::{DAMAGE_DICE, Weapon};
use crate::systems::cle::roll::TEST_TOTAL;
use crate::systems::cle::tables::CleTables;

crate::choice! {
    /// When one PC spends hero points on the fourth die (`pc.hero_policy`, a roster's
    /// `hero_policy`): as the fight's `hero_policy`, or its own.
    ///
    /// - `fight`: as the fight's `hero_policy`.
    /// - `none`, `attack`, `defense`, `both`: as [`HeroPolicy`], whatever the fight's.
    pub enum PcHeroPolicy {
        Fight = "fight",
        None = "none",
        Attack = "attack",
        Defense = "defense",
        Both = "both",
    }
}

impl PcHeroPolicy {
    /// The PC's own policy, `None` when it follows the fight's.
    pub fn own(self) -> Option<HeroPolicy> {
        match self {
            PcHeroPolicy::Fight => None,
            PcHeroPolicy::None => Some(HeroPolicy::None),
            PcHeroPolicy::Attack => Some(HeroPolicy::Attack),
            PcHeroPolicy::Defense => Some(HeroPolicy::Defense),
            PcHeroPolicy::Both => Some(HeroPolicy::Both),
        }
    }
}

crate::config! {
    /// The parts of a profile (`pc.*`, `foe.*`) that do not depend on the party's size.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct ProfileParams {
        /// Combat
        combat: i64 = int(-10..=40, default = 8),
        /// Défense
        defense: i64 = int(-10..=40, default = 6),
        /// Résistance
        resistance: i64 = int(-10..=40, default = 6),
        /// Volonté
        volonte: i64 = int(-10..=40, default = 6),
        /// weapon damage: 1d6, 2d6, 3d6 or unarmed (the damage bonus only)
        damage: Weapon = choice(default = Weapon::D2),
        /// damage bonus
        bonus: i64 = int(-5..=20, default = 1),
        /// protection
        protection: i64 = int(0..=20, default = 1),
        /// Soins (first aid in the fight, with first_aid)
        soins: i64 = int(-10..=40, default = 5),
        /// Réflexes (interrupting an adversary, with interrupt)
        reflexes: i64 = int(-10..=40, default = 6),
        /// a PC's own hero policy, its hero points buying a fourth die on: fight (as the
        /// fight's hero_policy), none, attack, defense (first defence each round), both
        /// (a foe has no hero points: fight only)
        hero_policy: PcHeroPolicy = choice(default = PcHeroPolicy::Fight),
        /// Attaques multiples: how many adversaries each attack aims at (1: one; 2 or
        /// more: one test against each, the damage halved, rounding up), at most the
        /// weapon's cibles_multiples
        targets: i64 = int(1..=20, default = 1),
        /// the weapon's Cibles multiples: how many adversaries its Attaques multiples may
        /// aim at (2 without the mention; the text's assault rifle 4)
        cibles_multiples: i64 = int(2..=20, default = 2),
        /// a Zone weapon (the text's grenade, rocket launcher): each attack catches
        /// zone_catches adversaries, each defending, those who fail taking its full damage
        zone: bool = switch(default = false),
        /// a 6+ weapon (the text's grenade, rocket launcher): damage dice showing 6 are
        /// rolled again and added, repeatedly
        six_plus: bool = switch(default = false),
    }
}

impl ProfileParams {
    /// The profile with `vitality`.
    pub fn with_vitality(self, vitality: i64) -> Profile {
        Profile {
            combat: self.combat,
            defense: self.defense,
            vitality,
            resistance: self.resistance,
            volonte: self.volonte,
            weapon: self.damage,
            bonus: self.bonus,
            protection: self.protection,
            soins: self.soins,
            reflexes: self.reflexes,
            targets: self.targets as usize,
            zone: self.zone,
            six_plus: self.six_plus,
        }
    }

    /// Refuses `targets` beyond the weapon's `cibles_multiples`, and *Attaques multiples*
    /// with a *Zone* weapon (whose attack already takes several); `who` names the fighter.
    fn check_targets(&self, who: &str) -> Result<()> {
        if self.targets > self.cibles_multiples {
            return Err(Error::value(
                format!("{who}.targets"),
                format!(
                    "{} targets is more than the weapon's cibles_multiples ({}): give \
                     {who}.cibles_multiples={} for a weapon marked Cibles multiples {}",
                    self.targets, self.cibles_multiples, self.targets, self.targets
                ),
            ));
        }
        if self.zone && self.targets > 1 {
            return Err(Error::value(
                format!("{who}.targets"),
                "a Zone weapon's attack already takes several adversaries (zone_catches): \
                 give targets=1 with zone",
            ));
        }
        Ok(())
    }
}

crate::config! {
    /// The PCs' shared profile (`pc.*`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct PcParams {
        /// PC vitality
        vitality: i64 = int(1..=100, default = 20),
        /// the rest of the profile
        profile: ProfileParams = flatten(),
    }
}

crate::config! {
    /// A foe of a mixed list (`foes` of `cle.fight`; a `cle` roster's `[[foe]]`).
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct FoeMember {
        /// its tier: boss (mal en point like a PC; always one), seconds, figurants (1 vitality, groups of 5)
        tier: Opponent = choice(default = Opponent::Seconds),
        /// its vitality and numbers by party size, and its profile
        foe: FoeParams = flatten(),
    }
}

crate::config! {
    /// The foes' profile and numbers (`foe.*`).
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct FoeParams {
        /// foe vitality for 2, 3, 4, 5 PCs (boss and seconds couteaux; figurants have 1)
        vitality: Vec<i64> = list(1..=200, len = 4..=4, default = vec![20, 30, 40, 50]),
        /// number of foes for 2, 3, 4, 5 PCs (seconds couteaux and figurants; one boss)
        count: Vec<i64> = list(1..=MAX_FOES as i64, len = 4..=4, default = vec![2, 3, 4, 5]),
        /// the rest of the profile
        profile: ProfileParams = flatten(),
    }
}

crate::config! {
    /// The parameters of `cle.fight`.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct FightParams {
        /// number of PCs (all share the pc.* profile)
        pcs: usize = int(2..=5, default = 4),
        /// the PCs' profile
        pc: PcParams = fighter("pc"),
        /// instead of pcs and pc.*: the PCs by roster name, of different profiles (bretteur,costaud*2); given with pcs, pc or pc.*, an error
        party: Option<Party<PcParams>> = side(len = 2..=MAX_PCS, optional, instead_of = ["pcs", "pc"]),
        /// hero points (10/8/6/4 per PC for 2/3/4/5 PCs) buy a fourth die on: none, attack,
        /// defense (first defence each round), both
        hero_policy: HeroPolicy = choice(default = HeroPolicy::Attack),
        /// hero points per PC at the start (default: the text's 10/8/6/4 for 2/3/4/5 PCs)
        hero_points: Option<i64> = int(0..=30, optional),
        /// a PC spends 1 hero point to roll a failed test again, once a round: none,
        /// attack (a missed attack), defense (a failed defence against a hit dealing
        /// damage), both (the first of them that fails)
        hero_reroll: HeroReroll = choice(default = HeroReroll::None),
        /// a PC spends 2 hero points to cancel a wound, once a round: none, mal_en_point
        /// (a wound that would bring the mal en point tests), any (every wound)
        hero_cancel: HeroCancel = choice(default = HeroCancel::None),
        /// an ally spends 2 hero points, once a round, to take a wound that would bring a
        /// PC's mal en point tests, when it stays above 0 vitality itself
        hero_cover: bool = switch(default = false),
        /// [choice] the ally who covers takes the hit against its own protection (else
        /// the damage announced to the PC it covers)
        cover_protection: bool = switch(default = false),
        /// [choice] each hero point effect (the fourth die on defence too) once a round
        /// (round), or once in each character's turn (turn)
        hero_limit: HeroLimit = choice(default = HeroLimit::Round),
        /// the prime and pénalité the PCs take on every attack: none, efficacite_danger
        /// (+2, the next defence -2), meurtriere_danger (+1d6 damage, the next defence
        /// -2), prudence_difficulte (-2, the next defence +2), efficacite_risque (+2, an
        /// incident on a miss), meurtriere_risque (+1d6 damage, an incident on a miss)
        pc_trade: Trade = choice(default = Trade::None),
        /// the prime and pénalité the foes take on every attack (as pc_trade; a figurant
        /// group's lead carries it)
        foe_trade: Trade = choice(default = Trade::None),
        /// [choice] the incident a Risque brings when the attack misses (the text leaves
        /// it to the GM): lose_action (the next turn lost), fall (the next attack at -2,
        /// made while standing up)
        risque: Incident = choice(default = Incident::LoseAction),
        /// [choice] which foes the PCs attack together by the rule of cooperation (l'union
        /// fait la force: the best result leads, +1 per other result of 15 or more, -1 per
        /// other below 10): none, boss, all
        union: Union = choice(default = Union::None),
        /// who tries to interrupt an adversary about to act, when it has not acted this
        /// round (an opposition of Réflexes: on a win it acts first with a pénalité, on a
        /// loss it loses its turn): none, pcs, foes, both
        interrupt: Sides = choice(default = Sides::None),
        /// [choice] the pénalité obligatoire of an interruption: difficulte (-2 to the
        /// interrupting attack), danger (-2 to the next defence)
        interrupt_penalty: Penalty = choice(default = Penalty::Difficulte),
        /// who kills an unconscious adversary (one who would stand again) with an action
        /// instead of attacking: none, pcs, foes, both
        finish_off: Sides = choice(default = Sides::None),
        /// who gives first aid (Soins against 20) to an ally dying or unconscious with an
        /// action instead of attacking: none, pcs, foes, both
        first_aid: Sides = choice(default = Sides::None),
        /// [choice] a character whose first aid failed is tended again at the next turns
        /// (else never again in the fight)
        aid_retry: bool = switch(default = false),
        /// the side surprised in the first round, which neither acts nor defends: none,
        /// pcs, foes
        surprise: Surprise = choice(default = Surprise::None),
        /// the difficulty of the Combat test that hits a surprised defender (the text:
        /// set by the GM, generally 10)
        unperceived: i64 = int(0..=40, default = 10),
        /// [choice] how the one test of an Attaques multiples (a fighter's targets) meets
        /// its targets' defences: each (every target defends against it), first (the
        /// first target's defence stands for all: the others are hit when it is)
        multiple_defence: MultipleDefence = choice(default = MultipleDefence::Each),
        /// [choice] the pénalité paid for the prime Attaques multiples, instead of the
        /// fighter's trade: danger (the next defence -2), difficulte (-2 to the attack),
        /// risque (an incident when it hits nobody), none (a prime gratuite)
        multiple_penalty: MultiplePenalty = choice(default = MultiplePenalty::Danger),
        /// [choice] which adversaries an attack on several takes beside the one aimed at:
        /// next (the next standing in order), weakest (the least vitality left)
        targets_pick: TargetsPick = choice(default = TargetsPick::Next),
        /// [choice] how many adversaries a Zone weapon's attack catches, the one aimed at
        /// included (the fight has no positions; 20: every adversary standing)
        zone_catches: i64 = int(1..=20, default = 3),
        /// the rule tables (the difficulty of first aid): `alea rules cle`
        tables: CleTables = rules(),
        /// boss (one, mal en point like a PC), seconds (seconds couteaux), figurants (1
        /// vitality, groups of 5)
        opponent: Opponent = choice(default = Opponent::Boss),
        /// the foes
        foe: FoeParams = fighter("foe"),
        /// instead of opponent and foe.*: foes of several tiers by roster name (boss_brute,lieutenants,mob), each bringing its tier and, for seconds and figurants, its number for the party's size (mob*2: twice that); the PCs attack them in this order; given with opponent, foe or foe.*, an error
        foes: Option<Party<FoeMember>> = side(len = 1..=MAX_FOES, optional, instead_of = ["opponent", "foe"]),
        /// [choice] a defender defends at -2 whenever two or more enemies stand
        outnumbered: bool = switch(default = true),
        /// [choice] order of play in a round: answer (each foe attacked answers the PC at
        /// once, else the first that has not acted; the others act last), answer_eliminated
        /// (another foe answers only for one attacked that is out), pcs_first (every PC, then every foe), foes_first
        /// (every foe, then every PC)
        order: FightOrder = choice(default = FightOrder::Answer),
        /// rounds before the fight is called off (both sides still standing: counted as `draw`, lasting max_rounds)
        max_rounds: u32 = int(1..=200, default = 60, bounds_rounds),
        /// the damage dice read off an attack: official, or a house rule's script
        /// (`damage_dice`)
        damage_dice: StepRule = house_step(&DAMAGE_DICE),
        /// the total read off the dice of every roll (attacks, defences, mal en point
        /// tests): official, or a house rule's script (`test_total`)
        test_total: StepRule = house_step(&TEST_TOTAL),
    }
}

impl TryFrom<FightParams> for FightRule {
    type Error = Error;

    fn try_from(p: FightParams) -> Result<Self> {
        let (pcs, pc, pc_hero) = match &p.party {
            Some(party) => {
                let first = &party.members[0].1;
                let mut pc = [first.profile.with_vitality(first.vitality); MAX_PCS];
                let mut pc_hero = [None; MAX_PCS];
                for ((slot, hero), (name, m)) in pc.iter_mut().zip(&mut pc_hero).zip(&party.members)
                {
                    m.profile.check_targets(name)?;
                    *slot = m.profile.with_vitality(m.vitality);
                    *hero = m.profile.hero_policy.own();
                }
                (party.len(), pc, pc_hero)
            }
            None => {
                p.pc.profile.check_targets("pc")?;
                (
                    p.pcs,
                    [p.pc.profile.with_vitality(p.pc.vitality); MAX_PCS],
                    [p.pc.profile.hero_policy.own(); MAX_PCS],
                )
            }
        };
        if !(2..=MAX_PCS).contains(&pcs) {
            return Err(Error::value("pcs", "the number of PCs must be in 2..=5"));
        }
        let by_party = |name: &str, list: &[i64]| -> Result<i64> {
            list.get(pcs - 2).copied().ok_or_else(|| {
                Error::value(
                    name,
                    "give four values, for 2, 3, 4 and 5 PCs, like [20,30,40,50]",
                )
            })
        };
        // One tier, profile and number per kind of foe, in order.
        let kinds: Vec<(Opponent, &FoeParams, &str, &str)> = match &p.foes {
            Some(side) => side
                .members
                .iter()
                .map(|(who, m)| (m.tier, &m.foe, "foes", who.as_str()))
                .collect(),
            None => vec![(p.opponent, &p.foe, "foe.count", "foe")],
        };
        let mut foe = Vec::new();
        for (tier, params, name, who) in kinds {
            params.profile.check_targets(who)?;
            if params.profile.hero_policy != PcHeroPolicy::Fight {
                return Err(Error::value(
                    format!("{who}.hero_policy"),
                    "a foe has no hero points: only the PCs spend them (give it to pc or party)",
                ));
            }
            let vitality = match tier {
                Opponent::Figurants => 1,
                _ => by_party("foe.vitality", &params.vitality)?,
            };
            let count = match tier {
                Opponent::Boss => 1,
                _ => by_party(name, &params.count)?,
            };
            if !(1..=MAX_FOES as i64).contains(&count) {
                return Err(Error::value(name, "each count must be in 1..=20"));
            }
            foe.extend(std::iter::repeat_n(
                (tier, params.profile.with_vitality(vitality)),
                count as usize,
            ));
        }
        if foe.len() > MAX_FOES {
            return Err(Error::value(
                "foes",
                format!(
                    "makes {} foes for {pcs} PCs; a fight has at most {MAX_FOES}",
                    foe.len()
                ),
            ));
        }
        let mut rule = FightRule::uniform(pcs, pc[0], foe[0].0, foe[0].1, foe.len());
        rule.pc = pc;
        for (slot, f) in rule.foe.iter_mut().zip(&foe) {
            *slot = *f;
        }
        rule.hero_policy = p.hero_policy;
        rule.pc_hero = pc_hero;
        rule.hero_points = p.hero_points.unwrap_or(hero_points(pcs));
        rule.hero = HeroSpending {
            reroll: p.hero_reroll,
            cancel: p.hero_cancel,
            cover: p.hero_cover,
            cover_protection: p.cover_protection,
            limit: p.hero_limit,
        };
        rule.pc_trade = p.pc_trade;
        rule.foe_trade = p.foe_trade;
        rule.risque = p.risque;
        rule.union = p.union;
        rule.interrupt = p.interrupt;
        rule.interrupt_penalty = p.interrupt_penalty;
        rule.surprise = p.surprise;
        rule.several = Several {
            defence: p.multiple_defence,
            penalty: p.multiple_penalty,
            pick: p.targets_pick,
            zone_catches: p.zone_catches as usize,
        };
        rule.unperceived = p.unperceived;
        rule.downed = Downed {
            finish_off: p.finish_off,
            first_aid: p.first_aid,
            aid_retry: p.aid_retry,
            aid_difficulty: p.tables.care.first_aid,
        };
        rule.outnumbered = p.outnumbered;
        rule.order = p.order;
        rule.max_rounds = p.max_rounds;
        rule.damage_dice = p.damage_dice;
        rule.test_total = p.test_total;
        Ok(rule)
    }
}
