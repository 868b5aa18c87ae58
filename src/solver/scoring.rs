//! What the side being solved for counts: tricks, or Catch the Ten's honours and cards.

use crate::cards::{Card, Rank, Suit};
use crate::games::catch_the_ten::honour_value;

/// What the side being solved for counts at the end of the hand (or set).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// One point per trick (Whist, 9-5-2).
    Tricks,
    /// Catch the Ten (RULES.md §1.5): the honours of the trump suit in the tricks won (J 11,
    /// T 10, A 4, K 3, Q 2) plus one point per card won beyond `share`.
    Honours {
        /// The side's share: the cards dealt to its members (per set).
        share: u8,
    },
}

impl Scoring {
    /// Points for winning a trick, whatever is in it.
    pub(super) const fn per_trick(self) -> u8 {
        match self {
            Scoring::Tricks => 1,
            Scoring::Honours { .. } => 0,
        }
    }

    /// The share beyond which each card won scores a point (none: never).
    pub(super) const fn share(self) -> Option<u8> {
        match self {
            Scoring::Tricks => None,
            Scoring::Honours { share } => Some(share),
        }
    }

    /// The points `card` scores for the side that wins it, with `trump` trumps.
    pub fn card_value(self, card: Card, trump: Option<Suit>) -> u8 {
        match self {
            Scoring::Honours { .. } if Some(card.suit()) == trump => {
                honour_value(card.rank()) as u8
            }
            _ => 0,
        }
    }

    /// The ranks whose trumps score (in Catch the Ten the five honours).
    pub(super) fn valued_ranks(self) -> &'static [Rank] {
        match self {
            Scoring::Tricks => &[],
            Scoring::Honours { .. } => &[Rank::Jack, Rank::Ten, Rank::Ace, Rank::King, Rank::Queen],
        }
    }
}
