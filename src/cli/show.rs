//! `tricklab show`: a logged hand as a card player's diagram, trick by trick.

use std::fs::File;
use std::io::{BufReader, Write};
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use crate::show::{story_html, story_of_line, story_text};

use super::card_style::CardStyleArgs;
use super::error::user;
use super::which_hand::WhichHand;

/// Arguments of `tricklab show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// A record file (from `play`, or `simulate --log`).
    pub file: PathBuf,
    /// Which hand of the file.
    #[command(flatten)]
    pub which: WhichHand,
    /// Show the hands as trick K (1-based) is led, and the tricks up to K.
    #[arg(long, value_name = "K")]
    pub trick: Option<usize>,
    /// Write the hand as a self-contained HTML page here instead.
    #[arg(long, value_name = "OUT.html")]
    pub html: Option<PathBuf>,
    /// Replace the --html file if it exists.
    #[arg(long, requires = "html")]
    pub force: bool,
    /// How cards are written: suit symbols or ASCII, red suits in colour or not.
    #[command(flatten)]
    pub cards: CardStyleArgs,
}

/// Runs `tricklab show`.
pub fn run(args: ShowArgs) -> anyhow::Result<()> {
    let f = File::open(&args.file)
        .map_err(|e| user(format!("cannot open {}: {e}", args.file.display())))?;
    let (i, line) = args.which.find(&args.file, BufReader::new(f))?;
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
        let mut page = crate::report::output::Output::create("--html", out, args.force)?;
        page.writer()
            .write_all(story_html(&story).as_bytes())
            .with_context(|| format!("writing {}", out.display()))?;
        page.finish()?;
        println!("{}", out.display());
        return Ok(());
    }
    print!("{}", story_text(&story, args.trick, args.cards.style()));
    Ok(())
}
