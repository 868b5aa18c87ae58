//! What the table tells of a hand beyond the [`Game`] trait, in the game's
//! own words: the 9-5-2 exchange a seat is giving in, the targets and the kitty. Each item is
//! public or known to the seat it is shown to (RULES.md §2.8).

use crate::agents::AgentFactory;
use crate::cards::CardSet;
use crate::games::catch_the_ten::CatchTheTen;
use crate::games::nine_five_two::{EndRule, NineFiveTwo};
use crate::games::whist::Whist;
use crate::games::{Game, Seat};

/// The give a seat is making in the exchange: to whom, how many cards in all, and how many it
/// has given so far (public: the batches follow from the previous hand's results).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GiveNow {
    /// The minus player who receives.
    pub receiver: Seat,
    /// The cards in the batch.
    pub count: usize,
    /// The cards given so far in it.
    pub given: usize,
}

/// A game as the table shows it; the defaults suit games without an exchange, targets or kitty.
pub trait TableGame: AgentFactory {
    /// The batch the seat to act is giving in, while it gives.
    fn give_now(&self) -> Option<GiveNow> {
        None
    }

    /// Each seat's target in tricks this hand, for games with targets (9-5-2).
    fn targets(&self) -> Option<Vec<u8>> {
        None
    }

    /// The kitty as dealt, where `seat` has seen it (the 9-5-2 dealer once it is taken up);
    /// empty otherwise.
    fn kitty_seen_by(&self, seat: Seat) -> CardSet {
        let _ = seat;
        CardSet::EMPTY
    }

    /// How many discards are still to make in the hand (the 9-5-2 dealer's four).
    fn discards_left(&self) -> usize {
        0
    }

    /// What wins the match, in words for the table's head line (`game to 5 points`).
    fn goal(&self) -> String;
}

impl TableGame for Whist {
    fn goal(&self) -> String {
        format!("game to {} points", self.setup().target())
    }
}

impl TableGame for CatchTheTen {
    fn goal(&self) -> String {
        format!("game to {} points", crate::games::catch_the_ten::TARGET)
    }
}

impl TableGame for NineFiveTwo {
    fn give_now(&self) -> Option<GiveNow> {
        let x = self.exchange();
        if self.legal_actions().decision() != crate::games::Decision::Give {
            return None;
        }
        let batch = x.current()?;
        Some(GiveNow {
            receiver: batch.receiver,
            count: batch.count as usize,
            given: x.passed(x.batches_given()),
        })
    }

    fn targets(&self) -> Option<Vec<u8>> {
        Some(NineFiveTwo::targets(self).to_vec())
    }

    fn kitty_seen_by(&self, seat: Seat) -> CardSet {
        if seat == self.dealer() && self.kitty_taken() {
            self.kitty()
        } else {
            CardSet::EMPTY
        }
    }

    fn discards_left(&self) -> usize {
        crate::games::nine_five_two::KITTY_SIZE - self.discards_made()
    }

    fn goal(&self) -> String {
        let twelve = if self.context().rules.variant().twelve_tricks_win() {
            " or a 12-trick hand"
        } else {
            ""
        };
        match self.context().rules.end_rule() {
            EndRule::FirstTo(t) => format!("game to +{t}{twelve}"),
            EndRule::TwelveTricksOnly => "game to a 12-trick hand".to_string(),
            EndRule::PlusOrMinus(t) => format!("game at ±{t}{twelve}"),
            EndRule::FixedHands(k) => format!("game of {k} hands{twelve}"),
        }
    }
}
