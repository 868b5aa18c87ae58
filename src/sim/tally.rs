//! What a run counts for each game: CSV rows per hand and a summary.

use crate::games::matches::{MatchState, PlayedHand};
use crate::games::record::RecordRules;
use crate::games::{MAX_SEATS, Side};
use crate::stats::{Z95, wilson};

/// A game's rows and summary for the runner.
pub trait Tabulate: RecordRules {
    /// The running summary of a run (merged over chunks in game order).
    type Summary: Default + Send;

    /// The CSV columns.
    fn csv_header(&self) -> Vec<&'static str>;

    /// The rows of one finished hand of game `game` (played in duplicate rotation `rotation`) (tidy: one row per side or seat).
    fn csv_rows(
        &self,
        game: u64,
        rotation: usize,
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

/// `side`'s match result for a CSV row: `win`, `draw` (a shared win), `loss`, or empty while
/// the match goes on.
pub(crate) fn match_word(after: &MatchState, side: Side) -> &'static str {
    match after.winners {
        Some(w) if w & (1 << side.index()) != 0 && w.count_ones() > 1 => "draw",
        Some(w) if w & (1 << side.index()) != 0 => "win",
        Some(_) => "loss",
        None => "",
    }
}

/// Counts a finished match's winners: one bit is an outright win, several a shared win each.
pub(crate) fn count_winners(
    winners: Option<u8>,
    wins: &mut [u64; MAX_SEATS],
    draws: &mut [u64; MAX_SEATS],
) {
    let Some(w) = winners else { return };
    let tally = if w.count_ones() > 1 { draws } else { wins };
    for (side, n) in tally.iter_mut().enumerate() {
        if w & (1 << side) != 0 {
            *n += 1;
        }
    }
}

/// Writes `v` as a CSV field without allocating (the runner writes millions of rows).
pub fn field_int(out: &mut csv::Writer<Vec<u8>>, v: i64) -> csv::Result<()> {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    let mut x = v.unsigned_abs();
    loop {
        i -= 1;
        buf[i] = b'0' + (x % 10) as u8;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    if v < 0 {
        i -= 1;
        buf[i] = b'-';
    }
    out.write_field(&buf[i..])
}

/// Writes an optional integer (empty when absent).
pub fn field_opt(out: &mut csv::Writer<Vec<u8>>, v: Option<i64>) -> csv::Result<()> {
    match v {
        Some(v) => field_int(out, v),
        None => out.write_field(b""),
    }
}

/// `, N matches (K abandoned at the hand limit)` for the first line of a report, or nothing when
/// single hands were played.
pub(crate) fn matches_note(matches: u64, abandoned: u64) -> String {
    if matches == 0 {
        return String::new();
    }
    format!(", {matches} matches ({abandoned} abandoned at the hand limit)")
}

/// `k` of `n` as a proportion with its 95% Wilson interval, as `0.5123 [0.4900, 0.5345]`.
pub(crate) fn share(k: u64, n: u64) -> String {
    let i = wilson(k, n, Z95);
    format!("{:.4} [{:.4}, {:.4}]", i.estimate, i.low, i.high)
}
