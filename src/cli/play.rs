//! `tricklab play`: sit down at the table against the bots.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use anyhow::Context;
use clap::Args;

use crate::agents::AgentSpec;
use crate::games::GameKind;
use crate::games::record::RecordRules;
use crate::play::line::{Ending, Outputs, play_lines};
use crate::play::log::default_log_path;
use crate::play::resume::continue_match;
use crate::play::tui::play_tui;
use crate::play::{HintConfig, MatchLog, Table, TableConfig, TableGame, parse_players};
use crate::words::counted;

use super::card_style::CardStyleArgs;
use super::error::{interrupted, user};
use super::resume::quoted;

/// Arguments of `tricklab play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game: catch-the-ten, nine-five-two or whist.
    #[arg(long, default_value = "whist")]
    pub game: String,
    /// The player count (default: 4 for Catch the Ten and Whist, 3 for 9-5-2).
    #[arg(long)]
    pub players: Option<usize>,
    /// A named rule option, `KEY` or `KEY=VALUE` (repeat the flag or separate with commas).
    #[arg(long = "option", value_name = "KEY[=VALUE]")]
    pub options: Vec<String>,
    /// Who sits where, seat 0 first, separated by `;`: `human` for you, an agent spec for a
    /// bot. `human;rules` puts you in seat 0 and `rules` in every other seat.
    #[arg(long, default_value = "human;ismcts:iterations=20000")]
    pub agents: String,
    /// The search that answers `hint` (`?`): PIMC over at most this many worlds.
    #[arg(long, default_value = "pimc:worlds=200")]
    pub hint: String,
    /// The hint's time limit in milliseconds: fewer worlds are solved when it runs out.
    #[arg(long, default_value_t = 2000)]
    pub hint_ms: u64,
    /// Analysis with open cards: `why` shows a bot's values (and so its cards) during the
    /// hand. The records note it.
    #[arg(long)]
    pub open: bool,
    /// The seed of the deals and the bots (default: from the clock; printed at the start).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Write the record of every hand here (default: a new file under
    /// ~/.local/share/tricklab/games/). An existing file is appended to.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// The line mode: one command a line (automatic when standard input is not a terminal).
    #[arg(long)]
    pub plain: bool,
    /// How cards are written: suit symbols or ASCII, red suits in colour or not.
    #[command(flatten)]
    pub cards: CardStyleArgs,
    /// Stop the match after this many hands.
    #[arg(long, default_value_t = 1000)]
    pub max_hands: u32,
    /// The match number written in the records.
    #[arg(long = "match", default_value_t = 0)]
    pub match_index: u64,
    /// Play this deal book's deal (`tricklab deals`, or a PBN file of Whist deals) as the
    /// match's first hand: deal --board, or 0 (docs/deals.md).
    #[arg(long, value_name = "FILE", visible_alias = "book")]
    pub deals: Option<PathBuf>,
    /// The deal of --deals to play first, from 0.
    #[arg(long, requires = "deals", default_value_t = 0)]
    pub board: u64,
    /// Continue the match saved in --log (stopped early): its hands are checked and played
    /// again without a word, and the match goes on with the next hand. Give the same game,
    /// seats, --seed and --match it was played with (the message at the stop prints them).
    #[arg(long, requires = "log")]
    pub resume: bool,
}

/// Runs `tricklab play`.
pub fn run(args: PlayArgs) -> anyhow::Result<()> {
    let game: GameKind = args.game.parse().map_err(user)?;
    let game = game.load_words(args.players, &args.options).map_err(user)?;
    game.jobs().play(&game, &args)
}

/// Plays the match at the table of `rules` (the game `R`'s half of `tricklab play`).
pub(crate) fn play<R: RecordRules>(args: &PlayArgs, rules: R) -> anyhow::Result<()>
where
    R::Hand: TableGame,
{
    let seats = rules.sides().num_seats();
    let players = parse_players(&args.agents, seats).map_err(user)?;
    let hint: AgentSpec = args
        .hint
        .parse()
        .map_err(|e| user(format!("--hint: {e}")))?;
    let hint = HintConfig::of_spec(&hint, args.hint_ms).map_err(user)?;
    if args.max_hands == 0 {
        return Err(user("--max-hands must be at least 1"));
    }
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs())
    });
    let game = rules.game();
    let log_path = match &args.log {
        Some(p) => p.clone(),
        None => default_log_path(game.name(), seed)
            .ok_or_else(|| user("no home folder for the log: give --log FILE"))?,
    };
    let config = TableConfig {
        seed,
        match_index: args.match_index,
        hint,
        max_hands: args.max_hands,
        open: args.open,
    };
    let first = match &args.deals {
        Some(path) => Some(book_deal(&rules, path, args.board)?),
        None => None,
    };
    let mut table = Table::new(rules, &players, config).map_err(user)?;
    if let Some((dealer, hand)) = first {
        table.deal_first(dealer, hand);
    }
    let (log, continued) = if args.resume {
        let log = continue_match(&mut table, &log_path).map_err(user)?;
        let note = format!(
            "continuing match {} of {} after {}",
            args.match_index,
            log_path.display(),
            counted(log.hands(), "hand")
        );
        (log, Some(note))
    } else {
        (MatchLog::new(log_path), None)
    };
    let log = Arc::new(Mutex::new(log));
    let again = reproduce(args, seed);
    let stdin = std::io::stdin();
    let full_screen = !args.plain && stdin.is_terminal() && std::io::stdout().is_terminal();
    let style = args.cards.style();
    let interrupt = on_interrupt(Arc::clone(&log), again.clone(), full_screen);
    {
        let interrupt = Arc::clone(&interrupt);
        // SIGINT, SIGTERM and SIGHUP (the `termination` feature): save, say so, exit 3.
        let _ = ctrlc::set_handler(move || interrupt());
    }
    let ending = if full_screen {
        let mut banner = format!("seed {seed}; the same deals again: {again}");
        if let Some(note) = &continued {
            banner = format!("{note}; {banner}");
        }
        play_tui(&mut table, &log, style, banner, interrupt)?
    } else {
        let mut out = std::io::stdout().lock();
        writeln!(
            out,
            "tricklab play: {game}, seed {seed}, seats {}; the same deals again: {again}; \
             type help for the commands",
            table.seat_specs().join(" · ")
        )?;
        if let Some(note) = &continued {
            writeln!(out, "{note}")?;
        }
        let mut input = stdin.lock();
        let mut outputs = Outputs {
            out: &mut out,
            log: &log,
            style,
            echo: !std::io::stdin().is_terminal(),
            live: std::io::stdout().is_terminal(),
        };
        play_lines(&mut table, &mut input, &mut outputs)?
    };
    let mut log = log.lock().unwrap_or_else(PoisonError::into_inner);
    let why = match ending {
        Ending::MatchOver => {
            println!(
                "match over after {}; record: {}",
                counted(log.hands(), "hand"),
                log.path().display()
            );
            return Ok(());
        }
        Ending::Quit => "quit",
        Ending::EndOfInput => "end of input",
    };
    log.mark_cut()
        .with_context(|| format!("marking the end of {}", log.path().display()))?;
    Err(interrupted(stopped(&log, why, &again)))
}

/// Deal `board` of the book `path`, checked for `rules`: its dealer and the hand as dealt.
///
/// # Errors
/// A book that cannot be read (exit 1), or of another game, player count or options, without
/// deal `board`, or with a deal that is not one (exit 2).
fn book_deal<R: RecordRules>(
    rules: &R,
    path: &std::path::Path,
    board: u64,
) -> anyhow::Result<(crate::games::Seat, R::Hand)> {
    let book = super::deals::open_book(path)?;
    let held = book.deals.len() as u64;
    if board >= held {
        return Err(user(format!(
            "--board {board}: --deals {} holds {held} deals (boards 0 to {})",
            path.display(),
            held.saturating_sub(1)
        )));
    }
    book.check(rules, board + 1)
        .map_err(crate::errors::book_error)?;
    Ok(book.hand(rules, board))
}

/// What the interrupt does: marks the log's last hand as the match's last, leaves the full
/// screen, says what was kept and exits with code 3.
fn on_interrupt(
    log: Arc<Mutex<MatchLog>>,
    again: String,
    full_screen: bool,
) -> Arc<dyn Fn() + Send + Sync> {
    Arc::new(move || {
        let mut log = log.lock().unwrap_or_else(PoisonError::into_inner);
        let saved = log.mark_cut();
        if full_screen {
            let _ = ratatui::try_restore();
        }
        match saved {
            Ok(()) => eprintln!("error: {}", stopped(&log, "interrupted", &again)),
            Err(e) => eprintln!("error: interrupted, and the log could not be marked: {e}"),
        }
        std::process::exit(3);
    })
}

/// The message when the match stops early: what was kept, and how to look or play again.
fn stopped(log: &MatchLog, why: &str, again: &str) -> String {
    let hands = log.hands();
    if hands == 0 {
        return format!(
            "{why}: no hand was finished, so nothing was saved (no log written); \
             the same deals again: {again}"
        );
    }
    let path = log.path().display();
    let word = quoted(&path.to_string());
    let saved = counted(hands, "finished hand");
    format!(
        "{why}: saved {saved} to {path}, the last marked as the end of the \
         match; continue it: {again} --log {word} --resume; look at them: tricklab show {word} \
         (or tricklab replay {word}); the same deals again: {again}"
    )
}

/// The command that deals the same match again.
fn reproduce(args: &PlayArgs, seed: u64) -> String {
    let mut cmd = format!("tricklab play --game {}", args.game);
    if let Some(p) = args.players {
        cmd.push_str(&format!(" --players {p}"));
    }
    for o in &args.options {
        cmd.push_str(&format!(" --option {o}"));
    }
    cmd.push_str(&format!(" --agents '{}' --seed {seed}", args.agents));
    if args.match_index != 0 {
        cmd.push_str(&format!(" --match {}", args.match_index));
    }
    if args.open {
        cmd.push_str(" --open");
    }
    if let Some(d) = &args.deals {
        cmd.push_str(&format!(
            " --deals {} --board {}",
            quoted(&d.display().to_string()),
            args.board
        ));
    }
    cmd
}
