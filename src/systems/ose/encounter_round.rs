//! One round of `ose.encounter`, in the order of the sheet's *Séquence du round de combat*:
//!
//! 1. the PCs declare their spells and their retreats;
//! 2. initiative;
//! 3. the winning side acts: a. the monsters' morale, b. movement (a PC retreating
//!    leaves), c. missiles, d. spells, e. melee;
//! 4. the other side acts.
//!
//! Slow weapons (*armes lentes*) strike after both sides, "toujours en dernier dans le
//! round", in the order of initiative.
//!
//! During the encounter's `approach` rounds the sides are apart: those with a missile
//! weapon shoot, the casters cast, nobody strikes in melee. On a simultaneous round (switch
//! `ties`) every step is taken by both sides at once, each with the members it had at the
//! start of the round: missiles, then spells, then melee; then the slow weapons of both,
//! with the members standing after that exchange; and a PC retreating leaves last (the
//! monsters' blows land before it is away).

use super::side::SideList;
use super::{EncounterModel, End, MAX_SIDE, Retreat};
use crate::engine::Dice;
use crate::systems::ose::duel::damage;

/// What a PC does this round, declared at its start (step 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Declared {
    /// Strikes (or shoots, during the approach).
    Fight,
    /// Casts a spell, its action of the round.
    Cast,
    /// Leaves the melee, as the switch `retreat` says.
    Retreat,
}

/// The kind of an attack roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Attack {
    /// A melee blow (STR to the roll and the damage for a PC).
    Melee,
    /// A missile (DEX and the range to the roll, nothing to the damage).
    Missile,
    /// The party's parting blow on fleeing monsters (switch `parting_blows`).
    Parting,
}

/// The state of an encounter under way: each side's hit points (0 or less: dead).
pub(super) struct EncounterState {
    pub(super) hp: [SideList<i64>; 2],
    /// Monsters' morale checks already made: (first death, half out).
    pub(super) checked: (bool, bool),
    /// PCs that have left the fight alive (retreated). Fixed arrays (a side has at most
    /// [`MAX_SIDE`] members): no allocation per encounter.
    pub(super) gone: [bool; MAX_SIDE],
    /// Spells each PC has left.
    pub(super) spells: [u32; MAX_SIDE],
    /// What each PC declared this round.
    pub(super) declared: [Declared; MAX_SIDE],
    /// PCs hit so far this round (a spell not yet cast is lost).
    pub(super) hit: [bool; MAX_SIDE],
}

impl EncounterState {
    /// Whether member `i` of `side` is in the fight: alive and, for a PC, not gone.
    #[inline(always)]
    pub(super) fn stands(&self, side: usize, i: usize) -> bool {
        self.hp[side][i] > 0 && (side == 1 || !self.gone[i])
    }

    /// The members of `side` in the fight.
    pub(super) fn standing(&self, side: usize) -> usize {
        (0..self.hp[side].len())
            .filter(|&i| self.stands(side, i))
            .count()
    }

    /// The members of `side` dead.
    pub(super) fn dead(&self, side: usize) -> usize {
        self.hp[side].iter().filter(|h| **h <= 0).count()
    }

    /// How the encounter stands once it is over: `fled` when the monsters broke.
    pub(super) fn end(&self, fled: bool) -> End {
        let alive = self.hp[0].iter().any(|h| *h > 0);
        match (fled, self.standing(0) > 0, alive, self.standing(1) > 0) {
            (true, ..) => End::Fled,
            (_, _, true, false) => End::Party,
            (_, _, false, false) => End::Both,
            (_, _, false, true) => End::Monsters,
            (_, true, _, true) => End::Neither,
            (_, false, true, true) => End::Retreated,
        }
    }
}

/// Who of a side takes a step: the members standing now, or in a simultaneous round those
/// standing at its start (`at_start`), that also pass `and`.
#[inline(always)]
fn members(
    fight: &EncounterState,
    side: usize,
    at_start: Option<&[bool]>,
    and: impl Fn(usize) -> bool,
) -> SideList<usize> {
    let mut chosen = SideList::new();
    for i in 0..fight.hp[side].len() {
        let there = match at_start {
            Some(start) => start[i],
            None => fight.stands(side, i),
        };
        if there && and(i) {
            chosen.push(i);
        }
    }
    chosen
}

impl EncounterModel {
    /// The state before the first round: the party at its hit points, each monster at its
    /// own or rolled on its hit dice (in the order listed), nobody gone, spells full.
    pub(super) fn start<D: Dice>(&self, dice: &mut D) -> EncounterState {
        let monsters_hp = self
            .monsters
            .iter()
            .map(|m| match m.monster.hp {
                0 => {
                    let roll = m.monster.hd.hp_roll();
                    roll.hp(dice.sum(roll.count, roll.sides))
                }
                hp => hp,
            })
            .collect();
        EncounterState {
            hp: [
                self.party.iter().map(|f| f.fighter.hp).collect(),
                monsters_hp,
            ],
            checked: (false, false),
            gone: [false; MAX_SIDE],
            spells: std::array::from_fn(|i| self.party.get(i).map_or(0, |f| f.spells)),
            declared: [Declared::Fight; MAX_SIDE],
            hit: [false; MAX_SIDE],
        }
    }

    /// Side `side` makes `attack` with the members in `attackers`, each on one foe standing.
    pub(super) fn strike<D: Dice>(
        &self,
        fight: &mut EncounterState,
        side: usize,
        attack: Attack,
        attackers: &[usize],
        dice: &mut D,
    ) {
        let mut foes: SideList<usize> = (0..fight.hp[1 - side].len())
            .filter(|&j| fight.stands(1 - side, j))
            .collect();
        let fleeing = self.p.retreat == Retreat::Flee;
        for (k, &a) in attackers.iter().enumerate() {
            if foes.is_empty() {
                return;
            }
            let hp = &fight.hp[1 - side];
            let target = [self.p.party_target, self.p.monsters_target][side];
            let d = target.pick(&foes, k, |j| hp[j], dice);
            let face = self.p.die.roll(dice, &[], |d| d.d20() as i64) as u32;
            let turned = side == 1 && fleeing && fight.declared[d] == Declared::Retreat;
            if self.hits(side, attack, turned, a, d, face) {
                let s = self.strikers[side][a];
                let (sides, bonus) = match attack {
                    Attack::Missile => (s.missile, s.missile_bonus),
                    Attack::Melee | Attack::Parting => (s.damage, s.bonus),
                };
                let face = self
                    .p
                    .damage_die
                    .roll(dice, &[i64::from(sides)], |d| i64::from(d.die(sides)));
                fight.hp[1 - side][d] -= damage(face as u32, bonus);
                if side == 1 {
                    fight.hit[d] = true;
                }
                if fight.hp[1 - side][d] <= 0 {
                    foes.retain(|&j| j != d);
                }
            }
        }
    }

    /// The casters in `casters` cast their spells, each on one monster standing: a spell
    /// always hits, for its die plus its bonus; one whose caster was hit this round is
    /// lost (switch `interrupt`). Cast or lost, it is spent.
    fn cast<D: Dice>(&self, fight: &mut EncounterState, casters: &[usize], dice: &mut D) {
        let mut foes: SideList<usize> = (0..fight.hp[1].len())
            .filter(|&j| fight.stands(1, j))
            .collect();
        for (k, &a) in casters.iter().enumerate() {
            if foes.is_empty() {
                return;
            }
            fight.spells[a] -= 1;
            if self.p.interrupt && fight.hit[a] {
                continue;
            }
            let hp = &fight.hp[1];
            let d = self.p.party_target.pick(&foes, k, |j| hp[j], dice);
            let m = self.party[a];
            fight.hp[1][d] -= damage(dice.die(m.spell_damage), m.spell_bonus);
            if fight.hp[1][d] <= 0 {
                foes.retain(|&j| j != d);
            }
        }
    }

    /// The monsters' morale check, when one is due: true when they flee. A group whose
    /// leader never fights (morale 2, not cornered) flees at once, with no roll.
    pub(super) fn flees<D: Dice>(&self, fight: &mut EncounterState, dice: &mut D) -> bool {
        let (dead, total) = (fight.dead(1), fight.hp[1].len());
        if !self.p.morale || dead == total {
            return false;
        }
        let leader = (0..total).find(|&j| fight.hp[1][j] > 0).unwrap_or(0);
        if self.never_fights(leader) {
            return true;
        }
        let first = dead > 0 && !fight.checked.0;
        let half = 2 * dead >= total && !fight.checked.1;
        if !(first || half) {
            return false;
        }
        fight.checked = (fight.checked.0 || first, fight.checked.1 || half);
        let roll = self
            .p
            .morale_roll
            .roll(dice, &[], |d| i64::from(d.sum(2, 6)));
        let fled = roll > i64::from(self.monsters[leader].morale);
        if fled && self.p.parting_blows {
            // Switch `parting_blows`: every PC standing strikes once at them.
            let standing = members(fight, 0, None, |_| true);
            self.strike(fight, 0, Attack::Parting, &standing, dice);
        }
        fled
    }

    /// Step 1: each PC in the fight declares its action, when the party acts this round
    /// (`acts`): a retreat at `retreat_hp` hit points or fewer, else a spell while it has
    /// one (switch `cast`), else a blow. Nobody is hit yet.
    pub(super) fn declare(&self, fight: &mut EncounterState, acts: bool) {
        if !self.options.declaring {
            return;
        }
        for i in 0..fight.hp[0].len() {
            fight.hit[i] = false;
            fight.declared[i] = if !acts || !fight.stands(0, i) {
                Declared::Fight
            } else if fight.hp[0][i] <= self.p.retreat_hp {
                Declared::Retreat
            } else if self.p.cast && fight.spells[i] > 0 {
                Declared::Cast
            } else {
                Declared::Fight
            };
        }
    }

    /// Step b for the party: a PC retreating leaves the fight. Fleeing, it is gone at
    /// once; withdrawing, only when the monsters do not act after it this round
    /// (`monsters_to_act`), else they follow it and it is still engaged.
    fn move_party(&self, fight: &mut EncounterState, monsters_to_act: bool) {
        if self.p.retreat_hp == 0 {
            return;
        }
        let leaves = self.p.retreat == Retreat::Flee || !monsters_to_act;
        for i in 0..fight.hp[0].len() {
            if leaves && fight.declared[i] == Declared::Retreat && fight.stands(0, i) {
                fight.gone[i] = true;
            }
        }
    }

    /// Side `side` acts (steps a to e): the monsters' morale, the party's movement, then
    /// missiles (during the approach), spells, and melee blows but for the slow weapons
    /// (after the approach). `other_to_act`: the other side acts after it this round.
    /// True when the monsters fled.
    pub(super) fn turn<D: Dice>(
        &self,
        fight: &mut EncounterState,
        side: usize,
        approach: bool,
        other_to_act: bool,
        dice: &mut D,
    ) -> bool {
        if side == 1 && self.flees(fight, dice) {
            return true;
        }
        if side == 0 {
            self.move_party(fight, other_to_act);
        }
        let fights = |i: usize| side == 1 || fight.declared[i] == Declared::Fight;
        if approach {
            let shooters = members(fight, side, None, |i| {
                fights(i) && self.strikers[side][i].missile > 0
            });
            self.strike(fight, side, Attack::Missile, &shooters, dice);
        }
        if side == 0 && self.options.casting {
            let casters = members(fight, 0, None, |i| fight.declared[i] == Declared::Cast);
            self.cast(fight, &casters, dice);
        }
        if !approach {
            let fights = |i: usize| side == 1 || fight.declared[i] == Declared::Fight;
            let melee = members(fight, side, None, |i| {
                fights(i) && !self.strikers[side][i].slow
            });
            self.strike(fight, side, Attack::Melee, &melee, dice);
        }
        false
    }

    /// The slow weapons of `side` strike, after every side has acted (not during the
    /// approach); `at_start` as in a simultaneous round.
    #[inline]
    pub(super) fn slow_blows<D: Dice>(
        &self,
        fight: &mut EncounterState,
        side: usize,
        at_start: Option<&[bool]>,
        dice: &mut D,
    ) {
        if !self.options.slow[side] {
            return;
        }
        let slow = members(fight, side, at_start, |i| {
            self.strikers[side][i].slow && (side == 1 || fight.declared[i] == Declared::Fight)
        });
        self.strike(fight, side, Attack::Melee, &slow, dice);
    }

    /// A round in which both sides act at once (a tie, switch `ties` simultaneous): the
    /// monsters' morale first, then each step by both sides with the members they had at
    /// the start of the round. True when the monsters fled.
    pub(super) fn together<D: Dice>(
        &self,
        fight: &mut EncounterState,
        approach: bool,
        dice: &mut D,
    ) -> bool {
        if self.flees(fight, dice) {
            return true;
        }
        let at_start: [SideList<bool>; 2] =
            [0, 1].map(|s| (0..fight.hp[s].len()).map(|i| fight.stands(s, i)).collect());
        let fights = |fight: &EncounterState, side: usize, i: usize| {
            side == 1 || fight.declared[i] == Declared::Fight
        };
        if approach {
            for (side, at_start) in at_start.iter().enumerate() {
                let shooters = members(fight, side, Some(&at_start[..]), |i| {
                    fights(fight, side, i) && self.strikers[side][i].missile > 0
                });
                self.strike(fight, side, Attack::Missile, &shooters, dice);
            }
        }
        if self.options.casting {
            let casters = members(fight, 0, Some(&at_start[0][..]), |i| {
                fight.declared[i] == Declared::Cast
            });
            self.cast(fight, &casters, dice);
        }
        if !approach {
            for (side, at_start) in at_start.iter().enumerate() {
                let melee = members(fight, side, Some(&at_start[..]), |i| {
                    fights(fight, side, i) && !self.strikers[side][i].slow
                });
                self.strike(fight, side, Attack::Melee, &melee, dice);
            }
        }
        // Slow weapons after the exchange: those it dropped do not strike.
        if !approach && self.options.slow != [false; 2] {
            let before_slow: [SideList<bool>; 2] =
                [0, 1].map(|s| (0..fight.hp[s].len()).map(|i| fight.stands(s, i)).collect());
            for (side, standing) in before_slow.iter().enumerate() {
                self.slow_blows(fight, side, Some(&standing[..]), dice);
            }
        }
        self.move_party(fight, false);
        false
    }
}
