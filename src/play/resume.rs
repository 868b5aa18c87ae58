//! Continuing a match saved in its log: `tricklab play … --log FILE --continue`. The log's
//! hands of the match are checked (each replays, the rules and the seats are the table's, the
//! same seed dealt them) and played again at the table without a word, so the next hand is
//! the one the match would have dealt next; the log is then written on from its end.

use std::path::{Path, PathBuf};

use serde_json::Value;
use thiserror::Error;

use crate::games::Seat;
use crate::games::record::{RecordRules, replay_line};
use crate::words::{counted, hand_named};

use super::match_log::MatchLog;
use super::table::{RestoreError, Table};
use super::table_game::TableGame;

/// Why a saved match cannot be continued: one line naming the file, the hand and what to do.
#[derive(Debug, Error)]
pub enum ContinueError {
    /// The file cannot be read.
    #[error("cannot read {path}: {reason}")]
    Read {
        /// The log.
        path: PathBuf,
        /// What the system said.
        reason: String,
    },
    /// The log holds no hand of the match.
    #[error(
        "{path} holds no hand of match {index}: nothing to continue (play without --continue to start it)"
    )]
    NoHands {
        /// The log.
        path: PathBuf,
        /// The match number.
        index: u64,
    },
    /// A line of the match does not replay, or is not a record of this game and rules.
    #[error("{path} line {line}: {reason}")]
    Line {
        /// The log.
        path: PathBuf,
        /// The line number (1-based).
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// The match's last hand is not the file's last line, so the next could not follow it.
    #[error(
        "{path} line {line} belongs to match {other}, after match {index}'s last hand: only the last match of a log can be continued"
    )]
    NotLast {
        /// The log.
        path: PathBuf,
        /// The line number (1-based).
        line: usize,
        /// Its match.
        other: u64,
        /// The match to continue.
        index: u64,
    },
    /// The match ended by its rules (or at the hand limit).
    #[error(
        "match {index} in {path} is over after {} (its rules ended it, or --max-hands did): nothing to continue",
        counted(*.hands, "hand")
    )]
    Over {
        /// The log.
        path: PathBuf,
        /// The match number.
        index: u64,
        /// Its hands.
        hands: u32,
    },
}

/// Plays the hands `path` holds of the table's match again at `table`, and returns the log to
/// write the match on to.
///
/// # Errors
/// [`ContinueError`]: the file cannot be read, holds no hand of the match, a hand does not
/// replay or was played with other rules, seats or seed, another match follows it, or the
/// match is over.
pub fn continue_match<R: RecordRules>(
    table: &mut Table<R>,
    path: &Path,
) -> Result<MatchLog, ContinueError>
where
    R::Hand: TableGame,
{
    let text = std::fs::read_to_string(path).map_err(|e| ContinueError::Read {
        path: path.to_path_buf(),
        reason: e.to_string(),
    })?;
    let index = table.config().match_index;
    let bad = |line: usize, reason: String| ContinueError::Line {
        path: path.to_path_buf(),
        line,
        reason,
    };
    let mut at = 0u64;
    let mut last: Option<(u64, &str)> = None;
    let mut hands = 0u32;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let start = at;
        at += line.len() as u64;
        let line = line.trim_end_matches(['\n', '\r']);
        if line.trim().is_empty() {
            continue;
        }
        let value: Value =
            serde_json::from_str(line).map_err(|e| bad(i + 1, format!("not a record: {e}")))?;
        let of = value["match"].as_u64();
        if of != Some(index) {
            if hands > 0 {
                return Err(ContinueError::NotLast {
                    path: path.to_path_buf(),
                    line: i + 1,
                    other: of.unwrap_or_default(),
                    index,
                });
            }
            continue;
        }
        let (record, _) = replay_line::<R>(line).map_err(|e| bad(i + 1, e.to_string()))?;
        let rules = table.rules();
        if record.players != rules.players()
            || serde_json::to_value(&record.options).ok()
                != serde_json::to_value(rules.options()).ok()
        {
            return Err(bad(
                i + 1,
                format!(
                    "played with other rules (`{}` for {} players): give the same --game, \
                     --players and --option",
                    serde_json::to_string(&record.options).unwrap_or_default(),
                    record.players
                ),
            ));
        }
        let seats = table.seat_specs();
        if value.get("seats") != serde_json::to_value(&seats).ok().as_ref() {
            return Err(bad(
                i + 1,
                format!(
                    "played by other seats ({}) than --agents names ({}): give the same --agents",
                    value.get("seats").map(Value::to_string).unwrap_or_default(),
                    seats.join(";")
                ),
            ));
        }
        if record.hand != hands {
            return Err(bad(
                i + 1,
                format!(
                    "{} where hand {} comes next",
                    hand_named(record.hand),
                    u64::from(hands) + 1
                ),
            ));
        }
        if table.is_over() {
            return Err(ContinueError::Over {
                path: path.to_path_buf(),
                index,
                hands,
            });
        }
        let decisions: Vec<(Seat, _)> = record
            .actions
            .iter()
            .filter_map(|a| a.step.decision().map(|d| (Seat(a.seat), d)))
            .collect();
        let deal = serde_json::to_value(&record.deal).unwrap_or_default();
        let seed = table.config().seed;
        table.restore_hand(&deal, &decisions).map_err(|e| {
            bad(
                i + 1,
                match e {
                    RestoreError::OtherDeal => format!(
                        "seed {seed} deals hand {} of match {index} otherwise: give the \
                         --seed (and --match) it was played with",
                        record.hand + 1
                    ),
                    RestoreError::Decision { index } => {
                        format!("decision {index} does not follow at this table")
                    }
                    RestoreError::Unfinished => "the hand is not finished".to_string(),
                },
            )
        })?;
        hands += 1;
        last = Some((start, line));
    }
    let Some((at, line)) = last else {
        return Err(ContinueError::NoHands {
            path: path.to_path_buf(),
            index,
        });
    };
    if table.is_over() {
        return Err(ContinueError::Over {
            path: path.to_path_buf(),
            index,
            hands,
        });
    }
    let (plain, cut) = forms(line).ok_or_else(|| {
        bad(
            text[..at as usize].lines().count() + 1,
            "cannot find where to mark the match's end".to_string(),
        )
    })?;
    Ok(MatchLog::continuing(
        path.to_path_buf(),
        hands,
        at,
        line,
        plain,
        cut,
    ))
}

/// A record line without and with its `cut` mark, checked: the two read as the same record
/// but for `cut`.
fn forms(line: &str) -> Option<(String, String)> {
    const MARK: &str = ",\"cut\":true";
    const AFTER: &str = "\"winners\":null";
    let plain = match line.find(MARK) {
        Some(i) => format!("{}{}", &line[..i], &line[i + MARK.len()..]),
        None => line.to_string(),
    };
    let i = plain.find(AFTER)? + AFTER.len();
    let cut = format!("{}{MARK}{}", &plain[..i], &plain[i..]);
    let mut p: Value = serde_json::from_str(&plain).ok()?;
    let c: Value = serde_json::from_str(&cut).ok()?;
    if p.get("cut").is_some() {
        return None;
    }
    p.as_object_mut()?.insert("cut".into(), Value::Bool(true));
    (p == c).then_some((plain, cut))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cut_mark_comes_off_and_goes_on_after_the_winners() {
        let plain = r#"{"hand":1,"winners":null,"seats":["human"]}"#;
        let cut = r#"{"hand":1,"winners":null,"cut":true,"seats":["human"]}"#;
        let want = Some((plain.to_string(), cut.to_string()));
        assert_eq!(forms(cut), want);
        assert_eq!(forms(plain), want);
        assert_eq!(forms(r#"{"hand":1,"winners":[0]}"#), None);
    }
}
