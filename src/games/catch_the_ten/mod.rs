//! Catch the Ten (Scotch Whist), exactly as `RULES.md` §1 specifies.
//!
//! Rule choices, all from RULES.md:
//! - 2–8 players; 36 cards 6–A, less the 6♠ with 5 or 7 players and all four 6s with 8 (§1.3);
//!   option `keep_6S` deals 35 of 36 and lays the last card aside.
//! - Two and three players play a deal in sets of six cards each (3 and 2 sets); each set is
//!   scored as a hand and checked against 41 on its own, and nobody sees a set before it is
//!   picked up. The turned card (the dealer's last card) lies face up until the last set begins.
//! - With 4 or more players the turned card is the dealer's and lies face up until the dealer
//!   plays to trick 1.
//! - Trumps rank `J A K Q T 9 8 7 6`; side suits `A K … 6`. Honours J 11, T 10, A 4, K 3, Q 2,
//!   plus one point per card won beyond the side's share.
//! - The game is won at 41 or more, counted out after each hand in the order Ten, cards, Ace,
//!   King, Queen, Jack; two sides crossing in the card step: the higher score wins, equal scores
//!   share the win (§1.6). Option `game_at_once` ends the game the moment a side reaches 41.
//! - Sides: teams, `pairs` or `everyone_alone` (§1.2). Revokes only under `allow_revokes`, with
//!   the penalties of §1.7 and §7.
//!
//! A [`CatchTheTen`] is one deal, with the scores of the game before it, so that the deal
//! itself settles every set and knows when the game ends.

mod entry;
mod options;
mod record;
mod scoring;
mod state;

pub use entry::GAME;
pub use options::{Options, RevokePenalty, Setup};
pub use record::{Deal, HandResult, SetResult, end_word};
pub use scoring::{
    COUNT_OUT, HandScore, SidePoints, Step, TARGET, card_points, count_out, honour_cards,
    honour_value, honours, leaders,
};
pub use state::{CatchTheTen, CatchTheTenView, DealEnd, HandsBySet, MAX_SETS};
