//! Perfect-information Monte Carlo (PIMC): the classic double-dummy player of GIB (bridge) and
//! Kermit (Skat).
//!
//! For each decision the agent draws worlds uniformly from those consistent with what its seat
//! knows ([`WorldSampler`]; it never reads a hidden card of the true deal), solves each world
//! with every card open ([`Solver`]) and plays the card with the best average value for its
//! side: tricks in Whist and 9-5-2, points in Catch the Ten (with more than two sides, its
//! side against all others). Ties go to the lowest card in card order.
//!
//! One solver per thread is kept for the agent's whole life, so its transposition table
//! carries over from world to world and from decision to decision (its entries are facts
//! about positions of a shape and pattern, valid in every world with the same trumps, side and
//! scoring), and one solve values every card of a decision. With `threads=N` the worlds are
//! drawn first, in order, from the agent's generator, then split into `N` consecutive runs,
//! each solved by its thread's solver; the values are whole numbers summed per card, so the
//! decision is the same on any thread count.
//!
//! Decisions that are not card plays (9-5-2 trumps, discards and exchange gives) are taken by
//! the game's rule-based player, or at random where the game has none yet. As an
//! [`Evaluator`](super::Evaluator) (the tip study's expert agreement) the agent values them
//! too, by simulation, as GIB valued its bids: in each world, each legal action is taken, the
//! decisions still to come before the first card are left to the rule-based player, and the
//! hand is solved ([`Pimc::action_means`]). That costs a full solve per world and action, so
//! the agent does not play that way.
//!
//! With `infer=…` the worlds are not uniform: they are drawn from a pool of uniform candidates
//! in proportion to the likelihood of the other seats' plays so far (policy-based inference,
//! see [`inference`](super::inference)); the draw happens before the split over threads, so
//! the decision still does not depend on the thread count.
//!
//! Spec: `pimc:worlds=50,tt=20,threads=1`; keys `worlds` (worlds per decision), `tt` (each
//! solver's table holds about `2^tt` entries), `threads` (solvers working at once), and the
//! inference keys `infer`, `noise`, `temp` and `pool`.

mod params;

pub use params::{KEYS, PIMC_TT_BITS, PimcParams};

use std::sync::atomic::AtomicBool;

use crate::cards::{Card, CardSet};
use crate::games::{Action, Decision, Game, Seat};
use crate::knowledge::WorldSampler;
use crate::rng::GameRng;
use crate::solver::{Position, Solver};

use super::inference::Inference;
use super::stop::{search_stop, stopped};
use super::{Agent, AgentFactory, TableEvent, fallback_agent};

/// What the last search found for one card.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CardStats {
    /// The card.
    pub card: Card,
    /// Its mean double-dummy value for the side over the worlds.
    pub mean: f64,
}

/// The PIMC agent.
pub struct Pimc<G: Game> {
    params: PimcParams,
    /// One solver per thread; the first also values the decisions that are not card plays.
    solvers: Vec<Solver>,
    hidden: Vec<CardSet>,
    /// The worlds' positions of the decision at hand.
    positions: Vec<Position>,
    other: Box<dyn Agent<G>>,
    /// Policy-based inference, when asked for.
    inference: Option<Inference<G>>,
    /// The inferred worlds of the decision at hand, one row of hidden places each.
    drawn: Vec<CardSet>,
}

impl<G: AgentFactory> Pimc<G> {
    /// An agent with `params`.
    pub fn new(params: PimcParams) -> Pimc<G> {
        Pimc {
            solvers: vec![Solver::with_table_bits(params.tt_bits)],
            inference: Inference::new(&params.infer),
            params,
            hidden: Vec::new(),
            positions: Vec::new(),
            other: fallback_agent::<G>(),
            drawn: Vec::new(),
        }
    }

    /// The parameters.
    pub fn params(&self) -> &PimcParams {
        &self.params
    }

    /// Draws the agent's worlds for `seat` (uniformly from what it knows, or by inference) and
    /// calls `f` with each, in order, sharing `rng`.
    fn for_each_world(
        &mut self,
        state: &G,
        seat: Seat,
        rng: &mut GameRng,
        mut f: impl FnMut(&mut Self, G, &mut GameRng),
    ) {
        let k = state.knowledge(seat);
        let sampler =
            WorldSampler::new(&k).expect("the true state is consistent with its knowledge");
        // An abandoned decision (see `super::stop`) draws and visits no more worlds.
        let stop = search_stop();
        if let Some(mut inference) = self.inference.take() {
            let mut drawn = std::mem::take(&mut self.drawn);
            let n = self.params.worlds as usize;
            inference.draw(state, &k, &sampler, n, rng, &mut drawn);
            self.inference = Some(inference);
            for row in drawn.chunks(k.places.len().max(1)).take(n) {
                if stopped(stop.as_deref()) {
                    break;
                }
                let world = state.redeal(&k, &row[..k.places.len()]);
                f(self, world, rng);
            }
            self.drawn = drawn;
            return;
        }
        let mut hidden = std::mem::take(&mut self.hidden);
        hidden.resize(k.places.len(), CardSet::EMPTY);
        for _ in 0..self.params.worlds {
            if stopped(stop.as_deref()) {
                break;
            }
            sampler.sample_into(rng, &mut hidden);
            let world = state.redeal(&k, &hidden);
            f(self, world, rng);
        }
        self.hidden = hidden;
    }

    /// Samples the worlds and returns every legal card with its mean value for `seat`'s side,
    /// best first (ties: card order). Empty unless `seat` is to play a card.
    pub fn card_means(&mut self, state: &G, seat: Seat, rng: &mut GameRng) -> Vec<CardStats> {
        let legal = state.legal_actions();
        if state.to_act() != Some(seat) || legal.decision() != Decision::Play || legal.is_empty() {
            return Vec::new();
        }
        let mut positions = std::mem::take(&mut self.positions);
        positions.clear();
        self.for_each_world(state, seat, rng, |_, world, _| {
            positions.push(
                world
                    .position_for(seat)
                    .expect("a world in play has a position"),
            );
        });
        let threads = (self.params.threads as usize).clamp(1, positions.len().max(1));
        while self.solvers.len() < threads {
            self.solvers
                .push(Solver::with_table_bits(self.params.tt_bits));
        }
        let mut sums = [0i64; 64];
        let stop = search_stop();
        let stop = stop.as_deref();
        if threads == 1 {
            solve_into(&mut self.solvers[0], &positions, stop, &mut sums);
        } else {
            let per = positions.len().div_ceil(threads);
            let parts: Vec<[i64; 64]> = std::thread::scope(|scope| {
                let handles: Vec<_> = self.solvers[..threads]
                    .iter_mut()
                    .zip(positions.chunks(per))
                    .map(|(solver, run)| {
                        scope.spawn(move || {
                            let mut part = [0i64; 64];
                            solve_into(solver, run, stop, &mut part);
                            part
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("solver thread"))
                    .collect()
            });
            for part in parts {
                for (sum, v) in sums.iter_mut().zip(part) {
                    *sum += v;
                }
            }
        }
        self.positions = positions;
        let worlds = self.params.worlds as f64;
        let mut out: Vec<CardStats> = legal
            .cards()
            .iter()
            .map(|card| CardStats {
                card,
                mean: sums[card.index() as usize] as f64 / worlds,
            })
            .collect();
        out.sort_by(|a, b| b.mean.total_cmp(&a.mean).then(a.card.cmp(&b.card)));
        out
    }

    /// For a decision that is not a card play: samples the worlds and returns every legal
    /// action with its mean double-dummy value for `seat`'s side, best first (ties: the order
    /// of the legal actions), and the range of the value at the first card (the least and
    /// the most the side can end with). In each world, each action is taken; the decisions
    /// still to come before the first card (any seat's) are taken by the rule-based player;
    /// then the hand is solved. Empty unless `seat` is to act on such a decision.
    pub fn action_means(
        &mut self,
        state: &G,
        seat: Seat,
        rng: &mut GameRng,
    ) -> (Vec<(Action, f64)>, (i32, i32)) {
        let legal = state.legal_actions();
        if state.to_act() != Some(seat) || legal.decision() == Decision::Play || legal.is_empty() {
            return (Vec::new(), (0, 0));
        }
        let actions: Vec<Action> = legal.iter().collect();
        let mut sums = vec![0i64; actions.len()];
        let mut range = (0, 0);
        self.for_each_world(state, seat, rng, |pimc, world, rng| {
            for (sum, &action) in sums.iter_mut().zip(&actions) {
                let mut w = world.clone();
                w.apply(action);
                let pos = loop {
                    if let Ok(pos) = w.position_for(seat) {
                        break pos;
                    }
                    let actor = w.to_act().expect("a hand is played to its last card");
                    let a = pimc.other.choose(&w, actor, rng);
                    w.apply(a);
                };
                range = pos.value_range();
                *sum += pimc.solvers[0].value(&pos) as i64;
            }
        });
        let worlds = self.params.worlds as f64;
        let mut out: Vec<(Action, f64)> = actions
            .into_iter()
            .zip(sums)
            .map(|(a, sum)| (a, sum as f64 / worlds))
            .collect();
        out.sort_by(|a, b| b.1.total_cmp(&a.1));
        (out, range)
    }
}

/// Solves each position with `solver` and adds each card's value to `sums` (by card index);
/// stops early once `stop` is set (an abandoned decision, see [`super::stop`]).
fn solve_into(
    solver: &mut Solver,
    positions: &[Position],
    stop: Option<&AtomicBool>,
    sums: &mut [i64; 64],
) {
    for pos in positions {
        if stopped(stop) {
            return;
        }
        for (c, v) in solver.solve(pos).cards() {
            sums[c.index() as usize] += v as i64;
        }
    }
}

/// `mean` scaled to `[0, 1]` over `range`.
fn scaled(mean: f64, (lo, hi): (i32, i32)) -> f64 {
    ((mean - f64::from(lo)) / f64::from((hi - lo).max(1))).clamp(0.0, 1.0)
}

impl<G: AgentFactory> super::Evaluator<G> for Pimc<G> {
    /// Each legal action with its mean double-dummy value scaled to `[0, 1]` between the least
    /// and the most the side can still end with (public information: banked and left). Card
    /// plays are valued by [`Pimc::card_means`], other decisions by [`Pimc::action_means`].
    fn evaluate(&mut self, state: &G, seat: Seat, rng: &mut GameRng) -> Vec<(Action, f64)> {
        let Ok(range) = state.position_for(seat).map(|p| p.value_range()) else {
            let (means, range) = self.action_means(state, seat, rng);
            return means
                .into_iter()
                .map(|(a, mean)| (a, scaled(mean, range)))
                .collect();
        };
        self.card_means(state, seat, rng)
            .into_iter()
            .map(|s| (Action::Play(s.card), scaled(s.mean, range)))
            .collect()
    }
}

impl<G: AgentFactory> Agent<G> for Pimc<G> {
    fn observes(&self) -> bool {
        self.inference.is_some()
    }

    fn observe(&mut self, seat: Seat, event: &TableEvent<'_, G>) {
        if let Some(inference) = &mut self.inference {
            inference.observe(seat, event);
        }
    }

    fn choose(&mut self, state: &G, seat: Seat, rng: &mut GameRng) -> Action {
        if let Some(a) = super::unsearched(state, seat, rng, self.other.as_mut()) {
            return a;
        }
        let best = self.card_means(state, seat, rng);
        Action::Play(best[0].card)
    }
}
