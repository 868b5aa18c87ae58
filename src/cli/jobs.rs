//! The command bodies that are generic over a game, as the game registry's engine reaches them
//! (see `games::registry`): each runs one command's job for the game `R`.

pub(crate) use super::bots::{CheckArgs, play as bots_check};
pub(crate) use super::bots_bench::{BenchArgs, bench_game as bots_bench};
