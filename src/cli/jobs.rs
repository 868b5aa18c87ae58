//! The command body still in `cli` that is generic over a game, as the game registry's engine
//! reaches it (see `games::registry`): `bots bench`, run for the game `R`. Every other job's
//! body is in the library (`bots check`'s in [`crate::bots`]).

pub(crate) use super::bots_bench::{BenchArgs, bench_game as bots_bench};
