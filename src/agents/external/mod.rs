//! External bots: agents in another process, in any language, that speak `tricklab-bot/1`
//! (JSON Lines over the bot's stdin and stdout; see `docs/bot-protocol.md`).
//!
//! An [`ExternalAgent`] is one seat's bot. Its process is started when its first match starts
//! (not when the agent is built), kept for the agent's every match, and handed to an idle pool
//! when the agent is dropped, so that a worker thread that builds agents chunk after chunk
//! reuses its processes. [`shutdown`] stops the pool when a run is over.
//!
//! A bot that breaks the protocol (times out, exits, closes its output, writes malformed JSON,
//! answers an illegal action or for another seat, or does not play the game) is killed and its
//! [`BotFault`] unwinds out of the run: [`catch_faults`] turns it back into an error. The rows a
//! run wrote before the fault stay written (see the policy `on_fault = "abort"`).

mod process;
pub mod protocol;
mod spec;

use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use std::time::Duration;

use thiserror::Error;

pub use process::{BotProcess, ReadError, shutdown};
pub(crate) use spec::split_outside_quotes;
pub use spec::{ExternalSpec, OnFault, split_command};

use protocol::{Answer, Hello};

use super::{Agent, TableEvent};
use crate::games::{Action, Seat};
use crate::knowledge::Observable;
use crate::rng::GameRng;

/// A bot that broke the protocol: which bot, where, and what happened.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}", self.line())]
pub struct BotFault {
    /// The bot's name.
    pub bot: String,
    /// Its command.
    pub cmd: String,
    /// The match (deal) number, once a match started.
    pub match_index: Option<u64>,
    /// The hand number in the match, once a hand started.
    pub hand: Option<u32>,
    /// What went wrong, with the message concerned.
    pub message: String,
}

impl BotFault {
    fn line(&self) -> String {
        let mut s = format!("bot {} (`{}`)", self.bot, self.cmd);
        if let Some(m) = self.match_index {
            s += &format!(", match {m}");
        }
        if let Some(h) = self.hand {
            s += &format!(", hand {h}");
        }
        format!("{s}: {}", self.message.replace('\n', " "))
    }
}

/// Runs `f`; a [`BotFault`] that unwinds out of it (from any worker thread) comes back as an
/// error. Any other panic continues.
pub fn catch_faults<T>(f: impl FnOnce() -> T) -> Result<T, BotFault> {
    match panic::catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => Ok(v),
        Err(payload) => match payload.downcast::<BotFault>() {
            Ok(fault) => Err(*fault),
            Err(other) => panic::resume_unwind(other),
        },
    }
}

/// Starts the bot of `spec` and runs the handshake.
pub fn start(spec: &ExternalSpec) -> Result<(BotProcess, Hello), String> {
    let mut p = BotProcess::spawn(spec)?;
    p.send(&protocol::hello())?;
    p.flush()?;
    let budget = Duration::from_millis(spec.budget_ms.saturating_mul(10).max(5000));
    let line = match p.read(budget) {
        Ok(l) => l,
        Err(e) => {
            p.kill();
            return Err(format!("no answer to hello: {}", read_error(&e)));
        }
    };
    match protocol::read_hello(&line) {
        Ok(h) => Ok((p, h)),
        Err(e) => {
            p.kill();
            Err(format!("bad answer to hello: {e}: {}", excerpt(&line)))
        }
    }
}

fn read_error(e: &ReadError) -> String {
    match e {
        ReadError::Timeout(d) => format!("timed out after {} ms", d.as_millis()),
        ReadError::Closed => "it closed its output (exited or crashed)".into(),
    }
}

fn excerpt(line: &str) -> String {
    let line = line.trim_end();
    if line.chars().count() > 160 {
        format!("{}…", line.chars().take(160).collect::<String>())
    } else {
        line.to_string()
    }
}

/// One seat's external bot.
pub struct ExternalAgent {
    spec: ExternalSpec,
    bot: Option<(BotProcess, Hello)>,
    match_index: Option<u64>,
    hand: Option<u32>,
    in_match: bool,
    n_sides: usize,
}

impl ExternalAgent {
    /// The agent for `spec`; nothing is started yet.
    pub fn new(spec: ExternalSpec) -> ExternalAgent {
        ExternalAgent {
            spec,
            bot: None,
            match_index: None,
            hand: None,
            in_match: false,
            n_sides: 0,
        }
    }

    /// Stops the bot and unwinds out of the run with a [`BotFault`].
    fn fault(&mut self, message: String) -> ! {
        let fault = BotFault {
            bot: self.spec.name.clone(),
            cmd: self.spec.cmd.clone(),
            match_index: self.match_index,
            hand: self.hand,
            message,
        };
        if let Some((mut p, _)) = self.bot.take() {
            p.note(&fault.to_string());
            p.kill();
        }
        panic::resume_unwind(Box::new(fault))
    }

    fn bot(&mut self) -> &mut BotProcess {
        if self.bot.is_none() {
            let started = process::take_idle(&self.spec).map_or_else(|| start(&self.spec), Ok);
            match started {
                Ok(b) => self.bot = Some(b),
                Err(e) => self.fault(e),
            }
        }
        &mut self.bot.as_mut().expect("started").0
    }

    fn send(&mut self, line: &str) {
        if let Err(e) = self.bot().send(line) {
            self.fault(format!("{e}; sending {}", excerpt(line)));
        }
    }

    fn flush(&mut self) {
        if let Err(e) = self.bot().flush() {
            self.fault(e);
        }
    }
}

impl Drop for ExternalAgent {
    fn drop(&mut self) {
        if let Some((p, hello)) = self.bot.take() {
            if self.in_match {
                // Dropped mid-match (another seat's fault unwound the run): not reusable.
                p.stop();
            } else {
                process::put_idle(p, hello);
            }
        }
    }
}

impl fmt::Debug for ExternalAgent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ExternalAgent({})", self.spec)
    }
}

impl<G: Observable> Agent<G> for ExternalAgent {
    fn choose(&mut self, state: &G, seat: Seat, _rng: &mut GameRng) -> Action {
        if !self.in_match {
            self.fault(
                "external bots play only where a table shows them the game \
                 (simulate, run, tournament); this command asks for decisions out of play"
                    .into(),
            );
        }
        let id = self.bot().next_decision();
        let legal = state.legal_actions();
        let request = protocol::decide(id, seat, state, self.spec.budget_ms);
        self.send(&request);
        self.flush();
        let budget = Duration::from_millis(self.spec.budget_ms);
        let deadline = std::time::Instant::now() + budget;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            let line = match self.bot().read(left) {
                Ok(l) => l,
                Err(ReadError::Timeout(_)) => self.fault(format!(
                    "timed out: no answer to decision {id} within its budget of {} ms",
                    self.spec.budget_ms
                )),
                Err(e) => self.fault(format!(
                    "{} waiting for the answer to decision {id}",
                    read_error(&e)
                )),
            };
            match protocol::read_answer(&line, id, seat, legal) {
                Ok(Answer::Info) => {}
                Ok(Answer::Action(a)) => return a,
                Err(e) => self.fault(format!("{e}: {}", excerpt(&line))),
            }
        }
    }

    fn observes(&self) -> bool {
        true
    }

    fn observe(&mut self, seat: Seat, event: &TableEvent<'_, G>) {
        match event {
            TableEvent::HandStart {
                table,
                before,
                state,
            } => {
                if !self.in_match || before.hands_dealt == 0 {
                    self.match_index = Some(table.match_index);
                    self.hand = Some(before.hands_dealt);
                    self.bot();
                    let hello = &self.bot.as_ref().expect("started").1;
                    let game = table.game.name();
                    if !hello.supports(game, table.players) {
                        let msg = format!(
                            "it does not play {game} with {} players (it plays {})",
                            table.players,
                            hello.supported()
                        );
                        self.fault(msg);
                    }
                    self.in_match = true;
                    self.n_sides = state.sides().num_sides();
                    self.send(&protocol::match_start(table, seat, *state));
                }
                self.hand = Some(before.hands_dealt);
                self.send(&protocol::hand_start(before, seat, *state));
            }
            TableEvent::Step { record, .. } => self.send(&protocol::step(record, seat)),
            TableEvent::HandEnd { played, result, .. } => {
                self.send(&protocol::hand_end(played, result));
            }
            TableEvent::MatchEnd { end } => {
                if self.in_match {
                    self.send(&protocol::match_end(end, self.n_sides));
                    self.flush();
                    self.in_match = false;
                }
            }
        }
    }
}
