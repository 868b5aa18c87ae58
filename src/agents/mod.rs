//! Agents: whatever chooses an action for a seat.
//!
//! An agent sees the state only through what its seat may know: its own hand, the public
//! history and its private observations. (The `oracle`, which sees every card, exists on
//! purpose as an upper bound and says so in its name.)

mod random;
mod spec;

pub use random::RandomAgent;
pub use spec::{AgentSpec, SpecError};

use crate::games::{Action, Game, Seat};
use crate::rng::GameRng;

/// Chooses actions for a seat.
pub trait Agent<G: Game>: Send {
    /// The action for `seat`, which is to act in `state`. Must be one of
    /// `state.legal_actions()`.
    fn choose(&mut self, state: &G, seat: Seat, rng: &mut GameRng) -> Action;
}

/// Builds agents of every kind for the game `G` from their specs.
pub trait AgentFactory: Game + Sized {
    /// The agent `spec` describes, for this game.
    fn agent(spec: &AgentSpec) -> Box<dyn Agent<Self>>;
}

impl<G: Game> AgentFactory for G {
    fn agent(spec: &AgentSpec) -> Box<dyn Agent<G>> {
        match spec {
            AgentSpec::Random => Box::new(RandomAgent),
        }
    }
}
