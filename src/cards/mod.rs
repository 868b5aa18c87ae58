//! Cards as bitboards: [`Suit`], [`Rank`], [`Card`], [`CardSet`], the packs the games use, and
//! the card notation (`TD`, `10D`, `10♦` and `td` all mean the ten of diamonds).
//!
//! A [`Card`] is the index `suit * 16 + rank`, and a [`CardSet`] is a `u64` with one 16-bit lane
//! per suit, so following suit is a single `&` and counting is `count_ones`.

mod card;
mod cardset;
mod deck;
mod notation;
mod serde_impls;

pub use card::{Card, Rank, Suit};
pub use cardset::{CardSet, CardSetIter, Indexed};
pub(crate) use cardset::{SELECT_IN_BYTE, byte_counts};
pub use deck::Deck;
pub use notation::{CardParseError, parse_card_list, parse_cards_by_seat};
