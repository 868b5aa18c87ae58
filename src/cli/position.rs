//! Loading a position from a record: the record of a record file that `--match`, `--hand`,
//! `--arm` and `--rotation` ask for (the position itself is [`show::position`]).
//!
//! [`show::position`]: crate::show::position

use std::io::BufReader;
use std::path::Path;

use crate::games::GameKind;
use crate::games::record::game_of_line;
use crate::games::replay::open_record_file;

use super::error::user;
use super::which_hand::WhichHand;

/// The record of a record file that `which` asks for, and its game.
pub fn record_line(path: &Path, which: &WhichHand) -> anyhow::Result<(GameKind, String)> {
    let f = open_record_file(path)?;
    let (i, line) = which.find(path, BufReader::new(f))?;
    let game =
        game_of_line(&line).map_err(|e| user(format!("{} line {}: {e}", path.display(), i + 1)))?;
    Ok((game, line))
}
