//! The errors that decide the exit code: bad input (2) and an interrupted, resumable run (3).
//! Every other error is a failure of the environment (1): a disk, a folder, a file that cannot
//! be read.

use thiserror::Error;

/// Bad input: a flag, an option, an agent, a card or a record. The message names the problem
/// and what is allowed. Exit code 2.
#[derive(Debug, Error)]
#[error("{0}")]
pub struct UserError(pub String);

/// A run stopped by Ctrl-C or SIGTERM that kept its finished work. The message says what was
/// kept and how to continue. Exit code 3.
#[derive(Debug, Error)]
#[error("{0}")]
pub struct Interrupted(pub String);

/// Turns any displayable error into a [`UserError`].
pub fn user<E: std::fmt::Display>(e: E) -> anyhow::Error {
    anyhow::Error::new(UserError(e.to_string()))
}

/// A config that cannot be used: bad input (exit 2), unless the file could not be read at all,
/// which is the environment's failure (exit 1) as the README says.
pub fn config_error(e: crate::experiment::ConfigError) -> anyhow::Error {
    if e.unreadable {
        anyhow::Error::new(e)
    } else {
        user(e)
    }
}

/// A run's error as the command line reports it: a folder that does not fit the request is
/// bad input (exit 2); a file that cannot be read or written is the environment (exit 1),
/// named with what was being done to it.
pub fn run_error(e: crate::experiment::RunError, dir: &std::path::Path) -> anyhow::Error {
    use crate::experiment::RunError;
    match e {
        RunError::Folder(m) => user(m),
        RunError::Io(e) => anyhow::Error::new(e).context(format!("writing {}", dir.display())),
        e @ RunError::File { .. } => anyhow::Error::new(e),
    }
}

/// An [`Interrupted`] error with `message`.
pub fn interrupted(message: String) -> anyhow::Error {
    anyhow::Error::new(Interrupted(message))
}

/// The exit code for an error: 2 for bad input, 3 for an interruption, 1 for anything else.
pub fn exit_code(e: &anyhow::Error) -> u8 {
    let users_fault = e
        .downcast_ref::<crate::agents::external::BotFault>()
        .is_some_and(|f| f.kind.is_users());
    if users_fault || e.downcast_ref::<UserError>().is_some() {
        2
    } else if e.downcast_ref::<Interrupted>().is_some() {
        3
    } else {
        1
    }
}
