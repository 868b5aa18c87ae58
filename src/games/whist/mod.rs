//! Whist, exactly as `RULES.md` §3 specifies.
//!
//! Rule choices, all from RULES.md:
//! - Four players, partners opposite: side 0 is seats {0, 2}, side 1 is seats {1, 3}. The 52
//!   cards are dealt singly, card `k` to seat `(E + k) mod 4`; the last card is the dealer's and
//!   is turned, and its suit is trumps. Aces high in every suit (§3.1).
//! - By default the dealer takes the turned card into hand before the opening lead (\[004\]);
//!   option `turnup_until_first_play` leaves it face up until the dealer plays to trick 1 (the
//!   classic rule). Either way everyone knows the dealer holds it until it is played (§3.5).
//! - The eldest hand leads; the trick rules of §0.2; all 13 tricks are played (§3.2).
//! - The first six tricks are the book; a side with `t ≥ 7` tricks scores `t − 6` (§3.3).
//! - Option `honours` (off by default): the A, K, Q, J of trumps as dealt, four in one side's
//!   two hands score 4, exactly three score 2; a side that begins the hand at `target − 1` or
//!   higher scores none (§3.3, LW; the bar at 6 in a game to 7 is a ruling).
//! - Option `target`: 5 (default) or 7. Tricks are added before honours; the game ends as soon
//!   as a side reaches the target, and then no honours are added for either side (§3.4, §7.9).
//!   A tie cannot happen: in each step only one side can score.
//! - A seat sees its own hand, the turned card, every play, who showed out of what; the
//!   honours each side held are revealed when the hand is over (§3.5).
//!
//! A [`Whist`] is one hand, with the game scores before it, so that the hand itself knows
//! which side may score honours and settles the game's end (see [`Settlement`]).

mod entry;
mod options;
mod record;
mod scoring;
mod state;

pub use entry::GAME;
pub use options::{DEFAULT_TARGET, Options, Setup};
pub use record::{Deal, HandResult};
pub use scoring::{BOOK, SIDES, Settlement, TRICKS, honour_cards, honour_points, trick_points};
pub use state::{HAND_SIZE, Hands, Whist, WhistView};
