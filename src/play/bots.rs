//! The bots at the table: who sits in a seat, and how a bot decides so that `why` can show its
//! values. Each bot decision draws from its own stream `(seed, hand, Agent, seat·1024 +
//! decision)`, so a card taken back and played again brings the same replies.

use crate::agents::{Agent, AgentFactory, AgentSpec, Evaluator, build_agent, build_evaluator};
use crate::games::{Action, Decision, Seat};
use crate::rng::{Purpose, stream};

use super::error::SeatingError;
use super::event::Values;

/// Who sits in a seat.
pub enum Player<G> {
    /// A person, who answers through [`Table::act`](super::Table::act).
    Human,
    /// An agent.
    Bot(Box<Bot<G>>),
}

/// An agent at the table, with what it needs to say why it chose.
pub struct Bot<G> {
    /// Its spec.
    pub spec: AgentSpec,
    agent: Box<dyn Agent<G>>,
    evaluator: Option<Box<dyn Evaluator<G>>>,
}

impl<G: AgentFactory> Player<G> {
    /// The player `spec` names (`None`: a person).
    ///
    /// # Errors
    /// An agent that cannot play this game.
    pub fn of(spec: Option<&AgentSpec>) -> Result<Player<G>, SeatingError> {
        Ok(match spec {
            None => Player::Human,
            Some(spec) => Player::Bot(Box::new(Bot {
                agent: build_agent::<G>(spec)?,
                evaluator: build_evaluator::<G>(spec).ok(),
                spec: spec.clone(),
            })),
        })
    }
}

/// Where a bot decision stands in the match: the seed, the hand and the decision's number.
#[derive(Clone, Copy, Debug)]
pub struct DecisionAt {
    /// The match's seed.
    pub seed: u64,
    /// The hand number in the match.
    pub hand: u64,
    /// The decision's number in the hand.
    pub index: usize,
}

impl<G: AgentFactory> Bot<G> {
    /// The bot's decision for `seat` in `state` (which has more than one legal action), with
    /// its values where it is a searcher that values them.
    pub fn decide(&mut self, state: &G, seat: Seat, at: DecisionAt) -> (Action, Option<Values>) {
        let mut rng = stream(
            at.seed,
            at.hand,
            Purpose::Agent,
            seat.0 as u64 * 1024 + at.index as u64,
        );
        let legal = state.legal_actions();
        // A searcher that values the actions plays its best one, so `why` can show them.
        let searches = match &self.spec {
            AgentSpec::Ismcts(_) => true,
            AgentSpec::Pimc(_) => legal.decision() == Decision::Play,
            _ => false,
        };
        let valued = match (searches, self.evaluator.as_mut()) {
            (true, Some(ev)) => {
                let values = ev.evaluate(state, seat, &mut rng);
                let chosen = values.first().map(|&(chosen, _)| chosen);
                chosen.map(|chosen| Values {
                    seat,
                    index: at.index,
                    chosen,
                    agent: self.spec.to_string(),
                    values,
                })
            }
            _ => None,
        };
        let action = match &valued {
            Some(v) => v.chosen,
            None => self.agent.choose(state, seat, &mut rng),
        };
        (action, valued)
    }
}
