//! `--option KEY[=VALUE]` flags, read into a game's options struct, and `--threads`, the
//! library's worker pool ([`crate::sim::worker_pool`]).

use serde::de::DeserializeOwned;

use super::error::user;

pub use crate::sim::worker_pool;

/// Reads `KEY[=VALUE]` items into the game's options
/// ([`games::registry::parse_options`](crate::games::registry::parse_options)); a bad item is
/// bad input (exit code 2).
pub fn parse_options<O: DeserializeOwned>(game: &str, items: &[String]) -> anyhow::Result<O> {
    crate::games::registry::parse_options(game, items).map_err(user)
}
