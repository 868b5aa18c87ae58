//! Bad input becomes a Python `ValueError` carrying the command line's one-line message.

use pyo3::PyErr;
use pyo3::exceptions::PyValueError;

/// A `ValueError` with `msg`.
pub fn value_error(msg: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(msg.to_string())
}
