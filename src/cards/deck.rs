//! The packs the games are played with.

use serde::{Deserialize, Serialize};

use super::{CardSet, Rank, Suit};

/// A pack of cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Deck {
    /// The full 52-card pack (9-5-2, Whist).
    Full52,
    /// The 36-card pack, 6 to A in each suit (Catch the Ten).
    SixToAce,
    /// The 36-card pack without the 6♠ (Catch the Ten with 5 or 7 players).
    SixToAceWithoutSixOfSpades,
    /// The 32-card pack, 7 to A (Catch the Ten with 8 players: all four 6s removed).
    SevenToAce,
}

impl Deck {
    /// The cards of the pack.
    pub const fn cards(self) -> CardSet {
        match self {
            Deck::Full52 => CardSet::ALL,
            Deck::SixToAce => six_to_ace(),
            Deck::SixToAceWithoutSixOfSpades => {
                six_to_ace().without(crate::cards::Card::new(Suit::Spades, Rank::Six))
            }
            Deck::SevenToAce => CardSet(six_to_ace().0 & !CardSet::rank_mask(Rank::Six).0),
        }
    }

    /// The number of cards in the pack.
    pub const fn len(self) -> usize {
        self.cards().len()
    }

    /// The pack in words, e.g. "6 to A in each suit".
    pub const fn describe(self) -> &'static str {
        match self {
            Deck::Full52 => "2 to A in each suit",
            Deck::SixToAce => "6 to A in each suit",
            Deck::SixToAceWithoutSixOfSpades => "6 to A in each suit without the 6S",
            Deck::SevenToAce => "7 to A in each suit",
        }
    }

    /// Always false: no pack is empty.
    pub const fn is_empty(self) -> bool {
        false
    }
}

const fn six_to_ace() -> CardSet {
    CardSet(
        CardSet::suit_from(Suit::Clubs, Rank::Six).0
            | CardSet::suit_from(Suit::Diamonds, Rank::Six).0
            | CardSet::suit_from(Suit::Hearts, Rank::Six).0
            | CardSet::suit_from(Suit::Spades, Rank::Six).0,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(Deck::Full52.len(), 52);
        assert_eq!(Deck::SixToAce.len(), 36);
        assert_eq!(Deck::SixToAceWithoutSixOfSpades.len(), 35);
        assert_eq!(Deck::SevenToAce.len(), 32);
        assert!(
            !Deck::SixToAceWithoutSixOfSpades
                .cards()
                .contains("6S".parse().unwrap())
        );
    }
}
