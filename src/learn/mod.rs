//! Training learned card-location models: self-play data, a small network on the CPU, a
//! versioned model file with its provenance, and the model's evaluation on held-out hands.
//!
//! - [`selfplay`]: plays hands of a field of agents and records, at every decision, what the
//!   deciding seat knew ([`InfoState`](crate::knowledge::learned::InfoState)) and where every
//!   card it had not seen really was (the label; the true deal is used for nothing else).
//! - [`train`]: trains a [`Network`] on those examples and
//!   returns the [`LearnedModel`] to write.
//! - [`eval`]: the model's log loss and calibration on held-out hands against the uniform
//!   sampler and against policy inference (`infer=rules`), and its cost per decision.
//! - [`job`]: the whole `train` job at one game, and `train --eval`.
//!
//! The model itself, its features and its file are in
//! [`knowledge::learned`](crate::knowledge::learned); the agents use it with `infer=model`.

pub mod eval;
pub mod job;
pub mod selfplay;

use crate::agents::{AgentFactory, AgentSpec, SpecError};
use crate::games::record::RecordRules;
use crate::knowledge::learned::{Header, LearnedModel, Network, Provenance, TrainSettings};
use crate::rng::{Purpose, stream};

pub use selfplay::examples;

/// What to train: the field, the hands, the seed and the network's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainRequest {
    /// The self-play field, one agent per seat.
    pub field: Vec<AgentSpec>,
    /// Hands of self-play.
    pub hands: u64,
    /// The seed of the deals, the agents, the initial weights and the shuffles.
    pub seed: u64,
    /// Hidden units.
    pub hidden: usize,
    /// Epochs, batch and step size.
    pub settings: TrainSettings,
}

/// Plays the request's hands and trains a model on them. The same request gives the same
/// model, to the byte, on any thread count (the hands are played in parallel but gathered in
/// order; training runs on one thread).
///
/// # Errors
/// An agent of the field that cannot be built for the game.
pub fn train<R>(rules: &R, request: &TrainRequest) -> Result<LearnedModel, SpecError>
where
    R: RecordRules,
    R::Hand: AgentFactory,
{
    let data = examples(rules, &request.field, 0..request.hands, request.seed)?;
    let players = rules.players();
    let shape = LearnedModel::shape_for(players, request.hidden);
    let mut rng = stream(request.seed, 0, Purpose::Other, 0x0074_7261_696e);
    let mut network = Network::new(shape, &mut rng);
    let loss = network.train(&data, &request.settings, &mut rng);
    let field: Vec<String> = request.field.iter().map(|s| s.to_string()).collect();
    Ok(LearnedModel {
        header: Header {
            game: rules.game(),
            players,
            options: serde_json::to_value(rules.options()).unwrap_or(serde_json::Value::Null),
            feature_version: crate::knowledge::learned::FEATURE_VERSION,
            hidden: request.hidden,
            provenance: Provenance {
                field: field.join(","),
                hands: request.hands,
                seed: request.seed,
                examples: data.len() as u64,
                epochs: request.settings.epochs,
                batch: request.settings.batch as u32,
                learning_rate: request.settings.learning_rate,
                loss,
                tricklab: env!("CARGO_PKG_VERSION").into(),
            },
        },
        network,
    })
}
