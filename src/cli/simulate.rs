//! `tricklab simulate`: play many games with the given agents and summarise them.
//!
//! A simulation is a one-arm experiment built from the flags (the seats given by `--agents`,
//! the subject seat 0) and played by the experiment runner, so it reports the same statistics
//! and writes the same columns as `tricklab run`; with `--out DIR` it keeps its finished games
//! on an interrupt and `--resume` continues it, as `run` does.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use crate::agents::{AgentSpec, parse_seating};
use crate::experiment::{
    DealTally, Experiment, FolderLock, RunEnd, RunError, RunPlan, RunRecord, Simulation,
    partial_name, write_summary,
};
use crate::games::{GameKind, LoadedGame};
use crate::report::{Provenance, summary_markdown};

use super::error::{interrupted, run_error, user};
use super::log_flags::{LogFlags, check_log};
use crate::report::output::{Output, is_stdout};

/// Arguments of `tricklab simulate`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// The game: catch-the-ten, nine-five-two or whist.
    #[arg(long, default_value = "catch-the-ten")]
    pub game: String,
    /// The player count (default: 4 for Catch the Ten and Whist, 3 for 9-5-2).
    #[arg(long)]
    pub players: Option<usize>,
    /// A named rule option, `KEY` or `KEY=VALUE` (repeat the flag or separate with commas),
    /// e.g. `--option pairs --option allow_revokes,revoke_penalty=LoseHandPoints`.
    #[arg(long = "option", value_name = "KEY[=VALUE]")]
    pub options: Vec<String>,
    /// How many games (matches, or hands with --hands) to play (default: 10000, or every deal
    /// of --deals).
    #[arg(long)]
    pub games: Option<u64>,
    /// Play the deals of this deal book (`tricklab deals`, or a PBN file of Whist deals): deal
    /// i is the first hand of game i; the seed still drives the agents (docs/deals.md).
    #[arg(long, value_name = "FILE", visible_alias = "book")]
    pub deals: Option<PathBuf>,
    /// The run's seed: the same seed gives the same output on any thread count.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write the results into this folder, as `tricklab run` does: hands.csv (one row per seat
    /// and hand), deals.csv, summary.csv, summary.md and run.json. An interrupted run keeps its
    /// finished games there; `--resume` continues it.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// The hand records (`--log FILE`, `--log-times`).
    #[command(flatten)]
    pub log: LogFlags,
    /// Replace results already in --out and a --log file that already exists.
    #[arg(long, conflicts_with = "resume")]
    pub force: bool,
    /// Continue an interrupted run in --out (give the same flags as the first time).
    #[arg(long)]
    pub resume: bool,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Play single hands from a score of 0 instead of whole matches.
    #[arg(long)]
    pub hands: bool,
    /// The agents: one spec for every seat, or one per seat separated by commas.
    #[arg(long, default_value = "random")]
    pub agents: String,
    /// Abandon a match that has not ended after this many hands.
    #[arg(long, default_value_t = 10_000)]
    pub max_hands: u32,
    /// Play every deal again with the agents moved round (sides swapped for two sides); the
    /// subject's `point_difference` is then a paired comparison over deals.
    #[arg(long)]
    pub duplicate: bool,
    /// Print the summary as one JSON object (`tricklab-summary/1`, the fields of `run --json`)
    /// instead of the text report; `results` is the --out folder, or empty without one.
    #[arg(long)]
    pub json: bool,
    /// Stop as if interrupted once this many games are done (for testing resumption).
    #[arg(long, hide = true)]
    pub stop_after_games: Option<u64>,
}

/// Runs `tricklab simulate`.
pub fn run(mut args: SimulateArgs) -> anyhow::Result<()> {
    let game: GameKind = args.game.parse().map_err(user)?;
    let game = game.load_words(args.players, &args.options).map_err(user)?;
    let book = args
        .deals
        .as_deref()
        .map(super::deals::open_book)
        .transpose()?;
    if let Some(b) = &book {
        args.games.get_or_insert(b.deals.len() as u64);
    }
    run_game(&args, &game, book)
}

impl SimulateArgs {
    /// The games to play: `--games`, else 10000.
    fn games(&self) -> u64 {
        self.games.unwrap_or(10_000)
    }
}

/// Reads the seating (one spec for all seats, or one per seat) and checks that every agent can
/// be built for the game.
pub fn seating(game: GameKind, text: &str, seats: usize) -> anyhow::Result<Vec<AgentSpec>> {
    let specs = parse_seating(text, seats).map_err(user)?;
    super::notices::warn_clock(&specs);
    for s in &specs {
        game.check_agent(s).map_err(user)?;
    }
    Ok(specs)
}

/// The one-arm experiment a simulation runs (see [`crate::experiment::simulation`]).
pub fn experiment(
    args: &SimulateArgs,
    game: &LoadedGame,
    seats: &[AgentSpec],
) -> anyhow::Result<Experiment> {
    for (flag, v) in [("--seed", args.seed), ("--games", args.games())] {
        if i64::try_from(v).is_err() {
            return Err(user(format!("{flag} must be below 2^63")));
        }
    }
    let sim = Simulation {
        seed: args.seed,
        games: args.games(),
        hands: args.hands,
        duplicate: args.duplicate,
        max_hands: args.max_hands,
        hand_rows: args.out.is_some(),
    };
    game.simulation(seats, &sim).map_err(user)
}

fn run_game(
    args: &SimulateArgs,
    game: &LoadedGame,
    book: Option<crate::games::book::DealBook>,
) -> anyhow::Result<()> {
    let seats = seating(game.kind(), &args.agents, game.sides().num_seats())?;
    for s in &seats {
        crate::agents::inference::check_table(s, game.kind(), game.players()).map_err(user)?;
    }
    if args.games() == 0 {
        return Err(user("--games must be at least 1"));
    }
    if args.max_hands == 0 {
        return Err(user("--max-hands must be at least 1"));
    }
    let pool = super::options::worker_pool(args.threads)?;
    check_outputs(args)?;
    let mut exp = experiment(args, game, &seats)?;
    if let Some(b) = book {
        exp.book = Some(super::deals::fit_book(b, game, exp.deals)?);
    }
    pool.install(|| {
        let provenance = Provenance::start(rayon::current_num_threads());
        let progress = std::io::stderr().is_terminal().then(|| {
            let p = ProgressBar::new(exp.deals);
            p.set_style(
                ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
                    .expect("valid template"),
            );
            p
        });
        let started = Instant::now();
        // Held until run.json is written: no other tricklab writes the folder meanwhile.
        let lock = args
            .out
            .as_deref()
            .map(|dir| FolderLock::take(dir).map_err(|e| run_error(e, dir)))
            .transpose()?;
        let outcome = match (&args.out, &lock) {
            (Some(dir), Some(lock)) => {
                crate::agents::external::capture_stderr_in(Some(dir));
                in_folder(args, &exp, game, dir, lock, progress.as_ref())
            }
            _ => in_memory(args, &exp, game, progress.as_ref()),
        };
        if let Some(p) = &progress {
            p.finish_and_clear();
        }
        let summary = outcome?;
        let mut report = String::new();
        writeln!(
            report,
            "{} {} with agents {} (seed {}) in {:.2} s",
            args.games(),
            if args.hands { "hands" } else { "matches" },
            exp.arms[0]
                .seats
                .iter()
                .map(|s| s.label())
                .collect::<Vec<_>>()
                .join(","),
            args.seed,
            started.elapsed().as_secs_f64()
        )?;
        writeln!(report, "options: {}", option_words(&exp.options))?;
        if let Some(b) = &exp.book {
            writeln!(report, "deals: the first {} of {}", exp.deals, b.path)?;
        }
        writeln!(report)?;
        report.push_str(&summary_markdown(&exp.heading(), &summary));
        let forfeited = args
            .out
            .as_deref()
            .and_then(crate::experiment::forfeited_hands);
        if let Some(n) = forfeited {
            writeln!(report, "\n{}", super::run::forfeits_line(n))?;
        }
        if let Some(dir) = &args.out {
            let record = RunRecord::new(&exp, &command_of(args), None, provenance);
            crate::experiment::finish_run(dir, record).map_err(|e| run_error(e, dir))?;
            writeln!(report, "\nresults: {}", dir.display())?;
        }
        if let Some(p) = &args.log.log {
            writeln!(report, "records: {}", p.display())?;
        }
        if args.json {
            let results = args.out.clone().unwrap_or_default();
            let json = crate::report::summary_json(&exp.name, &results, &summary, forfeited);
            print_report(args, &json);
            return Ok(());
        }
        print_report(args, &report);
        Ok(())
    })
}

/// Refuses outputs that cannot work: `--out` that is a file or `-`, `--log -` with `--out`
/// (records on standard output cannot be resumed), `--resume` without `--out`, and one path
/// for both.
fn check_outputs(args: &SimulateArgs) -> anyhow::Result<()> {
    match &args.out {
        Some(out) if is_stdout(out) => Err(user(
            "--out - : --out names a folder of results (hands.csv, deals.csv, summary.csv, run.json); write records to standard output with --log -",
        )),
        Some(out) if out.is_file() => Err(user(format!(
            "--out {} is a file: --out names a folder of results (hands.csv, deals.csv, summary.csv, run.json); give a folder name",
            out.display()
        ))),
        Some(out) => check_log(out, args.log.log.as_deref(), args.force, args.resume),
        None if args.resume => Err(user(
            "--resume continues an interrupted run in --out DIR: give the same --out",
        )),
        None => Ok(()),
    }
}

/// Plays the simulation into the folder `dir` with run's guarantees: every finished batch of
/// games stays on an interrupt, and `--resume` ends byte-identical to an uninterrupted run.
fn in_folder(
    args: &SimulateArgs,
    exp: &Experiment,
    game: &LoadedGame,
    dir: &Path,
    lock: &FolderLock,
    progress: Option<&ProgressBar>,
) -> anyhow::Result<crate::experiment::Summary> {
    let plan = RunPlan {
        out: dir.to_path_buf(),
        resume: args.resume,
        force: args.force,
        shard: None,
        stop_after: args.stop_after_games,
        records: args.log.log.clone(),
        record_times: args.log.log_times,
    };
    let stop = crate::sim::stop_flag();
    // A bot's fault stops the run like a signal: every finished game stays for `--resume`.
    let ran = crate::agents::external::catch_faults(|| {
        game.run(exp, &plan, lock, &stop, progress)
    })
    .map_err(|fault| {
        if fault.kind.is_users() {
            return anyhow::Error::new(fault);
        }
        anyhow::anyhow!(
            "{fault}; every game finished before it is in {}; once the bot is fixed, continue with: {}",
            dir.display(),
            super::resume::continue_command()
        )
    })?;
    let end = ran.map_err(|e| run_error(e, dir))?;
    match end {
        RunEnd::Interrupted(done) => {
            let records = args
                .log
                .log
                .as_deref()
                .map(|l| format!(" (records so far in {})", partial_name(l).display()))
                .unwrap_or_default();
            Err(interrupted(format!(
                "interrupted after {done} of {} games; every finished game is in {}{records}; continue with: {}",
                exp.deals,
                dir.display(),
                super::resume::continue_command()
            )))
        }
        RunEnd::Complete => write_summary(exp, &game.kind().statistics(exp.matches), dir)
            .map_err(anyhow::Error::from),
    }
}

/// Plays the simulation keeping only the per-game statistics in memory (and the records, under
/// a temporary name until the run is complete): an interrupt keeps nothing.
fn in_memory(
    args: &SimulateArgs,
    exp: &Experiment,
    game: &LoadedGame,
    progress: Option<&ProgressBar>,
) -> anyhow::Result<crate::experiment::Summary> {
    let mut log = args
        .log
        .log
        .as_deref()
        .map(|p| Output::create("--log", p, args.force))
        .transpose()?;
    // Each batch's per-deal rows are summarised as they come, so memory does not grow with
    // --games.
    let mut tally = DealTally::new(exp);
    let stop = crate::sim::stop_flag();
    let end = game
        .play_batches(
            exp,
            0..exp.deals,
            0,
            args.log.records(),
            &stop,
            args.stop_after_games,
            &mut |batch, done| {
                tally.add_deal_rows(&batch.deal_rows);
                if let Some(l) = log.as_mut() {
                    l.writer().write_all(&batch.records)?;
                }
                if let Some(p) = progress {
                    p.set_position(done);
                }
                Ok(())
            },
        )
        .map_err(|e: RunError| anyhow::Error::new(e).context("writing the records"))?;
    if let RunEnd::Interrupted(done) = end {
        drop(log);
        let what = args
            .log
            .log
            .as_deref()
            .filter(|l| !is_stdout(l))
            .map(|l| format!(": {} not written", l.display()))
            .unwrap_or_default();
        return Err(interrupted(format!(
            "interrupted after {done} of {} games; nothing was kept{what} (without --out DIR a simulation keeps nothing); run the command again, with --out DIR to be able to resume",
            exp.deals
        )));
    }
    if let Some(l) = log {
        l.finish()?;
    }
    tally
        .finish(&game.kind().statistics(exp.matches))
        .map_err(anyhow::Error::from)
}

/// The game's options as `--option` words: `target=7, honours=true, end=FixedHands(3)`.
fn option_words(options: &toml::Table) -> String {
    fn word(v: &toml::Value) -> String {
        match v {
            toml::Value::String(s) => s.clone(),
            toml::Value::Table(t) if t.len() == 1 => {
                let (k, x) = t.iter().next().expect("one entry");
                format!("{k}({})", word(x))
            }
            other => other.to_string(),
        }
    }
    let words: Vec<String> = options
        .iter()
        .map(|(k, v)| format!("{k}={}", word(v)))
        .collect();
    if words.is_empty() {
        "none".to_string()
    } else {
        words.join(", ")
    }
}

/// The command that reproduces a simulation, for `run.json`: its flags without outputs and
/// threads.
fn command_of(args: &SimulateArgs) -> String {
    let mut c = format!(
        "tricklab simulate --game {} --agents {} --games {} --seed {} --max-hands {}",
        super::resume::quoted(&args.game),
        super::resume::quoted(&args.agents),
        args.games(),
        args.seed,
        args.max_hands
    );
    if let Some(d) = &args.deals {
        write!(
            c,
            " --deals {}",
            super::resume::quoted(&d.display().to_string())
        )
        .expect("writing to a string");
    }
    if let Some(p) = args.players {
        write!(c, " --players {p}").expect("writing to a string");
    }
    for o in &args.options {
        write!(c, " --option {}", super::resume::quoted(o)).expect("writing to a string");
    }
    for (on, flag) in [(args.hands, " --hands"), (args.duplicate, " --duplicate")] {
        if on {
            c.push_str(flag);
        }
    }
    c
}

/// Prints the summary: to standard output, or to standard error when the records go there.
fn print_report(args: &SimulateArgs, report: &str) {
    if args.log.log.as_deref().is_some_and(is_stdout) {
        eprint!("{report}");
    } else {
        print!("{report}");
    }
}
