//! `tricklab simulate`: play many games with the given agents and summarise them.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Context;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use crate::agents::{AgentFactory, AgentSpec, build_agent, parse_seating};
use crate::games::GameKind;
use crate::games::record::RecordRules;
use crate::report::{CommandRecord, Provenance, write_record};
use crate::sim::{SimConfig, Sinks, Tabulate, duplicate_rotations, simulate};

use super::error::user;
use super::options::parse_options;

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
    /// How many games (matches, or hands with --hands) to play.
    #[arg(long, default_value_t = 10_000)]
    pub games: u64,
    /// The run's seed: the same seed gives the same output on any thread count.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write one CSV row per side and hand here.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Write a JSON-lines record of every hand here (see `tricklab replay`).
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// Replace --out and --log files that already exist. (`-` writes to standard output; the
    /// summary then goes to standard error. Files appear only when the run is complete.)
    #[arg(long)]
    pub force: bool,
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
    /// Play every deal again with the agents moved round (sides swapped for two sides), and
    /// report the paired difference between the first two agents.
    #[arg(long)]
    pub duplicate: bool,
}

/// Runs `tricklab simulate`.
pub fn run(args: SimulateArgs) -> anyhow::Result<()> {
    let game: GameKind = args.game.parse().map_err(user)?;
    crate::with_game!(game, R => run_rules(&args, &checked::<R>(&args, game)?))
}

/// Reads `--option` into the game's options and checks them with `--players` (default: the
/// game's usual count).
fn checked<R: RecordRules>(args: &SimulateArgs, game: GameKind) -> anyhow::Result<R> {
    let opts: R::Options = parse_options(game.name(), &args.options)?;
    R::from_options(args.players.unwrap_or(game.default_players()), &opts).map_err(user)
}

/// Reads the seating (one spec for all seats, or one per seat) and checks that every agent can
/// be built for the game.
pub fn seating<G: AgentFactory>(text: &str, seats: usize) -> anyhow::Result<Vec<AgentSpec>> {
    let specs = parse_seating(text, seats).map_err(user)?;
    super::notices::warn_clock(&specs);
    for s in &specs {
        build_agent::<G>(s).map_err(user)?;
    }
    Ok(specs)
}

fn run_rules<R>(args: &SimulateArgs, rules: &R) -> anyhow::Result<()>
where
    R: Tabulate,
    R::Hand: AgentFactory,
{
    let seats = seating::<R::Hand>(&args.agents, rules.sides().num_seats())?;
    if args.games == 0 {
        return Err(user("--games must be at least 1"));
    }
    if args.max_hands == 0 {
        return Err(user("--max-hands must be at least 1"));
    }
    let threads = args.threads.unwrap_or(0);
    if args.threads == Some(0) {
        return Err(user("--threads must be at least 1"));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("starting worker threads")?;
    let (mut csv, mut log) = super::simulate_output::open(args)?;
    let cfg = SimConfig {
        seed: args.seed,
        games: args.games,
        single_hands: args.hands,
        max_hands: args.max_hands,
        rotations: if args.duplicate {
            duplicate_rotations(&rules.sides())
        } else {
            1
        },
        ..SimConfig::default()
    };
    let progress = std::io::stderr().is_terminal().then(|| {
        let p = ProgressBar::new(cfg.games);
        p.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
                .expect("valid template"),
        );
        p
    });
    let started = Instant::now();
    let provenance = Provenance::start(pool.current_num_threads());
    let sinks = Sinks {
        csv: csv.as_mut().map(|w| w.writer() as &mut (dyn Write + Send)),
        log: log.as_mut().map(|w| w.writer() as &mut (dyn Write + Send)),
    };
    let result = pool.install(|| simulate(rules, &seats, &cfg, sinks, progress.as_ref()))?;
    for o in [csv, log].into_iter().flatten() {
        o.finish()?;
    }
    if let Some(p) = &progress {
        p.finish_and_clear();
    }
    let secs = started.elapsed().as_secs_f64();
    let mut report = String::new();
    let agents: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
    writeln!(
        report,
        "{} {} with agents {} (seed {}) in {:.2} s",
        cfg.games,
        if cfg.single_hands { "hands" } else { "matches" },
        agents.join(","),
        cfg.seed,
        secs
    )?;
    write!(report, "{}", rules.report(&result.summary))?;
    if let Some(p) = &result.paired {
        let ci = p.diffs.t_interval(0.95);
        writeln!(
            report,
            "duplicate: {} minus {}, points per seat and hand, paired over {} deals ({} rotations each): {:.4} [{:.4}, {:.4}] (95% t)",
            p.first, p.second, p.diffs.n, cfg.rotations, ci.estimate, ci.low, ci.high
        )?;
    }
    if let Some(p) = &args.out {
        // The provenance goes beside the rows: `FILE.run.json` (none for rows on stdout).
        if p.as_os_str() != "-" {
            let mut record = p.clone().into_os_string();
            record.push(".run.json");
            write_record(
                Path::new(&record),
                &CommandRecord::new(args.seed, None, provenance),
            )
            .with_context(|| format!("writing {}", Path::new(&record).display()))?;
        }
        writeln!(report, "hand rows: {}", p.display())?;
    }
    if let Some(p) = &args.log {
        writeln!(report, "records: {}", p.display())?;
    }
    super::simulate_output::print_report(args, &report);
    Ok(())
}
