//! What every game checks in a deal from given hands (a worked example, or a record), and the
//! error that names what is wrong with one.

use thiserror::Error;

use crate::cards::{Card, CardSet};

use super::Seat;

/// Why given hands are not a deal the game can start from: one line naming the problem.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DealError {
    /// The dealer is not a seat of the table.
    #[error("dealer {dealer} is not a seat of a {players}-player table")]
    Dealer {
        /// The dealer given.
        dealer: Seat,
        /// The table's player count.
        players: usize,
    },
    /// Another number of hands than players.
    #[error("{given} hands for {players} players")]
    Hands {
        /// Hands given.
        given: usize,
        /// Players at the table.
        players: usize,
    },
    /// Another number of scores than sides.
    #[error("{given} scores given for {sides} sides")]
    Scores {
        /// Scores given.
        given: usize,
        /// Sides at the table.
        sides: usize,
    },
    /// A score a hand cannot start from.
    #[error("a score of {score} cannot start a hand of a game to {target}")]
    Score {
        /// The score.
        score: i32,
        /// The game's target.
        target: i32,
    },
    /// A seat with another number of cards than the hand size.
    #[error("seat {seat} holds {got} cards, expected {want}")]
    HandSize {
        /// The seat.
        seat: usize,
        /// Its cards.
        got: usize,
        /// The hand size.
        want: usize,
    },
    /// A seat with another number of sets than the game deals (Catch the Ten).
    #[error("seat {seat} has {got} sets, expected {want}")]
    Sets {
        /// The seat.
        seat: usize,
        /// Its sets.
        got: usize,
        /// The sets dealt.
        want: usize,
    },
    /// A set of a seat with another number of cards than the set size (Catch the Ten; sets
    /// count from 1).
    #[error("seat {seat} holds {got} cards in set {set}, expected {want}")]
    SetSize {
        /// The seat.
        seat: usize,
        /// The set, from 1.
        set: usize,
        /// Its cards.
        got: usize,
        /// The set size (0 for a set or seat the table does not have).
        want: usize,
    },
    /// Cards dealt to two seats (or sets).
    #[error("card(s) {0} dealt twice")]
    Twice(CardSet),
    /// The hands are not the game's pack.
    #[error("the deal is not the {size}-card pack: missing {missing}, extra {extra}")]
    NotThePack {
        /// The pack's size.
        size: usize,
        /// Cards of the pack in no hand.
        missing: CardSet,
        /// Cards in a hand that are not in the pack.
        extra: CardSet,
    },
    /// The laid-aside card is also in a hand (Catch the Ten).
    #[error("the laid-aside card {0} is also in a hand")]
    LaidAsideInHand(Card),
    /// No laid-aside card where the options lay one aside (Catch the Ten, `keep_6S`).
    #[error("keep_6S needs the laid-aside card")]
    NoLaidAside,
    /// The turned card is not in the dealer's last set (Catch the Ten).
    #[error("the turned card {0} is not in the dealer's last set")]
    TurnedNotInLastSet(Card),
    /// The turned card is not in the dealer's hand (Whist).
    #[error("the turned card {0} is not in the dealer's hand")]
    TurnedNotInHand(Card),
    /// A kitty of another size (9-5-2).
    #[error("the kitty holds {got} cards, expected {want}")]
    KittySize {
        /// Its cards.
        got: usize,
        /// The kitty's size.
        want: usize,
    },
    /// Cards both in a hand and in the kitty (9-5-2).
    #[error("card(s) {0} both in a hand and in the kitty")]
    InHandAndKitty(CardSet),
    /// Previous results no hand can have given (9-5-2).
    #[error("previous results {previous:?} are not a possible hand for targets {targets:?}")]
    ImpossiblePrevious {
        /// The previous hand's results by seat.
        previous: [i32; 3],
        /// The targets of that hand by seat.
        targets: [u8; 3],
    },
    /// Previous results given for a match's first hand (9-5-2).
    #[error("the first hand of a game has no previous results")]
    PreviousOnFirstHand,
    /// No previous results for a later hand, which the exchange needs (9-5-2).
    #[error("hand {0} needs the previous hand's results for the exchange")]
    NoPrevious(u32),
}

/// Checks that each seat of `hands` holds `size` cards and that no card is dealt twice, and
/// returns the cards dealt.
///
/// # Errors
/// [`DealError::HandSize`] for the first seat holding another number of cards, or
/// [`DealError::Twice`] with the cards dealt twice.
pub fn check_hands(hands: &[CardSet], size: usize) -> Result<CardSet, DealError> {
    let mut all = CardSet::EMPTY;
    for (seat, &h) in hands.iter().enumerate() {
        if h.len() != size {
            return Err(DealError::HandSize {
                seat,
                got: h.len(),
                want: size,
            });
        }
        if !all.is_disjoint(h) {
            return Err(DealError::Twice(all & h));
        }
        all |= h;
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn each_deal_error_is_one_line() {
        assert_eq!(
            check_hands(&[cards("AS KS"), cards("QS")], 2)
                .unwrap_err()
                .to_string(),
            "seat 1 holds 1 cards, expected 2"
        );
        assert_eq!(
            check_hands(&[cards("AS KS"), cards("KS QS")], 2),
            Err(DealError::Twice(cards("KS")))
        );
        assert_eq!(
            DealError::Twice(cards("KS")).to_string(),
            "card(s) KS dealt twice"
        );
        assert_eq!(
            DealError::ImpossiblePrevious {
                previous: [1, 0, 0],
                targets: [9, 5, 2]
            }
            .to_string(),
            "previous results [1, 0, 0] are not a possible hand for targets [9, 5, 2]"
        );
        assert_eq!(
            DealError::NotThePack {
                size: 32,
                missing: cards("AS"),
                extra: cards("2C")
            }
            .to_string(),
            "the deal is not the 32-card pack: missing AS, extra 2C"
        );
        assert_eq!(
            DealError::NoPrevious(3).to_string(),
            "hand 3 needs the previous hand's results for the exchange"
        );
    }
}
