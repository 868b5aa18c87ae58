//! Loading a position from a record: the hand of a record file after some actions.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use anyhow::Context;

use crate::games::GameKind;
use crate::games::matches::MatchState;
use crate::games::record::{RecordOf, RecordRules, game_of_line};
use crate::games::{Game, MAX_SEATS, Seat};
use crate::words::counted;

use super::error::user;
use super::which_hand::WhichHand;

/// Opens a record file for reading. A missing or unreadable file, or a folder, is a failure of
/// the environment (exit code 1), not bad input.
pub fn open_record_file(path: &Path) -> anyhow::Result<File> {
    if path.is_dir() {
        anyhow::bail!("{} is a folder, not a record file", path.display());
    }
    File::open(path).with_context(|| format!("cannot open {}", path.display()))
}

/// The record of a record file that `which` asks for, and its game.
pub fn record_line(path: &Path, which: &WhichHand) -> anyhow::Result<(GameKind, String)> {
    let f = open_record_file(path)?;
    let (i, line) = which.find(path, BufReader::new(f))?;
    let game =
        game_of_line(&line).map_err(|e| user(format!("{} line {}: {e}", path.display(), i + 1)))?;
    Ok((game, line))
}

/// The hand of `line` as dealt, with its first `after` decisions applied. Forced steps are
/// not counted.
pub fn position<R: RecordRules>(line: &str, after: usize) -> anyhow::Result<(R, R::Hand)> {
    let rec: RecordOf<R> =
        serde_json::from_str(line).map_err(|e| user(format!("not a record: {e}")))?;
    let rules = R::from_options(rec.players, &rec.options).map_err(user)?;
    let n_sides = rules.sides().num_sides();
    let mut m = MatchState::new(Seat(rec.dealer));
    m.hands_dealt = rec.hand;
    if rec.scores_before.len() != n_sides {
        return Err(user("scores_before does not fit the table"));
    }
    m.scores[..n_sides].copy_from_slice(&rec.scores_before);
    if let Some(p) = &rec.previous {
        let mut arr = [0; MAX_SEATS];
        arr[..p.len().min(MAX_SEATS)].copy_from_slice(&p[..p.len().min(MAX_SEATS)]);
        m.previous = Some(arr);
    }
    let mut hand = rules
        .restore(&m, &rec.deal)
        .map_err(|e| user(format!("bad deal: {e}")))?;
    let decisions: Vec<_> = rec
        .actions
        .iter()
        .filter_map(|a| a.step.decision())
        .collect();
    if after > decisions.len() {
        return Err(user(format!(
            "the hand has only {}, not {after}",
            counted(decisions.len() as u64, "decision")
        )));
    }
    for (i, a) in decisions.into_iter().take(after).enumerate() {
        hand.try_apply(a)
            .map_err(|e| user(format!("action {i}: {e}")))?;
    }
    Ok((rules, hand))
}
