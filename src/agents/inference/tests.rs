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
use crate::rng::{GameRng, Purpose, stream};

/// The observer.
const ME: Seat = Seat(0);

/// A Whist hand played by B0 at every seat until `ME` is to play with three cards left,
/// the history of it that `ME`'s table events show, and what `ME` knows then.
fn late_position(seed: u64, model: ModelKind) -> (Whist, Knowledge, Inference<Whist>) {
    position(
        seed,
        3,
        InferParams {
            model: Some(model),
            ..InferParams::default()
        },
    )
}

/// As [`late_position`], with `left` cards left and inference `params`.
fn position(seed: u64, left: usize, params: InferParams) -> (Whist, Knowledge, Inference<Whist>) {
    let setup = Setup::new(4, Options::default()).unwrap();
    let mut state = Whist::deal(
        setup,
        Seat(3),
        &[0, 0],
        &mut stream(seed, 0, Purpose::Deal, 0),
    );
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
    while !(state.to_act() == Some(ME) && state.hand(ME).len() == left) {
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
    let sampler = WorldSampler::new(&k).unwrap();
    let mut rng = stream(2, 0, Purpose::Other, 1);
    assert_draws_every_world_equally_often(&mut inf, &state, &k, &sampler, &mut rng);
}

/// Draws 40 worlds a world from `inf` and checks that every world of `k`, and none other,
/// comes up, equally often within a chi-square bound.
fn assert_draws_every_world_equally_often(
    inf: &mut Inference<Whist>,
    state: &Whist,
    k: &Knowledge,
    sampler: &WorldSampler,
    rng: &mut GameRng,
) {
    let worlds = crate::knowledge::every_world(k);
    let per_world = 40;
    let n = worlds.len() * per_world;
    let mut counts: HashMap<Vec<CardSet>, usize> = HashMap::new();
    let mut out = Vec::new();
    let places = k.places.len();
    let mut drawn = 0;
    while drawn < n {
        inf.draw(state, k, sampler, 10, rng, &mut out);
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
fn in_mid_hand_the_fixed_pool_collapses_and_a_growing_one_does_not() {
    // Mid-hand (eight cards left, 20 plays of others seen) the B0 model's weights of 200
    // uniform candidates are dominated by a few; with `ess=50` the pool grows until 50.
    let rules = |ess: Option<u32>| InferParams {
        model: Some(ModelKind::Rules),
        ess,
        ..InferParams::default()
    };
    let (mut fixed_ess, mut grown_ess, mut sizes) = (Vec::new(), Vec::new(), Vec::new());
    for seed in 0..6 {
        let mut rng = stream(seed, 0, Purpose::Other, 2);
        let (state, k, mut inf) = position(seed, 8, rules(None));
        let sampler = WorldSampler::new(&k).unwrap();
        inf.weigh(&state, &k, &sampler, &mut rng);
        assert_eq!(inf.candidates().1.len(), 200);
        fixed_ess.push(super::effective_size(inf.candidates().1));
        let (state, k, mut inf) = position(seed, 8, rules(Some(50)));
        let sampler = WorldSampler::new(&k).unwrap();
        inf.weigh(&state, &k, &sampler, &mut rng);
        let (rows, weights) = inf.candidates();
        assert_eq!(rows.len(), weights.len() * k.places.len());
        grown_ess.push(super::effective_size(weights));
        sizes.push(weights.len());
    }
    fixed_ess.sort_by(f64::total_cmp);
    assert!(fixed_ess[3] < 25.0, "the fixed pool: {fixed_ess:?}");
    for (e, n) in grown_ess.iter().zip(&sizes) {
        assert!(*e >= 50.0 || *n >= 10_000, "{grown_ess:?} {sizes:?}");
        assert!(*n <= 10_000 && n % 200 == 0, "{sizes:?}");
    }
}

#[test]
fn trust_mixes_each_seat_between_the_model_and_the_random_player() {
    // Every seat's plays weigh `trust × Π p_rules + (1 − trust) × Π p_random`: with trust
    // near 0 the weights are the random model's (up to one factor), with trust 1 the rules'.
    let with = |model, trust| InferParams {
        model: Some(model),
        trust,
        ..InferParams::default()
    };
    let (state, k, mut random) = position(7, 6, with(ModelKind::Random, 1.0));
    let (_, _, mut rules) = position(7, 6, with(ModelKind::Rules, 1.0));
    let (_, _, mut mixed) = position(7, 6, with(ModelKind::Rules, 0.5));
    let (_, _, mut barely) = position(7, 6, with(ModelKind::Rules, 1e-30));
    let sampler = WorldSampler::new(&k).unwrap();
    let mut rng = stream(4, 0, Purpose::Other, 0);
    let mut hidden = vec![CardSet::EMPTY; k.places.len()];
    let mut ratios = Vec::new();
    let mut differs = false;
    for _ in 0..200 {
        sampler.sample_into(&mut rng, &mut hidden);
        let r = random.likelihood(&state, &k, &hidden, &mut rng);
        let b = rules.likelihood(&state, &k, &hidden, &mut rng);
        let m = mixed.likelihood(&state, &k, &hidden, &mut rng);
        ratios.push(barely.likelihood(&state, &k, &hidden, &mut rng) / r);
        // Per seat at least half the larger of the two: over three seats, an eighth.
        assert!(m >= 0.125 * b.max(r) * (1.0 - 1e-12), "{m} {b} {r}");
        differs |= (m - b).abs() > 1e-9 * b;
    }
    assert!(differs, "trust 0.5 changes the weights");
    let first = ratios[0];
    assert!(
        ratios.iter().all(|q| (q / first - 1.0).abs() < 1e-9),
        "{ratios:?}"
    );
}

#[test]
fn systematic_resampling_follows_the_weights() {
    let mut rng = stream(3, 0, Purpose::Other, 0);
    let picks = resample(&[1.0, 0.0, 3.0], 4, &mut rng);
    assert_eq!(picks.iter().filter(|&&i| i == 2).count(), 3);
    assert_eq!(picks.iter().filter(|&&i| i == 1).count(), 0);
}

/// An inference that weighs worlds by `model` (`infer=model:…`).
fn learned(model: crate::knowledge::learned::LearnedModel) -> Inference<Whist> {
    learned_at(model, 1.0)
}

/// `infer=model` with `model` at temperature `temp`.
fn learned_at(model: crate::knowledge::learned::LearnedModel, temp: f64) -> Inference<Whist> {
    Inference::<Whist>::new(&learned_params(model, temp)).unwrap()
}

/// The settings of `infer=model` with `model` at temperature `temp`.
fn learned_params(model: crate::knowledge::learned::LearnedModel, temp: f64) -> InferParams {
    InferParams {
        model: Some(ModelKind::Learned),
        learned: Some(("test".into(), std::sync::Arc::new(model))),
        temp,
        ..InferParams::default()
    }
}

/// A Whist model with random weights (what a model believes does not matter to these tests).
fn random_model(seed: u64) -> crate::knowledge::learned::LearnedModel {
    use crate::knowledge::learned::{LearnedModel, Network};
    let mut m = LearnedModel::uniform(crate::games::GameKind::WHIST, 4, 8);
    m.network = Network::new(m.network.shape(), &mut stream(seed, 0, Purpose::Other, 9));
    m
}

#[test]
fn a_uniform_learned_model_draws_the_uniform_samplers_distribution() {
    use crate::knowledge::learned::LearnedModel;
    let (state, k, _) = late_position(5, ModelKind::Flat);
    let mut inf = learned(LearnedModel::uniform(crate::games::GameKind::WHIST, 4, 4));
    let sampler = WorldSampler::new(&k).unwrap();
    let mut rng = stream(2, 0, Purpose::Other, 1);
    // Every candidate weighs exactly the same, so the draws are the uniform candidates'.
    inf.weigh(&state, &k, &sampler, &mut rng);
    let (_, weights) = inf.candidates();
    assert_eq!(weights.len(), InferParams::default().pool as usize);
    assert!(weights.iter().all(|&w| w == 1.0), "{weights:?}");
    assert_draws_every_world_equally_often(&mut inf, &state, &k, &sampler, &mut rng);
}

#[test]
fn a_learned_model_weighs_worlds_by_its_beliefs_and_keeps_revealed_cards_in_place() {
    // A position where the play has shown where a card is: every other hand that could hold
    // it has shown out of its suit.
    let mut found = None;
    'search: for seed in 0..200 {
        let setup = Setup::new(4, Options::default()).unwrap();
        let mut state = Whist::deal(
            setup,
            Seat(3),
            &[0, 0],
            &mut stream(seed, 0, Purpose::Deal, 0),
        );
        let mut b0 = fallback_agent::<Whist>();
        let mut rng = stream(seed, 0, Purpose::Other, 0);
        while let Some(seat) = state.to_act() {
            if seat == ME {
                let k = state.knowledge(ME);
                for c in k.unknown {
                    let holders: Vec<usize> = (0..k.places.len())
                        .filter(|&j| k.places[j].hidden() > 0 && !k.places[j].excluded.contains(c))
                        .collect();
                    let open = k.places.iter().filter(|p| p.hidden() > 0).count();
                    if holders.len() == 1 && open == 3 && k.unknown.len() >= 12 {
                        found = Some((state, k, c, holders[0]));
                        break 'search;
                    }
                }
            }
            let a = b0.choose(&state, seat, &mut rng);
            state.apply(a);
        }
    }
    let (state, k, card, place) = found.expect("a revealed card in 200 hands");
    let model = random_model(4);
    let mut inf = learned(model.clone());
    let sampler = WorldSampler::new(&k).unwrap();
    let mut rng = stream(6, 0, Purpose::Other, 0);
    let mut out = Vec::new();
    inf.draw(&state, &k, &sampler, 500, &mut rng, &mut out);
    let places = k.places.len();
    assert!(out.chunks(places).all(|row| row[place].contains(card)));
    let mut beliefs = crate::knowledge::learned::Beliefs::new();
    beliefs.predict(&model, &state, &k);
    let class = crate::knowledge::learned::features::place_class(k.places[place].kind, ME, 4);
    assert_eq!(beliefs.probability(card, class), 1.0);
    // The weights are the model's: a candidate weighs exp(Σ log p) relative to the best.
    inf.weigh(&state, &k, &sampler, &mut rng);
    let (rows, weights) = inf.candidates();
    let logs: Vec<f64> = rows.chunks(places).map(|r| beliefs.log_weight(r)).collect();
    let best = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    for (l, w) in logs.iter().zip(weights) {
        assert!(((l - best).exp() - w).abs() < 1e-12);
    }
    assert!(
        weights.iter().any(|&w| w < 0.5),
        "a random model prefers some worlds"
    );
    // With `temp=2` the same candidates (the same generator) weigh the square root: the log
    // weights are halved.
    let mut tempered = learned_at(model, 2.0);
    tempered.weigh(&state, &k, &sampler, &mut stream(6, 1, Purpose::Other, 0));
    inf.weigh(&state, &k, &sampler, &mut stream(6, 1, Purpose::Other, 0));
    let (rows, weights) = inf.candidates();
    let (rows2, weights2) = tempered.candidates();
    assert_eq!(rows, rows2, "the same candidates");
    for (w, w2) in weights.iter().zip(weights2) {
        assert!((w.sqrt() - w2).abs() < 1e-12, "{w} {w2}");
    }
    assert!(weights.iter().zip(weights2).any(|(w, w2)| w2 > w));
    // With `sample=model` the candidates come from the beliefs, each weighing 1, and the
    // revealed card is still in its place in every one.
    let mut guided = Inference::<Whist>::new(&InferParams {
        sample: super::Sample::Model,
        ..learned_params(random_model(4), 1.0)
    })
    .unwrap();
    guided.weigh(&state, &k, &sampler, &mut stream(6, 2, Purpose::Other, 0));
    let (rows, weights) = guided.candidates();
    assert_eq!(weights.len(), InferParams::default().pool as usize);
    assert!(weights.iter().all(|&w| w == 1.0));
    assert!(rows.chunks(places).all(|row| row[place].contains(card)));
}
