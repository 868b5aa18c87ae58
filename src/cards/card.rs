//! [`Suit`], [`Rank`] and [`Card`].

use std::fmt;

/// One of the four suits, in the suit order used for tie-breaks: clubs < diamonds < hearts <
/// spades.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    /// ♣
    Clubs = 0,
    /// ♦
    Diamonds = 1,
    /// ♥
    Hearts = 2,
    /// ♠
    Spades = 3,
}

impl Suit {
    /// The number of suits.
    pub const NUM: usize = 4;
    /// All suits in suit order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit's index, `0..4`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The suit with index `i`.
    ///
    /// # Panics
    /// If `i >= 4`.
    #[inline]
    pub const fn from_index(i: usize) -> Suit {
        Suit::ALL[i]
    }

    /// The letter used in card notation: `C`, `D`, `H` or `S`.
    #[inline]
    pub const fn letter(self) -> char {
        ['C', 'D', 'H', 'S'][self as usize]
    }

    /// The suit symbol: ♣, ♦, ♥ or ♠.
    #[inline]
    pub const fn symbol(self) -> char {
        ['♣', '♦', '♥', '♠'][self as usize]
    }

    /// Parses a suit letter (either case) or symbol (filled or outlined).
    pub fn from_char(c: char) -> Option<Suit> {
        match c {
            'C' | 'c' | '♣' | '♧' => Some(Suit::Clubs),
            'D' | 'd' | '♦' | '♢' => Some(Suit::Diamonds),
            'H' | 'h' | '♥' | '♡' => Some(Suit::Hearts),
            'S' | 's' | '♠' | '♤' => Some(Suit::Spades),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A rank, from two (0) to ace (12). How ranks compare in a trick depends on the game (Catch the
/// Ten puts the trump Jack on top), so the games use their own power tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    Two = 0,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    /// The number of ranks.
    pub const NUM: usize = 13;
    /// All ranks from two to ace.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank's index, `0..13` (two is 0, ace is 12).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank with index `i`.
    ///
    /// # Panics
    /// If `i >= 13`.
    #[inline]
    pub const fn from_index(i: usize) -> Rank {
        Rank::ALL[i]
    }

    /// The character used in card notation: `2`–`9`, `T`, `J`, `Q`, `K`, `A`.
    #[inline]
    pub const fn letter(self) -> char {
        [
            '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A',
        ][self as usize]
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A playing card: the index `suit * 16 + rank`, so that it is also the card's bit in a
/// [`CardSet`](super::CardSet).
///
/// ```
/// use tricklab::cards::{Card, Rank, Suit};
/// let c = Card::new(Suit::Diamonds, Rank::Ten);
/// assert_eq!(c.to_string(), "TD");
/// assert_eq!("10♦".parse::<Card>().unwrap(), c);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

/// The rank of a card by the low four bits of its index, padded to 16 entries so that the
/// look-up needs no bounds check (entries 13 to 15 are never read for a valid card).
const RANK_OF_LOW_BITS: [Rank; 16] = {
    let mut t = [Rank::Two; 16];
    let mut i = 0;
    while i < 13 {
        t[i] = Rank::ALL[i];
        i += 1;
    }
    t
};

impl Card {
    /// The card of `suit` and `rank`.
    #[inline]
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card((suit as u8) << 4 | rank as u8)
    }

    /// The card with bit index `i` (`suit * 16 + rank`), or `None` if `i` names no card.
    #[inline]
    pub const fn from_index(i: u8) -> Option<Card> {
        if i < 64 && (i & 15) < 13 {
            Some(Card(i))
        } else {
            None
        }
    }

    /// The card with bit index `i`, unchecked: `i` must be `suit * 16 + rank` with rank `< 13`.
    #[inline]
    pub(crate) const fn from_index_unchecked(i: u8) -> Card {
        debug_assert!(i < 64 && (i & 15) < 13);
        Card(i)
    }

    /// The bit index, `suit * 16 + rank`.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The suit.
    #[inline]
    pub const fn suit(self) -> Suit {
        // A card's index is below 64, so the mask changes nothing; it lets the look-up go
        // without a bounds check on every card played.
        Suit::ALL[(self.0 >> 4 & 3) as usize]
    }

    /// The rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        RANK_OF_LOW_BITS[(self.0 & 15) as usize]
    }

    /// The card in suit symbols, e.g. `10♦`.
    pub fn pretty(self) -> String {
        let r = match self.rank() {
            Rank::Ten => "10".to_string(),
            r => r.letter().to_string(),
        };
        format!("{r}{}", self.suit().symbol())
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().letter(), self.suit().letter())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_round_trip() {
        for s in Suit::ALL {
            for r in Rank::ALL {
                let c = Card::new(s, r);
                assert_eq!(c.suit(), s);
                assert_eq!(c.rank(), r);
                assert_eq!(Card::from_index(c.index()), Some(c));
            }
        }
        assert_eq!(Card::from_index(13), None);
        assert_eq!(Card::from_index(64), None);
    }
}
