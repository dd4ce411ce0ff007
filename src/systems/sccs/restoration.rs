//! *La Magie de Restauration* in a group fight (seed section 6, "Règles spécifiques à la
//! magie"; the `sccs` page): "La magie de soin ne remplit pas de PV. Un sort de
//! réparation ou de soin : Restaure 1 Point de Durabilité (Armure ou Résistance
//! Naturelle) OU **supprime le désavantage de -1** en traitant l'effet narratif associé."
//!
//! A combatant of `sccs.skirmish` whose roster entry has `restores = true` (a healer)
//! casts a restoration at its turn instead of attacking (*Chaque personnage peut choisir
//! UNE option*) while an ally standing (itself included) has something to restore: one
//! impact's −1 removed, or one point of its armour's durability back, up to the armour's
//! own. With nothing to restore it attacks. **\[choice\]** The spell always succeeds: a
//! spell with no opponent is the caster's statistics against a *Difficulté* (0 for *un
//! sort simple*), and a healer's are above it. **\[choice\]** Which ally and which of
//! the two: [`RestorationFirst`] (switch `restoration_first`), the ally with the most
//! impacts first by default.
//!
//! `sccs.melee` plays the same step on its lone defender ([`restore_one`], switch
//! `healer`), and `sccs.spell` on the hit members of a ritual circle.

crate::choice! {
    /// What a healer restores first (switch `restoration_first`).
    ///
    /// - `malus`: the −1 of an impact, on the ally standing with the most impacts (the
    ///   first listed on a tie); durability only when no ally standing is wounded (the
    ///   default).
    /// - `durability`: a point of armour, on the ally standing whose armour lost the most
    ///   (the first listed on a tie); the −1 only when no armour lost any.
    pub enum RestorationFirst { Malus = "malus", Durability = "durability" }
}

/// What one restoration treats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Treated {
    /// The −1 of one impact of this ally (its index) is removed.
    Malus(usize),
    /// One point of this ally's armour durability comes back.
    Durability(usize),
}

/// One ally standing as a healer sees it: its index, the impacts it has taken, the
/// durability its armour has lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hurt {
    /// The ally's index among the fight's combatants.
    pub index: usize,
    /// Impacts taken (each a −1).
    pub impacts: u32,
    /// Points of durability its armour has lost.
    pub worn: u32,
}

/// What a healer restores among `allies` (those standing, in the order listed), `first`
/// saying which of the two comes first; `None` when nobody has anything to restore.
pub fn pick(allies: &[Hurt], first: RestorationFirst) -> Option<Treated> {
    let most = |of: fn(&Hurt) -> u32| {
        allies
            .iter()
            .filter(|h| of(h) > 0)
            .fold(None::<&Hurt>, |best, h| match best {
                Some(b) if of(b) >= of(h) => Some(b),
                _ => Some(h),
            })
            .map(|h| h.index)
    };
    let malus = || most(|h| h.impacts).map(Treated::Malus);
    let durability = || most(|h| h.worn).map(Treated::Durability);
    match first {
        RestorationFirst::Malus => malus().or_else(durability),
        RestorationFirst::Durability => durability().or_else(malus),
    }
}

/// One restoration on a combatant treated alone (the defender of `sccs.melee`): what
/// [`pick`] chooses for it, applied. `impacts` are the impacts it has taken, `durability`
/// its armour's durability left, `full` the armour's own. Returns true when something
/// was restored (one impact fewer, or one point of durability back, never above `full`).
#[inline(always)]
pub fn restore_one(
    first: RestorationFirst,
    impacts: &mut u32,
    durability: &mut u32,
    full: u32,
) -> bool {
    let alone = Hurt {
        index: 0,
        impacts: *impacts,
        worn: full.saturating_sub(*durability),
    };
    match pick(&[alone], first) {
        Some(Treated::Malus(_)) => *impacts -= 1,
        Some(Treated::Durability(_)) => *durability += 1,
        None => return false,
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hurt(index: usize, impacts: u32, worn: u32) -> Hurt {
        Hurt {
            index,
            impacts,
            worn,
        }
    }

    #[test]
    fn the_most_wounded_first_then_the_most_worn() {
        let allies = [hurt(0, 1, 2), hurt(1, 2, 0), hurt(2, 2, 3)];
        // The −1 first: two with 2 impacts, the first listed.
        assert_eq!(
            pick(&allies, RestorationFirst::Malus),
            Some(Treated::Malus(1))
        );
        // Durability first: the armour that lost 3.
        assert_eq!(
            pick(&allies, RestorationFirst::Durability),
            Some(Treated::Durability(2))
        );
        // Nobody wounded: durability, whatever comes first.
        let worn = [hurt(4, 0, 1), hurt(5, 0, 0)];
        assert_eq!(
            pick(&worn, RestorationFirst::Malus),
            Some(Treated::Durability(4))
        );
        // Nothing to restore: the healer attacks.
        let whole = [hurt(0, 0, 0), hurt(1, 0, 0)];
        assert_eq!(pick(&whole, RestorationFirst::Malus), None);
        assert_eq!(pick(&[], RestorationFirst::Durability), None);
    }

    /// A defender with 2 impacts and an armour of 3 worn down to 1: the −1 first takes
    /// one impact off (2 − 1 = 1), durability first gives a point back (1 + 1 = 2); whole,
    /// nothing is restored.
    #[test]
    fn one_combatant_alone() {
        let (mut impacts, mut durability) = (2, 1);
        assert!(restore_one(
            RestorationFirst::Malus,
            &mut impacts,
            &mut durability,
            3
        ));
        assert_eq!((impacts, durability), (1, 1));
        assert!(restore_one(
            RestorationFirst::Durability,
            &mut impacts,
            &mut durability,
            3
        ));
        assert_eq!((impacts, durability), (1, 2));
        let (mut whole, mut sound) = (0, 3);
        assert!(!restore_one(
            RestorationFirst::Malus,
            &mut whole,
            &mut sound,
            3
        ));
        assert_eq!((whole, sound), (0, 3));
    }
}
