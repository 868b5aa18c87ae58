//! Transposition keys by **relative ranks**, and the patterns the table stores.
//!
//! For each suit the position keeps an owner word: who holds each live card, lowest first,
//! by its rank among the cards still live (cards gone in earlier tricks are left out, so
//! positions that differ only in which low cards have gone look alike). Deleting a card's
//! owner code when a trick ends is a shift, so this costs a few instructions per trick.
//!
//! A table entry does not need the whole layout. A proof that the side can (or cannot) reach a
//! target depends on the identity of only some cards: those that won a trick against another
//! card of their suit (the *win ranks* of DDS). So an entry stores, per suit, only the owners
//! of the top `k` live cards, where `k` reaches down to the lowest card that mattered, and for
//! the rest only how many cards of each suit each hand holds. Any position with the same
//! lengths and the same owners of those top cards shares the entry. Beside that the entry
//! holds the leader, what the side still needs before Catch the Ten's card points start
//! (clamped, see [`Position::cards_before_points`]), and which scoring trumps are live: those are the top
//! trumps and always lie inside the stored cards, so each keeps its identity and its points.

use super::Position;
use crate::cards::{SELECT_IN_BYTE, byte_counts};
use crate::solver::encoding::{CardBits, SolverCard, pack, unpack};
use crate::solver::tt::TopOwners;

/// Where a position is, in the parts an entry must match exactly: each hand's length in each
/// suit, and the leader, clamped cards still needed, live scoring trumps and tricks left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(in crate::solver) struct Shape {
    /// Lengths: four bits per hand and suit (suit `s`, hand `h` at bit `16s + 4h`, hands 4–7
    /// in the second word).
    pub dist: [u64; 2],
    /// Leader, clamped cards still needed, live scoring trumps, tricks left.
    pub c: u32,
}

/// The cards an entry holds by identity, as a mask over the position's owner words (see
/// [`Position::layout`]) and the owner codes under it: per suit, the codes of the top `k` live
/// cards. Positions of one shape have the same suit lengths, so the mask of a pattern means the
/// same cards in all of them, and a position has the pattern when its layout under the mask
/// equals the stored codes: two masked compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub(in crate::solver) struct Pattern {
    /// The bits of the owner words that the pattern fixes (suit `s` in bits `32s..32s+32`).
    pub mask: [u64; 2],
    /// The owner codes under the mask.
    pub codes: [u64; 2],
}

impl Pattern {
    /// Whether a position whose owner words are `layout` (and whose shape is the entry's) has
    /// this pattern. (The table applies this rule to a block of entries at once.)
    #[cfg(test)]
    pub fn matches(&self, layout: [u64; 2]) -> bool {
        (layout[0] & self.mask[0]) == self.codes[0] && (layout[1] & self.mask[1]) == self.codes[1]
    }
}

/// The `k`-th highest one bit of the 16-bit `lane`, as a one-bit set (0 if `k` is 0 or the
/// lane has fewer bits).
///
/// Without a loop (one that ran once per bit above would mispredict its exit on most calls):
/// the bit lies in the high byte if that holds at least `k` bits, else in the low byte, and
/// [`SELECT_IN_BYTE`] finds it within its byte.
#[inline]
fn kth_highest(lane: u32, k: u32) -> u32 {
    let (high, low) = (lane >> 8, lane & 0xFF);
    let above = high.count_ones();
    let total = above + low.count_ones();
    let in_high = k <= above;
    let byte = if in_high { high } else { low };
    // Its place from the bottom of its byte, counting from 0.
    let from_bottom = if in_high {
        above - k
    } else {
        total.wrapping_sub(k)
    };
    let bit = SELECT_IN_BYTE[byte as usize][from_bottom as usize & 7] as u32 + 8 * in_high as u32;
    (((k != 0) & (k <= total)) as u32) << bit
}

/// The number of cards of each suit in `hand`, in the low bits of the suit's lane: the
/// byte counts of all four lanes at once, each lane's two bytes added (a hand holds at most
/// 13 cards of a suit, so each count fits in four bits).
#[inline]
fn suit_lengths(hand: CardBits) -> u64 {
    let bytes = byte_counts(hand.bits());
    (bytes + (bytes >> 8)) & 0x001F_001F_001F_001F
}

impl Position {
    /// The shape of this position, which must be at the start of a trick (for a position
    /// that counts tricks only unless `POINTS`; see [`Position::tricks_only`]).
    #[inline]
    pub(in crate::solver) fn shape_for<const POINTS: bool>(&self) -> Shape {
        debug_assert_eq!(self.trick_len, 0);
        let mut dist = [0u64; 2];
        for h in 0..self.seats as usize {
            dist[h / 4] |= suit_lengths(self.hands[h]) << (4 * (h % 4));
        }
        let honours = if !POINTS || self.scoring_trumps == 0 {
            0
        } else {
            let t = self.live.lane(self.encoding.trump) as u32 & self.scoring_trumps as u32;
            t >> self.scoring_trumps.trailing_zeros()
        };
        // Counting tricks only, no share applies: the clamp makes it one more than the cards
        // left.
        let before_points = if POINTS {
            self.cards_before_points()
        } else {
            self.cards_left() + 1
        };
        Shape {
            dist,
            c: self.leader as u32
                | (before_points as u32) << 3
                | honours << 10
                | (self.tricks_left as u32) << 24,
        }
    }

    /// The owner words of all four suits packed in two words, as patterns are matched.
    #[inline]
    pub(in crate::solver) fn layout(&self) -> [u64; 2] {
        let w = self.owner_codes.map(u64::from);
        [w[0] | w[1] << 32, w[2] | w[3] << 32]
    }

    /// The owner of each suit's top live card, as the table splits its chains by them (valid
    /// at the start of a trick).
    #[inline]
    pub(in crate::solver) fn top_owners(&self) -> TopOwners {
        let cb = self.code_bits as u32;
        let mut tops = 0u16;
        for s in 0..4u8 {
            let n = self.live.lane(s).count_ones();
            if n != 0 {
                let code = (self.owner_codes[s as usize] >> ((n - 1) * cb)) & ((1 << cb) - 1);
                tops |= (8 | code as u16) << (4 * s);
            }
        }
        TopOwners(tops)
    }

    /// The pattern of this position for the cards that matter, `ranks`: in each suit, the
    /// live cards from the top down to the lowest card of `ranks` in that suit.
    #[inline]
    pub(in crate::solver) fn pattern(&self, ranks: CardBits) -> Pattern {
        let mut mask = [0u64; 2];
        for s in 0..4u8 {
            // The bit above the lane stands in for "no card of the suit mattered" (then no
            // live card is at or above it), so that no branch depends on the cards.
            let r = ranks.lane(s) | 1 << 16;
            let live = self.live.lane(s);
            let k = (live >> r.trailing_zeros()).count_ones();
            let skip = live.count_ones() - k;
            let cb = self.code_bits as u32;
            let m = ((1u64 << (k * cb)) - 1) << (skip * cb);
            mask[s as usize / 2] |= m << (32 * (s as u32 % 2));
        }
        let layout = self.layout();
        Pattern {
            mask,
            codes: [layout[0] & mask[0], layout[1] & mask[1]],
        }
    }

    /// Whether this position has `pattern` (its shape being equal to the entry's).
    #[cfg(test)]
    pub(in crate::solver) fn has(&self, pattern: &Pattern) -> bool {
        pattern.matches(self.layout())
    }

    /// The cards that matter in this position for a stored pattern: the lowest of the top `k`
    /// live cards of each suit.
    #[inline]
    pub(in crate::solver) fn ranks_of(&self, pattern: &Pattern) -> CardBits {
        // The lowest bit of each owner code: counting those under the mask counts its cards
        // without dividing by the code's width.
        let firsts = if self.code_bits == 2 {
            0x5555_5555u32
        } else {
            0x4924_9249
        };
        let mut ranks = CardBits::EMPTY;
        for s in 0..4u8 {
            let m = (pattern.mask[s as usize / 2] >> (32 * (s as u32 % 2))) as u32;
            ranks |= self.kth_live(s, (m & firsts).count_ones());
        }
        ranks
    }

    /// The `k`-th highest live card of suit `s`, as a one-bit set (0 if `k` is 0 or the suit
    /// has fewer live cards).
    #[inline]
    fn kth_live(&self, s: u8, k: u32) -> CardBits {
        CardBits::from_lane(s, kth_highest(self.live.lane(s) as u32, k) as u64)
    }

    /// A card in the form in which the table stores a best move: its suit and how many live
    /// cards of the suit are above it.
    #[inline]
    pub(in crate::solver) fn top_index(&self, c: SolverCard) -> u8 {
        let s = c.suit();
        let above = self.live.lane(s) >> (c.power() + 1);
        pack(s, above.count_ones() as u8)
    }

    /// The live card stored as `r` by [`Position::top_index`], if any.
    #[inline]
    pub(in crate::solver) fn card_from_top(&self, r: u8) -> Option<SolverCard> {
        let (s, above) = unpack(r);
        let bit = self.kth_live(s, above as u32 + 1);
        (!bit.is_empty()).then(|| bit.lowest())
    }

    /// The lowest live scoring trump, as a one-bit set: with it among the cards that matter,
    /// every live scoring trump (they are the top trumps) keeps its identity. (None unless
    /// `POINTS`: a position that counts tricks only has no scoring trumps.)
    #[inline(always)]
    pub(in crate::solver) fn honour_ranks_for<const POINTS: bool>(&self) -> CardBits {
        if !POINTS || self.scoring_trumps == 0 {
            return CardBits::EMPTY;
        }
        let trump = self.encoding.trump;
        let t = self.live.lane(trump) & self.scoring_trumps as u64;
        CardBits::from_lane(trump, t).lowest_alone()
    }

    /// Deletes card `c`'s owner code from its suit's word (before `c` leaves `live`).
    #[inline]
    pub(in crate::solver) fn remove_code(&mut self, c: SolverCard) {
        let s = c.suit() as usize;
        let below = self.live.lane(s as u8) & ((1u64 << c.power()) - 1);
        let at = below.count_ones() * self.code_bits as u32;
        let w = self.owner_codes[s] as u64;
        let low = w & ((1u64 << at) - 1);
        let high = w >> (at + self.code_bits as u32);
        self.owner_codes[s] = (low | high << at) as u32;
    }

    /// Builds the owner words from scratch. Cards of the trick in progress belong to the seat
    /// that played them; they are deleted when the trick ends, before any key is read.
    pub(in crate::solver) fn build_owner_codes(&mut self) {
        let mut owner = [0u8; 64];
        for s in 0..self.seats {
            for c in self.hands[s as usize].iter() {
                owner[c.index()] = s;
            }
        }
        let mut seat = self.leader;
        for &c in &self.trick[..self.trick_len as usize] {
            owner[c.index()] = seat;
            seat = self.next_seat(seat);
        }
        for s in 0..4u8 {
            let mut w = 0u64;
            for (i, c) in self.live.of_suit(s).iter().enumerate() {
                w |= (owner[c.index()] as u64) << (i as u32 * self.code_bits as u32);
            }
            self.owner_codes[s as usize] = w as u32;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::Suit;
    use crate::solver::Position;

    fn pos(hands: [&str; 4]) -> Position {
        Position::partnership(hands, Some(Suit::Spades), 0)
    }

    fn card(p: &Position, c: &str) -> crate::solver::encoding::CardBits {
        p.encoding().card(c.parse().unwrap()).bit()
    }

    #[test]
    fn kth_highest_agrees_with_counting_down() {
        for lane in 0..1u32 << 16 {
            let bits: Vec<u32> = (0..16).rev().filter(|b| lane >> b & 1 != 0).collect();
            assert_eq!(super::kth_highest(lane, 0), 0);
            for k in 1..=17 {
                let want = bits.get(k as usize - 1).map_or(0, |b| 1 << b);
                assert_eq!(super::kth_highest(lane, k), want, "{lane:#x} {k}");
            }
        }
    }

    #[test]
    fn low_cards_that_differ_share_a_pattern() {
        let a = pos(["AH 2H", "KH 3H", "QH 4H", "JH 5H"]);
        let b = pos(["AH 6H", "KH 5H", "QH 7H", "JH 9H"]);
        assert_eq!(a.shape_for::<true>(), b.shape_for::<true>());
        // With only the jack of hearts mattering, the low cards do not.
        let ranks = card(&a, "JH");
        assert!(b.has(&a.pattern(ranks)));
        // With all hearts mattering they do.
        let all = card(&a, "2H");
        assert!(!b.has(&a.pattern(all)));
        assert_eq!(b.ranks_of(&a.pattern(ranks)), card(&b, "JH"));
    }

    #[test]
    fn owner_codes_follow_tricks_as_they_end() {
        let mut a = pos(["AH 2H 3C", "KH 3H 4C", "QH 4H 5C", "JH 5H 6C"]);
        for c in ["AH", "KH", "QH", "JH"] {
            a.play(c.parse().unwrap()).unwrap();
        }
        let mut rebuilt = a;
        rebuilt.build_owner_codes();
        assert_eq!(a.owner_codes, rebuilt.owner_codes);
        let fresh = pos(["2H 3C", "3H 4C", "4H 5C", "5H 6C"]);
        assert_eq!(a.owner_codes, fresh.owner_codes);
        assert_eq!(a.shape_for::<true>(), fresh.shape_for::<true>());
    }

    #[test]
    fn best_moves_are_stored_from_the_top() {
        let a = pos(["AH 2H", "KH 3H", "QH 4H", "JH 5H"]);
        let c = a.encoding().card("QH".parse().unwrap());
        assert_eq!(a.card_from_top(a.top_index(c)), Some(c));
    }
}
