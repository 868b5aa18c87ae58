//! ISMCTS iterations per second at Whist's first card, for the rate against tree size (10k to
//! 1M iterations) and against threads. One line per (iterations, threads): wall it/s, CPU it/s
//! (process CPU time from `/proc/self/stat`, so a loaded machine shows in the gap), nodes,
//! tree bytes per iteration and heap allocations per iteration (counted by this program's
//! allocator). Random rollouts, seed fixed: each search runs exactly its budget.
//!
//! `cargo run --release --example ismcts_rate -- [iterations,…] [threads,…] [total]`,
//! e.g. `-- 10000,100000,1000000 1,2 2000000`. Each line runs searches of its size until
//! `total` iterations are done (at least one search) and reports the totals: CPU time is read
//! in clock ticks (10 ms), so short runs would round badly.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use tricklab::agents::ismcts::{Ismcts, IsmctsParams, node_bytes};
use tricklab::games::whist::{self, Whist};
use tricklab::games::{Game, Seat};
use tricklab::rng::{Purpose, stream};

/// Counts allocations, then hands them to the system allocator.
struct Counting;

static ALLOCS: AtomicU64 = AtomicU64::new(0);

// SAFETY: forwards every call unchanged to `System`.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is passed on.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The process's user + system CPU time in seconds (all threads, finished ones included).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // Fields 14 and 15 of stat(5); `after` starts at field 3. Clock ticks are 100 a second.
    (ticks(11) + ticks(12)) / 100.0
}

fn list(arg: Option<String>, default: &[u64]) -> Vec<u64> {
    match arg {
        None => default.to_vec(),
        Some(text) => text
            .split(',')
            .map(|x| {
                x.trim().parse().unwrap_or_else(|_| {
                    eprintln!("error: `{x}` is not a whole number (expected e.g. 10000,100000)");
                    std::process::exit(2)
                })
            })
            .collect(),
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let iterations = list(args.next(), &[10_000, 100_000, 1_000_000]);
    let threads = list(args.next(), &[1]);
    let total = list(args.next(), &[2_000_000])[0];
    let setup = whist::Setup::new(4, whist::Options::default()).expect("standard whist");
    let state = Whist::deal(
        setup,
        Seat(3),
        &[0, 0],
        &mut stream(6, 1, Purpose::Other, 0),
    );
    let seat = state.to_act().expect("first card");
    println!(
        "whist first card, random rollouts, {} bytes per node; {total} iterations a line",
        node_bytes()
    );
    println!(
        "{:>9} {:>7} {:>12} {:>12} {:>10} {:>10} {:>12} {:>8}",
        "iters", "threads", "wall it/s", "cpu it/s", "nodes", "B/iter", "allocs/iter", "choice"
    );
    for &n in &iterations {
        for &t in &threads {
            let params = IsmctsParams {
                iterations: n as u32,
                threads: t as u32,
                ..IsmctsParams::default()
            };
            let mut agent = Ismcts::<Whist>::new(params).expect("random rollouts");
            // A warm-up search grows the trees' arenas to size.
            agent.search(&state, seat, &mut stream(5, 0, Purpose::Agent, 0));
            let searches = total.div_ceil(n).max(1);
            let allocs = ALLOCS.load(Ordering::Relaxed);
            let cpu = cpu_seconds();
            let started = Instant::now();
            let mut choice = String::new();
            for _ in 0..searches {
                let mut rng = stream(5, 0, Purpose::Agent, 0);
                let ranked = agent.search(&state, seat, &mut rng);
                assert_eq!(agent.stats().iterations, n, "the search ran its budget");
                choice = format!("{:?}", ranked[0].action);
            }
            let wall = started.elapsed().as_secs_f64();
            let cpu = cpu_seconds() - cpu;
            let allocs = ALLOCS.load(Ordering::Relaxed) - allocs;
            let st = agent.stats();
            let done = (searches * n) as f64;
            let best = (
                done / wall,
                if cpu > 0.0 { done / cpu } else { f64::NAN },
                st.nodes,
                allocs as f64 / done,
                st.slots,
            );
            println!(
                "{n:>9} {t:>7} {:>12.0} {:>12.0} {:>10} {:>10.1} {:>12.4} {choice:>8}",
                best.0,
                best.1,
                best.2,
                best.4 as f64 * node_bytes() as f64 / n as f64,
                best.3
            );
        }
    }
}
