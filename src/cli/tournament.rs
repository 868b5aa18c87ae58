//! `tricklab tournament`: every pair of agents on duplicate deals, with a table of pairwise
//! results and Bradley–Terry ratings.

use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use crate::agents::{AgentFactory, AgentSpec, build_agent, parse_specs};
use crate::experiment::{ArmStat, PairPlan, PairResult, play_pair, ratings};
use crate::games::GameKind;
use crate::games::record::RecordRules;
use crate::report::estimates_chart;
use crate::report::{CommandRecord, Provenance, RUN_JSON, write_record};
use crate::stats::{Z95, wilson};

use super::error::user;
use super::options::parse_options;

/// Arguments of `tricklab tournament`.
#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// The game: catch-the-ten, nine-five-two or whist.
    #[arg(long, default_value = "catch-the-ten")]
    pub game: String,
    /// The player count (default: 4, or 3 for 9-5-2).
    #[arg(long)]
    pub players: Option<usize>,
    /// A named rule option, `KEY` or `KEY=VALUE` (repeatable).
    #[arg(long = "option", value_name = "KEY[=VALUE]")]
    pub options: Vec<String>,
    /// The agents, separated by `;` (or by commas where a token is an agent name).
    #[arg(long)]
    pub agents: String,
    /// Deals per pair (matches with --matches).
    #[arg(long, default_value_t = 2000)]
    pub deals: u64,
    /// Score whole matches (match wins) instead of single hands (points).
    #[arg(long)]
    pub matches: bool,
    /// The seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// The output folder (default: results/tournament-<game>).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Replace results already in the output folder.
    #[arg(long)]
    pub force: bool,
}

/// Runs `tricklab tournament`.
pub fn run(args: TournamentArgs) -> anyhow::Result<()> {
    let game: GameKind = args.game.parse().map_err(user)?;
    if args.deals == 0 {
        return Err(user("--deals must be at least 1"));
    }
    if args.threads == Some(0) {
        return Err(user("--threads must be at least 1"));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .context("threads")?;
    pool.install(|| crate::with_game!(game, R => go::<R>(&args, game)))
}

fn go<R: RecordRules>(args: &TournamentArgs, game: GameKind) -> anyhow::Result<()>
where
    R::Hand: AgentFactory,
{
    let provenance = Provenance::start(rayon::current_num_threads());
    let opts: R::Options = parse_options(game.name(), &args.options)?;
    let rules =
        R::from_options(args.players.unwrap_or(game.default_players()), &opts).map_err(user)?;
    let agents: Vec<AgentSpec> = parse_specs(&args.agents).map_err(user)?;
    super::notices::warn_clock(&agents);
    if agents.len() < 2 {
        return Err(user("--agents needs at least two agents"));
    }
    for a in &agents {
        build_agent::<R::Hand>(a).map_err(user)?;
    }
    let names: Vec<String> = agents.iter().map(|a| a.to_string()).collect();
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("results").join(format!("tournament-{game}")));
    super::output::check_folder(
        "--out",
        &out,
        &["pairs.csv", "ratings.csv", "summary.md"],
        args.force,
    )?;
    let mut pairs = Vec::new();
    for x in 0..agents.len() {
        for y in x + 1..agents.len() {
            let pair = pairs.len() as u64;
            let plan = PairPlan {
                pair,
                seed: args.seed,
                matches: args.matches,
                max_hands: 10_000,
            };
            let scores = play_pair(&rules, &agents[x], &agents[y], 0..args.deals, plan);
            pairs.push(PairResult { x, y, scores });
        }
    }
    let rated = ratings(agents.len(), &pairs, 200, args.seed);
    std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
    let unit = if args.matches {
        "match wins"
    } else {
        "points per seat"
    };
    let mut md = String::new();
    let _ = writeln!(
        md,
        "# Tournament: {game}, {} seats, {} {} per pair, seed {}\n",
        rules.sides().num_seats(),
        args.deals,
        if args.matches { "matches" } else { "deals" },
        args.seed
    );
    let _ = writeln!(
        md,
        "Score: the first agent's {unit} minus the second's, per deal (duplicate, every rotation).\n"
    );
    let _ = writeln!(
        md,
        "| agent | vs | mean score | 95% t interval | deals won | drawn | lost | win rate (Wilson) |"
    );
    let _ = writeln!(md, "|---|---|---:|---|---:|---:|---:|---|");
    let mut pcsv = csv::Writer::from_writer(Vec::new());
    pcsv.write_record([
        "agent", "opponent", "deals", "mean", "low", "high", "won", "drawn", "lost",
    ])?;
    for p in &pairs {
        let m = p.mean();
        let (w, d, l) = p.record();
        let wr = wilson(2 * w + d, 2 * p.scores.len() as u64, Z95);
        let _ = writeln!(
            md,
            "| {} | {} | {:.3} | [{:.3}, {:.3}] | {w} | {d} | {l} | {:.3} [{:.3}, {:.3}] |",
            names[p.x], names[p.y], m.estimate, m.low, m.high, wr.estimate, wr.low, wr.high
        );
        pcsv.write_record([
            names[p.x].clone(),
            names[p.y].clone(),
            p.scores.len().to_string(),
            format!("{:.6}", m.estimate),
            format!("{:.6}", m.low),
            format!("{:.6}", m.high),
            w.to_string(),
            d.to_string(),
            l.to_string(),
        ])?;
    }
    let _ = writeln!(
        md,
        "\n| agent | Bradley–Terry rating (Elo scale) | 95% bootstrap interval |"
    );
    let _ = writeln!(md, "|---|---:|---|");
    let mut rcsv = csv::Writer::from_writer(Vec::new());
    rcsv.write_record(["agent", "elo", "low", "high"])?;
    let mut rows = Vec::new();
    for (i, (r, ci)) in rated.iter().enumerate() {
        let _ = writeln!(
            md,
            "| {} | {:.1} | [{:.1}, {:.1}] |",
            names[i], r.elo, ci.low, ci.high
        );
        rcsv.write_record([
            names[i].clone(),
            format!("{:.3}", r.elo),
            format!("{:.3}", ci.low),
            format!("{:.3}", ci.high),
        ])?;
        rows.push(ArmStat {
            arm: names[i].clone(),
            statistic: "rating".into(),
            n: args.deals,
            deals: args.deals,
            interval: *ci,
            method: "bootstrap",
        });
    }
    std::fs::write(out.join("pairs.csv"), pcsv.into_inner()?)?;
    std::fs::write(out.join("ratings.csv"), rcsv.into_inner()?)?;
    std::fs::write(out.join("summary.md"), &md)?;
    estimates_chart(
        &out.join("ratings.svg"),
        "rating",
        &rows.iter().collect::<Vec<_>>(),
    )
    .map_err(anyhow::Error::msg)?;
    write_record(
        &out.join(RUN_JSON),
        &CommandRecord::new(args.seed, None, provenance),
    )?;
    print!("{md}");
    println!("\nresults: {}", out.display());
    Ok(())
}
