//! αμ (Cazenave & Ventos, "The αμ Search Algorithm for the Game of Bridge", 2020): PIMC
//! without strategy fusion for the searching seat.
//!
//! PIMC solves each world on its own, as if the searcher would know the world at its later
//! decisions; it may choose a card that is good only because it "guesses right" later in
//! every world (strategy fusion). αμ searches the worlds together: at the searching seat's
//! decisions (Max nodes) one card is chosen for every world still alive (the seat cannot
//! tell them apart: its cards and the public plays are the same in all of them), at the other
//! seats' decisions each world goes its own way. A node's value is a **Pareto front** of
//! vectors with one entry per world (what the searching side ends with there under one
//! strategy of its own): a Max node's front is the union of its children's; an opponent's
//! node (which plays knowing the world, as in the paper) combines its children's fronts
//! world by world with `min`, taking each card's front only in the worlds where the card is
//! legal; a partner's node (Whist, Catch the Ten teams) with `max`, which leaves the partner
//! the double-dummy play PIMC gives it (αμ removes the fusion of the searching seat's own
//! decisions, not of its partner's). After the searching seat's `m`-th move the worlds are
//! solved double-dummy with the existing solver, one solve per world valuing every card, so
//! `m=1` is PIMC, world by world and card by card.
//!
//! The card played is the one whose front holds the vector with the best sum over the worlds:
//! with `goal=mean` (default) the entries are the side's values (points or tricks), so the
//! card with the best mean under a strategy that does not fuse; with `goal=target` they are
//! 1 where the side reaches a target, PIMC's best mean at the decision rounded (the paper's
//! bridge contracts), else 0. Ties go to the lowest card in card order, as in PIMC.
//!
//! Fronts are kept to `front` vectors (default 64, those with the best sums; 0 keeps all):
//! with values rather than 0/1 entries few vectors dominate each other and the fronts of
//! opponents' nodes (products of their children's) grow fast.
//!
//! The paper's cuts (see `docs/searchers.md`), none of which changes the card chosen (tested
//! against the exhaustive search):
//! - **early cut**: a world's double-dummy value bounds every vector entry there, so an
//!   opponent's node below a Max node stops once its front so far, each entry lowered to the
//!   double-dummy value of the cards the opponent has not tried, is dominated by the Max node's
//!   front so far (or, below the root, cannot reach the best card's sum so far); a Max node
//!   stops once a vector reaches the double-dummy value in every world;
//! - **root cut**: iterative deepening on `m`; a card's sum at the previous iteration bounds its
//!   sum (searching deeper only removes fusion), so the cards are tried best first and one
//!   whose bound cannot beat the best so far is not searched (if a front was capped in the
//!   previous iteration, its PIMC sum is the bound instead);
//! - **transposition table** of the Max nodes' fronts by position, worlds alive and moves left;
//! - **dominance**: fronts keep only undominated vectors.
//!
//! One solver (and its table) serves every world and node, and every decision of the agent.
//! Even so a search costs many double-dummy solves, about `(cards per seat)^(seats − 1)` more
//! per extra `m` before the cuts: with `late=N` the agent searches `m` moves only once its seat
//! holds at most `N` cards, and plays as PIMC before (`docs/searchers.md` has the costs).
//! Worlds are drawn as PIMC draws them (the same worlds for the same generator), with the
//! same inference keys (`infer=rules`, `infer=model:PATH`, …; see
//! [`inference`](super::inference)).
//!
//! Decisions that are not card plays (9-5-2 trumps, discards and exchange gives) are taken as
//! PIMC takes them: by the game's rule-based player.
//!
//! Spec: `alphamu:m=2,worlds=20,goal=mean,front=64,late=13`, and the inference keys `infer`,
//! `noise`, `temp` and `pool`.

mod cuts;
mod front;
mod params;
mod search;
mod table;

pub use params::{AlphaMuParams, Goal, KEYS};
pub use search::SearchStats;

use crate::cards::{Card, CardSet};
use crate::games::{Action, Game, Seat};
use crate::knowledge::WorldSampler;
use crate::rng::GameRng;
use crate::solver::Solver;

use super::inference::Inference;
use super::{Agent, AgentFactory, TableEvent, fallback_agent};
use cuts::Cuts;
use search::{RootCard, Search};
use table::FrontTable;

/// The αμ agent.
pub struct AlphaMu<G: Game> {
    params: AlphaMuParams,
    solver: Solver,
    table: FrontTable,
    hidden: Vec<CardSet>,
    other: Box<dyn Agent<G>>,
    /// The cuts made (all of them, but in tests).
    cuts: Cuts,
    /// What the last search did.
    stats: SearchStats,
    /// Inference, when asked for.
    inference: Option<Inference<G>>,
    /// The inferred worlds of the decision at hand, one row of hidden places each.
    drawn: Vec<CardSet>,
}

impl<G: AgentFactory> AlphaMu<G> {
    /// An agent with `params`.
    pub fn new(params: AlphaMuParams) -> AlphaMu<G> {
        AlphaMu {
            solver: Solver::with_table_bits(super::pimc::PIMC_TT_BITS),
            table: FrontTable::default(),
            hidden: Vec::new(),
            other: fallback_agent::<G>(),
            cuts: Cuts::ALL,
            stats: SearchStats::default(),
            inference: Inference::new(&params.infer),
            drawn: Vec::new(),
            params,
        }
    }

    /// The parameters.
    pub fn params(&self) -> &AlphaMuParams {
        &self.params
    }

    /// Double-dummy solves in the last search.
    pub fn solves(&self) -> u64 {
        self.stats.solves
    }

    /// What the last search did: solves, nodes, cuts, table hits.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Samples the worlds (as PIMC does) and returns every legal card with the best mean of a
    /// vector of its front (see the module documentation), best first (ties: card order). A
    /// card that a cut stopped shows an upper bound of its mean, never above the first card's.
    /// Empty unless `seat` is to play a card.
    pub fn card_values(&mut self, state: &G, seat: Seat, rng: &mut GameRng) -> Vec<(Card, f64)> {
        if state.to_act() != Some(seat) || state.position_for(seat).is_err() {
            return Vec::new();
        }
        let worlds = self.sample(state, seat, rng);
        self.search(&worlds, seat)
    }

    /// The worlds of a decision, drawn as PIMC draws them, each with its index.
    fn sample(&mut self, state: &G, seat: Seat, rng: &mut GameRng) -> Vec<(usize, G)> {
        let k = state.knowledge(seat);
        let sampler =
            WorldSampler::new(&k).expect("the true state is consistent with its knowledge");
        let n = self.params.worlds as usize;
        let mut worlds = Vec::with_capacity(n);
        if let Some(inference) = &mut self.inference {
            inference.draw(state, &k, &sampler, n, rng, &mut self.drawn);
            let places = k.places.len();
            for w in 0..n {
                worlds.push((
                    w,
                    state.redeal(&k, &self.drawn[w * places..(w + 1) * places]),
                ));
            }
            return worlds;
        }
        self.hidden.resize(k.places.len(), CardSet::EMPTY);
        for w in 0..n {
            sampler.sample_into(rng, &mut self.hidden);
            worlds.push((w, state.redeal(&k, &self.hidden)));
        }
        worlds
    }

    /// αμ over the given worlds (each with its index, `0..n`), `seat` to play a card in each:
    /// every legal card with its mean, best first (ties: card order).
    fn search(&mut self, worlds: &[(usize, G)], seat: Seat) -> Vec<(Card, f64)> {
        let cards = self.root_cards(worlds, seat);
        ranked(&cards, worlds.len())
    }

    /// Each legal card's best sum, and whether a cut left it a bound.
    fn root_cards(&mut self, worlds: &[(usize, G)], seat: Seat) -> Vec<RootCard> {
        let held = worlds[0].1.hand(seat).len() as u32;
        let m = if held <= self.params.late {
            self.params.m
        } else {
            1
        };
        let mut search = Search {
            solver: &mut self.solver,
            table: &mut self.table,
            me: seat,
            sides: worlds[0].1.sides(),
            n: worlds.len(),
            goal: self.params.goal,
            target: 0,
            cap: self.params.front as usize,
            cuts: self.cuts,
            stats: SearchStats::default(),
            capped: false,
        };
        let cards = search.root(worlds, m);
        self.stats = search.stats;
        cards
    }
}

/// The root's cards with their means over `n` worlds, best first (ties: card order).
fn ranked(cards: &[RootCard], n: usize) -> Vec<(Card, f64)> {
    let mut out: Vec<(Card, f64)> = cards
        .iter()
        .map(|c| (c.card, c.sum as f64 / n as f64))
        .collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    out
}

impl<G: AgentFactory> Agent<G> for AlphaMu<G> {
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
        let best = self.card_values(state, seat, rng);
        Action::Play(best[0].0)
    }
}

#[cfg(test)]
mod tests;
