//! PIMC and the oracle: PIMC is reproducible and blind to hidden cards; the oracle plays a
//! double-dummy best card of the true deal and is marked as a cheater.

use crate::common;

use common::ctt::random_positions;
use tricklab::agents::pimc::Pimc;
use tricklab::agents::{AgentSpec, build_agent};
use tricklab::games::catch_the_ten::CatchTheTen;
use tricklab::games::{Action, Game};
use tricklab::knowledge::Observable;
use tricklab::rng::{Purpose, stream};
use tricklab::solver::{Solvable, Solver};

fn pimc(spec: &str) -> Pimc<CatchTheTen> {
    match spec.parse::<AgentSpec>().unwrap() {
        AgentSpec::Pimc(p) => Pimc::new(p),
        other => panic!("{other}"),
    }
}

#[test]
fn pimc_is_reproducible_and_blind_to_hidden_cards() {
    let mut a = pimc("pimc:worlds=6");
    let mut differ = 0;
    for (i, s) in random_positions(12, 3, |i| 12 + (i * 7) % 20)
        .into_iter()
        .enumerate()
    {
        let seat = s.to_act().unwrap();
        let decide = |a: &mut Pimc<CatchTheTen>, state: &CatchTheTen| {
            a.card_means(state, seat, &mut stream(42, i as u64, Purpose::Agent, 0))
        };
        let first = decide(&mut a, &s);
        assert!(s.legal_actions().contains(Action::Play(first[0].card)));
        assert_eq!(decide(&mut a, &s), first, "same seed, same values");
        let mut rng = stream(8, i as u64, Purpose::Other, 0);
        for _ in 0..2 {
            let world = s.sample_world(seat, &mut rng);
            if world != s {
                differ += 1;
            }
            assert_eq!(
                decide(&mut a, &world),
                first,
                "the values changed with hidden cards"
            );
        }
    }
    assert!(
        differ > 10,
        "the resampled worlds differ from the real deal"
    );
}

#[test]
fn oracle_plays_a_best_card_of_the_true_deal_and_is_marked() {
    let spec: AgentSpec = "oracle".parse().unwrap();
    assert!(spec.cheats());
    assert!(spec.to_string().contains("cheats"), "{spec}");
    assert!(!"pimc".parse::<AgentSpec>().unwrap().cheats());
    let mut oracle = build_agent::<CatchTheTen>(&spec).unwrap();
    let mut solver = Solver::new();
    for (i, s) in random_positions(8, 4, |i| 12 + (i * 7) % 20)
        .into_iter()
        .enumerate()
    {
        let seat = s.to_act().unwrap();
        let played = oracle.choose(&s, seat, &mut stream(1, i as u64, Purpose::Agent, 0));
        let best = solver.solve(&s.position_for(seat).unwrap()).best_cards();
        match played {
            Action::Play(c) => assert!(best.contains(c), "{c} is not among {best}"),
            other => panic!("{other:?}"),
        }
    }
}
