//! `tricklab.Game`: a game's checked rules, and fresh deals of it.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString};

use tricklab::experiment::Measured as _;
use tricklab::games::{Game as _, Rewarded as _};

use crate::any::{AnyPlay, each_play};
use crate::errors::{Whole, value_error};
use crate::observe::vector_len;
use crate::play::NUM_ACTION_IDS;
use crate::state::{Origin, PyState};
use crate::table::{AnyRules, each_rules};

/// A game with its player count and options, e.g. `Game("whist")`,
/// `Game("catch-the-ten", players=6, options={"pairs": True})`.
#[pyclass(name = "Game", module = "tricklab._tricklab", frozen)]
#[derive(Clone)]
pub struct PyGame {
    pub(crate) rules: AnyRules,
    /// The options as given, `KEY=VALUE` (to rebuild the game when a state is unpickled).
    pub(crate) items: Vec<String>,
}

/// `KEY=VALUE` items from a Python options dict, as `--option` would spell them.
pub(crate) fn option_items(options: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<String>> {
    let mut items = Vec::new();
    if let Some(d) = options {
        for (k, v) in d.iter() {
            let key: String = k.extract()?;
            let value = if v.is_instance_of::<PyBool>() {
                if v.extract::<bool>()? {
                    "true"
                } else {
                    "false"
                }
                .to_string()
            } else if v.is_instance_of::<PyInt>() || v.is_instance_of::<PyString>() {
                v.str()?.to_string()
            } else {
                return Err(value_error(format!(
                    "option `{key}` must be a bool, an int or a str, not {}",
                    v.get_type().name()?
                )));
            };
            items.push(format!("{key}={value}"));
        }
    }
    Ok(items)
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (name, players=None, options=None))]
    fn new(
        name: &str,
        players: Option<Whole<usize>>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let items = option_items(options)?;
        let rules = AnyRules::new(name, players.map(|p| p.0), &items).map_err(value_error)?;
        Ok(PyGame { rules, items })
    }

    /// The game's name: `catch-the-ten`, `nine-five-two` or `whist`.
    #[getter]
    fn name(&self) -> &'static str {
        self.rules.kind().name()
    }

    /// The player count.
    #[getter]
    fn players(&self) -> usize {
        self.rules.players()
    }

    /// The options as the records write them, as JSON.
    #[getter]
    fn options_json(&self) -> String {
        self.rules.options_json()
    }

    /// The number of action ids (56: 52 cards and 4 trump suits).
    #[getter]
    fn num_action_ids(&self) -> usize {
        NUM_ACTION_IDS
    }

    /// The length of `State.observation_vector(seat)`.
    #[getter]
    fn observation_size(&self) -> usize {
        vector_len(self.rules.players())
    }

    /// The length of `State.information_state_tensor(seat)`.
    #[getter]
    fn information_state_tensor_size(&self) -> usize {
        crate::infostate::tensor_len(self.rules.kind(), self.rules.players())
    }

    /// The parts of `State.information_state_tensor(seat)` as `(name, start, end)`:
    /// `observation`, `scores`, `tricks`, `exchange` (see docs/python.md).
    #[getter]
    fn information_state_layout(&self) -> Vec<(&'static str, usize, usize)> {
        crate::infostate::layout(self.rules.kind(), self.rules.players())
    }

    /// The least and the most points a seat can make in a hand (what `returns()` can hold):
    /// the play's range, and the most a bonus settled after the play adds (Whist's honours).
    #[getter]
    fn points_range(&self) -> (i32, i32) {
        let p = AnyPlay::deal(&self.rules, 0, 0);
        let (lo, hi) = each_play!(&p, p => {
            let sides = p.hand.sides();
            let lo = sides.all().map(|s| p.hand.least_points(s)).min().unwrap_or(0);
            let hi = sides.all().map(|s| p.hand.most_points(s)).max().unwrap_or(0);
            (lo, hi)
        });
        (lo, hi + each_rules!(&self.rules, r => r.most_bonus()))
    }

    /// The first hand of game `index` of a run with `seed`: the same deal and dealer as game
    /// `index` of `tricklab simulate --seed SEED`.
    #[pyo3(signature = (seed=Whole(1), index=Whole(0)))]
    fn new_initial_state(&self, seed: Whole<u64>, index: Whole<u64>) -> PyState {
        let (seed, index) = (seed.0, index.0);
        PyState {
            play: AnyPlay::deal(&self.rules, seed, index),
            origin: Origin::Dealt {
                game: self.rules.kind().name().to_string(),
                players: self.rules.players(),
                items: self.items.clone(),
                seed,
                index,
            },
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "Game({:?}, players={}, options={})",
            self.rules.kind().name(),
            self.rules.players(),
            self.rules.options_json()
        )
    }
}
