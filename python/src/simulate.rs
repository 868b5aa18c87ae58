//! `tricklab.simulate`: many games with tricklab's agents and Python functions seated
//! together, returned as columns.
//!
//! With only tricklab agents the library's parallel runner plays (without the GIL). With a
//! Python function in a seat, [`play_games`] plays the same games in the same order on one
//! thread, taking the GIL only to call the function; its rows, records and summary are the
//! runner's, byte for byte, for the same seating (a test checks it).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList};

use tricklab::agents::{Agent, AgentSpec, SpecError, build_agent, parse_seating};
use tricklab::games::matches::{MatchState, PlayedHand};
use tricklab::games::record::record_hand;
use tricklab::games::{Action, Game as _, IllegalAction, Seat};
use tricklab::rng::GameStreams;
use tricklab::sim::{Paired, SimConfig, Sinks, duplicate_rotations, simulate as run_sim};
use tricklab::stats::MeanAcc;

use crate::agent::PyAgent;
use crate::errors::value_error;
use crate::game::PyGame;
use crate::play::{Play, action_of_id, action_of_text};
use crate::state::{Origin, PyState};
use crate::table::{Table, each_rules};

/// Who sits in a seat: a tricklab agent, or a Python function of the state.
pub enum Sitter {
    /// A tricklab agent.
    Spec(AgentSpec),
    /// A Python callable taking a `State` and returning an action (string or id).
    Python(Py<PyAny>, String),
}

impl Sitter {
    /// The name used in reports and for the paired difference.
    fn name(&self) -> String {
        match self {
            Sitter::Spec(s) => s.to_string(),
            Sitter::Python(_, name) => name.clone(),
        }
    }
}

/// What a run produced.
pub struct Output<S> {
    csv: Vec<u8>,
    log: Vec<u8>,
    summary: S,
    paired: Option<Paired>,
    /// The per-game paired differences, where the run kept them (one thread only).
    scores: Option<Vec<f64>>,
}

/// Reads the `agents` argument: a seating string, or a list of specs, `Agent`s and callables,
/// one for every seat or one per seat.
fn sitters(agents: &Bound<'_, PyAny>, seats: usize) -> PyResult<Vec<Sitter>> {
    if let Ok(text) = agents.extract::<String>() {
        let specs = parse_seating(&text, seats).map_err(value_error)?;
        return Ok(specs.into_iter().map(Sitter::Spec).collect());
    }
    let list = agents.cast::<PyList>().map_err(|_| {
        value_error("agents is a seating string or a list of specs, agents and functions")
    })?;
    let mut out = Vec::new();
    for item in list.iter() {
        out.push(if let Ok(text) = item.extract::<String>() {
            Sitter::Spec(text.parse().map_err(value_error)?)
        } else if let Ok(a) = item.extract::<PyRef<'_, PyAgent>>() {
            Sitter::Spec(a.spec.clone())
        } else if item.is_callable() {
            let name = item
                .getattr("__name__")
                .and_then(|n| n.extract::<String>())
                .unwrap_or_else(|_| "function".to_string());
            Sitter::Python(item.unbind(), format!("python:{name}"))
        } else {
            return Err(value_error(format!(
                "agent {} is neither a spec, an Agent nor a function",
                item.repr()?
            )));
        });
    }
    match out.len() {
        1 => {
            let one = out.pop().expect("one");
            Ok((0..seats)
                .map(|_| match &one {
                    Sitter::Spec(s) => Sitter::Spec(s.clone()),
                    Sitter::Python(f, n) => {
                        Sitter::Python(Python::attach(|py| f.clone_ref(py)), n.clone())
                    }
                })
                .collect())
        }
        n if n == seats => Ok(out),
        n => Err(value_error(SpecError::Seats { given: n, seats })),
    }
}

/// An agent at the table.
enum Seated<G> {
    Native(Box<dyn Agent<G>>),
    Python(Py<PyAny>),
}

/// Asks the Python function `f` for the decision in `play` and checks it.
fn ask_python<R: Table>(f: &Py<PyAny>, play: Play<R>) -> PyResult<Action> {
    Python::attach(|py| {
        let legal = play.hand.legal_actions();
        let seat = play
            .hand
            .to_act()
            .expect("asked only when a seat is to act");
        let hand = play.hand.clone();
        let state = PyState {
            play: R::wrap(play),
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

/// Plays `cfg.games` games on this thread exactly as the library's runner does (same streams,
/// agents rebuilt per chunk, same rows and records), taking the GIL only for Python seats.
pub fn play_games<R: Table>(
    rules: &R,
    sitters: &[Sitter],
    cfg: &SimConfig,
    want_csv: bool,
    want_log: bool,
) -> PyResult<Output<R::Summary>> {
    let n = rules.sides().num_seats();
    let mut csv = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    if want_csv {
        csv.write_record(rules.csv_header()).map_err(value_error)?;
    }
    let mut log = Vec::new();
    let mut summary = R::Summary::default();
    let mut paired = MeanAcc::default();
    let mut scores = Vec::new();
    let names: Vec<String> = sitters.iter().map(Sitter::name).collect();
    let mut distinct: Vec<&String> = Vec::new();
    for name in &names {
        if !distinct.contains(&name) {
            distinct.push(name);
        }
    }
    let mut actions: Vec<(Seat, Action)> = Vec::with_capacity(64);
    let mut start = 0;
    while start < cfg.games {
        let end = (start + cfg.chunk).min(cfg.games);
        let mut agents: Vec<Seated<R::Hand>> = sitters
            .iter()
            .map(|s| match s {
                Sitter::Spec(spec) => build_agent::<R::Hand>(spec)
                    .map(Seated::Native)
                    .map_err(value_error),
                Sitter::Python(f, _) => Ok(Seated::Python(Python::attach(|py| f.clone_ref(py)))),
            })
            .collect::<PyResult<_>>()?;
        for game in start..end {
            let mut sums = [(0.0f64, 0u32); 2];
            for r in 0..cfg.rotations {
                let agent_of = |seat: usize| (seat + n - r) % n;
                let GameStreams {
                    agents: mut rngs,
                    deal: mut deal_rng,
                    first_dealer,
                } = GameStreams::new(cfg.seed, game, n, 0, |k| ((r as u64) << 8) | k as u64);
                let max_hands = if cfg.single_hands { 1 } else { cfg.max_hands };
                let mut m = MatchState::new(Seat(first_dealer));
                while !m.is_over() {
                    if m.hands_dealt >= max_hands {
                        m.abandoned = true;
                        break;
                    }
                    let initial = rules.deal(&m, &mut deal_rng);
                    let mut hand = initial.clone();
                    actions.clear();
                    while let Some(seat) = hand.to_act() {
                        let a = match &mut agents[agent_of(seat.index())] {
                            Seated::Native(agent) => {
                                agent.choose(&hand, seat, &mut rngs[seat.index()])
                            }
                            Seated::Python(f) => ask_python::<R>(
                                f,
                                Play {
                                    rules: rules.clone(),
                                    before: m,
                                    match_index: game,
                                    initial: Some(initial.clone()),
                                    hand: hand.clone(),
                                    actions: actions.clone(),
                                },
                            )?,
                        };
                        hand.apply(a);
                        actions.push((seat, a));
                    }
                    let before = m;
                    rules.settle(&mut m, &hand);
                    // As `play_match`: abandoned with the last hand, so the record marks the cut.
                    if !m.is_over() && m.hands_dealt >= max_hands {
                        m.abandoned = true;
                    }
                    let played = PlayedHand {
                        initial: &initial,
                        actions: &actions,
                        last: &hand,
                        before: &before,
                        after: &m,
                    };
                    if want_csv {
                        rules
                            .csv_rows(game, r, &played, &mut csv)
                            .map_err(value_error)?;
                    }
                    if want_log {
                        let rec = record_hand(rules, game, &played);
                        serde_json::to_writer(&mut log, &rec).map_err(value_error)?;
                        log.push(b'\n');
                    }
                    rules.tally_hand(&mut summary, &played);
                    if cfg.rotations > 1 {
                        for s in Seat::all(n) {
                            let name = &names[agent_of(s.index())];
                            if let Some(g) = distinct.iter().take(2).position(|d| *d == name) {
                                sums[g].0 += hand.seat_points(s) as f64;
                                sums[g].1 += 1;
                            }
                        }
                    }
                }
                if !cfg.single_hands {
                    rules.tally_match(&mut summary, &m);
                }
            }
            if sums[0].1 > 0 && sums[1].1 > 0 {
                let diff = sums[0].0 / sums[0].1 as f64 - sums[1].0 / sums[1].1 as f64;
                paired.add(diff);
                scores.push(diff);
            }
        }
        start = end;
    }
    let paired = (cfg.rotations > 1 && distinct.len() >= 2).then(|| Paired {
        first: distinct[0].clone(),
        second: distinct[1].clone(),
        diffs: paired,
    });
    Ok(Output {
        csv: csv.into_inner().map_err(|e| value_error(e.to_string()))?,
        log,
        summary,
        scores: paired.is_some().then_some(scores),
        paired,
    })
}

/// Plays with the library's parallel runner (tricklab agents only).
fn play_parallel<R: Table>(
    rules: &R,
    specs: &[AgentSpec],
    cfg: &SimConfig,
    threads: usize,
    want_csv: bool,
    want_log: bool,
) -> PyResult<Output<R::Summary>> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(value_error)?;
    let mut csv = Vec::new();
    let mut log = Vec::new();
    let sinks = Sinks {
        csv: want_csv.then_some(&mut csv as &mut (dyn std::io::Write + Send)),
        log: want_log.then_some(&mut log as &mut (dyn std::io::Write + Send)),
    };
    let result = pool
        .install(|| run_sim(rules, specs, cfg, sinks, None))
        .map_err(value_error)?;
    Ok(Output {
        csv,
        log,
        summary: result.summary,
        paired: result.paired,
        scores: None,
    })
}

/// A CSV with a header as columns: integers where every field is one (empty is `None`),
/// floats where every field is a number, strings otherwise.
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
        let filled = || col.iter().filter(|f| !f.is_empty());
        if filled().all(|f| f.parse::<i64>().is_ok()) {
            let v: Vec<Option<i64>> = col.iter().map(|f| f.parse().ok()).collect();
            d.set_item(name, v)?;
        } else if filled().all(|f| f.parse::<f64>().is_ok()) {
            let v: Vec<Option<f64>> = col.iter().map(|f| f.parse().ok()).collect();
            d.set_item(name, v)?;
        } else {
            d.set_item(name, col)?;
        }
    }
    Ok(d)
}

/// Plays `games` games (matches, or single hands with `hands=True`) of `game` and returns a
/// dict: `rows` (the per-hand CSV of `tricklab simulate --out` as columns, for
/// `pandas.DataFrame`), `report` (the summary the command prints), `records` (the
/// `tricklab-hand/1` lines of `--log`, with `log=True`) and `paired` (with `duplicate=True`).
/// `rows=False` skips the rows (`None`), for speed.
///
/// `agents` is a seating string (`"ismcts;random;random;random"`) or a list with one entry for
/// every seat or one per seat, each a spec string, a `tricklab.agent(...)` or a Python function
/// `f(state) -> action`. The same seed gives the same result as the command line.
#[pyfunction]
#[pyo3(signature = (game, agents=None, games=1000, seed=1, hands=false, max_hands=10_000, duplicate=false, threads=None, log=false, rows=true, sequential=false))]
#[allow(clippy::too_many_arguments)]
pub fn simulate<'py>(
    py: Python<'py>,
    game: &PyGame,
    agents: Option<&Bound<'py, PyAny>>,
    games: u64,
    seed: u64,
    hands: bool,
    max_hands: u32,
    duplicate: bool,
    threads: Option<usize>,
    log: bool,
    rows: bool,
    sequential: bool,
) -> PyResult<Bound<'py, PyDict>> {
    if games == 0 {
        return Err(value_error("games must be at least 1"));
    }
    if max_hands == 0 {
        return Err(value_error("max_hands must be at least 1"));
    }
    if threads == Some(0) {
        return Err(value_error("threads must be at least 1"));
    }
    let seats = game.rules.players();
    let random = pyo3::types::PyString::new(py, "random").into_any();
    let sitters = sitters(agents.unwrap_or(&random), seats)?;
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
    let out = each_rules!(&game.rules, rules => run_table(py, rules, &sitters, &flags))?;
    out.set_item(
        "agents",
        sitters.iter().map(Sitter::name).collect::<Vec<_>>(),
    )?;
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

/// Runs `simulate` for one game's rules.
fn run_table<'py, R: Table>(
    py: Python<'py>,
    rules: &R,
    sitters: &[Sitter],
    f: &Flags,
) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    for s in sitters {
        if let Sitter::Spec(spec) = s {
            build_agent::<R::Hand>(spec).map_err(value_error)?;
        }
    }
    let cfg = SimConfig {
        seed: f.seed,
        games: f.games,
        single_hands: f.hands,
        max_hands: f.max_hands,
        rotations: if f.duplicate {
            duplicate_rotations(&rules.sides())
        } else {
            1
        },
        ..SimConfig::default()
    };
    let specs: Option<Vec<AgentSpec>> = sitters
        .iter()
        .map(|s| match s {
            Sitter::Spec(spec) => Some(spec.clone()),
            Sitter::Python(..) => None,
        })
        .collect();
    let result = py.detach(|| match specs {
        Some(specs) if !f.sequential => {
            play_parallel(rules, &specs, &cfg, f.threads.unwrap_or(0), f.rows, f.log)
        }
        _ => play_games(rules, sitters, &cfg, f.rows, f.log),
    })?;
    if f.rows {
        out.set_item("rows", columns(py, &result.csv)?)?;
    } else {
        out.set_item("rows", py.None())?;
    }
    out.set_item("report", rules.report(&result.summary))?;
    let records: Option<Vec<String>> = f.log.then(|| {
        String::from_utf8_lossy(&result.log)
            .lines()
            .map(str::to_string)
            .collect()
    });
    out.set_item("records", records)?;
    match &result.paired {
        Some(p) => {
            let ci = p.diffs.t_interval(0.95);
            let d = PyDict::new(py);
            d.set_item("first", &p.first)?;
            d.set_item("second", &p.second)?;
            d.set_item("deals", p.diffs.n)?;
            d.set_item("mean", ci.estimate)?;
            d.set_item("low", ci.low)?;
            d.set_item("high", ci.high)?;
            d.set_item("scores", result.scores.clone())?;
            out.set_item("paired", d)?;
        }
        None => out.set_item("paired", py.None())?,
    }

    Ok(out)
}
