//! `tricklab deals`: write a deal book (docs/deals.md); and the Whist book's deal that `solve
//! --deals` takes as its position.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use serde::Deserialize;

use crate::experiment::open_book;
use crate::games::GameKind;
use crate::games::book::BookError;

use super::error::user;
use crate::report::output::Output;

/// Arguments of `tricklab deals`.
#[derive(Debug, Args)]
pub struct DealsArgs {
    /// The game: catch-the-ten, nine-five-two or whist.
    #[arg(long, default_value = "catch-the-ten")]
    pub game: String,
    /// The player count (default: 4 for Catch the Ten and Whist, 3 for 9-5-2).
    #[arg(long)]
    pub players: Option<usize>,
    /// A named rule option, `KEY` or `KEY=VALUE` (as `simulate --option`).
    #[arg(long = "option", value_name = "KEY[=VALUE]")]
    pub options: Vec<String>,
    /// The seed: deal i is the first hand of game i of `simulate --seed` (and `run`,
    /// `tournament`) with this seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How many deals.
    #[arg(long, default_value_t = 100)]
    pub count: u64,
    /// `jsonl`: one `tricklab-deal/1` line per deal; `pbn`: PBN boards (Whist only), which
    /// bridge tools read and `--deals FILE.pbn` plays.
    #[arg(long, value_enum, default_value_t = BookFormat::Jsonl)]
    pub format: BookFormat,
    /// The file to write (`-`: standard output).
    #[arg(long, default_value = "-")]
    pub out: PathBuf,
    /// Replace --out if it exists.
    #[arg(long)]
    pub force: bool,
}

/// The file a deal book is written as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BookFormat {
    /// `tricklab-deal/1` JSON lines.
    Jsonl,
    /// Portable Bridge Notation (Whist).
    Pbn,
}

/// Runs `tricklab deals`.
pub fn run(args: DealsArgs) -> anyhow::Result<()> {
    let kind: GameKind = args.game.parse().map_err(user)?;
    let game = kind.load_words(args.players, &args.options).map_err(user)?;
    if args.count == 0 {
        return Err(user("--count must be at least 1"));
    }
    let pbn = args.format == BookFormat::Pbn;
    if pbn && kind != crate::games::whist::Setup::KIND {
        return Err(user(BookError::NotPbn(kind)));
    }
    let mut out = Output::create("--out", &args.out, args.force)?;
    game.write_book(args.seed, args.count, pbn, out.writer())
        .map_err(|e| match e {
            BookError::Write(e) => anyhow::Error::new(e).context("writing the deals"),
            e => user(e),
        })?;
    out.finish()
}

/// Deal `index` of the Whist book `path` as `solve` takes a position: the hands (`--deal`),
/// the turned card's suit (`--trump`) and the eldest hand, left of the dealer (`--leader`).
///
/// # Errors
/// A book that cannot be read, of another game, without deal `index`, or whose deal is not one.
pub fn whist_position(path: &Path, index: u64) -> anyhow::Result<(String, String, String)> {
    use crate::games::matches::MatchState;
    use crate::games::record::RecordRules;
    use crate::games::whist::{Deal, Setup};
    let book = open_book(path)?;
    if book.game != Setup::KIND {
        return Err(user(format!(
            "--deals {}: solve reads Whist books; this one holds {} deals",
            path.display(),
            book.game
        )));
    }
    let held = book.deals.len();
    let d = usize::try_from(index)
        .ok()
        .and_then(|i| book.deals.get(i))
        .ok_or_else(|| {
            user(format!(
                "--board {index}: {} holds deals 0 to {}",
                path.display(),
                held - 1
            ))
        })?;
    let bad = |e: String| user(format!("--deals {} deal {index}: {e}", path.display()));
    let deal = Deal::deserialize(&d.deal).map_err(|e| bad(e.to_string()))?;
    let rules = Setup::new(Setup::PLAYERS, Default::default()).map_err(user)?;
    if d.dealer.index() >= Setup::PLAYERS {
        return Err(bad(format!("dealer {} is not a seat", d.dealer)));
    }
    rules
        .restore(&MatchState::new(d.dealer), &deal)
        .map_err(|e| bad(e.to_string()))?;
    let hands: Vec<String> = deal.hands.iter().map(ToString::to_string).collect();
    Ok((
        hands.join(" / "),
        deal.turned.suit().letter().to_string(),
        d.dealer.left(Setup::PLAYERS).index().to_string(),
    ))
}
