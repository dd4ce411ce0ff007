//! Primes paid with pénalités in a fight (seed *Fiche 4*, "Primes et pénalités"; the `cle`
//! page → `cle.fight`, *Primes and pénalités in a fight*): a fighter option that takes the
//! same trade on every attack, off by default.
//!
//! "Une action nécessitant un test de dé peut se voir assortie d'une prime, et une seule
//! […]. En contrepartie, le joueur doit sélectionner une pénalité." *Efficacité*: +2 to
//! the action; *Attaque meurtrière*: +1d6 damage; *Prudence*: "le prochain test de Défense
//! du personnage bénéficie d'un bonus de 2", more of them covering as many successive
//! defences; *Difficulté*: −2 to the action; *Danger*: "le prochain test de Défense du
//! personnage subit un malus de 2", more of them as many successive defences. A Prudence
//! and a Danger pending at once meet on the same defence (+2 − 2).
//!
//! *Risque*: "Si l'action en cours échoue, un incident, déterminé par le MJ, survient. Par
//! exemple l'arme est coincée ou détruite, le personnage glisse et tombe au sol, il lâche
//! un objet, un de ses vêtements s'accroche quelque part et lui fait perdre une action,
//! l'attaque touche un allié, etc." The text leaves the incident to the GM: **\[choice,
//! switch `risque`\]** [`Incident`] says which one a missed attack brings: the next
//! action lost (`lose_action`, the default: the one incident the text gives a measure
//! of), or a fall (`fall`: the fighter "tombe au sol" and its next attack is made as it
//! stands up, at −2, the *Difficulté* the text's *Fiche 3* asks of "une action en même
//! temps qu'il se relève"). "Plusieurs risques identiques ne sont pas cumulables": one
//! incident is pending at most, and the next action (its turn, or its next attack after a
//! fall) clears it.

use super::State;

crate::choice! {
    /// The prime and pénalité taken on every attack (switches `pc_trade`, `foe_trade`).
    ///
    /// - `none`: neither.
    /// - `efficacite_danger`: +2 to the attack; the next defence at −2.
    /// - `meurtriere_danger`: +1d6 damage (an *Attaque meurtrière*); the next defence at −2.
    /// - `prudence_difficulte`: −2 to the attack; the next defence at +2.
    /// - `efficacite_risque`: +2 to the attack; an incident when it misses (switch
    ///   `risque`).
    /// - `meurtriere_risque`: +1d6 damage; an incident when the attack misses.
    pub enum Trade {
        None = "none",
        EfficaciteDanger = "efficacite_danger",
        MeurtriereDanger = "meurtriere_danger",
        PrudenceDifficulte = "prudence_difficulte",
        EfficaciteRisque = "efficacite_risque",
        MeurtriereRisque = "meurtriere_risque",
    }
}

crate::choice! {
    /// The incident a *Risque* brings when the attack misses (switch `risque`, a
    /// \[choice\]: the text leaves it to the GM).
    ///
    /// - `lose_action`: the fighter loses its next action (its next turn).
    /// - `fall`: the fighter falls; its next attack, made as it stands up, is at −2.
    pub enum Incident { LoseAction = "lose_action", Fall = "fall" }
}

impl Incident {
    /// At the start of `fighter`'s turn: whether it loses this turn to a pending
    /// incident (`lose_action`; the incident is then cleared).
    #[inline(always)]
    pub fn loses_turn(self, fighter: &mut State) -> bool {
        let lost = self == Incident::LoseAction && fighter.incident;
        if lost {
            fighter.incident = false;
        }
        lost
    }

    /// The modifier of `fighter`'s attack: −2 after a fall (the incident then cleared),
    /// else 0.
    #[inline(always)]
    pub fn hindrance(self, fighter: &mut State) -> i64 {
        if self == Incident::Fall && fighter.incident {
            fighter.incident = false;
            -2
        } else {
            0
        }
    }
}

impl Trade {
    /// The attack's modifier and its *Attaques meurtrières*.
    #[inline(always)]
    pub fn attack(self) -> (i64, u32) {
        match self {
            Trade::None => (0, 0),
            Trade::EfficaciteDanger | Trade::EfficaciteRisque => (2, 0),
            Trade::MeurtriereDanger | Trade::MeurtriereRisque => (0, 1),
            Trade::PrudenceDifficulte => (-2, 0),
        }
    }

    /// The pénalité paid after the attack (`hit`: whether it hit): one more Danger or
    /// Prudence pending on the attacker's next defence, or an incident pending when a
    /// *Risque* attack missed.
    #[inline(always)]
    pub fn after_attack(self, attacker: &mut State, hit: bool) {
        match self {
            Trade::None => {}
            Trade::EfficaciteDanger | Trade::MeurtriereDanger => attacker.danger += 1,
            Trade::PrudenceDifficulte => attacker.prudence += 1,
            Trade::EfficaciteRisque | Trade::MeurtriereRisque => attacker.incident |= !hit,
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
        Trade::EfficaciteDanger.after_attack(&mut s, true);
        Trade::MeurtriereDanger.after_attack(&mut s, true);
        assert_eq!([guard(&mut s), guard(&mut s), guard(&mut s)], [-2, -2, 0]);
        // A Prudence and a Danger meet on one defence.
        Trade::PrudenceDifficulte.after_attack(&mut s, true);
        Trade::PrudenceDifficulte.after_attack(&mut s, true);
        Trade::EfficaciteDanger.after_attack(&mut s, true);
        assert_eq!([guard(&mut s), guard(&mut s), guard(&mut s)], [0, 2, 0]);
        Trade::None.after_attack(&mut s, true);
        assert_eq!(guard(&mut s), 0);
    }

    #[test]
    fn a_risque_brings_one_incident_on_a_miss_only() {
        let mut s = State::new(20, 0);
        assert_eq!(Trade::EfficaciteRisque.attack(), (2, 0));
        assert_eq!(Trade::MeurtriereRisque.attack(), (0, 1));
        Trade::EfficaciteRisque.after_attack(&mut s, true);
        assert!(!s.incident && guard(&mut s) == 0);
        // Two misses: one incident ("plusieurs risques identiques ne sont pas cumulables").
        Trade::MeurtriereRisque.after_attack(&mut s, false);
        Trade::EfficaciteRisque.after_attack(&mut s, false);
        assert!(s.incident);
        // A fall costs no turn; the next attack is at -2, then none.
        assert!(!Incident::Fall.loses_turn(&mut s));
        assert_eq!(
            [
                Incident::Fall.hindrance(&mut s),
                Incident::Fall.hindrance(&mut s)
            ],
            [-2, 0]
        );
        // A lost action: the next turn, once; no -2.
        s.incident = true;
        assert_eq!(Incident::LoseAction.hindrance(&mut s), 0);
        assert!(Incident::LoseAction.loses_turn(&mut s));
        assert!(!Incident::LoseAction.loses_turn(&mut s));
    }
}

#[cfg(test)]
mod fight_tests {
    use super::super::options::ALL;
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
    fn a_missed_risque_costs_the_next_turn_or_a_fall() {
        let r = rule(Trade::EfficaciteRisque, Trade::None);
        let mut b = battle();
        // 1 + 1 + 1 + 8 + 2 = 13 against 6 + 6 + 6 + 6 - 2 = 22: a miss, an incident.
        replay(&[1, 1, 1, 6, 6, 6], |d| {
            r.pc_attacks::<ALL, _>(d, &mut b, 0, 0, 1)
        });
        assert!(b.pcs[0].incident);
        // The next round PC 0 loses its turn (no dice, no answer); PC 1 misses the same
        // way and the foe answers it: 1 + 1 + 1 + 8 = 11 against 6 + 6 + 6 + 6 = 24 (a lone
        // foe: no -2).
        replay(&[1, 1, 1, 6, 6, 6, 1, 1, 1, 6, 6, 6], |d| {
            r.play_round::<ALL, _>(d, &mut b, 2)
        });
        assert_eq!((b.pcs[0].incident, b.pcs[1].incident), (false, true));
        // A fall: the next attack at -2: 1 + 1 + 2 + 8 + 2 - 2 = 12 against 3 + 3 + 3 + 6
        // - 2 = 13 misses (14 would hit), and falls again.
        let fall = FightRule {
            risque: Incident::Fall,
            ..r
        };
        let mut b = battle();
        b.pcs[0].incident = true;
        replay(&[1, 1, 2, 3, 3, 3], |d| {
            fall.pc_attacks::<ALL, _>(d, &mut b, 0, 0, 1)
        });
        assert_eq!((b.foes[0].vitality, b.pcs[0].incident), (30, true));
        // A foe's lost turn: PC 0 (alone standing) hits, 6 + 6 + 6 + 8 = 26 against 1 + 1
        // + 1 + 6 = 9, for 6 + 6 + 1 - 1 = 12; the foe does not answer (no dice).
        let foes = rule(Trade::None, Trade::MeurtriereRisque);
        let mut b = battle();
        b.foes[0].incident = true;
        b.pcs[1].kill();
        replay(&[6, 6, 6, 1, 1, 1], |d| {
            foes.play_round::<ALL, _>(d, &mut b, 1)
        });
        assert_eq!(
            (b.foes[0].incident, b.foes[0].vitality, b.pcs[0].vitality),
            (false, 18, 20)
        );
    }

    #[test]
    fn efficacite_hits_and_danger_is_paid_on_the_next_defence() {
        let r = rule(Trade::EfficaciteDanger, Trade::None);
        let mut b = battle();
        // 1 + 1 + 1 + 8 + 2 = 13 against 3 + 3 + 3 + 6 - 2 (two PCs stand) = 13: equal
        // totals, Combat 8 beats Défense 6; without Efficacité 11 would miss. The white
        // dice 1 + 1, + 1 - 1: 2.
        replay(&[1, 1, 1, 3, 3, 3], |d| {
            r.pc_attacks::<ALL, _>(d, &mut b, 0, 0, 1)
        });
        assert_eq!((b.foes[0].vitality, b.pcs[0].danger), (28, 1));
        // The foe: 3 + 3 + 3 + 8 = 17 against 4 + 4 + 4 + 6 - 2 (Danger) = 16: a hit for
        // 3 + 3 + 1 - 1 = 6; the next defence has no Danger left: 18 against 17.
        replay(&[3, 3, 3, 4, 4, 4], |d| {
            r.foe_attacks::<ALL, _>(d, &mut b, (0, 1), 0, 1)
        });
        assert_eq!((b.pcs[0].vitality, b.pcs[0].danger), (14, 0));
        replay(&[3, 3, 3, 4, 4, 4], |d| {
            r.foe_attacks::<ALL, _>(d, &mut b, (0, 1), 0, 1)
        });
        assert_eq!(b.pcs[0].vitality, 14);
    }

    #[test]
    fn attaque_meurtriere_adds_a_fresh_die_and_prudence_guards() {
        let r = rule(Trade::MeurtriereDanger, Trade::None);
        let mut b = battle();
        // A hit (18 + 8 against 3 + 6 - 2): the white dice 6 + 6, the fresh d6 4, + 1 - 1.
        replay(&[6, 6, 6, 1, 1, 1, 4], |d| {
            r.pc_attacks::<ALL, _>(d, &mut b, 0, 0, 1)
        });
        assert_eq!(b.foes[0].vitality, 14);
        let r = rule(Trade::PrudenceDifficulte, Trade::None);
        let mut b = battle();
        // 18 + 8 - 2 against 7: a hit for 12; then the foe's 4 + 4 + 4 + 8 = 20 against
        // 5 + 4 + 4 + 6 + 2 (Prudence) = 21: defended (19 without).
        replay(&[6, 6, 6, 1, 1, 1], |d| {
            r.pc_attacks::<ALL, _>(d, &mut b, 0, 0, 1)
        });
        replay(&[4, 4, 4, 5, 4, 4], |d| {
            r.foe_attacks::<ALL, _>(d, &mut b, (0, 1), 0, 1)
        });
        assert_eq!((b.foes[0].vitality, b.pcs[0].vitality), (18, 20));
        // A foe's trade: Efficacité on its attack (4 + 4 + 4 + 8 + 2 = 22 against
        // 5 + 4 + 4 + 6 = 19: a hit for 4 + 4 + 1 - 1 = 8), Danger on its next defence.
        let r = rule(Trade::None, Trade::EfficaciteDanger);
        let mut b = battle();
        replay(&[4, 4, 4, 5, 4, 4], |d| {
            r.foe_attacks::<ALL, _>(d, &mut b, (0, 1), 0, 1)
        });
        assert_eq!((b.pcs[0].vitality, b.foes[0].danger), (12, 1));
    }
}
