//! Move generation: the legal cards of the seat to play, one per class of equivalent cards,
//! in a fixed-size list (nothing is allocated).
//!
//! Two cards of one hand are equivalent when they touch in rank among the live cards (the
//! cards gone in earlier tricks are gaps that do not separate them; a card in the trick in
//! progress does) and score the same. Playing either leads to the same value, so the search
//! tries only one card of each class, the highest (as DDS does: a trick it wins then records
//! the highest rank of the class as the one that mattered).

use super::encoding::{CardBits, NO_TRUMP, SolverCard};
use super::position::Position;

/// The most moves a hand can have (a 9-5-2 hand holds 16 cards).
pub(super) const MAX_MOVES: usize = 16;

/// Moves with their ordering weights, best first once sorted.
#[derive(Clone, Copy, Debug)]
pub(super) struct MoveList {
    pub cards: [SolverCard; MAX_MOVES],
    pub weights: [i16; MAX_MOVES],
    pub len: usize,
    /// The classes of equivalent cards, in generation order (not reordered by sorting).
    classes: [CardBits; MAX_MOVES],
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub const fn new() -> MoveList {
        MoveList {
            cards: [SolverCard::NONE; MAX_MOVES],
            weights: [0; MAX_MOVES],
            len: 0,
            classes: [CardBits::EMPTY; MAX_MOVES],
        }
    }

    #[inline]
    fn push(&mut self, c: SolverCard, class: CardBits) {
        debug_assert!(self.len < MAX_MOVES);
        self.cards[self.len] = c;
        self.classes[self.len] = class;
        self.len += 1;
    }

    /// The classes of equivalent cards the moves stand for.
    #[inline]
    pub fn classes(&self) -> &[CardBits] {
        &self.classes[..self.len]
    }

    /// The moves, in their current order.
    #[inline]
    pub fn as_slice(&self) -> &[SolverCard] {
        &self.cards[..self.len]
    }

    /// Sorts by weight, highest first (insertion sort: lists are short); ties keep the
    /// generation order.
    #[inline]
    pub fn sort(&mut self) {
        for i in 1..self.len {
            let (c, w) = (self.cards[i], self.weights[i]);
            let mut j = i;
            while j > 0 && self.weights[j - 1] < w {
                self.cards[j] = self.cards[j - 1];
                self.weights[j] = self.weights[j - 1];
                j -= 1;
            }
            self.cards[j] = c;
            self.weights[j] = w;
        }
    }
}

/// Calls `f(highest, class)` for each class of equivalent legal cards of the seat to play,
/// with the class as a set of solver cards: suit by suit, highest class first.
///
/// The bottoms of the classes are found for all suits at once. Each class runs up from its
/// bottom over the hand's cards and the dead cards to the first card that ends it (a live
/// card of another hand, a scoring split, or the guard bit above the lane): one bit scan
/// each way per class. The only branch is the loop over the classes, since a mispredicted
/// branch costs more than the arithmetic.
#[inline(always)]
pub(super) fn for_each_class(p: &Position, mut f: impl FnMut(SolverCard, CardBits)) {
    let legal = p.legal_bits();
    let hand = p.hand_bits(p.seat_to_play() as usize);
    debug_assert!(
        (hand & CardBits::LANE_GUARDS).is_empty(),
        "lanes use 13 bits"
    );
    let mut bottoms = class_bottoms(hand, p.live_bits()) & legal;
    let mut ends = (p.live_bits() & !hand) | CardBits::LANE_GUARDS;
    if p.scoring_trumps() != 0 {
        let splits = points_splits(p, hand & legal);
        bottoms |= splits;
        ends |= splits;
    }
    // The lanes in reverse order, so that taking the highest bit first goes suit by suit
    // from suit 0, highest class first.
    let mut bottoms = bottoms.lanes_reversed();
    while bottoms != 0 {
        let b = 63 - bottoms.leading_zeros();
        bottoms &= !(1u64 << b);
        let low = CardBits::reversed_card(b);
        let class = hand.run_from(low, ends.next_above(low));
        f(class.highest(), class);
    }
}

/// The bottom card of each class of touching cards of `hand` among `live`, in every suit at
/// once: a card of the hand is a bottom when the next live card below it is not the hand's.
/// A carry started just above each card of the hand runs through the dead cards and lands on
/// the next live card above it, which is then no bottom. The carry is stopped at the edge of
/// each lane.
#[inline(always)]
fn class_bottoms(hand: CardBits, live: CardBits) -> CardBits {
    let dead = !live & !CardBits::LANE_GUARDS;
    let seeds = CardBits::from_bits(hand.bits() << 1) & !CardBits::LANE_BOTTOMS;
    hand & !CardBits::from_bits(dead.bits().wrapping_add(seeds.bits()))
}

/// Where scoring cards split a run of touching trumps (Catch the Ten), as extra bottoms: a
/// card of `held` in the trump lane is a bottom when the next card of the hand below it
/// scores differently.
fn points_splits(p: &Position, held: CardBits) -> CardBits {
    let t = p.trump_lane();
    if t == NO_TRUMP {
        return CardBits::EMPTY;
    }
    let mut l = held.lane(t);
    let mut bottoms = 0;
    let mut prev: Option<u8> = None;
    while l != 0 {
        let b = 63 - l.leading_zeros() as u8;
        l &= !(1u64 << b);
        if let Some(a) = prev
            && p.trump_points_of(a) != p.trump_points_of(b)
        {
            bottoms |= 1u64 << a;
        }
        prev = Some(b);
    }
    CardBits::from_lane(t, bottoms)
}

/// The moves of the seat to play: the highest card of each class.
#[inline]
pub(super) fn generate(p: &Position, out: &mut MoveList) {
    out.len = 0;
    for_each_class(p, |c, class| out.push(c, class));
}

/// [`for_each_class`] card by card, as a reference for the tests.
#[cfg(test)]
fn for_each_class_one_by_one(p: &Position, mut f: impl FnMut(SolverCard, CardBits)) {
    let legal = p.legal_bits();
    let hand = p.hand_bits(p.seat_to_play() as usize);
    for s in 0..4u8 {
        let mut l = legal.lane(s);
        if l == 0 {
            continue;
        }
        let others = p.live_lane(s) & !hand.lane(s);
        let card = |b: u8| SolverCard::new(s, b);
        let mut top = 63 - l.leading_zeros() as u8;
        let mut class = 1u64 << top;
        let mut prev = top;
        l &= !(1u64 << top);
        while l != 0 {
            let b = 63 - l.leading_zeros() as u8;
            l &= !(1u64 << b);
            let between = ((1u64 << prev) - 1) & !((2u64 << b) - 1);
            let same = others & between == 0 && p.value_of(card(b)) == p.value_of(card(prev));
            if same {
                class |= 1 << b;
            } else {
                f(card(top), CardBits::from_lane(s, class));
                top = b;
                class = 1 << b;
            }
            prev = b;
        }
        f(card(top), CardBits::from_lane(s, class));
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::cards::{Card, CardSet, Deck, Suit};
    use crate::games::{Seat, Side, Sides, TrumpOrder};
    use crate::solver::Scoring;

    type Classes = Vec<(SolverCard, CardBits)>;

    fn classes(p: &Position, each: fn(&Position, &mut dyn FnMut(SolverCard, CardBits))) -> Classes {
        let mut out = Vec::new();
        each(p, &mut |c, class| out.push((c, class)));
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1024))]

        /// The classes found for all suits at once are those found card by card, in the same
        /// order, on random part-played deals of both packs, with and without scoring trumps,
        /// also in the middle of a trick.
        #[test]
        fn classes_at_once_are_the_classes_card_by_card(
            shuffled in Just(Deck::Full52.cards().iter().collect::<Vec<Card>>()).prop_shuffle(),
            catch_the_ten in any::<bool>(),
            trump in 0usize..5,
            played in 0usize..36,
            picks in proptest::collection::vec(0usize..16, 1..8),
        ) {
            let (pack, order, size) = if catch_the_ten {
                (Deck::SixToAce, TrumpOrder::JACK_HIGH, 9)
            } else {
                (Deck::Full52, TrumpOrder::ACES_HIGH, 13)
            };
            let cards: Vec<Card> =
                shuffled.into_iter().filter(|&c| pack.cards().contains(c)).collect();
            let hands: Vec<CardSet> =
                cards.chunks(size).map(|h| h.iter().copied().collect()).collect();
            let trump = (trump < 4).then(|| Suit::from_index(trump));
            let scoring = if catch_the_ten && trump.is_some() {
                Scoring::Honours { share: 18 }
            } else {
                Scoring::Tricks
            };
            let sides = Sides::every(4, 2);
            let mut p =
                Position::new(&hands, trump, order, Seat(0), sides, Side(0), scoring).unwrap();
            for &k in picks.iter().cycle().take(played.min(4 * size - 1) + 1) {
                let at_once = classes(&p, |p, f| for_each_class(p, f));
                let one_by_one = classes(&p, |p, f| for_each_class_one_by_one(p, f));
                prop_assert_eq!(at_once, one_by_one);
                let legal: Vec<Card> = p.legal().iter().collect();
                p.play(legal[k % legal.len()]).unwrap();
            }
        }
    }
}
