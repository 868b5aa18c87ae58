//! The library's error kinds as `cli` reports them (see [`crate::errors`]): bad input (exit 2),
//! an interrupted, resumable run (3), anything else (1); `dispatch` reads the exit code from
//! [`ErrorKind`](crate::errors::ErrorKind).

pub use crate::errors::{Interrupted, UserError, config_error, user};
