//! Errors for Python: bad input becomes a `ValueError` carrying the command line's one-line
//! message, a failure of the environment an `OSError`, an interrupted run `tricklab.Interrupted`.

use pyo3::PyErr;
use pyo3::exceptions::{PyException, PyOSError, PyValueError};

pyo3::create_exception!(
    tricklab,
    Interrupted,
    PyException,
    "A run stopped by Ctrl-C or SIGTERM that kept its finished work; the message says what was \
     kept and how to continue (`resume=True`)."
);

/// A `ValueError` with `msg`.
pub fn value_error(msg: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(msg.to_string())
}

/// The exception for a failed command line: `ValueError` for bad input (exit code 2),
/// `tricklab.Interrupted` for an interrupted run (3), `OSError` for the environment (1).
pub fn command_error(f: tricklab::cli::Failure) -> PyErr {
    match f.code {
        2 => PyValueError::new_err(f.message),
        3 => Interrupted::new_err(f.message),
        _ => PyOSError::new_err(f.message),
    }
}
