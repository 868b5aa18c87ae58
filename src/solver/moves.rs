//! Move generation: the legal cards of the seat to play, one per class of equivalent cards,
//! in a fixed-size list (nothing is allocated).
//!
//! Two cards of one hand are equivalent when they touch in rank among the live cards (the
//! cards gone in earlier tricks are gaps that do not separate them; a card in the trick in
//! progress does) and score the same. Playing either leads to the same value, so the search
//! tries only one card of each class, the highest (as DDS does: a trick it wins then records
//! the highest rank of the class as the one that mattered).

use super::encoding::lane;
use super::position::Position;

/// The most moves a hand can have (a 9-5-2 hand holds 16 cards).
pub(super) const MAX_MOVES: usize = 16;

/// Moves with their ordering weights, best first once sorted.
#[derive(Clone, Copy, Debug)]
pub(super) struct MoveList {
    pub cards: [u8; MAX_MOVES],
    pub weights: [i16; MAX_MOVES],
    pub len: usize,
    /// The classes of equivalent cards, in generation order (not reordered by sorting).
    classes: [u64; MAX_MOVES],
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub const fn new() -> MoveList {
        MoveList {
            cards: [0; MAX_MOVES],
            weights: [0; MAX_MOVES],
            len: 0,
            classes: [0; MAX_MOVES],
        }
    }

    #[inline]
    fn push(&mut self, c: u8, class: u64) {
        debug_assert!(self.len < MAX_MOVES);
        self.cards[self.len] = c;
        self.classes[self.len] = class;
        self.len += 1;
    }

    /// The classes of equivalent cards the moves stand for.
    #[inline]
    pub fn classes(&self) -> &[u64] {
        &self.classes[..self.len]
    }

    /// The moves, in their current order.
    #[inline]
    pub fn as_slice(&self) -> &[u8] {
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
#[inline(always)]
pub(super) fn for_each_class(p: &Position, mut f: impl FnMut(u8, u64)) {
    let legal = p.legal_bits();
    let hand = p.hands[p.to_move as usize];
    for s in 0..4u8 {
        let mut l = lane(legal, s);
        if l == 0 {
            continue;
        }
        let others = p.live_lane(s) & !lane(hand, s);
        let base = 16 * s;
        let mut top = 63 - l.leading_zeros() as u8;
        let mut class = 1u64 << top;
        let mut prev = top;
        l &= !(1u64 << top);
        while l != 0 {
            let b = 63 - l.leading_zeros() as u8;
            l &= !(1u64 << b);
            let between = ((1u64 << prev) - 1) & !((2u64 << b) - 1);
            let same = others & between == 0 && p.value_of(base + b) == p.value_of(base + prev);
            if same {
                class |= 1 << b;
            } else {
                f(base + top, class << base);
                top = b;
                class = 1 << b;
            }
            prev = b;
        }
        f(base + top, class << base);
    }
}

/// The moves of the seat to play: the highest card of each class.
#[inline]
pub(super) fn generate(p: &Position, out: &mut MoveList) {
    out.len = 0;
    for_each_class(p, |c, class| out.push(c, class));
}
