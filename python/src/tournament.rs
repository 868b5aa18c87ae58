//! `tricklab.tournament`'s native parts: a pair of tricklab agents played exactly as `tricklab
//! tournament` plays it, and the tables (pairs and Bradley–Terry ratings) from every pair's
//! per-deal scores, computed as the command computes them.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use tricklab::agents::{Agent, AgentSpec, build_agent};

use rayon::prelude::*;

use tricklab::experiment::{Guests, PairPlan, PairResult, chunks_of, play_chunk_with, ratings};

use crate::errors::{Whole, value_error};
use crate::game::PyGame;
use crate::interrupt::{interruptible, pool};
use crate::simulate::{Sitter, sitter, unwound};
use crate::table::{Table, each_rules};

/// Bootstrap resamples of the rating intervals (as `tricklab tournament`).
const RESAMPLES: usize = 200;

/// The per-deal scores (`x` minus `y`: mean points per seat, every seating) of `x` and `y`
/// (specs, `Agent`s or Python functions) on deals `0..deals`, pair number `pair`, as `tricklab
/// tournament --seed SEED` plays them: the library's pair runner
/// (`tricklab::experiment::play_chunk_with`), chunk by chunk, on its seatings (the mirror
/// included), deals and random streams, a Python function seated as a guest in its agent's
/// seats. Without the GIL, on a thread that Ctrl-C stops between chunks (a search in progress
/// early, see [`interruptible`]); with a Python function on one thread, which takes the GIL to
/// call it and gives up at its next decision, and an exception it raises is raised again.
#[pyfunction]
#[pyo3(signature = (game, x, y, deals, seed, pair, threads=None))]
#[allow(clippy::too_many_arguments)]
pub fn _play_pair(
    py: Python<'_>,
    game: &PyGame,
    x: &Bound<'_, PyAny>,
    y: &Bound<'_, PyAny>,
    deals: Whole<u64>,
    seed: Whole<u64>,
    pair: Whole<u64>,
    threads: Option<Whole<usize>>,
) -> PyResult<Vec<f64>> {
    let (deals, threads) = (deals.0, threads.map(|t| t.0));
    if deals == 0 {
        return Err(value_error("deals must be at least 1"));
    }
    if threads == Some(0) {
        return Err(value_error("threads must be at least 1"));
    }
    let sitters = [sitter(x)?, sitter(y)?];
    let plan = PairPlan {
        pair: pair.0,
        seed: seed.0,
        matches: false,
        max_hands: 10_000,
        book: None,
    };
    let python = sitters.iter().any(Sitter::is_python);
    let threads = if python { 1 } else { threads.unwrap_or(0) };
    each_rules!(&game.rules, rules => {
        let specs = sitters.each_ref().map(Sitter::spec);
        for spec in &specs {
            check(rules, spec)?;
        }
        let rules = *rules;
        interruptible(py, move |stop| {
            let pool = pool(threads, &stop).map_err(value_error)?;
            let guests = PairGuests {
                rules,
                sitters: python.then_some(sitters),
                stop: stop.clone(),
            };
            let run = panic::catch_unwind(AssertUnwindSafe(|| {
                pool.install(|| {
                    chunks_of(0..deals)
                        .into_par_iter()
                        .map(|chunk| {
                            (!stop.load(Ordering::SeqCst)).then(|| {
                                let clocks = [Arc::default(), Arc::default()];
                                let [x, y] = &specs;
                                play_chunk_with(&rules, [x, y], chunk, plan, &clocks, None, &guests)
                            })
                        })
                        .collect::<Option<Vec<Vec<f64>>>>()
                        .map(|chunks| chunks.concat())
                        .unwrap_or_default()
                })
            }));
            unwound(run)
        })?
    })
}

/// A pair's guests: with a Python function in the pair, both agents sit as guests (see
/// [`Sitter::guest`]), so that either gives up at its next decision once `stop` is set;
/// otherwise none, and the library builds both from their specs.
struct PairGuests<R> {
    rules: R,
    sitters: Option<[Sitter; 2]>,
    stop: Arc<AtomicBool>,
}

impl<R: Table> Guests<R::Hand> for PairGuests<R> {
    fn agent(&self, agent: usize, _seat: usize) -> Option<Box<dyn Agent<R::Hand>>> {
        let sitters = self.sitters.as_ref()?;
        Some(sitters[agent].guest(&self.rules, &self.stop))
    }

    fn name(&self, _agent: usize, _seat: usize) -> Option<String> {
        None
    }
}

/// Whether `spec` names an agent of the game of `rules`.
fn check<R: Table>(_: &R, spec: &AgentSpec) -> PyResult<()> {
    build_agent::<R::Hand>(spec)
        .map(|_| ())
        .map_err(value_error)
}

/// The tournament's tables from every pair's per-deal scores (`(x, y, scores)`, agent indices
/// into `names`): `pairs` (`agent`, `opponent`, `deals`, `mean`, `low`, `high`, `won`,
/// `drawn`, `lost`) and `ratings` (`agent`, `elo`, `low`, `high`: Bradley–Terry on the Elo
/// scale with a 95% bootstrap interval), as `tricklab tournament` writes pairs.csv and
/// ratings.csv (unrounded).
#[pyfunction]
pub fn _tournament_tables<'py>(
    py: Python<'py>,
    names: Vec<String>,
    pairs: Vec<(usize, usize, Vec<f64>)>,
    seed: Whole<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let seed = seed.0;
    let k = names.len();
    let results: Vec<PairResult> = pairs
        .into_iter()
        .map(|(x, y, scores)| {
            if x >= k || y >= k || x == y || scores.is_empty() {
                Err(value_error(format!(
                    "a pair must name two of the {k} agents and hold scores; got ({x}, {y}) with {} scores",
                    scores.len()
                )))
            } else {
                Ok(PairResult { x, y, scores })
            }
        })
        .collect::<PyResult<_>>()?;
    let pair_cols = PyDict::new(py);
    let name = |i: usize| names[i].clone();
    let mean: Vec<_> = results.iter().map(PairResult::mean).collect();
    let record: Vec<_> = results.iter().map(PairResult::record).collect();
    pair_cols.set_item(
        "agent",
        results.iter().map(|p| name(p.x)).collect::<Vec<_>>(),
    )?;
    pair_cols.set_item(
        "opponent",
        results.iter().map(|p| name(p.y)).collect::<Vec<_>>(),
    )?;
    pair_cols.set_item(
        "deals",
        results.iter().map(|p| p.scores.len()).collect::<Vec<_>>(),
    )?;
    pair_cols.set_item("mean", mean.iter().map(|m| m.estimate).collect::<Vec<_>>())?;
    pair_cols.set_item("low", mean.iter().map(|m| m.low).collect::<Vec<_>>())?;
    pair_cols.set_item("high", mean.iter().map(|m| m.high).collect::<Vec<_>>())?;
    pair_cols.set_item("won", record.iter().map(|r| r.0).collect::<Vec<_>>())?;
    pair_cols.set_item("drawn", record.iter().map(|r| r.1).collect::<Vec<_>>())?;
    pair_cols.set_item("lost", record.iter().map(|r| r.2).collect::<Vec<_>>())?;
    let rated = py.detach(|| ratings(k, &results, RESAMPLES, seed));
    let rating_cols = PyDict::new(py);
    rating_cols.set_item("agent", names.clone())?;
    rating_cols.set_item("elo", rated.iter().map(|(r, _)| r.elo).collect::<Vec<_>>())?;
    rating_cols.set_item(
        "low",
        rated.iter().map(|(_, ci)| ci.low).collect::<Vec<_>>(),
    )?;
    rating_cols.set_item(
        "high",
        rated.iter().map(|(_, ci)| ci.high).collect::<Vec<_>>(),
    )?;
    let d = PyDict::new(py);
    d.set_item("pairs", pair_cols)?;
    d.set_item("ratings", rating_cols)?;
    Ok(d)
}
