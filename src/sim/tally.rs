//! What a run counts for each game: CSV rows per hand and a summary.

use crate::games::matches::{MatchState, PlayedHand};
use crate::games::record::RecordRules;

/// A game's rows and summary for the runner.
pub trait Tabulate: RecordRules {
    /// The running summary of a run (merged over chunks in game order).
    type Summary: Default + Send;

    /// The CSV columns.
    fn csv_header(&self) -> Vec<&'static str>;

    /// The rows of one finished hand of game `game` (tidy: one row per side or seat).
    fn csv_rows(
        &self,
        game: u64,
        played: &PlayedHand<'_, Self::Hand>,
        out: &mut csv::Writer<Vec<u8>>,
    ) -> csv::Result<()>;

    /// Counts one finished hand.
    fn tally_hand(&self, summary: &mut Self::Summary, played: &PlayedHand<'_, Self::Hand>);

    /// Counts one finished match.
    fn tally_match(&self, summary: &mut Self::Summary, end: &MatchState);

    /// Adds `from` into `into`.
    fn merge(&self, into: &mut Self::Summary, from: Self::Summary);

    /// The summary as a table for people.
    fn report(&self, summary: &Self::Summary) -> String;
}
