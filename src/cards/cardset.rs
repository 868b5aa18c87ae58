//! [`CardSet`]: a set of cards as a `u64` with one 16-bit lane per suit.

use std::fmt;
use std::iter::FusedIterator;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use super::{Card, Rank, Suit};

/// A set of cards: bit `suit * 16 + rank` is set when the card is in the set.
///
/// Each suit has a 16-bit lane of which the low 13 bits are used, so "the cards of a suit" is one
/// mask and counting is `count_ones`. Every method is cheap and most are `const`.
///
/// ```
/// use tricklab::cards::{CardSet, Suit};
/// let hand: CardSet = "AS KS TS 9H 2H QD 6C".parse().unwrap();
/// assert_eq!(hand.suit(Suit::Spades).len(), 3);
/// assert_eq!(hand.lines(), "♠ A K T\n♥ 9 2\n♦ Q\n♣ 6");
/// assert_eq!(hand.to_string(), "AS KS TS 9H 2H QD 6C");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct CardSet(pub u64);

const LANE: u64 = 0x1FFF;

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 52 cards.
    pub const ALL: CardSet = CardSet(LANE | LANE << 16 | LANE << 32 | LANE << 48);

    /// The set holding only `card`.
    #[inline]
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.index())
    }

    /// All 13 cards of `suit`.
    #[inline]
    pub const fn suit_mask(suit: Suit) -> CardSet {
        CardSet(LANE << (16 * suit as u32))
    }

    /// All four cards of `rank`.
    #[inline]
    pub const fn rank_mask(rank: Rank) -> CardSet {
        CardSet(0x0001_0001_0001_0001 << rank as u32)
    }

    /// The cards of `suit` whose rank is at least `low` (aces-high order).
    #[inline]
    pub const fn suit_from(suit: Suit, low: Rank) -> CardSet {
        CardSet((LANE >> (low as u32) << (low as u32)) << (16 * suit as u32))
    }

    /// The cards of this set in `suit`.
    #[inline]
    pub const fn suit(self, suit: Suit) -> CardSet {
        CardSet(self.0 & Self::suit_mask(suit).0)
    }

    /// The 13-bit rank mask of `suit` (bit `r` set when rank `r` is in the set).
    #[inline]
    pub const fn lane(self, suit: Suit) -> u16 {
        (self.0 >> (16 * suit as u32)) as u16 & LANE as u16
    }

    /// The set with the rank mask `lane` in `suit` and nothing else.
    #[inline]
    pub const fn from_lane(suit: Suit, lane: u16) -> CardSet {
        CardSet(((lane as u64) & LANE) << (16 * suit as u32))
    }

    /// Whether `card` is in the set.
    #[inline]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    /// The set with `card` added.
    #[inline]
    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | 1 << card.index())
    }

    /// The set with `card` removed.
    #[inline]
    pub const fn without(self, card: Card) -> CardSet {
        CardSet(self.0 & !(1 << card.index()))
    }

    /// Adds `card`.
    #[inline]
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.index();
    }

    /// Removes `card`.
    #[inline]
    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.index());
    }

    /// The number of cards.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every card of `self` is in `other`.
    #[inline]
    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the two sets share no card.
    #[inline]
    pub const fn is_disjoint(self, other: CardSet) -> bool {
        self.0 & other.0 == 0
    }

    /// The card with the lowest index (the lowest rank of the lowest suit).
    #[inline]
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card::from_index_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    /// The card with the highest index (the highest rank of the highest suit).
    #[inline]
    pub const fn last(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card::from_index_unchecked(
                63 - self.0.leading_zeros() as u8,
            ))
        }
    }

    /// Removes and returns the card with the lowest index.
    #[inline]
    pub fn pop_first(&mut self) -> Option<Card> {
        let c = self.first()?;
        self.0 &= self.0 - 1;
        Some(c)
    }

    /// Removes and returns the card with the highest index.
    #[inline]
    pub fn pop_last(&mut self) -> Option<Card> {
        let c = self.last()?;
        self.remove(c);
        Some(c)
    }

    /// The lowest-ranked card of `suit` in the set (aces high).
    #[inline]
    pub const fn lowest_in(self, suit: Suit) -> Option<Card> {
        self.suit(suit).first()
    }

    /// The highest-ranked card of `suit` in the set (aces high).
    #[inline]
    pub const fn highest_in(self, suit: Suit) -> Option<Card> {
        self.suit(suit).last()
    }

    /// The `n`-th card (0-based) in index order, or `None` when `n >= len()`.
    ///
    /// Used to draw a uniform card: pick `n` below `len()` and take the `n`-th (see
    /// [`CardSet::indexed`] to count once and select after).
    #[inline]
    pub fn nth(self, n: usize) -> Option<Card> {
        self.indexed().nth(n)
    }

    /// A uniformly chosen card of the set: the card of index `below(rng, len)` in card order,
    /// selected from one count of the set (as [`Indexed::nth`]).
    ///
    /// # Panics
    /// If the set is empty.
    #[inline]
    pub fn choose<R: rand::Rng + ?Sized>(self, rng: &mut R) -> Card {
        let cards = self.indexed();
        let n = cards.len() as u32;
        assert!(n > 0, "no card to choose from");
        cards
            .nth(crate::rng::below(rng, n) as usize)
            .expect("index below len")
    }

    /// The set with the running counts that [`Indexed::nth`] selects from.
    #[inline]
    pub const fn indexed(self) -> Indexed {
        Indexed {
            bits: self.0,
            sums: byte_counts(self.0).wrapping_mul(L8),
        }
    }

    /// The suits in which the set holds at least one card, as a 4-bit mask.
    #[inline]
    pub const fn suits_held(self) -> u8 {
        let mut m = 0u8;
        let mut s = 0;
        while s < 4 {
            if (self.0 >> (16 * s)) & LANE != 0 {
                m |= 1 << s;
            }
            s += 1;
        }
        m
    }

    /// An iterator over the cards in index order (clubs first, low ranks first).
    #[inline]
    pub const fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }

    /// The cards in display order: suits ♠ ♥ ♦ ♣, high ranks first.
    pub fn display_order(self) -> impl Iterator<Item = Card> {
        Suit::ALL
            .into_iter()
            .rev()
            .flat_map(move |s| self.suit(s).iter().rev())
    }

    /// The set as four lines, one per suit (♠ ♥ ♦ ♣), ranks high to low; an empty suit shows `—`.
    pub fn lines(self) -> String {
        Suit::ALL
            .iter()
            .rev()
            .map(|&s| {
                let ranks: Vec<String> = self
                    .suit(s)
                    .iter()
                    .rev()
                    .map(|c| c.rank().letter().to_string())
                    .collect();
                if ranks.is_empty() {
                    format!("{} —", s.symbol())
                } else {
                    format!("{} {}", s.symbol(), ranks.join(" "))
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

const L8: u64 = 0x0101_0101_0101_0101;

/// The number of one bits in each byte of `x`, in that byte (SWAR, without `popcnt`).
#[inline]
pub(crate) const fn byte_counts(x: u64) -> u64 {
    let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    (x + (x >> 4)) & 0x0F0F_0F0F_0F0F_0F0F
}
const H8: u64 = 0x8080_8080_8080_8080;

/// A card set counted once for repeated selection: the number of cards and the `n`-th card,
/// both without `popcnt` (which the baseline x86-64 target lacks).
///
/// Broadword select: byte counts by SWAR, their running sums by one multiply, the byte that
/// holds the `n`-th card by comparing all eight sums at once, and the bit within that byte from
/// a table. No branch depends on the cards.
///
/// ```
/// use tricklab::cards::CardSet;
/// let s: CardSet = "2C AC 3D KH 4S".parse().unwrap();
/// let ix = s.indexed();
/// assert_eq!(ix.len(), 5);
/// assert_eq!(ix.nth(3), "KH".parse().ok());
/// assert_eq!(ix.nth(5), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Indexed {
    bits: u64,
    /// Byte `i` counts the cards in bytes `0..=i` (at most 64, so 7 bits).
    sums: u64,
}

impl Indexed {
    /// The number of cards.
    #[inline]
    pub const fn len(&self) -> usize {
        (self.sums >> 56) as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.bits == 0
    }

    /// The `n`-th card (0-based) in index order, or `None` when `n >= len()`.
    #[inline]
    pub fn nth(&self, n: usize) -> Option<Card> {
        if n >= self.len() {
            return None;
        }
        // High bit of byte i set when sums_i <= n: the number of such bytes is the index of
        // the byte holding the n-th card.
        let below = ((n as u64).wrapping_mul(L8) | H8).wrapping_sub(self.sums) & H8;
        let byte = (((below >> 7).wrapping_mul(L8)) >> 56) as u32;
        let before = ((self.sums << 8) >> (8 * byte)) & 0xFF;
        let in_byte = ((self.bits >> (8 * byte)) & 0xFF) as usize;
        let bit = SELECT_IN_BYTE[in_byte][n - before as usize];
        Some(Card::from_index_unchecked(8 * byte as u8 + bit))
    }
}

/// `SELECT_IN_BYTE[b][k]`: the position of the `k`-th set bit (0-based) of the byte `b`
/// (0 where `b` has fewer). Also used by the solver.
pub(crate) static SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut k, mut bit) = (0, 0);
        while bit < 8 {
            if b & (1 << bit) != 0 {
                t[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    t
};

impl fmt::Display for CardSet {
    /// Cards in display order separated by spaces, e.g. `AS KS 2D`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for c in self.display_order() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet[{self}]")
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for CardSet {
            type Output = CardSet;
            #[inline]
            fn $f(self, rhs: CardSet) -> CardSet {
                CardSet(self.0 $op rhs.0)
            }
        }
        impl $atr for CardSet {
            #[inline]
            fn $af(&mut self, rhs: CardSet) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for CardSet {
    type Output = CardSet;
    /// The cards of `self` that are not in `rhs`.
    #[inline]
    fn sub(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & !rhs.0)
    }
}

impl SubAssign for CardSet {
    #[inline]
    fn sub_assign(&mut self, rhs: CardSet) {
        self.0 &= !rhs.0;
    }
}

impl Not for CardSet {
    type Output = CardSet;
    /// The 52-card complement.
    #[inline]
    fn not(self) -> CardSet {
        CardSet(!self.0 & CardSet::ALL.0)
    }
}

impl From<Card> for CardSet {
    #[inline]
    fn from(c: Card) -> CardSet {
        CardSet::single(c)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut s = CardSet::EMPTY;
        s.extend(iter);
        s
    }
}

impl Extend<Card> for CardSet {
    fn extend<I: IntoIterator<Item = Card>>(&mut self, iter: I) {
        for c in iter {
            self.insert(c);
        }
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    #[inline]
    fn into_iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

/// An iterator over a [`CardSet`] in index order; exact-size and double-ended.
#[derive(Clone, Debug)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;
    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card::from_index_unchecked(i))
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for CardSetIter {
    #[inline]
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = 63 - self.0.leading_zeros() as u8;
        self.0 &= !(1 << i);
        Some(Card::from_index_unchecked(i))
    }
}

impl ExactSizeIterator for CardSetIter {}
impl FusedIterator for CardSetIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks() {
        assert_eq!(CardSet::ALL.len(), 52);
        for s in Suit::ALL {
            assert_eq!(CardSet::suit_mask(s).len(), 13);
            assert_eq!(CardSet::suit_from(s, Rank::Six).len(), 9);
        }
        for r in Rank::ALL {
            assert_eq!(CardSet::rank_mask(r).len(), 4);
        }
        assert_eq!((!CardSet::EMPTY), CardSet::ALL);
    }

    #[test]
    fn nth_walks_in_index_order() {
        let s: CardSet = "2C AC 3D KH 4S".parse().unwrap();
        let v: Vec<Card> = s.iter().collect();
        for (i, c) in v.iter().enumerate() {
            assert_eq!(s.nth(i), Some(*c));
        }
        assert_eq!(s.nth(5), None);
    }

    #[test]
    fn nth_agrees_with_iteration_on_many_sets() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let s = CardSet(x & CardSet::ALL.0 & (x >> 3 | x << 5));
            for (i, c) in s.iter().enumerate() {
                assert_eq!(s.nth(i), Some(c), "{s:?} at {i}");
            }
            assert_eq!(s.nth(s.len()), None);
        }
        assert_eq!(CardSet::ALL.nth(51), "AS".parse().ok());
        assert_eq!(CardSet::EMPTY.nth(0), None);
    }

    #[test]
    fn highest_and_lowest() {
        let s: CardSet = "2H 9H KH AS".parse().unwrap();
        assert_eq!(s.highest_in(Suit::Hearts).unwrap().to_string(), "KH");
        assert_eq!(s.lowest_in(Suit::Hearts).unwrap().to_string(), "2H");
        assert_eq!(s.lowest_in(Suit::Clubs), None);
        assert_eq!(s.suits_held(), 0b1100);
    }
}
