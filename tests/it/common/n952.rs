//! Helpers for building 9-5-2 deals in tests.

use tricklab::cards::{CardSet, Suit};
use tricklab::games::Seat;
use tricklab::games::nine_five_two::{NineFiveTwo, Variant};

use super::cards;

/// One seat's part of a built deal: cards it must hold, and suits in which it holds exactly
/// those cards.
pub struct Holding<'a> {
    /// Cards the seat holds.
    pub cards: &'a str,
    /// Suits in which the seat holds only `cards`.
    pub exact: &'a [Suit],
}

/// A seat with nothing asked of it.
pub const ANY: Holding<'static> = Holding {
    cards: "",
    exact: &[],
};

/// Builds a deal: each seat holds its named cards, and in its `exact` suits nothing else; the
/// kitty holds `kitty` and is filled last.
pub fn build(holdings: [Holding<'_>; 3], kitty: &str) -> ([CardSet; 3], CardSet) {
    let mut hands = holdings.each_ref().map(|h| cards(h.cards));
    let mut kitty = cards(kitty);
    let mut rest = CardSet::ALL - hands[0] - hands[1] - hands[2] - kitty;
    let mut order = [0, 1, 2];
    order.sort_by_key(|&s| std::cmp::Reverse(holdings[s].exact.len()));
    for s in order {
        let barred: CardSet = holdings[s]
            .exact
            .iter()
            .map(|&suit| CardSet::suit_mask(suit))
            .fold(CardSet::EMPTY, |a, b| a | b);
        for c in rest - barred {
            if hands[s].len() == 16 {
                break;
            }
            hands[s].insert(c);
            rest.remove(c);
        }
        assert_eq!(hands[s].len(), 16, "seat {s} cannot be filled");
    }
    kitty |= rest;
    assert_eq!(kitty.len(), 4);
    (hands, kitty)
}

/// A checked deal (see [`build`]), `dealer` dealing, after a previous hand of `previous`.
pub fn hand_of(
    variant: Variant,
    dealer: Seat,
    holdings: [Holding<'_>; 3],
    kitty: &str,
    previous: Option<[i32; 3]>,
) -> NineFiveTwo {
    let (hands, kitty) = build(holdings, kitty);
    NineFiveTwo::from_hands(variant, dealer, hands, kitty, previous).expect("a valid deal")
}
