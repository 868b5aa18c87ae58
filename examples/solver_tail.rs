//! The solver's tail on 9-5-2: the bench's 100 deals (`benches/solver.rs`, `nine_five_two_48`:
//! after the kitty, 48 cards, the seat on lead against the other two), each solved once with a
//! fresh table, one line per deal with its value, positions visited and time; then the worst,
//! median and mean time.
//!
//! `cargo run --release --example solver_tail -- [first] [count]` (by default all 100; the
//! table's size as `TRICKLAB_TT_BITS`, by default the solver's). The
//! lines are the same for a solver that searches the same positions, so two builds compare
//! with `diff` (the times aside).

use std::time::Instant;

use tricklab::cards::{Card, CardSet, Deck, Suit};
use tricklab::games::{Seat, Sides, TrumpOrder};
use tricklab::rng::{GameRng, Purpose, below, stream};
use tricklab::solver::{Position, Scoring, Solver};

/// Deals, as in the bench.
const DEALS: usize = 100;

/// `per` cards of `pack` for each of `seats` hands, at random (the bench's dealer).
fn deal(pack: Deck, seats: usize, per: usize, rng: &mut GameRng) -> Vec<CardSet> {
    let mut order: Vec<Card> = pack.cards().iter().collect();
    for i in (1..order.len()).rev() {
        order.swap(i, below(rng, i as u32 + 1) as usize);
    }
    (0..seats)
        .map(|s| order[s * per..(s + 1) * per].iter().copied().collect())
        .collect()
}

/// The bench's 9-5-2 positions, drawn from the same stream in the same order.
fn positions() -> Vec<Position> {
    let name = "nine_five_two_48";
    let sides = Sides::alone(3);
    let mut rng = stream(2026, 0, Purpose::Other, name.len() as u64);
    (0..DEALS)
        .map(|i| {
            let trump = Suit::from_index(i % 4);
            let hands = deal(Deck::Full52, 3, 16, &mut rng);
            let leader = Seat((i % 3) as u8);
            Position::new(
                &hands,
                Some(trump),
                TrumpOrder::ACES_HIGH,
                leader,
                sides,
                sides.side(leader),
                Scoring::Tricks,
            )
            .expect("a valid deal")
        })
        .collect()
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("usage: solver_tail [first] [count]"))
        .collect();
    let first = args.first().copied().unwrap_or(0).min(DEALS);
    let count = args.get(1).copied().unwrap_or(DEALS - first);
    let deals = positions();
    let bits = std::env::var("TRICKLAB_TT_BITS")
        .ok()
        .and_then(|b| b.parse().ok())
        .unwrap_or(tricklab::solver::DEFAULT_TT_BITS);
    let mut solver = Solver::with_table_bits(bits);
    let mut times = Vec::new();
    for (i, p) in deals.iter().enumerate().skip(first).take(count) {
        solver.clear();
        solver.reset_stats();
        let t = Instant::now();
        let v = solver.value(p);
        let ms = t.elapsed().as_secs_f64() * 1e3;
        let s = solver.stats();
        println!(
            "deal {i:3}: value {v:2} nodes {:10} trick_nodes {:9} tests {:2} ({ms:.1} ms)",
            s.nodes, s.trick_nodes, s.tests
        );
        times.push(ms);
    }
    if times.is_empty() {
        return;
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{} deals: worst {:.1} ms, median {:.2} ms, mean {:.2} ms",
        times.len(),
        times[times.len() - 1],
        times[times.len() / 2],
        times.iter().sum::<f64>() / times.len() as f64
    );
}
