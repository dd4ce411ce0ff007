//! Solved whole-duel games kept for the duels that play them: a cache of the last few
//! solved (a study builds the same duel at many points), and the game of one duel,
//! solved when first needed.

use super::fighter::{Fighter, Rules};
use super::whole::WholeDuel;
use crate::error::{Error, Result};
use crate::systems::aube::wounds::OutAt;
use std::sync::{Arc, Mutex, OnceLock};

impl WholeDuel {
    /// The solved game of these fighters, from a cache of the last few solved (a study
    /// builds the same duel at many points). A game asked for by several threads at once
    /// is solved once: the others wait for it.
    pub fn cached(rules: Rules, fighters: [Fighter; 2], out_at: OutAt) -> Result<Arc<Self>> {
        type Solved = Arc<OnceLock<std::result::Result<Arc<WholeDuel>, String>>>;
        type Cache = Mutex<Vec<((Rules, [Fighter; 2], OutAt), Solved)>>;
        static CACHE: Cache = Mutex::new(Vec::new());
        let key = (rules, fighters, out_at);
        let slot: Solved = {
            let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
            match cache.iter().find(|(k, _)| *k == key) {
                Some((_, slot)) => slot.clone(),
                None => {
                    if cache.len() >= 6 {
                        cache.remove(0);
                    }
                    let slot = Solved::default();
                    cache.push((key, slot.clone()));
                    slot
                }
            }
        };
        slot.get_or_init(|| {
            Self::solve(rules, fighters, out_at)
                .map(Arc::new)
                .map_err(|e| e.to_string())
        })
        .clone()
        .map_err(Error::Invalid)
    }
}

/// The whole-duel game of a duel, solved when first needed. Building a duel (as `alea run`
/// builds every point of a study before it samples any) only checks that the game is not
/// too large; the first sample or exact law solves it, or takes it from
/// [`WholeDuel::cached`].
#[derive(Debug)]
pub struct LazyGame {
    rules: Rules,
    fighters: [Fighter; 2],
    out_at: OutAt,
    pub(super) solved: OnceLock<std::result::Result<Arc<WholeDuel>, String>>,
    /// What [`LazyGame::get`] reads when the solve failed.
    unsolved: OnceLock<WholeDuel>,
}

impl LazyGame {
    /// The game of `fighters` under `rules`, out at `out_at`; an error when it is too
    /// large to solve.
    pub fn new(rules: Rules, fighters: [Fighter; 2], out_at: OutAt) -> Result<Self> {
        WholeDuel::check(rules, fighters, out_at)?;
        Ok(Self {
            rules,
            fighters,
            out_at,
            solved: OnceLock::new(),
            unsolved: OnceLock::new(),
        })
    }

    /// The solved game (solved by the first call, which the others wait for). A game
    /// whose solve failed (past [`super::whole::MAX_UPDATES`]) reads as a game with no position solved,
    /// where both fighters strike (MD); [`LazyGame::failure`] then says why, and nothing
    /// sampled or worked out with it may be reported.
    #[inline]
    pub fn get(&self) -> &WholeDuel {
        match self.solved() {
            Ok(game) => game,
            Err(_) => self
                .unsolved
                .get_or_init(|| WholeDuel::unsolved(self.rules, self.fighters)),
        }
    }

    fn solved(&self) -> &std::result::Result<Arc<WholeDuel>, String> {
        self.solved.get_or_init(|| {
            WholeDuel::cached(self.rules, self.fighters, self.out_at).map_err(|e| e.to_string())
        })
    }

    /// Why the game could not be solved, once its solve has been tried.
    pub fn failure(&self) -> Option<String> {
        self.solved.get()?.as_ref().err().cloned()
    }

    /// Whether the game is solved (solving it now if it has not been tried).
    pub fn is_solved(&self) -> bool {
        self.solved().is_ok()
    }
}

impl PartialEq for LazyGame {
    fn eq(&self, other: &Self) -> bool {
        (self.rules, self.fighters, self.out_at) == (other.rules, other.fighters, other.out_at)
    }
}
