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

use tricklab::solver::Solver;

#[path = "../benches/common/solver_deals.rs"]
mod solver_deals;

use solver_deals::DEALS;

/// The bench's 9-5-2 positions.
fn positions() -> Vec<tricklab::solver::Position> {
    solver_deals::positions("nine_five_two_48")
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
