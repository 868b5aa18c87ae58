//! Policy-based inference (Rebstock, Solinas, Buro & Sturtevant, "Policy-Based Inference in
//! Trick-Taking Card Games", IEEE CoG 2019): worlds weighed by how likely the other seats'
//! plays so far are in them.
//!
//! A search agent with `infer=…` draws `pool` candidate worlds uniformly from those consistent
//! with what its seat knows (the exact sampler, [`WorldSampler`]), weighs each by the product,
//! over every card another seat has played in the hand, of the model's probability that the
//! seat plays that card from the position it played it from **in that world**, and draws the
//! worlds its search uses from the candidates in proportion to their weights (systematic
//! resampling, one uniform number from the agent's generator, so a seed gives one result).
//!
//! The position a card was played from is rebuilt in each world without replaying the hand:
//! the agent keeps the states it was shown before each play (the table's events, see
//! [`Agent::observes`](super::Agent::observes)) and redeals each with the world's cards: a
//! hand then held the world's hand now plus the cards its seat has played since; every other
//! hidden place (9-5-2's discards and kitty) holds what it holds in the world now. A play whose
//! position cannot be rebuilt that way (Catch the Ten with 2 or 3 players after a later set
//! was picked up) weighs 1, as do forced plays.
//!
//! Models (`infer=`):
//! - `rules`: B0, the rule-based player, made smooth: B0's card has probability `1 − noise`
//!   (default 0.1), the other legal cards share `noise` equally.
//! - `dd`: a softmax over the double-dummy values of the legal cards for the playing seat's
//!   side in the world (a solve per candidate world and play: costly early in a hand), with
//!   temperature `temp` (default 1, in points or tricks).
//! - `random`: the random player, each legal card with probability `1 / legal cards`.
//! - `flat`: every legal card weighs 1, so every world weighs the same and the worlds are
//!   uniform, as without inference (but drawn through the pool). A check of the machinery.
//! - `model:PATH` (or `model`, the model [`shipped`] for the game): a learned
//!   card-location model ([`learned`](crate::knowledge::learned)). It reads only what the seat
//!   knows now, so it needs no history: each candidate weighs the product over the unknown
//!   cards of the model's probability of the place the candidate puts the card in (one forward
//!   pass per decision), to the power `1 / temp` (default 1: the plain product; the cards'
//!   probabilities are not independent, so the product is sharper than the model's own
//!   marginals, and `temp` above 1 flattens it). With `sample=model` the candidates are drawn
//!   from the model's beliefs instead (each card to a place in proportion to its probability
//!   there, to the power `1 / temp`, with every constraint kept) and each weighs 1. A model
//!   trained for another game or player count is refused when the
//!   spec is checked for the table ([`check_table`]); a caller that seats it anyway gets
//!   uniform worlds (every candidate weighs 1).
//!
//! The pool and the seats (issue 34; see `docs/searchers.md`, "Inference in ISMCTS"):
//! - `ess=N`: the pool grows `pool` candidates at a time until the weights' effective sample
//!   size `(Σw)² / Σw²` reaches `N` or it holds `pool_max` (default 10,000); off by default.
//! - `seats=opponents`: only the plays of seats on other sides weigh (a partner's weigh 1).
//! - `trust=P` (`rules`, `dd`): each seat plays as the model with prior probability `P`,
//!   otherwise at random: its plays weigh `P × Π p_model + (1 − P) × Π p_random`.
//!
//! Only agents shown the table's events infer (`run`, `tournament`, `simulate` show them);
//! asked about a state without them (`agree`, the terminal table), the history is empty and
//! the worlds are uniform.

mod history;
mod learned;
mod model;
mod params;
pub mod shipped;

pub use learned::check_table;
pub use params::{INFER_KEYS, InferParams, ModelKind, Sample, Seats};

use crate::cards::CardSet;
use crate::games::{Action, Game, MAX_SEATS, Seat};
use crate::knowledge::{Knowledge, PlaceKind, WorldSampler};
use crate::rng::{GameRng, unit};
use learned::Learned;

use super::{AgentFactory, TableEvent, fallback_agent};
use history::{History, Seen};
use model::Model;

/// An agent's inference: the plays it has seen and the model that weighs them.
pub(crate) struct Inference<G: Game> {
    pool: usize,
    /// A growing pool's target effective sample size, and its most candidates.
    ess: Option<(f64, usize)>,
    /// Whose plays are weighed.
    seats: Seats,
    /// The prior probability that a seat plays as the model.
    trust: f64,
    model: Model<G>,
    history: History<G>,
    /// The candidates' hidden places, `pool` rows of one set per place.
    candidates: Vec<CardSet>,
    weights: Vec<f64>,
    /// The hidden places of a position a play was made from.
    before: Vec<CardSet>,
    /// The learned model and its beliefs, for `infer=model`.
    learned: Option<Learned>,
}

impl<G: AgentFactory> Inference<G> {
    /// The inference `params` ask for, or `None` when they ask for none.
    pub fn new(params: &InferParams) -> Option<Inference<G>> {
        let kind = params.model?;
        Some(Inference {
            pool: params.pool as usize,
            ess: params.ess.map(|n| (f64::from(n), params.pool_max as usize)),
            seats: params.seats,
            trust: params.trust,
            model: Model {
                kind,
                noise: params.noise,
                temp: params.temp,
                rules: fallback_agent::<G>(),
                solver: None,
            },
            history: History::default(),
            candidates: Vec::new(),
            weights: Vec::new(),
            before: Vec::new(),
            learned: (kind == ModelKind::Learned).then(|| Learned::new(params)),
        })
    }

    /// Takes in what the table showed the agent sitting at `me`.
    pub fn observe(&mut self, me: Seat, event: &TableEvent<'_, G>) {
        self.history.observe(me, event);
    }

    /// The likelihood of the other seats' plays so far in the world whose hidden places (of
    /// `k`, what the observer knows at `state`) hold `hidden`.
    pub fn likelihood(
        &mut self,
        state: &G,
        k: &Knowledge,
        hidden: &[CardSet],
        rng: &mut GameRng,
    ) -> f64 {
        let world = state.redeal(k, hidden);
        let sides = state.sides();
        let mine = sides.side(k.observer);
        let mixed = self.trust < 1.0;
        // With `trust` below 1, each seat's products under the model and the random player.
        let mut model = [1.0f64; MAX_SEATS];
        let mut random = [1.0f64; MAX_SEATS];
        let mut l = 1.0;
        for seen in &self.history.seen {
            // A play of another hand than this one's (the table was not followed) is ignored.
            if !k.played[seen.seat.index()].contains(seen.card) {
                continue;
            }
            if self.seats == Seats::Opponents && sides.side(seen.seat) == mine {
                continue;
            }
            if !hidden_before(k, &world, hidden, seen, &mut self.before) {
                continue;
            }
            let then = seen.before.redeal(&seen.knew, &self.before);
            let p = self.model.probability(&then, seen.seat, seen.card, rng);
            if mixed {
                let legal = then.legal_actions();
                let s = seen.seat.index();
                model[s] *= p;
                random[s] *= if legal.contains(Action::Play(seen.card)) {
                    1.0 / legal.len() as f64
                } else {
                    0.0
                };
                continue;
            }
            l *= p;
            if l == 0.0 {
                break;
            }
        }
        if mixed {
            for (m, r) in model.iter().zip(&random) {
                l *= self.trust * m + (1.0 - self.trust) * r;
            }
        }
        l
    }

    /// Draws `n` worlds for the observer of `k` at `state` into `out` (`n` rows of one set per
    /// hidden place): `pool` candidates from `sampler`, weighed, then resampled.
    pub fn draw(
        &mut self,
        state: &G,
        k: &Knowledge,
        sampler: &WorldSampler,
        n: usize,
        rng: &mut GameRng,
        out: &mut Vec<CardSet>,
    ) {
        self.weigh(state, k, sampler, rng);
        let places = k.places.len();
        out.clear();
        for i in resample(&self.weights, n, rng) {
            out.extend_from_slice(&self.candidates[i * places..(i + 1) * places]);
        }
    }

    /// Draws the `pool` candidates and their weights: afterwards [`Inference::candidates`].
    /// With `ess=N`, `pool` more at a time until the weights' effective sample size reaches
    /// `N` or the pool holds `pool_max` (see [`InferParams::ess`]). When every weight is 0 (a
    /// model that rules out every candidate), all weigh 1.
    pub fn weigh(&mut self, state: &G, k: &Knowledge, sampler: &WorldSampler, rng: &mut GameRng) {
        let places = k.places.len();
        let mut candidates = std::mem::take(&mut self.candidates);
        candidates.clear();
        self.weights.clear();
        if let Some(learned) = &mut self.learned {
            candidates.resize(self.pool * places, CardSet::EMPTY);
            learned.weigh(
                state,
                k,
                sampler,
                self.pool,
                rng,
                &mut candidates,
                &mut self.weights,
            );
            self.candidates = candidates;
            return;
        }
        let (mut sum, mut squares) = (0.0, 0.0);
        loop {
            let from = self.weights.len();
            candidates.resize((from + self.pool) * places, CardSet::EMPTY);
            for i in from..from + self.pool {
                let row = &mut candidates[i * places..(i + 1) * places];
                sampler.sample_into(rng, row);
                let w = if self.history.seen.is_empty() {
                    1.0
                } else {
                    self.likelihood(state, k, row, rng)
                };
                sum += w;
                squares += w * w;
                self.weights.push(w);
            }
            let Some((target, most)) = self.ess else {
                break;
            };
            // Σw² is 0 only when every weight is: then the pool grows to its cap.
            if (squares > 0.0 && sum * sum >= target * squares) || self.weights.len() >= most {
                break;
            }
        }
        if self.weights.iter().all(|&w| w == 0.0) {
            self.weights.fill(1.0);
        }
        self.candidates = candidates;
    }

    /// The candidates of the last [`Inference::weigh`], one row of hidden places each, and
    /// their weights.
    pub fn candidates(&self) -> (&[CardSet], &[f64]) {
        (&self.candidates, &self.weights)
    }
}

/// Where a search draws its worlds from, one at a time: uniformly from the sampler, or from
/// inferred candidates in proportion to their weights.
pub(crate) enum Worlds<'a> {
    /// Uniform over the consistent worlds.
    Uniform(&'a WorldSampler),
    /// The candidates' hidden places (rows of `places` sets) and their cumulative weights.
    Weighted {
        /// The rows.
        rows: &'a [CardSet],
        /// The cumulative weights, one per row.
        cum: &'a [f64],
        /// Sets per row.
        places: usize,
    },
}

impl Worlds<'_> {
    /// Draws one world's hidden places into `hidden`, without allocating.
    pub fn draw_into(&self, rng: &mut GameRng, hidden: &mut [CardSet]) {
        match self {
            Worlds::Uniform(sampler) => sampler.sample_into(rng, hidden),
            Worlds::Weighted { rows, cum, places } => {
                let x = unit(rng) * cum[cum.len() - 1];
                let i = cum.partition_point(|&c| c <= x).min(cum.len() - 1);
                hidden.copy_from_slice(&rows[i * places..(i + 1) * places]);
            }
        }
    }
}

/// The effective sample size `(Σw)² / Σw²` of a pool's `weights`: the candidate count when all
/// weigh the same, 1 when one holds all the weight (0 when every weight is 0).
pub fn effective_size(weights: &[f64]) -> f64 {
    let (sum, squares) = weights
        .iter()
        .fold((0.0, 0.0), |(s, q), w| (s + w, q + w * w));
    if squares > 0.0 {
        sum * sum / squares
    } else {
        0.0
    }
}

/// `n` indices drawn in proportion to `weights` (not all 0) by systematic resampling: one
/// uniform offset, then evenly spaced points on the cumulative weights.
pub(crate) fn resample(weights: &[f64], n: usize, rng: &mut GameRng) -> Vec<usize> {
    let total: f64 = weights.iter().sum();
    let step = total / n as f64;
    let mut point = unit(rng) * step;
    let mut out = Vec::with_capacity(n);
    let (mut i, mut cum) = (0, weights[0]);
    for _ in 0..n {
        while cum <= point && i + 1 < weights.len() {
            i += 1;
            cum += weights[i];
        }
        out.push(i);
        point += step;
    }
    out
}

/// The hidden places of `seen`'s position in the world `world` (the hidden places of `k` holding
/// `hidden`), into `out`; false when they cannot be rebuilt (see the module documentation).
fn hidden_before<G: AgentFactory>(
    k: &Knowledge,
    world: &G,
    hidden: &[CardSet],
    seen: &Seen<G>,
    out: &mut Vec<CardSet>,
) -> bool {
    out.clear();
    let knew = &seen.knew;
    let mut all = CardSet::EMPTY;
    for place in &knew.places {
        let cards = match place.kind {
            PlaceKind::Hand(r) => world.hand(r) | (k.played[r.index()] - knew.played[r.index()]),
            kind => match k.places.iter().position(|p| p.kind == kind) {
                Some(j) => k.places[j].known | hidden[j],
                None => return false,
            },
        };
        let h = cards - place.known;
        if h.len() != place.hidden() || !h.is_disjoint(place.excluded) {
            return false;
        }
        all |= h;
        out.push(h);
    }
    all == knew.unknown
}

#[cfg(test)]
mod tests;
