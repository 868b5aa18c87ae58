//! The uniform random agent.

use crate::games::{Action, Game, Seat};
use crate::rng::GameRng;

use super::Agent;

/// Chooses uniformly among the legal actions, for every kind of decision.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomAgent;

impl<G: Game> Agent<G> for RandomAgent {
    #[inline]
    fn choose(&mut self, state: &G, _seat: Seat, rng: &mut GameRng) -> Action {
        state.legal_actions().choose(rng)
    }

    fn is_uniform_random(&self) -> bool {
        true
    }
}
