//! *Surclassement*, the alternative combat of *Les Clefs de l'Aube* (seed chapter 4, "le
//! système de combat par surclassement", "les manœuvres de combat", "Surclassement pour les
//! débutants"; the `aube` page → *Surclassement*).
//!
//! Terms kept from the text:
//! - *surclassement* ("outclassing"): both fighters test at once and the better degree
//!   wins the exchange, as in a confrontation;
//! - the three *manœuvres*, each with its own CA: *parade* (MP, parry: stops the other),
//!   *attaque* (MA, a feint: its winner gains *points de feinte* for the next manœuvre),
//!   *dommage* (MD, the blow that wounds);
//! - `E`, the *modified degree*: `°R` plus the weapon bonus of the manœuvre (and the
//!   held feint points);
//! - the aspects and moyens that make the CAs: `ph` (Physique), `pu` (Puissance), `ma`
//!   (Manœuvre), `ex` (Expression), `bc` (bonus de compétence).
//!
//! Files: [`fighter`] (a fighter's CAs and weapon, the rule switches), [`exchange`] (one
//! exchange, `aube.surclassement.exchange`), [`game`] (the 3×3 one-exchange game and its
//! optimal mixed strategy, `aube.surclassement.optimal`), [`strategy`] (how a fighter
//! picks its manœuvre), [`duel`] (`aube.surclassement.duel`), [`table`] (the prepared
//! tests all three roll), [`position`] (where a duel stands between two exchanges, and the
//! exact law of the next exchange), [`whole`] (the whole duel as a stochastic game and its
//! optimal stationary strategy `optimal_duel`), [`classes`] (its wound tracks, numbered),
//! [`stage`] (that game in one position), [`exact`] (the exact law of a duel, propagated
//! round by round).

pub mod classes;
pub mod duel;
pub mod exact;
pub mod exchange;
pub mod fighter;
pub mod game;
pub mod lazy_game;
pub mod position;
pub mod stage;
pub mod strategy;
pub mod table;
pub mod whole;
