//! 9-5-2 playouts: random hands from fresh deals through every phase (exchange, trumps, kitty
//! and discards, 16 tricks), timed per hand and per card played (48 a hand).
//!
//! Each hand is checked: 16 tricks taken and `tricks − target` adding up to 0. After the
//! runs, criterion's median time per hand is printed with the time per card played.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, Throughput, criterion_group};
use tricklab::games::matches::play_hand;
use tricklab::games::nine_five_two::{HAND_SIZE, NineFiveTwo, PLAYERS, Variant};
use tricklab::games::{Game, Seat};
use tricklab::rng::{Purpose, stream};

/// Cards played in a hand: 16 tricks of 3.
const CARDS_PLAYED: u64 = (HAND_SIZE * PLAYERS) as u64;

/// Previous results to set up the exchange, cycled hand by hand (seat 0 deals, so seat 2
/// dealt before: targets 5, 2, 9): one plus and two minus, two plus and one minus, one and
/// one, and a first hand.
/// The variants timed, and the name of each one's benchmark.
const VARIANTS: [Variant; 3] = [
    Variant::Standard,
    Variant::SergeantMajor,
    Variant::SwappedTargets,
];

const PREVIOUS: [Option<[i32; 3]>; 4] =
    [Some([2, -1, -1]), Some([-2, 1, 1]), Some([1, -1, 0]), None];

fn random_hand(variant: Variant, k: usize, rng: &mut tricklab::rng::GameRng) -> NineFiveTwo {
    let mut h = NineFiveTwo::deal(variant, Seat(0), PREVIOUS[k % PREVIOUS.len()], rng);
    play_hand(&mut h, |g, _| g.legal_actions().choose(rng));
    assert_eq!(h.tricks_done(), HAND_SIZE, "a hand is 16 tricks");
    assert_eq!(h.diffs().iter().sum::<i32>(), 0, "the scores add up to 0");
    h
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("nine_five_two");
    g.throughput(Throughput::Elements(CARDS_PLAYED));
    for variant in [
        Variant::Standard,
        Variant::SergeantMajor,
        Variant::SwappedTargets,
    ] {
        let mut rng = stream(952, variant as u64, Purpose::Other, 0);
        let mut k = 0;
        g.bench_function(format!("random_hand/{}", variant.name()), |b| {
            b.iter(|| {
                k += 1;
                black_box(random_hand(variant, k, &mut rng))
            })
        });
    }
    g.finish();
}

/// Where criterion keeps its results: `$CRITERION_HOME`, else `$CARGO_TARGET_DIR/criterion`,
/// else `target/criterion` in the package.
fn criterion_home() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return home.into();
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"));
    target.join("criterion")
}

/// Criterion's median time per hand in ns for `variant`, if it has one.
fn median_ns(variant: Variant) -> Option<f64> {
    let path = criterion_home()
        .join("nine_five_two")
        .join(format!("random_hand_{}", variant.name()))
        .join("new/estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    v["median"]["point_estimate"].as_f64()
}

criterion_group!(benches, bench);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    for variant in VARIANTS {
        match median_ns(variant) {
            Some(ns) => println!(
                "{}: median {ns:.0} ns per hand, {:.2} ns per card played ({CARDS_PLAYED} a hand)",
                variant.name(),
                ns / CARDS_PLAYED as f64
            ),
            None => println!("{}: no criterion estimate found", variant.name()),
        }
    }
}
