//! Inference checked against exact enumeration of a late Whist position's worlds.

use std::collections::HashMap;

use super::*;
use crate::agents::TableInfo;
use crate::cards::CardSet;
use crate::games::matches::MatchState;
use crate::games::record::{ActionRecord, Step};
use crate::games::whist::{Options, Setup, Whist};
use crate::games::{Action, Game};
use crate::knowledge::{Knowledge, Observable};
use crate::rng::{Purpose, stream};

/// The observer.
const ME: Seat = Seat(0);

/// A Whist hand played by B0 at every seat until `ME` is to play with three cards left,
/// the history of it that `ME`'s table events show, and what `ME` knows then.
fn late_position(seed: u64, model: ModelKind) -> (Whist, Knowledge, Inference<Whist>) {
    let setup = Setup::new(4, Options::default()).unwrap();
    let mut state = Whist::deal(
        setup,
        Seat(3),
        &[0, 0],
        &mut stream(seed, 0, Purpose::Deal, 0),
    );
    let params = InferParams {
        model: Some(model),
        ..InferParams::default()
    };
    let mut inf = Inference::<Whist>::new(&params).unwrap();
    let table = TableInfo {
        game: crate::games::whist::Setup::KIND,
        players: 4,
        options: serde_json::Value::Null,
        match_index: 0,
    };
    let before = MatchState::new(Seat(3));
    inf.observe(
        ME,
        &TableEvent::HandStart {
            table: &table,
            before: &before,
            state: &state,
        },
    );
    let mut b0 = fallback_agent::<Whist>();
    let mut rng = stream(seed, 0, Purpose::Other, 0);
    while !(state.to_act() == Some(ME) && state.hand(ME).len() == 3) {
        let seat = state.to_act().unwrap();
        let action = b0.choose(&state, seat, &mut rng);
        let Action::Play(card) = action else {
            unreachable!("Whist has only card plays")
        };
        state.apply(action);
        inf.observe(
            ME,
            &TableEvent::Step {
                record: ActionRecord {
                    seat: seat.0,
                    step: Step::Play(card),
                    to: None,
                },
                state: &state,
            },
        );
    }
    let k = state.knowledge(ME);
    (state, k, inf)
}

/// How often each unknown card is in each place, over `worlds` weighted by `weight`,
/// normalised: `(card index, place) -> probability`.
fn marginals<'a>(worlds: impl Iterator<Item = (&'a [CardSet], f64)>) -> HashMap<(u8, usize), f64> {
    let mut m = HashMap::new();
    let mut total = 0.0;
    for (row, w) in worlds {
        total += w;
        for (p, cards) in row.iter().enumerate() {
            for c in cards.iter() {
                *m.entry((c.index(), p)).or_insert(0.0) += w;
            }
        }
    }
    m.values_mut().for_each(|v| *v /= total);
    m
}

#[test]
fn rules_model_puts_revealed_cards_where_the_model_says() {
    let (state, k, mut inf) = late_position(11, ModelKind::Rules);
    assert!(inf.history.seen.len() >= 30, "{}", inf.history.seen.len());
    let worlds = crate::knowledge::every_world(&k);
    let sampler = WorldSampler::new(&k).unwrap();
    assert_eq!(worlds.len() as u128, sampler.count());
    let mut rng = stream(1, 0, Purpose::Other, 1);
    let exact_w: Vec<f64> = worlds
        .iter()
        .map(|w| inf.likelihood(&state, &k, w, &mut rng))
        .collect();
    let exact = marginals(worlds.iter().map(|w| &w[..]).zip(exact_w.iter().copied()));
    let uniform = marginals(worlds.iter().map(|w| (&w[..], 1.0)));
    // The plays reveal something: the posterior is far from uniform somewhere.
    let moved = exact
        .iter()
        .map(|(key, p)| (p - uniform[key]).abs())
        .fold(0.0, f64::max);
    assert!(moved > 0.2, "the plays reveal nothing here: {moved}");
    // Inferred draws, from pools large enough that the weighting's bias is small.
    inf.pool = 4000;
    let mut out = Vec::new();
    let mut drawn: Vec<CardSet> = Vec::new();
    let rounds = 20;
    for _ in 0..rounds {
        inf.draw(&state, &k, &sampler, 400, &mut rng, &mut out);
        drawn.extend_from_slice(&out);
    }
    let places = k.places.len();
    let n = (drawn.len() / places) as f64;
    let got = marginals(drawn.chunks(places).map(|r| (r, 1.0)));
    for (key, &p) in &exact {
        let q = got.get(key).copied().unwrap_or(0.0);
        // Draws within a round share a pool: allow for that with a wide band.
        let sigma = (p * (1.0 - p) / n).sqrt() * 6.0 + 0.03;
        assert!(
            (q - p).abs() <= sigma,
            "card {} place {}: inferred {q:.3}, model {p:.3}",
            key.0,
            key.1
        );
    }
}

#[test]
fn flat_model_draws_every_world_equally_often() {
    let (state, k, mut inf) = late_position(5, ModelKind::Flat);
    let worlds = crate::knowledge::every_world(&k);
    let sampler = WorldSampler::new(&k).unwrap();
    let mut rng = stream(2, 0, Purpose::Other, 1);
    let per_world = 40;
    let n = worlds.len() * per_world;
    let mut counts: HashMap<Vec<CardSet>, usize> = HashMap::new();
    let mut out = Vec::new();
    let places = k.places.len();
    let mut drawn = 0;
    while drawn < n {
        inf.draw(&state, &k, &sampler, 10, &mut rng, &mut out);
        for row in out.chunks(places) {
            *counts.entry(row.to_vec()).or_insert(0) += 1;
            drawn += 1;
        }
    }
    assert_eq!(counts.len(), worlds.len(), "every world drawn, none other");
    let expected = drawn as f64 / worlds.len() as f64;
    let chi2: f64 = counts
        .values()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum();
    let df = (worlds.len() - 1) as f64;
    assert!(
        chi2 < df + 5.0 * (2.0 * df).sqrt(),
        "chi-square {chi2:.0} for {df} degrees of freedom"
    );
}

#[test]
fn systematic_resampling_follows_the_weights() {
    let mut rng = stream(3, 0, Purpose::Other, 0);
    let picks = resample(&[1.0, 0.0, 3.0], 4, &mut rng);
    assert_eq!(picks.iter().filter(|&&i| i == 2).count(), 3);
    assert_eq!(picks.iter().filter(|&&i| i == 1).count(), 0);
}
