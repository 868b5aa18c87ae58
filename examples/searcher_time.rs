//! CPU time per decision (this thread's time on a CPU, from `/proc/thread-self/schedstat`, so
//! that a loaded machine does not inflate it) of a searcher at seat 0 of Whist, the other seats B0 (`rules`), by how
//! many cards seat 0 holds (13 = the first card). Decisions with one legal card are skipped.
//! Measured with the table's events shown, so `infer=…` agents infer.
//!
//! `cargo run --release --example searcher_time -- SPEC [hands]`, e.g.
//! `-- "alphamu:m=2,worlds=20" 2`.

use std::sync::{Arc, Mutex};

use tricklab::agents::{
    Agent, AgentSpec, TableEvent, build_agent, play_seated, seat_agents, table_info,
};
use tricklab::games::matches::MatchState;
use tricklab::games::whist::{Options, Setup, Whist};
use tricklab::games::{Game, Seat};
use tricklab::rng::{GameRng, Purpose, stream};

/// Nanoseconds this thread has run on a CPU (Linux); 0 where unknown.
fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// An agent that times another's decisions with more than one legal card.
struct Timed {
    inner: Box<dyn Agent<Whist>>,
    /// Seconds and decisions, by cards held.
    by_cards: Arc<Mutex<[(f64, u32); 14]>>,
}

impl Agent<Whist> for Timed {
    fn choose(&mut self, state: &Whist, seat: Seat, rng: &mut GameRng) -> tricklab::games::Action {
        let start = thread_cpu_ns();
        let a = self.inner.choose(state, seat, rng);
        let spent = thread_cpu_ns().saturating_sub(start) as f64 * 1e-9;
        if state.legal_actions().len() > 1 {
            let mut by_cards = self.by_cards.lock().expect("not poisoned");
            let slot = &mut by_cards[state.hand(seat).len()];
            slot.0 += spent;
            slot.1 += 1;
        }
        a
    }

    fn observes(&self) -> bool {
        self.inner.observes()
    }

    fn observe(&mut self, seat: Seat, event: &TableEvent<'_, Whist>) {
        self.inner.observe(seat, event);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let spec: AgentSpec = args
        .get(1)
        .map_or("pimc:worlds=20", String::as_str)
        .parse()
        .expect("an agent spec");
    let hands: u64 = args.get(2).and_then(|h| h.parse().ok()).unwrap_or(2);
    let rules = Setup::new(4, Options::default()).expect("standard whist");
    let b0: AgentSpec = "rules".parse().expect("rules");
    let by_cards = Arc::new(Mutex::new([(0.0, 0u32); 14]));
    for hand in 0..hands {
        let mut agents: Vec<Box<dyn Agent<Whist>>> = vec![Box::new(Timed {
            inner: build_agent::<Whist>(&spec).expect("an agent for Whist"),
            by_cards: Arc::clone(&by_cards),
        })];
        agents.extend((1..4).map(|_| build_agent::<Whist>(&b0).expect("B0")));
        let mut rngs: Vec<GameRng> = (0..4).map(|s| stream(9, hand, Purpose::Agent, s)).collect();
        play_seated(
            &rules,
            &table_info(&rules, hand),
            MatchState::new(Seat(3)),
            &mut stream(9, hand, Purpose::Deal, 0),
            1,
            &mut seat_agents(&mut agents, |s| s),
            &mut rngs,
            |_| {},
        );
    }
    let by_cards = *by_cards.lock().expect("not poisoned");
    println!("{spec}: CPU seconds per decision by cards held (decisions)");
    for cards in (1..=13).rev() {
        let (s, n) = by_cards[cards];
        if n > 0 {
            println!("  {cards:2} cards: {:.4} s ({n})", s / f64::from(n));
        }
    }
}
