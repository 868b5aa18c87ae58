//! `tricklab tournament`: pairs of agents on duplicate deals, with a table of pairwise results
//! and Bradley–Terry ratings; from flags (every pair) or from a config (`--config`, labels, a
//! baseline and ceiling, every pair or the ladder design); `--sprt` stops a two-agent tournament
//! when its sequential test decides, `--log` writes every hand's record. Resumable: an
//! interrupted tournament keeps every finished chunk of deals and `--resume` plays the rest.

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;

use crate::agents::{AgentFactory, AgentSpec, build_agent, parse_specs};
use crate::experiment::{
    ArmStat, Completed, Design, Entrant, FAULTS, Finished, PROGRESS, Records, TournamentConfig,
    TournamentEnd, TournamentPlan, check_sprt_pairs, finish_tournament, read_progress,
    run_tournament, tournament_tables,
};
use crate::games::GameKind;
use crate::games::record::RecordRules;
use crate::report::{
    CommandRecord, FrontierPoint, Provenance, RUN_JSON, estimates_chart, frontier_chart,
    ladder_csv, pairs_csv, ratings_csv, scores_csv, timing_csv, tournament_json,
    tournament_markdown, write_record, write_whole,
};
use crate::stats::Sprt;

use super::error::{interrupted, run_error, user};

/// Arguments of `tricklab tournament`.
#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// A tournament config (TOML: game, agents with labels, deals, seed, design; every field is
    /// described in docs/configs.md); flags given beside it (--deals, --seed, --matches, --cap)
    /// win over it.
    #[arg(long, conflicts_with_all = ["agents", "game", "players", "options"])]
    pub config: Option<PathBuf>,
    /// The game: catch-the-ten, nine-five-two or whist.
    #[arg(long)]
    pub game: Option<String>,
    /// The player count (default: 4, or 3 for 9-5-2).
    #[arg(long)]
    pub players: Option<usize>,
    /// A named rule option, `KEY` or `KEY=VALUE` (repeatable).
    #[arg(long = "option", value_name = "KEY[=VALUE]")]
    pub options: Vec<String>,
    /// The agents, separated by `;` (or by commas where a token is an agent name).
    #[arg(long, required_unless_present = "config")]
    pub agents: Option<String>,
    /// Deals per pair (matches with --matches) [default: 2000, or the config's].
    #[arg(long)]
    pub deals: Option<u64>,
    /// Score whole matches (match wins) instead of single hands (points).
    #[arg(long)]
    pub matches: bool,
    /// The seed [default: 1, or the config's].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Cap the agents' search budgets, e.g. `iterations=200,worlds=4` (ISMCTS iterations, PIMC
    /// and αμ worlds): a quick, smaller version of an expensive tournament.
    #[arg(long, value_name = "KEY=N,…")]
    pub cap: Option<String>,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// The output folder (default: results/tournament-<game>, or results/tournament-<config
    /// name>).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Continue an interrupted tournament in the output folder.
    #[arg(long)]
    pub resume: bool,
    /// Replace results already in the output folder.
    #[arg(long, conflicts_with = "resume")]
    pub force: bool,
    /// Print a JSON summary on stdout instead of the markdown tables.
    #[arg(long)]
    pub json: bool,
    /// Stop the two agents' tournament early with a sequential probability ratio test on its
    /// deals, e.g. `elo0=0,elo1=20,alpha=0.05,beta=0.05` (see docs/tournament.md).
    #[arg(long, value_name = "elo0=E,elo1=E,alpha=P,beta=P")]
    pub sprt: Option<String>,
    /// The hand records (`--log FILE`, `--log-times`).
    #[command(flatten)]
    pub log: super::log_flags::LogFlags,
    /// Play the deals of this deal book (`tricklab deals`, or a PBN file of Whist deals): deal
    /// i of every pair is the book's deal i, which must hold --deals of them (docs/deals.md).
    #[arg(long, value_name = "FILE")]
    pub book: Option<PathBuf>,
    /// Stop as if interrupted once this many chunks of deals are done (for testing resumption).
    #[arg(long, hide = true)]
    pub stop_after_chunks: Option<u64>,
}

/// The files a finished tournament writes that a new one must not silently replace.
const RESULTS: [&str; 5] = ["pairs.csv", "ratings.csv", "summary.md", FAULTS, PROGRESS];

/// Runs `tricklab tournament`.
pub fn run(args: TournamentArgs) -> anyhow::Result<()> {
    let config = match &args.config {
        Some(path) => TournamentConfig::load(path).map_err(super::error::config_error)?,
        None => from_flags(&args)?,
    };
    let config = overridden(config, &args)?;
    let pool = super::options::worker_pool(args.threads)?;
    let game = if args.config.is_some() {
        config.game.load(config.players, &config.options)
    } else {
        config.game.load_words(Some(config.players), &args.options)
    }
    .map_err(user)?;
    pool.install(|| game.jobs().tournament(&game, &args, &config))
}

/// The tournament the flags describe: every pair, the agents named by their specs.
fn from_flags(args: &TournamentArgs) -> anyhow::Result<TournamentConfig> {
    let game: GameKind = args
        .game
        .as_deref()
        .unwrap_or("catch-the-ten")
        .parse()
        .map_err(user)?;
    let agents: Vec<AgentSpec> =
        parse_specs(args.agents.as_deref().unwrap_or_default()).map_err(user)?;
    if agents.len() < 2 {
        return Err(user("--agents needs at least two agents"));
    }
    Ok(TournamentConfig {
        game,
        players: args.players.unwrap_or(game.default_players()),
        options: toml::Table::new(),
        seed: 1,
        deals: 2000,
        matches: false,
        design: Design::EveryPair,
        agents: agents
            .into_iter()
            .map(|spec| Entrant {
                label: spec.label(),
                spec,
            })
            .collect(),
        baseline: None,
        ceiling: None,
        sprt: None,
    })
}

/// `config` with the flags that win over it applied.
fn overridden(
    mut config: TournamentConfig,
    args: &TournamentArgs,
) -> anyhow::Result<TournamentConfig> {
    if let Some(d) = args.deals {
        if d == 0 {
            return Err(user("--deals must be at least 1"));
        }
        config.deals = d;
    }
    if let Some(s) = args.seed {
        config.seed = s;
    }
    config.matches |= args.matches;
    if let Some(test) = &args.sprt {
        config.sprt = Some(Sprt::parse(test).map_err(|e| user(format!("--sprt: {e}")))?);
        check_sprt_pairs(config.pairs().len()).map_err(|e| user(format!("--sprt: {e}")))?;
    }
    if let Some(cap) = &args.cap {
        let caps = parse_cap(cap)?;
        for a in &mut config.agents {
            cap_agent(&mut a.spec, &caps);
        }
    }
    Ok(config)
}

/// `iterations=N,worlds=M` → the caps.
fn parse_cap(text: &str) -> anyhow::Result<Vec<(String, u32)>> {
    text.split(',')
        .map(|kv| {
            let bad = || {
                user(format!(
                    "--cap `{kv}`: expected KEY=N with KEY iterations or worlds and N ≥ 1, e.g. iterations=200,worlds=4"
                ))
            };
            let (k, v) = kv.split_once('=').ok_or_else(bad)?;
            let k = k.trim();
            let v: u32 = v.trim().parse().map_err(|_| bad())?;
            if v == 0 || !["iterations", "worlds"].contains(&k) {
                return Err(bad());
            }
            Ok((k.to_string(), v))
        })
        .collect()
}

fn cap_agent(spec: &mut AgentSpec, caps: &[(String, u32)]) {
    for (key, most) in caps {
        match (&mut *spec, key.as_str()) {
            (AgentSpec::Ismcts(p), "iterations") => p.iterations = p.iterations.min(*most),
            (AgentSpec::Pimc(p), "worlds") => p.worlds = p.worlds.min(*most),
            (AgentSpec::AlphaMu(p), "worlds") => p.worlds = p.worlds.min(*most),
            _ => {}
        }
    }
}

/// Plays the tournament of `config` at the table of `rules` (the game `R`'s half of
/// `tricklab tournament`).
pub(crate) fn go<R: RecordRules>(
    rules: &R,
    args: &TournamentArgs,
    config: &TournamentConfig,
) -> anyhow::Result<()>
where
    R::Hand: AgentFactory,
{
    let provenance = Provenance::start(rayon::current_num_threads());
    let game = config.game;
    let specs: Vec<AgentSpec> = config.agents.iter().map(|a| a.spec.clone()).collect();
    super::notices::warn_clock(&specs);
    for a in &specs {
        build_agent::<R::Hand>(a).map_err(user)?;
        crate::agents::inference::check_table(a, game, rules.players()).map_err(user)?;
    }
    let names: Vec<String> = config.agents.iter().map(|a| a.label.clone()).collect();
    let out = args.out.clone().unwrap_or_else(|| {
        let name = args
            .config
            .as_deref()
            .and_then(Path::file_stem)
            .map_or_else(|| game.to_string(), |s| s.to_string_lossy().into_owned());
        PathBuf::from("results").join(format!("tournament-{name}"))
    });
    // Held until run.json is written: no other tricklab writes the folder meanwhile.
    let _lock = crate::experiment::FolderLock::take(&out).map_err(|e| run_error(e, &out))?;
    if args.force {
        let _ = std::fs::remove_file(out.join(PROGRESS));
    } else if !args.resume || !out.join(PROGRESS).exists() {
        if args.resume {
            super::vouch::check_finished(&out, RUN_JSON, &[])?;
        }
        // A --resume with nothing to resume must not replace a finished tournament either.
        crate::report::output::check_folder("--out", &out, &RESULTS, false)?;
    }
    crate::agents::external::capture_stderr_in(Some(&out));
    super::log_flags::check_log(&out, args.log.log.as_deref(), args.force, args.resume)?;
    let pairs = config.pairs();
    if let Some(memory) = crate::experiment::physical_memory() {
        config.check_memory(pairs.len(), memory).map_err(user)?;
    }
    let book = args
        .book
        .as_deref()
        .map(super::deals::open_book)
        .transpose()?;
    if let Some(b) = &book {
        b.check(rules, config.deals)
            .map_err(|e| user(format!("--book {e}")))?;
    }
    let mut fingerprint = fingerprint(config, &specs, &pairs, args.log.records());
    if let Some(b) = &book {
        fingerprint.push_str(&format!(" book={}", b.sha256));
    }
    let plan = TournamentPlan {
        agents: &specs,
        names: &names,
        pairs: &pairs,
        deals: config.deals,
        seed: config.seed,
        matches: config.matches,
        fingerprint,
        records: args.log.records(),
        sprt: config.sprt,
        book: book.as_ref(),
    };
    let done = if args.resume {
        read_progress(&out, &plan).map_err(user)?
    } else {
        Vec::new()
    };
    std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
    let stop = crate::sim::stop_flag();
    let end = run_tournament(rules, &plan, &out, done, &stop, args.stop_after_chunks)
        .map_err(|e| run_error(e, &out))?;
    let done = match end {
        TournamentEnd::Interrupted(kept, total) => {
            return Err(interrupted(format!(
                "interrupted: {kept} of {total} chunks of deals are done and kept in {}; continue with: {}",
                out.join(PROGRESS).display(),
                super::resume::continue_command()
            )));
        }
        TournamentEnd::Complete(done) => done,
    };
    let Completed {
        pairs: results,
        times,
        faults,
        records,
        sprt,
    } = done;
    // A bot that may forfeit: its forfeited hands, as `run` writes them (none: no file, and
    // none left from an earlier tournament in the folder).
    let faults_written = faults.is_some();
    match faults {
        Some(bytes) => write_whole(&out.join(FAULTS), &bytes)?,
        None => {
            let _ = std::fs::remove_file(out.join(FAULTS));
        }
    }
    let forfeited = crate::experiment::forfeited_hands(&out);
    let tables = tournament_tables(Finished {
        game: game.to_string(),
        seats: rules.sides().num_seats(),
        deals: config.deals,
        matches: config.matches,
        seed: config.seed,
        names: names.clone(),
        pairs: &results,
        baseline: config.baseline,
        ceiling: config.ceiling,
        sprt,
    });
    let md = tournament_markdown(&tables);
    write_whole(&out.join("pairs.csv"), pairs_csv(&tables).as_bytes())?;
    write_whole(&out.join("ratings.csv"), ratings_csv(&tables).as_bytes())?;
    write_whole(&out.join("summary.md"), md.as_bytes())?;
    let played = sprt.map_or(config.deals, |s| s.deals);
    let rows: Vec<ArmStat> = tables
        .ratings
        .iter()
        .zip(&names)
        .map(|(ci, name)| ArmStat {
            arm: name.clone(),
            statistic: "rating".into(),
            n: played,
            deals: played,
            interval: *ci,
            method: "bootstrap",
        })
        .collect();
    estimates_chart(
        &out.join("ratings.svg"),
        "rating",
        &rows.iter().collect::<Vec<_>>(),
    )
    .map_err(anyhow::Error::msg)?;
    let seconds: Vec<Option<f64>> = times.iter().map(|t| t.mean_seconds()).collect();
    if args.config.is_some() {
        // A config's tournament keeps its per-deal scores (sorted, so reproducible) and its
        // timing, which depends on the machine and lives apart from the reproducible files.
        write_whole(
            &out.join("scores.csv"),
            scores_csv(
                &names,
                results.iter().map(|p| (p.x, p.y, p.scores.as_slice())),
            )
            .as_bytes(),
        )?;
        if let Some(csv) = ladder_csv(&tables) {
            write_whole(&out.join("ladder.csv"), csv.as_bytes())?;
        }
        let decisions: Vec<(u64, u64)> = times.iter().map(|t| (t.decisions, t.nanos)).collect();
        write_whole(
            &out.join("timing.csv"),
            timing_csv(&names, &decisions).as_bytes(),
        )?;
        if let Some((_, _, rows)) = &tables.ladder {
            let points: Vec<FrontierPoint> = rows
                .iter()
                .zip(&names)
                .zip(&seconds)
                .filter_map(|((r, name), s)| {
                    Some(FrontierPoint {
                        name: name.clone(),
                        seconds: (*s)?,
                        strength: r.over_baseline.unwrap_or(crate::stats::Interval {
                            estimate: 0.0,
                            low: 0.0,
                            high: 0.0,
                        }),
                    })
                })
                .collect();
            let base = config.baseline.map_or("", |b| names[b].as_str());
            frontier_chart(
                &out.join("frontier.svg"),
                &format!("{game}: strength against time per decision"),
                &format!("{} over {base} per deal", unit(config.matches)),
                &points,
            )?;
        }
    }
    let source = args
        .config
        .as_deref()
        .map(std::fs::read_to_string)
        .transpose()?;
    if let (Some(log), Some(bytes)) = (&args.log.log, &records) {
        write_whole(log, bytes)?;
    }
    let mut record = CommandRecord::new(config.seed, source, provenance);
    let written = super::vouch::tournament_files(
        faults_written,
        args.config.is_some(),
        tables.ladder.is_some(),
    );
    record.files = super::vouch::record_files(&out, &written)?;
    write_record(&out.join(RUN_JSON), &record)?;
    // Only now: a tournament stopped before this point finishes on --resume.
    finish_tournament(&out).map_err(|e| run_error(e, &out))?;
    if args.json {
        println!("{}", tournament_json(&tables, &seconds, &out, forfeited));
    } else {
        print!("{md}");
        if let Some(n) = forfeited {
            println!("\n{}", super::run::forfeits_line(n));
        }
        println!("\nresults: {}", out.display());
        if let Some(log) = &args.log.log {
            println!("records: {}", log.display());
        }
    }
    Ok(())
}

fn unit(matches: bool) -> &'static str {
    if matches {
        "match wins"
    } else {
        "points per seat"
    }
}

/// The line `progress.csv` starts with: everything the scores depend on, and the test and
/// records where asked for.
fn fingerprint(
    config: &TournamentConfig,
    specs: &[AgentSpec],
    pairs: &[(usize, usize)],
    records: Records,
) -> String {
    let specs: Vec<String> = specs.iter().map(ToString::to_string).collect();
    let sprt = config
        .sprt
        .map(|t| format!(" sprt={t}"))
        .unwrap_or_default();
    let log = match records {
        Records::Off => "",
        Records::On => " log=on",
        Records::Timed => " log=times",
    };
    format!(
        "# tournament {} players={} options={} seed={} deals={} matches={} pairs={:?} agents={}",
        config.game,
        config.players,
        config.options.to_string().trim().replace('\n', "; "),
        config.seed,
        config.deals,
        config.matches,
        pairs,
        specs.join("; ")
    ) + &sprt
        + log
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::pairs_of;

    #[test]
    fn caps_lower_search_budgets_and_leave_the_rest() {
        let caps = parse_cap("iterations=200,worlds=4").unwrap();
        let mut specs = parse_specs(
            "ismcts:iterations=100000;pimc:worlds=2;rules;ismcts:iterations=50;alphamu:worlds=20",
        )
        .unwrap();
        for s in &mut specs {
            cap_agent(s, &caps);
        }
        let shown: Vec<String> = specs.iter().map(ToString::to_string).collect();
        assert!(shown[0].contains("iterations=200"), "{shown:?}");
        assert!(shown[1].contains("worlds=2"), "{shown:?}");
        assert_eq!(shown[2], "rules");
        assert!(shown[3].contains("iterations=50"), "{shown:?}");
        assert!(shown[4].contains("worlds=4"), "{shown:?}");
        for bad in ["iterations", "depth=3", "worlds=0", "iterations=x"] {
            let e = parse_cap(bad).unwrap_err().to_string();
            assert!(e.starts_with("--cap") && !e.contains('\n'), "{e}");
        }
    }

    #[test]
    fn the_ladder_design_is_sparse_and_connected() {
        // 11 agents, baseline 1, ceiling 10: each meets B0, the oracle and its neighbour.
        let p = pairs_of(Design::Ladder, 11, Some(1), Some(10));
        assert!(p.len() < 11 * 10 / 2);
        for i in 0..11 {
            for j in [1, 10] {
                if i != j {
                    assert!(p.contains(&(i.min(j), i.max(j))), "{i} vs {j}");
                }
            }
            if i + 1 < 11 {
                assert!(p.contains(&(i, i + 1)));
            }
        }
    }
}
