//! A whole match at the table, as `tricklab play` sits a person down: the seats and the hint
//! read, the seed chosen, the first deal taken from a deal book where asked, a saved match
//! continued (`--resume`), the match played in the full screen or in the line mode, and on a
//! quit, the end of input or Ctrl-C the log's last hand marked as the match's last with a
//! message that says what was kept and how to go on.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use anyhow::Context;

use crate::agents::AgentSpec;
use crate::errors::{book_error, interrupted, user};
use crate::experiment::open_book;
use crate::games::record::RecordRules;
use crate::words::{counted, quoted};

use super::line::{Ending, Outputs, play_lines};
use super::log::default_log_path;
use super::resume::continue_match;
use super::screen::Style;
use super::tui::play_tui;
use super::{HintConfig, MatchLog, Table, TableConfig, TableGame, parse_players};

/// A match as it was asked for.
#[derive(Clone, Debug)]
pub struct Session {
    /// The game as given (`--game`), with its player count and option words: for the command
    /// that deals the same match again.
    pub game: String,
    /// The player count as given.
    pub players: Option<usize>,
    /// The option words as given.
    pub options: Vec<String>,
    /// Who sits where (`human` for a person), as given.
    pub agents: String,
    /// The search that answers `hint`, as an agent spec.
    pub hint: String,
    /// The hint's time limit in milliseconds.
    pub hint_ms: u64,
    /// Analysis with open cards (`why` shows a bot's values).
    pub open: bool,
    /// The seed (`None`: from the clock).
    pub seed: Option<u64>,
    /// The records file (`None`: a new file under the user's data folder).
    pub log: Option<PathBuf>,
    /// The line mode, even on a terminal.
    pub plain: bool,
    /// How cards are written.
    pub style: Style,
    /// Stop the match after this many hands.
    pub max_hands: u32,
    /// The match number written in the records.
    pub match_index: u64,
    /// The deal book whose deal is the match's first hand.
    pub deals: Option<PathBuf>,
    /// The deal of the book to play first.
    pub board: u64,
    /// Continue the match saved in the records file.
    pub resume: bool,
}

/// Plays the match at the table of `rules` (the game `R`'s half of `tricklab play`).
///
/// # Errors
/// Bad input (seats, hint, a book that does not fit, a saved match that does not continue),
/// a log that cannot be written, or a match stopped before its end
/// ([`Interrupted`](crate::errors::Interrupted): what was saved and how to go on).
pub fn play_match<R: RecordRules>(session: &Session, rules: R) -> anyhow::Result<()>
where
    R::Hand: TableGame,
{
    let seats = rules.sides().num_seats();
    let players = parse_players(&session.agents, seats).map_err(user)?;
    let hint: AgentSpec = session
        .hint
        .parse()
        .map_err(|e| user(format!("--hint: {e}")))?;
    let hint = HintConfig::of_spec(&hint, session.hint_ms).map_err(user)?;
    if session.max_hands == 0 {
        return Err(user("--max-hands must be at least 1"));
    }
    let seed = session.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs())
    });
    let game = rules.game();
    let log_path = match &session.log {
        Some(p) => p.clone(),
        None => default_log_path(game.name(), seed)
            .ok_or_else(|| user("no home folder for the log: give --log FILE"))?,
    };
    let config = TableConfig {
        seed,
        match_index: session.match_index,
        hint,
        max_hands: session.max_hands,
        open: session.open,
    };
    let first = match &session.deals {
        Some(path) => Some(book_deal(&rules, path, session.board)?),
        None => None,
    };
    let mut table = Table::new(rules, &players, config).map_err(user)?;
    if let Some((dealer, hand)) = first {
        table.deal_first(dealer, hand);
    }
    let (log, continued) = if session.resume {
        let log = continue_match(&mut table, &log_path).map_err(user)?;
        let note = format!(
            "continuing match {} of {} after {}",
            session.match_index,
            log_path.display(),
            counted(log.hands(), "hand")
        );
        (log, Some(note))
    } else {
        (MatchLog::new(log_path), None)
    };
    let log = Arc::new(Mutex::new(log));
    let again = session.reproduce(seed);
    let stdin = std::io::stdin();
    let full_screen = !session.plain && stdin.is_terminal() && std::io::stdout().is_terminal();
    let style = session.style;
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
    let book = open_book(path)?;
    let held = book.deals.len() as u64;
    if board >= held {
        return Err(user(format!(
            "--board {board}: --deals {} holds {held} deals (boards 0 to {})",
            path.display(),
            held.saturating_sub(1)
        )));
    }
    book.check(rules, board + 1).map_err(book_error)?;
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

impl Session {
    /// The command that deals the same match again.
    fn reproduce(&self, seed: u64) -> String {
        let mut cmd = format!("tricklab play --game {}", self.game);
        if let Some(p) = self.players {
            cmd.push_str(&format!(" --players {p}"));
        }
        for o in &self.options {
            cmd.push_str(&format!(" --option {o}"));
        }
        cmd.push_str(&format!(" --agents '{}' --seed {seed}", self.agents));
        if self.match_index != 0 {
            cmd.push_str(&format!(" --match {}", self.match_index));
        }
        if self.open {
            cmd.push_str(" --open");
        }
        if let Some(d) = &self.deals {
            cmd.push_str(&format!(
                " --deals {} --board {}",
                quoted(&d.display().to_string()),
                self.board
            ));
        }
        cmd
    }
}
