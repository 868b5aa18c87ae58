//! The runners' random streams, by name.
//!
//! Every runner seeds its generators with [`rng::stream`](crate::rng::stream)`(seed, deal,
//! purpose, sub)`. The `sub` numbers below are what keeps the streams of different arms,
//! rotations, pairs and searchers apart; they are fixed, because every committed result depends
//! on them: change one and the outputs change.

/// A named stream: [`Stream::sub`] is its `sub` number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// `run` and `simulate` (a one-arm experiment, arm 0: `(rotation << 8) | seat`, the
    /// numbers of the old simulate runner): the agent in `seat` of `arm` in `rotation`:
    /// `(arm << 16) | (rotation << 8) | seat`.
    ExperimentAgent {
        /// The arm's index in the config.
        arm: usize,
        /// The rotation of the seating.
        rotation: usize,
        /// The seat.
        seat: usize,
    },
    /// `tournament`: the agent in `seat` for `pair` in `rotation`:
    /// `(pair << 24) | (rotation << 8) | seat`.
    TournamentAgent {
        /// The pair's index in the tournament.
        pair: u64,
        /// The seating's index.
        rotation: usize,
        /// The seat.
        seat: usize,
    },
    /// `tournament`: the bootstrap of the ratings' intervals: `0x70`.
    RatingBootstrap,
    /// `tournament`: the bootstrap of the intervals of each agent's share of the ceiling's
    /// edge: `0x71`.
    ShareBootstrap,
    /// `agree`: the deals and first dealer of the self-play games: `0xA000`.
    AgreementDeal,
    /// `agree`: the self-play agent in `seat`: `0xA000 + seat`.
    AgreementAgent {
        /// The seat.
        seat: usize,
    },
    /// `agree`: the searcher with this index in the config: `0xE000 + searcher`.
    Searcher {
        /// The searcher's index.
        searcher: usize,
    },
}

impl Stream {
    /// The stream's `sub` number (see the module doc).
    pub const fn sub(self) -> u64 {
        match self {
            Stream::ExperimentAgent {
                arm,
                rotation,
                seat,
            } => ((arm as u64) << 16) | ((rotation as u64) << 8) | seat as u64,
            Stream::TournamentAgent {
                pair,
                rotation,
                seat,
            } => (pair << 24) | ((rotation as u64) << 8) | seat as u64,
            Stream::RatingBootstrap => 0x70,
            Stream::ShareBootstrap => 0x71,
            Stream::AgreementDeal => 0xA000,
            Stream::AgreementAgent { seat } => 0xA000 + seat as u64,
            Stream::Searcher { searcher } => 0xE000 + searcher as u64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sub_numbers_are_the_ones_results_were_made_with() {
        let e = Stream::ExperimentAgent {
            arm: 2,
            rotation: 1,
            seat: 3,
        };
        assert_eq!(e.sub(), 0x0002_0103);
        let t = Stream::TournamentAgent {
            pair: 1,
            rotation: 3,
            seat: 2,
        };
        assert_eq!(t.sub(), 0x0100_0302);
        let s = Stream::ExperimentAgent {
            arm: 0,
            rotation: 1,
            seat: 4,
        };
        assert_eq!(s.sub(), 0x104);
        assert_eq!(Stream::AgreementAgent { seat: 3 }.sub(), 0xA003);
        assert_eq!(Stream::Searcher { searcher: 1 }.sub(), 0xE001);
    }
}
