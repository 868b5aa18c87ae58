//! The double-dummy solver: full value (fresh table) of fixed random deals, as DDS is
//! measured.
//!
//! - Whist: 52 cards, one trump suit (cycling C D H S), one leader (cycling), 100 deals;
//! - Catch the Ten: 4 players in two teams, 36 cards, full points value, 100 deals;
//! - 9-5-2: after the kitty (48 cards), tricks for the seat on lead against the other two,
//!   100 deals.
//!
//! Criterion times one solve per iteration, cycling through the deals. Before that, each
//! deal is solved once and timed on its own, and the median over the deals (the figure the
//! targets are stated in), the mean and the maximum are printed.
//!
//! With `TRICKLAB_BENCH_DEALS=<file>` set, the Whist deals are also written to that file, one
//! per line as `hands of seats 0/1/2/3 | trumps | leader`, for timing DDS on the same deals
//! with `tools/dds_reference/dds_time.cpp`.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use tricklab::solver::{Position, Solver};

#[path = "common/solver_deals.rs"]
mod solver_deals;

use solver_deals::{DEALS, GAMES, bench_deals};

/// The positions of game `name`; the Whist deals are also written to the file named by
/// `TRICKLAB_BENCH_DEALS`, if set.
fn positions(name: &str) -> Vec<Position> {
    let deals = bench_deals(name);
    if name == "whist_52"
        && let Some(path) = std::env::var_os("TRICKLAB_BENCH_DEALS")
    {
        let lines: Vec<String> = deals
            .iter()
            .map(|d| {
                let hands: Vec<String> = d.hands.iter().map(|h| h.to_string()).collect();
                format!("{} | {} | {}", hands.join(" / "), d.trump, d.leader.index())
            })
            .collect();
        std::fs::write(&path, lines.join("\n") + "\n").expect("the deals file is writable");
    }
    deals.into_iter().map(|d| d.position).collect()
}

fn bench(c: &mut Criterion) {
    for name in GAMES {
        let deals = positions(name);
        let mut solver = Solver::new();
        let mut times: Vec<f64> = deals
            .iter()
            .map(|p| {
                solver.clear();
                let t = Instant::now();
                black_box(solver.value(p));
                t.elapsed().as_secs_f64() * 1e3
            })
            .collect();
        times.sort_by(f64::total_cmp);
        println!(
            "{name}: median {:.3} ms per solve over {DEALS} deals (mean {:.2} ms, max {:.1} ms)",
            times[DEALS / 2],
            times.iter().sum::<f64>() / DEALS as f64,
            times[DEALS - 1]
        );
        let mut k = 0;
        let mut group = c.benchmark_group("solver");
        group.sample_size(10);
        group.bench_function(name, |b| {
            b.iter(|| {
                solver.clear();
                k = (k + 1) % DEALS;
                black_box(solver.value(&deals[k]))
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
