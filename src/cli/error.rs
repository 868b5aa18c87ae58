//! Errors caused by what the user gave us, which exit with code 2.

use thiserror::Error;

/// Bad input: a flag, an option, an agent, a card or a record. The message names the problem
/// and what is allowed.
#[derive(Debug, Error)]
#[error("{0}")]
pub struct UserError(pub String);

/// Turns any displayable error into a [`UserError`].
pub fn user<E: std::fmt::Display>(e: E) -> anyhow::Error {
    anyhow::Error::new(UserError(e.to_string()))
}
