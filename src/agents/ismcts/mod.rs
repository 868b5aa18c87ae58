//! Single-observer Information Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse,
//! "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012).
//!
//! Every iteration draws one world uniformly from those consistent with what the searching seat
//! knows ([`WorldSampler`]), descends the tree choosing only among actions legal in that world,
//! adds one node, plays the hand out with the rollout policy and backs up one reward per side:
//! each node adds the reward of the side of the seat that took its action. Selection uses UCB1
//! with **availability counts**: a child's exploration term uses how often it was available
//! (legal in the iteration's world when its parent was visited), not the parent's visits — the
//! paper's correction for actions that are legal only in some worlds. The final choice is the
//! most visited action.
//!
//! **Threads** (`threads=N`) are root parallel: each thread grows its own tree from its own
//! stream (seeded from the agent's generator, so a seed and a thread count give one result),
//! with `iterations / N` iterations, and the root actions' visits, availabilities and rewards
//! are summed. Chosen over tree parallelism with virtual loss because it shares nothing while
//! searching (no locks or atomics on the hot path, so the speed-up is the core count), it is
//! reproducible (a shared tree's outcome depends on thread timing), and its strength per
//! iteration is what a single tree has at these budgets (Cazenave & Jouandeau 2007; the smoke
//! test `two_threads_as_strong_per_iteration_as_one` checks it on duplicate Whist).
//!
//! **No subtree reuse** between a seat's decisions: by its next decision three other seats
//! have played, and the subtree under the line actually played holds about one iteration in
//! a few hundred to a few thousand (a fourth of the visits to the card played, then one
//! branch among about ten at each of three opponents' nodes), too little to pay for the
//! bookkeeping; its worlds were also drawn before those plays were seen, so they over-weight
//! what the tree's opponents liked to play rather than the worlds still consistent.
//!
//! The tree keeps its speed as it grows: children sit side by side in one arena (`tree.rs`),
//! blocks left behind are reused, and nothing is allocated per iteration. (Laying the arena
//! out again depth first, most visited line first, at each doubling was tried: in cachegrind's
//! simulation of a 300k-iteration search it missed the caches slightly more, not less.)
//!
//! Starting and joining the threads of a search costs about 100 µs of CPU (measured with
//! searches of 200 iterations), under 1% of a 10k-iteration search; each thread's worker sits
//! on cache lines of its own, so that the threads share no line they write.
//!
//! With `infer=…` each iteration's world is drawn from a pool of uniform candidates weighed by
//! the likelihood of the other seats' plays so far (policy-based inference, see
//! [`inference`](super::inference)); the pool is drawn once per decision, before the threads
//! start, from the agent's generator.
//!
//! Inference and the pool (issue 34, measured in `docs/searchers.md`, "Inference in ISMCTS",
//! with `examples/infer_ess.rs`): the B0 model's weights are products over every play seen, so
//! in mid-hand a pool of 200 has an effective sample size `(Σw)² / Σw²` of 3 to 8 (median;
//! Whist, Catch the Ten, 9-5-2), and 10,000 iterations spend a quarter to a half of themselves
//! on the heaviest world ([`SearchStats::pool`]). `ess=N` grows the pool until its ESS reaches
//! `N` (or `pool_max`). In Catch the Ten a pool of 10,000 (median ESS about 280) was no
//! stronger than 200 (300 duplicate deals), so the collapse is not why inference does not help
//! ISMCTS; the model is also wrong for the seats that are the searcher itself (it plays B0's
//! card in about 40% of its decisions; `rules` says 90%): `seats=opponents` leaves a
//! partner's plays out and `trust=P` lets a seat be something else than the model (in Catch
//! the Ten `seats=opponents` was no stronger either; `trust` is not yet measured).
//!
//! **The MCTS oracle** (`oracle:iterations=N`, a cheat) is this search with every iteration on
//! the true deal instead of a drawn world: Monte Carlo tree search with perfect information, for
//! every decision of the hand (9-5-2's trumps and discards included), each seat's nodes
//! maximising its own side's reward. It is the ceiling where the double-dummy oracle is not one
//! (three seats alone, where that oracle plays as if the other two were partners against it)
//! and, against B0, the stronger cheat in Catch the Ten 4p too (`results/ladder/README.md`).
//!
//! Spec: `ismcts:iterations=10000,c=0.7,rollout=rules,reward=points`; keys `iterations`,
//! `time_ms` (a wall-time budget instead; not reproducible), `c`, `rollout` (`random`, `rules`
//! or `rules/switch/switch`), `reward` (`points`, `difference`, `match`), `threads` (root
//! parallelism: independent trees merged at the root, reproducible for a fixed count) and
//! `nodes` (the node cap; the tree stops growing there and the stats say so).

mod ln;
mod params;
mod tree;

pub use params::IsmctsParams;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::stop::{search_stop, stopped};
use crate::cards::CardSet;
use crate::games::{Action, Game, Seat};
use crate::knowledge::{Knowledge, WorldSampler};
use rand::Rng;

use crate::rng::{GameRng, Purpose, stream};

use super::inference::{Inference, Worlds};
use super::{Agent, AgentFactory, SpecError, TableEvent, build_agent};
use ln::LnTable;
use tree::Tree;

/// The size of one tree node in bytes (each iteration adds at most one).
pub const fn node_bytes() -> usize {
    std::mem::size_of::<tree::Node>()
}

/// What one action at the root gathered.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ActionStats {
    /// The action.
    pub action: Action,
    /// Times it was chosen.
    pub visits: u32,
    /// Times it was available.
    pub avail: u32,
    /// Its mean reward for the searching side, in `[0, 1]`.
    pub mean: f64,
}

/// Counters of the last search.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Iterations run (over all threads).
    pub iterations: u64,
    /// Nodes in the trees at the end (over all threads).
    pub nodes: u64,
    /// Arena slots the trees hold (nodes, and room in and left behind by children's blocks).
    pub slots: u64,
    /// Whether a tree reached the node cap and stopped growing.
    pub cap_reached: bool,
    /// The consistent worlds at the root.
    pub worlds: u128,
    /// Wall time of the search in seconds.
    pub seconds: f64,
    /// With inference, the pool's weighting: `None` without it.
    pub pool: Option<PoolStats>,
}

/// How the inferred pool's weights spread the iterations over its candidates.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PoolStats {
    /// Candidates weighed.
    pub candidates: u32,
    /// The weights' effective sample size, `(Σw)² / Σw²`: 1 when one candidate holds all the
    /// weight, the candidate count when all weigh the same.
    pub ess: f64,
    /// The heaviest candidate's share of the draws.
    pub top: f64,
    /// How many distinct candidates the search's iterations are expected to draw,
    /// `Σ 1 − (1 − p)^iterations` over the candidates' shares `p`.
    pub distinct: f64,
}

impl PoolStats {
    /// The statistics of a pool weighing `weights` (not all 0), drawn from `iterations` times.
    pub fn of(weights: &[f64], iterations: u64) -> PoolStats {
        let total: f64 = weights.iter().sum();
        let top = weights.iter().copied().fold(0.0, f64::max);
        let n = iterations as f64;
        PoolStats {
            candidates: weights.len() as u32,
            ess: super::inference::effective_size(weights),
            top: top / total,
            distinct: weights
                .iter()
                .map(|w| 1.0 - (n * (-(w / total)).ln_1p()).exp())
                .sum(),
        }
    }
}

/// One searcher's tree and scratch space; reused across decisions without reallocating.
///
/// Aligned to two cache lines so that two threads' workers never share one: each thread
/// writes its own worker's counters and path on every iteration, and without the alignment
/// one worker's last fields and the next one's first shared a line (about 150 bytes each),
/// which the two cores would then pass back and forth.
#[repr(align(128))]
struct Worker<G: Game> {
    tree: Tree,
    rollout: Box<dyn Agent<G>>,
    /// Uniformly random rollouts, played without the call through `rollout` (the same cards:
    /// the random agent draws from the legal actions exactly so).
    random_rollout: bool,
    /// `ln(n)` of availability counts: the availability term of UCB1 without a logarithm per child.
    ln: LnTable,
    path: Vec<u32>,
    hidden: Vec<CardSet>,
    rewards: Vec<f32>,
    /// The stop flag of the thread that started the search (see [`super::stop`]).
    stop: Option<Arc<AtomicBool>>,
}

impl<G: AgentFactory> Worker<G> {
    fn new(params: &IsmctsParams) -> Worker<G> {
        Worker {
            tree: Tree::default(),
            rollout: build_agent::<G>(&params.rollout).expect("checked when the spec was read"),
            random_rollout: params.rollout == super::AgentSpec::Random,
            ln: LnTable::default(),
            path: Vec::with_capacity(128),
            hidden: Vec::new(),
            rewards: Vec::new(),
            stop: None,
        }
    }

    /// Runs iterations from `root` until the budget is spent.
    fn search(
        &mut self,
        params: &IsmctsParams,
        root: &G,
        k: &Knowledge,
        worlds: &Worlds<'_>,
        iterations: u64,
        rng: &mut GameRng,
    ) -> u64 {
        let sides = root.sides();
        self.tree.reset(params.node_cap as usize);
        self.hidden.resize(k.places.len(), CardSet::EMPTY);
        self.rewards.resize(sides.num_sides(), 0.0);
        let started = Instant::now();
        let c = params.c as f32;
        let mut done = 0u64;
        loop {
            if done.is_multiple_of(64) && stopped(self.stop.as_deref()) {
                break;
            }
            if let Some(ms) = params.time_ms {
                if done.is_multiple_of(64) && started.elapsed().as_millis() as u64 >= ms {
                    break;
                }
            } else if done >= iterations {
                break;
            }
            done += 1;
            let mut s = if params.sees_every_card {
                root.clone()
            } else {
                worlds.draw_into(rng, &mut self.hidden);
                root.redeal(k, &self.hidden)
            };
            self.path.clear();
            self.path.push(0);
            let mut node = 0u32;
            // Selection and expansion.
            while let Some(actor) = s.to_act() {
                let legal = s.legal_actions();
                let bits = tree::action_bits(legal);
                let mut tried = 0u64;
                let mut best = u32::MAX;
                let mut best_score = f32::NEG_INFINITY;
                for child in self.tree.children(node) {
                    let n = &mut self.tree.nodes[child as usize];
                    let bit = 1u64 << (n.code & 63);
                    tried |= bit;
                    if bits & bit != 0 {
                        n.avail += 1;
                        let ln = self.ln.get(n.avail);
                        let score = n.reward / n.visits as f32 + c * (ln / n.visits as f32).sqrt();
                        if score > best_score {
                            best_score = score;
                            best = child;
                        }
                    }
                }
                let untried = bits & !tried;
                if untried != 0 {
                    let room = legal.len();
                    if self.tree.is_full(node, room) {
                        self.tree.stopped = true;
                        break;
                    }
                    let a = tree::action_set(legal.decision(), untried).choose(rng);
                    let new = self.tree.add_child(node, tree::encode(a), actor.0, room);
                    self.tree.nodes[new as usize].avail = 1;
                    s.apply(a);
                    self.path.push(new);
                    break;
                }
                let chosen = self.tree.nodes[best as usize];
                // Fetch the chosen node's children while the world moves on (the next scan
                // starts at the newest, the block's end).
                if chosen.len > 0 {
                    self.tree.prefetch(chosen.first + chosen.len as u32 - 1);
                }
                let a = tree::decode(chosen.code);
                s.apply(a);
                node = best;
                self.path.push(node);
            }
            // Rollout.
            if self.random_rollout {
                s.play_out_randomly_for_reward(rng);
            } else {
                while let Some(seat) = s.to_act() {
                    let a = self.rollout.choose(&s, seat, rng);
                    s.apply(a);
                }
            }
            for side in sides.all() {
                self.rewards[side.index()] = s.reward(side, params.reward) as f32;
            }
            // Backpropagation.
            self.tree.nodes[0].visits += 1;
            for &i in &self.path[1..] {
                let n = &mut self.tree.nodes[i as usize];
                n.visits += 1;
                n.reward += self.rewards[sides.side(Seat(n.mover)).index()];
            }
        }
        done
    }

    fn root_stats(&self) -> Vec<ActionStats> {
        self.tree
            .children(0)
            .map(|i| {
                let n = &self.tree.nodes[i as usize];
                ActionStats {
                    action: tree::decode(n.code),
                    visits: n.visits,
                    avail: n.avail,
                    mean: if n.visits == 0 {
                        0.0
                    } else {
                        n.reward as f64 / n.visits as f64
                    },
                }
            })
            .collect()
    }
}

/// The ISMCTS agent.
pub struct Ismcts<G: Game> {
    params: IsmctsParams,
    workers: Vec<Worker<G>>,
    stats: SearchStats,
    root: Vec<ActionStats>,
    /// Policy-based inference, when asked for.
    inference: Option<Inference<G>>,
    /// The cumulative weights of the inferred candidates.
    cum: Vec<f64>,
}

impl<G: AgentFactory> Ismcts<G> {
    /// An agent with `params`.
    ///
    /// # Errors
    /// A rollout spec that the game has no player for.
    pub fn new(params: IsmctsParams) -> Result<Ismcts<G>, SpecError> {
        build_agent::<G>(&params.rollout)?;
        Ok(Ismcts {
            inference: Inference::new(&params.infer),
            cum: Vec::new(),
            params,
            workers: Vec::new(),
            stats: SearchStats::default(),
            root: Vec::new(),
        })
    }

    /// The parameters.
    pub fn params(&self) -> &IsmctsParams {
        &self.params
    }

    /// Counters of the last search.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Searches `state` for `seat` and returns every root action's statistics, merged over
    /// the threads, most visited first (ties: higher mean, then action order).
    pub fn search(&mut self, state: &G, seat: Seat, rng: &mut GameRng) -> Vec<ActionStats> {
        let started = Instant::now();
        let k = state.knowledge(seat);
        let sampler =
            WorldSampler::new(&k).expect("the true state is consistent with its knowledge");
        let mut inference = self.inference.take();
        let worlds = root_worlds(inference.as_mut(), &mut self.cum, state, &k, &sampler, rng);
        let threads = self.params.threads.max(1) as usize;
        while self.workers.len() < threads {
            self.workers.push(Worker::new(&self.params));
        }
        let seeds: Vec<u64> = (0..threads).map(|_| rng.next_u64()).collect();
        let per = self.params.iterations as u64 / threads as u64;
        let extra = self.params.iterations as u64 % threads as u64;
        let params = &self.params;
        let stop = search_stop();
        for w in &mut self.workers[..threads] {
            w.stop.clone_from(&stop);
        }
        let done: Vec<u64> = if threads == 1 {
            let mut r = stream(seeds[0], 0, Purpose::Agent, 0);
            vec![self.workers[0].search(params, state, &k, &worlds, per + extra, &mut r)]
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = self.workers[..threads]
                    .iter_mut()
                    .enumerate()
                    .map(|(t, w)| {
                        let (k, worlds, seed) = (&k, &worlds, seeds[t]);
                        let budget = per + u64::from((t as u64) < extra);
                        scope.spawn(move || {
                            let mut r = stream(seed, t as u64, Purpose::Agent, 0);
                            w.search(params, state, k, worlds, budget, &mut r)
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("search thread"))
                    .collect()
            })
        };
        let mut merged: Vec<ActionStats> = Vec::new();
        let mut cap_reached = false;
        let mut nodes = 0;
        let mut slots = 0;
        for w in &self.workers[..threads] {
            cap_reached |= w.tree.stopped;
            nodes += w.tree.live as u64;
            slots += w.tree.nodes.len() as u64;
            for st in w.root_stats() {
                match merged.iter_mut().find(|m| m.action == st.action) {
                    Some(m) => {
                        let total = m.mean * m.visits as f64 + st.mean * st.visits as f64;
                        m.visits += st.visits;
                        m.avail += st.avail;
                        m.mean = if m.visits == 0 {
                            0.0
                        } else {
                            total / m.visits as f64
                        };
                    }
                    None => merged.push(st),
                }
            }
        }
        merged.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then(b.mean.total_cmp(&a.mean))
                .then(action_key(a.action).cmp(&action_key(b.action)))
        });
        self.stats = SearchStats {
            iterations: done.iter().sum(),
            nodes,
            slots,
            cap_reached,
            worlds: sampler.count(),
            seconds: started.elapsed().as_secs_f64(),
            pool: inference
                .as_ref()
                .map(|inf| PoolStats::of(inf.candidates().1, done.iter().sum())),
        };
        self.root = merged.clone();
        self.inference = inference;
        merged
    }
}

/// Where the iterations of a search of `state` (what its seat knows: `k`) draw their worlds:
/// uniformly from `sampler`, or, with `inference`, from the pool it weighs now (drawn from
/// `rng`), whose cumulative weights go to `cum`.
fn root_worlds<'a, G: AgentFactory>(
    inference: Option<&'a mut Inference<G>>,
    cum: &'a mut Vec<f64>,
    state: &G,
    k: &Knowledge,
    sampler: &'a WorldSampler,
    rng: &mut GameRng,
) -> Worlds<'a> {
    let Some(inf) = inference else {
        return Worlds::Uniform(sampler);
    };
    inf.weigh(state, k, sampler, rng);
    let (rows, weights) = inf.candidates();
    cum.clear();
    let mut total = 0.0;
    for w in weights {
        total += w;
        cum.push(total);
    }
    Worlds::Weighted {
        rows,
        cum,
        places: k.places.len(),
    }
}

fn action_key(a: Action) -> (u8, u8) {
    match a {
        Action::Play(c) => (0, c.index()),
        Action::NameTrump(s) => (1, s as u8),
        Action::Discard(c) => (2, c.index()),
        Action::Give(c) => (3, c.index()),
    }
}

impl<G: AgentFactory> super::Evaluator<G> for Ismcts<G> {
    fn evaluate(&mut self, state: &G, seat: Seat, rng: &mut GameRng) -> Vec<(Action, f64)> {
        self.search(state, seat, rng)
            .into_iter()
            .filter(|s| s.visits > 0)
            .map(|s| (s.action, s.mean))
            .collect()
    }
}

impl<G: AgentFactory> Agent<G> for Ismcts<G> {
    fn observes(&self) -> bool {
        self.inference.is_some()
    }

    fn observe(&mut self, seat: Seat, event: &TableEvent<'_, G>) {
        if let Some(inference) = &mut self.inference {
            inference.observe(seat, event);
        }
    }

    fn choose(&mut self, state: &G, seat: Seat, rng: &mut GameRng) -> Action {
        let legal = state.legal_actions();
        if legal.len() == 1 {
            self.stats = SearchStats::default();
            return legal.nth(0).expect("one action");
        }
        let ranked = self.search(state, seat, rng);
        ranked
            .first()
            .map(|s| s.action)
            .unwrap_or_else(|| legal.choose(rng))
    }
}

#[cfg(test)]
mod tests;
