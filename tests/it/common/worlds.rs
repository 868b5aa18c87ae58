//! Helpers for world-sampling tests: brute-force enumeration of consistent worlds, a chi-square
//! test, and a deliberately biased sampler that the test must catch.

use std::collections::HashMap;

use tricklab::cards::{Card, CardSet};
use tricklab::knowledge::Knowledge;
use tricklab::rng::{GameRng, below};

/// Every consistent assignment of the unknown cards to the places (by brute force).
pub fn enumerate(k: &Knowledge) -> Vec<Vec<CardSet>> {
    let cards: Vec<Card> = k.unknown.iter().collect();
    let mut out = Vec::new();
    let mut cur = vec![CardSet::EMPTY; k.places.len()];
    fn go(
        k: &Knowledge,
        cards: &[Card],
        i: usize,
        cur: &mut Vec<CardSet>,
        out: &mut Vec<Vec<CardSet>>,
    ) {
        if i == cards.len() {
            out.push(cur.clone());
            return;
        }
        let c = cards[i];
        for (p, place) in k.places.iter().enumerate() {
            if cur[p].len() < place.hidden() && !place.excluded.contains(c) {
                cur[p].insert(c);
                go(k, cards, i + 1, cur, out);
                cur[p].remove(c);
            }
        }
    }
    go(k, &cards, 0, &mut cur, &mut out);
    out
}

/// A sampler that deals place by place, each slot a uniform allowed card of those left, and
/// starts over when it gets stuck. Every world it returns is consistent, but worlds are not
/// equally likely.
pub fn greedy_sample(k: &Knowledge, rng: &mut GameRng) -> Vec<CardSet> {
    'again: loop {
        let mut left = k.unknown;
        let mut out = vec![CardSet::EMPTY; k.places.len()];
        for (p, place) in k.places.iter().enumerate() {
            for _ in 0..place.hidden() {
                let ok = left - place.excluded;
                if ok.is_empty() {
                    continue 'again;
                }
                let c = ok.nth(below(rng, ok.len() as u32) as usize).unwrap();
                left.remove(c);
                out[p].insert(c);
            }
        }
        return out;
    }
}

/// Pearson's chi-square statistic of `counts` against equal expected frequencies over
/// `cells` cells (cells never seen count as zero).
pub fn chi_square(counts: &HashMap<Vec<CardSet>, u64>, cells: usize, n: u64) -> f64 {
    let e = n as f64 / cells as f64;
    let seen: f64 = counts.values().map(|&o| (o as f64 - e).powi(2) / e).sum();
    seen + (cells - counts.len()) as f64 * e
}

/// The upper 0.1% point of chi-square with `df` degrees of freedom (Wilson–Hilferty).
pub fn chi_square_critical(df: f64) -> f64 {
    let z = 3.090_232; // the 0.999 normal quantile
    let a = 2.0 / (9.0 * df);
    df * (1.0 - a + z * a.sqrt()).powi(3)
}

/// The exact probability `greedy_sample` gives each world of `worlds` (all consistent worlds):
/// each place takes a uniform subset of the allowed cards left, so a world's weight is
/// `Π 1 / C(allowed left, slots)`, normalised over the worlds (a stuck deal starts over).
pub fn greedy_probabilities(k: &Knowledge, worlds: &[Vec<CardSet>]) -> Vec<f64> {
    let binom =
        |n: usize, r: usize| -> f64 { (0..r).map(|i| (n - i) as f64 / (i + 1) as f64).product() };
    let w: Vec<f64> = worlds
        .iter()
        .map(|world| {
            let mut left = k.unknown;
            let mut p = 1.0;
            for (place, got) in k.places.iter().zip(world) {
                p /= binom((left - place.excluded).len(), place.hidden());
                left -= *got;
            }
            p
        })
        .collect();
    let total: f64 = w.iter().sum();
    w.into_iter().map(|x| x / total).collect()
}
