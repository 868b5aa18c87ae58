//! `tricklab.agent(spec)`: one of tricklab's agents, to ask for a decision from Python.

use pyo3::prelude::*;

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::ffi::CString;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use pyo3::exceptions::PyRuntimeWarning;
use tricklab::agents::{Agent, AgentFactory, AgentSpec, build_agent};

use tricklab::games::{Action, Decision, Game, GameKind};
use tricklab::rng::{GameRng, Purpose, stream};

use crate::any::each_play;
use crate::errors::{Whole, value_error};
use crate::interrupt::interruptible;
use crate::play::action_id;
use crate::state::PyState;

/// An agent named by a spec (`random`, `rules:save_ten`, `ismcts:iterations=1000`, …), with its
/// own random stream. `act(state)` returns the action it chooses for the seat to act, as a
/// string; the search runs without the GIL.
#[pyclass(name = "Agent", module = "tricklab._tricklab")]
pub struct PyAgent {
    pub(crate) spec: AgentSpec,
    rng: GameRng,
    slots: Slots,
    /// Whether a slow decision was warned of already (once per agent).
    warned: bool,
}

/// A decision slower than this many milliseconds raises a `RuntimeWarning` (once per agent):
/// some searches cost seconds a decision in some games (PIMC in 9-5-2 about 15 s even at
/// `worlds=2`). 5 s; tests lower it with [`_set_slow_decision_ms`].
static SLOW_MS: AtomicU64 = AtomicU64::new(5_000);

/// Whether `spec`'s decision in `state` is known to cost seconds to minutes: PIMC and αμ
/// playing a card in 9-5-2 with more than 8 cards in hand (the double-dummy solves of the first
/// tricks of three 16-card hands).
fn costly(spec: &AgentSpec, state: &PyState) -> bool {
    if state.play.rules().kind() != GameKind::NINE_FIVE_TWO {
        return false;
    }
    each_play!(&state.play, p => {
        let Some(seat) = p.hand.to_act() else {
            return false;
        };
        matches!(spec, AgentSpec::Pimc(_) | AgentSpec::AlphaMu(_))
            && p.hand.legal_actions().decision() == Decision::Play
            && p.hand.hand(seat).len() > 8
    })
}

/// Sets the slow-decision warning's threshold (for tests).
#[pyfunction]
pub fn _set_slow_decision_ms(ms: Whole<u64>) {
    SLOW_MS.store(ms.0, Ordering::Relaxed);
}

/// The agent for each game it has decided in, by the game's hand type: a `Box<dyn Agent<G>>`
/// for hands `G`, built on first use (a mutex only to make the class `Sync`; the agents are
/// used through `&mut`).
type Slots = Mutex<HashMap<TypeId, Box<dyn Any + Send>>>;

/// The agent for hands `G`, taken out of its slot (built on first use); put it back with
/// [`put`].
fn take<G: AgentFactory>(slots: &mut Slots, spec: &AgentSpec) -> PyResult<Box<dyn Agent<G>>> {
    let slots = slots.get_mut().unwrap_or_else(|e| e.into_inner());
    match slots.remove(&TypeId::of::<G>()) {
        Some(agent) => Ok(*agent
            .downcast::<Box<dyn Agent<G>>>()
            .expect("a slot holds its game's agent")),
        None => build_agent::<G>(spec).map_err(value_error),
    }
}

fn put<G: Game>(slots: &mut Slots, agent: Box<dyn Agent<G>>) {
    let slots = slots.get_mut().unwrap_or_else(|e| e.into_inner());
    slots.insert(TypeId::of::<G>(), Box::new(agent));
}

/// Whether the agent `spec` names decides in microseconds (no search), so that it is asked on
/// the calling thread rather than on one that Ctrl-C can leave.
fn quick(spec: &AgentSpec) -> bool {
    matches!(spec, AgentSpec::Random | AgentSpec::Rules(_))
}

/// The agent's decision for the seat to act in `hand`. A search runs without the GIL on a
/// thread of its own, so that Ctrl-C stops the call at once (see [`interruptible`]); an
/// interrupted search finishes there and is dropped, and the agent and its random stream are
/// as before the call (the agent is built afresh at its next use).
fn choose<G: AgentFactory>(
    py: Python<'_>,
    slots: &mut Slots,
    spec: &AgentSpec,
    hand: &G,
    rng: &mut GameRng,
) -> PyResult<Action> {
    let seat = hand
        .to_act()
        .ok_or_else(|| value_error("the hand is over; no action is possible"))?;
    let mut agent = take(slots, spec)?;
    if quick(spec) {
        let a = agent.choose(hand, seat, rng);
        put(slots, agent);
        return Ok(a);
    }
    let (hand, mut stream) = (hand.clone(), rng.clone());
    let (agent, stream, a) = interruptible(py, move |_| {
        let a = agent.choose(&hand, seat, &mut stream);
        (agent, stream, a)
    })?;
    put(slots, agent);
    *rng = stream;
    Ok(a)
}

impl PyAgent {
    /// The agent `spec` names, its random stream from `seed`.
    pub(crate) fn new(spec: &str, seed: u64) -> PyResult<PyAgent> {
        let spec: AgentSpec = spec.parse().map_err(value_error)?;
        Ok(PyAgent {
            spec,
            rng: stream(seed, 0, Purpose::Other, 1),
            slots: Mutex::new(HashMap::new()),
            warned: false,
        })
    }

    /// [`choose`] for the game of `state`, with a warning the first time a decision is slow,
    /// or before it where it is known to be (see [`costly`]).
    fn choose(&mut self, py: Python<'_>, state: &PyState) -> PyResult<Action> {
        if !self.warned && costly(&self.spec, state) {
            self.warned = true;
            let msg = format!(
                "tricklab.agent({:?}) in nine-five-two: its first card decisions solve three \
                 16-card hands double dummy in every world, seconds to minutes of CPU each even \
                 at worlds=2 (see docs/python.md, Agents)",
                self.spec.to_string()
            );
            let msg = CString::new(msg).unwrap_or_default();
            PyErr::warn(py, py.get_type::<PyRuntimeWarning>().as_any(), &msg, 1)?;
        }
        let start = Instant::now();
        let a = self.choose_in(py, state)?;
        let took = start.elapsed();
        if took > Duration::from_millis(SLOW_MS.load(Ordering::Relaxed)) && !self.warned {
            self.warned = true;
            let msg = format!(
                "tricklab.agent({:?}) took {:.1} s for one decision in {}; searches cost \
                 seconds a decision in some games (see docs/python.md, Agents)",
                self.spec.to_string(),
                took.as_secs_f64(),
                state.play.rules().kind().name()
            );
            let msg = CString::new(msg).unwrap_or_default();
            PyErr::warn(py, py.get_type::<PyRuntimeWarning>().as_any(), &msg, 1)?;
        }
        Ok(a)
    }

    fn choose_in(&mut self, py: Python<'_>, state: &PyState) -> PyResult<Action> {
        each_play!(&state.play, p => choose(py, &mut self.slots, &self.spec, &p.hand, &mut self.rng))
    }
}

#[pymethods]
impl PyAgent {
    /// The action this agent chooses for the seat to act in `state`, as a string (`TD`, or a
    /// suit letter for a trump), which `state.apply` takes.
    fn act(&mut self, py: Python<'_>, state: &PyState) -> PyResult<String> {
        Ok(self.choose(py, state)?.argument())
    }

    /// The same choice as an action id.
    fn act_id(&mut self, py: Python<'_>, state: &PyState) -> PyResult<usize> {
        Ok(action_id(self.choose(py, state)?))
    }

    /// The spec, as tricklab writes it.
    #[getter]
    fn spec(&self) -> String {
        self.spec.to_string()
    }

    fn __repr__(&self) -> String {
        format!("tricklab.agent({:?})", self.spec.to_string())
    }
}

/// The agent `spec` names, e.g. `agent("ismcts:iterations=1000")`; `seed` fixes its random
/// stream. A bad spec raises `ValueError` with the command line's message.
#[pyfunction]
#[pyo3(signature = (spec, seed=Whole(0)))]
pub fn agent(spec: &str, seed: Whole<u64>) -> PyResult<PyAgent> {
    PyAgent::new(spec, seed.0)
}
