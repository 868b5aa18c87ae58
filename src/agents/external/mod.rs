//! External bots: agents in another process, in any language, that speak `tricklab-bot/1`
//! (JSON Lines over the bot's stdin and stdout; see `docs/bot-protocol.md`).
//!
//! An [`ExternalAgent`] is one seat's bot. Its process is started when its first match starts
//! (not when the agent is built), kept for the agent's every match, and handed to an idle pool
//! when the agent is dropped, so that a worker thread that builds agents chunk after chunk
//! reuses its processes. [`shutdown`] stops the pool when a run is over.
//!
//! A bot that breaks the protocol (times out, exits, closes its output, writes malformed JSON,
//! answers an illegal action or for another seat, or does not play the game) is killed. Under
//! `on_fault = "abort"` its [`BotFault`] unwinds out of the run: [`catch_faults`] turns it back
//! into an error, and the rows a run wrote before the fault stay written. Under
//! `on_fault = "forfeit"` the bot forfeits the hand: the table concedes the rest of the hand for
//! its side before the next decision (every trick not yet played goes to the opponents, see
//! [`Game::concede`](crate::games::Game::concede)), the fault is noted for the runner
//! ([`take_forfeits`]) and on stderr, and a new process of the bot joins at the next hand. A
//! fault after the hand's last decision leaves nothing to concede: the hand stands as played,
//! and the fault is still noted.

mod clock;
mod fault;
#[cfg(target_os = "linux")]
mod keeper;
#[cfg(not(target_os = "linux"))]
#[path = "keeper_group.rs"]
mod keeper;
#[cfg(all(test, target_os = "linux"))]
mod keeper_group;
mod lines;
mod options;
mod process;
pub mod protocol;
mod shared_file;
mod spec;
mod stderr;

use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use std::time::{Duration, Instant};

pub use clock::{ClockPer, ClockSetting};
pub use fault::{BotFault, FaultKind, Forfeit, take_forfeits};
pub use lines::{MAX_LINE, ReadError};
pub use options::{OptionDecl, OptionType};
pub use process::{Answered, BotProcess, Farewell, QUIT_GRACE, shutdown};
pub(crate) use spec::split_outside_quotes;
pub use spec::{ExternalSpec, OnFault, split_command};
pub use stderr::capture_in as capture_stderr_in;

use clock::Clock;
use protocol::{Answer, Ask, AskTime, Hello, PROTOCOL_1_1};

use super::{Agent, TableEvent};
use crate::games::{Action, Seat};
use crate::knowledge::Observable;
use crate::rng::GameRng;

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

/// Runs a job that may seat bots: a [`BotFault`] that unwinds out of it comes back as its
/// error, and every bot still running is stopped ([`shutdown`]) before it returns.
///
/// # Errors
/// The job's error, or the fault that stopped it.
pub fn with_bots<T>(job: impl FnOnce() -> anyhow::Result<T>) -> anyhow::Result<T> {
    let result = catch_faults(job).unwrap_or_else(|fault| Err(anyhow::Error::new(fault)));
    shutdown();
    result
}

/// Starts the bot of `spec` for `seat` and runs the handshake: `hello`, and for a 1.1 bot its
/// options and `isready`. A failure is [`FaultKind::Start`], or [`FaultKind::Option`] when
/// the spec asks for an option or feature the bot does not offer; its message quotes the end
/// of the bot's stderr.
pub fn start(spec: &ExternalSpec, seat: Option<Seat>) -> Result<(BotProcess, Hello), Failure> {
    let start = |e: String| (FaultKind::Start, e);
    let mut p = BotProcess::spawn(spec, seat).map_err(start)?;
    p.send(&protocol::hello()).map_err(start)?;
    p.flush().map_err(start)?;
    let budget = Duration::from_millis(spec.budget_ms.saturating_mul(10).max(5000));
    let deadline = Instant::now() + budget;
    let line = match p.read(budget) {
        Ok(l) => l,
        Err(e) => {
            p.kill();
            let e = format!("no answer to hello: {}", read_error(&e));
            return Err(start(with_stderr(e, &mut p)));
        }
    };
    let hello = match protocol::read_hello(&line) {
        Ok(h) => h,
        Err(e) => {
            p.kill();
            let e = format!("bad answer to hello: {e}: {}", excerpt(&line));
            return Err(start(with_stderr(e, &mut p)));
        }
    };
    match configure(&mut p, spec, &hello, deadline) {
        Ok(()) => Ok((p, hello)),
        Err((kind, e)) => {
            p.kill();
            Err((kind, with_stderr(e, &mut p)))
        }
    }
}

/// After a bot's `hello`: checks that the spec asks only for what the bot offers, and for a
/// 1.1 bot sends its options and `isready` and waits for `readyok` until `deadline`.
fn configure(
    p: &mut BotProcess,
    spec: &ExternalSpec,
    hello: &Hello,
    deadline: Instant,
) -> Result<(), Failure> {
    if !hello.speaks_1_1() {
        return match spec.needs_1_1() {
            Some(key) => Err((
                FaultKind::Option,
                format!(
                    "`{key}` needs protocol {PROTOCOL_1_1}; the bot speaks {}",
                    hello.protocol
                ),
            )),
            None => Ok(()),
        };
    }
    if spec.ponder && !hello.ponder {
        return Err((
            FaultKind::Option,
            "`ponder=true`: the bot does not ponder (its hello has no \"ponder\": true)".into(),
        ));
    }
    let values =
        options::checked(&hello.options, &spec.options).map_err(|e| (FaultKind::Option, e))?;
    let closed = |e: String| (FaultKind::Start, format!("{e}; sending its options"));
    for (name, value) in &values {
        p.send(&protocol::option(name, value)).map_err(closed)?;
    }
    p.send(&protocol::isready()).map_err(closed)?;
    p.flush().map_err(closed)?;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = p.read(left).map_err(|e| {
            (
                FaultKind::Start,
                format!("no readyok after isready: {}", read_error(&e)),
            )
        })?;
        if protocol::is_readyok(&line) {
            return Ok(());
        }
        if !protocol::is_info(&line) {
            return Err((
                FaultKind::Start,
                format!("expected readyok after isready: {}", excerpt(&line)),
            ));
        }
    }
}

/// `message` with the end of the (stopped) bot's stderr, if it wrote any.
fn with_stderr(message: String, p: &mut BotProcess) -> String {
    let tail = p.stderr_tail();
    if tail.is_empty() {
        message
    } else {
        format!("{message}; its stderr ended: {tail}")
    }
}

fn read_error(e: &ReadError) -> String {
    match e {
        ReadError::Timeout(d) => format!("timed out after {} ms", d.as_millis()),
        ReadError::Closed => "it closed its output (exited or crashed)".into(),
        ReadError::TooLong => format!("it wrote a line longer than {MAX_LINE} bytes"),
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
    /// The seat the agent plays (once told).
    seat: Option<Seat>,
    /// The bot forfeited the hand in progress: it is stopped, and the seat plays on without it
    /// until the next hand.
    forfeited: bool,
    /// The bot wrote a line late, charged to an earlier hand under `on_fault = "forfeit"`: it is
    /// replaced at the next hand.
    stale: bool,
    n_sides: usize,
    /// The seat's time: a budget per decision or a clock.
    clock: Clock,
    /// The `info` messages the bot wrote while deciding the last decision asked.
    info: Vec<serde_json::Value>,
}

/// A fault before it is charged: its kind and message.
pub type Failure = (FaultKind, String);

impl ExternalAgent {
    /// The agent for `spec`; nothing is started yet.
    pub fn new(spec: ExternalSpec) -> ExternalAgent {
        ExternalAgent {
            bot: None,
            match_index: None,
            hand: None,
            in_match: false,
            seat: None,
            forfeited: false,
            stale: false,
            n_sides: 0,
            clock: Clock::new(spec.clock, spec.budget_ms),
            info: Vec::new(),
            spec,
        }
    }

    fn bot_fault(&self, (kind, message): Failure) -> BotFault {
        BotFault {
            bot: self.spec.name.clone(),
            cmd: self.spec.cmd.clone(),
            match_index: self.match_index,
            hand: self.hand,
            kind,
            message,
        }
    }

    /// Stops the bot; then, under `on_fault = "forfeit"` and a fault that may be forfeited,
    /// notes the forfeit of the hand and returns; otherwise unwinds out of the run with the
    /// [`BotFault`].
    fn fail(&mut self, seat: Seat, failure: Failure) {
        let mut fault = self.bot_fault(failure);
        self.kill_for(&mut fault);
        if self.spec.on_fault == OnFault::Forfeit && fault.kind.forfeitable() {
            eprintln!("tricklab: forfeit: {fault}");
            self.forfeited = true;
            fault::note_forfeit(Forfeit { seat, fault });
        } else {
            panic::resume_unwind(Box::new(fault))
        }
    }

    /// Unwinds out of the run with a [`BotFault`] whatever the policy.
    fn abort(&mut self, failure: Failure) -> ! {
        let mut fault = self.bot_fault(failure);
        self.kill_for(&mut fault);
        panic::resume_unwind(Box::new(fault))
    }

    /// Kills the bot with all it started for `fault`, adds the end of its stderr to the
    /// fault's message and notes the fault in the bot's log.
    fn kill_for(&mut self, fault: &mut BotFault) {
        if let Some((mut p, _)) = self.bot.take() {
            p.kill();
            fault.message = with_stderr(std::mem::take(&mut fault.message), &mut p);
            p.note(&fault.to_string());
        }
    }

    /// A fault of an earlier hand than the one in progress, found late (a line the bot wrote
    /// after its answer to decision `at`, read only now): charged to that hand. Under
    /// `on_fault = "abort"` it stops the run; under `forfeit` that hand is over and scored,
    /// so it forfeits nothing: it is written to stderr and the bot is replaced at the next hand.
    fn late(&mut self, at: Answered, failure: Failure) {
        let mut fault = self.bot_fault(failure);
        fault.match_index = at.match_index;
        fault.hand = at.hand;
        if self.spec.on_fault == OnFault::Abort {
            self.kill_for(&mut fault);
            panic::resume_unwind(Box::new(fault))
        }
        if let Some((p, _)) = &self.bot {
            p.note(&fault.to_string());
        }
        eprintln!("tricklab: after its hand: {fault}");
        self.stale = true;
    }

    /// The first line the bot wrote unasked (an `info` line is not), if it has written one;
    /// never waits.
    fn stray(&mut self) -> Option<Failure> {
        let (p, _) = self.bot.as_mut()?;
        let answered = p.answered;
        loop {
            match p.pending() {
                Ok(Some(line)) if protocol::is_info(&line) => {}
                Ok(Some(line)) => {
                    let after = answered
                        .map(|a| format!(" after its answer to decision {}", a.id))
                        .unwrap_or_default();
                    return Some((
                        FaultKind::Stray,
                        format!("a line written unasked{after}: {}", excerpt(&line)),
                    ));
                }
                Ok(None) | Err(ReadError::Closed | ReadError::Timeout(_)) => return None,
                Err(ReadError::TooLong) => {
                    return Some((
                        FaultKind::Malformed,
                        format!("unasked, {}", read_error(&ReadError::TooLong)),
                    ));
                }
            }
        }
    }

    /// The last decision the bot's process answered (in this agent's matches or before).
    fn answered(&self) -> Option<Answered> {
        self.bot.as_ref().and_then(|(p, _)| p.answered)
    }

    /// Whether `a` was a decision of an earlier hand than the one in progress.
    fn earlier(&self, a: Answered) -> bool {
        (a.match_index, a.hand) != (self.match_index, self.hand)
    }

    fn bot(&mut self) -> &mut BotProcess {
        if self.bot.is_none() {
            let started = process::take_idle(&self.spec, self.seat)
                .map_or_else(|| start(&self.spec, self.seat), Ok);
            match started {
                Ok(b) => self.bot = Some(b),
                Err(f) => self.abort(f),
            }
        }
        &mut self.bot.as_mut().expect("started").0
    }

    /// Queues `line` for the bot (after `stop` if it is pondering); `flush` sends it.
    fn send(&mut self, line: &str, flush: bool) -> Result<(), Failure> {
        let bot = self.bot();
        let stop = if std::mem::take(&mut bot.pondering) {
            bot.send(&protocol::stop())
        } else {
            Ok(())
        };
        stop.and_then(|()| bot.send(line))
            .and_then(|()| if flush { bot.flush() } else { Ok(()) })
            .map_err(|e| (FaultKind::Closed, format!("{e}; sending {}", excerpt(line))))
    }

    /// The time of the next request: the budget or the clock's time left, and for a 1.1 bot
    /// the control and limits.
    fn ask_time(&mut self) -> Ask {
        let limit = self.clock.limit();
        let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        let v1_1 = self.bot.as_ref().is_some_and(|(_, h)| h.speaks_1_1());
        Ask {
            budget_ms: ms(limit),
            time: v1_1.then(|| AskTime {
                control: self.clock.control(),
                left_ms: ms(limit),
                increment_ms: ms(self.clock.increment()),
                iterations: self.spec.iterations,
                nodes: self.spec.nodes,
            }),
        }
    }

    /// What a timeout says of the time the decision had.
    fn time_had(&self, ask: &Ask) -> String {
        match self.clock {
            Clock::Budget(_) => format!("within its budget of {} ms", ask.budget_ms),
            Clock::Running { setting, .. } => format!(
                "before its {} clock ran out ({} ms left)",
                setting.per.name(),
                ask.budget_ms
            ),
        }
    }

    /// Asks the bot for `seat`'s decision in `state`.
    fn ask<G: Observable>(&mut self, state: &G, seat: Seat) -> Result<Action, Failure> {
        self.bot();
        if let Some(f) = self.stray() {
            match self.answered() {
                Some(a) if self.earlier(a) => self.late(a, f),
                _ => return Err(f),
            }
        }
        let id = self.bot().next_decision();
        self.info.clear();
        let legal = state.legal_actions();
        let ask = self.ask_time();
        let request = protocol::decide(id, seat, state, &ask);
        self.send(&request, true)?;
        let asked = Instant::now();
        let deadline = asked + self.clock.limit();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.bot().read(left) {
                Ok(l) => l,
                Err(ReadError::Timeout(_)) => {
                    return Err((
                        FaultKind::Timeout,
                        format!(
                            "timed out: no answer to decision {id} {}",
                            self.time_had(&ask)
                        ),
                    ));
                }
                Err(ReadError::TooLong) => {
                    return Err((
                        FaultKind::Malformed,
                        format!(
                            "{} answering decision {id}",
                            read_error(&ReadError::TooLong)
                        ),
                    ));
                }
                Err(e) => {
                    return Err((
                        FaultKind::Closed,
                        format!("{} waiting for the answer to decision {id}", read_error(&e)),
                    ));
                }
            };
            match protocol::read_answer(&line, id, seat, legal) {
                Ok(Answer::Info(v)) => self.info.push(v),
                Ok(Answer::Action(a)) => {
                    self.clock.spend(asked.elapsed());
                    let (match_index, hand) = (self.match_index, self.hand);
                    self.bot().answered = Some(Answered {
                        id,
                        match_index,
                        hand,
                    });
                    if self.spec.ponder {
                        // The bot may think on the others' turns, until the next line to it.
                        self.send(&protocol::ponder(), true)?;
                        self.bot().pondering = true;
                    }
                    return Ok(a);
                }
                // A second answer to the bot's last decision of an earlier hand, come late.
                Err((FaultKind::WrongId, _))
                    if self.answered().is_some_and(|a| {
                        self.earlier(a) && protocol::answered_id(&line) == Some(a.id)
                    }) =>
                {
                    let a = self.answered().expect("checked");
                    let what = format!(
                        "a second answer to decision {}, read at decision {id}",
                        a.id
                    );
                    self.late(a, (FaultKind::Stray, format!("{what}: {}", excerpt(&line))));
                }
                Err((kind, e)) => return Err((kind, format!("{e}: {}", excerpt(&line)))),
            }
        }
    }

    /// Tells the bot `line` unless it forfeited the hand; a fault forfeits the hand or aborts.
    fn tell(&mut self, seat: Seat, line: &str, flush: bool) {
        if !self.forfeited
            && let Err(f) = self.send(line, flush)
        {
            self.fail(seat, f);
        }
    }
}

/// What a bot that has just forfeited answers: the first legal action, which the table does not
/// play (it concedes the hand instead, see [`Agent::forfeited`]).
fn stand_in<G: Observable>(state: &G) -> Action {
    state
        .legal_actions()
        .nth(0)
        .expect("a seat to act has a legal action")
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
        self.seat = Some(seat);
        if !self.in_match {
            self.abort((
                FaultKind::Start,
                "external bots play only where a table shows them the game \
                 (simulate, run, tournament); this command asks for decisions out of play"
                    .into(),
            ));
        }
        if !self.forfeited {
            match self.ask(state, seat) {
                Ok(a) => return a,
                Err(f) => self.fail(seat, f),
            }
        }
        stand_in(state)
    }

    fn observes(&self) -> bool {
        true
    }

    fn forfeited(&self) -> bool {
        self.forfeited
    }

    fn take_info(&mut self) -> Vec<serde_json::Value> {
        std::mem::take(&mut self.info)
    }

    fn observe(&mut self, seat: Seat, event: &TableEvent<'_, G>) {
        self.seat = Some(seat);
        match event {
            TableEvent::HandStart {
                table,
                before,
                state,
            } => {
                // A line written after the last hand ended is that hand's fault.
                if !self.forfeited
                    && let Some(a) = self.answered()
                    && let Some(f) = self.stray()
                {
                    self.late(a, f);
                }
                if std::mem::take(&mut self.stale)
                    && let Some((mut p, _)) = self.bot.take()
                {
                    p.kill();
                    self.forfeited = true;
                }
                self.hand = Some(before.hands_dealt);
                self.clock
                    .reset_for(if !self.in_match || before.hands_dealt == 0 {
                        ClockPer::Match
                    } else {
                        ClockPer::Hand
                    });
                // A bot that forfeited the last hand is restarted and told the match again.
                if !self.in_match || before.hands_dealt == 0 || self.forfeited {
                    self.forfeited = false;
                    self.match_index = Some(table.match_index);
                    self.bot().restart_decisions();
                    let hello = &self.bot.as_ref().expect("started").1;
                    let game = table.game.name();
                    if !hello.supports(game, table.players) {
                        let msg = format!(
                            "it does not play {game} with {} players (it plays {})",
                            table.players,
                            hello.supported()
                        );
                        self.abort((FaultKind::Unsupported, msg));
                    }
                    self.in_match = true;
                    self.n_sides = state.sides().num_sides();
                    self.tell(seat, &protocol::match_start(table, seat, *state), false);
                }
                self.tell(seat, &protocol::hand_start(before, seat, *state), false);
            }
            TableEvent::Step { record, .. } => {
                self.tell(seat, &protocol::step(record, seat), false)
            }
            TableEvent::HandEnd { played, result, .. } => {
                self.tell(seat, &protocol::hand_end(played, result), false);
                // A line the bot has written since its last answer is this hand's fault.
                if !self.forfeited
                    && let Some(f) = self.stray()
                {
                    self.fail(seat, f);
                }
            }
            TableEvent::MatchEnd { end } => {
                if self.in_match && !self.forfeited {
                    let line = protocol::match_end(end, self.n_sides);
                    if let Err(f) = self.send(&line, true) {
                        if self.spec.on_fault == OnFault::Abort {
                            self.abort(f);
                        }
                        // The match is over and scored: nothing is left to forfeit.
                        let mut fault = self.bot_fault(f);
                        self.kill_for(&mut fault);
                        eprintln!("tricklab: after the match: {fault}");
                    }
                }
                self.in_match = false;
                self.forfeited = false;
            }
        }
    }
}
