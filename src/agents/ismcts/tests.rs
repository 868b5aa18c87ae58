//! The worlds an inferring ISMCTS search draws, on a constructed Whist position.

use std::collections::HashSet;

use super::*;
use crate::agents::TableInfo;
use crate::agents::fallback_agent;
use crate::cards::Card;
use crate::games::matches::MatchState;
use crate::games::record::{ActionRecord, Step};
use crate::games::whist::{Hands, Setup, Whist};
use crate::knowledge::{Observable, PlaceKind};
use crate::rng::{Purpose, stream};

/// The observer, the dealer: seat 1 leads.
const ME: Seat = Seat(0);

fn card(s: &str) -> Card {
    s.parse().expect("a card")
}

fn agent(spec: &str) -> Ismcts<Whist> {
    let items: Vec<String> = spec.split(',').map(String::from).collect();
    Ismcts::new(IsmctsParams::parse(&items).expect("a spec")).expect("an agent")
}

/// A deal in which B0's first trick tells where the 3 and 4 of clubs are, played to `me`'s
/// first card (4th to play) with every event shown to `agent`.
///
/// Seat 1 leads the 2♣ (the lowest of its longest side suit, six clubs); seat 2 plays the K♣
/// (its only club); seat 3 plays the 5♣ (it cannot beat the K, so its lowest club). Seen from
/// seat 0 (♣ T J Q A, spades trumps): in a world where seat 2 held another club, B0 would
/// have played the cheapest one that wins, not the K; where seat 3 held the 3♣ or 4♣, B0
/// would have played it, not the 5♣. So under the B0 model both lie with seat 1, which the
/// uniform sampler gives a third.
fn revealing_trick(agent: &mut Ismcts<Whist>) -> Whist {
    let hands: Hands = [
        "TC JC QC AC KD AD KH AH TS JS QS KS AS",
        "2C 3C 4C 7C 8C 9C 2D 3D 2H 3H 4H 2S 3S",
        "KC 4D 5D 6D 7D 8D 9D TD 5H 6H 7H 8H 9H",
        "5C 6C JD QD TH JH QH 4S 5S 6S 7S 8S 9S",
    ]
    .map(|h| h.parse().expect("a hand"));
    let setup = Setup::new(4, crate::games::whist::Options::default()).unwrap();
    let mut state = Whist::from_hands(setup, ME, &[0, 0], &hands, card("AS")).unwrap();
    let table = TableInfo {
        game: Setup::KIND,
        players: 4,
        options: serde_json::Value::Null,
        match_index: 0,
    };
    let before = MatchState::new(ME);
    agent.observe(
        ME,
        &TableEvent::HandStart {
            table: &table,
            before: &before,
            state: &state,
        },
    );
    let mut b0 = fallback_agent::<Whist>();
    let mut rng = stream(34, 0, Purpose::Other, 0);
    for expected in ["2C", "KC", "5C"] {
        let seat = state.to_act().unwrap();
        let action = b0.choose(&state, seat, &mut rng);
        assert_eq!(action, Action::Play(card(expected)), "B0 at {seat}");
        state.apply(action);
        agent.observe(
            ME,
            &TableEvent::Step {
                record: ActionRecord {
                    seat: seat.0,
                    step: Step::Play(card(expected)),
                    to: None,
                },
                state: &state,
            },
        );
    }
    assert_eq!(state.to_act(), Some(ME));
    state
}

/// What `draws` worlds of the agent's search of `state` hold: the share with each of `cards`
/// in seat 1's hand, the distinct worlds drawn, and the pool's statistics.
fn search_worlds(
    agent: &mut Ismcts<Whist>,
    state: &Whist,
    cards: &[Card],
    draws: usize,
) -> (Vec<f64>, usize, Option<PoolStats>) {
    let k = state.knowledge(ME);
    let sampler = WorldSampler::new(&k).unwrap();
    let mut rng = stream(34, 1, Purpose::Agent, 0);
    let mut cum = Vec::new();
    let worlds = root_worlds(
        agent.inference.as_mut(),
        &mut cum,
        state,
        &k,
        &sampler,
        &mut rng,
    );
    let place = k
        .places
        .iter()
        .position(|p| p.kind == PlaceKind::Hand(Seat(1)))
        .unwrap();
    let mut hidden = vec![CardSet::EMPTY; k.places.len()];
    let mut with = vec![0usize; cards.len()];
    let mut distinct = HashSet::new();
    for _ in 0..draws {
        worlds.draw_into(&mut rng, &mut hidden);
        for (n, &c) in with.iter_mut().zip(cards) {
            *n += usize::from(hidden[place].contains(c));
        }
        distinct.insert(hidden.clone());
    }
    let pool = agent
        .inference
        .as_ref()
        .map(|inf| PoolStats::of(inf.candidates().1, draws as u64));
    let shares = with.iter().map(|&n| n as f64 / draws as f64).collect();
    (shares, distinct.len(), pool)
}

#[test]
fn inferred_worlds_put_the_cards_b0s_plays_reveal_with_their_holder() {
    let cards = [card("3C"), card("4C")];
    let draws = 10_000;
    // Uniform worlds: a third each.
    let mut plain = agent("iterations=10000");
    let state = revealing_trick(&mut plain);
    let (shares, distinct, pool) = search_worlds(&mut plain, &state, &cards, draws);
    assert!(pool.is_none());
    assert_eq!(distinct, draws, "uniform worlds are all different");
    for s in shares {
        assert!((s - 1.0 / 3.0).abs() < 0.03, "uniform: {s}");
    }
    // The B0 model: with seat 1, however large the pool. A pool of 200 weighs down to an
    // effective sample size of about 13 here, so its share is the posterior's give or take
    // about 0.12 (one standard deviation): its floor is lower than the growing pool's, and
    // both are far above the uniform third.
    for (spec, floor) in [
        ("iterations=10000,infer=rules", 0.6),
        ("iterations=10000,infer=rules,ess=200", 0.75),
    ] {
        let mut inferring = agent(spec);
        let state = revealing_trick(&mut inferring);
        let (shares, distinct, pool) = search_worlds(&mut inferring, &state, &cards, draws);
        let pool = pool.unwrap();
        for s in shares {
            assert!(s > floor, "{spec}: {s}, {pool:?}");
        }
        assert!(
            distinct as f64 >= pool.ess.min(100.0),
            "{spec}: {distinct}, {pool:?}"
        );
    }
}

#[test]
fn a_growing_pool_keeps_its_effective_sample_size_above_the_floor() {
    let cards = [card("3C")];
    for (ess, most) in [(50, 10_000), (200, 10_000), (400, 1000)] {
        let spec = format!("iterations=10000,infer=rules,ess={ess},pool_max={most}");
        let mut a = agent(&spec);
        let state = revealing_trick(&mut a);
        let (_, distinct, pool) = search_worlds(&mut a, &state, &cards, 10_000);
        let pool = pool.unwrap();
        let reached = pool.ess >= f64::from(ess);
        // The pool grows 200 at a time and stops at the first size that reaches the floor.
        assert!(reached || pool.candidates >= most, "{spec}: {pool:?}");
        assert!(pool.candidates <= most.max(200) + 199, "{spec}: {pool:?}");
        assert_eq!(pool.candidates % 200, 0, "{spec}: {pool:?}");
        if reached {
            assert!(
                distinct >= ess as usize,
                "{spec}: {distinct} worlds, {pool:?}"
            );
        }
    }
}
