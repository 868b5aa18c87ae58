//! Simulation: seeding, the parallel runner and what it tallies.
//!
//! `tricklab simulate` no longer uses this runner: it is a one-arm experiment played by
//! [`experiment::play_batches`](crate::experiment::play_batches). The runner and its per-game
//! tallies (`tally_*`) remain only for the Python binding's `tricklab.simulate` (whose rows and
//! report keep the per-side columns) and `tricklab bots check`; they go once those move to the
//! experiment runner.
//!
//! Game `i` of a run with seed `s` draws its deals from `rng::stream(s, i, Deal, 0)`, its first
//! dealer from `stream(s, i, FirstDealer, 0)` and seat `k`'s decisions from
//! `stream(s, i, Agent, k)`, so the output is the same for every thread count. The `sub`
//! numbers that keep the streams of arms, rotations, pairs and searchers apart are named in
//! [`Stream`].

mod runner;
mod streams;
mod tally;
mod tally_catch_the_ten;
mod tally_nine_five_two;
mod tally_whist;

pub use runner::{Paired, SimConfig, SimResult, Sinks, duplicate_rotations, simulate};
pub use streams::Stream;
pub use tally::Tabulate;
pub use tally_catch_the_ten::CatchTheTenSummary;
pub use tally_nine_five_two::{NineFiveTwoSummary, POSITIONS};
pub use tally_whist::WhistSummary;
