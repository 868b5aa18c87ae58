//! `tricklab agree`: the expert-agreement half of a tip study.
//!
//! Every answer is saved as it comes (see [`answers`](crate::experiment::answers)), so a run
//! stopped by Ctrl-C or a kill continues with `--resume` and ends with the same files.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::Context;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use crate::agents::AgentFactory;
use crate::experiment::agreement::{Answer, Disagreement, ask, collect_until};
use crate::experiment::agreement_report::{
    Scored, agreement_markdown, csv_header, csv_row, scored_from_csv, summarise_answers,
};
use crate::experiment::answers::{AnswerLog, PARTIAL, ResumeError};
use crate::experiment::{Experiment, FolderLock, Measured};
use crate::games::Game;
use crate::report::{CommandRecord, Provenance, write_record, write_whole};

use super::error::{interrupted, run_error, user};
use crate::sim::stop_flag;

/// The answers, one row per position and searcher.
const CSV: &str = "agreement.csv";

/// The provenance of the agreement files: not `run.json`, which in the same folder belongs to
/// the experiment's `tricklab run`.
const AGREEMENT_JSON: &str = "agreement.json";

/// The agreement's lock file in its output folder.
const AGREE_LOCK: &str = ".tricklab-agree.lock";

/// Salt of the agreement's fingerprint (see [`Experiment::fingerprint`]).
const AGREE_SALT: u64 = 0x6167_7265_6521;

/// Arguments of `tricklab agree`.
#[derive(Debug, Args)]
pub struct AgreeArgs {
    /// An experiment config with an `[agreement]` section (see docs/configs.md).
    pub config: PathBuf,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// The output folder (default: results/<name>).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Continue an interrupted agreement in the output folder.
    #[arg(long)]
    pub resume: bool,
    /// Throw away an interrupted agreement in the output folder and start again.
    #[arg(long, conflicts_with = "resume")]
    pub force: bool,
    /// Write agreement.md again from the agreement.csv in the output folder (its values to
    /// six decimals), asking no searcher: for a change to the report's table.
    #[arg(long, conflicts_with_all = ["resume", "force"])]
    pub rebuild: bool,
    /// Stop as if interrupted once this many answers are done (for testing resumption).
    #[arg(long, hide = true)]
    pub stop_after_answers: Option<u64>,
}

/// Runs `tricklab agree`.
pub fn run(args: AgreeArgs) -> anyhow::Result<()> {
    // From the start, so that Ctrl-C in any phase ends with a message and exit code 3.
    let _ = stop_flag();
    let exp = Experiment::load(&args.config).map_err(super::error::config_error)?;
    if let Some(ag) = &exp.agreement {
        super::notices::warn_clock(ag.searchers.iter().chain([&ag.play]));
    }
    if exp.agreement.is_none() {
        return Err(user(format!(
            "{} has no [agreement] section",
            args.config.display()
        )));
    }
    let pool = super::options::worker_pool(args.threads)?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("results").join(&exp.name));
    if args.rebuild {
        let _lock = FolderLock::take_for(&out, AGREE_LOCK).map_err(|e| run_error(e, &out))?;
        return rebuild(&exp, &out);
    }
    if !args.resume && !args.force && out.join(PARTIAL).exists() {
        return Err(user(format!(
            "{} holds an interrupted agreement: add --resume to continue it, or --force to start again",
            out.display()
        )));
    }
    if args.resume && !out.join(PARTIAL).exists() {
        super::vouch::check_finished(&out, AGREEMENT_JSON, &[])?;
    }
    if !args.resume && !args.force && out.join(AGREEMENT_JSON).exists() {
        return Err(user(format!(
            "{} holds a finished agreement: add --force to replace it, or choose another --out",
            out.display()
        )));
    }
    let game = exp.game.load(exp.players, &exp.options).map_err(user)?;
    // A bot's stderr goes to `OUT/bots/`, as in `run` and `tournament`.
    crate::agents::external::capture_stderr_in(Some(&out));
    pool.install(|| game.jobs().agree(&game, &exp, &out, &args))
}

/// Collects the positions and asks every searcher, into `out` (the game `R`'s half of
/// `tricklab agree`).
pub(crate) fn go<R: Measured>(
    rules: &R,
    exp: &Experiment,
    out: &Path,
    args: &AgreeArgs,
) -> anyhow::Result<()>
where
    R::Hand: AgentFactory,
{
    let provenance = Provenance::start(rayon::current_num_threads());
    let ag = exp.agreement.as_ref().expect("checked");
    let stop = stop_flag();
    let collecting = std::io::stderr().is_terminal().then(|| {
        let p = ProgressBar::new(ag.positions);
        p.set_style(
            ProgressStyle::with_template(
                "collecting positions where tip and control differ {bar:30} {pos}/{len}  {elapsed}",
            )
            .expect("valid template"),
        );
        p
    });
    let positions = collect_until(exp, rules, &stop, collecting.as_ref());
    if let Some(p) = &collecting {
        p.finish_and_clear();
    }
    if stop.load(Ordering::SeqCst) {
        return Err(interrupted(collecting_interrupted(
            args,
            out,
            positions.len(),
            ag.positions,
        )));
    }
    // Held until the agreement's files are written (a lock of its own: a `tricklab run` of the
    // same config may write its files in the same folder meanwhile). Taken only now, so that
    // an interrupt while collecting leaves no folder behind.
    let _lock = FolderLock::take_for(out, AGREE_LOCK).map_err(|e| run_error(e, out))?;
    let fingerprint = exp.fingerprint(AGREE_SALT);
    let mut answers: Vec<Vec<Option<Answer>>> =
        vec![vec![None; positions.len()]; ag.searchers.len()];
    let log = if args.resume {
        AnswerLog::resume(out, fingerprint, &positions, &mut answers).map_err(|e| match e {
            ResumeError::File(e) => run_error(e, out),
            e => user(e),
        })?
    } else {
        std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
        AnswerLog::create(out, fingerprint).map_err(|e| run_error(e, out))?
    };
    let progress = std::io::stderr().is_terminal().then(|| {
        let p = ProgressBar::new((positions.len() * ag.searchers.len()) as u64);
        p.set_style(
            ProgressStyle::with_template(
                "asking the searchers {bar:40} {pos}/{len} answers  {per_sec}  eta {eta}",
            )
            .expect("valid template"),
        );
        p
    });
    let done = AtomicU64::new(0);
    let failed = std::sync::Mutex::new(None);
    for (k, slots) in answers.iter_mut().enumerate() {
        ask::<R::Hand>(
            exp,
            k,
            &positions,
            slots,
            &stop,
            |i, a| {
                if let Err(e) = log.record(k, i, a) {
                    failed
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .get_or_insert(e);
                    stop.store(true, Ordering::SeqCst);
                }
                let n = done.fetch_add(1, Ordering::SeqCst) + 1;
                if args.stop_after_answers.is_some_and(|m| n >= m) {
                    stop.store(true, Ordering::SeqCst);
                }
            },
            progress.as_ref(),
        );
    }
    if let Some(p) = &progress {
        p.finish_and_clear();
    }
    if let Some(e) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(run_error(e, out));
    }
    let missing = answers.iter().flatten().filter(|a| a.is_none()).count();
    if missing > 0 {
        let total = positions.len() * ag.searchers.len();
        return Err(interrupted(format!(
            "interrupted after {} of {total} answers; every finished answer is in {}; continue with: {}",
            total - missing,
            out.join(PARTIAL).display(),
            super::resume::continue_command()
        )));
    }
    write_results(exp, out, &positions, &answers)?;
    let mut record = CommandRecord::new(exp.seed, Some(exp.source.clone()), provenance);
    record.files = super::vouch::record_files(out, &super::vouch::AGREEMENT_FILES)?;
    write_record(&out.join(AGREEMENT_JSON), &record)?;
    log.finish(out).map_err(|e| run_error(e, out))?;
    println!("\nresults: {}", out.display());
    Ok(())
}

/// The message of an interrupt while positions were being collected, before any searcher was
/// asked: nothing was written, and what was in the output folder before is as it was.
fn collecting_interrupted(args: &AgreeArgs, out: &Path, found: usize, wanted: u64) -> String {
    use super::resume::quoted;
    let out_flag = args
        .out
        .as_ref()
        .map(|o| format!(" --out {}", quoted(&o.display().to_string())))
        .unwrap_or_default();
    let command = format!(
        "tricklab agree {}",
        quoted(&args.config.display().to_string())
    );
    let start = if args.resume {
        format!(
            "the answers saved before are still in {}; continue with: {command} --resume{out_flag}",
            out.join(PARTIAL).display()
        )
    } else if args.force {
        format!(
            "{} is as it was; start again with: {command} --force{out_flag}",
            out.display()
        )
    } else {
        format!("start again with: {command}{out_flag}")
    };
    format!(
        "interrupted while collecting positions ({found} of {wanted} found), before any searcher was asked; nothing was kept or written (the positions are found again from the seed in the same order); {start}"
    )
}

/// Writes `agreement.csv` and `agreement.md` from a full set of answers, and prints the table.
fn write_results<G: Game>(
    exp: &Experiment,
    out: &Path,
    positions: &[Disagreement<G>],
    answers: &[Vec<Option<Answer>>],
) -> anyhow::Result<()> {
    let ag = exp.agreement.as_ref().expect("checked");
    let mut csv = csv::Writer::from_writer(Vec::new());
    csv.write_record(csv_header(exp.edition))?;
    let game = |p: &Disagreement<G>| (exp.edition >= 3).then_some(p.game);
    let mut scored = Vec::new();
    for (searcher, answers) in ag.searchers.iter().zip(answers) {
        let searcher = searcher.to_string();
        let mut mine = Vec::new();
        for (i, (p, a)) in positions.iter().zip(answers.iter().flatten()).enumerate() {
            csv.write_record(csv_row(
                i,
                game(p),
                p.seat,
                (p.tip, p.control),
                &searcher,
                a,
            ))?;
            mine.push(Scored::of(a, p.tip, p.control, game(p)));
        }
        scored.push(mine);
    }
    write_whole(&out.join(CSV), &csv.into_inner()?)?;
    write_table(exp, out, &scored)
}

/// Writes `agreement.md` from each searcher's scored answers and prints it.
fn write_table(exp: &Experiment, out: &Path, scored: &[Vec<Scored>]) -> anyhow::Result<()> {
    let ag = exp.agreement.as_ref().expect("checked");
    let results: Vec<_> = ag
        .searchers
        .iter()
        .zip(scored)
        .map(|(s, answers)| summarise_answers(s.to_string(), answers))
        .collect();
    let md = agreement_markdown(exp, &results);
    write_whole(&out.join("agreement.md"), md.as_bytes())?;
    print!("{md}");
    Ok(())
}

/// `--rebuild`: the table again from the `agreement.csv` in `out`, asking no searcher.
fn rebuild(exp: &Experiment, out: &Path) -> anyhow::Result<()> {
    let ag = exp.agreement.as_ref().expect("checked");
    let searchers: Vec<String> = ag.searchers.iter().map(|s| s.to_string()).collect();
    super::vouch::check_finished(out, AGREEMENT_JSON, &[CSV])?;
    let scored = scored_from_csv(&out.join(CSV), &searchers).map_err(user)?;
    write_table(exp, out, &scored)?;
    revouch_table(out)?;
    println!("\nresults: {}", out.display());
    Ok(())
}

/// After `--rebuild`: the record vouches for the new `agreement.md` (where it vouches for
/// files at all; an older record is left as it is).
fn revouch_table(out: &Path) -> anyhow::Result<()> {
    let path = out.join(AGREEMENT_JSON);
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok(());
    };
    let mut record: CommandRecord =
        serde_json::from_str(&text).map_err(|e| user(format!("{}: {e}", path.display())))?;
    if record.files.is_empty() {
        return Ok(());
    }
    record
        .files
        .extend(super::vouch::record_files(out, &["agreement.md"])?);
    write_record(&path, &record)?;
    Ok(())
}
