//! The solver's card encoding: a card is `suit * 16 + power`, where within each suit a higher
//! bit always beats a lower one. For aces-high games this is the card index itself; for Catch
//! the Ten the trump lane is reordered so that its Jack sits on top (`J A K Q T 9 8 7 6`).
//!
//! With the power order in the bits, "who wins this trick" and "the highest card of a suit" are
//! plain comparisons and bit scans, and the relative ranks of the transposition table are the
//! order of the bits.

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::games::TrumpOrder;

/// The 13 used bits of a lane.
pub(super) const LANE: u64 = 0x1FFF;

/// "No card": no card won the last trick against its suit, no move is stored, no killer
/// move is known. Above every solver card (the highest is `3 * 16 + 12`).
pub(super) const NO_CARD: u8 = 0xFF;

/// The trump lane of "no trumps".
pub(super) const NO_TRUMP: u8 = 4;

/// How real cards map to the solver's cards in one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Encoding {
    /// The trump suit's index, or [`NO_TRUMP`].
    pub trump: u8,
    /// Whether the trump lane is in Catch the Ten's order (Jack on top).
    pub jack_high: bool,
}

impl Encoding {
    /// The encoding for `trump` ranked by `order`.
    pub fn new(trump: Option<Suit>, order: TrumpOrder) -> Encoding {
        Encoding {
            trump: trump.map_or(NO_TRUMP, |s| s as u8),
            jack_high: trump.is_some() && order != TrumpOrder::ACES_HIGH,
        }
    }

    /// Whether `suit` (an index) is the trump suit with a reordered lane.
    #[inline]
    fn permuted(&self, suit: u8) -> bool {
        self.jack_high && suit == self.trump
    }

    /// The solver card of a real card.
    #[inline]
    pub fn card(&self, card: Card) -> u8 {
        let suit = card.suit() as u8;
        let bit = if self.permuted(suit) {
            TrumpOrder::JACK_HIGH.power(card.rank())
        } else {
            card.rank() as u8
        };
        card_of(suit, bit)
    }

    /// The real card of a solver card.
    #[inline]
    pub fn real(&self, c: u8) -> Card {
        let suit = suit_of(c);
        let bit = power_of(c);
        let rank = if self.permuted(suit) {
            rank_of_jack_high_power(bit)
        } else {
            Rank::from_index(bit as usize)
        };
        Card::new(Suit::from_index(suit as usize), rank)
    }

    /// The solver set of a real set.
    pub fn set(&self, cards: CardSet) -> u64 {
        cards.iter().fold(0, |a, c| a | 1 << self.card(c))
    }

    /// The real set of a solver set.
    pub fn real_set(&self, x: u64) -> CardSet {
        bits(x).map(|c| self.real(c)).collect()
    }
}

/// The rank whose Catch the Ten trump power is `p`.
fn rank_of_jack_high_power(p: u8) -> Rank {
    Rank::ALL
        .into_iter()
        .find(|&r| TrumpOrder::JACK_HIGH.power(r) == p)
        .expect("a power of 0..13")
}

/// The suit (an index) of solver card `c`.
#[inline(always)]
pub(super) const fn suit_of(c: u8) -> u8 {
    c >> 4
}

/// The power of solver card `c` within its suit: its bit in the suit's lane (higher beats
/// lower).
#[inline(always)]
pub(super) const fn power_of(c: u8) -> u8 {
    c & 15
}

/// The solver card of suit `suit` (an index) and power `power`.
#[inline(always)]
pub(super) const fn card_of(suit: u8, power: u8) -> u8 {
    suit << 4 | power
}

/// The set bits of `x`, lowest first.
#[inline]
pub(super) fn bits(mut x: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if x == 0 {
            None
        } else {
            let b = x.trailing_zeros() as u8;
            x &= x - 1;
            Some(b)
        }
    })
}

/// The lane of suit `s` (an index) of `x`.
#[inline]
pub(super) const fn lane(x: u64, s: u8) -> u64 {
    (x >> (16 * s as u32)) & LANE
}

/// The mask of suit `s` (an index).
#[inline]
pub(super) const fn suit_mask(s: u8) -> u64 {
    LANE << (16 * s as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jack_is_the_top_bit_of_a_catch_the_ten_trump_lane() {
        let e = Encoding::new(Some(Suit::Hearts), TrumpOrder::JACK_HIGH);
        let jh: Card = "JH".parse().unwrap();
        let ah: Card = "AH".parse().unwrap();
        assert!(e.card(jh) > e.card(ah));
        assert_eq!(e.real(e.card(jh)), jh);
        let side: Card = "JS".parse().unwrap();
        assert_eq!(e.card(side), side.index());
        let all = CardSet::ALL;
        assert_eq!(e.real_set(e.set(all)), all);
    }
}
