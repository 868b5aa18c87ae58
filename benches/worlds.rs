//! World sampling: a Catch the Ten 4-player position after 3 tricks, seen from one seat.
//! `sample` draws from a prepared sampler and rebuilds the state (what a search does per
//! iteration); `prepare` derives the knowledge and runs the counting programme (once per
//! decision). Each draw is checked to keep the hand sizes.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tricklab::games::catch_the_ten::{CatchTheTen, Options, Setup};
use tricklab::games::{Game, Seat};
use tricklab::knowledge::{Observable, WorldSampler};
use tricklab::rng::{Purpose, stream};

fn position_after(tricks: usize) -> CatchTheTen {
    let setup = Setup::new(4, Options::default()).unwrap();
    let mut rng = stream(3, 0, Purpose::Other, 0);
    let mut s = CatchTheTen::deal(setup, Seat(3), &[0, 0], &mut rng);
    for _ in 0..tricks * 4 {
        let a = s.legal_actions().choose(&mut rng);
        s.apply(a);
    }
    s
}

fn bench(c: &mut Criterion) {
    let s = position_after(3);
    let seat = s.to_act().unwrap();
    let k = s.knowledge(seat);
    let sampler = WorldSampler::new(&k).unwrap();
    let mut rng = stream(4, 0, Purpose::Other, 0);
    let sizes: Vec<usize> = (0..4).map(|q| s.hand(Seat(q)).len()).collect();
    let mut hidden = vec![tricklab::cards::CardSet::EMPTY; k.places.len()];
    let mut g = c.benchmark_group("worlds_catch_the_ten_4p_after_3_tricks");
    g.bench_function("sample", |b| {
        b.iter(|| {
            sampler.sample_into(&mut rng, &mut hidden);
            let w = s.redeal(&k, &hidden);
            assert_eq!(w.hand(Seat(2)).len(), sizes[2]);
            black_box(w)
        })
    });
    g.bench_function("prepare", |b| {
        b.iter(|| black_box(WorldSampler::new(&s.knowledge(seat)).unwrap().count()))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
