//! `infer=model`: candidates weighed by a learned card-location model.

use std::sync::Arc;

use crate::cards::CardSet;
use crate::games::{Game, GameKind};
use crate::knowledge::learned::features::card_slot;
use crate::knowledge::learned::{Beliefs, LearnedModel};
use crate::knowledge::{Knowledge, WorldSampler};
use crate::rng::GameRng;

use super::super::{AgentSpec, SpecError};
use super::{InferParams, ModelKind, Sample, shipped};

/// A learned model (the one named by its path, or the one shipped for the game) and the
/// beliefs of the decision at hand.
pub(crate) struct Learned {
    model: Option<Arc<LearnedModel>>,
    beliefs: Beliefs,
    log_weights: Vec<f64>,
    /// Each candidate's log weight is divided by it (`temp`; 1 by default).
    temp: f64,
    /// Where the candidates come from.
    sample: Sample,
    /// With `sample=model`: the beliefs to the power `1 / temp` (card-major).
    powered: Vec<f64>,
}

impl Learned {
    pub fn new(params: &InferParams) -> Learned {
        Learned {
            model: params.learned.as_ref().map(|(_, m)| Arc::clone(m)),
            beliefs: Beliefs::new(),
            log_weights: Vec::new(),
            temp: params.temp,
            sample: params.sample,
            powered: Vec::new(),
        }
    }

    /// Draws `pool` candidates from `sampler` into `candidates` (rows of one set per hidden
    /// place of `k`) and weighs each by the model's beliefs into `weights`: the product of
    /// the model's probabilities of where it puts each card, to the power `1 / temp`. With
    /// `sample=model` the candidates are drawn from the beliefs instead and each weighs 1.
    #[allow(clippy::too_many_arguments)]
    pub fn weigh<G: Game>(
        &mut self,
        state: &G,
        k: &Knowledge,
        sampler: &WorldSampler,
        pool: usize,
        rng: &mut GameRng,
        candidates: &mut [CardSet],
        weights: &mut Vec<f64>,
    ) {
        let places = k.places.len();
        weights.clear();
        let fits = match model_for(&self.model, state.kind(), state.num_seats()) {
            Some(model) => {
                self.beliefs.predict(model, state, k);
                true
            }
            None => false,
        };
        self.log_weights.clear();
        if fits && self.sample == Sample::Model {
            // The beliefs to the power 1/temp, once a decision (card-major, a class a seat).
            let classes = state.num_seats();
            self.powered.clear();
            let power = 1.0 / self.temp;
            self.powered
                .extend(self.beliefs.probabilities().iter().map(|&p| p.powf(power)));
            let powered = &self.powered;
            let belief = |card, class: u8| powered[card_slot(card) * classes + usize::from(class)];
            for row in candidates.chunks_mut(places.max(1)).take(pool) {
                sampler.sample_guided_into(
                    rng,
                    &mut row[..places],
                    self.beliefs.place_classes(),
                    belief,
                );
            }
            weights.resize(pool, 1.0);
            return;
        }
        for row in candidates.chunks_mut(places.max(1)).take(pool) {
            sampler.sample_into(rng, &mut row[..places]);
            if fits {
                self.log_weights
                    .push(self.beliefs.log_weight(&row[..places]));
            }
        }
        if !fits {
            weights.resize(pool, 1.0);
            return;
        }
        let max = self
            .log_weights
            .iter()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max);
        weights.extend(
            self.log_weights
                .iter()
                .map(|&l| ((l - max) / self.temp).exp()),
        );
    }
}

/// The model for a table of `game` with `players` seats, if it fits: `named`, or the shipped one.
fn model_for(
    named: &Option<Arc<LearnedModel>>,
    game: GameKind,
    players: usize,
) -> Option<&LearnedModel> {
    match named {
        Some(m) => m.check_table(game, players).is_ok().then_some(&**m),
        None => shipped::model(game, players),
    }
}

/// Checks that every learned model `spec` names serves a table of `game` with `players`
/// seats (and, for `infer=model`, that one is shipped for it).
///
/// # Errors
/// A model trained for another table, or none shipped for this one.
pub fn check_table(spec: &AgentSpec, game: GameKind, players: usize) -> Result<(), SpecError> {
    let (agent, infer) = match spec {
        AgentSpec::Pimc(p) => ("pimc", &p.infer),
        AgentSpec::Ismcts(p) => ("ismcts", &p.infer),
        AgentSpec::AlphaMu(p) => ("alphamu", &p.infer),
        _ => return Ok(()),
    };
    if infer.model != Some(ModelKind::Learned) {
        return Ok(());
    }
    match &infer.learned {
        Some((path, m)) => m
            .check_table(game, players)
            .map_err(|e| SpecError::BadParameter(format!("{agent} `infer=model:{path}`: {e}"))),
        None if shipped::model(game, players).is_some() => Ok(()),
        None => Err(SpecError::BadParameter(format!(
            "{agent} `infer=model`: no model is shipped for {} with {players} players ({}); \
             train one with `tricklab train` and give it as infer=model:PATH",
            game.name(),
            shipped::list()
        ))),
    }
}
