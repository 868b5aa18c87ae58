//! Running an experiment: every deal played by every arm in every rotation, in parallel, with
//! rows streamed to CSV in deal order, progress saved after every batch so that an interrupted
//! run resumes, and shards that split the deals between machines.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use thiserror::Error;

use crate::agents::external::take_forfeits;
use crate::agents::{
    Agent, AgentFactory, AgentSpec, RandomAgent, build_agent, play_seated, seat_agents, table_info,
};
use crate::games::deal_source::FirstGiven;
use crate::games::matches::{MatchState, PlayedHand, play_match_reusing};
use crate::games::{Game as _, MAX_SEATS, Seat};
use crate::rng::{GameStreams, mix64};
use crate::sim::Stream;

use super::config::Experiment;
use super::hand_log::{HandLog, Records, Seating};
use super::measure::{CLOSE, HandStatistics, Measured, StatDef, match_statistic, statistics_of};
use super::rows::{CsvRows, DealKey, DealRows};

/// Deals per unit of work; fixed so that output never depends on the thread count.
const CHUNK: u64 = 64;

/// A window of chunks played faster than this is followed by one twice as large (see
/// [`play_batches_with`]).
const QUICK: Duration = Duration::from_millis(20);

/// The most chunks a window grows to, per thread.
const MAX_WINDOW: u64 = 64;

/// Why a run stopped with an error.
#[derive(Debug, Error)]
pub enum RunError {
    /// Reading or writing the output folder.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// Reading or writing a file of the output folder.
    #[error("{op} {}: {cause}", path.display())]
    File {
        /// What was being done (`writing`, `syncing`, …).
        op: &'static str,
        /// The file.
        path: PathBuf,
        /// What the system said: in the message, not an error source, so that a message
        /// printed with its causes says it once.
        cause: std::io::Error,
    },
    /// The output folder does not fit the request (e.g. results there already, or a resume of
    /// another run).
    #[error("{0}")]
    Folder(String),
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunEnd {
    /// Every deal was played.
    Complete,
    /// Stopped by a signal after this many deals of the range; `--resume` continues.
    Interrupted(u64),
}

/// Which deals to play and where to write.
#[derive(Clone, Debug)]
pub struct RunPlan {
    /// The output folder.
    pub out: PathBuf,
    /// Continue an interrupted run in `out`.
    pub resume: bool,
    /// Overwrite results already in `out`.
    pub force: bool,
    /// `Some((k, n))`: play only shard `k` of `n` (1-based).
    pub shard: Option<(u64, u64)>,
    /// Stop as if interrupted once at least this many deals are done (for tests).
    pub stop_after: Option<u64>,
    /// Also write the record of every hand (JSON lines, see `tricklab replay`) to this file;
    /// until the run is complete it is written under its [`partial_name`].
    pub records: Option<PathBuf>,
    /// Write each decision's wall time into the records (`--log-times`; not reproducible).
    pub record_times: bool,
}

/// The name a file of a run has until the run is complete: hidden, beside it, so that an
/// interrupted run leaves no file that looks complete and `--resume` finds it again.
pub fn partial_name(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.partial"))
}

impl RunPlan {
    /// The deals of this plan for an experiment of `deals` deals.
    pub fn range(&self, deals: u64) -> Range<u64> {
        super::wholeness::shard_deals(deals, self.shard)
    }
}

/// The files of a run.
pub const HANDS: &str = "hands.csv";
/// Per-deal statistics, one row per deal, arm and rotation.
pub const DEALS: &str = "deals.csv";
/// The progress of an unfinished run (or of one whose final files are not yet written).
pub const PROGRESS: &str = "progress.json";
/// The hands external bots forfeited (`on_fault = "forfeit"`), one row each; written only by
/// a run that seats such a bot.
pub const FAULTS: &str = "faults.csv";

/// The header of `faults.csv`.
pub const FAULTS_HEADER: [&str; 9] = [
    "deal", "arm", "rotation", "hand", "seat", "side", "agent", "fault", "message",
];

/// The hands forfeited in the results folder `dir`: the rows of its `faults.csv`, or `None`
/// when it has none (no bot of the run may forfeit).
pub fn forfeited_hands(dir: &Path) -> Option<u64> {
    let text = std::fs::read(dir.join(FAULTS)).ok()?;
    Some(csv::Reader::from_reader(&text[..]).records().count() as u64)
}

/// Whether an arm of `exp` seats an external bot that forfeits hands on a fault.
pub fn may_forfeit(exp: &Experiment) -> bool {
    exp.arms
        .iter()
        .flat_map(|a| &a.seats)
        .any(AgentSpec::may_forfeit)
}

pub(super) fn fingerprint(exp: &Experiment, range: &Range<u64>) -> u64 {
    exp.fingerprint(mix64(range.start ^ mix64(range.end)))
}

/// How many rotations each deal is played in: with `duplicate`, once per side when sides are
/// teams or pairs (each rotation moves every seat to the next side), once per seat when
/// everyone plays alone; otherwise once.
pub fn rotations(exp: &Experiment, sides: usize, seats: usize) -> usize {
    match (exp.duplicate, sides == seats) {
        (false, _) => 1,
        (true, true) => seats,
        (true, false) => sides,
    }
}

/// One CSV record, with its line end.
pub(crate) fn csv_line(fields: &[String]) -> Vec<u8> {
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    w.write_record(fields).expect("writing to memory");
    w.into_inner().expect("flushing memory")
}

/// The header of `hands.csv` for the game `R`.
pub fn hands_header<R: Measured>() -> Vec<String>
where
    R::Hand: AgentFactory,
{
    [
        "deal", "arm", "rotation", "hand", "seat", "side", "agent", "subject",
    ]
    .iter()
    .chain(R::FACTS)
    .map(|s| s.to_string())
    .collect()
}

/// The header of `deals.csv`.
pub fn deals_header(exp: &Experiment) -> Vec<String> {
    ["deal", "arm", "rotation"]
        .iter()
        .map(|s| s.to_string())
        .chain(exp.statistics.iter().cloned())
        .collect()
}

/// The rows of a batch of finished deals, in deal order: `hands.csv` rows (when the experiment
/// has `hand_rows`), `deals.csv` rows as numbers, `faults.csv` rows (when a bot may forfeit) and hand
/// records (when asked for).
#[derive(Debug, Default)]
pub struct Batch {
    /// `hands.csv` rows.
    pub hands: Vec<u8>,
    /// `deals.csv` rows, as numbers ([`DealRows::write_csv`] writes them).
    pub deal_rows: DealRows,
    /// `faults.csv` rows.
    pub faults: Vec<u8>,
    /// One JSON record per hand and line.
    pub records: Vec<u8>,
    /// With [`Want::seat_points`]: per `deals.csv` row, in its order, the hands played and
    /// each seat's points summed over them.
    pub points: Vec<SeatPoints>,
}

/// One deal of one arm in one rotation: the hands played and each seat's points summed over
/// them (what a paired comparison of two agents needs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatPoints {
    /// The deal.
    pub deal: u64,
    /// The arm's index.
    pub arm: usize,
    /// The rotation.
    pub rotation: usize,
    /// Hands played.
    pub hands: u32,
    /// Per seat, its points summed over the hands.
    pub points: [i64; MAX_SEATS],
}

/// What a batch carries besides `deals.csv` rows (and `hands.csv` rows, as the experiment
/// says).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Want {
    /// The record of every hand.
    pub records: Records,
    /// Each seat's points per deal, arm and rotation ([`Batch::points`]).
    pub seat_points: bool,
}

/// Agents a caller seats in place of some seats' specs (the Python binding seats its functions
/// so); every other seat gets the agent its spec names. In a tournament pair
/// ([`play_chunk_with`](super::play_chunk_with)) the "arm" is the pair's agent: 0 for `x`, 1
/// for `y`.
pub trait Guests<G>: Sync {
    /// The agent for `seat` of arm `arm`, or `None` for the one its spec names.
    fn agent(&self, arm: usize, seat: usize) -> Option<Box<dyn Agent<G>>>;

    /// What `hands.csv` and `faults.csv` call the agent in `seat` of arm `arm`, or `None` for
    /// its spec.
    fn name(&self, arm: usize, seat: usize) -> Option<String>;
}

/// No guests: every seat plays its spec's agent.
pub struct NoGuests;

impl<G> Guests<G> for NoGuests {
    fn agent(&self, _: usize, _: usize) -> Option<Box<dyn Agent<G>>> {
        None
    }

    fn name(&self, _: usize, _: usize) -> Option<String> {
        None
    }
}

fn play_chunk<R: Measured>(
    exp: &Experiment,
    rules: &R,
    deals: Range<u64>,
    want: Want,
    guests: &dyn Guests<R::Hand>,
) -> Batch
where
    R::Hand: AgentFactory,
{
    let n = rules.sides().num_seats();
    let n_rot = rotations(exp, rules.sides().num_sides(), n);
    let defs = statistics_of::<R>(exp.matches);
    let n_stats = exp.statistics.len();
    // Resolved once per chunk: the statistics by kind and each one's definition.
    let mut per_hand = HandStatistics::new(&exp.statistics);
    let stat_defs: Vec<&StatDef> = exp
        .statistics
        .iter()
        .map(|name| {
            defs.iter()
                .find(|d| d.name == name)
                .expect("checked with the config")
        })
        .collect();
    let mut out = Batch {
        deal_rows: DealRows::new(n_stats),
        ..Batch::default()
    };
    let forfeits = may_forfeit(exp);
    let log = HandLog::new(want.records);
    // Each arm's agents, seat by seat, and the names its faults are reported under.
    let (mut agents, names): (Vec<Vec<_>>, Vec<Vec<_>>) = exp
        .arms
        .iter()
        .enumerate()
        .map(|(ai, a)| {
            a.seats
                .iter()
                .enumerate()
                .map(|(si, s)| {
                    let guest = guests.agent(ai, si);
                    let agent = log.seat(guest.unwrap_or_else(|| {
                        build_agent::<R::Hand>(s).expect("checked with the config")
                    }));
                    (agent, guests.name(ai, si).unwrap_or_else(|| s.label()))
                })
                .unzip::<_, _, Vec<_>, Vec<_>>()
        })
        .unzip();
    // Arms whose every seat is the built-in random player, unwrapped: decided here once for
    // the batch, their hands are played with its choice inlined and no allocation per deal.
    let random_arms: Vec<bool> = agents
        .iter()
        .map(|a| a.iter().all(|x| x.is_uniform_random()))
        .collect();
    // The random streams and the decisions of a hand, reused from deal to deal.
    let mut streams = GameStreams::new(exp.seed, deals.start, n, 0, |_| 0);
    let mut actions = Vec::with_capacity(64);
    let mut table = table_info(rules, deals.start);
    // Per-deal buffers, reused: the hand's values, their sums over the hands, the deal's row.
    let mut values = vec![None; n_stats];
    let mut sums = vec![(0.0f64, 0u32); n_stats];
    let mut row = vec![None; n_stats];
    let mut hands = CsvRows::new(&mut out.hands);
    for deal in deals {
        table.match_index = deal;
        // A book's deal is the first hand of every seating of this deal.
        let booked = exp.book.as_deref().map(|b| b.hand(rules, deal));
        for (ai, arm) in exp.arms.iter().enumerate() {
            for r in 0..n_rot {
                // Rotation r moves the arm's seating r seats to the left.
                let agent_of = |seat: usize| (seat + n - r) % n;
                let mut subject_seats = [Seat(0); MAX_SEATS];
                for (to, s) in subject_seats.iter_mut().zip(&arm.subject) {
                    *to = Seat(((s.index() + r) % n) as u8);
                }
                let subject = &subject_seats[..arm.subject.len()];
                let side = rules.sides().side(subject[0]);
                streams.renew(exp.seed, deal, n, 0, |seat| {
                    Stream::ExperimentAgent {
                        arm: ai,
                        rotation: r,
                        seat,
                    }
                    .sub()
                });
                let GameStreams {
                    agents: rngs,
                    deal: deal_rng,
                    first_dealer,
                } = &mut streams;
                let (first, mut dealt) =
                    FirstGiven::booked(booked.as_ref(), *first_dealer, deal_rng);
                let labels: Vec<String> = (0..n)
                    .filter(|_| log.is_on())
                    .map(|seat| names[ai][agent_of(seat)].clone())
                    .collect();
                let seating = Seating {
                    arm: &arm.name,
                    rotation: r,
                    agents: &labels,
                };
                sums.fill((0.0, 0));
                let mut close = false;
                let mut points = SeatPoints {
                    deal,
                    arm: ai,
                    rotation: r,
                    ..SeatPoints::default()
                };
                let on_hand = |p: &PlayedHand<'_, R::Hand>| {
                    let sides = rules.sides();
                    close |= sides.all().all(|s| p.before.scores[s.index()] >= CLOSE);
                    // Only an external bot that forfeits notes forfeits in the journal.
                    let noted = if forfeits {
                        take_forfeits(deal, p.before.hands_dealt)
                    } else {
                        Vec::new()
                    };
                    for f in noted {
                        out.faults.extend(csv_line(&[
                            deal.to_string(),
                            arm.name.clone(),
                            r.to_string(),
                            p.before.hands_dealt.to_string(),
                            f.seat.to_string(),
                            sides.side(f.seat).to_string(),
                            names[ai][agent_of(f.seat.index())].clone(),
                            f.fault.kind.name().to_string(),
                            f.fault.message.clone(),
                        ]));
                    }
                    if exp.hand_rows {
                        let w = &mut hands;
                        for seat in Seat::all(n) {
                            w.uint(deal);
                            w.text(&arm.name);
                            w.uint(r as u64);
                            w.uint(p.before.hands_dealt);
                            w.uint(seat.0);
                            w.uint(sides.side(seat).0);
                            w.text(&names[ai][agent_of(seat.index())]);
                            w.uint(u8::from(subject.contains(&seat)));
                            rules.facts(p, seat, w);
                            w.end_row();
                        }
                    }
                    if want.seat_points {
                        points.hands += 1;
                        for seat in Seat::all(n) {
                            points.points[seat.index()] += i64::from(p.last.seat_points(seat));
                        }
                    }
                    log.write(&mut out.records, rules, deal, p, seating);
                    per_hand.measure(rules, p, subject, &mut values);
                    for (sum, v) in sums.iter_mut().zip(&values) {
                        if let Some(v) = v {
                            sum.0 += v;
                            sum.1 += 1;
                        }
                    }
                };
                let max_hands = if exp.matches { exp.max_hands } else { 1 };
                let end = if random_arms[ai] {
                    play_match_reusing(
                        rules,
                        MatchState::new(first),
                        &mut dealt,
                        max_hands,
                        |h, s| RandomAgent.choose(h, s, &mut rngs[s.index()]),
                        on_hand,
                        &mut actions,
                    )
                } else {
                    play_seated(
                        rules,
                        &table,
                        MatchState::new(first),
                        &mut dealt,
                        max_hands,
                        &mut seat_agents(&mut agents[ai], agent_of),
                        rngs,
                        on_hand,
                    )
                };
                for ((v, def), sum) in row.iter_mut().zip(&stat_defs).zip(&sums) {
                    *v = match match_statistic(def.name, &end, side, close) {
                        Some(v) => Some(v),
                        None => (sum.1 > 0).then(|| sum.0 / f64::from(sum.1)),
                    };
                }
                out.deal_rows.push(
                    DealKey {
                        deal,
                        arm: ai,
                        rotation: r,
                    },
                    &row,
                );
                if want.seat_points {
                    out.points.push(points);
                }
            }
        }
    }
    drop(hands);
    out
}

/// The chunks' batches as one, in order.
fn joined(outs: Vec<Batch>) -> Batch {
    // One allocation per part of the batch, not a doubling per chunk.
    let mut batch = Batch {
        hands: Vec::with_capacity(outs.iter().map(|o| o.hands.len()).sum()),
        faults: Vec::with_capacity(outs.iter().map(|o| o.faults.len()).sum()),
        records: Vec::with_capacity(outs.iter().map(|o| o.records.len()).sum()),
        points: Vec::with_capacity(outs.iter().map(|o| o.points.len()).sum()),
        deal_rows: DealRows::with_capacity(
            outs.first().map_or(0, |o| o.deal_rows.width()),
            outs.iter().map(|o| o.deal_rows.len()).sum(),
        ),
    };
    for o in outs {
        batch.hands.extend(o.hands);
        batch.deal_rows.append(o.deal_rows);
        batch.faults.extend(o.faults);
        batch.records.extend(o.records);
        batch.points.extend(o.points);
    }
    batch
}

/// Plays the deals of `range` from its `done`-th on, in batches of whole chunks on the current
/// rayon pool, and hands each batch to `sink` in deal order with the count of deals done after
/// it. Checks `stop` (and `stop_after`) before each batch; the rows never depend on the thread
/// count. This is the one deal loop of `run`, `simulate`, `bots check` and the Python
/// binding's `simulate`.
///
/// # Errors
/// Whatever `sink` returns.
#[allow(clippy::too_many_arguments)]
pub fn play_batches<R: Measured>(
    exp: &Experiment,
    rules: &R,
    range: Range<u64>,
    done: u64,
    records: Records,
    stop: &AtomicBool,
    stop_after: Option<u64>,
    sink: impl FnMut(Batch, u64) -> Result<(), RunError> + Send,
) -> Result<RunEnd, RunError>
where
    R::Hand: AgentFactory,
{
    let want = Want {
        records,
        seat_points: false,
    };
    play_batches_with(
        exp, rules, range, done, want, &NoGuests, stop, stop_after, sink,
    )
}

/// [`play_batches`] with `guests` in some seats and what else each batch should carry.
///
/// # Errors
/// Whatever `sink` returns.
#[allow(clippy::too_many_arguments)]
pub fn play_batches_with<R: Measured>(
    exp: &Experiment,
    rules: &R,
    range: Range<u64>,
    mut done: u64,
    want: Want,
    guests: &dyn Guests<R::Hand>,
    stop: &AtomicBool,
    stop_after: Option<u64>,
    mut sink: impl FnMut(Batch, u64) -> Result<(), RunError> + Send,
) -> Result<RunEnd, RunError>
where
    R::Hand: AgentFactory,
{
    let total = range.end - range.start;
    let threads = rayon::current_num_threads().max(1) as u64;
    // Chunks per window: two a thread at first, doubled while a window takes less than
    // `QUICK`, so that fast play (random agents: a chunk in a tenth of a millisecond) is not
    // held at the window's barrier, while slow play (search agents) keeps windows of a few
    // chunks and stops soon after a signal. A test's `stop_after` keeps the first size, so
    // it stops where it always did. The rows never depend on the window.
    let mut per_window = 2 * threads;
    // The chunks played last, joined into one batch and handed to `sink` while the next
    // window plays (so that neither the join nor the sink holds the other threads back).
    let mut pending: Option<(Vec<Batch>, u64)> = None;
    let mut flush = |pending: &mut Option<(Vec<Batch>, u64)>| match pending.take() {
        Some((outs, upto)) => sink(joined(outs), upto),
        None => Ok(()),
    };
    while done < total {
        if stop.load(Ordering::SeqCst) || stop_after.is_some_and(|n| done >= n) {
            flush(&mut pending)?;
            return Ok(RunEnd::Interrupted(done));
        }
        let from = range.start + done;
        let upto = (from + per_window * CHUNK).min(range.end);
        let chunks: Vec<Range<u64>> = (from..upto)
            .step_by(CHUNK as usize)
            .map(|a| a..(a + CHUNK).min(upto))
            .collect();
        let started = Instant::now();
        let (sunk, outs) = rayon::join(
            || flush(&mut pending),
            || -> Vec<Batch> {
                chunks
                    .into_par_iter()
                    .map(|c| play_chunk(exp, rules, c, want, guests))
                    .collect()
            },
        );
        sunk?;
        if stop_after.is_none() && started.elapsed() < QUICK && per_window < MAX_WINDOW * threads {
            per_window *= 2;
        }
        done = upto - range.start;
        pending = Some((outs, done));
    }
    flush(&mut pending)?;
    Ok(RunEnd::Complete)
}
