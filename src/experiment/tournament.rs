//! Tournaments: every pair of agents on duplicate deals, pairwise results with intervals, and
//! Bradley–Terry ratings on the Elo scale with bootstrap intervals.
//!
//! For each pair `(x, y)` every deal is played with `x` in some seats and `y` in the others, in
//! every rotation that matters: with sides of several seats, `x` holds every seat of one side and
//! the deal is replayed with the sides' agents moved round; with everyone alone, the seats
//! alternate `x, y, x, …` and the deal is replayed in every rotation of both that pattern and its
//! mirror. A deal's score is `x`'s mean points per seat minus `y`'s (match mode: `x`'s match
//! win minus `y`'s), averaged over the rotations; `x` *wins* the deal when it is positive.

use std::ops::Range;

use rayon::prelude::*;

use crate::agents::{Agent, AgentFactory, AgentSpec, build_agent, play_seated, table_info};
use crate::games::matches::MatchState;
use crate::games::record::RecordRules;
use crate::games::{Game, Seat};
use crate::rng::{GameStreams, Purpose, below, stream};
use crate::sim::Stream;
use crate::stats::{Interval, MeanAcc, Rating, bradley_terry};

/// The seatings (agent index per seat: 0 for `x`, 1 for `y`) a pair plays every deal in.
pub fn pair_seatings(sides: &crate::games::Sides) -> Vec<Vec<usize>> {
    let n = sides.num_seats();
    if sides.num_sides() < n {
        (0..sides.num_sides())
            .map(|r| {
                (0..n)
                    .map(|s| usize::from(sides.side(Seat(((s + n - r) % n) as u8)).index() != 0))
                    .collect()
            })
            .collect()
    } else {
        let mut v = Vec::new();
        for mirror in [0, 1] {
            for r in 0..n {
                v.push((0..n).map(|s| ((s + n - r) % n + mirror) % 2).collect());
            }
        }
        v
    }
}

/// How a pair plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairPlan {
    /// The pair's number (part of its agents' random streams).
    pub pair: u64,
    /// The seed.
    pub seed: u64,
    /// Whole matches instead of single hands.
    pub matches: bool,
    /// The most hands of a match.
    pub max_hands: u32,
}

/// The per-deal scores (`x` minus `y`) of the pair `(x, y)` on deals `deals`.
pub fn play_pair<R: RecordRules>(
    rules: &R,
    x: &AgentSpec,
    y: &AgentSpec,
    deals: Range<u64>,
    plan: PairPlan,
) -> Vec<f64>
where
    R::Hand: AgentFactory,
{
    let PairPlan {
        pair,
        seed,
        matches,
        max_hands,
    } = plan;
    let sides = rules.sides();
    let n = sides.num_seats();
    let seatings = pair_seatings(&sides);
    let chunks: Vec<Range<u64>> = deals
        .clone()
        .step_by(64)
        .map(|a| a..(a + 64).min(deals.end))
        .collect();
    chunks
        .into_par_iter()
        .flat_map_iter(|chunk| {
            let mut agents: [Vec<Box<dyn Agent<R::Hand>>>; 2] = [
                (0..n)
                    .map(|_| build_agent::<R::Hand>(x).expect("checked"))
                    .collect(),
                (0..n)
                    .map(|_| build_agent::<R::Hand>(y).expect("checked"))
                    .collect(),
            ];
            let mut out = Vec::with_capacity(chunk.clone().count());
            for deal in chunk {
                let mut total = 0.0;
                for (r, seating) in seatings.iter().enumerate() {
                    let GameStreams {
                        agents: mut rngs,
                        deal: mut deal_rng,
                        first_dealer,
                    } = GameStreams::new(seed, deal, n, 0, |seat| {
                        Stream::TournamentAgent {
                            pair,
                            rotation: r,
                            seat,
                        }
                        .sub()
                    });
                    let first = Seat(first_dealer);
                    let mut points = [0.0f64; 2];
                    let [ax, ay] = &mut agents;
                    let mut seated: Vec<&mut Box<dyn Agent<R::Hand>>> = ax
                        .iter_mut()
                        .zip(ay.iter_mut())
                        .enumerate()
                        .map(|(s, (a, b))| if seating[s] == 0 { a } else { b })
                        .collect();
                    let end = play_seated(
                        rules,
                        &table_info(rules, deal),
                        MatchState::new(first),
                        &mut deal_rng,
                        if matches { max_hands } else { 1 },
                        &mut seated,
                        &mut rngs,
                        |p| {
                            for s in Seat::all(n) {
                                points[seating[s.index()]] += p.last.seat_points(s) as f64;
                            }
                        },
                    );
                    let count =
                        |a: usize| seating.iter().filter(|&&v| v == a).count().max(1) as f64;
                    total += if matches {
                        let won = |a: usize| {
                            Seat::all(n)
                                .filter(|s| seating[s.index()] == a)
                                .map(|s| {
                                    end.winners.map_or(0.0, |w| {
                                        let side = sides.side(s).index();
                                        if w & (1 << side) != 0 {
                                            1.0 / w.count_ones() as f64
                                        } else {
                                            0.0
                                        }
                                    })
                                })
                                .sum::<f64>()
                                / count(a)
                        };
                        won(0) - won(1)
                    } else {
                        points[0] / count(0) - points[1] / count(1)
                    };
                }
                out.push(total / seatings.len() as f64);
            }
            out
        })
        .collect()
}

/// The result of one pair.
#[derive(Clone, Debug, PartialEq)]
pub struct PairResult {
    /// The first agent (index).
    pub x: usize,
    /// The second agent.
    pub y: usize,
    /// Per-deal scores, `x` minus `y`.
    pub scores: Vec<f64>,
}

impl PairResult {
    /// The mean score with a t interval.
    pub fn mean(&self) -> Interval {
        let mut m = MeanAcc::default();
        self.scores.iter().for_each(|&s| m.add(s));
        m.t_interval(0.95)
    }

    /// Deals won by `x`, drawn, won by `y`.
    pub fn record(&self) -> (u64, u64, u64) {
        let w = self.scores.iter().filter(|&&s| s > 0.0).count() as u64;
        let d = self.scores.iter().filter(|&&s| s == 0.0).count() as u64;
        (w, d, self.scores.len() as u64 - w - d)
    }
}

/// Bradley–Terry ratings of `k` agents from pair results, each with a 95% bootstrap interval
/// (deals resampled within each pair, `resamples` times, with the stream of `seed`).
pub fn ratings(
    k: usize,
    pairs: &[PairResult],
    resamples: usize,
    seed: u64,
) -> Vec<(Rating, Interval)> {
    let wins_of = |scores: &[&[f64]]| {
        let mut w = vec![vec![0.0; k]; k];
        for (p, sc) in pairs.iter().zip(scores) {
            for &s in *sc {
                let (a, b) = if s > 0.0 {
                    (1.0, 0.0)
                } else if s < 0.0 {
                    (0.0, 1.0)
                } else {
                    (0.5, 0.5)
                };
                w[p.x][p.y] += a;
                w[p.y][p.x] += b;
            }
        }
        w
    };
    let all: Vec<&[f64]> = pairs.iter().map(|p| p.scores.as_slice()).collect();
    let point = bradley_terry(&wins_of(&all));
    let mut rng = stream(seed, 0, Purpose::Other, Stream::RatingBootstrap.sub());
    let mut draws: Vec<Vec<f64>> = vec![Vec::with_capacity(resamples); k];
    for _ in 0..resamples {
        let sample: Vec<Vec<f64>> = pairs
            .iter()
            .map(|p| {
                let n = p.scores.len();
                (0..n)
                    .map(|_| p.scores[below(&mut rng, n as u32) as usize])
                    .collect()
            })
            .collect();
        let refs: Vec<&[f64]> = sample.iter().map(Vec::as_slice).collect();
        for (a, x) in bradley_terry(&wins_of(&refs)).iter().enumerate() {
            draws[a].push(x.elo);
        }
    }
    point
        .into_iter()
        .zip(draws)
        .map(|(r, mut d)| {
            d.sort_by(f64::total_cmp);
            let at = |q: f64| {
                d.get(((q * d.len() as f64) as usize).min(d.len().saturating_sub(1)))
                    .copied()
                    .unwrap_or(r.elo)
            };
            (
                r,
                Interval {
                    estimate: r.elo,
                    low: at(0.025),
                    high: at(0.975),
                },
            )
        })
        .collect()
}
