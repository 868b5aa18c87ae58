//! The whole `simulate` job at a loaded game's table: the seats and counts checked, the
//! outputs checked, the one-arm experiment built ([`simulation`](super::simulation())), played
//! into a folder or in memory ([`simulation_run`](super::simulation_run)), and the report made:
//! the text the command prints, or `tricklab-summary/1` JSON.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use crate::agents::AgentSpec;
use crate::errors::{run_error, user};
use crate::games::LoadedGame;
use crate::games::book::DealBook;
use crate::report::output::is_stdout;
use crate::report::{Provenance, forfeits_line, summary_json, summary_markdown};
use crate::words::quoted;

use super::books::fit_book;
use super::config::Experiment;
use super::durable::FolderLock;
use super::hand_log::{Records, check_log};
use super::run::forfeited_hands;
use super::simulation::Simulation;
use super::simulation_run::{in_folder, in_memory};
use super::{RunRecord, finish_run};

/// A simulation as it was asked for: what it plays, the words that reproduce it, and where
/// its outputs go.
#[derive(Clone, Debug)]
pub struct SimulateJob {
    /// The game as given (`--game`), for the command in `run.json`.
    pub game: String,
    /// The player count as given (`--players`).
    pub players: Option<usize>,
    /// The option words as given (`--option`).
    pub options: Vec<String>,
    /// The seating as given (`--agents`).
    pub agents: String,
    /// What is played.
    pub sim: Simulation,
    /// The deal book as given (`--deals`).
    pub deals: Option<PathBuf>,
    /// The results folder (`--out`); `None`: the games are kept in memory only.
    pub out: Option<PathBuf>,
    /// The hand records file (`--log`; `-`: standard output).
    pub log: Option<PathBuf>,
    /// Each decision's wall time in the records (`--log-times`).
    pub log_times: bool,
    /// Replace results already in the folder and a records file that exists.
    pub force: bool,
    /// Continue an interrupted simulation in the folder.
    pub resume: bool,
    /// Report as `tricklab-summary/1` JSON instead of text.
    pub json: bool,
    /// Stop as if interrupted once this many games are done (for testing resumption).
    pub stop_after_games: Option<u64>,
    /// The command that continues the simulation, for the message of an interrupt.
    pub continue_with: String,
}

impl SimulateJob {
    /// The hand records asked for.
    pub fn records(&self) -> Records {
        Records::new(self.log.is_some(), self.log_times)
    }

    /// Whether the report goes to standard error (the records go to standard output).
    pub fn reports_on_stderr(&self) -> bool {
        self.log.as_deref().is_some_and(is_stdout)
    }

    /// Checks the seats (one spec per seat, each one the game's table seats) and the counts.
    ///
    /// # Errors
    /// Bad input naming the agent or the count.
    pub fn check(&self, game: &LoadedGame, seats: &[AgentSpec]) -> anyhow::Result<()> {
        for s in seats {
            game.kind().check_agent(s).map_err(user)?;
        }
        for s in seats {
            crate::agents::inference::check_table(s, game.kind(), game.players()).map_err(user)?;
        }
        if self.sim.games == 0 {
            return Err(user("--games must be at least 1"));
        }
        if self.sim.max_hands == 0 {
            return Err(user("--max-hands must be at least 1"));
        }
        Ok(())
    }

    /// Plays the simulation at `game`'s table with `seats` (and the deals of `book`) and
    /// returns the report: the text, or the JSON object with `json`.
    ///
    /// # Errors
    /// Outputs that cannot work, a count a config cannot hold, a book that does not fit, an
    /// interrupt, or a file that cannot be written.
    pub fn run(
        &self,
        game: &LoadedGame,
        seats: &[AgentSpec],
        book: Option<DealBook>,
    ) -> anyhow::Result<String> {
        self.check_outputs()?;
        let mut exp = self.experiment(game, seats)?;
        if let Some(b) = book {
            exp.book = Some(fit_book(b, game, exp.deals)?);
        }
        let provenance = Provenance::start(rayon::current_num_threads());
        let progress = crate::sim::progress_bar(
            exp.deals,
            "{bar:40} {pos}/{len} games  {per_sec}  eta {eta}",
        );
        let started = Instant::now();
        // Held until run.json is written: no other tricklab writes the folder meanwhile.
        let lock = self
            .out
            .as_deref()
            .map(|dir| FolderLock::take(dir).map_err(|e| run_error(e, dir)))
            .transpose()?;
        let outcome = match (&self.out, &lock) {
            (Some(dir), Some(lock)) => {
                crate::agents::external::capture_stderr_in(Some(dir));
                in_folder(self, &exp, game, dir, lock, progress.as_ref())
            }
            _ => in_memory(self, &exp, game, progress.as_ref()),
        };
        if let Some(p) = &progress {
            p.finish_and_clear();
        }
        let summary = outcome?;
        let mut report = String::new();
        writeln!(
            report,
            "{} {} with agents {} (seed {}) in {:.2} s",
            self.sim.games,
            if self.sim.hands { "hands" } else { "matches" },
            exp.arms[0]
                .seats
                .iter()
                .map(|s| s.label())
                .collect::<Vec<_>>()
                .join(","),
            self.sim.seed,
            started.elapsed().as_secs_f64()
        )?;
        writeln!(report, "options: {}", option_words(&exp.options))?;
        if let Some(b) = &exp.book {
            writeln!(report, "deals: the first {} of {}", exp.deals, b.path)?;
        }
        writeln!(report)?;
        report.push_str(&summary_markdown(&exp.heading(), &summary));
        let forfeited = self.out.as_deref().and_then(forfeited_hands);
        if let Some(n) = forfeited {
            writeln!(report, "\n{}", forfeits_line(n))?;
        }
        if let Some(dir) = &self.out {
            let record = RunRecord::new(&exp, &self.command(), None, provenance);
            finish_run(dir, record).map_err(|e| run_error(e, dir))?;
            writeln!(report, "\nresults: {}", dir.display())?;
        }
        if let Some(p) = &self.log {
            writeln!(report, "records: {}", p.display())?;
        }
        if self.json {
            let results = self.out.clone().unwrap_or_default();
            return Ok(summary_json(&exp.name, &results, &summary, forfeited));
        }
        Ok(report)
    }

    /// Refuses outputs that cannot work: `--out` that is a file or `-`, `--log -` with `--out`
    /// (records on standard output cannot be resumed), `--resume` without `--out`, and one
    /// path for both.
    fn check_outputs(&self) -> anyhow::Result<()> {
        match &self.out {
            Some(out) if is_stdout(out) => Err(user(
                "--out - : --out names a folder of results (hands.csv, deals.csv, summary.csv, run.json); write records to standard output with --log -",
            )),
            Some(out) if out.is_file() => Err(user(format!(
                "--out {} is a file: --out names a folder of results (hands.csv, deals.csv, summary.csv, run.json); give a folder name",
                out.display()
            ))),
            Some(out) => check_log(out, self.log.as_deref(), self.force, self.resume),
            None if self.resume => Err(user(
                "--resume continues an interrupted run in --out DIR: give the same --out",
            )),
            None => Ok(()),
        }
    }

    /// The one-arm experiment the simulation runs (see [`simulation`](super::simulation())).
    fn experiment(&self, game: &LoadedGame, seats: &[AgentSpec]) -> anyhow::Result<Experiment> {
        for (flag, v) in [("--seed", self.sim.seed), ("--games", self.sim.games)] {
            if i64::try_from(v).is_err() {
                return Err(user(format!("{flag} must be below 2^63")));
            }
        }
        game.simulation(seats, &self.sim).map_err(user)
    }

    /// The command that reproduces the simulation, for `run.json`: its flags without outputs
    /// and threads.
    fn command(&self) -> String {
        let mut c = format!(
            "tricklab simulate --game {} --agents {} --games {} --seed {} --max-hands {}",
            quoted(&self.game),
            quoted(&self.agents),
            self.sim.games,
            self.sim.seed,
            self.sim.max_hands
        );
        if let Some(d) = &self.deals {
            write!(c, " --deals {}", quoted(&d.display().to_string()))
                .expect("writing to a string");
        }
        if let Some(p) = self.players {
            write!(c, " --players {p}").expect("writing to a string");
        }
        for o in &self.options {
            write!(c, " --option {}", quoted(o)).expect("writing to a string");
        }
        for (on, flag) in [
            (self.sim.hands, " --hands"),
            (self.sim.duplicate, " --duplicate"),
        ] {
            if on {
                c.push_str(flag);
            }
        }
        c
    }
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
