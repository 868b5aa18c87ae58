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
use tricklab::cards::{Card, CardSet, Deck, Suit};
use tricklab::games::{Seat, Sides, TrumpOrder};
use tricklab::rng::{GameRng, Purpose, below, stream};
use tricklab::solver::{Position, Scoring, Solver};

/// Deals per game.
const DEALS: usize = 100;

/// `per` cards of `pack` for each of `seats` hands, at random.
fn deal(pack: Deck, seats: usize, per: usize, rng: &mut GameRng) -> Vec<CardSet> {
    let mut order: Vec<Card> = pack.cards().iter().collect();
    for i in (1..order.len()).rev() {
        order.swap(i, below(rng, i as u32 + 1) as usize);
    }
    (0..seats)
        .map(|s| order[s * per..(s + 1) * per].iter().copied().collect())
        .collect()
}

fn positions(name: &str) -> Vec<Position> {
    // Pack, seats, cards a seat, trump order, scoring. 9-5-2's kitty (four cards) is out of
    // play after the discards; its seats play alone, the others in two partnerships.
    let (pack, seats, per, order, scoring) = match name {
        "whist_52" => (Deck::Full52, 4, 13, TrumpOrder::ACES_HIGH, Scoring::Tricks),
        "catch_the_ten_4p_36" => (
            Deck::SixToAce,
            4,
            9,
            TrumpOrder::JACK_HIGH,
            Scoring::Honours { share: 18 },
        ),
        _ => (Deck::Full52, 3, 16, TrumpOrder::ACES_HIGH, Scoring::Tricks),
    };
    let sides = if seats == 3 {
        Sides::alone(3)
    } else {
        Sides::every(4, 2)
    };
    let mut rng = stream(2026, 0, Purpose::Other, name.len() as u64);
    let mut lines = Vec::new();
    let positions = (0..DEALS)
        .map(|i| {
            let trump = Suit::from_index(i % 4);
            let hands = deal(pack, seats, per, &mut rng);
            let leader = Seat((i % seats) as u8);
            if name == "whist_52" {
                let hands: Vec<String> = hands.iter().map(|h| h.to_string()).collect();
                lines.push(format!(
                    "{} | {trump} | {}",
                    hands.join(" / "),
                    leader.index()
                ));
            }
            Position::new(
                &hands,
                Some(trump),
                order,
                leader,
                sides,
                sides.side(leader),
                scoring,
            )
            .expect("a valid deal")
        })
        .collect();
    if let Some(path) = std::env::var_os("TRICKLAB_BENCH_DEALS").filter(|_| !lines.is_empty()) {
        std::fs::write(&path, lines.join("\n") + "\n").expect("the deals file is writable");
    }
    positions
}

fn bench(c: &mut Criterion) {
    for name in ["whist_52", "catch_the_ten_4p_36", "nine_five_two_48"] {
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
