//! The whole `tournament` job at one game's table: the agents checked, the output folder
//! taken and checked (or resumed), the deal book read, every pair played chunk by chunk
//! ([`run_tournament`]), and the results written ([`tournament_output`](super::tournament_output)).
//! The command line reads the flags into a [`TournamentJob`] and prints what comes back.

use std::path::PathBuf;

use anyhow::Context;

use crate::agents::{AgentFactory, AgentSpec, build_agent};
use crate::errors::{interrupted, run_error, user};
use crate::games::record::RecordRules;
use crate::report::output::check_folder;
use crate::report::{Provenance, RUN_JSON, TournamentTables};

use super::books::open_book;
use super::durable::FolderLock;
use super::hand_log::{Records, check_log};
use super::run::FAULTS;
use super::tournament_config::{TournamentConfig, physical_memory};
use super::tournament_output::write_tournament;
use super::tournament_run::{
    PROGRESS, TournamentEnd, TournamentPlan, read_progress, run_tournament,
};
use super::vouched::check_record;

/// Where and how a tournament is played, beside its [`TournamentConfig`].
#[derive(Clone, Debug)]
pub struct TournamentJob {
    /// The output folder.
    pub out: PathBuf,
    /// The config file the tournament was read from (`None`: from a list of agents). Its text
    /// goes into `run.json`, and a config's tournament also writes its per-deal scores, its
    /// timing and its ladder.
    pub config_file: Option<PathBuf>,
    /// Continue an interrupted tournament in the folder.
    pub resume: bool,
    /// Replace results already in the folder.
    pub force: bool,
    /// The hand records file (`--log`).
    pub log: Option<PathBuf>,
    /// Which hand records to keep.
    pub records: Records,
    /// The deal book to play instead of the seed's deals.
    pub book: Option<PathBuf>,
    /// Stop as if interrupted once this many chunks are done (for testing resumption).
    pub stop_after_chunks: Option<u64>,
    /// The command that continues the tournament, for the message of an interrupt.
    pub continue_with: String,
}

/// A finished tournament: its tables and what the command prints of them.
#[derive(Clone, Debug)]
pub struct TournamentDone {
    /// The report's tables.
    pub tables: TournamentTables,
    /// `summary.md`, as written.
    pub markdown: String,
    /// Each agent's mean seconds per decision (`None`: it made none).
    pub seconds: Vec<Option<f64>>,
    /// Hands forfeited by bots (`faults.csv`), where an agent may forfeit.
    pub forfeited: Option<u64>,
}

/// The files a finished tournament writes that a new one must not silently replace.
const RESULTS: [&str; 5] = ["pairs.csv", "ratings.csv", "summary.md", FAULTS, PROGRESS];

/// Plays the tournament of `config` at the table of `rules` into `job.out` (the game `R`'s
/// half of `tricklab tournament`).
///
/// # Errors
/// Bad input (an agent the table cannot seat, a folder that holds other results, a book that
/// does not fit), an interrupt ([`Interrupted`](crate::errors::Interrupted), with the command
/// that continues), or a file that cannot be written.
pub fn play_tournament<R: RecordRules>(
    rules: &R,
    job: &TournamentJob,
    config: &TournamentConfig,
) -> anyhow::Result<TournamentDone>
where
    R::Hand: AgentFactory,
{
    let provenance = Provenance::start(rayon::current_num_threads());
    let game = config.game;
    let specs: Vec<AgentSpec> = config.agents.iter().map(|a| a.spec.clone()).collect();
    for a in &specs {
        build_agent::<R::Hand>(a).map_err(user)?;
        crate::agents::inference::check_table(a, game, rules.players()).map_err(user)?;
    }
    let names: Vec<String> = config.agents.iter().map(|a| a.label.clone()).collect();
    let out = &job.out;
    // Held until run.json is written: no other tricklab writes the folder meanwhile.
    let _lock = FolderLock::take(out).map_err(|e| run_error(e, out))?;
    if job.force {
        let _ = std::fs::remove_file(out.join(PROGRESS));
    } else if !job.resume || !out.join(PROGRESS).exists() {
        if job.resume {
            check_record(out, RUN_JSON, &[]).map_err(|e| run_error(e, out))?;
        }
        // A --resume with nothing to resume must not replace a finished tournament either.
        check_folder("--out", out, &RESULTS, false)?;
    }
    crate::agents::external::capture_stderr_in(Some(out));
    check_log(out, job.log.as_deref(), job.force, job.resume)?;
    let pairs = config.pairs();
    if let Some(memory) = physical_memory() {
        config.check_memory(pairs.len(), memory).map_err(user)?;
    }
    let book = job.book.as_deref().map(open_book).transpose()?;
    if let Some(b) = &book {
        b.check(rules, config.deals)
            .map_err(|e| user(format!("--book {e}")))?;
    }
    let mut fingerprint = fingerprint(config, &specs, &pairs, job.records);
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
        records: job.records,
        sprt: config.sprt,
        book: book.as_ref(),
    };
    let done = if job.resume {
        read_progress(out, &plan).map_err(user)?
    } else {
        Vec::new()
    };
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    let stop = crate::sim::stop_flag();
    let end = run_tournament(rules, &plan, out, done, &stop, job.stop_after_chunks)
        .map_err(|e| run_error(e, out))?;
    match end {
        TournamentEnd::Interrupted(kept, total) => Err(interrupted(format!(
            "interrupted: {kept} of {total} chunks of deals are done and kept in {}; continue with: {}",
            out.join(PROGRESS).display(),
            job.continue_with
        ))),
        TournamentEnd::Complete(done) => write_tournament(
            rules.sides().num_seats(),
            config,
            &names,
            done,
            job,
            provenance,
        ),
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
