//! How good a learned model is on held-out hands: its log loss and calibration against the
//! uniform sampler and against policy inference (`infer=rules`), and its cost per decision.
//!
//! At every decision of the held-out hands (played by a field, as in training), for every card
//! the deciding seat has not seen, four predictors give the probability of each class the card
//! may be in (see [`features`](crate::knowledge::learned::features)):
//!
//! - **model**: the learned model's probabilities;
//! - **uniform**: the exact marginals of the uniform sampler (counted, not sampled: the share
//!   of the consistent worlds that put the card in each place of the class);
//! - **rules**: policy inference with B0 as the model (`infer=rules`, pool 200): the weighted
//!   share of the pool's candidates that put the card in the class;
//! - **pool**: the same candidates unweighted (`infer=flat`): the uniform sampler as seen
//!   through a pool of 200, which shows how much of the rules' loss is the pool's noise.
//!
//! A search does not draw its worlds from the model's marginals but from a pool of 200
//! candidates weighed by the product of the model's probabilities (`infer=model`), which is
//! sharper than the marginals where the cards' places are not independent. So the report also
//! scores **the model's weighted pool** at each temperature of [`TEMPS`] (`temp=T` divides the
//! log weights by `T`), with the weights' effective sample size `(Σw)² / Σw²`, and the pool of
//! 200 candidates drawn from the model's beliefs (`infer=model,sample=model`).
//!
//! The pool estimates are mixed with 2% of the exact uniform marginal ([`POOL_MIX`]), so that
//! a class the pool never drew does not cost an infinite loss.
//!
//! Log loss is the mean of `−ln p(true class)` over the cards (nats per unseen card);
//! calibration bins every (card, allowed class) probability into tenths and compares the mean
//! prediction with the share that was right; the expected calibration error is the mean gap
//! weighted by the bins' counts. The cost per decision is the wall time of one decision's
//! inference with `pool=200` (for the model: the forward pass and weighing 200 candidates;
//! for the rules: weighing 200 candidates by B0's likelihood of every play so far).

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Instant;

use crate::agents::inference::{InferParams, ModelKind, Sample, effective_size};
use crate::agents::{AgentFactory, AgentSpec, SpecError, TableEvent};
use crate::cards::{Card, CardSet};
use crate::games::Seat;
use crate::games::record::RecordRules;
use crate::knowledge::learned::features::{CARDS, card_slot, place_class};
use crate::knowledge::learned::{Example, InfoState, LearnedModel, Scratch, info_state, labels};
use crate::knowledge::{Knowledge, WorldSampler};
use crate::rng::{GameRng, Purpose, stream};

use super::selfplay::{Look, watch};

/// The share of the exact uniform marginal mixed into a pool's estimate.
pub const POOL_MIX: f64 = 0.02;

/// The pool of the rules and model inference timed and compared.
pub const POOL: u32 = 200;

/// The temperatures at which the model's weighted pool is scored (`infer=model,temp=T`).
pub const TEMPS: [f64; 6] = [1.0, 1.5, 2.0, 3.0, 5.0, 8.0];

/// One held-out decision: the example and the other predictors' probabilities (card-major,
/// one number per class).
#[derive(Clone, Debug)]
pub struct Judged {
    /// The hand (its index in the run).
    pub hand: u64,
    /// What the seat knew and the truth.
    pub example: Example,
    /// The exact uniform marginals.
    pub uniform: Vec<f64>,
    /// Policy inference's weighted pool.
    pub rules: Vec<f64>,
    /// The unweighted pool.
    pub pool: Vec<f64>,
    /// The effective sample size of policy inference's weights.
    pub rules_ess: f64,
    /// The model's weighted pool at each temperature of [`TEMPS`].
    pub model_pools: Vec<Vec<f64>>,
    /// The effective sample size of the model's weights at each temperature of [`TEMPS`].
    pub model_ess: Vec<f64>,
    /// The pool drawn from the model's beliefs (`sample=model`).
    pub guided: Vec<f64>,
    /// Seconds of the model's inference for the decision.
    pub model_seconds: f64,
    /// Seconds of the rules' inference for the decision.
    pub rules_seconds: f64,
}

/// The exact uniform marginals of `k` (card-major, `n` classes): for each unknown card and
/// class, the share of the consistent worlds that put the card in a place of the class.
pub fn uniform_marginals(k: &Knowledge, n: usize) -> Vec<f64> {
    let mut out = vec![0.0; CARDS * n];
    let total = WorldSampler::new(k).map(|s| s.count()).unwrap_or(0);
    if total == 0 {
        return out;
    }
    // Cards that may go to the same places have the same marginals: count once per group.
    let mut done: Vec<(u32, Card)> = Vec::new();
    for c in k.unknown {
        let mask = k
            .places
            .iter()
            .enumerate()
            .filter(|(_, p)| p.hidden() > 0 && !p.excluded.contains(c))
            .fold(0u32, |m, (i, _)| m | 1 << i);
        if let Some(&(_, rep)) = done.iter().find(|(m, _)| *m == mask) {
            for class in 0..n {
                out[card_slot(c) * n + class] = out[card_slot(rep) * n + class];
            }
            continue;
        }
        done.push((mask, c));
        for (j, p) in k.places.iter().enumerate() {
            if mask & (1 << j) == 0 {
                continue;
            }
            let mut forced = k.clone();
            forced.unknown.remove(c);
            forced.places[j].known.insert(c);
            let count = WorldSampler::new(&forced).map(|s| s.count()).unwrap_or(0);
            out[card_slot(c) * n + place_class(p.kind, k.observer, n)] +=
                count as f64 / total as f64;
        }
    }
    out
}

/// The evaluation's look at a decision: the example, the uniform marginals, and the pool
/// estimates and times of the rules' and the model's inference.
struct EvalLook<G: AgentFactory> {
    seed: u64,
    seat: Seat,
    hand: u64,
    rng: GameRng,
    /// The guided pool's own generator, so that it leaves the others' draws as they were.
    guided_rng: GameRng,
    rules: crate::agents::inference::Inference<G>,
    model: crate::agents::inference::Inference<G>,
    guided: crate::agents::inference::Inference<G>,
}

impl<G: AgentFactory> Look<G> for EvalLook<G> {
    type Item = Judged;

    fn observes(&self) -> bool {
        true
    }

    fn observe(&mut self, seat: Seat, event: &TableEvent<'_, G>) {
        if let TableEvent::HandStart { table, .. } = event {
            self.hand = table.match_index;
            self.rng = stream(
                self.seed,
                table.match_index,
                Purpose::Other,
                0x1000 + seat.0 as u64,
            );
            self.guided_rng = stream(
                self.seed,
                table.match_index,
                Purpose::Other,
                0x2000 + seat.0 as u64,
            );
        }
        self.rules.observe(seat, event);
        self.model.observe(seat, event);
        self.guided.observe(seat, event);
    }

    fn look(&mut self, state: &G, seat: Seat) -> Option<Judged> {
        debug_assert_eq!(seat, self.seat);
        let k = state.knowledge(seat);
        if k.unknown.is_empty() {
            return None;
        }
        let n = state.num_seats();
        let mut x = InfoState::default();
        info_state(state, &k, &mut x);
        let example = Example {
            labels: labels(state, &k),
            state: x,
        };
        let uniform = uniform_marginals(&k, n);
        let sampler = WorldSampler::new(&k).ok()?;
        let started = Instant::now();
        self.model.weigh(state, &k, &sampler, &mut self.rng);
        let model_seconds = started.elapsed().as_secs_f64();
        let started = Instant::now();
        self.rules.weigh(state, &k, &sampler, &mut self.rng);
        let rules_seconds = started.elapsed().as_secs_f64();
        let (rows, weights) = self.rules.candidates();
        let rules = pool_estimate(rows, weights, &k, n, &uniform);
        let pool = pool_estimate(rows, &vec![1.0; weights.len()], &k, n, &uniform);
        let rules_ess = effective_size(weights);
        // The model's weights are exp(log weight − the largest): to the power 1/T at `temp=T`.
        let (rows, weights) = self.model.candidates();
        let (mut model_pools, mut model_ess) = (Vec::new(), Vec::new());
        for t in TEMPS {
            let tempered: Vec<f64> = weights.iter().map(|w| w.powf(1.0 / t)).collect();
            model_pools.push(pool_estimate(rows, &tempered, &k, n, &uniform));
            model_ess.push(effective_size(&tempered));
        }
        self.guided.weigh(state, &k, &sampler, &mut self.guided_rng);
        let (rows, weights) = self.guided.candidates();
        let guided = pool_estimate(rows, weights, &k, n, &uniform);
        Some(Judged {
            hand: self.hand,
            example,
            uniform,
            rules,
            pool,
            rules_ess,
            model_pools,
            model_ess,
            guided,
            model_seconds,
            rules_seconds,
        })
    }
}

/// A weighted pool's estimate of where each card is (card-major, `n` classes): the weighted
/// share of the candidates (`rows`, one set per hidden place of `k`) that put the card in each
/// class, mixed with [`POOL_MIX`] of the exact `uniform` marginals.
fn pool_estimate(
    rows: &[CardSet],
    weights: &[f64],
    k: &Knowledge,
    n: usize,
    uniform: &[f64],
) -> Vec<f64> {
    let mut out = vec![0.0; CARDS * n];
    let total: f64 = weights.iter().sum();
    for (row, &w) in rows.chunks(k.places.len().max(1)).zip(weights) {
        for (cards, p) in row.iter().zip(&k.places) {
            let class = place_class(p.kind, k.observer, n);
            for c in *cards {
                out[card_slot(c) * n + class] += w / total;
            }
        }
    }
    for (q, u) in out.iter_mut().zip(uniform) {
        *q = (1.0 - POOL_MIX) * *q + POOL_MIX * u;
    }
    out
}

/// Plays hands `hands` of `field` from `seed` and judges every decision (see the module).
///
/// # Errors
/// An agent of the field that cannot be built, or a model for another table.
pub fn judge<R>(
    rules: &R,
    model: &Arc<LearnedModel>,
    field: &[AgentSpec],
    hands: std::ops::Range<u64>,
    seed: u64,
) -> Result<Vec<Judged>, SpecError>
where
    R: RecordRules,
    R::Hand: AgentFactory,
{
    model
        .check_table(rules.game(), rules.players())
        .map_err(|e| SpecError::BadParameter(e.to_string()))?;
    let with = |kind: ModelKind, learned| InferParams {
        model: Some(kind),
        pool: POOL,
        learned,
        ..InferParams::default()
    };
    let rules_params = with(ModelKind::Rules, None);
    let model_params = with(
        ModelKind::Learned,
        Some(("eval".to_string(), Arc::clone(model))),
    );
    let guided_params = InferParams {
        sample: Sample::Model,
        ..model_params.clone()
    };
    watch(rules, field, hands, seed, |seat| EvalLook {
        seed,
        seat,
        hand: 0,
        rng: stream(seed, 0, Purpose::Other, 0x1000 + seat.0 as u64),
        guided_rng: stream(seed, 0, Purpose::Other, 0x2000 + seat.0 as u64),
        rules: crate::agents::inference::Inference::new(&rules_params).expect("a model"),
        model: crate::agents::inference::Inference::new(&model_params).expect("a model"),
        guided: crate::agents::inference::Inference::new(&guided_params).expect("a model"),
    })
}

/// One predictor's log loss and calibration.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Score {
    /// Cards predicted.
    pub cards: u64,
    /// Mean `−ln p(true class)`, nats per card.
    pub log_loss: f64,
    /// Per tenth of probability: (pairs, mean prediction, share right).
    pub bins: [(u64, f64, f64); 10],
    /// The expected calibration error.
    pub ece: f64,
}

/// Scores probabilities `p(judged)` (card-major, `n` classes) against the truth.
pub fn score(judged: &[Judged], n: usize, p: impl Fn(&Judged) -> Vec<f64>) -> Score {
    let mut s = Score::default();
    let mut sums = [(0u64, 0.0f64, 0.0f64); 10];
    let mut loss = 0.0;
    for j in judged {
        let probs = p(j);
        let e = &j.example;
        for slot in e.state.unknown_slots() {
            let label = e.labels[slot] as usize;
            loss -= probs[slot * n + label].max(1e-12).ln();
            s.cards += 1;
            for class in 0..n {
                if e.state.allowed[slot] & (1 << class) == 0 {
                    continue;
                }
                let q = probs[slot * n + class];
                let b = ((q * 10.0) as usize).min(9);
                sums[b].0 += 1;
                sums[b].1 += q;
                sums[b].2 += f64::from(u8::from(class == label));
            }
        }
    }
    s.log_loss = if s.cards == 0 {
        0.0
    } else {
        loss / s.cards as f64
    };
    let pairs: u64 = sums.iter().map(|b| b.0).sum();
    for (out, &(c, q, r)) in s.bins.iter_mut().zip(&sums) {
        if c > 0 {
            *out = (c, q / c as f64, r / c as f64);
            s.ece += (c as f64 / pairs as f64) * (q / c as f64 - r / c as f64).abs();
        }
    }
    s
}

/// The model's probabilities for a judged decision.
pub fn model_probabilities(model: &LearnedModel, j: &Judged) -> Vec<f64> {
    let mut out = Vec::new();
    model
        .network
        .predict(&j.example.state, &mut Scratch::default(), &mut out);
    out
}

/// The evaluation as markdown: the four predictors' log loss and calibration error, the
/// model's and the rules' calibration by tenths, and the cost per decision.
pub fn report(
    model: &LearnedModel,
    judged: &[Judged],
    hands: u64,
    seed: u64,
    field: &str,
) -> String {
    let n = model.header.players;
    let scores = [
        ("model", score(judged, n, |j| model_probabilities(model, j))),
        ("uniform (exact)", score(judged, n, |j| j.uniform.clone())),
        (
            "rules (infer=rules, pool 200)",
            score(judged, n, |j| j.rules.clone()),
        ),
        (
            "pool (infer=flat, pool 200)",
            score(judged, n, |j| j.pool.clone()),
        ),
    ];
    let mut out = String::new();
    let p = &model.header.provenance;
    let _ = writeln!(
        out,
        "# Learned card-location model: held-out evaluation\n\n\
         - game: {} with {n} players; model trained on {} hands (seed {}, field `{}`, {} examples, {} epochs, {} hidden units)\n\
         - held out: {hands} hands from seed {seed}, field `{field}`: {} decisions, {} unseen cards predicted\n",
        model.header.game.name(),
        p.hands,
        p.seed,
        p.field,
        p.examples,
        p.epochs,
        model.header.hidden,
        judged.len(),
        scores[0].1.cards,
    );
    let _ = writeln!(
        out,
        "| predictor | log loss (nats per card) | calibration error |"
    );
    let _ = writeln!(out, "|---|---:|---:|");
    for (name, s) in &scores {
        let _ = writeln!(out, "| {name} | {:.4} | {:.4} |", s.log_loss, s.ece);
    }
    let learned = |j: &Judged| model_probabilities(model, j);
    let diffs = paired_difference(judged, n, learned, |j| j.uniform.clone());
    let diffr = paired_difference(judged, n, learned, |j| j.rules.clone());
    let _ = writeln!(
        out,
        "\nPaired by hand (the mean over hands of each hand's log loss per card, model minus \
         the other; 95% normal interval over {hands} hands):\n\n\
         - model − uniform: {:+.4} [{:+.4}, {:+.4}]\n\
         - model − rules: {:+.4} [{:+.4}, {:+.4}]\n",
        diffs.0, diffs.1, diffs.2, diffr.0, diffr.1, diffr.2
    );
    let _ = writeln!(
        out,
        "## Calibration (pairs of card and allowed class, by predicted probability)\n"
    );
    let _ = writeln!(
        out,
        "| bin | model: pairs | mean predicted | share right | rules: pairs | mean predicted | share right |"
    );
    let _ = writeln!(out, "|---|---:|---:|---:|---:|---:|---:|");
    for b in 0..10 {
        let (mc, mq, mr) = scores[0].1.bins[b];
        let (rc, rq, rr) = scores[2].1.bins[b];
        let _ = writeln!(
            out,
            "| {:.1}–{:.1} | {mc} | {mq:.3} | {mr:.3} | {rc} | {rq:.3} | {rr:.3} |",
            b as f64 / 10.0,
            (b + 1) as f64 / 10.0
        );
    }
    let mean =
        |f: &dyn Fn(&Judged) -> f64| judged.iter().map(f).sum::<f64>() / judged.len().max(1) as f64;
    let _ = writeln!(
        out,
        "\n## What `infer=model` draws from: the model's weighted pool, by `temp`\n\n\
         A search draws its worlds from {POOL} candidates weighed by the product of the model's \
         probabilities (to the power 1/`temp`), not from the model's marginals above. Each row \
         scores that pool's share of the candidates per card, as for the rules' pool; ESS is the \
         weights' mean effective sample size, of {POOL} (policy inference's: {:.1}). The \
         paired difference is against the rules' pool, by hand as above.\n\n\
         | temp | log loss (nats per card) | calibration error | mean ESS | pool − rules [95%] |\n\
         |---:|---:|---:|---:|---:|",
        mean(&|j| j.rules_ess)
    );
    for (i, t) in TEMPS.iter().enumerate() {
        let s = score(judged, n, |j| j.model_pools[i].clone());
        let d = paired_difference(judged, n, |j| j.model_pools[i].clone(), |j| j.rules.clone());
        let _ = writeln!(
            out,
            "| {t} | {:.4} | {:.4} | {:.1} | {:+.4} [{:+.4}, {:+.4}] |",
            s.log_loss,
            s.ece,
            mean(&|j| j.model_ess[i]),
            d.0,
            d.1,
            d.2
        );
    }
    let s = score(judged, n, |j| j.guided.clone());
    let d = paired_difference(judged, n, |j| j.guided.clone(), |j| j.rules.clone());
    let _ = writeln!(
        out,
        "\nDrawn from the model's beliefs instead (`sample=model`, {POOL} candidates each \
         weighing 1): log loss {:.4}, calibration error {:.4}; pool − rules {:+.4} [{:+.4}, \
         {:+.4}].",
        s.log_loss, s.ece, d.0, d.1, d.2
    );
    let _ = writeln!(
        out,
        "\n## Cost per decision (wall time, pool 200, one thread of a shared machine)\n\n\
         - model (features, forward pass, weighing 200 candidates): {:.0} µs\n\
         - rules (weighing 200 candidates by B0's likelihood of every play so far): {:.0} µs",
        mean(&|j| j.model_seconds) * 1e6,
        mean(&|j| j.rules_seconds) * 1e6
    );
    out
}

/// The mean over hands of (`first`'s mean loss per card in the hand − `other`'s), with a
/// 95% normal interval over hands (the hands are independent; a hand's decisions are not).
pub fn paired_difference(
    judged: &[Judged],
    n: usize,
    first: impl Fn(&Judged) -> Vec<f64>,
    other: impl Fn(&Judged) -> Vec<f64>,
) -> (f64, f64, f64) {
    let mut d: Vec<f64> = Vec::new();
    for hand in judged.chunk_by(|a, b| a.hand == b.hand) {
        let a = score(hand, n, &first);
        let b = score(hand, n, &other);
        if a.cards > 0 {
            d.push(a.log_loss - b.log_loss);
        }
    }
    let m = d.len().max(1) as f64;
    let mean = d.iter().sum::<f64>() / m;
    let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (m - 1.0).max(1.0);
    let half = 1.96 * (var / m).sqrt();
    (mean, mean - half, mean + half)
}
