//! A tournament's sequential test (`tournament --sprt`): Wald's SPRT ([`Sprt`]) on the one
//! pair of a two-agent tournament, on its paired per-deal results, as fishtest and cutechess
//! test a pair of engines on game pairs.
//!
//! Each deal counts as one result of the pair's first agent: 1 when its duplicate score over
//! the deal's rotations is positive, ½ when it is 0, 0 when negative (the results the
//! Bradley–Terry ratings count), so the Elo edges `elo0` and `elo1` are on the ratings' scale.
//! The test is checked only at the end of each whole chunk of deals ([`super::CHUNK`]), in deal
//! order, and at the last deal: the chunk at which it decides, and so the deals the tournament
//! keeps, depend on the seed alone, never on the thread count or on which chunk finished first,
//! and `--resume` reaches the same stop.

use crate::stats::{Scores, Sprt, SprtOutcome, SprtState};

/// One deal's result for the pair's first agent from its score (`x` minus `y`): 1, ½ or 0.
pub fn deal_result(score: f64) -> f64 {
    if score > 0.0 {
        1.0
    } else if score < 0.0 {
        0.0
    } else {
        0.5
    }
}

/// The results of `scores` (see [`deal_result`]).
pub fn deal_results(scores: &[f64]) -> Scores {
    let mut s = Scores::default();
    scores.iter().for_each(|&x| s.push(deal_result(x)));
    s
}

/// A test fed chunk by chunk in deal order, checked at each chunk's end.
#[derive(Clone, Debug)]
pub struct SprtCursor {
    test: Sprt,
    scores: Scores,
    llr: f64,
    decided: Option<SprtState>,
}

impl SprtCursor {
    /// A test that has seen nothing.
    pub fn new(test: Sprt) -> SprtCursor {
        SprtCursor {
            test,
            scores: Scores::default(),
            llr: 0.0,
            decided: None,
        }
    }

    /// Feeds the next chunk's scores (in deal order) and checks the test at its end; does
    /// nothing once the test has decided.
    pub fn feed(&mut self, chunk: &[f64]) {
        if self.decided.is_some() {
            return;
        }
        chunk.iter().for_each(|&x| self.scores.push(deal_result(x)));
        self.llr = self.test.llr(&self.scores);
        let state = self.test.state(&self.scores);
        if state != SprtState::Continue {
            self.decided = Some(state);
        }
    }

    /// Deals seen.
    pub fn deals(&self) -> u64 {
        self.scores.n()
    }

    /// Whether the test has decided.
    pub fn is_decided(&self) -> bool {
        self.decided.is_some()
    }

    /// Where the test stands.
    pub fn outcome(&self) -> SprtOutcome {
        SprtOutcome {
            test: self.test,
            deals: self.deals(),
            llr: self.llr,
            state: self.decided.unwrap_or(SprtState::Continue),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEST: Sprt = Sprt {
        elo0: 0.0,
        elo1: 20.0,
        alpha: 0.05,
        beta: 0.05,
    };

    #[test]
    fn the_cursor_decides_only_at_a_chunks_end_and_then_holds() {
        // Three wins in five deals: the textbook test decides at some deal n; checked at chunk
        // ends of 64 it decides at the first chunk end at or after n.
        let deals: Vec<f64> = (0..2000)
            .map(|i| if i % 5 < 3 { 2.5 } else { -1.0 })
            .collect();
        let results: Vec<f64> = deals.iter().map(|&x| deal_result(x)).collect();
        let (state, n) = TEST.run(results.iter().copied());
        assert_eq!(state, SprtState::AcceptH1);
        let mut c = SprtCursor::new(TEST);
        for chunk in deals.chunks(64) {
            c.feed(chunk);
        }
        let o = c.outcome();
        assert_eq!(o.state, SprtState::AcceptH1);
        assert_eq!(o.deals, n.div_ceil(64) * 64, "{n}");
        assert!(o.llr >= TEST.upper());
        assert!(
            o.sentence("rules", "random")
                .contains("H1 accepted: rules stronger than random by ≥ 20 Elo")
        );
        // Fed no more than it needs, it has not decided yet.
        let mut short = SprtCursor::new(TEST);
        for chunk in deals.chunks(64).take((n.div_ceil(64) - 1) as usize) {
            short.feed(chunk);
        }
        assert!(!short.is_decided());
        assert!(
            short
                .outcome()
                .sentence("a", "b")
                .contains("undecided after")
        );
    }

    #[test]
    fn deal_results_are_wins_ties_and_losses_of_the_first_agent() {
        assert_eq!(deal_result(0.25), 1.0);
        assert_eq!(deal_result(0.0), 0.5);
        assert_eq!(deal_result(-3.0), 0.0);
        let s = deal_results(&[1.0, 0.0, -1.0, 2.0]);
        assert_eq!((s.n(), s.mean()), (4, 0.625));
    }
}
