//! A record file replayed (`tricklab replay`): every hand's actions applied again and its
//! result checked ([`replay_line`]), each hand checked to follow the one before in its match
//! ([`replay_one`]), and the file checked whole ([`LogShape`]): matches and hands numbered
//! without gaps, each match ended by its rules or marked cut.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

use anyhow::Context;

use crate::errors::user;
use crate::words::{counted, hand_named};

use super::Sides;
use super::log_shape::{HandEnd, LogShape, ShapeError};
use super::matches::MatchState;
use super::record::{RecordOf, RecordRules, game_of_line, replay_line};

/// Where the previous line left its match, to check that the next hand follows on.
pub struct Chain {
    match_index: u64,
    /// The arm and rotation that played it, where the record names them (run and tournament
    /// logs play each deal in several seatings).
    seating: Option<(String, usize)>,
    hand: u32,
    after: MatchState,
}

fn check_chain<R: RecordRules>(
    prev: &Option<Chain>,
    rec: &RecordOf<R>,
    sides: Sides,
) -> Result<(), String> {
    let n_sides = sides.num_sides();
    let Some(p) = prev else { return Ok(()) };
    if p.match_index != rec.match_index || p.seating != seating_of::<R>(rec) || p.after.is_over() {
        return Ok(());
    }
    if rec.hand != p.hand + 1 {
        return Err(format!(
            "{} follows hand {} of the same match",
            hand_named(rec.hand),
            u64::from(p.hand) + 1
        ));
    }
    if rec.scores_before[..] != p.after.scores[..n_sides] {
        return Err(format!(
            "scores_before {:?} differ from the previous hand's scores_after {:?}",
            rec.scores_before,
            &p.after.scores[..n_sides]
        ));
    }
    let previous = p.after.previous.map(|v| v[..sides.num_seats()].to_vec());
    if rec.previous != previous {
        return Err(format!(
            "previous {:?} differs from the previous hand's results {previous:?}",
            rec.previous
        ));
    }
    if rec.dealer != p.after.dealer.0 {
        return Err(format!(
            "dealer {} should be {}",
            rec.dealer, p.after.dealer
        ));
    }
    Ok(())
}

fn seating_of<R: RecordRules>(rec: &RecordOf<R>) -> Option<(String, usize)> {
    rec.arm.clone().map(|a| (a, rec.rotation.unwrap_or(0)))
}

/// Replays one line of the game `R`, checking that it follows `prev`.
pub fn replay_one<R: RecordRules>(
    line: &str,
    prev: &mut Option<Chain>,
    verbose: bool,
) -> Result<String, String> {
    let (rec, done) = replay_line::<R>(line).map_err(|e| e.to_string())?;
    check_chain::<R>(prev, &rec, done.rules.sides())?;
    *prev = Some(Chain {
        match_index: rec.match_index,
        seating: seating_of::<R>(&rec),
        hand: rec.hand,
        after: done.after,
    });
    // People count hands from 1, as the play screen and `show --hand` do.
    let head = format!("match {} hand {}", rec.match_index, u64::from(rec.hand) + 1);
    Ok(if verbose {
        format!(
            "{head}: {}",
            serde_json::to_string(&done.result).unwrap_or_default()
        )
    } else {
        head
    })
}

/// Opens a record file for reading. A missing or unreadable file, or a folder, is a failure of
/// the environment (exit code 1), not bad input.
pub fn open_record_file(path: &Path) -> anyhow::Result<File> {
    if path.is_dir() {
        anyhow::bail!("{} is a folder, not a record file", path.display());
    }
    File::open(path).with_context(|| format!("cannot open {}", path.display()))
}

/// The gzip format's first two bytes.
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// The record file to read (`-`: standard input), refusing a compressed one by name: tricklab
/// reads plain JSON lines only.
fn open_log(path: &Path) -> anyhow::Result<Box<dyn BufRead>> {
    let mut reader: Box<dyn BufRead> = if path == Path::new("-") {
        Box::new(BufReader::new(std::io::stdin()))
    } else {
        Box::new(BufReader::new(open_record_file(path)?))
    };
    let head = reader
        .fill_buf()
        .with_context(|| format!("reading {}", path.display()))?;
    if head.starts_with(&GZIP_MAGIC) {
        anyhow::bail!(
            "{} is gzip-compressed; tricklab reads plain JSON lines: `gunzip -c {} | tricklab replay -`",
            path.display(),
            path.display()
        );
    }
    Ok(reader)
}

/// Replays every hand of the record file `path` (`-`: standard input), giving `each` the line
/// `replay` prints for each hand (its result too with `verbose`), and checks the file whole
/// (`max_hands`: the `--max-hands` an old log without cut marks was written with). Returns the
/// closing line.
///
/// # Errors
/// A file that cannot be read or is not a record file (exit 1), or a hand that does not
/// replay or follow on, or a file that is not whole (bad input, naming the line).
pub fn replay_file(
    path: &Path,
    verbose: bool,
    max_hands: Option<u32>,
    each: &mut dyn FnMut(&str),
) -> anyhow::Result<String> {
    let f = open_log(path)?;
    let mut prev: Option<Chain> = None;
    let mut hands = 0u64;
    // A log that names arms and rotations plays each match in several seatings: each seating's
    // matches follow on as a log's do.
    let mut shapes: std::collections::BTreeMap<(String, usize), LogShape> = Default::default();
    for (i, line) in f.lines().enumerate() {
        let line = line.with_context(|| format!("reading {}", path.display()))?;
        if line.trim().is_empty() {
            continue;
        }
        let at = |e: String| user(format!("{} line {}: {e}", path.display(), i + 1));
        let game = game_of_line(&line).map_err(|e| {
            if hands == 0 {
                // The first line is no hand record at all: the wrong file, not a bad record.
                anyhow::anyhow!(
                    "{} is not a record file (line {} is not a hand record: {e})",
                    path.display(),
                    i + 1
                )
            } else {
                at(e.to_string())
            }
        })?;
        let summary = game
            .jobs()
            .replay_one(&line, &mut prev, verbose)
            .map_err(at)?;
        hands += 1;
        let p = prev.as_ref().expect("set by a replayed hand");
        let end = if p.after.winners.is_some() {
            HandEnd::Finished
        } else if p.after.abandoned {
            HandEnd::Cut
        } else {
            HandEnd::Ongoing
        };
        let seating = p.seating.clone().unwrap_or_default();
        shapes
            .entry(seating)
            .or_default()
            .next(p.match_index, p.hand, end)
            .map_err(|e| at(e.to_string()))?;
        if verbose {
            each(&summary);
        }
    }
    if shapes.is_empty() {
        shapes.insert(Default::default(), LogShape::new());
    }
    let mut ended = (0, 0);
    for shape in shapes.into_values() {
        let (m, c) = shape.finish(max_hands).map_err(|e| match e {
            // No record at all: not a log (exit 1, as for a file of other lines), not a damaged one.
            ShapeError::Empty => {
                anyhow::anyhow!("{} is not a record file: {e}", path.display())
            }
            e => user(format!("{}: {e}", path.display())),
        })?;
        ended = (ended.0 + m, ended.1 + c);
    }
    let (matches, cut) = ended;
    let cut = if cut > 0 {
        format!(" ({cut} more cut short)")
    } else {
        String::new()
    };
    Ok(format!(
        "{}: {} replayed, {} ended{cut}, every action legal and every result as recorded",
        path.display(),
        counted(hands, "hand"),
        counted(matches, "match")
    ))
}
