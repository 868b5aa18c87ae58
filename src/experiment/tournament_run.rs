//! Running a tournament so that an interruption loses nothing: every finished chunk of a pair's
//! deals is appended to `progress.csv` as it finishes, synced at most about once a second with
//! a check of the file's length and SHA-256 beside it (`.progress.csv.check`, see
//! [`Journal`]), and `--resume` plays only the chunks missing. The progress goes only once
//! every file of the finished tournament is written ([`finish_tournament`]).
//! The results depend only on the chunks (see [`CHUNK`](super::CHUNK)), so a resumed tournament
//! ends with the same bytes as one that ran straight through, on any thread count.
//!
//! `progress.csv` holds a first line naming the tournament (game, rules, agents, pairs, deals,
//! seed), then one line per finished chunk: `pair,first deal,x decisions,x nanoseconds,
//! y decisions,y nanoseconds,scores` with the scores separated by spaces, written so that they
//! read back exactly; a chunk in which a bot forfeited hands (`on_fault = "forfeit"`) adds an
//! eighth field, its `faults.csv` rows with `%`, `,`, carriage return and newline written
//! `%25`, `%2C`, `%0D`, `%0A`. The rows live and die with their chunk's line, so a resumed
//! tournament's `faults.csv` holds every finished chunk's rows once, and no others.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use crate::agents::external::OnFault;
use crate::agents::{AgentFactory, AgentSpec};
use crate::games::book::DealBook;
use crate::games::record::RecordRules;

use super::decision_clock::{DecisionClock, DecisionTime};
use super::journal::Journal;
use super::run::{FAULTS_HEADER, RunError, csv_line};
use super::tournament::{PairFaults, PairPlan, PairResult, chunks_of, play_chunk};

/// The file that keeps a tournament's finished chunks.
pub const PROGRESS: &str = "progress.csv";

/// One finished chunk of one pair.
#[derive(Clone, Debug, PartialEq)]
pub struct ChunkResult {
    /// The pair's number.
    pub pair: usize,
    /// The chunk's first deal.
    pub start: u64,
    /// Its scores, one per deal.
    pub scores: Vec<f64>,
    /// The decisions of the pair's two agents and their wall time.
    pub time: [DecisionTime; 2],
    /// Its `faults.csv` rows (empty when no bot forfeited a hand).
    pub faults: Vec<u8>,
}

/// The bytes that cannot stand in a progress line as they are.
const ESCAPED: [u8; 4] = [b'%', b',', b'\r', b'\n'];

/// `rows` with [`ESCAPED`] bytes written `%XX`.
fn escape(rows: &[u8]) -> String {
    let mut out = Vec::with_capacity(rows.len());
    for &b in rows {
        if ESCAPED.contains(&b) {
            out.extend(format!("%{b:02X}").bytes());
        } else {
            out.push(b);
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The bytes [`escape`] wrote, or `None` for a malformed `%` escape.
fn unescape(text: &str) -> Option<Vec<u8>> {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = std::str::from_utf8(b.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    Some(out)
}

impl ChunkResult {
    fn line(&self) -> String {
        let scores: Vec<String> = self.scores.iter().map(|s| format!("{s:?}")).collect();
        let faults = if self.faults.is_empty() {
            String::new()
        } else {
            format!(",{}", escape(&self.faults))
        };
        format!(
            "{},{},{},{},{},{},{}{faults}\n",
            self.pair,
            self.start,
            self.time[0].decisions,
            self.time[0].nanos,
            self.time[1].decisions,
            self.time[1].nanos,
            scores.join(" ")
        )
    }

    fn parse(line: &str) -> Option<ChunkResult> {
        let f: Vec<&str> = line.split(',').collect();
        if f.len() != 7 && f.len() != 8 {
            return None;
        }
        let faults = match f.get(7) {
            Some(text) => Some(unescape(text)?).filter(|rows| !rows.is_empty())?,
            None => Vec::new(),
        };
        let n = |i: usize| f[i].parse::<u64>().ok();
        let scores = f[6]
            .split(' ')
            .map(|s| s.parse::<f64>().ok().filter(|x| x.is_finite()))
            .collect::<Option<Vec<f64>>>()?;
        Some(ChunkResult {
            pair: f[0].parse().ok()?,
            start: n(1)?,
            scores,
            time: [
                DecisionTime {
                    decisions: n(2)?,
                    nanos: n(3)?,
                },
                DecisionTime {
                    decisions: n(4)?,
                    nanos: n(5)?,
                },
            ],
            faults,
        })
    }
}

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
    /// The deal book played instead of the seed's deals (`--book FILE`), checked for the game.
    pub book: Option<&'a DealBook>,
}

impl TournamentPlan<'_> {
    /// Whether an agent is an external bot that forfeits hands on a fault: then the tournament
    /// writes `faults.csv`.
    pub fn may_forfeit(&self) -> bool {
        self.agents
            .iter()
            .any(|s| matches!(s, AgentSpec::External(e) if e.on_fault == OnFault::Forfeit))
    }
}

/// How a tournament run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum TournamentEnd {
    /// Every chunk is done: the pairs' results, each agent's decision time and, when a bot may
    /// forfeit ([`TournamentPlan::may_forfeit`]), the bytes of `faults.csv` (its header, then
    /// the rows in pair and deal order).
    Complete(Vec<PairResult>, Vec<DecisionTime>, Option<Vec<u8>>),
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
/// finishes, until all are done or `stop` is set (or, for tests, `stop_after` chunks of this run
/// are done).
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
    let todo: Vec<(usize, std::ops::Range<u64>)> = (0..plan.pairs.len())
        .flat_map(|p| chunks.iter().map(move |c| (p, c.clone())))
        .filter(|(p, c)| !have.contains_key(&(*p, c.start)))
        .collect();
    let finished = AtomicU64::new(0);
    let forfeits = plan.may_forfeit();
    let played: Vec<Result<Option<ChunkResult>, RunError>> = todo
        .into_par_iter()
        .map(|(p, chunk)| {
            if stop.load(Ordering::SeqCst) {
                return Ok(None);
            }
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
            let scores = play_chunk(
                rules,
                [&plan.agents[x], &plan.agents[y]],
                chunk,
                pair_plan,
                &clocks,
                forfeits.then_some(PairFaults {
                    name: &name,
                    rows: &mut faults,
                }),
            );
            let result = ChunkResult {
                pair: p,
                start,
                scores,
                time: [clocks[0].read(), clocks[1].read()],
                faults,
            };
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
    // Every chunk played is counted before the tournament reports its end.
    file.into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .commit()?;
    if have.len() < total {
        return Ok(TournamentEnd::Interrupted(have.len(), total));
    }
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
    let mut faults = forfeits.then(|| csv_line(&FAULTS_HEADER.map(String::from)));
    for ((p, _), c) in have {
        let (x, y) = plan.pairs[p];
        times[x] = times[x].plus(c.time[0]);
        times[y] = times[y].plus(c.time[1]);
        pairs[p].scores.extend(c.scores);
        if let Some(f) = faults.as_mut() {
            f.extend(c.faults);
        }
    }
    Ok(TournamentEnd::Complete(pairs, times, faults))
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

    #[test]
    fn a_chunk_line_reads_back_exactly() {
        let c = ChunkResult {
            pair: 3,
            start: 128,
            scores: vec![0.1 + 0.2, -1.0 / 3.0, 0.0, 7.25],
            time: [
                DecisionTime {
                    decisions: 5,
                    nanos: 123_456,
                },
                DecisionTime {
                    decisions: 0,
                    nanos: 0,
                },
            ],
            faults: Vec::new(),
        };
        let line = c.line();
        assert!(line.ends_with('\n'));
        assert_eq!(ChunkResult::parse(line.trim_end()), Some(c.clone()));
        // Fault rows with every byte that needs escaping read back too, on one line.
        let faulted = ChunkResult {
            faults: "3,bot vs random,0,0,0,0,x,illegal,\"50% of \"\"a,b\"\"\r\nend\"\n"
                .as_bytes()
                .to_vec(),
            ..c
        };
        let line = faulted.line();
        assert_eq!(line.matches('\n').count(), 1, "{line}");
        assert_eq!(ChunkResult::parse(line.trim_end()), Some(faulted));
        assert_eq!(ChunkResult::parse("1,0,1,1,1,1,0.5,%4"), None);
        assert_eq!(ChunkResult::parse("1,0,1,1,1,1,0.5,"), None);
        assert_eq!(ChunkResult::parse("1,2,3"), None);
        assert_eq!(ChunkResult::parse("1,0,1,1,1,1,0.5 x"), None);
    }
}
