//! PIMC's reuse: one solver (and its transposition table) kept across worlds and decisions
//! gives every world the values a fresh solver gives; threads do not change a decision.

use tricklab::agents::pimc::{Pimc, PimcParams};
use tricklab::games::whist::{self, Whist};
use tricklab::games::{Game, Seat};
use tricklab::rng::{Purpose, stream};
use tricklab::solver::{Solvable, Solver};

/// A Whist deal played at random to `tricks` tricks left, at the start of a trick.
fn ending(i: u64, tricks: usize) -> Whist {
    let setup = whist::Setup::new(4, whist::Options::default()).unwrap();
    let mut s = Whist::deal(
        setup,
        Seat((i % 4) as u8),
        &[0, 0],
        &mut stream(31, i, Purpose::Deal, 0),
    );
    let mut rng = stream(31, i, Purpose::Other, 0);
    while let Some(seat) = s.to_act() {
        if s.hand(seat).len() == tricks && s.trick().cards().is_empty() {
            break;
        }
        let a = s.legal_actions().choose(&mut rng);
        s.apply(a);
    }
    s
}

#[test]
fn a_kept_solver_values_each_world_as_a_fresh_one() {
    let mut kept = Solver::with_table_bits(PimcParams::default().tt_bits);
    let mut worlds = 0;
    for i in 0..12u64 {
        let s = ending(i, 7);
        let seat = s.to_act().unwrap();
        // The worlds a PIMC agent of this seat would draw, solved one after another.
        let mut rng = stream(32, i, Purpose::Agent, 0);
        for _ in 0..6 {
            let world = tricklab::knowledge::Observable::sample_world(&s, seat, &mut rng);
            let pos = world.position_for(seat).unwrap();
            let reused = kept.solve(&pos);
            let fresh = Solver::with_table_bits(PimcParams::default().tt_bits).solve(&pos);
            assert_eq!(
                reused, fresh,
                "deal {i}: the kept table changed a world's values"
            );
            worlds += 1;
        }
    }
    assert!(kept.stats().nodes > 0);
    assert_eq!(worlds, 72);
}

#[test]
fn threads_give_the_same_card_means() {
    for i in 0..4u64 {
        let s = ending(100 + i, 6);
        let seat = s.to_act().unwrap();
        let means = |threads: u32| {
            let params = PimcParams {
                worlds: 13,
                threads,
                ..PimcParams::default()
            };
            Pimc::<Whist>::new(params).card_means(&s, seat, &mut stream(33, i, Purpose::Agent, 0))
        };
        let one = means(1);
        assert!(!one.is_empty());
        for t in [2, 3, 13, 20] {
            assert_eq!(means(t), one, "deal {i}, {t} threads");
        }
    }
}
