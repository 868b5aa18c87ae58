//! The oracle: plays the true deal double-dummy. **It cheats**: it sees every card, the other
//! hands included, so it is an upper bound for any fair player and is reported as such
//! everywhere (its spec reads `oracle (cheats: sees every card)`).
//!
//! Each card play is the best card for its side on the true deal ([`Solver::solve`]; ties go
//! to the lowest card in card order). Decisions that are not card plays (9-5-2 trumps, discards
//! and exchange gives) are taken by the game's rule-based player, or at random where the game
//! has none yet.

use crate::games::{Action, Game, Seat};
use crate::rng::GameRng;
use crate::solver::Solver;

use super::{Agent, AgentFactory, fallback_agent};

/// What the oracle's name says about it, wherever it is reported.
pub const CHEAT_NOTE: &str = "cheats: sees every card";

/// The oracle agent (a cheater: it reads every hand).
pub struct Oracle<G: Game> {
    solver: Solver,
    other: Box<dyn Agent<G>>,
}

impl<G: AgentFactory> Oracle<G> {
    /// A new oracle.
    pub fn new() -> Oracle<G> {
        Oracle {
            solver: Solver::with_table_bits(super::pimc::PIMC_TT_BITS),
            other: fallback_agent::<G>(),
        }
    }
}

impl<G: AgentFactory> Default for Oracle<G> {
    fn default() -> Oracle<G> {
        Oracle::new()
    }
}

impl<G: AgentFactory> Agent<G> for Oracle<G> {
    fn choose(&mut self, state: &G, seat: Seat, rng: &mut GameRng) -> Action {
        if let Some(a) = super::unsearched(state, seat, rng, self.other.as_mut()) {
            return a;
        }
        let pos = state
            .position_for(seat)
            .expect("a card to play means a position");
        let best = self.solver.solve(&pos).best_cards();
        Action::Play(best.first().expect("a legal card is best"))
    }
}
