//! Random Catch the Ten playouts: 4-player hands from fresh deals, uniformly random legal
//! cards. Criterion reports time per hand; a hand is 36 cards, so ns per card is that / 36.
//! Each iteration checks its own result (every card won by some side).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tricklab::agents::Agent;
use tricklab::agents::baseline::CatchTheTenBaseline;
use tricklab::games::catch_the_ten::{CatchTheTen, Options, Setup};
use tricklab::games::{Game, Seat, Side};
use tricklab::rng::{Purpose, stream};

fn random_hand(setup: Setup, rng: &mut tricklab::rng::GameRng) -> u32 {
    let mut s = CatchTheTen::deal(setup, Seat(3), &[0, 0], rng);
    while s.to_act().is_some() {
        let a = s.legal_actions().choose(rng);
        s.apply(a);
    }
    (s.won(Side(0)).len() + s.won(Side(1)).len()) as u32
}

fn bench(c: &mut Criterion) {
    let setup = Setup::new(4, Options::default()).unwrap();
    let mut rng = stream(1, 0, Purpose::Other, 0);
    let mut g = c.benchmark_group("catch_the_ten_random_hand");
    g.throughput(Throughput::Elements(36));
    g.bench_function("4_players", |b| {
        b.iter(|| {
            let won = random_hand(setup, &mut rng);
            assert_eq!(won, 36);
            black_box(won)
        })
    });
    g.bench_function("4_players_b0", |b| {
        let mut b0 = CatchTheTenBaseline::new(&[]);
        b.iter(|| {
            let mut s = CatchTheTen::deal(setup, Seat(3), &[0, 0], &mut rng);
            while let Some(seat) = s.to_act() {
                let a = b0.choose(&s, seat, &mut rng);
                s.apply(a);
            }
            let won = s.won(Side(0)).len() + s.won(Side(1)).len();
            assert_eq!(won, 36);
            black_box(won)
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
