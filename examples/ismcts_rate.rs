//! ISMCTS iterations per second at Whist's first card, for the rate against tree size (10k to
//! 1M iterations) and against threads. One line per (iterations, threads): wall it/s, CPU it/s
//! (process CPU time from `/proc/self/stat`, so a loaded machine shows in the gap), nodes,
//! tree bytes per iteration and heap allocations per iteration (counted by this program's
//! allocator). Random rollouts, seed fixed: each search runs exactly its budget.
//!
//! `cargo run --release --example ismcts_rate -- [iterations,…] [threads,…] [total]`,
//! e.g. `-- 10000,100000,1000000 1,2 2000000`. Each line runs searches of its size until
//! `total` iterations are done (at least one search) and reports the totals: CPU time is read
//! in clock ticks (10 ms), so short runs would round badly. A table at the end gives the wall
//! rates side by side: each thread count's speed-up over the first, and each size's rate over
//! the first size's.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

use tricklab::agents::ismcts::{Ismcts, IsmctsParams, node_bytes};
use tricklab::games::whist::{self, Whist};
use tricklab::games::{Game, Seat};
use tricklab::rng::{Purpose, stream};

mod timing;
use timing::{number_list, timed};

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

fn main() {
    let mut args = std::env::args().skip(1);
    let iterations = number_list(args.next(), &[10_000, 100_000, 1_000_000]);
    let threads = number_list(args.next(), &[1]);
    let total = number_list(args.next(), &[2_000_000])[0];
    if iterations
        .iter()
        .chain(&threads)
        .any(|&x| x == 0 || x > u64::from(u32::MAX))
    {
        eprintln!(
            "error: iterations and threads must be whole numbers from 1 to {}",
            u32::MAX
        );
        std::process::exit(2);
    }
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
    let mut wall_rates = Vec::new();
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
            let (choice, took) = timed(|| {
                let mut choice = String::new();
                for _ in 0..searches {
                    let mut rng = stream(5, 0, Purpose::Agent, 0);
                    let ranked = agent.search(&state, seat, &mut rng);
                    assert_eq!(agent.stats().iterations, n, "the search ran its budget");
                    choice = format!("{:?}", ranked[0].action);
                }
                choice
            });
            let allocs = ALLOCS.load(Ordering::Relaxed) - allocs;
            let st = agent.stats();
            let done = (searches * n) as f64;
            let (wall, cpu) = took.rates(done);
            wall_rates.push(wall);
            println!(
                "{n:>9} {t:>7} {wall:>12.0} {cpu:>12.0} {:>10} {:>10.1} {:>12.4} {choice:>8}",
                st.nodes,
                st.slots as f64 * node_bytes() as f64 / n as f64,
                allocs as f64 / done
            );
        }
    }
    print_table(&iterations, &threads, &wall_rates);
}

/// The wall rates (`rates[i * threads.len() + j]` for `iterations[i]`, `threads[j]`) side by
/// side, with each thread count's speed-up over the first and each size's rate over the first
/// size's.
fn print_table(iterations: &[u64], threads: &[u64], rates: &[f64]) {
    let w = threads.len();
    println!();
    println!("wall iterations per second");
    print!("{:>9}", "iters");
    for t in threads {
        print!(" {:>12}", format!("threads={t}"));
    }
    for t in &threads[1..] {
        print!(" {:>9}", format!("{t} vs {}", threads[0]));
    }
    println!();
    for (i, n) in iterations.iter().enumerate() {
        let row = &rates[i * w..(i + 1) * w];
        print!("{n:>9}");
        for r in row {
            print!(" {r:>12.0}");
        }
        for r in &row[1..] {
            print!(" {:>8.2}x", r / row[0]);
        }
        println!();
    }
    for (i, n) in iterations.iter().enumerate().skip(1) {
        print!("{:>9}", format!("{n}/{}", iterations[0]));
        for j in 0..w {
            print!(" {:>12.2}", rates[i * w + j] / rates[j]);
        }
        println!();
    }
}
