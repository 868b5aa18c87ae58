//! Agent specs: the text that names an agent on the command line and in configs.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// An agent, as named by a spec such as `random`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AgentSpec {
    /// `random`: uniform over the legal actions.
    Random,
}

/// A spec that names no agent.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpecError {
    /// No agent of that name.
    #[error("unknown agent `{0}`: expected one of: random")]
    Unknown(String),
}

impl FromStr for AgentSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<AgentSpec, SpecError> {
        match s.trim() {
            "random" => Ok(AgentSpec::Random),
            other => Err(SpecError::Unknown(other.to_string())),
        }
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => f.write_str("random"),
        }
    }
}
