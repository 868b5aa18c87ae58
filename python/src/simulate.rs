//! `tricklab.simulate`: many games with tricklab's agents and Python functions seated
//! together, played by the library's one deal runner (`experiment::play_batches_with`) as the
//! one-arm experiment `tricklab simulate` plays, so that the rows, per-deal statistics and
//! summary have the command's columns.
//!
//! With only tricklab agents the runner plays on every thread without the GIL. A Python
//! function sits in its seat as a guest (the library's `Guest::Function`, see [`PyFn`]) and is
//! asked with the GIL; the run is then on one thread, and an exception it raises stops the run
//! and is raised again. The game is dispatched inside the library
//! (`LoadedGame::play_batches_with`).

use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList};

use tricklab::agents::{AgentSpec, SpecError, parse_seating};
use tricklab::experiment::{
    Batch, DealKey, DealRows, DealTally, Experiment, SeatPoints, Simulation, Want, deals_header,
};
use tricklab::games::registry::{DynGuests, DynHand, Guest, GuestsStopped};
use tricklab::games::{Action, IllegalAction, LoadedGame};
use tricklab::report::{summary_csv, summary_markdown};

use crate::agent::PyAgent;
use crate::errors::{Interrupted, Whole, value_error};
use crate::game::PyGame;
use crate::interrupt::{interruptible, pool};
use crate::play::{action_of_id, action_of_text};
use crate::state::{Origin, PyState};

/// Who sits in a seat: a tricklab agent, or a Python function of the state.
pub enum Sitter {
    /// A tricklab agent.
    Spec(AgentSpec),
    /// A Python callable taking a `State` and returning an action (string or id).
    Python(Py<PyAny>, String),
}

impl Sitter {
    /// The name used in rows, reports and for the paired difference.
    fn name(&self) -> String {
        match self {
            Sitter::Spec(s) => s.to_string(),
            Sitter::Python(_, name) => name.clone(),
        }
    }

    /// The spec that names the seat to the runner: a Python function's is a stand-in that is
    /// never built (it sits as a guest).
    pub fn spec(&self) -> AgentSpec {
        match self {
            Sitter::Spec(spec) => spec.clone(),
            Sitter::Python(..) => AgentSpec::Random,
        }
    }

    /// Whether a Python function sits here.
    pub fn is_python(&self) -> bool {
        matches!(self, Sitter::Python(..))
    }

    /// The runner's guest for this seat: the Python function, or the agent the spec names
    /// (checked before the run).
    pub fn guest(&self) -> Guest {
        match self {
            Sitter::Spec(spec) => Guest::Agent(spec.clone()),
            Sitter::Python(f, _) => {
                Guest::Function(Box::new(PyFn(Python::attach(|py| f.clone_ref(py)))))
            }
        }
    }
}

/// The result of a run of guests (see [`Sitter::guest`]) that may have unwound: the exception
/// a Python function raised, `Interrupted` for a run stopped by its flag, any other panic
/// resumed.
pub fn unwound<T>(run: std::thread::Result<T>) -> PyResult<T> {
    run.or_else(|payload| match payload.downcast::<PythonRaised>() {
        Ok(raised) => Err(raised.0),
        Err(other) if other.is::<GuestsStopped>() => Err(Interrupted::new_err("stopped")),
        Err(other) => panic::resume_unwind(other),
    })
}

/// Reads the `agents` argument: a seating string, or a list of specs, `Agent`s and callables,
/// one for every seat or one per seat; with `duplicate`, two at a larger table alternate seats
/// (first, second, first, …), as a tournament pair does.
fn sitters(agents: &Bound<'_, PyAny>, seats: usize, duplicate: bool) -> PyResult<Vec<Sitter>> {
    let mut out = Vec::new();
    if let Ok(text) = agents.extract::<String>() {
        // A count that does not fit is decided below, as for a list.
        let specs = match parse_seating(&text, seats) {
            Err(SpecError::Seats { .. }) => tricklab::agents::parse_specs(&text),
            other => other,
        };
        out.extend(specs.map_err(value_error)?.into_iter().map(Sitter::Spec));
    } else {
        let list = agents.cast::<PyList>().map_err(|_| {
            value_error("agents is a seating string or a list of specs, agents and functions")
        })?;
        for item in list.iter() {
            out.push(sitter(&item)?);
        }
    }
    let given = out.len();
    let copy = |s: &Sitter| match s {
        Sitter::Spec(s) => Sitter::Spec(s.clone()),
        Sitter::Python(f, n) => Sitter::Python(Python::attach(|py| f.clone_ref(py)), n.clone()),
    };
    match given {
        n if n == seats => Ok(out),
        1 => Ok((0..seats).map(|_| copy(&out[0])).collect()),
        2 if duplicate => Ok((0..seats).map(|s| copy(&out[s % 2])).collect()),
        _ => Err(value_error(seats_message(given, seats, duplicate))),
    }
}

/// One seat's sitter from Python: a spec string, an `Agent` or a function.
pub fn sitter(item: &Bound<'_, PyAny>) -> PyResult<Sitter> {
    Ok(if let Ok(text) = item.extract::<String>() {
        Sitter::Spec(text.parse().map_err(value_error)?)
    } else if let Ok(a) = item.extract::<PyRef<'_, PyAgent>>() {
        Sitter::Spec(a.spec.clone())
    } else if item.is_callable() {
        let name = item
            .getattr("__name__")
            .and_then(|n| n.extract::<String>())
            .unwrap_or_else(|_| "function".to_string());
        Sitter::Python(item.clone().unbind(), format!("python:{name}"))
    } else {
        return Err(value_error(format!(
            "agent {} is neither a spec, an Agent nor a function",
            item.repr()?
        )));
    })
}

/// What to pass when `given` agents do not fit `seats` seats: the command line's message, and
/// what `duplicate` adds.
fn seats_message(given: usize, seats: usize, duplicate: bool) -> String {
    let mut msg = SpecError::Seats { given, seats }.to_string();
    if duplicate {
        msg.push_str(", or two to compare (they alternate seats)");
    } else if given == 2 {
        msg.push_str("; to compare two agents on the same deals, add duplicate=True");
    }
    msg
}

/// The exception a Python agent raised, carried out of the runner by unwinding (an agent's
/// `choose` cannot fail) and raised again by [`simulate`].
struct PythonRaised(PyErr);

/// A Python function in a seat, asked with the GIL for its decision in the hand the runner
/// hands it (the match before it, the deal and the decisions so far: a whole `State`).
pub struct PyFn(Py<PyAny>);

impl tricklab::games::registry::HandFunction for PyFn {
    fn choose(&mut self, hand: Box<dyn DynHand>) -> Action {
        match ask_python(&self.0, hand) {
            Ok(a) => a,
            Err(e) => panic::resume_unwind(Box::new(PythonRaised(e))),
        }
    }
}

/// Every seat of the one arm as the runner's guest: a Python function, or the agent its spec
/// names; each stops the run at its next decision once `stop` is set.
struct PyGuests {
    /// Per seat: the function and its name, for Python seats; the spec otherwise.
    seats: Vec<Sitter>,
    stop: Arc<AtomicBool>,
}

impl DynGuests for PyGuests {
    fn guest(&self, _arm: usize, seat: usize) -> Option<Guest> {
        match &self.seats[seat] {
            // A random seat is the arm's own agent (the same spec): a table of them then plays
            // on the runner's fast path, and the stop flag it checks between chunks stops it
            // soon enough (a chunk of random hands takes a fraction of a millisecond).
            Sitter::Spec(AgentSpec::Random) => None,
            sitter => Some(sitter.guest()),
        }
    }

    fn name(&self, _arm: usize, seat: usize) -> Option<String> {
        Some(self.seats[seat].name())
    }

    fn stop(&self) -> Option<&Arc<AtomicBool>> {
        Some(&self.stop)
    }
}

/// Asks the Python function `f` for the decision in `play` and checks it.
fn ask_python(f: &Py<PyAny>, play: Box<dyn DynHand>) -> PyResult<Action> {
    Python::attach(|py| {
        let legal = play.legal_actions();
        let seat = play.to_act().expect("asked only when a seat is to act");
        let hand = play.clone_box();
        let state = PyState {
            play,
            origin: Origin::Other("a state handed to an agent in simulate"),
        };
        let answer = f.call1(py, (state,))?;
        let answer = answer.bind(py);
        let a = if answer.is_instance_of::<PyInt>() {
            action_of_id(legal, answer.extract::<i64>()?)
        } else if let Ok(text) = answer.extract::<String>() {
            action_of_text(legal, &text)
        } else {
            Err(format!(
                "a Python agent must return an action string or id, not {}",
                answer.repr()?
            ))
        };
        let a = a.map_err(value_error)?;
        if !hand.accepts(a) {
            return Err(value_error(IllegalAction::NotLegal {
                action: a,
                seat,
                legal,
            }));
        }
        Ok(a)
    })
}

/// A CSV with a header as columns, each typed as [`text_column`] types it.
fn columns<'py>(py: Python<'py>, csv_bytes: &[u8]) -> PyResult<Bound<'py, PyDict>> {
    let mut reader = csv::Reader::from_reader(csv_bytes);
    let header: Vec<String> = reader
        .headers()
        .map_err(value_error)?
        .iter()
        .map(str::to_string)
        .collect();
    let mut cols: Vec<Vec<String>> = vec![Vec::new(); header.len()];
    for row in reader.records() {
        let row = row.map_err(value_error)?;
        for (c, field) in cols.iter_mut().zip(row.iter()) {
            c.push(field.to_string());
        }
    }
    let d = PyDict::new(py);
    for (name, col) in header.iter().zip(cols) {
        d.set_item(name, text_column(py, col)?)?;
    }
    Ok(d)
}

/// A column of CSV fields for Python: integers where every field is one (empty is `None`),
/// floats where every field is a number, strings otherwise.
fn text_column(py: Python<'_>, col: Vec<String>) -> PyResult<Bound<'_, PyAny>> {
    let filled = || col.iter().filter(|f| !f.is_empty());
    if filled().all(|f| f.parse::<i64>().is_ok()) {
        let v: Vec<Option<i64>> = col.iter().map(|f| f.parse().ok()).collect();
        v.into_pyobject(py)
    } else if filled().all(|f| f.parse::<f64>().is_ok()) {
        let v: Vec<Option<f64>> = col.iter().map(|f| f.parse().ok()).collect();
        v.into_pyobject(py)
    } else {
        col.into_pyobject(py)
    }
}

/// `v` as an `i64` when `deals.csv` writes it as one: Rust writes a whole `f64` in range
/// without a fraction or exponent (`-0.0` as `-0`), which reads back as that integer.
fn whole(v: f64) -> Option<i64> {
    // -2^63 ..= 2^63 - 1: every whole f64 in [-2^63, 2^63) fits.
    const LIMIT: f64 = 9_223_372_036_854_775_808.0;
    (v.fract() == 0.0 && (-LIMIT..LIMIT).contains(&v)).then_some(v as i64)
}

/// A statistic's column for Python, straight from the typed rows: what [`text_column`] makes
/// of the column as `deals.csv` writes it (integers where every value is whole, floats
/// otherwise; `None` where the deal is not in the statistic's population).
fn number_column<'py>(py: Python<'py>, col: &[Option<f64>]) -> PyResult<Bound<'py, PyAny>> {
    if col.iter().flatten().all(|&v| whole(v).is_some()) {
        let v: Vec<Option<i64>> = col.iter().map(|v| v.and_then(whole)).collect();
        v.into_pyobject(py)
    } else {
        col.into_pyobject(py)
    }
}

/// `deals.csv`'s columns from the typed rows, each typed as [`columns`] types the file's
/// (no row is written as text and read back).
fn deal_columns<'py>(
    py: Python<'py>,
    exp: &Experiment,
    rows: &DealRows,
) -> PyResult<Bound<'py, PyDict>> {
    let header = deals_header(exp);
    let keys: Vec<DealKey> = rows.iter().map(|(k, _)| k).collect();
    let d = PyDict::new(py);
    // A deal past i64::MAX reads back only as a float.
    if keys.iter().all(|k| i64::try_from(k.deal).is_ok()) {
        d.set_item(&header[0], keys.iter().map(|k| k.deal).collect::<Vec<_>>())?;
    } else {
        d.set_item(
            &header[0],
            keys.iter().map(|k| k.deal as f64).collect::<Vec<_>>(),
        )?;
    }
    let arms: Vec<String> = keys.iter().map(|k| exp.arms[k.arm].name.clone()).collect();
    d.set_item(&header[1], text_column(py, arms)?)?;
    d.set_item(
        &header[2],
        keys.iter().map(|k| k.rotation).collect::<Vec<_>>(),
    )?;
    for (j, name) in header[3..].iter().enumerate() {
        let col: Vec<Option<f64>> = rows.iter().map(|(_, v)| v[j]).collect();
        d.set_item(name, number_column(py, &col)?)?;
    }
    Ok(d)
}

/// Plays `games` games (matches, or single hands with `hands=True`) of `game` as
/// `tricklab simulate` does and returns a dict with its columns: `rows` (`hands.csv` of
/// `--out`: one row per seat and hand; `None` with `rows=False`), `deals` (`deals.csv`: one row
/// per game and rotation, every statistic), `summary` (`summary.csv`), `report` (the summary
/// table the command prints), `records` (the `tricklab-hand/1` lines of `--log`, with
/// `log=True`), `paired` (with `duplicate=True`) and `agents`.
///
/// `agents` is a seating string (`"ismcts;random;random;random"`) or a list with one entry for
/// every seat or one per seat, each a spec string, a `tricklab.agent(...)` or a Python function
/// `f(state) -> action`. The same seed gives the same result as the command line.
#[pyfunction]
#[pyo3(signature = (game, agents=None, games=Whole(1000), seed=Whole(1), hands=false, max_hands=Whole(10_000), duplicate=false, threads=None, log=false, rows=true, sequential=false))]
#[allow(clippy::too_many_arguments)]
pub fn simulate<'py>(
    py: Python<'py>,
    game: &PyGame,
    agents: Option<&Bound<'py, PyAny>>,
    games: Whole<u64>,
    seed: Whole<u64>,
    hands: bool,
    max_hands: Whole<u32>,
    duplicate: bool,
    threads: Option<Whole<usize>>,
    log: bool,
    rows: bool,
    sequential: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let (games, seed, max_hands, threads) = (games.0, seed.0, max_hands.0, threads.map(|t| t.0));
    if games == 0 {
        return Err(value_error("games must be at least 1"));
    }
    if max_hands == 0 {
        return Err(value_error("max_hands must be at least 1"));
    }
    if threads == Some(0) {
        return Err(value_error("threads must be at least 1"));
    }
    let seats = game.game.players();
    let random = pyo3::types::PyString::new(py, "random").into_any();
    let sitters = sitters(agents.unwrap_or(&random), seats, duplicate)?;
    let flags = Flags {
        rows,
        games,
        seed,
        hands,
        max_hands,
        duplicate,
        threads,
        log,
        sequential,
    };
    let names: Vec<String> = sitters.iter().map(Sitter::name).collect();
    let out = run_table(py, &game.game, sitters, &flags)?;
    out.set_item("agents", names)?;
    Ok(out)
}

/// The switches of one `simulate` call.
struct Flags {
    rows: bool,
    games: u64,
    seed: u64,
    hands: bool,
    max_hands: u32,
    duplicate: bool,
    threads: Option<usize>,
    log: bool,
    sequential: bool,
}

/// What the runner's batches added up to.
#[derive(Default)]
struct Played {
    hands: Vec<u8>,
    deals: DealRows,
    records: Vec<u8>,
    points: Vec<SeatPoints>,
}

/// Runs `simulate` at `game`'s table, on a thread of its own that Ctrl-C stops (see
/// [`interruptible`]).
fn run_table<'py>(
    py: Python<'py>,
    game: &LoadedGame,
    sitters: Vec<Sitter>,
    f: &Flags,
) -> PyResult<Bound<'py, PyDict>> {
    // Every seat plays as the runner's guest; its spec in the config names it.
    let specs: Vec<AgentSpec> = sitters.iter().map(Sitter::spec).collect();
    for spec in &specs {
        game.kind().check_agent(spec).map_err(value_error)?;
    }
    let sim = Simulation {
        seed: f.seed,
        games: f.games,
        hands: f.hands,
        duplicate: f.duplicate,
        max_hands: f.max_hands,
        hand_rows: f.rows,
    };
    let exp = game.simulation(&specs, &sim).map_err(value_error)?;
    let names: Vec<String> = sitters.iter().map(Sitter::name).collect();
    let python_seats = sitters.iter().any(Sitter::is_python);
    let threads = if python_seats || f.sequential {
        1
    } else {
        f.threads.unwrap_or(0)
    };
    let want = Want {
        records: tricklab::experiment::Records::new(f.log, false),
        seat_points: f.duplicate,
    };
    let game_in = game.clone();
    let exp_in = exp.clone();
    let ran = interruptible(py, move |stop| {
        let (game, exp) = (game_in, exp_in);
        let guests = PyGuests {
            seats: sitters,
            stop: stop.clone(),
        };
        let pool = pool(threads, &stop).map_err(value_error)?;
        let mut played = Played::default();
        let mut tally = DealTally::new(&exp);
        let run = panic::catch_unwind(AssertUnwindSafe(|| {
            pool.install(|| {
                game.play_batches_with(
                    &exp,
                    0..exp.deals,
                    0,
                    want,
                    &guests,
                    &stop,
                    None,
                    &mut |b: Batch, _| {
                        tally.add_deal_rows(&b.deal_rows);
                        played.hands.extend(b.hands);
                        played.deals.append(b.deal_rows);
                        played.records.extend(b.records);
                        played.points.extend(b.points);
                        Ok(())
                    },
                )
            })
        }));
        unwound(run)?.map_err(value_error).map(|_| (played, tally))
    })??;
    let (ran, tally) = ran;
    let summary = tally
        .finish(&game.kind().statistics(exp.matches))
        .map_err(value_error)?;
    let out = PyDict::new(py);
    if f.rows {
        let mut hands = csv_line(&game.hands_header())?;
        hands.extend(&ran.hands);
        out.set_item("rows", columns(py, &hands)?)?;
    } else {
        out.set_item("rows", py.None())?;
    }
    out.set_item("deals", deal_columns(py, &exp, &ran.deals)?)?;
    out.set_item("summary", columns(py, summary_csv(&summary).as_bytes())?)?;
    out.set_item("report", summary_markdown(&exp.heading(), &summary))?;
    let records: Option<Vec<String>> = f.log.then(|| {
        String::from_utf8_lossy(&ran.records)
            .lines()
            .map(str::to_string)
            .collect()
    });
    out.set_item("records", records)?;
    match paired(&names, game.sides().num_seats(), &ran.points) {
        Some((first, second, scores)) if f.duplicate => {
            let mut acc = tricklab::stats::MeanAcc::default();
            scores.iter().for_each(|&d| acc.add(d));
            let ci = acc.t_interval(0.95);
            let d = PyDict::new(py);
            d.set_item("first", first)?;
            d.set_item("second", second)?;
            d.set_item("deals", acc.n)?;
            d.set_item("mean", ci.estimate)?;
            d.set_item("low", ci.low)?;
            d.set_item("high", ci.high)?;
            d.set_item("scores", scores)?;
            out.set_item("paired", d)?;
        }
        _ => out.set_item("paired", py.None())?,
    }
    Ok(out)
}

/// One CSV line.
fn csv_line(fields: &[String]) -> PyResult<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(fields).map_err(value_error)?;
    w.into_inner().map_err(|e| value_error(e.to_string()))
}

/// With two agents or more: the first two (by seat) and, per deal, the first's mean points per
/// seat and hand minus the second's over every rotation. Rotation `r` seats at seat `s` the
/// agent of seat `(s + n - r) % n`, as the runner does.
fn paired<'a>(
    names: &'a [String],
    n: usize,
    points: &[SeatPoints],
) -> Option<(&'a str, &'a str, Vec<f64>)> {
    let mut distinct: Vec<&String> = Vec::new();
    for name in names {
        if !distinct.contains(&name) {
            distinct.push(name);
        }
    }
    if distinct.len() < 2 {
        return None;
    }
    let mut scores = Vec::new();
    let mut i = 0;
    while i < points.len() {
        let deal = points[i].deal;
        let mut sums = [(0.0f64, 0u64); 2];
        while i < points.len() && points[i].deal == deal {
            let p = &points[i];
            for s in 0..n {
                let name = &names[(s + n - p.rotation) % n];
                if let Some(g) = distinct.iter().take(2).position(|d| *d == name) {
                    sums[g].0 += p.points[s] as f64;
                    sums[g].1 += u64::from(p.hands);
                }
            }
            i += 1;
        }
        if sums[0].1 > 0 && sums[1].1 > 0 {
            scores.push(sums[0].0 / sums[0].1 as f64 - sums[1].0 / sums[1].1 as f64);
        }
    }
    Some((distinct[0], distinct[1], scores))
}
