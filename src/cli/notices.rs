//! Warnings printed to standard error before a command starts.

use crate::agents::{AgentSpec, clock_warning};

/// Prints [`clock_warning`] to standard error.
pub fn warn_clock<'a>(specs: impl IntoIterator<Item = &'a AgentSpec>) {
    if let Some(w) = clock_warning(specs) {
        eprintln!("{w}");
    }
}
