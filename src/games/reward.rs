//! Rewards for search: a hand's outcome per side, normalised to `[0, 1]`.

use std::fmt;
use std::str::FromStr;

use super::{Game, Side};

/// What a search agent maximises for its side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RewardKind {
    /// The side's points in the hand, from the least to the most it could make.
    #[default]
    Points,
    /// The side's points minus the best other side's, from `-max` to `+max`.
    Difference,
    /// Whether the side wins the match: exact when the match ends within the hand, otherwise
    /// an estimate from the scores the hand leaves (see each game's implementation).
    MatchWin,
}

impl RewardKind {
    /// The names used in agent specs.
    pub const NAMES: [&'static str; 3] = ["points", "difference", "match"];
}

impl FromStr for RewardKind {
    type Err = String;

    fn from_str(s: &str) -> Result<RewardKind, String> {
        match s {
            "points" => Ok(RewardKind::Points),
            "difference" => Ok(RewardKind::Difference),
            "match" => Ok(RewardKind::MatchWin),
            _ => Err(format!(
                "unknown reward `{s}`: expected one of: {}",
                RewardKind::NAMES.join(", ")
            )),
        }
    }
}

impl fmt::Display for RewardKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RewardKind::Points => "points",
            RewardKind::Difference => "difference",
            RewardKind::MatchWin => "match",
        })
    }
}

/// A game whose finished hands can be scored for search.
pub trait Rewarded: Game {
    /// The most points `side` can make in this hand (the least is 0 unless
    /// [`Rewarded::least_points`] says otherwise).
    fn most_points(&self, side: Side) -> i32;

    /// The least points `side` can make in this hand.
    fn least_points(&self, side: Side) -> i32 {
        let _ = side;
        0
    }

    /// The match reward of `side` for a finished hand, in `[0, 1]`.
    fn match_reward(&self, side: Side) -> f64;

    /// [`Game::play_out_randomly`] for a reward read at once (a search's random rollout, whose
    /// state is scored and dropped): the same actions and random numbers, and at the end the
    /// same [`Rewarded::reward`] and [`Game::side_points`] for every side, but the rest of the
    /// state (what each seat has played, its show-outs, the record of play) may be left out
    /// of date. By default the full play-out; a game overrides it where skipping those records
    /// is faster.
    fn play_out_randomly_for_reward(&mut self, rng: &mut crate::rng::GameRng) {
        self.play_out_randomly(rng);
    }

    /// The reward of `side` for a finished hand, in `[0, 1]`.
    fn reward(&self, side: Side, kind: RewardKind) -> f64 {
        let (lo, hi) = (self.least_points(side), self.most_points(side));
        let span = (hi - lo).max(1) as f64;
        match kind {
            RewardKind::Points => (self.side_points(side) - lo) as f64 / span,
            RewardKind::Difference => {
                let d = (self.side_points(side) - self.best_other_points(side)) as f64;
                ((d / span) + 1.0).clamp(0.0, 2.0) / 2.0
            }
            RewardKind::MatchWin => self.match_reward(side),
        }
    }
}

/// A win-probability estimate from a lead in points: a logistic curve with the given scale
/// (points for odds of e:1).
pub fn win_estimate(lead: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-lead / scale).exp())
}
