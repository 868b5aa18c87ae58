//! Scoring a hand (RULES.md §3.3) and the end of the game (§3.4), as pure functions.

use crate::cards::{CardSet, Rank, Suit};

use super::options::Options;

/// The tricks of a hand.
pub const TRICKS: u32 = 13;

/// The book: the first six tricks a side takes score nothing.
pub const BOOK: u32 = 6;

/// The two sides, partners opposite: side 0 is seats 0 and 2, side 1 seats 1 and 3.
pub const SIDES: usize = 2;

/// Points for tricks: one for each trick beyond the book.
#[inline]
pub const fn trick_points(tricks: u32) -> i32 {
    tricks.saturating_sub(BOOK) as i32
}

/// The honours of `trump`: its A, K, Q and J.
#[inline]
pub const fn honour_cards(trump: Suit) -> CardSet {
    CardSet::suit_from(trump, Rank::Jack)
}

/// Points for honours held by one side: 4 for all four, 2 for exactly three, else 0.
#[inline]
pub const fn honour_points(held: u32) -> i32 {
    match held {
        4 => 4,
        3 => 2,
        _ => 0,
    }
}

/// How a finished hand changes the game's score (§3.3–3.4), per side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settlement {
    /// Points for tricks (at most one side has any).
    pub trick_points: [i32; SIDES],
    /// Points for honours actually added: zero when the option is off, for a side that began
    /// the hand at `target − 1` or higher, and for both sides once tricks reached the target.
    pub honours: [i32; SIDES],
    /// The game score after the hand.
    pub scores_after: [i32; SIDES],
    /// The side that reached the target, ending the game.
    pub winner: Option<usize>,
}

impl Settlement {
    /// Settles a hand: from the scores before it, the tricks each side took and the honours
    /// each side was dealt. Tricks are added first; if a side reaches the target the game is
    /// over and no honours are added for either side (§7.9); otherwise honours are added where
    /// they count.
    pub fn new(
        options: &Options,
        scores_before: [i32; SIDES],
        tricks: [u32; SIDES],
        honours_held: [u32; SIDES],
    ) -> Settlement {
        let target = options.target as i32;
        let trick_points = tricks.map(trick_points);
        let mut scores = [0; SIDES];
        for s in 0..SIDES {
            scores[s] = scores_before[s] + trick_points[s];
        }
        let reached = |scores: &[i32; SIDES]| (0..SIDES).find(|&s| scores[s] >= target);
        let mut honours = [0; SIDES];
        let mut winner = reached(&scores);
        if winner.is_none() && options.honours {
            for s in 0..SIDES {
                if scores_before[s] < target - 1 {
                    honours[s] = honour_points(honours_held[s]);
                    scores[s] += honours[s];
                }
            }
            winner = reached(&scores);
        }
        Settlement {
            trick_points,
            honours,
            scores_after: scores,
            winner,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn book_of_six() {
        let pts: Vec<i32> = (0..=TRICKS).map(trick_points).collect();
        assert_eq!(pts, [0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7]);
    }

    #[test]
    fn honours_are_the_top_four_trumps() {
        assert_eq!(
            honour_cards(Suit::Hearts),
            "AH KH QH JH".parse::<CardSet>().unwrap()
        );
        assert_eq!([4, 3, 2, 1, 0].map(honour_points), [4, 2, 0, 0, 0]);
    }
}
