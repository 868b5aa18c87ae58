//! Time controls for external bots (`docs/bot-protocol.md`): a budget for each decision (the
//! default), or a clock per hand or per match with an increment, as chess clocks run.
//!
//! A clock starts with its base time at the start of each hand (`hand:`) or match (`match:`);
//! each decision's thinking time (from the `decide` being sent to the answer read) is taken off
//! it, and the increment is added after each answer (Fischer's increment). A decision may take
//! at most the time left; a bot whose clock runs out has timed out. Thinking times are
//! measured, so they vary from run to run: they appear in requests and records only, never in
//! byte-compared results.

use std::fmt;
use std::time::Duration;

/// What a clock is reset for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockPer {
    /// Every hand starts with the base time.
    Hand,
    /// Every match starts with the base time.
    Match,
}

impl ClockPer {
    /// How the spec and the protocol write it: `hand` or `match`.
    pub const fn name(self) -> &'static str {
        match self {
            ClockPer::Hand => "hand",
            ClockPer::Match => "match",
        }
    }
}

/// A clock's setting: `hand:60000+100` is 60 s a hand and 100 ms more after each decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockSetting {
    /// When the clock is reset to its base time.
    pub per: ClockPer,
    /// The base time in milliseconds.
    pub base_ms: u64,
    /// Milliseconds added after each decision.
    pub increment_ms: u64,
}

/// The most milliseconds a clock's base time or increment may be (an hour).
pub const MAX_MS: u64 = 3_600_000;

impl ClockSetting {
    /// What a `clock=` value may be, for messages.
    pub const ALLOWED: &'static str = "`hand:MS` or `match:MS`, optionally `+MS` of increment (milliseconds up to 3600000; base at least 1)";

    /// Reads `hand:MS[+INC]` or `match:MS[+INC]`.
    pub fn parse(text: &str) -> Option<ClockSetting> {
        let (per, rest) = text.split_once(':')?;
        let per = match per.trim() {
            "hand" => ClockPer::Hand,
            "match" => ClockPer::Match,
            _ => return None,
        };
        let (base, inc) = rest.split_once('+').unwrap_or((rest, "0"));
        let ms = |s: &str| s.trim().parse::<u64>().ok().filter(|&v| v <= MAX_MS);
        let (base_ms, increment_ms) = (ms(base).filter(|&b| b > 0)?, ms(inc)?);
        Some(ClockSetting {
            per,
            base_ms,
            increment_ms,
        })
    }
}

impl fmt::Display for ClockSetting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.per.name(), self.base_ms)?;
        if self.increment_ms > 0 {
            write!(f, "+{}", self.increment_ms)?;
        }
        Ok(())
    }
}

/// One seat's time: a fixed budget per decision, or a running clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// Each decision has `budget` at most.
    Budget(Duration),
    /// A clock with `left` on it now.
    Running {
        /// Its setting.
        setting: ClockSetting,
        /// The time left now.
        left: Duration,
    },
}

impl Clock {
    /// A fresh clock: `setting`'s base time, or the fixed `budget_ms` without one.
    pub fn new(setting: Option<ClockSetting>, budget_ms: u64) -> Clock {
        match setting {
            Some(s) => Clock::Running {
                setting: s,
                left: Duration::from_millis(s.base_ms),
            },
            None => Clock::Budget(Duration::from_millis(budget_ms)),
        }
    }

    /// The most the next decision may take.
    pub fn limit(&self) -> Duration {
        match *self {
            Clock::Budget(b) => b,
            Clock::Running { left, .. } => left,
        }
    }

    /// How the protocol names the control: `decision`, `hand` or `match`.
    pub fn control(&self) -> &'static str {
        match self {
            Clock::Budget(_) => "decision",
            Clock::Running { setting, .. } => setting.per.name(),
        }
    }

    /// The increment after each decision (none for a fixed budget).
    pub fn increment(&self) -> Duration {
        match self {
            Clock::Budget(_) => Duration::ZERO,
            Clock::Running { setting, .. } => Duration::from_millis(setting.increment_ms),
        }
    }

    /// Takes a decision's thinking time off the clock and adds the increment.
    pub fn spend(&mut self, took: Duration) {
        if let Clock::Running { setting, left } = self {
            *left = left.saturating_sub(took) + Duration::from_millis(setting.increment_ms);
        }
    }

    /// Resets the clock to its base time where `per` is its period (a new hand or match).
    pub fn reset_for(&mut self, per: ClockPer) {
        if let Clock::Running { setting, left } = self
            && (setting.per == per || per == ClockPer::Match)
        {
            *left = Duration::from_millis(setting.base_ms);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_settings_read_and_print_back() {
        let c = ClockSetting::parse("hand:60000+100").unwrap();
        assert_eq!(
            (c.per, c.base_ms, c.increment_ms),
            (ClockPer::Hand, 60000, 100)
        );
        assert_eq!(c.to_string(), "hand:60000+100");
        assert_eq!(
            ClockSetting::parse("match:500").unwrap().to_string(),
            "match:500"
        );
        for bad in [
            "hand",
            "day:5",
            "hand:0",
            "hand:x",
            "match:5+y",
            "hand:3600001",
        ] {
            assert_eq!(ClockSetting::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_clock_loses_the_thinking_time_gains_the_increment_and_resets() {
        let s = ClockSetting::parse("hand:1000+50").unwrap();
        let mut c = Clock::new(Some(s), 7);
        c.spend(Duration::from_millis(300));
        assert_eq!(c.limit(), Duration::from_millis(750));
        c.spend(Duration::from_millis(5000));
        assert_eq!(c.limit(), Duration::from_millis(50), "never below zero");
        c.reset_for(ClockPer::Hand);
        assert_eq!(c.limit(), Duration::from_millis(1000));
        let mut m = Clock::new(ClockSetting::parse("match:1000"), 7);
        m.spend(Duration::from_millis(400));
        m.reset_for(ClockPer::Hand);
        assert_eq!(
            m.limit(),
            Duration::from_millis(600),
            "a match clock runs on"
        );
        m.reset_for(ClockPer::Match);
        assert_eq!(m.limit(), Duration::from_millis(1000));
        let mut b = Clock::new(None, 7);
        b.spend(Duration::from_millis(5));
        assert_eq!(
            (b.limit(), b.control()),
            (Duration::from_millis(7), "decision")
        );
    }
}
