//! `tricklab.agent(spec)`: one of tricklab's agents, to ask for a decision from Python.

use pyo3::prelude::*;

use std::sync::Mutex;
use tricklab::agents::{Agent, AgentFactory, AgentSpec, build_agent};

use tricklab::games::{
    Action, catch_the_ten::CatchTheTen, nine_five_two::NineFiveTwo, whist::Whist,
};
use tricklab::rng::{GameRng, Purpose, stream};

use crate::any::AnyPlay;
use crate::errors::value_error;
use crate::play::action_id;
use crate::state::PyState;

/// An agent named by a spec (`random`, `rules:save_ten`, `ismcts:iterations=1000`, …), with its
/// own random stream. `act(state)` returns the action it chooses for the seat to act, as a
/// string; the search runs without the GIL.
#[pyclass(name = "Agent", module = "tricklab._tricklab")]
pub struct PyAgent {
    pub(crate) spec: AgentSpec,
    rng: GameRng,
    catch_the_ten: Slot<CatchTheTen>,
    nine_five_two: Slot<NineFiveTwo>,
    whist: Slot<Whist>,
}

/// The agent for one game, built on first use (a mutex only to make the class `Sync`; the
/// agent is used through `&mut`).
type Slot<G> = Mutex<Option<Box<dyn Agent<G>>>>;

/// Builds the agent for game `G` once.
fn built<'a, G: AgentFactory>(
    slot: &'a mut Slot<G>,
    spec: &AgentSpec,
) -> PyResult<&'a mut Box<dyn Agent<G>>> {
    let slot = slot.get_mut().unwrap_or_else(|e| e.into_inner());
    if slot.is_none() {
        *slot = Some(build_agent::<G>(spec).map_err(value_error)?);
    }
    Ok(slot.as_mut().expect("built above"))
}

fn choose<G: AgentFactory>(
    py: Python<'_>,
    agent: &mut Box<dyn Agent<G>>,
    hand: &G,
    rng: &mut GameRng,
) -> PyResult<Action> {
    let seat = hand
        .to_act()
        .ok_or_else(|| value_error("the hand is over; no action is possible"))?;
    Ok(py.detach(|| agent.choose(hand, seat, rng)))
}

impl PyAgent {
    /// The agent `spec` names, its random stream from `seed`.
    pub(crate) fn new(spec: &str, seed: u64) -> PyResult<PyAgent> {
        let spec: AgentSpec = spec.parse().map_err(value_error)?;
        Ok(PyAgent {
            spec,
            rng: stream(seed, 0, Purpose::Other, 1),
            catch_the_ten: Mutex::new(None),
            nine_five_two: Mutex::new(None),
            whist: Mutex::new(None),
        })
    }

    fn choose(&mut self, py: Python<'_>, state: &PyState) -> PyResult<Action> {
        match &state.play {
            AnyPlay::CatchTheTen(p) => {
                let a = built(&mut self.catch_the_ten, &self.spec)?;
                choose(py, a, &p.hand, &mut self.rng)
            }
            AnyPlay::NineFiveTwo(p) => {
                let a = built(&mut self.nine_five_two, &self.spec)?;
                choose(py, a, &p.hand, &mut self.rng)
            }
            AnyPlay::Whist(p) => {
                let a = built(&mut self.whist, &self.spec)?;
                choose(py, a, &p.hand, &mut self.rng)
            }
        }
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
#[pyo3(signature = (spec, seed=0))]
pub fn agent(spec: &str, seed: u64) -> PyResult<PyAgent> {
    PyAgent::new(spec, seed)
}
