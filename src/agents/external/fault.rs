//! Bot faults: what broke the protocol, the one-line error of `on_fault = "abort"`, and the
//! journal of forfeits (`on_fault = "forfeit"`) that the runner playing the hand takes to
//! record them with its rows.

use std::cell::RefCell;
use std::fmt;

use thiserror::Error;

use crate::games::Seat;

/// What kind of fault a bot made; [`FaultKind::name`] is how results write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// It could not be started, or its handshake failed.
    Start,
    /// It does not play the game with this many players.
    Unsupported,
    /// The spec asks for what the bot does not offer: an option it does not declare, a value
    /// its declaration does not allow, or a 1.1 feature of a 1.0 bot. The user's error (exit
    /// code 2), not the bot's.
    Option,
    /// No answer within the decision's budget.
    Timeout,
    /// It closed its output or its input (it exited or crashed).
    Closed,
    /// A line that is not the JSON message expected.
    Malformed,
    /// An answer to another decision than the open one.
    WrongId,
    /// An answer for another seat than the one to act.
    OtherSeat,
    /// An action that is not legal (or not an action of this decision).
    Illegal,
    /// A line written when nothing was asked (after the answer to a decision: a second
    /// answer, say).
    Stray,
}

impl FaultKind {
    /// The kind as results write it: `timeout`, `closed`, `malformed`, …
    pub const fn name(self) -> &'static str {
        match self {
            FaultKind::Start => "start",
            FaultKind::Unsupported => "unsupported",
            FaultKind::Option => "option",
            FaultKind::Timeout => "timeout",
            FaultKind::Closed => "closed",
            FaultKind::Malformed => "malformed",
            FaultKind::WrongId => "wrong_id",
            FaultKind::OtherSeat => "other_seat",
            FaultKind::Illegal => "illegal",
            FaultKind::Stray => "stray",
        }
    }

    /// Whether `on_fault = "forfeit"` may forfeit the hand and go on. A bot that cannot start
    /// or does not play the game would fault in every hand: that stops the run under either
    /// policy.
    pub const fn forfeitable(self) -> bool {
        !matches!(
            self,
            FaultKind::Start | FaultKind::Unsupported | FaultKind::Option
        )
    }

    /// Whether the fault is the user's bad input rather than the bot's (exit code 2).
    pub const fn is_users(self) -> bool {
        matches!(self, FaultKind::Option)
    }
}

impl fmt::Display for FaultKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

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
    /// What kind of fault.
    pub kind: FaultKind,
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

/// A hand a bot forfeited: its fault and the seat it sat at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forfeit {
    /// The bot's seat.
    pub seat: Seat,
    /// The fault (its match and hand say which hand was forfeited).
    pub fault: BotFault,
}

thread_local! {
    /// The forfeits of the hands played on this thread, until taken.
    static JOURNAL: RefCell<Vec<Forfeit>> = const { RefCell::new(Vec::new()) };
}

/// Notes a forfeit for the runner of its hand.
pub(super) fn note_forfeit(f: Forfeit) {
    JOURNAL.with(|j| j.borrow_mut().push(f));
}

/// Takes the forfeits of hand `hand` of match `match_index` noted on this thread (the thread
/// that played the hand), in the order they happened.
pub fn take_forfeits(match_index: u64, hand: u32) -> Vec<Forfeit> {
    JOURNAL.with(|j| {
        let mut j = j.borrow_mut();
        let (mine, rest): (Vec<Forfeit>, Vec<Forfeit>) = j
            .drain(..)
            .partition(|f| f.fault.match_index == Some(match_index) && f.fault.hand == Some(hand));
        *j = rest;
        mine
    })
}
