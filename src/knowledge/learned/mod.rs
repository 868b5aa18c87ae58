//! Learned card-location inference (Solinas, Rebstock & Buro, "Improving Search with
//! Supervised Learning in Trick-Based Card Games", AAAI 2019): a network reads what a seat
//! knows and gives, for each card the seat has not seen, the probability of each place it may
//! be in; worlds are drawn in proportion to those probabilities.
//!
//! - [`features`]: the seat's information state as inputs, and the classes a card may be in.
//! - [`network`]: the small network, its forward pass and its training.
//! - [`file`](mod@file): the versioned model file with its provenance.
//!
//! [`Beliefs`] are one decision's predictions. A world's weight is the product, over the
//! unknown cards, of the probability of the class the world puts each card in: the worlds the
//! search uses are drawn from uniform candidates in proportion to it (the agents' `infer=model`,
//! see [`inference`](crate::agents::inference)), which targets the distribution proportional to
//! that product over the consistent worlds (every constraint of the seat's knowledge holds in
//! every world, since the candidates come from the exact sampler). A model that gives every
//! card the same probability in each class it may be in weighs every consistent world the
//! same, so the worlds are then exactly the uniform sampler's distribution.

pub mod features;
pub mod file;
pub mod network;

pub use features::{FEATURE_VERSION, InfoState, info_state, labels};
pub use file::{Header, LearnedModel, ModelError, Provenance};
pub use network::{Example, Network, Scratch, Shape, TrainSettings};

use crate::cards::CardSet;
use crate::games::Game;

use super::Knowledge;
use features::{CARDS, card_slot, place_class};

/// One decision's predictions: for each card and class, its log-probability, and each hidden
/// place's class.
#[derive(Clone, Debug, Default)]
pub struct Beliefs {
    classes: usize,
    /// `log p`, card-major (`CARDS × classes`); `-inf` where a card cannot be.
    log_p: Vec<f64>,
    /// The class of each hidden place of the knowledge.
    place_class: Vec<u8>,
    x: InfoState,
    scratch: Scratch,
    p: Vec<f64>,
}

impl Beliefs {
    /// Empty beliefs, to be filled by [`Beliefs::predict`].
    pub fn new() -> Beliefs {
        Beliefs::default()
    }

    /// Fills the beliefs of `k.observer` at `state` from `model` (one forward pass).
    pub fn predict<G: Game>(&mut self, model: &LearnedModel, state: &G, k: &Knowledge) {
        let n = state.num_seats();
        info_state(state, k, &mut self.x);
        model
            .network
            .predict(&self.x, &mut self.scratch, &mut self.p);
        self.classes = n;
        self.log_p.clear();
        self.log_p.extend(self.p.iter().map(|&p| p.ln()));
        self.place_class.clear();
        self.place_class.extend(
            k.places
                .iter()
                .map(|p| place_class(p.kind, k.observer, n) as u8),
        );
    }

    /// The probability that `card` is in `class` (see [`features`]).
    pub fn probability(&self, card: crate::cards::Card, class: usize) -> f64 {
        self.p[card_slot(card) * self.classes + class]
    }

    /// The class of each hidden place of the knowledge the beliefs were predicted for.
    pub fn place_classes(&self) -> &[u8] {
        &self.place_class
    }

    /// The predictions, card-major: `classes` numbers for each of the 52 cards.
    pub fn probabilities(&self) -> &[f64] {
        &self.p
    }

    /// The log of a world's weight: the sum over its unknown cards (`hidden[i]` those of
    /// place `i`) of each card's log-probability of being in its place's class, added in card
    /// order, so that two worlds whose cards have the same log-probabilities weigh exactly the
    /// same.
    pub fn log_weight(&self, hidden: &[CardSet]) -> f64 {
        let mut class_of = [u8::MAX; CARDS];
        for (cards, &class) in hidden.iter().zip(&self.place_class) {
            for c in *cards {
                class_of[card_slot(c)] = class;
            }
        }
        let mut sum = 0.0;
        for (slot, &class) in class_of.iter().enumerate() {
            if class != u8::MAX {
                sum += self.log_p[slot * self.classes + class as usize];
            }
        }
        sum
    }
}
