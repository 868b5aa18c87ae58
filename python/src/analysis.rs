//! Analysis from Python: worlds consistent with a seat's knowledge, double-dummy solutions, and
//! experiment configs run by the library's run job (as `tricklab run` runs them). Each
//! releases the GIL.

use std::ffi::CString;
use std::path::PathBuf;

use pyo3::exceptions::PyRuntimeWarning;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use tricklab::agents::clock_warning;
use tricklab::agents::external::with_bots;
use tricklab::errors::config_error;
use tricklab::experiment::{Experiment, RunJob, RunPlan, run_experiment};
use tricklab::games::Seat;
use tricklab::knowledge::{PlaceKind, WorldSampler};
use tricklab::rng::{GameRng, Purpose, stream};
use tricklab::sim::worker_pool;
use tricklab::solver::Solver;
use tricklab::words::quoted;

use crate::errors::{Whole, command_error, value_error};
use crate::state::PyState;

/// `n` worlds of `state` drawn uniformly from those consistent with what `seat` knows, as
/// columns: `world`, `place` (`hand of seat 2`, `kitty`, …), `seat` (for a hand, else `None`)
/// and `cards` (space-separated), one row per hidden place and world.
#[pyfunction]
#[pyo3(signature = (state, seat, n=Whole(100), seed=Whole(1)))]
pub fn worlds<'py>(
    py: Python<'py>,
    state: &PyState,
    seat: Whole<usize>,
    n: Whole<usize>,
    seed: Whole<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let (seat, n, seed) = (seat.0, n.0, seed.0);
    let players = state.num_players_();
    if seat >= players {
        return Err(value_error(format!(
            "seat {seat} is not at this table: seats are 0 to {}",
            players - 1
        )));
    }
    type Rows = (Vec<usize>, Vec<String>, Vec<Option<usize>>, Vec<String>);
    let rows: Result<Rows, String> = py.detach(|| {
        let p = &state.play;
        let k = p.knowledge(Seat(seat as u8));
        let sampler = WorldSampler::new(&k).map_err(|e| e.to_string())?;
        let mut rng: GameRng = stream(seed, 0, Purpose::Other, 2);
        let mut rows: Rows = Default::default();
        for w in 0..n {
            let hidden = sampler.sample(&mut rng);
            let world = p.world_hands(&k, &hidden);
            for place in &k.places {
                rows.0.push(w);
                rows.1.push(place.kind.to_string());
                match place.kind {
                    PlaceKind::Hand(s) => {
                        rows.2.push(Some(s.index()));
                        rows.3.push(world[s.index()].to_string());
                    }
                    _ => {
                        rows.2.push(None);
                        let i = k
                            .places
                            .iter()
                            .position(|q| q.kind == place.kind)
                            .expect("listed");
                        rows.3.push((hidden[i] | place.known).to_string());
                    }
                }
            }
        }
        Ok(rows)
    });
    let (world, place, seat_col, cards) = rows.map_err(value_error)?;
    let d = PyDict::new(py);
    d.set_item("world", world)?;
    d.set_item("place", place)?;
    d.set_item("seat", seat_col)?;
    d.set_item("cards", cards)?;
    Ok(d)
}

/// Solves the hand in play with every card open (double dummy): the optimal final value for
/// the side of the seat to act (tricks, or Catch the Ten points, banked ones included) and the
/// value after each card it may play. Analysis only: it sees every card.
#[pyfunction]
pub fn solve<'py>(py: Python<'py>, state: &PyState) -> PyResult<Bound<'py, PyDict>> {
    type Solved = (usize, i32, Vec<(String, i32)>);
    let solved: Result<Solved, String> = py.detach(|| {
        {
            let p = &state.play;
            let seat = p
                .to_act()
                .ok_or_else(|| "no card is to be played here: the hand is over".to_string())?;
            // A hand not yet in play (9-5-2 before its first card) says so in its own words.
            let pos = p.position_for(seat).map_err(|e| e.to_string())?;
            let s = Solver::new().solve(&pos);
            Ok((
                s.to_act.index(),
                s.value,
                s.cards().map(|(c, v)| (c.to_string(), v)).collect(),
            ))
        }
    });
    let (to_act, value, cards) = solved.map_err(value_error)?;
    let d = PyDict::new(py);
    d.set_item("to_act", to_act)?;
    d.set_item("value", value)?;
    d.set_item(
        "cards",
        cards.iter().map(|(c, _)| c.clone()).collect::<Vec<_>>(),
    )?;
    d.set_item("values", cards.iter().map(|(_, v)| *v).collect::<Vec<_>>())?;
    Ok(d)
}

/// Runs the experiment config `config` into the folder `out` as `tricklab run CONFIG --out OUT`
/// (and `--threads`, `--force`, `--resume`) does, with the library's run job
/// ([`run_experiment`]) and without the GIL; nothing is printed. A failure raises what
/// [`command_error`] says, with the command's one-line message. `stop_after_deals` stops the
/// run as if interrupted (for tests).
#[pyfunction]
#[pyo3(signature = (config, out, threads=None, force=false, resume=false, stop_after_deals=None))]
pub fn run_config(
    py: Python<'_>,
    config: PathBuf,
    out: PathBuf,
    threads: Option<Whole<usize>>,
    force: bool,
    resume: bool,
    stop_after_deals: Option<Whole<u64>>,
) -> PyResult<()> {
    if force && resume {
        return Err(value_error("force=True cannot be used with resume=True"));
    }
    let exp = Experiment::load(&config)
        .map_err(config_error)
        .map_err(command_error)?;
    if let Some(w) = clock_warning(exp.arms.iter().flat_map(|a| &a.seats)) {
        let text = w.trim_start_matches("warning: ");
        let category = py.get_type::<PyRuntimeWarning>();
        PyErr::warn(py, category.as_any(), &CString::new(text)?, 1)?;
    }
    let threads = threads.map(|t| t.0);
    let mut again = format!(
        "tricklab run {} --out {}",
        quoted(&config.display().to_string()),
        quoted(&out.display().to_string())
    );
    if let Some(t) = threads {
        again.push_str(&format!(" --threads {t}"));
    }
    let job = RunJob {
        plan: RunPlan {
            out,
            resume,
            force,
            shard: None,
            stop_after: stop_after_deals.map(|n| n.0),
            records: None,
            record_times: false,
        },
        config_file: config,
        deals: None,
        continue_with: format!("{again} --resume"),
    };
    py.detach(|| {
        let pool = worker_pool(threads)?;
        with_bots(|| pool.install(|| run_experiment(&exp, &job)))
    })
    .map(drop)
    .map_err(command_error)
}

/// Asks the `run` in progress to stop as Ctrl-C would (it then raises `Interrupted`). The
/// first call in a process installs the command line's signal handlers: call it where
/// Python's are put back afterwards (as `tricklab.run` does).
#[pyfunction]
pub fn request_stop() {
    tricklab::sim::request_stop();
}

/// Forgets an earlier run's stop; called before each run is started, so that a stop asked for
/// while the run is starting is kept.
#[pyfunction]
pub fn clear_stop() {
    tricklab::sim::clear_stop();
}
