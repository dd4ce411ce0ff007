//! *Les Clefs de l'Aube*; the rules as alea implements them, each reading with its switch:
//! `README.md` beside this file.
//!
//! Terms kept from the text:
//! - `ca`, *cible à atteindre*: the number to roll under on a d20;
//! - `nd`, *niveau de difficulté*: the degree a success must exceed;
//! - `°R` / `°É`, *degré de réussite / d'échec*; the program's `degree` is the signed
//!   degree, `°R` on a success and `-°É` on a failure;
//! - `th`, *total d'héroïsme*: each point adds 20 to the signed degree;
//! - *dé critique*: an extra die whose 1 adds an open-ended d20 to the degree.
//!
//! Modules: [`resolution`] (the test), [`damage`] (the damage step, Tableau 3.1),
//! [`wounds`] (wound track, fatigue, étourdi), [`fighter`] (a fighter and its state in a
//! fight), [`attack`] (the attack step, `aube.attack`), [`duel`], [`confrontation`],
//! [`multiple`], [`encaissement`] (`aube.damage`, `aube.depassement`), [`nonlethal`]
//! (non-lethal damage, a switch of `aube.damage` and of the fights: fists), [`tir`] and
//! [`creation`]; [`conduct`] (multiple actions and defending only in a fight); [`aspect`]
//! (the Physique, Mental and Mystique: the aspect the blows of a fight land on, a
//! fighter's figures in each), [`casting`] (`aube.casting`: a caster's dépassements
//! again and again, the backlash on his Mystique) and [`magic_duel`]
//! (`aube.magic_duel`: two casters casting at each other).
//!
//! [`bout`] is one round of classic combat, shared by [`duel`], [`gauntlet`] (fights in
//! a row) and [`melee`] (side against side); [`duel_exact`] makes it a fight the engine
//! solves for their exact values. The rules as alea
//! plays them, with every reading it chose and the switch to the other, are in
//! `src/systems/aube/README.md`.

use crate::engine::roster::Kind;

pub mod aspect;
pub mod attack;
pub mod blow_effect;
pub mod bout;
pub mod casting;
pub mod conduct;
pub mod confrontation;
pub mod creation;
pub mod creation_ca;
pub mod damage;
pub mod duel;
pub mod duel_end;
pub mod duel_exact;
pub mod encaissement;
pub mod fighter;
pub mod gauntlet;
pub mod magic_duel;
pub mod melee;
pub mod multiple;
pub mod nonlethal;
pub mod resolution;
pub mod surclassement;
pub mod tables;
pub mod tir;
pub mod wounds;

crate::mechanics! {
    /// one d20 roll-under test: success, beating ND, the signed degree
    TEST: resolution::TestParams => resolution::TestModel
        = ("aube.test", "ca=12").with_classes().primary("beats_nd");
    /// one attack of classic combat: hit chance and damage result (FA and FM)
    ATTACK: attack::AttackParams => attack::AttackModel
        = ("aube.attack", "att.ca=12 att.ba=0 att.bd=15 def.ca=12 def.bp=0 def.enc=12 def.be=3")
        .with_rosters(crate::systems::builtin_rosters);
    /// a duel of classic combat until one fighter is out: winner, length, wounds
    DUEL: duel::DuelParams => duel::DuelModel
        = ("aube.duel", "a.ca=12 a.ba=0 a.bp=0 a.bd=15 a.enc=12 a.be=3 b.ca=12 b.ba=0 b.bp=0 b.bd=15 b.enc=12 b.be=3")
        .with_rosters(crate::systems::builtin_rosters);
    /// fights in a row: a fighter against fresh opponents, wounds and fatigue carried over,
    /// rest between
    GAUNTLET: gauntlet::GauntletParams => gauntlet::GauntletModel
        = ("aube.gauntlet", "a.ca=12 a.ba=0 a.bp=0 a.bd=15 a.enc=12 a.be=3 b.ca=12 b.ba=0 b.bp=0 b.bd=15 b.enc=12 b.be=3")
        .primary("mean_won").with_rosters(crate::systems::builtin_rosters);
    /// a group fight of classic combat, side against side until one is out: winner, survivors
    MELEE: melee::MeleeParams => melee::MeleeModel
        = ("aube.melee", "side_a=krom,bjorn side_b=average*3").with_rosters(crate::systems::builtin_rosters);
    /// two opposed tests: who wins, nobody, or a draw
    CONFRONTATION: confrontation::ConfrontationParams => confrontation::ConfrontationModel
        = ("aube.confrontation", "a.ca=12 b.ca=10");
    /// several actions at once: the handicaps n + 3(k-1), +5 per unplanned action
    MULTIPLE: multiple::MultipleParams => multiple::MultipleModel = ("aube.multiple", "ca=15");
    /// one blow of level dom against encaissement and armour, read on Tableau 3.1
    DAMAGE: encaissement::DamageParams => encaissement::DamageModel
        = ("aube.damage", "dom=20 enc=12").also_listed(&["dom=20 enc=12 nonlethal=wounds"]);
    /// a test against a difficulty that softens a blow (eff + diff - °R), then Tableau 3.1
    DEPASSEMENT: encaissement::DepassementParams => encaissement::DepassementModel
        = ("aube.depassement", "ca=17 diff=8 eff=15 enc=14");
    /// a caster casting a spell again and again, each cast a dépassement whose backlash
    /// lands on the caster's Mystique: until the target falls or the caster is spent
    CASTING: casting::CastingParams => casting::CastingModel
        = ("aube.casting", "ca=17 diff=8 eff=15 enc=14 target.enc=12 bd=12");
    /// two casters casting at each other, each cast a dépassement whose backlash lands on
    /// its caster's Mystique: until one is out
    MAGIC_DUEL: magic_duel::MagicDuelParams => magic_duel::MagicDuelModel
        = ("aube.magic_duel", "a.ca=17 a.diff=8 a.eff=15 a.enc=14 a.bd=12 a.enc_hit=12 b.ca=17 b.diff=8 b.eff=15 b.enc=14 b.bd=12 b.enc_hit=12");
    /// one shot: range difficulty and dodge against skill and weapon, then Tableau 3.1
    TIR: tir::TirParams => attack::AttackModel = ("aube.tir", "ca=12 bd=10 enc=12");
    /// a new character's aspects (2d6+3, third = 30 - sum), moyens, and best weapon CA
    CREATION: creation::CreationParams => creation::CreationModel = ("aube.creation", "");
    /// one surclassement exchange: who wins, the damage of a winning MD, feint points gained
    SURCLASSEMENT_EXCHANGE: surclassement::exchange::ExchangeParams => surclassement::exchange::ExchangeModel
        = ("aube.surclassement.exchange", "a.ca_mp=9 a.ca_ma=9 a.ca_md=9 a.enc=11 b.ca_mp=9 b.ca_ma=9 b.ca_md=9 b.enc=11 a_move=md b_move=md");
    /// the optimal mixed manœuvres of one exchange (wound dealt minus wound taken) or, with
    /// horizon=duel, of the whole duel (won minus lost)
    SURCLASSEMENT_OPTIMAL: surclassement::game::OptimalParams => surclassement::game::OptimalModel
        = ("aube.surclassement.optimal", "a.ca_mp=9 a.ca_ma=9 a.ca_md=9 a.enc=11 b.ca_mp=9 b.ca_ma=9 b.ca_md=9 b.enc=11");
    /// a surclassement duel between two strategies, until one is out
    SURCLASSEMENT_DUEL: surclassement::duel::DuelParams => surclassement::duel::DuelModel
        = ("aube.surclassement.duel", "a.ca_mp=9 a.ca_ma=9 a.ca_md=9 a.enc=11 b.ca_mp=9 b.ca_ma=9 b.ca_md=9 b.enc=11");
}

/// The steps of `aube` a house rule may replace with a script: the d20 of every test.
pub static STEPS: &[&crate::engine::StepSignature] =
    &[&resolution::TEST_DIE, &blow_effect::BLOW_EFFECT];

/// The kinds of entry of `aube` rosters: fighters of classic combat.
pub fn roster_kinds() -> Vec<Kind> {
    vec![Kind::of::<fighter::Fighter>(
        "aube",
        "fighter",
        "a fighter of classic combat (a.* of aube.duel, sides of aube.melee)",
    )]
}

#[cfg(test)]
mod tests {
    /// The rules page names only real switches, and every `[choice]` parameter.
    #[test]
    fn rules_page_matches_the_mechanics() {
        crate::systems::test_support::assert_rules_page_matches("aube", include_str!("README.md"));
    }
}
