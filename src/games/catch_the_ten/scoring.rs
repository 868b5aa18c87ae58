//! Scoring (RULES.md §1.5) and the count-out at 41 (§1.6), as pure functions of what each side
//! won.

use crate::cards::{CardSet, Rank, Suit};
use crate::games::MAX_SEATS;

/// The game is won at 41 or more.
pub const TARGET: i32 = 41;

/// Points per side, indexed by side.
pub type SidePoints = [i32; MAX_SEATS];

/// The value of a trump of `rank`: J 11, T 10, A 4, K 3, Q 2, otherwise 0.
#[inline]
pub const fn honour_value(rank: Rank) -> i32 {
    match rank {
        Rank::Jack => 11,
        Rank::Ten => 10,
        Rank::Ace => 4,
        Rank::King => 3,
        Rank::Queen => 2,
        _ => 0,
    }
}

/// The counting trumps (J, T, A, K, Q of `trump`).
#[inline]
pub const fn honour_cards(trump: Suit) -> CardSet {
    CardSet(
        CardSet::suit_mask(trump).0
            & (CardSet::rank_mask(Rank::Jack).0
                | CardSet::rank_mask(Rank::Ten).0
                | CardSet::rank_mask(Rank::Ace).0
                | CardSet::rank_mask(Rank::King).0
                | CardSet::rank_mask(Rank::Queen).0),
    )
}

/// The honour points in `won` (the counting trumps it holds).
#[inline]
pub const fn honours(won: CardSet, trump: Suit) -> i32 {
    let l = won.lane(trump) as i32;
    11 * ((l >> Rank::Jack as u32) & 1)
        + 10 * ((l >> Rank::Ten as u32) & 1)
        + 4 * ((l >> Rank::Ace as u32) & 1)
        + 3 * ((l >> Rank::King as u32) & 1)
        + 2 * ((l >> Rank::Queen as u32) & 1)
}

/// Points for cards: one per card won beyond the side's share.
#[inline]
pub const fn card_points(cards_won: usize, share: usize) -> i32 {
    if cards_won > share {
        (cards_won - share) as i32
    } else {
        0
    }
}

/// The steps of the count-out, in order (§1.6): Ten, cards, Ace, King, Queen, Jack.
pub const COUNT_OUT: [Step; 6] = [
    Step::Ten,
    Step::Cards,
    Step::Ace,
    Step::King,
    Step::Queen,
    Step::Jack,
];

/// One step of the count-out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The trump Ten.
    Ten,
    /// Cards beyond the share, all sides at once.
    Cards,
    /// The trump Ace.
    Ace,
    /// The trump King.
    King,
    /// The trump Queen.
    Queen,
    /// The trump Jack.
    Jack,
}

/// What each side made in one hand (one set with 2 or 3 players).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandScore {
    /// Honour points per side.
    pub honours: SidePoints,
    /// Card points per side.
    pub cards: SidePoints,
    /// The side that captured the counting trump of each rank (indexed by rank), if one did.
    captured: [Option<u8>; 13],
}

impl HandScore {
    /// Scores a hand from the cards each side won (one entry per side) and each side's share.
    pub fn new(won: &[CardSet], shares: &[u8], trump: Suit) -> HandScore {
        let mut s = HandScore {
            honours: [0; MAX_SEATS],
            cards: [0; MAX_SEATS],
            captured: [None; 13],
        };
        for (side, (&w, &share)) in won.iter().zip(shares).enumerate() {
            s.honours[side] = honours(w, trump);
            s.cards[side] = card_points(w.len(), share as usize);
            let mut counting = w.lane(trump) & honour_cards(trump).lane(trump);
            while counting != 0 {
                s.captured[counting.trailing_zeros() as usize] = Some(side as u8);
                counting &= counting - 1;
            }
        }
        s
    }

    /// The hand score of `side`: honours plus cards.
    #[inline]
    pub const fn total(&self, side: usize) -> i32 {
        self.honours[side] + self.cards[side]
    }

    /// The points each side adds in `step`.
    pub fn step(&self, step: Step) -> SidePoints {
        let honour = |rank: Rank| {
            let mut p = [0; MAX_SEATS];
            if let Some(side) = self.captured[rank.index()] {
                p[side as usize] = honour_value(rank);
            }
            p
        };
        match step {
            Step::Ten => honour(Rank::Ten),
            Step::Cards => self.cards,
            Step::Ace => honour(Rank::Ace),
            Step::King => honour(Rank::King),
            Step::Queen => honour(Rank::Queen),
            Step::Jack => honour(Rank::Jack),
        }
    }
}

/// The sides (a bit mask) among `candidates` with the highest score.
pub fn leaders(scores: &SidePoints, candidates: u8) -> u8 {
    let best = (0..MAX_SEATS)
        .filter(|&s| candidates & (1 << s) != 0)
        .map(|s| scores[s])
        .max();
    match best {
        None => 0,
        Some(b) => (0..MAX_SEATS)
            .filter(|&s| candidates & (1 << s) != 0 && scores[s] == b)
            .fold(0, |m, s| m | 1 << s),
    }
}

/// Adds a hand's points to `scores` in the count-out order (§1.6), skipping the sides in
/// `excluded` (a revoke under `LoseHandPoints`). Returns the winning sides (a bit mask; more than
/// one bit is a shared win) if a side reached 41, in which case later steps are not added.
pub fn count_out(
    scores: &mut SidePoints,
    n_sides: usize,
    hand: &HandScore,
    excluded: u8,
) -> Option<u8> {
    // The order of the steps matters only if a side reaches 41: when none can, add everything.
    let reaches =
        (0..n_sides).any(|s| excluded & (1 << s) == 0 && scores[s] + hand.total(s) >= TARGET);
    if !reaches {
        for (side, score) in scores.iter_mut().enumerate().take(n_sides) {
            if excluded & (1 << side) == 0 {
                *score += hand.total(side);
            }
        }
        return None;
    }
    for step in COUNT_OUT {
        let add = hand.step(step);
        for side in 0..n_sides {
            if excluded & (1 << side) == 0 {
                scores[side] += add[side];
            }
        }
        let reached = (0..n_sides)
            .filter(|&s| scores[s] >= TARGET)
            .fold(0u8, |m, s| m | 1 << s);
        if reached != 0 {
            return Some(leaders(scores, reached));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn honours_total_thirty() {
        assert_eq!(honours(CardSet::suit_mask(Suit::Hearts), Suit::Hearts), 30);
        assert_eq!(honours(CardSet::suit_mask(Suit::Hearts), Suit::Spades), 0);
    }

    #[test]
    fn card_points_beyond_share() {
        assert_eq!(card_points(24, 18), 6);
        assert_eq!(card_points(12, 18), 0);
    }
}
