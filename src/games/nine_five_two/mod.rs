//! 9-5-2 (Canadian Sergeant Major) and its variants, exactly as `RULES.md` §2 specifies
//! (worked examples N-01 to N-13 in §4, rulings in §6.8–6.10 and §7.7, §7.8, §7.10).
//!
//! Rule choices, all from RULES.md:
//! - Exactly 3 players, 52 cards, 16 each dealt singly from the eldest hand; the last 4 cards
//!   are the kitty. Targets dealer 9, left 5, right 2, rotating with the deal (§2.1–2.2).
//! - Phases as decisions: [`Action::Give`](crate::games::Action::Give) (one card at a time; the
//!   engine knows the recipient), [`Action::NameTrump`](crate::games::Action::NameTrump) (no
//!   no-trumps), four single [`Action::Discard`](crate::games::Action::Discard)s, then 16 tricks
//!   of [`Action::Play`](crate::games::Action::Play), the eldest hand leading. The minus
//!   player's returns are forced and happen inside `apply`, never as a decision (§2.3–2.4).
//! - Standard order: exchange (not in the first hand of a game), trumps, kitty and discard,
//!   play. Giving is compulsory and any card may be given (§6.8).
//! - The exchange ([`Exchange::plan`]): with two plus players, the one with the higher coming
//!   target gives and receives its returns first (N-02). With one plus and two minus players,
//!   the plus player gives both batches before any return, the batch for the minus player with
//!   the higher coming target first (N-06).
//! - A return is, for each card received, the highest card of that suit then held, received
//!   cards included. The engine answers a batch's cards in card order (suits clubs to spades),
//!   so a suit's returns come highest first; the order within a batch does not change which
//!   cards go back (§2.4).
//! - `rules = SergeantMajor` (8-5-3): the dealer discards 4 of 16 before seeing the kitty and
//!   then takes it; the game ends only with a hand of 12 or more tricks.
//! - `rules = SwappedTargets` (9-2-5): the dealer takes the kitty and discards first, then the
//!   plus players give, the dealer names trumps, and only then are the returns made, batch by
//!   batch in the order given, each answered from the whole hand then held (§7.8). The game
//!   ends at ±15; no 12-trick rule.
//! - End of the game ([`Setup::winners`], §2.6, §7.7): a hand of 12 or more tricks wins at
//!   once (not under SwappedTargets); otherwise the highest total at or over the score wins,
//!   and a tie for the highest means another hand. `end = FixedHands(k)` plays at most `k`
//!   hands and ties share the win. `end = FirstTo(..)` is allowed only with `Standard`.
//! - Information (§2.8): [`Game::view`](crate::games::Game::view) hides the other hands, the
//!   kitty (from everyone but the dealer, and from the dealer until taken), the discards (from
//!   everyone but the dealer) and the cards of exchange batches a seat takes no part in.
//!
//! A [`NineFiveTwo`] is one hand; [`Setup`] plays matches of them and writes their records.

mod entry;
mod exchange;
mod options;
mod record;
mod state;

pub use entry::GAME;
pub use exchange::{Batch, Exchange, return_order};
pub use options::{BadEnd, End, EndRule, Options, PLAYERS, Setup, Variant};
pub use record::{BatchResult, Deal, HandResult};
pub use state::{HAND_SIZE, KITTY_SIZE, MatchContext, NineFiveTwo, NineFiveTwoView, Phase};
