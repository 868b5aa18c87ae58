//! Hand records as `run`, `simulate` and `tournament` write them (`--log`): the
//! `tricklab-hand/1` record of every hand with the arm and seating that played it, each seat's
//! agent label, and what came with each decision: the bot's protocol `info` messages and, with
//! `--log-times`, the decision's wall time (see [`crate::games::record`]).
//!
//! A table's agents are seated through [`HandLog::seat`], which notes each decision as the
//! agent makes it; [`HandLog::write`] turns a finished hand and its notes into one record line.

use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use serde_json::Value;

use crate::agents::{Agent, TableEvent};
use crate::errors::user;
use crate::games::matches::PlayedHand;
use crate::games::record::{DecisionRecord, RecordRules, record_hand};
use crate::games::{Action, Game, Seat};
use crate::report::output::{check_distinct, is_stdout};
use crate::rng::GameRng;

/// Which hand records a run writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Records {
    /// None.
    #[default]
    Off,
    /// Every hand's record, the same bytes on any thread count.
    On,
    /// Every hand's record with each decision's wall time (`--log-times`): not reproducible.
    Timed,
}

impl Records {
    /// Records when `log`, with timings when `times` too.
    pub const fn new(log: bool, times: bool) -> Records {
        match (log, times) {
            (false, _) => Records::Off,
            (true, false) => Records::On,
            (true, true) => Records::Timed,
        }
    }

    /// Whether records are written.
    pub const fn is_on(self) -> bool {
        !matches!(self, Records::Off)
    }
}

/// Refuses a `--log` that cannot be kept beside the results folder `out`: standard output
/// (it could not be resumed), the folder itself, a folder, or (without `force` or `resume`) a
/// file that already exists.
///
/// # Errors
/// Bad input ([`UserError`](crate::errors::UserError)) naming the problem.
pub fn check_log(out: &Path, log: Option<&Path>, force: bool, resume: bool) -> anyhow::Result<()> {
    let Some(log) = log else {
        return Ok(());
    };
    check_distinct(&[("--out", out), ("--log", log)])?;
    if is_stdout(log) {
        return Err(user(
            "--log - cannot be resumed with --out: give --log a file name",
        ));
    }
    if log.is_dir() {
        return Err(user(format!(
            "--log {} is a folder; give a file name",
            log.display()
        )));
    }
    if log.exists() && !force && !resume {
        return Err(user(format!(
            "--log {} already exists: add --force to replace it, or choose another name",
            log.display()
        )));
    }
    Ok(())
}

/// One decision as its agent made it.
#[derive(Debug)]
struct Note {
    seat: Seat,
    ms: Option<f64>,
    info: Vec<Value>,
}

/// The notes of one table's decisions in the order they were made, shared by its seats.
type Notebook = Arc<Mutex<Vec<Note>>>;

/// An agent whose every decision is noted in its table's notebook; it plays exactly as the
/// agent it wraps.
struct Noted<G: Game> {
    inner: Box<dyn Agent<G>>,
    book: Notebook,
    timed: bool,
}

impl<G: Game> Agent<G> for Noted<G> {
    fn choose(&mut self, state: &G, seat: Seat, rng: &mut GameRng) -> Action {
        let start = Instant::now();
        let action = self.inner.choose(state, seat, rng);
        let ms = self
            .timed
            .then(|| (start.elapsed().as_secs_f64() * 1e6).round() / 1e3);
        let info = self.inner.take_info();
        // A forfeited seat's answer is not played (the table concedes): it is no decision.
        if !self.inner.forfeited() {
            let note = Note { seat, ms, info };
            self.book
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(note);
        }
        action
    }

    fn observes(&self) -> bool {
        self.inner.observes()
    }

    fn observe(&mut self, seat: Seat, event: &TableEvent<'_, G>) {
        self.inner.observe(seat, event);
    }

    fn forfeited(&self) -> bool {
        self.inner.forfeited()
    }

    fn take_info(&mut self) -> Vec<Value> {
        self.inner.take_info()
    }
}

/// Who played a hand: the arm (a tournament's pair), the rotation and each seat's agent label.
#[derive(Clone, Copy, Debug)]
pub struct Seating<'a> {
    /// The arm's name, or the pair's `X vs Y`.
    pub arm: &'a str,
    /// Which of the deal's seatings.
    pub rotation: usize,
    /// Each seat's agent label, seat by seat.
    pub agents: &'a [String],
}

/// One table's hand log: seats agents so that their decisions are noted, and writes records.
#[derive(Debug)]
pub struct HandLog {
    records: Records,
    book: Notebook,
}

impl HandLog {
    /// The log of a table that writes `records`.
    pub fn new(records: Records) -> HandLog {
        HandLog {
            records,
            book: Notebook::default(),
        }
    }

    /// Whether this log writes records.
    pub const fn is_on(&self) -> bool {
        self.records.is_on()
    }

    /// `agent`, seated so that its decisions are noted (as it is when no records are written).
    pub fn seat<G: Game + 'static>(&self, agent: Box<dyn Agent<G>>) -> Box<dyn Agent<G>> {
        if !self.is_on() {
            return agent;
        }
        Box::new(Noted {
            inner: agent,
            book: self.book.clone(),
            timed: self.records == Records::Timed,
        })
    }

    /// Appends the record of the finished hand `played`, of match `match_index`, to `out` as one
    /// JSON line, with the notes of its decisions; does nothing when no records are written.
    pub fn write<R: RecordRules>(
        &self,
        out: &mut Vec<u8>,
        rules: &R,
        match_index: u64,
        played: &PlayedHand<'_, R::Hand>,
        seating: Seating<'_>,
    ) {
        if !self.is_on() {
            return;
        }
        let notes = std::mem::take(&mut *self.book.lock().unwrap_or_else(PoisonError::into_inner));
        let mut rec = record_hand(rules, match_index, played);
        rec.arm = Some(seating.arm.to_string());
        rec.rotation = Some(seating.rotation);
        rec.agents = Some(seating.agents.to_vec());
        let decided = rec
            .actions
            .iter()
            .enumerate()
            .filter(|(_, a)| a.step.decision().is_some());
        debug_assert_eq!(decided.clone().count(), notes.len(), "one note a decision");
        rec.decisions = decided
            .zip(notes)
            .filter(|(_, n)| n.ms.is_some() || !n.info.is_empty())
            .map(|((action, a), n)| {
                debug_assert_eq!(a.seat, n.seat.0, "the note's seat decided");
                DecisionRecord {
                    action,
                    seat: a.seat,
                    ms: n.ms,
                    info: n.info,
                }
            })
            .collect();
        serde_json::to_writer(&mut *out, &rec).expect("writing to memory");
        out.push(b'\n');
    }
}
