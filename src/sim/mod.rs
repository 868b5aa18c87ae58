//! Simulation's shared ground: the runners' named random streams, the stop flag that Ctrl-C
//! and the Python package raise ([`stop`]), the progress bar a long job draws on a terminal
//! ([`progress_bar`]) and the pool of its worker threads ([`worker_pool`]).
//!
//! Every deal is played by the one deal runner,
//! [`experiment::play_batches`](crate::experiment::play_batches) (`run`, `simulate`, `bots
//! check`, `bots bench` and the Python binding's `simulate`), while `tournament` and `agree`
//! keep their own loops over the same streams. The jobs that drive them are in the library
//! (see [`experiment`](crate::experiment): [`run_experiment`](crate::experiment::run_experiment),
//! [`SimulateJob`](crate::experiment::SimulateJob),
//! [`play_tournament`](crate::experiment::play_tournament),
//! [`agree`](crate::experiment::agree)); the command line only reads flags into them. Deal `i`
//! of a run with seed `s` draws its cards from `rng::stream(s, i, Deal, 0)`, its first dealer
//! from `stream(s, i, FirstDealer, 0)` and seat `k`'s decisions from `stream(s, i, Agent,
//! sub)`, so the output is the same for every thread count. The `sub` numbers that keep the
//! streams of arms, rotations, pairs and searchers apart are named in [`Stream`].

mod pool;
mod progress;
pub mod stop;
mod streams;

pub use pool::{THREADS_PER_CORE, worker_pool};
pub use progress::progress_bar;
pub use stop::{clear_stop, request_stop, stop_flag};
pub use streams::Stream;
