//! tricklab: Monte Carlo AI and strategy research for three historical trick-taking games —
//! Catch the Ten (Scotch Whist), 9-5-2 (Sergeant Major) and Whist.
//!
//! The library is layered so that each part depends only on those below it:
//! [`cards`] → [`games`] → [`agents`] → [`sim`] → the command-line tool (`cli`). Every job a
//! command runs (a run, a simulation, a tournament, an agreement, a match at the table, a
//! replay, training, a bot's check and benchmark) is a library function with plain arguments,
//! failing with the kinds in [`errors`]; `cli` only reads flags into those arguments, calls the
//! job and prints what it returns, and no module outside it calls `cli`. The rules are in `RULES.md`; the architecture in `DESIGN.md`.
#![deny(missing_docs)]

pub mod agents;
pub mod bots;
pub mod cards;
pub mod cli;
pub mod errors;
pub mod experiment;
pub mod games;
pub mod knowledge;
pub mod learn;
pub mod play;
pub mod report;
pub mod rng;
pub mod show;
pub mod sim;
pub mod solver;
pub mod stats;
pub mod words;

pub use games::{GameKind, LoadedGame, load};
