//! `tricklab show`: a logged hand as a card player's diagram, trick by trick.

use std::fs::File;
use std::io::{BufRead, BufReader, IsTerminal, Write};
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use crate::play::screen::Style;
use crate::show::{story_html, story_of_line, story_text};

use super::error::user;

/// Arguments of `tricklab show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// A record file (from `play`, or `simulate --log`).
    pub file: PathBuf,
    /// The match to show (default: the first hand of the file).
    #[arg(long = "match")]
    pub match_index: Option<u64>,
    /// The hand of that match, counted from 1 as the play screen counts them (default 1).
    #[arg(long)]
    pub hand: Option<u32>,
    /// Show the hands as trick K (1-based) is led, and the tricks up to K.
    #[arg(long, value_name = "K")]
    pub trick: Option<usize>,
    /// Write the hand as a self-contained HTML page here instead.
    #[arg(long, value_name = "OUT.html")]
    pub html: Option<PathBuf>,
    /// Replace the --html file if it exists.
    #[arg(long, requires = "html")]
    pub force: bool,
    /// Cards in ASCII (`TD`) without colour (also when NO_COLOR is set).
    #[arg(long)]
    pub ascii: bool,
}

#[derive(serde::Deserialize)]
struct Where {
    #[serde(rename = "match")]
    match_index: u64,
    hand: u32,
}

/// Runs `tricklab show`.
pub fn run(args: ShowArgs) -> anyhow::Result<()> {
    let f = File::open(&args.file)
        .map_err(|e| user(format!("cannot open {}: {e}", args.file.display())))?;
    let want_match = args.match_index;
    if args.hand == Some(0) {
        return Err(user("hands count from 1"));
    }
    // The record's `hand` field counts from 0; people count from 1.
    let want_hand = args.hand.map(|h| h - 1);
    let mut found = None;
    for (i, line) in BufReader::new(f).lines().enumerate() {
        let line = line.with_context(|| format!("reading {}", args.file.display()))?;
        if line.trim().is_empty() {
            continue;
        }
        if want_match.is_none() && want_hand.is_none() {
            found = Some((i, line));
            break;
        }
        let at: Where = serde_json::from_str(&line).map_err(|e| {
            user(format!(
                "{} line {}: not a record: {e}",
                args.file.display(),
                i + 1
            ))
        })?;
        if want_match.is_none_or(|m| m == at.match_index) && at.hand == want_hand.unwrap_or(0) {
            found = Some((i, line));
            break;
        }
    }
    let (i, line) = found.ok_or_else(|| {
        user(format!(
            "{} has no match {} hand {} (matches count from 0, hands from 1)",
            args.file.display(),
            want_match.unwrap_or(0),
            want_hand.unwrap_or(0) + 1
        ))
    })?;
    let story = story_of_line(&line)
        .map_err(|e| user(format!("{} line {}: {e}", args.file.display(), i + 1)))?;
    if let Some(k) = args.trick
        && (k == 0 || k > story.tricks.len())
    {
        return Err(user(format!(
            "--trick {k}: the hand has tricks 1 to {}",
            story.tricks.len()
        )));
    }
    if let Some(out) = &args.html {
        // Written whole (a temporary name, then renamed), and never over a file without --force.
        let mut page = super::output::Output::create("--html", out, args.force)?;
        page.writer()
            .write_all(story_html(&story).as_bytes())
            .with_context(|| format!("writing {}", out.display()))?;
        page.finish()?;
        println!("{}", out.display());
        return Ok(());
    }
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let ascii = args.ascii || no_color;
    let style = Style {
        symbols: !ascii,
        colour: !ascii && std::io::stdout().is_terminal(),
    };
    print!("{}", story_text(&story, args.trick, style));
    Ok(())
}
