//! Agents the check seats to take a bot down the protocol's fault paths without a fault of its
//! own: [`Restarting`] plays the bot but replaces its process before every hand after the
//! first, as a forfeit does (the new process is told `match`, then a hand other than 0);
//! [`Conceding`] concedes a hand at its first decision, as a bot that forfeits does, so that
//! the other seats are told a `hand_end` with `forfeit`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::agents::external::{ExternalAgent, ExternalSpec};
use crate::agents::{Agent, TableEvent};
use crate::games::{Action, Seat};
use crate::knowledge::Observable;
use crate::rng::GameRng;

/// The bot of `spec` at a seat, in a new process at every hand after a match's first.
pub(super) struct Restarting {
    spec: ExternalSpec,
    bot: ExternalAgent,
    restarts: Arc<AtomicU64>,
}

impl Restarting {
    /// The bot of `spec`; each restart adds one to `restarts`.
    pub(super) fn new(spec: &ExternalSpec, restarts: Arc<AtomicU64>) -> Restarting {
        Restarting {
            spec: spec.clone(),
            bot: ExternalAgent::new(spec.clone()),
            restarts,
        }
    }
}

impl<G: Observable> Agent<G> for Restarting {
    fn choose(&mut self, state: &G, seat: Seat, rng: &mut GameRng) -> Action {
        self.bot.choose(state, seat, rng)
    }

    fn observes(&self) -> bool {
        true
    }

    fn observe(&mut self, seat: Seat, event: &TableEvent<'_, G>) {
        if let TableEvent::HandStart { before, .. } = event
            && before.hands_dealt > 0
        {
            // The old process, dropped mid-match, is sent `quit` (and killed if it lingers).
            self.bot = ExternalAgent::new(self.spec.clone());
            self.restarts.fetch_add(1, Ordering::SeqCst);
        }
        Agent::<G>::observe(&mut self.bot, seat, event);
    }

    fn forfeited(&self) -> bool {
        Agent::<G>::forfeited(&self.bot)
    }

    fn take_info(&mut self) -> Vec<serde_json::Value> {
        Agent::<G>::take_info(&mut self.bot)
    }
}

/// A seat that concedes the hand at its first decision while it has concessions left, and
/// otherwise plays the first legal action.
pub(super) struct Conceding {
    left: u32,
    conceded: bool,
}

impl Conceding {
    /// A seat that concedes `hands` hands, the first it decides in.
    pub(super) fn new(hands: u32) -> Conceding {
        Conceding {
            left: hands,
            conceded: false,
        }
    }
}

impl<G: Observable> Agent<G> for Conceding {
    fn choose(&mut self, state: &G, _seat: Seat, _rng: &mut GameRng) -> Action {
        if self.left > 0 {
            self.left -= 1;
            self.conceded = true;
        }
        state
            .legal_actions()
            .nth(0)
            .expect("a seat to act has a legal action")
    }

    fn observes(&self) -> bool {
        true
    }

    fn observe(&mut self, _seat: Seat, event: &TableEvent<'_, G>) {
        if let TableEvent::HandStart { .. } = event {
            self.conceded = false;
        }
    }

    fn forfeited(&self) -> bool {
        self.conceded
    }
}
