//! Random Whist hands from fresh deals: a shuffle and deal, then 52 cards played, each chosen
//! uniformly among the legal ones. Reports the time per hand and per card played; every hand
//! is checked (13 tricks, shared 13 between the sides), so a broken engine fails the bench.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tricklab::games::matches::play_hand;
use tricklab::games::whist::{Setup, TRICKS, Whist};
use tricklab::games::{Game, Seat, Side};
use tricklab::rng::{GameRng, Purpose, stream};

/// Cards played in a hand.
const CARDS: u32 = 52;

/// Deals and plays one random hand; returns its tricks per side.
#[inline]
fn random_hand(setup: Setup, dealer: Seat, rng: &mut GameRng) -> [u32; 2] {
    let mut h = Whist::deal(setup, dealer, &[0, 0], rng);
    play_hand(&mut h, |h, _| h.legal_actions().choose(rng));
    [h.side_tricks(Side(0)), h.side_tricks(Side(1))]
}

/// Plays `hands` hands, checks them and returns the time they took.
fn play(setup: Setup, hands: u64, rng: &mut GameRng) -> Duration {
    let start = Instant::now();
    let mut side0 = 0u64;
    for i in 0..hands {
        let t = black_box(random_hand(setup, Seat((i % 4) as u8), rng));
        assert_eq!(t[0] + t[1], TRICKS, "a hand of {t:?} tricks");
        side0 += t[0] as u64;
    }
    let took = start.elapsed();
    assert!(
        hands < 100 || (side0 > hands * 5 && side0 < hands * 8),
        "side 0 took {side0}"
    );
    took
}

fn whist(c: &mut Criterion) {
    let setup = Setup::default();
    let mut rng = stream(1, 0, Purpose::Other, 0);
    let mut g = c.benchmark_group("whist");
    g.throughput(Throughput::Elements(CARDS as u64));
    g.bench_function("random hand", |b| {
        b.iter_custom(|hands| play(setup, hands, &mut rng))
    });
    g.throughput(Throughput::Elements(1));
    g.bench_function("per card", |b| {
        b.iter_custom(|hands| play(setup, hands, &mut rng) / CARDS)
    });
    g.finish();
}

criterion_group!(benches, whist);
criterion_main!(benches);
