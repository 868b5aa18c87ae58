//! World sampling. `sample` draws from a prepared sampler and rebuilds the state (what a search
//! does per iteration); `sample_guided` draws as `infer=model,sample=model` does, by beliefs
//! about each card (here fixed numbers per place); `prepare` derives the knowledge and runs the
//! counting programme (once per decision). Positions: Catch the Ten, 4 players, after 3
//! tricks; Whist after 5 tricks with two shown voids. Each draw is checked to keep the hand
//! sizes.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tricklab::cards::CardSet;
use tricklab::games::catch_the_ten::{self, CatchTheTen};
use tricklab::games::whist::{self, Whist};
use tricklab::games::{Game, Seat};
use tricklab::knowledge::{Observable, WorldSampler};
use tricklab::rng::{GameRng, Purpose, stream};

fn play<G: Game>(s: &mut G, cards: usize, rng: &mut GameRng) {
    for _ in 0..cards {
        let a = s.legal_actions().choose(rng);
        s.apply(a);
    }
}

fn bench_position<G: Observable>(c: &mut Criterion, group: &str, s: G) {
    let seat = s.to_act().unwrap();
    let k = s.knowledge(seat);
    let sampler = WorldSampler::new(&k).unwrap();
    let mut rng = stream(4, 0, Purpose::Other, 0);
    let sizes: Vec<usize> = Seat::all(s.num_seats()).map(|q| s.hand(q).len()).collect();
    let mut hidden = vec![CardSet::EMPTY; k.places.len()];
    let mut g = c.benchmark_group(group);
    g.bench_function("sample", |b| {
        b.iter(|| {
            sampler.sample_into(&mut rng, &mut hidden);
            let w = s.redeal(&k, &hidden);
            assert_eq!(w.hand(Seat(1)).len(), sizes[1]);
            black_box(w)
        })
    });
    let group: Vec<u8> = (0..k.places.len() as u8).collect();
    g.bench_function("sample_guided", |b| {
        b.iter(|| {
            sampler.sample_guided_into(&mut rng, &mut hidden, &group, |card, g| {
                1.0 + f64::from(g) + (card.index() % 3) as f64
            });
            let w = s.redeal(&k, &hidden);
            assert_eq!(w.hand(Seat(1)).len(), sizes[1]);
            black_box(w)
        })
    });
    g.bench_function("prepare", |b| {
        b.iter(|| black_box(WorldSampler::new(&s.knowledge(seat)).unwrap().count()))
    });
    g.finish();
}

fn bench(c: &mut Criterion) {
    let mut rng = stream(3, 0, Purpose::Other, 0);
    let setup = catch_the_ten::Setup::new(4, catch_the_ten::Options::default()).unwrap();
    let mut s = CatchTheTen::deal(setup, Seat(3), &[0, 0], &mut rng);
    play(&mut s, 12, &mut rng);
    bench_position(c, "worlds_catch_the_ten_4p_after_3_tricks", s);

    // Whist after five tricks, seen by the seat to act, with two voids shown by other seats.
    let setup = whist::Setup::new(4, whist::Options::default()).unwrap();
    let w = loop {
        let mut w = Whist::deal(setup, Seat(3), &[0, 0], &mut rng);
        play(&mut w, 20, &mut rng);
        let k = w.knowledge(w.to_act().unwrap());
        let voids: u32 = k
            .voids
            .iter()
            .enumerate()
            .filter(|(q, _)| *q != k.observer.index())
            .map(|(_, v)| v.count_ones())
            .sum();
        if voids == 2 {
            break w;
        }
    };
    bench_position(c, "worlds_whist_after_5_tricks_two_voids", w);
}

criterion_group!(benches, bench);
criterion_main!(benches);
