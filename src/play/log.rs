//! The records of played hands: `tricklab-hand/1` lines with what the table adds.
//!
//! A hand played at the table is written as the same record `simulate --log` writes (so
//! `replay`, `analyze` and `show` read it), with three more fields that readers of the format
//! may ignore: `seats` (who sat where: `human` or an agent spec), `undo` (each take-back: after
//! how many decisions, and the decisions taken back), `info` (the values a searching bot
//! gave its legal actions, per decision) and `open` (`true` when the hand was played in the
//! open analysis mode, in which `why` showed the bots' values during the hand).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::games::record::{RecordOf, RecordRules};

use super::event::Values;

/// A take-back, as the record notes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UndoNote {
    /// The decisions kept (the take-back removed those from this index on).
    pub at: usize,
    /// The decisions taken back, as `seat 0 play TD`.
    pub taken_back: Vec<String>,
}

/// A bot's values at one decision, as the record keeps them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct InfoEntry {
    /// The decision's number in the hand (forced steps not counted).
    pub index: usize,
    /// The seat that decided.
    pub seat: u8,
    /// The agent.
    pub agent: String,
    /// `[action, value]` pairs, best first; the action as `play TD`.
    pub values: Vec<(String, f64)>,
}

impl InfoEntry {
    /// The entry for `v`.
    pub fn of(v: &Values) -> InfoEntry {
        InfoEntry {
            index: v.index,
            seat: v.seat.0,
            agent: v.agent.clone(),
            values: v
                .values
                .iter()
                .map(|(a, x)| (a.to_string(), (x * 10_000.0).round() / 10_000.0))
                .collect(),
        }
    }
}

/// What the table adds to a hand's record.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HandNotes {
    /// The take-backs.
    pub undo: Vec<UndoNote>,
    /// The bots' values.
    pub info: Vec<InfoEntry>,
    /// Played in the open analysis mode.
    pub open: bool,
}

/// A finished hand's record line, and the same line marked as the match's last (`"cut":
/// true`), written in its place when the person stops the match after this hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    /// The record as written.
    pub line: String,
    /// The record marked `cut`.
    pub cut: String,
}

#[derive(Serialize)]
struct Extra<'a> {
    seats: &'a [String],
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    undo: &'a [UndoNote],
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    info: &'a [InfoEntry],
    #[serde(skip_serializing_if = "is_false")]
    open: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// One record line: the hand's record followed by `seats`, `undo` and `info`.
pub fn record_line<R: RecordRules>(
    record: &RecordOf<R>,
    seats: &[String],
    notes: &HandNotes,
) -> String {
    let base = serde_json::to_string(record).expect("a record serialises");
    let extra = serde_json::to_string(&Extra {
        seats,
        undo: &notes.undo,
        info: &notes.info,
        open: notes.open,
    })
    .expect("notes serialise");
    // Both are JSON objects: join them into one, the record's fields first.
    format!(
        "{},{}",
        base.strip_suffix('}').expect("an object"),
        extra.strip_prefix('{').expect("an object")
    )
}

/// The default log file of a new match: `$XDG_DATA_HOME/tricklab/games/` (or
/// `~/.local/share/tricklab/games/`), named after the game, the time and the seed.
pub fn default_log_path(game: &str, seed: u64) -> Option<PathBuf> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    Some(
        base.join("tricklab")
            .join("games")
            .join(format!("{game}-{secs}-seed{seed}.jsonl")),
    )
}
