//! The wall clock of an agent's decisions: every `choose` call timed, for the tournament's
//! `timing.csv`. Machine-dependent by nature, so it never enters a seed-reproducible file.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use crate::agents::{Agent, TableEvent};
use crate::games::{Action, Game, Seat};
use crate::rng::GameRng;

/// Decisions counted and the nanoseconds they took, shared by the seats one agent fills.
#[derive(Debug, Default)]
pub struct DecisionClock {
    nanos: AtomicU64,
    decisions: AtomicU64,
}

/// What a [`DecisionClock`] read: decisions and their total wall time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DecisionTime {
    /// `choose` calls.
    pub decisions: u64,
    /// Their total wall time in nanoseconds.
    pub nanos: u64,
}

impl DecisionTime {
    /// Both counts summed.
    pub fn plus(self, other: DecisionTime) -> DecisionTime {
        DecisionTime {
            decisions: self.decisions + other.decisions,
            nanos: self.nanos + other.nanos,
        }
    }

    /// The mean seconds per decision (`None` without decisions).
    pub fn mean_seconds(self) -> Option<f64> {
        (self.decisions > 0).then(|| self.nanos as f64 * 1e-9 / self.decisions as f64)
    }
}

impl DecisionClock {
    /// What the clock has counted so far.
    pub fn read(&self) -> DecisionTime {
        DecisionTime {
            decisions: self.decisions.load(Ordering::Relaxed),
            nanos: self.nanos.load(Ordering::Relaxed),
        }
    }

    fn add(&self, nanos: u64) {
        self.nanos.fetch_add(nanos, Ordering::Relaxed);
        self.decisions.fetch_add(1, Ordering::Relaxed);
    }
}

/// An agent whose every decision is timed on `clock`; it plays exactly as the agent it wraps.
pub struct Timed<G: Game> {
    inner: Box<dyn Agent<G>>,
    clock: Arc<DecisionClock>,
}

impl<G: Game> Timed<G> {
    /// Wraps `inner`, timing it on `clock`.
    pub fn new(inner: Box<dyn Agent<G>>, clock: Arc<DecisionClock>) -> Timed<G> {
        Timed { inner, clock }
    }
}

impl<G: Game> Agent<G> for Timed<G> {
    fn choose(&mut self, state: &G, seat: Seat, rng: &mut GameRng) -> Action {
        let start = Instant::now();
        let action = self.inner.choose(state, seat, rng);
        self.clock
            .add(u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX));
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

    fn take_info(&mut self) -> Vec<serde_json::Value> {
        self.inner.take_info()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::{AgentSpec, build_agent};
    use crate::games::catch_the_ten::{CatchTheTen, Options, Setup};
    use crate::rng::{Purpose, stream};

    #[test]
    fn a_timed_agent_counts_each_decision_and_plays_as_the_agent_it_wraps() {
        let setup = Setup::new(4, Options::default()).unwrap();
        let game = CatchTheTen::deal(
            setup,
            Seat(0),
            &[0, 0],
            &mut stream(1, 0, Purpose::Other, 0),
        );
        let clock = Arc::new(DecisionClock::default());
        let mut timed = Timed::new(
            build_agent::<CatchTheTen>(&AgentSpec::Random).unwrap(),
            clock.clone(),
        );
        let mut plain = build_agent::<CatchTheTen>(&AgentSpec::Random).unwrap();
        let seat = game.to_act().unwrap();
        for i in 0..5 {
            let mut a = stream(3, i, Purpose::Other, 0);
            let mut b = stream(3, i, Purpose::Other, 0);
            assert_eq!(
                timed.choose(&game, seat, &mut a),
                plain.choose(&game, seat, &mut b)
            );
        }
        let t = clock.read();
        assert_eq!(t.decisions, 5);
        assert!(t.mean_seconds().is_some());
        assert_eq!(DecisionTime::default().mean_seconds(), None);
    }
}
