//! The solver's card encoding: a card is `suit * 16 + power`, where within each suit a higher
//! bit always beats a lower one. For aces-high games this is the card index itself; for Catch
//! the Ten the trump lane is reordered so that its Jack sits on top (`J A K Q T 9 8 7 6`).
//!
//! With the power order in the bits, "who wins this trick" and "the highest card of a suit" are
//! plain comparisons and bit scans, and the relative ranks of the transposition table are the
//! order of the bits.
//!
//! Two zero-cost types carry the encoding, so that no other file shifts or masks by suit: a
//! [`SolverCard`] (`suit()`, `power()`) and a [`CardBits`], a set of solver cards in four
//! 16-bit lanes (`lane(s)`, `of_suit(s)`, `highest()`, `iter()`, …). A lane taken out of a set
//! is a plain integer whose bit `b` is power `b`; arithmetic within one suit works on that.

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::games::TrumpOrder;

/// The 13 used bits of a lane.
pub(super) const LANE: u64 = 0x1FFF;

/// "No card": no move is stored in a table entry ([`pack`]ed like a card); as a card,
/// [`SolverCard::NONE`]. Above every solver card (the highest is `3 * 16 + 12`).
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
    pub fn card(&self, card: Card) -> SolverCard {
        let suit = card.suit() as u8;
        let bit = if self.permuted(suit) {
            TrumpOrder::JACK_HIGH.power(card.rank())
        } else {
            card.rank() as u8
        };
        SolverCard::new(suit, bit)
    }

    /// The real card of a solver card.
    #[inline]
    pub fn real(&self, c: SolverCard) -> Card {
        let (suit, bit) = (c.suit(), c.power());
        let rank = if self.permuted(suit) {
            rank_of_jack_high_power(bit)
        } else {
            Rank::from_index(bit as usize)
        };
        Card::new(Suit::from_index(suit as usize), rank)
    }

    /// The solver set of a real set.
    pub fn set(&self, cards: CardSet) -> CardBits {
        cards
            .iter()
            .fold(CardBits::EMPTY, |a, c| a | self.card(c).bit())
    }

    /// The real set of a solver set.
    pub fn real_set(&self, x: CardBits) -> CardSet {
        x.iter().map(|c| self.real(c)).collect()
    }
}

/// The rank whose Catch the Ten trump power is `p`.
fn rank_of_jack_high_power(p: u8) -> Rank {
    Rank::ALL
        .into_iter()
        .find(|&r| TrumpOrder::JACK_HIGH.power(r) == p)
        .expect("a power of 0..13")
}

/// A solver card: `suit * 16 + power`, where the power is the card's bit in its suit's lane
/// (a higher power beats a lower one). Ordered by suit, then power, as the bits are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub(super) struct SolverCard(u8);

impl SolverCard {
    /// "No card" ([`NO_CARD`]): no card won the last trick against its suit, no killer move
    /// is known.
    pub const NONE: SolverCard = SolverCard(NO_CARD);

    /// The card of suit `suit` (an index) and power `power`.
    #[inline(always)]
    pub const fn new(suit: u8, power: u8) -> SolverCard {
        SolverCard(pack(suit, power))
    }

    /// The card at bit `bit` (`0..64`) of a [`CardBits`].
    #[inline(always)]
    const fn at(bit: u32) -> SolverCard {
        SolverCard(bit as u8)
    }

    /// The suit (an index).
    #[inline(always)]
    pub const fn suit(self) -> u8 {
        unpack(self.0).0
    }

    /// The power within the suit: the card's bit in the suit's lane.
    #[inline(always)]
    pub const fn power(self) -> u8 {
        unpack(self.0).1
    }

    /// The card's bit in a [`CardBits`], as an index (`0..64`) for tables indexed by card.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is [`SolverCard::NONE`].
    #[inline(always)]
    pub const fn is_none(self) -> bool {
        self.0 == NO_CARD
    }

    /// The set of this card alone (not for [`SolverCard::NONE`]).
    #[inline(always)]
    pub const fn bit(self) -> CardBits {
        CardBits(1u64 << self.0)
    }

    /// `a` if `take`, else `b`, without a branch (for choices a branch predictor cannot
    /// foresee).
    #[inline(always)]
    pub const fn pick(take: bool, a: SolverCard, b: SolverCard) -> SolverCard {
        let m = (take as u8).wrapping_neg();
        SolverCard((a.0 & m) | (b.0 & !m))
    }
}

/// `suit` (an index) and `low` (below 16) in one byte as solver cards are: `suit * 16 + low`.
/// The table's stored best moves ("suit and how many live cards are above it") use it too.
#[inline(always)]
pub(super) const fn pack(suit: u8, low: u8) -> u8 {
    suit << 4 | low
}

/// The suit and the low part of a byte made by [`pack`].
#[inline(always)]
pub(super) const fn unpack(x: u8) -> (u8, u8) {
    (x >> 4, x & 15)
}

/// A set of solver cards: four lanes of 16 bits, suit `s` in bits `16s..16s + 13`, each card
/// at its [`SolverCard`]'s bit. A lane on its own (a suit's powers, as a plain integer) comes
/// from [`CardBits::lane`]. Sets are ordered as the numbers their bits make: one card alone
/// is below another alone when it is lower in bit order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub(super) struct CardBits(u64);

impl CardBits {
    /// No card.
    pub const EMPTY: CardBits = CardBits(0);

    /// Bit 0 of each lane: the lowest power of each suit.
    pub const LANE_BOTTOMS: CardBits = CardBits(0x0001_0001_0001_0001);

    /// Bit 15 of each lane, above every card: a guard that stops a carry or a scan at the
    /// top of its lane.
    pub const LANE_GUARDS: CardBits = CardBits(0x8000_8000_8000_8000);

    /// The set with these bits (for tests and bit arithmetic done on whole sets).
    #[inline(always)]
    pub const fn from_bits(x: u64) -> CardBits {
        CardBits(x)
    }

    /// The bits of the set.
    #[inline(always)]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set whose suit `s` (an index) holds the powers of `lane` (which has no bits above
    /// the lane's 13) and whose other suits are empty.
    #[inline(always)]
    pub const fn from_lane(s: u8, lane: u64) -> CardBits {
        debug_assert!(lane & !LANE == 0);
        CardBits(lane << (16 * s as u32))
    }

    /// The powers this set holds in suit `s` (an index), as a lane: bit `b` is power `b`.
    #[inline(always)]
    pub const fn lane(self, s: u8) -> u64 {
        (self.0 >> (16 * s as u32)) & LANE
    }

    /// The cards of suit `s` (an index) in this set.
    #[inline(always)]
    pub const fn of_suit(self, s: u8) -> CardBits {
        CardBits(self.0 & LANE << (16 * s as u32))
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds `c`.
    #[inline(always)]
    pub const fn contains(self, c: SolverCard) -> bool {
        self.0 >> c.0 & 1 != 0
    }

    /// The lowest card (suit by suit from suit 0); the set must not be empty.
    #[inline(always)]
    pub const fn lowest(self) -> SolverCard {
        SolverCard::at(self.0.trailing_zeros())
    }

    /// The highest card (suit by suit from suit 3); the set must not be empty.
    #[inline(always)]
    pub const fn highest(self) -> SolverCard {
        SolverCard::at(63 - self.0.leading_zeros())
    }

    /// The lowest card as a set of one (empty if the set is).
    #[inline(always)]
    pub const fn lowest_alone(self) -> CardBits {
        CardBits(self.0 & self.0.wrapping_neg())
    }

    /// Whether the set holds at most one card.
    #[inline(always)]
    pub const fn at_most_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) == 0
    }

    /// The set without `c`.
    #[inline(always)]
    pub const fn without(self, c: SolverCard) -> CardBits {
        CardBits(self.0 & !(1u64 << c.0))
    }

    /// The cards of the set, lowest first.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = SolverCard> {
        bits(self.0).map(SolverCard)
    }

    /// The four lanes in reverse order (suit 0 in the highest lane), so that scanning from
    /// the highest bit goes suit by suit from suit 0, highest card first; undo the order of a
    /// bit with [`CardBits::reversed_card`].
    #[inline(always)]
    pub const fn lanes_reversed(self) -> u64 {
        let x = self.0.rotate_left(32);
        ((x >> 16) & 0x0000_FFFF_0000_FFFF) | ((x & 0x0000_FFFF_0000_FFFF) << 16)
    }

    /// The card at bit `b` of [`CardBits::lanes_reversed`].
    #[inline(always)]
    pub const fn reversed_card(b: u32) -> SolverCard {
        SolverCard::at(b ^ 0x30)
    }

    /// The cards of the set from `low` (included) up to `end` (excluded) in bit order, with
    /// `end` a bit index up to 63.
    #[inline(always)]
    pub const fn run_from(self, low: SolverCard, end: u32) -> CardBits {
        CardBits(self.0 & ((1u64 << end) - 1) & !((1u64 << low.0) - 1))
    }

    /// The bit index of the first card of the set above `c` in bit order (64 if none).
    #[inline(always)]
    pub const fn next_above(self, c: SolverCard) -> u32 {
        (self.0 & !((2u64 << c.0) - 1)).trailing_zeros()
    }
}

impl std::ops::BitOr for CardBits {
    type Output = CardBits;
    #[inline(always)]
    fn bitor(self, o: CardBits) -> CardBits {
        CardBits(self.0 | o.0)
    }
}

impl std::ops::BitAnd for CardBits {
    type Output = CardBits;
    #[inline(always)]
    fn bitand(self, o: CardBits) -> CardBits {
        CardBits(self.0 & o.0)
    }
}

impl std::ops::Not for CardBits {
    type Output = CardBits;
    #[inline(always)]
    fn not(self) -> CardBits {
        CardBits(!self.0)
    }
}

impl std::ops::BitOrAssign for CardBits {
    #[inline(always)]
    fn bitor_assign(&mut self, o: CardBits) {
        self.0 |= o.0;
    }
}

impl std::ops::BitAndAssign for CardBits {
    #[inline(always)]
    fn bitand_assign(&mut self, o: CardBits) {
        self.0 &= o.0;
    }
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
        assert_eq!(e.card(side).index(), side.index() as usize);
        let all = CardSet::ALL;
        assert_eq!(e.real_set(e.set(all)), all);
    }

    #[test]
    fn a_solver_card_is_its_suit_and_power_and_one_bit_of_a_set() {
        for s in 0..4u8 {
            for power in 0..13u8 {
                let c = SolverCard::new(s, power);
                assert_eq!((c.suit(), c.power()), (s, power));
                let one = c.bit();
                assert_eq!(one.lane(s), 1 << power);
                assert_eq!(one, CardBits::from_lane(s, 1 << power));
                assert_eq!((one.lowest(), one.highest()), (c, c));
                assert_eq!(one.iter().collect::<Vec<_>>(), [c]);
                assert!(one.of_suit(s).contains(c) && one.of_suit((s + 1) % 4).is_empty());
                assert!(one.without(c).is_empty());
            }
        }
        assert!(SolverCard::NONE.is_none() && !SolverCard::new(3, 12).is_none());
        assert_eq!(unpack(pack(3, 9)), (3, 9));
    }

    #[test]
    fn reversed_lanes_scan_suit_by_suit_from_suit_0_highest_first() {
        let cards = [(2, 5), (0, 1), (3, 12), (0, 7), (2, 0)].map(|(s, p)| SolverCard::new(s, p));
        let set = cards.iter().fold(CardBits::EMPTY, |a, c| a | c.bit());
        let mut x = set.lanes_reversed();
        let mut order = Vec::new();
        while x != 0 {
            let b = 63 - x.leading_zeros();
            x &= !(1u64 << b);
            order.push(CardBits::reversed_card(b));
        }
        let want = [(0, 7), (0, 1), (2, 5), (2, 0), (3, 12)].map(|(s, p)| SolverCard::new(s, p));
        assert_eq!(order, want);
    }

    #[test]
    fn a_run_from_a_card_ends_below_the_next_stop() {
        let hand = CardBits::from_lane(1, 0b1011_0110);
        let stops = CardBits::from_lane(1, 0b0100_0000) | CardBits::LANE_GUARDS;
        let low = SolverCard::new(1, 1);
        let end = stops.next_above(low);
        assert_eq!(end, 16 + 6);
        assert_eq!(hand.run_from(low, end), CardBits::from_lane(1, 0b0011_0110));
    }
}
