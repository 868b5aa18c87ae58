//! Running a tournament so that an interruption loses nothing: every finished chunk of a pair's
//! deals is appended to `progress.csv` as it finishes, synced at most about once a second with
//! a check of the file's length and SHA-256 beside it (`.progress.csv.check`, see
//! [`Journal`]), and `--resume` plays only the chunks missing. The progress goes only once
//! every file of the finished tournament is written ([`finish_tournament`]).
//! The results depend only on the chunks (see [`CHUNK`](super::CHUNK)), so a resumed tournament
//! ends with the same bytes as one that ran straight through, on any thread count.
//!
//! `progress.csv` holds a first line naming the tournament (game, rules, agents, pairs, deals,
//! seed, and the test and records where asked for), then one line per finished chunk (see
//! [`ChunkResult`]): its scores, its `faults.csv` rows and its hand records live and die with
//! their chunk's line, so a resumed tournament's `faults.csv` and `--log` hold every finished
//! chunk's rows and records once, and no others.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use crate::agents::{AgentFactory, AgentSpec};
use crate::games::book::DealBook;
use crate::games::record::RecordRules;
use crate::stats::{Sprt, SprtOutcome};

use super::decision_clock::{DecisionClock, DecisionTime};
use super::hand_log::Records;
use super::journal::Journal;
use super::run::{FAULTS_HEADER, RunError, csv_line};
use super::tournament::{PairNotes, PairPlan, PairResult, chunks_of, play_chunk};
use super::tournament_chunk::ChunkResult;
use super::tournament_sprt::SprtCursor;

/// The file that keeps a tournament's finished chunks.
pub const PROGRESS: &str = "progress.csv";

/// What a tournament plays: the agents, the pairs, the deals.
#[derive(Clone, Debug)]
pub struct TournamentPlan<'a> {
    /// The agents.
    pub agents: &'a [AgentSpec],
    /// Their labels (a pair's name in `faults.csv` is `X vs Y`).
    pub names: &'a [String],
    /// The pairs `(x, y)`, numbered by their place here.
    pub pairs: &'a [(usize, usize)],
    /// Deals (or matches) per pair.
    pub deals: u64,
    /// The seed.
    pub seed: u64,
    /// Whole matches instead of single hands.
    pub matches: bool,
    /// A line naming the tournament; `--resume` refuses a folder that holds another one.
    pub fingerprint: String,
    /// The hand records to keep (`--log`).
    pub records: Records,
    /// The sequential test of the plan's one pair (`--sprt`): the tournament stops when it
    /// decides (checked at chunk ends in deal order, `experiment::tournament_sprt`).
    pub sprt: Option<Sprt>,
    /// The deal book played instead of the seed's deals (`--book FILE`), checked for the game.
    pub book: Option<&'a DealBook>,
}

impl TournamentPlan<'_> {
    /// Whether an agent is an external bot that forfeits hands on a fault: then the tournament
    /// writes `faults.csv`.
    pub fn may_forfeit(&self) -> bool {
        self.agents.iter().any(AgentSpec::may_forfeit)
    }
}

/// A finished tournament: what its files are made of.
#[derive(Clone, Debug, PartialEq)]
pub struct Completed {
    /// The pairs' results.
    pub pairs: Vec<PairResult>,
    /// Each agent's decisions and their time.
    pub times: Vec<DecisionTime>,
    /// When a bot may forfeit ([`TournamentPlan::may_forfeit`]), the bytes of `faults.csv`
    /// (its header, then the rows in pair and deal order).
    pub faults: Option<Vec<u8>>,
    /// With [`TournamentPlan::records`], every hand's record in pair, deal, rotation and hand
    /// order.
    pub records: Option<Vec<u8>>,
    /// With [`TournamentPlan::sprt`], where the test ended.
    pub sprt: Option<SprtOutcome>,
}

/// How a tournament run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum TournamentEnd {
    /// Every chunk is done, or the test decided.
    Complete(Completed),
    /// Stopped: this many chunks are kept, of this many.
    Interrupted(usize, usize),
}

/// Why a tournament's saved progress cannot be resumed ([`read_progress`]), with the file
/// named.
#[derive(Debug, thiserror::Error)]
pub enum ProgressError {
    /// The file is the progress of another tournament.
    #[error(
        "{file} holds another tournament ({head}); resume with the same config and flags, or start again with --force"
    )]
    Other {
        /// The file.
        file: String,
        /// Its first line (the other tournament's fingerprint), cut to 200 characters.
        head: String,
    },
    /// The file is not what was written, or cannot be read (the file named).
    #[error(transparent)]
    Check(RunError),
    /// The file is empty: no tournament wrote it whole.
    #[error(
        "{file} is empty, not a tournament's progress (a write cut short?); start again with --force"
    )]
    Empty {
        /// The file.
        file: String,
    },
}

/// Reads the finished chunks in `dir`'s `progress.csv` (none when there is no such file).
///
/// # Errors
/// [`ProgressError`]: a progress file of another tournament (the message says what differs),
/// or one that cannot be read.
pub fn read_progress(
    dir: &Path,
    plan: &TournamentPlan<'_>,
) -> Result<Vec<ChunkResult>, ProgressError> {
    let path = dir.join(PROGRESS);
    let file = || path.display().to_string();
    let bytes = match Journal::read(&path) {
        Ok(Some(b)) => b,
        Ok(None) => return Ok(Vec::new()),
        Err(e) => return Err(ProgressError::Check(e)),
    };
    let text = String::from_utf8_lossy(&bytes);
    let mut lines = text.split_inclusive('\n');
    let head = lines.next().unwrap_or("").trim_end();
    if head.is_empty() {
        return Err(ProgressError::Empty { file: file() });
    }
    if head != plan.fingerprint {
        return Err(ProgressError::Other {
            file: file(),
            head: head.chars().take(200).collect(),
        });
    }
    let valid = |c: &ChunkResult| {
        c.pair < plan.pairs.len()
            && c.start.is_multiple_of(super::CHUNK)
            && c.start < plan.deals
            && c.scores.len() as u64 == (c.start + super::CHUNK).min(plan.deals) - c.start
            && c.records.is_empty() != plan.records.is_on()
    };
    // Only the lines the progress's check vouches for are read (a line cut short by the
    // interruption is not among them); the chunks of the others are played again.
    Ok(lines
        .filter(|l| l.ends_with('\n'))
        .filter_map(|l| ChunkResult::parse(l.trim_end()))
        .filter(valid)
        .collect())
}

/// Plays the tournament's chunks that `done` lacks, appending each to `dir/progress.csv` as it
/// finishes, until all are done, the plan's test decides ([`TournamentPlan::sprt`]), or `stop`
/// is set (or, for tests, `stop_after` chunks of this run are done).
///
/// Without a test every missing chunk is played at once, in parallel; with one, the chunks are
/// played in windows of twice the thread count, in deal order, and the test is checked at each
/// chunk's end in deal order between windows: chunks played past the one at which it decided
/// are left out of the results, so they do not depend on the thread count.
///
/// `progress.csv` is a journal: synced at most about once a second with its check, and
/// whatever the check does not vouch for is cut off and played again on `--resume`.
///
/// # Errors
/// The progress file cannot be written or synced, or is not what was written
/// ([`RunError`], naming the file).
pub fn run_tournament<R: RecordRules>(
    rules: &R,
    plan: &TournamentPlan<'_>,
    dir: &Path,
    done: Vec<ChunkResult>,
    stop: &AtomicBool,
    stop_after: Option<u64>,
) -> Result<TournamentEnd, RunError>
where
    R::Hand: AgentFactory,
{
    let chunks = chunks_of(0..plan.deals);
    let total = chunks.len() * plan.pairs.len();
    let mut have: BTreeMap<(usize, u64), ChunkResult> = BTreeMap::new();
    for c in done {
        have.entry((c.pair, c.start)).or_insert(c);
    }
    let path = dir.join(PROGRESS);
    let journal = if path.exists() {
        Journal::reopen(&path)?.0
    } else {
        Journal::create(&path, format!("{}\n", plan.fingerprint).as_bytes())?
    };
    let file = Mutex::new(journal);
    // In pair and deal order: with a test (one pair), in deal order.
    let todo: Vec<(usize, Range<u64>)> = (0..plan.pairs.len())
        .flat_map(|p| chunks.iter().map(move |c| (p, c.clone())))
        .filter(|(p, c)| !have.contains_key(&(*p, c.start)))
        .collect();
    let mut todo = todo.into_iter().peekable();
    let window = match plan.sprt {
        Some(_) => (rayon::current_num_threads() * 2).max(1),
        None => total.max(1),
    };
    let mut test = plan.sprt.map(SprtCursor::new);
    let mut tested = 0;
    let finished = AtomicU64::new(0);
    loop {
        if let Some(t) = test.as_mut() {
            // The test sees the chunks in deal order, as far as they are all done.
            while let Some(c) = chunks.get(tested).and_then(|c| have.get(&(0, c.start))) {
                t.feed(&c.scores);
                tested += 1;
                if t.is_decided() {
                    break;
                }
            }
            if t.is_decided() {
                break;
            }
        }
        if stop.load(Ordering::SeqCst) || todo.peek().is_none() {
            break;
        }
        let next: Vec<(usize, Range<u64>)> = todo.by_ref().take(window).collect();
        let played: Vec<Result<Option<ChunkResult>, RunError>> = next
            .into_par_iter()
            .map(|(p, chunk)| {
                if stop.load(Ordering::SeqCst) {
                    return Ok(None);
                }
                let result = play_one(rules, plan, p, chunk);
                {
                    let mut f = file.lock().unwrap_or_else(|e| e.into_inner());
                    f.append(result.line().as_bytes())?;
                }
                let n = finished.fetch_add(1, Ordering::SeqCst) + 1;
                if stop_after.is_some_and(|s| n >= s) {
                    stop.store(true, Ordering::SeqCst);
                }
                Ok(Some(result))
            })
            .collect();
        for r in played {
            if let Some(c) = r? {
                have.insert((c.pair, c.start), c);
            }
        }
    }
    // Every chunk played is counted before the tournament reports its end.
    file.into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .commit()?;
    let outcome = test.as_ref().map(SprtCursor::outcome);
    let decided = test.as_ref().is_some_and(SprtCursor::is_decided);
    if !decided && have.len() < total {
        return Ok(TournamentEnd::Interrupted(have.len(), total));
    }
    // With a decided test, only the deals it saw.
    let kept = outcome.filter(|_| decided).map_or(plan.deals, |o| o.deals);
    Ok(TournamentEnd::Complete(complete(
        plan,
        have.into_iter()
            .filter(|((_, start), _)| *start < kept)
            .map(|(_, c)| c),
        outcome,
    )))
}

/// Plays chunk `chunk` of pair `p`.
fn play_one<R: RecordRules>(
    rules: &R,
    plan: &TournamentPlan<'_>,
    p: usize,
    chunk: Range<u64>,
) -> ChunkResult
where
    R::Hand: AgentFactory,
{
    let (x, y) = plan.pairs[p];
    let clocks = [
        Arc::new(DecisionClock::default()),
        Arc::new(DecisionClock::default()),
    ];
    let pair_plan = PairPlan {
        pair: p as u64,
        seed: plan.seed,
        matches: plan.matches,
        max_hands: 10_000,
        book: plan.book,
    };
    let start = chunk.start;
    let name = format!("{} vs {}", plan.names[x], plan.names[y]);
    let mut faults = Vec::new();
    let mut records = Vec::new();
    let notes = (plan.may_forfeit() || plan.records.is_on()).then(|| PairNotes {
        name: &name,
        labels: [&plan.names[x], &plan.names[y]],
        faults: plan.may_forfeit().then_some(&mut faults),
        records: plan.records,
        record_lines: &mut records,
    });
    let scores = play_chunk(
        rules,
        [&plan.agents[x], &plan.agents[y]],
        chunk,
        pair_plan,
        &clocks,
        notes,
    );
    ChunkResult {
        pair: p,
        start,
        scores,
        time: [clocks[0].read(), clocks[1].read()],
        faults,
        records,
    }
}

/// The end of a tournament from its finished `chunks` in pair and deal order.
fn complete(
    plan: &TournamentPlan<'_>,
    chunks: impl Iterator<Item = ChunkResult>,
    sprt: Option<SprtOutcome>,
) -> Completed {
    let mut times = vec![DecisionTime::default(); plan.agents.len()];
    let mut pairs: Vec<PairResult> = plan
        .pairs
        .iter()
        .map(|&(x, y)| PairResult {
            x,
            y,
            scores: Vec::with_capacity(plan.deals as usize),
        })
        .collect();
    let mut faults = plan
        .may_forfeit()
        .then(|| csv_line(&FAULTS_HEADER.map(String::from)));
    let mut records = plan.records.is_on().then(Vec::new);
    for c in chunks {
        let (x, y) = plan.pairs[c.pair];
        times[x] = times[x].plus(c.time[0]);
        times[y] = times[y].plus(c.time[1]);
        pairs[c.pair].scores.extend(c.scores);
        if let Some(f) = faults.as_mut() {
            f.extend(c.faults);
        }
        if let Some(r) = records.as_mut() {
            r.extend(c.records);
        }
    }
    Completed {
        pairs,
        times,
        faults,
        records,
        sprt,
    }
}

/// Ends a finished tournament whose files and `run.json` are written: its progress (and the
/// progress's check) goes, and the folder reads as finished.
///
/// # Errors
/// Removing the progress or syncing the folder ([`RunError::File`]).
pub fn finish_tournament(dir: &Path) -> Result<(), RunError> {
    Journal::remove(&dir.join(PROGRESS))?;
    super::durable::sync_folder(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_of_another_tournament_is_refused_in_one_line() {
        let dir = std::env::temp_dir().join(format!("tricklab-progress-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let plan = TournamentPlan {
            agents: &[],
            names: &[],
            pairs: &[],
            deals: 10,
            seed: 1,
            matches: false,
            fingerprint: "tournament A".into(),
            records: Records::Off,
            sprt: None,
            book: None,
        };
        let _ = std::fs::remove_file(dir.join(PROGRESS));
        assert!(
            read_progress(&dir, &plan).unwrap().is_empty(),
            "no file, no chunks"
        );
        std::fs::write(dir.join(PROGRESS), "tournament B\n").unwrap();
        let e = read_progress(&dir, &plan).unwrap_err();
        assert!(matches!(e, ProgressError::Other { .. }), "{e:?}");
        assert_eq!(
            e.to_string(),
            format!(
                "{} holds another tournament (tournament B); resume with the same config and flags, or start again with --force",
                dir.join(PROGRESS).display()
            )
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}
