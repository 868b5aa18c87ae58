//! Agents: whatever chooses an action for a seat.
//!
//! An agent sees the state only through what its seat may know: its own hand, the public
//! history and its private observations. (The `oracle`, which sees every card, exists on
//! purpose as an upper bound and says so in its name.)

pub mod alphamu;
pub mod baseline;
pub mod external;
pub mod inference;
pub mod ismcts;
pub mod listing;
pub mod oracle;
pub mod pimc;
mod random;
mod spec;
mod stop;
mod table;
mod warnings;

pub use random::RandomAgent;
pub use spec::{
    AGENT_NAMES, AgentSpec, NamedBots, SpecError, parse_seating, parse_seating_with, parse_specs,
    parse_specs_with,
};
pub use stop::stop_searches_on;
pub use table::{TableEvent, TableInfo, play_seated, seat_agents, table_info};
pub use warnings::clock_warning;

use crate::games::{Action, Decision, Game, Rewarded, Seat};
use crate::knowledge::Observable;
use crate::rng::GameRng;
use crate::solver::Solvable;
use alphamu::AlphaMu;
use ismcts::{Ismcts, IsmctsParams};
use oracle::Oracle;
use pimc::Pimc;

/// Chooses actions for a seat.
pub trait Agent<G: Game>: Send {
    /// The action for `seat`, which is to act in `state`. Must be one of
    /// `state.legal_actions()`.
    fn choose(&mut self, state: &G, seat: Seat, rng: &mut GameRng) -> Action;

    /// Whether the agent is the built-in uniform random player ([`RandomAgent`]): a match
    /// where every seat is one is played with its choice inlined, not called through a box
    /// per card ([`play_seated`] decides once per match). The draws are the same.
    fn is_uniform_random(&self) -> bool {
        false
    }

    /// Whether the agent wants to be shown every [`TableEvent`] of its match (see
    /// [`play_seated`]). Built-in agents do not.
    fn observes(&self) -> bool {
        false
    }

    /// Shows the agent, seated at `seat`, something that happened at the table. Called only
    /// when [`Agent::observes`] is true.
    fn observe(&mut self, seat: Seat, event: &TableEvent<'_, G>) {
        let _ = (seat, event);
    }

    /// Whether the agent has forfeited the hand in progress (an external bot that broke the
    /// protocol under `on_fault = "forfeit"`). [`play_seated`] then concedes the rest of the
    /// hand for its seat ([`Game::concede`]). Asked only of agents that observe.
    fn forfeited(&self) -> bool {
        false
    }

    /// The `info` messages that came with the agent's last decision (an external bot's
    /// protocol `info` lines, written while it decided), taken so that the next call has only
    /// the next decision's. Built-in agents have none.
    fn take_info(&mut self) -> Vec<serde_json::Value> {
        Vec::new()
    }
}

/// A game every agent can play: its rule-based player, and what search needs (knowledge to
/// sample worlds, rewards to back up, positions to solve double-dummy).
pub trait AgentFactory: Observable + Rewarded + Solvable + Sized {
    /// The rule-based player with the named switches (checked: unknown or contradicting
    /// switches are errors).
    fn baseline_agent(switches: &[String]) -> Result<Box<dyn Agent<Self>>, SpecError>;
}

/// An agent that can value every legal action (a search agent), for analysis such as expert
/// agreement.
pub trait Evaluator<G: Game>: Send {
    /// Every legal action with its value for the seat's side in `[0, 1]` (higher is better),
    /// best first; an action the search never tried has no entry.
    fn evaluate(&mut self, state: &G, seat: Seat, rng: &mut GameRng) -> Vec<(Action, f64)>;
}

/// Builds the search agent `spec` names as an [`Evaluator`].
///
/// # Errors
/// A spec that names no search agent, or parameters it does not take.
pub fn build_evaluator<G: AgentFactory>(
    spec: &AgentSpec,
) -> Result<Box<dyn Evaluator<G>>, SpecError> {
    match spec {
        AgentSpec::Ismcts(p) => Ok(Box::new(Ismcts::<G>::new((**p).clone())?)),
        AgentSpec::Pimc(p) => Ok(Box::new(Pimc::<G>::new(p.clone()))),
        other => Err(SpecError::BadParameter(format!(
            "`{other}` is not a search agent: it cannot value actions"
        ))),
    }
}

/// Builds the agent `spec` names for the game `G`.
///
/// # Errors
/// Parameters the agent does not take for this game.
pub fn build_agent<G: AgentFactory>(spec: &AgentSpec) -> Result<Box<dyn Agent<G>>, SpecError> {
    match spec {
        AgentSpec::Random => Ok(Box::new(RandomAgent)),
        AgentSpec::Rules(switches) => G::baseline_agent(switches),
        AgentSpec::Ismcts(p) => Ok(Box::new(Ismcts::<G>::new((**p).clone())?)),
        AgentSpec::Pimc(p) => Ok(Box::new(Pimc::<G>::new(p.clone()))),
        AgentSpec::AlphaMu(p) => Ok(Box::new(AlphaMu::<G>::new(p.clone()))),
        AgentSpec::Oracle => Ok(Box::new(Oracle::<G>::new())),
        &AgentSpec::OracleMcts { iterations } => Ok(Box::new(Ismcts::<G>::new(IsmctsParams {
            iterations,
            sees_every_card: true,
            ..IsmctsParams::default()
        })?)),
        AgentSpec::External(e) => Ok(Box::new(external::ExternalAgent::new((**e).clone()))),
    }
}

/// The player for decisions the double-dummy agents do not search (9-5-2 trumps, discards and
/// gives): the game's rule-based player, or a random one where the game has none.
pub(crate) fn fallback_agent<G: AgentFactory>() -> Box<dyn Agent<G>> {
    G::baseline_agent(&[]).unwrap_or_else(|_| Box::new(RandomAgent))
}

/// What a double-dummy agent plays without searching: the only legal action, or, for a
/// decision that is not a card play, what `other` (its [`fallback_agent`]) chooses. `None`
/// when there is a card to search for.
pub(crate) fn unsearched<G: Game>(
    state: &G,
    seat: Seat,
    rng: &mut GameRng,
    other: &mut dyn Agent<G>,
) -> Option<Action> {
    let legal = state.legal_actions();
    if legal.len() == 1 {
        return legal.nth(0);
    }
    (legal.decision() != Decision::Play).then(|| other.choose(state, seat, rng))
}
