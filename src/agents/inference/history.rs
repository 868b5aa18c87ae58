//! The card plays of the other seats in the hand so far, as the table showed them.

use crate::cards::Card;
use crate::games::record::Step;
use crate::games::{Action, Decision, Seat};
use crate::knowledge::{Knowledge, Observable};

use super::super::TableEvent;

/// One card another seat played: the state it played from, what the observer knew then, the
/// seat and the card.
pub(crate) struct Seen<G> {
    /// The state just before the play (the true one; only its public part is used, through
    /// [`Observable::redeal`]).
    pub before: G,
    /// What the observer knew just before the play.
    pub knew: Knowledge,
    /// The seat that played.
    pub seat: Seat,
    /// The card.
    pub card: Card,
}

/// The other seats' card plays of the hand in progress, in order.
pub(crate) struct History<G> {
    /// The state after the last event of the hand (`None` between hands).
    last: Option<G>,
    /// The plays so far.
    pub seen: Vec<Seen<G>>,
}

impl<G> Default for History<G> {
    fn default() -> History<G> {
        History {
            last: None,
            seen: Vec::new(),
        }
    }
}

impl<G: Observable> History<G> {
    /// Takes in what the table showed the agent sitting at `me`.
    pub fn observe(&mut self, me: Seat, event: &TableEvent<'_, G>) {
        match event {
            TableEvent::HandStart { state, .. } => {
                self.seen.clear();
                self.last = Some((*state).clone());
            }
            TableEvent::Step { record, state } => {
                let seat = Seat(record.seat);
                if let (Some(before), Step::Play(card)) = (&self.last, record.step) {
                    let legal = before.legal_actions();
                    if seat != me
                        && before.to_act() == Some(seat)
                        && legal.decision() == Decision::Play
                        && legal.contains(Action::Play(card))
                    {
                        self.seen.push(Seen {
                            knew: before.knowledge(me),
                            before: before.clone(),
                            seat,
                            card,
                        });
                    }
                }
                self.last = Some((*state).clone());
            }
            TableEvent::HandEnd { .. } | TableEvent::MatchEnd { .. } => {
                self.seen.clear();
                self.last = None;
            }
        }
    }
}
