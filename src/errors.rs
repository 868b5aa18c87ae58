//! How the library's jobs fail, in the three kinds the command line turns into its exit codes:
//! bad input ([`UserError`], exit 2), a run stopped by a signal that kept its finished work
//! ([`Interrupted`], exit 3), and every other error, a failure of the environment (a disk, a
//! folder, a file that cannot be read: exit 1). The jobs return [`anyhow::Error`]s that carry
//! one of these, so that a caller (`cli`, the Python package) reads the kind with
//! `downcast_ref`.

use std::path::Path;

use thiserror::Error;

use crate::experiment::{ConfigError, RunError};
use crate::games::book::BookError;

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

/// The kind of a job's error, as a caller reports it: the command line as its exit code
/// ([`ErrorKind::exit_code`]), the Python package as its exception.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// Bad input ([`UserError`], or a bot's fault that is the user's: a bad command, an option
    /// the bot does not offer).
    Input,
    /// A run stopped by a signal that kept its finished work ([`Interrupted`]).
    Interrupt,
    /// Every other error: a failure of the environment (a disk, a folder, a file, a bot).
    Environment,
}

impl ErrorKind {
    /// The kind of `e`, read from the error it carries.
    pub fn of(e: &anyhow::Error) -> Self {
        let users_fault = e
            .downcast_ref::<crate::agents::external::BotFault>()
            .is_some_and(|f| f.kind.is_users());
        if users_fault || e.downcast_ref::<UserError>().is_some() {
            ErrorKind::Input
        } else if e.downcast_ref::<Interrupted>().is_some() {
            ErrorKind::Interrupt
        } else {
            ErrorKind::Environment
        }
    }

    /// The command line's exit code: 2 for bad input, 3 for an interruption, 1 for anything
    /// else.
    pub const fn exit_code(self) -> u8 {
        match self {
            ErrorKind::Input => 2,
            ErrorKind::Interrupt => 3,
            ErrorKind::Environment => 1,
        }
    }
}

/// An error's message on one line, its causes after it (the text the command line prints
/// after `error: `).
pub fn one_line(e: &anyhow::Error) -> String {
    format!("{e:#}").replace('\n', " ")
}

/// Turns any displayable error into a [`UserError`].
pub fn user<E: std::fmt::Display>(e: E) -> anyhow::Error {
    anyhow::Error::new(UserError(e.to_string()))
}

/// An [`Interrupted`] error with `message`.
pub fn interrupted(message: String) -> anyhow::Error {
    anyhow::Error::new(Interrupted(message))
}

/// A config that cannot be used: bad input (exit 2), unless the file could not be read at all,
/// which is the environment's failure (exit 1) as the README says.
pub fn config_error(e: ConfigError) -> anyhow::Error {
    if e.unreadable {
        anyhow::Error::new(e)
    } else {
        user(e)
    }
}

/// A run's error as the jobs report it: a folder that does not fit the request is bad input
/// (exit 2); a file that cannot be read or written is the environment (exit 1), named with
/// what was being done to it.
pub fn run_error(e: RunError, dir: &Path) -> anyhow::Error {
    match e {
        RunError::Folder(m) => user(m),
        RunError::Io(e) => anyhow::Error::new(e).context(format!("writing {}", dir.display())),
        e @ RunError::File { .. } => anyhow::Error::new(e),
    }
}

/// A deal book's error (`--deals FILE`) as the jobs report it: a file that cannot be read is
/// the environment's failure (exit 1); anything else is bad input (exit 2).
pub fn book_error(e: BookError) -> anyhow::Error {
    match e {
        e @ (BookError::Unreadable { .. } | BookError::Write(_)) => {
            anyhow::Error::new(e).context("--deals")
        }
        e => user(format!("--deals {e}")),
    }
}
