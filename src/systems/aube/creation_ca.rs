//! From a new character's rolled aspects to the CA of their best weapon (seed chapter 1,
//! "la création des personnages" and "l'expérience et la progression"; chapter 2, "la
//! cible à atteindre").
//!
//! The CA of an action is *aspect + moyen + bonus de compétence* (BC = skill level − 10).
//! A player who builds a fighter around one weapon does, in the text's order:
//!
//! 1. **Aspects**: puts the highest of the three results in the weapon's aspect, then
//!    makes up to 5 exchanges of 1 point into it, taking from the others. An exchange may
//!    not raise an aspect above 15 nor lower one below 5 (only the dice go beyond), so the
//!    gain is `min(5, 15 − best, points the others hold above 5)`, and none when the best
//!    is already 15 or more.
//! 2. **Moyens**: up to 5 exchange points always bring the moyen the weapon uses to +5,
//!    whatever the three `2d6-7` rolls gave (or zeros): the moyen can be Précision or
//!    Résistance, on the free side of its pair's constraint, and the other five moyens
//!    can give 5 points while staying within −5..+5. So the moyen adds 5 to every new
//!    fighter's weapon CA and its roll does not matter here.
//! 3. **Skills** (``switch `skills` ``): a beginner has two skills at *disciple* (10) and
//!    three at *apprenti* (5), so the weapon skill is at most 10 (BC 0); or the player
//!    trades two disciples and two apprentis for one *compagnon* (15, BC +5), keeping one
//!    apprenti.
//! 4. **Experience**: each skill level gives 1 PX in its aspect, and an aspect at `A`
//!    rises by 1 for `A + 1` PX (Example 1.4: Physique 6 with 10 PX becomes 7, 3 PX left).
//!    **\[choice\]** ``switch `aspect_px` ``: `weapon` (the default) counts only the weapon
//!    skill's levels; `all` puts every creation skill in the weapon's aspect (35 PX, or
//!    20 with the compagnon trade: the levels held, reading the text's "35 points au
//!    total" as the total of the usual set).
//!
//! The footnote says such characters reach CA 20 easily, and the text bears it out: the
//! three aspects sum to 30, so the best is at least 10 and the exchanges always bring it
//! to 15; with the moyen's +5, *every* normal character has a weapon at CA 20 or more
//! (mean 20.1 with the default choices). With the footnote's weak variant (2d6-2, total
//! 20) the chance is 12.1% (mean 17.0); see the `aube_creation` study.

crate::choice! {
    /// The beginner's skills.
    ///
    /// - `disciple`: two skills at disciple (10) and three at apprenti (5): the weapon at
    ///   10, BC 0.
    /// - `compagnon`: one compagnon (15) and one apprenti (5): the weapon at 15, BC +5.
    pub enum Skills { Disciple = "disciple", Compagnon = "compagnon" }
}

crate::choice! {
    /// **\[choice\]** Which creation skills give experience to the weapon's aspect.
    ///
    /// - `weapon`: only the weapon skill's levels.
    /// - `all`: every creation skill's levels (all taken in the weapon's aspect).
    pub enum AspectPx { Weapon = "weapon", All = "all" }
}

/// Most an aspect may reach, and least it may fall to, by exchanges.
const EXCHANGE_CEILING: i64 = 15;
const EXCHANGE_FLOOR: i64 = 5;
/// Exchange points for aspects, and for moyens.
const EXCHANGES: i64 = 5;
/// The best a moyen can be.
pub const MOYEN_MAX: i64 = 5;

impl Skills {
    /// The weapon skill's level.
    pub fn weapon_level(self) -> i64 {
        match self {
            Skills::Disciple => 10,
            Skills::Compagnon => 15,
        }
    }

    /// The levels of all creation skills.
    pub fn total_levels(self) -> i64 {
        match self {
            Skills::Disciple => 2 * 10 + 3 * 5,
            Skills::Compagnon => 15 + 5,
        }
    }

    /// The bonus de compétence of the weapon skill.
    pub fn weapon_bc(self) -> i64 {
        self.weapon_level() - 10
    }
}

/// The highest aspect after up to 5 exchanges of 1 point from the other two.
pub fn exchanged_best(aspects: [i64; 3]) -> i64 {
    let mut sorted = aspects;
    sorted.sort_unstable();
    let [low, mid, best] = sorted;
    if best >= EXCHANGE_CEILING {
        return best;
    }
    let donors = (low - EXCHANGE_FLOOR).max(0) + (mid - EXCHANGE_FLOOR).max(0);
    best + EXCHANGES.min(EXCHANGE_CEILING - best).min(donors)
}

/// An aspect at `aspect` after spending `px` experience points on it: each point from
/// `A` to `A + 1` costs `A + 1`.
pub fn raised_by_px(mut aspect: i64, mut px: i64) -> i64 {
    while px > aspect {
        px -= aspect + 1;
        aspect += 1;
    }
    aspect
}

/// The CA of a new character's best weapon, from the three aspect results.
pub fn best_weapon_ca(aspects: [i64; 3], skills: Skills, px: AspectPx) -> i64 {
    let levels = match px {
        AspectPx::Weapon => skills.weapon_level(),
        AspectPx::All => skills.total_levels(),
    };
    raised_by_px(exchanged_best(aspects), levels) + MOYEN_MAX + skills.weapon_bc()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn example_1_1_and_1_2_aspects() {
        // Rolled 7 and 6, third 17: already above 15, the exchanges cannot raise it.
        assert_eq!(exchanged_best([7, 6, 17]), 17);
        // 12, 10, 8: +3 to reach 15.
        assert_eq!(exchanged_best([12, 10, 8]), 15);
        // 10, 10, 10: +5 (the others give 5 and stay at 7 and 8 or so).
        assert_eq!(exchanged_best([10, 10, 10]), 15);
        // 13, 5, 12... best 13, donors 0 + 7, ceiling 2.
        assert_eq!(exchanged_best([13, 5, 12]), 15);
        // 11, 5, 6: only one point above 5 to give.
        assert_eq!(exchanged_best([11, 5, 6]), 12);
    }

    #[test]
    fn example_1_4_experience() {
        // Physique 6 with 10 PX: 7 (3 left); Mental 16 with 20 PX: 17 (3 left); Mystique 5
        // with 5 PX: not enough for 6.
        assert_eq!(raised_by_px(6, 10), 7);
        assert_eq!(raised_by_px(16, 20), 17);
        assert_eq!(raised_by_px(5, 5), 5);
        assert_eq!(raised_by_px(5, 6), 6);
        // Example 1.5: 14 with 15 PX reaches 15.
        assert_eq!(raised_by_px(14, 15), 15);
    }

    #[test]
    fn weapon_ca_by_choice() {
        let aspects = [10, 10, 10];
        // 15, +0 PX step (10 PX < 16), +5 moyen, BC 0.
        assert_eq!(
            best_weapon_ca(aspects, Skills::Disciple, AspectPx::Weapon),
            20
        );
        // Compagnon: 15 PX < 16 still; BC +5.
        assert_eq!(
            best_weapon_ca(aspects, Skills::Compagnon, AspectPx::Weapon),
            25
        );
        // All 35 PX: 15 -> 16 (16 PX) -> 17 (17 PX), 2 left.
        assert_eq!(best_weapon_ca(aspects, Skills::Disciple, AspectPx::All), 22);
        // The choices only ever raise the CA.
        for a in 5..=15 {
            for b in 5..=15 {
                let c = [a, b, 30 - a - b];
                let base = best_weapon_ca(c, Skills::Disciple, AspectPx::Weapon);
                assert!(best_weapon_ca(c, Skills::Compagnon, AspectPx::Weapon) >= base + 5);
                assert!(best_weapon_ca(c, Skills::Disciple, AspectPx::All) >= base);
            }
        }
    }
}
