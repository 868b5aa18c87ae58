//! `tricklab play`: sit down at the table against the bots.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, IsTerminal, Write};
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use crate::agents::{AgentFactory, AgentSpec};
use crate::games::GameKind;
use crate::games::record::RecordRules;
use crate::play::line::{Ending, Outputs, play_lines};
use crate::play::log::default_log_path;
use crate::play::screen::Style;
use crate::play::tui::play_tui;
use crate::play::{Table, TableConfig, parse_players};

use super::error::user;
use super::options::parse_options;

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
    /// The searcher that answers `hint` (`?`); the default thinks for 1.5 s.
    #[arg(long, default_value = "ismcts:time_ms=1500")]
    pub hint: String,
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
    /// Cards in ASCII (`TD`) without colour (also when NO_COLOR is set).
    #[arg(long)]
    pub ascii: bool,
    /// Stop the match after this many hands.
    #[arg(long, default_value_t = 1000)]
    pub max_hands: u32,
    /// The match number written in the records.
    #[arg(long = "match", default_value_t = 0)]
    pub match_index: u64,
}

/// Runs `tricklab play`.
pub fn run(args: PlayArgs) -> anyhow::Result<()> {
    let game: GameKind = args.game.parse().map_err(user)?;
    crate::with_game!(game, R => play(&args, checked::<R>(&args, game)?))
}

fn checked<R: RecordRules>(args: &PlayArgs, game: GameKind) -> anyhow::Result<R> {
    let opts: R::Options = parse_options(game.name(), &args.options)?;
    R::from_options(args.players.unwrap_or(game.default_players()), &opts).map_err(user)
}

fn open_log(path: &PathBuf) -> anyhow::Result<BufWriter<File>> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let f = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("opening {}", path.display()))?;
    Ok(BufWriter::new(f))
}

fn play<R: RecordRules>(args: &PlayArgs, rules: R) -> anyhow::Result<()>
where
    R::Hand: AgentFactory,
{
    let seats = rules.sides().num_seats();
    let players = parse_players(&args.agents, seats).map_err(user)?;
    let hint: AgentSpec = args
        .hint
        .parse()
        .map_err(|e| user(format!("--hint: {e}")))?;
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
    };
    let mut table = Table::new(rules, &players, config).map_err(user)?;
    let mut log = open_log(&log_path)?;
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let ascii = args.ascii || no_color;
    let stdin = std::io::stdin();
    let full_screen = !args.plain && stdin.is_terminal() && std::io::stdout().is_terminal();
    let style = Style {
        symbols: !ascii,
        colour: !ascii && std::io::stdout().is_terminal(),
    };
    let ending = if full_screen {
        play_tui(&mut table, &mut log, style)?
    } else {
        let mut out = std::io::stdout().lock();
        writeln!(
            out,
            "tricklab play: {game}, seed {seed}, seats {}; type help for the commands",
            table.seat_specs().join(" · ")
        )?;
        let mut input = stdin.lock();
        let mut outputs = Outputs {
            out: &mut out,
            log: &mut log,
            style,
            echo: !std::io::stdin().is_terminal(),
        };
        play_lines(&mut table, &mut input, &mut outputs)?
    };
    log.flush()?;
    let hands = table.match_state().hands_dealt;
    match ending {
        Ending::MatchOver => println!(
            "match over after {hands} hands; record: {}",
            log_path.display()
        ),
        Ending::Quit => println!(
            "saved {hands} finished hands to {}; replay, analyze or show it",
            log_path.display()
        ),
    }
    Ok(())
}
