//! The double-dummy solver: exact values of perfect-information positions of all three games,
//! from any point of a hand (also in the middle of a trick).
//!
//! Split the way DDS splits its solver, one job per file:
//!
//! | file | job |
//! |---|---|
//! | `encoding` | the solver's cards: each suit's lane in trick-power order |
//! | `position` | the position: hands, trick, trumps, the side solved for, what it banked (private fields, read through named accessors) |
//! | `position::key` | the transposition key by relative ranks (a part of the position) |
//! | `scoring` | what the side counts: tricks, or Catch the Ten's honours and cards |
//! | `games` | positions from game states ([`Solvable`]) |
//! | `moves` | move generation, one card per class of equivalent cards |
//! | `ordering` | move ordering heuristics |
//! | `bridge_order` | DDS's ordering weights, for four seats in two partnerships: a file per hand of the trick, a function per DDS `WeightAlloc…` case |
//! | `tt` | the transposition table |
//! | `quick_tricks` | quick tricks: a line of cashed winners for the side on lead |
//! | `sure` | what a bound counts: tricks surely won, their points, the cards relied on |
//! | `bounds` | later tricks, the bounds at the start of a trick, tricks surely won |
//! | `search` | the zero-window alpha-beta search |
//! | `driver` | the [`Solver`]: exact values by moving the bound, and the value of every card |
//! | `stats` | counters |
//!
//! Values are for one side (a team, a pair, a player alone) and are its **final** value for the
//! hand: tricks (Whist, 9-5-2) or Catch the Ten points (honours plus cards beyond the share),
//! including what it has already banked. With more than two sides the value is *paranoid*:
//! every seat not on the side plays against it. A [`Solver`] owns its transposition table and
//! scratch space; nothing is global, so each thread uses its own solver.
//!
//! ```
//! use tricklab::cards::{parse_cards_by_seat, Card, Suit};
//! use tricklab::games::{Seat, Side, Sides, TrumpOrder};
//! use tricklab::solver::{Position, Scoring, Solver};
//!
//! // Spades are trumps, North (seat 0) leads; North–South take both tricks whatever North
//! // leads (after the 2H, South's QH wins and North ruffs the last heart).
//! let hands = parse_cards_by_seat("AS 2H / KS 3H / QH 4H / 5H 6H").unwrap();
//! let pos = Position::new(&hands, Some(Suit::Spades), TrumpOrder::ACES_HIGH, Seat(0),
//!     Sides::every(4, 2), Side(0), Scoring::Tricks).unwrap();
//! let solution = Solver::new().solve(&pos);
//! assert_eq!(solution.value, 2);
//! assert_eq!(solution.card_value("2H".parse::<Card>().unwrap()), Some(2));
//! assert_eq!(solution.card_value("AS".parse::<Card>().unwrap()), Some(2));
//! ```

mod bounds;
mod bridge_order;
mod driver;
mod encoding;
mod games;
mod moves;
mod ordering;
mod position;
mod quick_tricks;
mod scoring;
mod search;
mod stats;
mod sure;
mod tt;

pub use driver::{DEFAULT_TT_BITS, Solution, Solver};
pub use games::{Solvable, SolveError};
pub use position::{Position, PositionError};
pub use scoring::Scoring;
pub use stats::Stats;
