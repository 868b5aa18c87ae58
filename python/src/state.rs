//! `tricklab.State`: one hand in progress, driven from Python.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyInt, PyList};

use tricklab::cards::{CardSet, Suit};
use tricklab::games::registry::{DynHand, hand_from_record};
use tricklab::games::{Action, Seat};
use tricklab::knowledge::PlaceKind;

use crate::errors::{Whole, value_error};
use crate::game::{PyGame, load};
use crate::play::{action_id, action_of_id, action_of_text};

/// One hand of a game in progress. Build one with `Game.new_initial_state(seed)` or
/// `State.from_record(line)`.
#[pyclass(name = "State", module = "tricklab._tricklab")]
#[derive(Clone, Debug)]
pub struct PyState {
    /// The hand, of whichever game (the library's game-erased hand).
    pub(crate) play: Box<dyn DynHand>,
    /// Where the state came from, so that it can be pickled.
    pub(crate) origin: Origin,
}

/// Where a state came from: a pickled state is rebuilt from it and the decisions since.
#[derive(Clone, Debug)]
pub enum Origin {
    /// `Game(game, players, options).new_initial_state(seed, index)`.
    Dealt {
        /// The game's name.
        game: String,
        /// The player count.
        players: usize,
        /// The options, `KEY=VALUE`.
        items: Vec<String>,
        /// The run's seed.
        seed: u64,
        /// The game number.
        index: u64,
    },
    /// `State.from_record(line)` (a finished hand).
    Record(String),
    /// `from.sample_world(seat, seed)`.
    Sampled {
        /// The state the world was drawn from.
        from: Box<PyState>,
        /// The observer.
        seat: u8,
        /// The sampler's seed.
        seed: u64,
    },
    /// A state that cannot be rebuilt, and why.
    Other(&'static str),
}

/// Rebuilds a pickled sampled world: the same draw from the same state, then the decisions
/// taken in it since (action ids).
#[pyfunction]
pub fn _restore_sampled(
    from: PyRef<'_, PyState>,
    seat: i64,
    seed: u64,
    actions: Vec<i64>,
) -> PyResult<PyState> {
    let mut state = from.sample_world(Whole(seat), Whole(seed))?;
    state.apply_ids(&actions)?;
    Ok(state)
}

/// Rebuilds a pickled state: the deal, then the decisions (action ids).
#[pyfunction]
pub fn _restore_state(
    game: &str,
    players: usize,
    items: Vec<String>,
    seed: u64,
    index: u64,
    actions: Vec<i64>,
) -> PyResult<PyState> {
    let loaded = load(game, Some(players), &items).map_err(value_error)?;
    let mut state = PyState {
        play: loaded.deal_hand(seed, index),
        origin: Origin::Dealt {
            game: game.to_string(),
            players,
            items,
            seed,
            index,
        },
    };
    state.apply_ids(&actions)?;
    Ok(state)
}

/// `v` as a `numpy.float32` array.
fn numpy_f32(py: Python<'_>, v: &[f32]) -> PyResult<Py<PyAny>> {
    let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
    let np = py.import("numpy")?;
    let dtype = np.getattr("dtype")?.call1(("<f4",))?;
    let arr = np
        .getattr("frombuffer")?
        .call1((PyBytes::new(py, &bytes), dtype))?
        .call_method0("copy")?;
    Ok(arr.unbind())
}

fn cards(set: CardSet) -> Vec<String> {
    set.iter().map(|c| c.to_string()).collect()
}

fn suits(mask: u8) -> Vec<String> {
    Suit::ALL
        .iter()
        .filter(|s| mask & (1 << s.index()) != 0)
        .map(|s| s.letter().to_string())
        .collect()
}

impl PyState {
    /// Applies legal actions given as ids.
    fn apply_ids(&mut self, ids: &[i64]) -> PyResult<()> {
        for &id in ids {
            let legal = self.play.legal_actions();
            let a = action_of_id(legal, id).map_err(value_error)?;
            self.play.apply(a).map_err(value_error)?;
        }
        Ok(())
    }

    /// The player count.
    pub(crate) fn num_players_(&self) -> usize {
        self.play.num_seats()
    }

    /// The seat `seat` names, or the message saying which seats there are.
    fn seat(&self, seat: i64) -> PyResult<Seat> {
        let n = self.play.num_seats();
        if seat < 0 || seat as usize >= n {
            return Err(value_error(format!(
                "seat {seat} is not at this table: seats are 0 to {}",
                n - 1
            )));
        }
        Ok(Seat(seat as u8))
    }

    /// The legal action `action` names (a string or an id).
    pub(crate) fn action(&self, action: &Bound<'_, PyAny>) -> PyResult<Action> {
        if self.play.is_over() {
            return Err(value_error("the hand is over; no action is possible"));
        }
        let legal = self.play.legal_actions();
        let a = if action.is_instance_of::<PyInt>() {
            match action.extract::<i64>() {
                Ok(id) => action_of_id(legal, id),
                Err(_) => Err(format!("action id {action} is not an action id (0 to 55)")),
            }
        } else {
            let text: String = action.extract().map_err(|_| {
                value_error("an action is a string (`TD`, `play TD`) or an integer id")
            })?;
            action_of_text(legal, &text)
        };
        a.map_err(value_error)
    }
}

#[pymethods]
impl PyState {
    /// The game of this hand.
    fn game(&self) -> PyGame {
        let items = match &self.origin {
            Origin::Dealt { items, .. } => items.clone(),
            _ => Vec::new(),
        };
        PyGame {
            game: self.play.game(),
            items,
        }
    }

    /// The seat to act, or `None` when the hand is over.
    fn current_player(&self) -> Option<usize> {
        self.play.to_act().map(Seat::index)
    }

    /// The kind of decision to take: `play`, `trump`, `discard` or `give` (`None` when over).
    fn decision(&self) -> Option<&'static str> {
        (!self.play.is_over()).then(|| self.play.legal_actions().decision().name())
    }

    /// The legal actions as strings: the card (`TD`), or the suit letter for a trump.
    fn legal_actions(&self) -> Vec<String> {
        self.play
            .legal_actions()
            .iter()
            .map(|a| a.argument())
            .collect()
    }

    /// The legal actions as integer ids (`suit * 13 + rank` for a card, `52 + suit` for a
    /// trump; suits C D H S, ranks 2 … A), ascending.
    fn legal_action_ids(&self) -> Vec<usize> {
        let mut ids: Vec<usize> = self.play.legal_actions().iter().map(action_id).collect();
        ids.sort_unstable();
        ids
    }

    /// The string of action id `id` (`TD`, or a suit letter).
    fn action_to_string(&self, id: Whole<i64>) -> PyResult<String> {
        let id = id.0;
        if !(0..56).contains(&id) {
            return Err(value_error(format!("action id {id} is not in 0 to 55")));
        }
        let id = id as usize;
        Ok(if id >= 52 {
            Suit::from_index(id - 52).letter().to_string()
        } else {
            crate::play::card_of_id(id).to_string()
        })
    }

    /// The id of the legal action `action` (a string or an id).
    fn action_id(&self, action: &Bound<'_, PyAny>) -> PyResult<usize> {
        Ok(action_id(self.action(action)?))
    }

    /// Applies a legal action, given as a string (`TD`, `play TD`, `S`) or an id. An illegal
    /// action raises `ValueError` and changes nothing.
    fn apply(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = self.action(action)?;
        self.play.apply(a).map_err(value_error)
    }

    /// Whether the hand is over.
    fn is_terminal(&self) -> bool {
        self.play.is_over()
    }

    /// Each seat's points in the finished hand (its side's points), zeros until it is over.
    fn returns(&self) -> Vec<f64> {
        self.play.returns()
    }

    /// A copy of the state.
    fn clone(&self) -> PyState {
        Clone::clone(self)
    }

    fn __copy__(&self) -> PyState {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        Clone::clone(self)
    }

    /// The player count.
    fn num_players(&self) -> usize {
        self.play.num_seats()
    }

    /// The dealer's seat.
    fn dealer(&self) -> usize {
        self.play.dealer().index()
    }

    /// Every decision so far as `(seat, action string)`.
    fn history(&self) -> Vec<(usize, String)> {
        self.play
            .actions()
            .iter()
            .map(|(s, a)| (s.index(), a.to_string()))
            .collect()
    }

    /// Every decision so far as action ids.
    fn history_ids(&self) -> Vec<usize> {
        self.play
            .actions()
            .iter()
            .map(|&(_, a)| action_id(a))
            .collect()
    }

    /// What `seat` sees, as a dict: its hand, the trick, the trump, what each seat played and
    /// shown out of, cards known to be somewhere, hidden places and their sizes, tricks won,
    /// who is to act (and the legal actions, when it is `seat`), and the decisions it saw.
    fn observation(&self, py: Python<'_>, seat: Whole<i64>) -> PyResult<Py<PyDict>> {
        let seat = self.seat(seat.0)?;
        let d = PyDict::new(py);
        let g = &self.play;
        let n = g.num_seats();
        let k = g.knowledge(seat);
        d.set_item("game", g.kind().name())?;
        d.set_item("seat", seat.index())?;
        d.set_item("players", n)?;
        d.set_item("dealer", g.dealer().index())?;
        d.set_item("hand", cards(k.own))?;
        d.set_item("trump", g.trump().map(|t| t.letter().to_string()))?;
        let trick = g.trick();
        let plays: Vec<(usize, String)> = trick
            .cards()
            .iter()
            .enumerate()
            .map(|(i, c)| (trick.leader().plus(i, n).index(), c.to_string()))
            .collect();
        d.set_item("trick", plays)?;
        d.set_item(
            "played",
            k.played.iter().map(|&c| cards(c)).collect::<Vec<_>>(),
        )?;
        d.set_item(
            "voids",
            k.voids.iter().map(|&v| suits(v)).collect::<Vec<_>>(),
        )?;
        let places = PyList::empty(py);
        for place in &k.places {
            let e = PyDict::new(py);
            e.set_item("place", place.kind.to_string())?;
            if let PlaceKind::Hand(s) = place.kind {
                e.set_item("seat", s.index())?;
            }
            e.set_item("size", place.size)?;
            e.set_item("known", cards(place.known))?;
            e.set_item("cannot_hold", cards(place.excluded & k.unknown))?;
            places.append(e)?;
        }
        d.set_item("places", places)?;
        d.set_item("unknown", cards(k.unknown))?;
        d.set_item("out_of_play", cards(k.out_of_play))?;
        d.set_item(
            "tricks_won",
            Seat::all(n).map(|s| g.tricks_won(s)).collect::<Vec<_>>(),
        )?;
        d.set_item("to_act", g.to_act().map(Seat::index))?;
        if g.to_act() == Some(seat) {
            let legal = g.legal_actions();
            d.set_item("decision", legal.decision().name())?;
            d.set_item(
                "legal",
                legal.iter().map(|a| a.argument()).collect::<Vec<_>>(),
            )?;
        } else {
            d.set_item("decision", py.None())?;
            d.set_item("legal", PyList::empty(py))?;
        }
        let seen: Vec<(usize, String)> = g
            .seen_history(seat)
            .into_iter()
            .map(|(s, a)| (s.index(), a.to_string()))
            .collect();
        d.set_item("history", seen)?;
        if g.is_over() {
            d.set_item("returns", g.returns())?;
        }
        Ok(d.unbind())
    }

    /// What `seat` sees as a fixed-size `numpy.float32` vector; the layout is in
    /// `tricklab.OBSERVATION_LAYOUT` and docs/python.md.
    fn observation_vector(&self, py: Python<'_>, seat: Whole<i64>) -> PyResult<Py<PyAny>> {
        let seat = self.seat(seat.0)?;
        let v = crate::observe::observation_vector(&*self.play, seat);
        numpy_f32(py, &v)
    }

    /// Everything `seat` has seen in this hand, in order (perfect recall), as a fixed-size
    /// `numpy.float32` vector: the observation vector, the match scores, the cards played
    /// per trick and seat, and the exchange decisions it saw. The layout is
    /// `Game.information_state_layout` and docs/python.md.
    fn information_state_tensor(&self, py: Python<'_>, seat: Whole<i64>) -> PyResult<Py<PyAny>> {
        let seat = self.seat(seat.0)?;
        let v = crate::infostate::information_state_tensor(&*self.play, seat);
        numpy_f32(py, &v)
    }

    /// A string equal for two states exactly when `seat` cannot tell them apart.
    fn information_state_string(&self, seat: Whole<i64>) -> PyResult<String> {
        let seat = self.seat(seat.0)?;
        Ok(crate::observe::information_state_string(&*self.play, seat))
    }

    /// A world drawn uniformly from those consistent with what `seat` knows (the exact uniform
    /// sampler), from `rng_seed`. The world has no record.
    #[pyo3(signature = (seat, rng_seed=Whole(0)))]
    fn sample_world(&self, seat: Whole<i64>, rng_seed: Whole<u64>) -> PyResult<PyState> {
        let rng_seed = rng_seed.0;
        let seat = self.seat(seat.0)?;
        Ok(PyState {
            origin: Origin::Sampled {
                from: Box::new(self.clone()),
                seat: seat.0,
                seed: rng_seed,
            },
            play: self.play.sample_world(seat, rng_seed),
        })
    }

    /// The finished hand as one `tricklab-hand/1` JSON line.
    fn to_record(&self) -> PyResult<String> {
        self.play.to_record().map_err(value_error)
    }

    /// The hand of a `tricklab-hand/1` line, replayed and checked, at its end.
    #[staticmethod]
    fn from_record(line: &str) -> PyResult<PyState> {
        Ok(PyState {
            play: hand_from_record(line).map_err(value_error)?,
            origin: Origin::Record(line.to_string()),
        })
    }

    /// The cards `seat` holds now. Only for analysis: an agent may look only at its own seat.
    fn hand(&self, seat: Whole<i64>) -> PyResult<Vec<String>> {
        let seat = self.seat(seat.0)?;
        Ok(cards(self.play.hand(seat)))
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
        let m = py.import("tricklab._tricklab")?;
        match &self.origin {
            Origin::Dealt {
                game,
                players,
                items,
                seed,
                index,
            } => {
                let ids: Vec<usize> = self.history_ids();
                let args = (game.clone(), *players, items.clone(), *seed, *index, ids);
                Ok((
                    m.getattr("_restore_state")?.unbind(),
                    args.into_pyobject(py)?.into_any().unbind(),
                ))
            }
            Origin::Record(line) => Ok((
                m.getattr("State")?.getattr("from_record")?.unbind(),
                (line.clone(),).into_pyobject(py)?.into_any().unbind(),
            )),
            Origin::Sampled { from, seat, seed } => {
                let done = from.play.actions().len();
                let later: Vec<usize> = self.history_ids().split_off(done);
                let args = (Py::new(py, (**from).clone())?, *seat, *seed, later);
                Ok((
                    m.getattr("_restore_sampled")?.unbind(),
                    args.into_pyobject(py)?.into_any().unbind(),
                ))
            }
            Origin::Other(what) => Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "{what} cannot be pickled: it has no deal to rebuild it from"
            ))),
        }
    }

    fn __repr__(&self) -> String {
        let p = &self.play;
        format!(
            "<tricklab.State {}: {} decisions, {}>",
            p.kind(),
            p.actions().len(),
            match p.to_act() {
                Some(s) => format!("seat {s} to act"),
                None => "over".to_string(),
            }
        )
    }

    fn __str__(&self) -> String {
        self.play.debug_hand()
    }
}
