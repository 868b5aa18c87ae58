//! tricklab from Python: the native module `tricklab._tricklab` behind the `tricklab` package.
//!
//! A thin layer over the library's stable lower floors (games, records, knowledge, agents and
//! the simulation runner); the Python package adds PettingZoo and OpenSpiel adapters on top.

mod agent;
mod analysis;
mod errors;
mod game;
mod infostate;
mod interrupt;
mod observe;
mod play;
mod simulate;
mod state;
mod tournament;

use pyo3::prelude::*;

/// The native module.
#[pymodule]
fn _tricklab(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<game::PyGame>()?;
    m.add_class::<state::PyState>()?;
    m.add_class::<agent::PyAgent>()?;
    m.add_function(wrap_pyfunction!(agent::agent, m)?)?;
    m.add_function(wrap_pyfunction!(agent::_set_slow_decision_ms, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::simulate, m)?)?;
    m.add_function(wrap_pyfunction!(state::_restore_state, m)?)?;
    m.add_function(wrap_pyfunction!(state::_restore_sampled, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::worlds, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::solve, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::run_config, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::request_stop, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::clear_stop, m)?)?;
    m.add_function(wrap_pyfunction!(tournament::_play_pair, m)?)?;
    m.add_function(wrap_pyfunction!(tournament::_tournament_tables, m)?)?;
    m.add("Interrupted", m.py().get_type::<errors::Interrupted>())?;
    m.add("NUM_ACTION_IDS", play::NUM_ACTION_IDS)?;
    Ok(())
}
