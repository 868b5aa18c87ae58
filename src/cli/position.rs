//! Loading a position from a record: the hand of a record file after some actions.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use anyhow::Context;

use crate::games::GameKind;
use crate::games::record::game_of_line;

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
