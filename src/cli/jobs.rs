//! The command bodies still in `cli` that are generic over a game, as the game registry's
//! engine reaches them (see `games::registry`): `bots check` and `bots bench`, each run for the
//! game `R`. Every other job's body is in the library.

pub(crate) use super::bots::{CheckArgs, play as bots_check};
pub(crate) use super::bots_bench::{BenchArgs, bench_game as bots_bench};
