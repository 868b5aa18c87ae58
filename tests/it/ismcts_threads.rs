//! Parallel ISMCTS (root parallel): reproducible for a seed and a thread count, every
//! iteration counted, and no weaker per iteration than one thread on a small duplicate match.

use tricklab::agents::ismcts::{Ismcts, IsmctsParams};
use tricklab::agents::{Agent, AgentSpec};
use tricklab::games::whist::{self, Whist};
use tricklab::games::{Game, Seat};
use tricklab::rng::{Purpose, stream};
use tricklab::stats::MeanAcc;

fn ismcts(spec: &str) -> Ismcts<Whist> {
    match spec.parse::<AgentSpec>().unwrap() {
        AgentSpec::Ismcts(p) => Ismcts::new(*p).unwrap(),
        other => panic!("{other}"),
    }
}

fn deal(i: u64) -> Whist {
    let setup = whist::Setup::new(4, whist::Options::default()).unwrap();
    Whist::deal(
        setup,
        Seat((i % 4) as u8),
        &[0, 0],
        &mut stream(21, i, Purpose::Deal, 0),
    )
}

#[test]
fn same_seed_and_threads_same_search() {
    let s = deal(0);
    let seat = s.to_act().unwrap();
    for threads in [1, 2, 3] {
        let spec = format!("ismcts:iterations=3001,threads={threads}");
        let mut a = ismcts(&spec);
        let first = a.search(&s, seat, &mut stream(4, 0, Purpose::Agent, 0));
        assert_eq!(
            a.stats().iterations,
            3001,
            "{spec}: the budget is split, none lost"
        );
        let visits: u32 = first.iter().map(|x| x.visits).sum();
        assert_eq!(
            visits, 3001,
            "{spec}: the merged root counts every iteration"
        );
        // A fresh agent and the agent reused: the same statistics, action by action.
        for mut b in [ismcts(&spec), a] {
            let again = b.search(&s, seat, &mut stream(4, 0, Purpose::Agent, 0));
            assert_eq!(again, first, "{spec}");
        }
    }
    let one =
        ismcts("ismcts:iterations=3001").search(&s, seat, &mut stream(4, 0, Purpose::Agent, 0));
    let two = ismcts("ismcts:iterations=3001,threads=2").search(
        &s,
        seat,
        &mut stream(4, 0, Purpose::Agent, 0),
    );
    assert_ne!(one, two, "two trees search other worlds than one");
    assert_eq!(IsmctsParams::default().threads, 1);
}

/// Duplicate Whist: each deal is played twice, the two searchers swapping sides; the result is
/// the tricks one thread's side took over the half (6.5) in both plays.
#[test]
fn two_threads_as_strong_per_iteration_as_one() {
    let specs = [
        "ismcts:iterations=300,rollout=rules",
        "ismcts:iterations=300,rollout=rules,threads=2",
    ];
    let mut edge = MeanAcc::default();
    for i in 0..40u64 {
        let mut tricks_one = 0;
        for swap in [0usize, 1] {
            let mut agents: Vec<Ismcts<Whist>> = (0..2).map(|k| ismcts(specs[k ^ swap])).collect();
            let mut s = deal(i);
            let mut rngs: Vec<_> = (0..4)
                .map(|seat| stream(21, i, Purpose::Agent, seat))
                .collect();
            while let Some(seat) = s.to_act() {
                let side = seat.0 as usize % 2;
                let a = agents[side].choose(&s, seat, &mut rngs[seat.0 as usize]);
                s.apply(a);
            }
            // Side `swap` held the one-thread searcher.
            tricks_one += s.tricks_won(Seat(swap as u8)) + s.tricks_won(Seat(swap as u8 + 2));
        }
        edge.add(tricks_one as f64 / 2.0 - 6.5);
    }
    let ci = edge.t_interval(0.95);
    eprintln!(
        "one thread over two, tricks a deal: {:+.3} [{:+.3}, {:+.3}] over {} deals",
        edge.mean(),
        ci.low,
        ci.high,
        edge.n
    );
    assert!(
        ci.low <= 0.0 && ci.high >= 0.0,
        "threads 1 and 2 differ in strength: {:+.3} [{:+.3}, {:+.3}]",
        edge.mean(),
        ci.low,
        ci.high
    );
    assert!(ci.high - ci.low < 1.5, "the match is too small to tell");
}
