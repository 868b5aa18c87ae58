//! `tricklab.tournament`'s native parts: a pair of tricklab agents played exactly as `tricklab
//! tournament` plays it, and the tables (pairs and Bradley–Terry ratings) from every pair's
//! per-deal scores, computed as the command computes them.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use std::sync::Arc;
use std::sync::atomic::Ordering;
use tricklab::agents::{AgentSpec, build_agent};

use rayon::prelude::*;

use tricklab::experiment::{PairPlan, PairResult, chunks_of, play_chunk, ratings};

use crate::errors::{Whole, value_error};
use crate::game::PyGame;
use crate::interrupt::{interruptible, pool};
use crate::table::{Table, each_rules};

/// Bootstrap resamples of the rating intervals (as `tricklab tournament`).
const RESAMPLES: usize = 200;

/// The per-deal scores (`x` minus `y`: mean points per seat, every rotation) of tricklab agents
/// `x` and `y` on deals `0..deals`, pair number `pair`, as `tricklab tournament --seed SEED`
/// plays them (chunk by chunk, as `tricklab::experiment::play_pair`); without the GIL, on a
/// thread that Ctrl-C stops between chunks, a search in progress early (see
/// [`interruptible`]).
#[pyfunction]
#[pyo3(signature = (game, x, y, deals, seed, pair, threads=None))]
#[allow(clippy::too_many_arguments)]
pub fn _play_pair(
    py: Python<'_>,
    game: &PyGame,
    x: &str,
    y: &str,
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
    let x: AgentSpec = x.parse().map_err(value_error)?;
    let y: AgentSpec = y.parse().map_err(value_error)?;
    let plan = PairPlan {
        pair: pair.0,
        seed: seed.0,
        matches: false,
        max_hands: 10_000,
        book: None,
    };
    let threads = threads.unwrap_or(0);
    each_rules!(&game.rules, rules => {
        check::<_>(rules, &x)?;
        check::<_>(rules, &y)?;
        let rules = *rules;
        interruptible(py, move |stop| {
            let pool = pool(threads, &stop).map_err(value_error)?;
            Ok(pool.install(|| {
                chunks_of(0..deals)
                    .into_par_iter()
                    .map(|chunk| {
                        (!stop.load(Ordering::SeqCst)).then(|| {
                            let clocks = [Arc::default(), Arc::default()];
                            play_chunk(&rules, [&x, &y], chunk, plan, &clocks, None)
                        })
                    })
                    .collect::<Option<Vec<Vec<f64>>>>()
                    .map(|chunks| chunks.concat())
                    .unwrap_or_default()
            }))
        })?
    })
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
