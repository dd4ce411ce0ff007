//! Primes paid with pénalités in a fight (seed *Fiche 4*, "Primes et pénalités"; the `cle`
//! page → `cle.fight`, *Prudence and Danger*): a fighter option that takes the same trade
//! on every attack, off by default.
//!
//! "Une action nécessitant un test de dé peut se voir assortie d'une prime, et une seule
//! […]. En contrepartie, le joueur doit sélectionner une pénalité." *Efficacité*: +2 to
//! the action; *Attaque meurtrière*: +1d6 damage; *Prudence*: "le prochain test de Défense
//! du personnage bénéficie d'un bonus de 2", more of them covering as many successive
//! defences; *Difficulté*: −2 to the action; *Danger*: "le prochain test de Défense du
//! personnage subit un malus de 2", more of them as many successive defences. A Prudence
//! and a Danger pending at once meet on the same defence (+2 − 2).

use super::State;

crate::choice! {
    /// The prime and pénalité taken on every attack (switches `pc_trade`, `foe_trade`).
    ///
    /// - `none`: neither.
    /// - `efficacite_danger`: +2 to the attack; the next defence at −2.
    /// - `meurtriere_danger`: +1d6 damage (an *Attaque meurtrière*); the next defence at −2.
    /// - `prudence_difficulte`: −2 to the attack; the next defence at +2.
    pub enum Trade {
        None = "none",
        EfficaciteDanger = "efficacite_danger",
        MeurtriereDanger = "meurtriere_danger",
        PrudenceDifficulte = "prudence_difficulte",
    }
}

impl Trade {
    /// The attack's modifier and its *Attaques meurtrières*.
    #[inline(always)]
    pub fn attack(self) -> (i64, u32) {
        match self {
            Trade::None => (0, 0),
            Trade::EfficaciteDanger => (2, 0),
            Trade::MeurtriereDanger => (0, 1),
            Trade::PrudenceDifficulte => (-2, 0),
        }
    }

    /// The attacker's next defence after the attack: one more Danger or Prudence pending.
    #[inline(always)]
    pub fn after_attack(self, attacker: &mut State) {
        match self {
            Trade::None => {}
            Trade::EfficaciteDanger | Trade::MeurtriereDanger => attacker.danger += 1,
            Trade::PrudenceDifficulte => attacker.prudence += 1,
        }
    }
}

/// The modifier of `defender`'s defence, a pending Prudence (+2) and Danger (−2) spent.
#[inline(always)]
pub fn guard(defender: &mut State) -> i64 {
    let mut g = 0;
    if defender.prudence > 0 {
        defender.prudence -= 1;
        g += 2;
    }
    if defender.danger > 0 {
        defender.danger -= 1;
        g -= 2;
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_trade_pays_on_the_next_defences() {
        let mut s = State::new(20, 0);
        assert_eq!(Trade::EfficaciteDanger.attack(), (2, 0));
        assert_eq!(Trade::MeurtriereDanger.attack(), (0, 1));
        assert_eq!(Trade::PrudenceDifficulte.attack(), (-2, 0));
        // Two Dangers: two successive defences at −2, then none.
        Trade::EfficaciteDanger.after_attack(&mut s);
        Trade::MeurtriereDanger.after_attack(&mut s);
        assert_eq!([guard(&mut s), guard(&mut s), guard(&mut s)], [-2, -2, 0]);
        // A Prudence and a Danger meet on one defence.
        Trade::PrudenceDifficulte.after_attack(&mut s);
        Trade::PrudenceDifficulte.after_attack(&mut s);
        Trade::EfficaciteDanger.after_attack(&mut s);
        assert_eq!([guard(&mut s), guard(&mut s), guard(&mut s)], [0, 2, 0]);
        Trade::None.after_attack(&mut s);
        assert_eq!(guard(&mut s), 0);
    }
}

#[cfg(test)]
mod fight_tests {
    use super::super::play::Battle;
    use super::super::{FightRule, Opponent};
    use super::*;
    use crate::engine::replay;

    /// Two PCs (Combat 8, Défense 6, 2d6 + 1, protection 1) against one second couteau of
    /// the same profile and 30 vitality, no hero point spent, trading as given.
    fn rule(pc_trade: Trade, foe_trade: Trade) -> FightRule {
        FightRule {
            pc_trade,
            foe_trade,
            ..FightRule::two_pcs_against(Opponent::Seconds)
        }
    }

    fn battle() -> Battle {
        Battle::for_tests(0)
    }

    #[test]
    fn efficacite_hits_and_danger_is_paid_on_the_next_defence() {
        let r = rule(Trade::EfficaciteDanger, Trade::None);
        let mut b = battle();
        // 1 + 1 + 1 + 8 + 2 = 13 against 3 + 3 + 3 + 6 - 2 (two PCs stand) = 13: equal
        // totals, Combat 8 beats Défense 6; without Efficacité 11 would miss. The white
        // dice 1 + 1, + 1 - 1: 2.
        replay(&[1, 1, 1, 3, 3, 3], |d| {
            r.pc_attacks::<true, _>(d, &mut b, 0, 0, 1)
        });
        assert_eq!((b.foes[0].vitality, b.pcs[0].danger), (28, 1));
        // The foe: 3 + 3 + 3 + 8 = 17 against 4 + 4 + 4 + 6 - 2 (Danger) = 16: a hit for
        // 3 + 3 + 1 - 1 = 6; the next defence has no Danger left: 18 against 17.
        replay(&[3, 3, 3, 4, 4, 4], |d| {
            r.foe_attacks::<true, _>(d, &mut b, (0, 1), 0, 1)
        });
        assert_eq!((b.pcs[0].vitality, b.pcs[0].danger), (14, 0));
        replay(&[3, 3, 3, 4, 4, 4], |d| {
            r.foe_attacks::<true, _>(d, &mut b, (0, 1), 0, 1)
        });
        assert_eq!(b.pcs[0].vitality, 14);
    }

    #[test]
    fn attaque_meurtriere_adds_a_fresh_die_and_prudence_guards() {
        let r = rule(Trade::MeurtriereDanger, Trade::None);
        let mut b = battle();
        // A hit (18 + 8 against 3 + 6 - 2): the white dice 6 + 6, the fresh d6 4, + 1 - 1.
        replay(&[6, 6, 6, 1, 1, 1, 4], |d| {
            r.pc_attacks::<true, _>(d, &mut b, 0, 0, 1)
        });
        assert_eq!(b.foes[0].vitality, 14);
        let r = rule(Trade::PrudenceDifficulte, Trade::None);
        let mut b = battle();
        // 18 + 8 - 2 against 7: a hit for 12; then the foe's 4 + 4 + 4 + 8 = 20 against
        // 5 + 4 + 4 + 6 + 2 (Prudence) = 21: defended (19 without).
        replay(&[6, 6, 6, 1, 1, 1], |d| {
            r.pc_attacks::<true, _>(d, &mut b, 0, 0, 1)
        });
        replay(&[4, 4, 4, 5, 4, 4], |d| {
            r.foe_attacks::<true, _>(d, &mut b, (0, 1), 0, 1)
        });
        assert_eq!((b.foes[0].vitality, b.pcs[0].vitality), (18, 20));
        // A foe's trade: Efficacité on its attack (4 + 4 + 4 + 8 + 2 = 22 against
        // 5 + 4 + 4 + 6 = 19: a hit for 4 + 4 + 1 - 1 = 8), Danger on its next defence.
        let r = rule(Trade::None, Trade::EfficaciteDanger);
        let mut b = battle();
        replay(&[4, 4, 4, 5, 4, 4], |d| {
            r.foe_attacks::<true, _>(d, &mut b, (0, 1), 0, 1)
        });
        assert_eq!((b.pcs[0].vitality, b.foes[0].danger), (12, 1));
    }
}
