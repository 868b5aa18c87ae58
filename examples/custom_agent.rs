//! Bring your own Rust agent: implement [`Agent`] in your own crate and play it against
//! tricklab's agents from code, on duplicate deals (every deal played twice, the sides swapped).
//!
//! ```sh
//! cargo run --release --example custom_agent -- 500
//! ```
//!
//! Depends only on tricklab's public API: the `Agent` trait, `build_agent` for tricklab's own
//! agents, and `play_seated` to play a match with agents seated as you choose.

use tricklab::agents::{Agent, AgentSpec, build_agent, play_seated, seat_agents, table_info};
use tricklab::games::matches::MatchState;
use tricklab::games::whist::{Options, Setup, Whist};
use tricklab::games::{Action, Game, Seat};
use tricklab::rng::{GameRng, Purpose, stream};

/// A simple strategy of our own: win the trick as cheaply as possible when last to play,
/// otherwise play the lowest legal card.
struct Cheapest;

impl<G: Game> Agent<G> for Cheapest {
    fn choose(&mut self, state: &G, _seat: Seat, _rng: &mut GameRng) -> Action {
        let legal = state.legal_actions();
        let lowest = legal
            .iter()
            .min_by_key(|a| a.card().map(|c| c.rank()))
            .expect("a decision has a legal action");
        let trick = state.trick();
        if trick.len() + 1 != state.num_seats() {
            return lowest;
        }
        // Last to play: the lowest card that wins the trick, if one does.
        legal
            .iter()
            .filter(|&a| {
                let mut after = state.clone();
                after.apply(a);
                after.tricks_won(state.to_act().expect("to act"))
                    > state.tricks_won(state.to_act().expect("to act"))
            })
            .min_by_key(|a| a.card().map(|c| c.rank()))
            .unwrap_or(lowest)
    }
}

/// Points per seat and hand of `ours` minus those of `theirs` on `deals` duplicate deals.
fn duel(rules: &Setup, theirs: &AgentSpec, deals: u64) -> f64 {
    let n = rules.sides().num_seats();
    let mut total = 0.0;
    for deal in 0..deals {
        for swap in 0..2 {
            // Seats 0 and 2 are side 0; `swap` gives our agent side 0 or side 1.
            let ours_at = |s: usize| (s + swap).is_multiple_of(2);
            let mut agents: Vec<Box<dyn Agent<Whist>>> = (0..n)
                .map(|s| {
                    if ours_at(s) {
                        Box::new(Cheapest) as Box<dyn Agent<Whist>>
                    } else {
                        build_agent::<Whist>(theirs).expect("a valid spec")
                    }
                })
                .collect();
            let mut deal_rng = stream(7, deal, Purpose::Deal, 0);
            let mut rngs: Vec<GameRng> = (0..n as u64)
                .map(|s| stream(7, deal, Purpose::Agent, (swap as u64) << 8 | s))
                .collect();
            play_seated(
                rules,
                &table_info(rules, deal),
                MatchState::new(Seat(0)),
                &mut deal_rng,
                1,
                &mut seat_agents(&mut agents, |s| s),
                &mut rngs,
                |hand| {
                    for s in Seat::all(n) {
                        let p = f64::from(hand.last.seat_points(s)) / 2.0;
                        total += if ours_at(s.index()) { p } else { -p };
                    }
                },
            );
        }
    }
    total / (2.0 * deals as f64)
}

fn main() {
    let deals: u64 = std::env::args()
        .nth(1)
        .map(|a| a.parse().expect("the number of deals"))
        .unwrap_or(200);
    let rules = Setup::new(Setup::PLAYERS, Options::default()).expect("standard whist");
    println!("whist, {deals} duplicate deals: our side's points per hand minus theirs");
    for theirs in ["random", "rules"] {
        let spec: AgentSpec = theirs.parse().expect("a spec");
        println!("  vs {theirs:<8} {:+.3}", duel(&rules, &spec, deals));
    }
}
