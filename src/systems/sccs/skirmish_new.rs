//! `sccs.skirmish`'s fight built from its parameters (a child of `skirmish.rs`): the
//! members' figures checked, the switches read once.

use super::super::attente::AttenteTarget;
use super::super::disengage::Disengage;
use super::super::engagement::priority_now;
use super::super::fighter::{Fighter, LONG_REACH};
use super::super::manoeuvre::{Manoeuvre, ManoeuvreLasts};
use super::super::melee::MAX_ENGAGED;
use super::super::resolution::Receiving;
use super::{MAX_FIGHTERS, MAX_SIDE, Skirmish, SkirmishParams};
use crate::error::{Error, Result};

/// The fight of `p`, each member's armour checked.
impl TryFrom<SkirmishParams> for Skirmish {
    type Error = Error;

    fn try_from(p: SkirmishParams) -> Result<Self> {
        for (side, members) in [("side_a", &p.side_a), ("side_b", &p.side_b)] {
            for (name, f) in &members.members {
                f.check(side, name)?;
            }
        }
        let fighters: Vec<Fighter> = p
            .side_a
            .fighters()
            .chain(p.side_b.fighters())
            .copied()
            .collect();
        let na = p.side_a.len();
        if fighters.len() > MAX_FIGHTERS {
            return Err(Error::value(
                "side_a",
                format!("at most {MAX_SIDE} combatants a side"),
            ));
        }
        let engaged_priority = p.engaged_priority
            && fighters
                .iter()
                .any(|f| priority_now(f.priority, true) != f.priority);
        let guards = fighters
            .iter()
            .map(|f| f.guard(p.wear.wound_malus, p.wear.spent_armour_protects))
            .collect();
        Ok(Self {
            guards,
            na,
            receiving: Receiving {
                counts_tie: p.tie.tension_counts_tie,
                floor_ties: p.wear.floor_tie_without_armour,
                covers_deficit: p.wear.armour_covers_deficit,
            },
            erosion: p.wear.erosion,
            erosion_step: p.tie.tables.erosion.step,
            tension_die: p.tie.tables.tension_die(),
            exchange_margin: p.tie.tables.exchange_margin(),
            impacts_to_out: p.impacts_to_out,
            rounds: p.rounds,
            each_round: p.initiative_each_round,
            targets: [p.target_a, p.target_b],
            options: p.second_rank
                || engaged_priority
                || fighters.iter().any(|f| {
                    f.manoeuvre != Manoeuvre::Never
                        || f.dual_wield
                        || f.waits()
                        || f.restores
                        || f.disengage != Disengage::Never
                }),
            attack_malus: fighters
                .iter()
                .map(|f| {
                    if f.dual_wield && p.dual_wield_malus {
                        p.tie.tables.modifiers.extra_target
                    } else {
                        0
                    }
                })
                .collect(),
            reach: fighters
                .iter()
                .map(|f| {
                    if p.second_rank && f.priority == LONG_REACH {
                        i64::MAX
                    } else {
                        MAX_ENGAGED as i64
                    }
                })
                .collect(),
            manoeuvre_for_the_round: p.manoeuvre_lasts == ManoeuvreLasts::Round,
            manoeuvre_drops_counter: p.manoeuvre_drops_counter,
            attente: fighters.iter().any(Fighter::waits),
            attente_chosen: p.attente_target == AttenteTarget::Chosen,
            attente_lapses: p.attente_lapses,
            engaged_priority,
            engaged_by_any: p.engaged_by_any_foe,
            restoration_first: p.restoration_first,
            disengage: fighters
                .iter()
                .any(|f| f.disengage != Disengage::Never)
                .then_some(p.disengaging),
            fighters,
            params: p,
        })
    }
}
