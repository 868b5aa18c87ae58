//! A stop flag for searches, per thread: a caller that may abandon a decision (Python's
//! Ctrl-C, see `python/src/interrupt.rs`) sets it on the threads that play with
//! [`stop_searches_on`]; a search started on such a thread ends early once the flag is set
//! (ISMCTS within 64 iterations, PIMC at its next world; αμ does not check it) and its choice
//! is then not to be used. Unset, searches run their whole budget as before, with the same
//! results.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

thread_local! {
    static STOP: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// From now on, searches started on this thread end early once `stop` is set (`None`: they
/// never do).
pub fn stop_searches_on(stop: Option<Arc<AtomicBool>>) {
    STOP.with(|s| *s.borrow_mut() = stop);
}

/// This thread's stop flag, for a search to check (and to hand to its own threads).
pub(crate) fn search_stop() -> Option<Arc<AtomicBool>> {
    STOP.with(|s| s.borrow().clone())
}

/// Whether `stop` is set.
pub(crate) fn stopped(stop: Option<&AtomicBool>) -> bool {
    stop.is_some_and(|s| s.load(Ordering::Relaxed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_is_per_thread() {
        let flag = Arc::new(AtomicBool::new(true));
        stop_searches_on(Some(flag.clone()));
        assert!(stopped(search_stop().as_deref()));
        std::thread::spawn(|| assert!(search_stop().is_none()))
            .join()
            .unwrap();
        stop_searches_on(None);
        assert!(!stopped(search_stop().as_deref()));
    }

    #[test]
    fn a_set_flag_ends_an_ismcts_search_on_every_thread() {
        use crate::agents::ismcts::Ismcts;
        use crate::agents::{Agent as _, AgentSpec};
        use crate::games::whist::{self, Whist};
        use crate::games::{Game as _, Seat};
        use crate::rng::{Purpose, stream};

        let setup = whist::Setup::new(4, whist::Options::default()).unwrap();
        let s = Whist::deal(
            setup,
            Seat(0),
            &[0, 0],
            &mut stream(21, 0, Purpose::Deal, 0),
        );
        let seat = s.to_act().unwrap();
        for threads in [1, 2] {
            let spec = format!("ismcts:iterations=100000000,threads={threads}");
            let AgentSpec::Ismcts(p) = spec.parse::<AgentSpec>().unwrap() else {
                unreachable!()
            };
            let mut a = Ismcts::<Whist>::new(*p).unwrap();
            let flag = Arc::new(AtomicBool::new(true));
            stop_searches_on(Some(flag));
            let action = a.choose(&s, seat, &mut stream(4, 0, Purpose::Agent, 0));
            stop_searches_on(None);
            assert_eq!(a.stats().iterations, 0, "{spec}");
            assert!(s.legal_actions().iter().any(|x| x == action));
        }
    }
}
