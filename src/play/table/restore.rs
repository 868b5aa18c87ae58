//! Playing a saved hand again at the table, to continue a match from its log
//! ([`resume`](crate::play::resume)).

use crate::games::record::RecordRules;
use crate::games::{Action, Game, Seat};

use super::Table;
use crate::play::table_game::TableGame;

/// Why a saved hand does not follow on from the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RestoreError {
    /// The table dealt other cards than the saved hand holds (another seed or match).
    OtherDeal,
    /// A saved decision is not the seat's to take, or not legal, at that point.
    Decision {
        /// Its number among the hand's decisions (0-based).
        index: usize,
    },
    /// The saved decisions end before the hand does.
    Unfinished,
}

impl<R: RecordRules> Table<R>
where
    R::Hand: TableGame,
{
    /// Plays the hand in progress with the saved `decisions`, after checking that the table
    /// dealt `deal` (the saved hand's deal record, as JSON), and settles it, as if it had been
    /// played here; nothing is told and no record line is kept (the log has it already).
    /// The bots' later decisions do not depend on their earlier ones, so the match goes on
    /// as it would have without the stop.
    ///
    /// # Errors
    /// [`RestoreError`]: the deal or a decision does not fit; the table is then unchanged in
    /// its match but not in the hand, and is to be dropped.
    pub fn restore_hand(
        &mut self,
        deal: &serde_json::Value,
        decisions: &[(Seat, Action)],
    ) -> Result<(), RestoreError> {
        let dealt = serde_json::to_value(self.rules.deal_record(&self.initial)).ok();
        if dealt.as_ref() != Some(deal) || !self.actions.is_empty() {
            return Err(RestoreError::OtherDeal);
        }
        for (index, &(seat, action)) in decisions.iter().enumerate() {
            if self.hand.to_act() != Some(seat) || !self.hand.accepts(action) {
                return Err(RestoreError::Decision { index });
            }
            self.hand.apply(action);
            self.actions.push((seat, action));
        }
        if self.hand.to_act().is_some() {
            return Err(RestoreError::Unfinished);
        }
        let mut events = Vec::new();
        self.announced = true;
        self.finish_hand(&mut events);
        self.lines.clear();
        Ok(())
    }
}
