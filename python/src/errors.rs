//! Errors for Python: bad input becomes a `ValueError` carrying the command line's one-line
//! message, a failure of the environment an `OSError`, an interrupted run `tricklab.Interrupted`.

use pyo3::PyErr;
use pyo3::exceptions::{PyKeyboardInterrupt, PyOSError, PyValueError};
use tricklab::errors::{ErrorKind, one_line};

pyo3::create_exception!(
    tricklab,
    Interrupted,
    PyKeyboardInterrupt,
    "A run stopped by Ctrl-C or SIGTERM that kept its finished work; the message says what was \
     kept and how to continue (`resume=True`). A `KeyboardInterrupt`, as every long call raises \
     for Ctrl-C."
);

/// A `ValueError` with `msg`.
pub fn value_error(msg: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(msg.to_string())
}

/// The exception for a library job's error ([`ErrorKind`]), with the command line's one-line
/// message: `ValueError` for bad input (exit code 2), `tricklab.Interrupted` for an interrupted
/// run (3), `OSError` for the environment (1).
pub fn command_error(e: anyhow::Error) -> PyErr {
    let message = one_line(&e);
    match ErrorKind::of(&e) {
        ErrorKind::Input => PyValueError::new_err(message),
        ErrorKind::Interrupt => Interrupted::new_err(message),
        ErrorKind::Environment => PyOSError::new_err(message),
    }
}

/// A whole number from Python (a seed, a count, an index, a seat): an `int` from `T::MIN` to
/// `T::MAX`. One out of range is a `ValueError` naming the range, as other bad input is, not an
/// `OverflowError`.
#[derive(Clone, Copy, Debug)]
pub struct Whole<T>(pub T);

macro_rules! whole {
    ($($t:ty),*) => {$(
        impl<'a, 'py> pyo3::FromPyObject<'a, 'py> for Whole<$t> {
            type Error = PyErr;

            fn extract(obj: pyo3::Borrowed<'a, 'py, pyo3::PyAny>) -> Result<Self, PyErr> {
                use pyo3::types::PyAnyMethods as _;
                // Any integer (numpy's too, through `__index__`); only one out of range is
                // turned into a ValueError, other failures (not an integer) stay as they are.
                obj.extract::<$t>().map(Whole).map_err(|e| {
                    if !e.is_instance_of::<pyo3::exceptions::PyOverflowError>(obj.py()) {
                        return e;
                    }
                    value_error(format!(
                        "{} is out of range: expected an integer from {} to {}",
                        obj.repr().map(|r| r.to_string()).unwrap_or_default(),
                        <$t>::MIN,
                        <$t>::MAX
                    ))
                })
            }
        }
    )*};
}

whole!(u64, u32, usize, i64);
