//! A tournament pair's seatings and guests. At a table of players alone (9-5-2: three) a pair
//! plays `x, y, x` in every rotation and again mirrored, so each agent holds every seat equally
//! often; a guest seated for one of the pair's agents (as the Python package seats a function)
//! plays on the same seatings, deals and random streams as the agent its spec names.

use std::sync::Arc;

use tricklab::agents::{Agent, AgentSpec, build_agent};
use tricklab::experiment::{Guests, PairPlan, pair_seatings, play_chunk, play_chunk_with};
use tricklab::games::matches::MatchRules as _;
use tricklab::games::nine_five_two::{self, NineFiveTwo};

fn rules() -> nine_five_two::Setup {
    nine_five_two::Setup::new(3, nine_five_two::Options::default()).unwrap()
}

const PLAN: PairPlan<'static> = PairPlan {
    pair: 2,
    seed: 11,
    matches: false,
    max_hands: 10_000,
    book: None,
};

fn spec(text: &str) -> AgentSpec {
    text.parse().unwrap()
}

fn scores(x: &AgentSpec, y: &AgentSpec, guests: Option<&dyn Guests<NineFiveTwo>>) -> Vec<f64> {
    let clocks = [Arc::default(), Arc::default()];
    match guests {
        Some(g) => play_chunk_with(&rules(), [x, y], 0..6, PLAN, &clocks, None, g),
        None => play_chunk(&rules(), [x, y], 0..6, PLAN, &clocks, None),
    }
}

#[test]
fn at_three_players_each_agent_holds_every_seat_equally_often_and_the_mirror_is_played() {
    let seatings = pair_seatings(&rules().sides());
    assert_eq!(
        seatings.len(),
        6,
        "three rotations of x, y, x and three of y, x, y"
    );
    for seat in 0..3 {
        let x = seatings.iter().filter(|s| s[seat] == 0).count();
        assert_eq!(
            x, 3,
            "x holds seat {seat} in half the seatings: {seatings:?}"
        );
    }
    for s in &seatings {
        let mirror: Vec<usize> = s.iter().map(|a| 1 - a).collect();
        assert!(seatings.contains(&mirror), "{s:?} without its mirror");
    }
}

#[test]
fn swapping_the_pair_negates_every_deals_score_at_three_players() {
    // Both agents decide without their random stream, so only the seatings differ.
    let (x, y) = (spec("rules"), spec("rules:longest_suit_trumps"));
    let xy = scores(&x, &y, None);
    let yx = scores(&y, &x, None);
    assert!(
        xy.iter().any(|&s| s != 0.0),
        "the two agents never differ: {xy:?}"
    );
    let negated: Vec<f64> = xy.iter().map(|s| -s).collect();
    assert_eq!(yx, negated);
}

/// A guest standing in for agent `stands_for` of the pair (0: `x`, 1: `y`): the agent `spec`
/// names, built by the caller.
struct Stand {
    spec: AgentSpec,
    stands_for: usize,
}

impl Guests<NineFiveTwo> for Stand {
    fn agent(&self, agent: usize, _seat: usize) -> Option<Box<dyn Agent<NineFiveTwo>>> {
        (agent == self.stands_for).then(|| build_agent(&self.spec).unwrap())
    }

    fn name(&self, _: usize, _: usize) -> Option<String> {
        None
    }
}

#[test]
fn a_guest_plays_the_deals_and_streams_of_the_agent_it_stands_for() {
    let (rules_agent, random) = (spec("rules"), spec("random"));
    let plain = scores(&rules_agent, &random, None);
    // Random draws from its seat's stream: the guest gets the same streams, in the same
    // seatings, so the scores are the same although y's spec now names another agent.
    let guest = Stand {
        spec: random.clone(),
        stands_for: 1,
    };
    assert_eq!(scores(&rules_agent, &rules_agent, Some(&guest)), plain);
    let guest = Stand {
        spec: rules_agent.clone(),
        stands_for: 0,
    };
    assert_eq!(scores(&random, &random, Some(&guest)), plain);
}
