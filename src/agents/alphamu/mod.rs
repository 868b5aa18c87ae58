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
//! opponents' nodes (products of their children's) grow fast. The paper's cuts are not
//! implemented: the search is exhaustive to depth `m`, so its cost grows with the branching
//! of the other seats' plays, about `(cards per seat)^(seats − 1)` per extra `m`; it is meant
//! for `m=2` or `m=3` late in a hand or with few worlds: with `late=N` the agent searches `m`
//! moves only once its seat holds at most `N` cards, and plays as PIMC before (in a Whist hand
//! played by B0, `alphamu:m=2,worlds=10` did not finish a hand in 5 minutes of a loaded
//! machine, while PIMC-20 spends about 6 CPU-seconds on the first card; see
//! `docs/searchers.md`). Worlds are drawn as PIMC draws them
//! (the same worlds for the same generator).
//!
//! Decisions that are not card plays (9-5-2 trumps, discards and exchange gives) are taken as
//! PIMC takes them: by the game's rule-based player.
//!
//! Spec: `alphamu:m=2,worlds=20,goal=mean,front=64,late=13`.

mod front;
mod params;

pub use params::{AlphaMuParams, Goal, KEYS};

use crate::cards::{Card, CardSet};
use crate::games::{Action, Game, Seat, Sides};
use crate::knowledge::WorldSampler;
use crate::rng::GameRng;
use crate::solver::{Solvable, Solver};

use super::{Agent, AgentFactory, fallback_agent};
use front::Front;

/// The αμ agent's solver table: about `2^18` entries, as PIMC's.
const TT_BITS: u32 = 18;

/// The αμ agent.
pub struct AlphaMu<G: Game> {
    params: AlphaMuParams,
    solver: Solver,
    hidden: Vec<CardSet>,
    other: Box<dyn Agent<G>>,
    /// Double-dummy solves in the last search.
    solves: u64,
}

impl<G: AgentFactory> AlphaMu<G> {
    /// An agent with `params`.
    pub fn new(params: AlphaMuParams) -> AlphaMu<G> {
        AlphaMu {
            params,
            solver: Solver::with_table_bits(TT_BITS),
            hidden: Vec::new(),
            other: fallback_agent::<G>(),
            solves: 0,
        }
    }

    /// The parameters.
    pub fn params(&self) -> &AlphaMuParams {
        &self.params
    }

    /// Double-dummy solves in the last search.
    pub fn solves(&self) -> u64 {
        self.solves
    }

    /// Samples the worlds (as PIMC does) and returns every legal card with the best mean of a
    /// vector of its front (see the module documentation), best first (ties: card order).
    /// Empty unless `seat` is to play a card.
    pub fn card_values(&mut self, state: &G, seat: Seat, rng: &mut GameRng) -> Vec<(Card, f64)> {
        if state.to_act() != Some(seat) || state.position_for(seat).is_err() {
            return Vec::new();
        }
        let k = state.knowledge(seat);
        let sampler =
            WorldSampler::new(&k).expect("the true state is consistent with its knowledge");
        self.hidden.resize(k.places.len(), CardSet::EMPTY);
        let mut worlds = Vec::with_capacity(self.params.worlds as usize);
        for w in 0..self.params.worlds as usize {
            sampler.sample_into(rng, &mut self.hidden);
            worlds.push((w, state.redeal(&k, &self.hidden)));
        }
        self.search(&worlds, seat)
    }

    /// αμ over the given worlds (each with its index, `0..n`), `seat` to play a card in each.
    fn search(&mut self, worlds: &[(usize, G)], seat: Seat) -> Vec<(Card, f64)> {
        let n = worlds.len();
        let mut search = Search {
            solver: &mut self.solver,
            me: seat,
            sides: worlds[0].1.sides(),
            n,
            goal: self.params.goal,
            target: 0,
            cap: self.params.front as usize,
            solves: 0,
        };
        if self.params.goal == Goal::Target {
            // PIMC's best mean, rounded.
            let mut sums = [0i64; 64];
            for (_, w) in worlds {
                let pos = w.position_for(seat).expect("a card to play");
                for (c, v) in search.solver.solve(&pos).cards() {
                    sums[c.index() as usize] += i64::from(v);
                }
            }
            let legal = worlds[0].1.legal_actions().cards();
            let best = legal
                .iter()
                .map(|c| sums[c.index() as usize])
                .max()
                .unwrap_or(0);
            search.target = (best as f64 / n as f64).round() as i32;
        }
        let held = worlds[0].1.hand(seat).len() as u32;
        let m = if held <= self.params.late {
            self.params.m
        } else {
            1
        };
        let children = search.max_children(worlds, m);
        self.solves = search.solves;
        let mut out: Vec<(Card, f64)> = children
            .into_iter()
            .map(|(c, f)| (c, f.best_sum().unwrap_or(i64::MIN) as f64 / n as f64))
            .collect();
        out.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        out
    }
}

/// One αμ search: the solver, whose side searches, and how vectors are scored.
struct Search<'s> {
    solver: &'s mut Solver,
    me: Seat,
    sides: Sides,
    n: usize,
    goal: Goal,
    target: i32,
    cap: usize,
    solves: u64,
}

impl Search<'_> {
    /// A world's entry for the side's final value `v`.
    fn score(&self, v: i32) -> i32 {
        match self.goal {
            Goal::Mean => v,
            Goal::Target => i32::from(v >= self.target),
        }
    }

    /// The worlds' bits.
    fn live<G>(worlds: &[(usize, G)]) -> u64 {
        worlds.iter().fold(0, |m, &(w, _)| m | 1 << w)
    }

    /// The front of each card the searching seat can play at a Max node (it is to play in
    /// every one of `worlds`), with `m` of its moves left to search.
    fn max_children<G: Solvable>(&mut self, worlds: &[(usize, G)], m: u32) -> Vec<(Card, Front)> {
        let first = &worlds[0].1;
        let legal = first.legal_actions().cards();
        if m <= 1 || first.hand(self.me).len() <= 1 {
            // Leaves: every world solved double-dummy, one solve valuing every card.
            let mut rows = vec![vec![0i32; self.n]; 64];
            for (w, s) in worlds {
                let pos = s.position_for(self.me).expect("a card to play");
                self.solves += 1;
                for (c, v) in self.solver.solve(&pos).cards() {
                    rows[c.index() as usize][*w] = self.score(v);
                }
            }
            return legal
                .iter()
                .map(|c| (c, Front::single(&rows[c.index() as usize])))
                .collect();
        }
        legal
            .iter()
            .map(|c| {
                let next: Vec<(usize, G)> = worlds
                    .iter()
                    .map(|(w, s)| {
                        let mut s = s.clone();
                        s.apply(Action::Play(c));
                        (*w, s)
                    })
                    .collect();
                (c, self.node(&next, m - 1))
            })
            .collect()
    }

    /// The front of a node (every world in `worlds` at the same public point of the hand),
    /// with `m` of the searching seat's moves left.
    fn node<G: Solvable>(&mut self, worlds: &[(usize, G)], m: u32) -> Front {
        let actor = worlds[0]
            .1
            .to_act()
            .expect("the searching seat plays again before the hand ends");
        if actor == self.me {
            let mut front = Front::empty(self.n);
            for (_, f) in self.max_children(worlds, m) {
                front.union(&f);
            }
            front.cap(self.cap);
            return front;
        }
        let partner = self.sides.side(actor) == self.sides.side(self.me);
        let (neutral, op): (i32, fn(i32, i32) -> i32) = if partner {
            (i32::MIN, i32::max)
        } else {
            (i32::MAX, i32::min)
        };
        let moves = worlds
            .iter()
            .fold(CardSet::EMPTY, |a, (_, s)| a | s.legal_actions().cards());
        let mut acc = Front::single(&vec![neutral; self.n]);
        for c in moves {
            let next: Vec<(usize, G)> = worlds
                .iter()
                .filter(|(_, s)| s.legal_actions().cards().contains(c))
                .map(|(w, s)| {
                    let mut s = s.clone();
                    s.apply(Action::Play(c));
                    (*w, s)
                })
                .collect();
            let child = self.node(&next, m).with_others(Self::live(&next), neutral);
            acc = acc.combine(&child, op);
            acc.cap(self.cap);
        }
        // Worlds not at this node: 0, so that they do not tell vectors apart.
        acc.with_others(Self::live(worlds), 0)
    }
}

impl<G: AgentFactory> Agent<G> for AlphaMu<G> {
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
