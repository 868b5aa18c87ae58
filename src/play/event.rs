//! What happens at the table, for the faces to tell: the steps of a hand as the record writes
//! them (so the engine's forced 9-5-2 returns are among them), tricks, hands and the match.

use crate::cards::Card;
use crate::games::record::ActionRecord;
use crate::games::{Action, Seat};

/// A seat's values for its legal actions at one decision, best first (the mean reward for its
/// side in `[0, 1]`, as `analyze` shows them).
#[derive(Clone, Debug, PartialEq)]
pub struct Values {
    /// The seat that decided.
    pub seat: Seat,
    /// The decision's number in the hand (0-based, forced steps not counted).
    pub index: usize,
    /// What it chose.
    pub chosen: Action,
    /// The agent that gave the values.
    pub agent: String,
    /// Every valued action, best first.
    pub values: Vec<(Action, f64)>,
}

/// Something that happened at the table, for the screen to tell.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A hand was dealt and is about to begin.
    HandStarted {
        /// The hand number in the match (0-based, as the record counts).
        hand: u32,
        /// Its dealer.
        dealer: Seat,
    },
    /// A step of the hand: a seat's decision, or a forced step of the engine (a 9-5-2 return),
    /// as the record writes it (with the receiver of a give or return). Each face shows a
    /// seat only the card of a step it may see ([`sees`](crate::agents::external::protocol::sees)).
    Step(ActionRecord),
    /// A trick was completed.
    TrickWon {
        /// Who won it.
        winner: Seat,
        /// The cards in the order played, with their players.
        cards: Vec<(Seat, Card)>,
    },
    /// A hand ended; its record line was written.
    HandOver {
        /// The hand number in the match.
        hand: u32,
        /// The tricks each seat took.
        tricks: Vec<u32>,
        /// Each seat's target in tricks, in games with targets (9-5-2).
        targets: Option<Vec<u8>>,
        /// The points each side made in the hand.
        points: Vec<i32>,
        /// The match scores after it.
        scores: Vec<i32>,
        /// Who deals the next hand.
        next_dealer: Seat,
    },
    /// The match ended.
    MatchOver {
        /// The winning sides (empty when the hand limit stopped it).
        winners: Vec<usize>,
    },
}
