//! Baseline players: the rule-based baseline B0 of RULES.md §5.0 for each game, with every
//! beginner tip of RULES.md §5 as a switch. (Users name them `rules` in an agent spec.)
//!
//! A rule-based player looks only at what its seat may know: its own hand, the trick on the
//! table, the cards played so far and other public facts (trumps, scores). Card counting comes
//! from the public history, never from another hand.

mod catch_the_ten;
mod nine_five_two;
mod switches;
mod whist;

pub use catch_the_ten::{CatchTheTenBaseline, CatchTheTenSwitch};
pub use nine_five_two::{NineFiveTwoBaseline, NineFiveTwoSwitch, high_card_points};
pub use switches::{Switch, parse_switches};
pub use whist::{WhistBaseline, WhistSwitch};

use crate::cards::{Card, CardSet, Suit};
use crate::games::{Game, Seat, Trick, TrumpOrder, trick::power};

/// Whether `seat`'s partner (not `seat` itself) is winning the trick so far.
pub fn partner_winning<G: Game>(state: &G, seat: Seat) -> bool {
    let t = state.trick();
    !t.is_empty() && t.winner() != seat && state.sides().partners(t.winner(), seat)
}

/// The cards of `cards` that would win the trick so far.
pub fn winners(cards: CardSet, trick: &Trick, trump: Suit, order: &TrumpOrder) -> CardSet {
    cards
        .iter()
        .filter(|&c| trick.would_win(c, trump, order))
        .collect()
}

/// The card of `cards` with the lowest key (ties: the lower card index).
pub fn lowest_by(cards: CardSet, key: impl Fn(Card) -> u32) -> Option<Card> {
    cards.iter().min_by_key(|&c| (key(c), c.index()))
}

/// B0's *lowest* card of `cards` in the aces-high games, 9-5-2 and Whist (RULES.md §5.0):
/// non-trumps by rank, then trumps by rank; equal ranks in suit order C < D < H < S. `trump` is
/// `None` before trumps are known.
///
/// # Panics
/// If `cards` is empty.
pub fn lowest_trumps_last(cards: CardSet, trump: Option<Suit>) -> Card {
    let key = |c: Card| c.rank() as u32 + if Some(c.suit()) == trump { 100 } else { 0 };
    lowest_by(cards, key).expect("a card to choose from")
}

/// The card of `cards` with the lowest trick power (the cheapest winner).
pub fn lowest_power(
    cards: CardSet,
    trick: &Trick,
    trump: Suit,
    order: &TrumpOrder,
) -> Option<Card> {
    let led = trick.led().unwrap_or(Suit::Clubs);
    lowest_by(cards, |c| power(c, trump, led, order) as u32)
}

/// The longest suit of `hand` among `suits` (a bit mask); ties go to the earlier suit in the
/// order C < D < H < S.
pub fn longest_suit(hand: CardSet, suits: u8) -> Option<Suit> {
    Suit::ALL
        .iter()
        .filter(|s| suits & (1 << s.index()) != 0 && !hand.suit(**s).is_empty())
        .max_by_key(|s| (hand.suit(**s).len(), std::cmp::Reverse(s.index())))
        .copied()
}

/// B0's lead from `cards` (RULES.md §5.0): the lowest card of the longest non-trump suit (ties
/// C < D < H < S); holding only trumps, `lowest` of them.
pub fn lead_from_longest_side_suit(
    cards: CardSet,
    trump: Suit,
    lowest: impl Fn(CardSet) -> Card,
) -> Card {
    let side_suits = 0xF & !(1 << trump.index());
    match longest_suit(cards, side_suits) {
        Some(s) => cards.suit(s).first().expect("a card of the longest suit"),
        None => lowest(cards),
    }
}

/// B0's follow from the legal `cards` (RULES.md §5.0): (1) `lowest` of them when a partner is
/// winning the trick so far (`partner`); (2) otherwise, when `contest` and a card would win,
/// the cheapest winner; (3) otherwise `lowest` of them.
pub fn follow_b0(
    trick: &Trick,
    cards: CardSet,
    partner: bool,
    contest: bool,
    trump: Suit,
    order: &TrumpOrder,
    lowest: impl Fn(CardSet) -> Card,
) -> Card {
    if partner {
        return lowest(cards);
    }
    let win = winners(cards, trick, trump, order);
    if contest && !win.is_empty() {
        return lowest_power(win, trick, trump, order).expect("a winner");
    }
    lowest(cards)
}
