//! Catch the Ten in records and match play.

use serde::{Deserialize, Serialize};

use crate::cards::{Card, CardSet};
use crate::games::deal::DealError;
use crate::games::matches::{MatchRules, MatchState};
use crate::games::record::RecordRules;
use crate::games::{Game, GameKind, MAX_SEATS, RulesError, Seat, Sides};
use crate::rng::GameRng;

use super::options::{Options, Setup};
use super::state::{CatchTheTen, DealEnd, HandsBySet, MAX_SETS};

/// The cards of a Catch the Ten deal in a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    /// For each seat, its hand in each set (one set with 4 or more players).
    pub hands: Vec<Vec<CardSet>>,
    /// The turned card; its suit is trumps.
    pub turned: Card,
    /// The card laid aside under `keep_6S`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub laid_aside: Option<Card>,
}

/// What happened in one set (the whole hand with 4 or more players), per side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetResult {
    /// Tricks won.
    pub tricks: Vec<u32>,
    /// Cards won.
    pub cards: Vec<u32>,
    /// Honour points captured.
    pub honours: Vec<i32>,
    /// Hand score: honours plus cards beyond the share.
    pub points: Vec<i32>,
    /// The side that captured the trump Ten in this set, if it was played.
    pub ten: Option<u8>,
    /// Game scores after the set was settled (count-out steps after the game ended are not
    /// added).
    pub scores_after: Vec<i32>,
}

/// The result of a Catch the Ten deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandResult {
    /// `complete`, `game_over` or `void`.
    pub end: String,
    /// One entry per set settled.
    pub sets: Vec<SetResult>,
}

/// The end of a deal as a word.
pub fn end_word(end: DealEnd) -> &'static str {
    match end {
        DealEnd::Playing => "playing",
        DealEnd::Complete => "complete",
        DealEnd::GameOver { .. } => "game_over",
        DealEnd::Void => "void",
    }
}

impl CatchTheTen {
    /// What happened in `set`, per side.
    pub fn set_result(&self, set: usize) -> SetResult {
        let sides = self.setup().sides();
        let hs = self.set_score(set);
        let won = self.won_in_set(set);
        let n = self.setup().players() as u32;
        let ten = Card::new(self.turned().suit(), crate::cards::Rank::Ten);
        let range = 0..sides.num_sides();
        SetResult {
            tricks: range.clone().map(|s| won[s].len() as u32 / n).collect(),
            cards: range.clone().map(|s| won[s].len() as u32).collect(),
            honours: range.clone().map(|s| hs.honours[s]).collect(),
            points: range.clone().map(|s| hs.total(s)).collect(),
            ten: range
                .clone()
                .find(|&s| won[s].contains(ten))
                .map(|s| s as u8),
            scores_after: self.scores_after_set(set),
        }
    }
}

impl MatchRules for Setup {
    type Hand = CatchTheTen;

    fn sides(&self) -> Sides {
        Setup::sides(self)
    }

    fn deal(&self, m: &MatchState, rng: &mut GameRng) -> CatchTheTen {
        let n_sides = Setup::sides(self).num_sides();
        CatchTheTen::deal(*self, m.dealer, &m.scores[..n_sides], rng)
    }

    fn settle(&self, m: &mut MatchState, hand: &CatchTheTen) {
        for (slot, v) in m.scores.iter_mut().zip(hand.scores()) {
            *slot = v;
        }
        m.hands_dealt += 1;
        match hand.end() {
            DealEnd::Void => {}
            DealEnd::GameOver { winners } => {
                m.winners = Some(winners);
                m.dealer = m.dealer.left(self.players());
            }
            _ => m.dealer = m.dealer.left(self.players()),
        }
    }
}

impl RecordRules for Setup {
    type Options = Options;
    type Deal = Deal;
    type Result = HandResult;

    fn game(&self) -> GameKind {
        Setup::KIND
    }

    fn players(&self) -> usize {
        Setup::players(self)
    }

    fn deck(&self) -> crate::cards::Deck {
        Setup::deck(self)
    }

    fn options(&self) -> Options {
        *Setup::options(self)
    }

    fn from_options(players: usize, options: &Options) -> Result<Setup, RulesError> {
        Setup::new(players, *options)
    }

    fn deal_record(&self, initial: &CatchTheTen) -> Deal {
        let hands = Seat::all(self.players())
            .map(|seat| {
                let all = initial.hand(seat) | initial.later_sets(seat);
                (0..self.sets())
                    .map(|k| all & initial.set_cards(k))
                    .collect()
            })
            .collect();
        Deal {
            hands,
            turned: initial.turned(),
            laid_aside: initial.laid_aside(),
        }
    }

    fn restore(&self, m: &MatchState, deal: &Deal) -> Result<CatchTheTen, DealError> {
        let n = self.players();
        if deal.hands.len() != n {
            return Err(DealError::Hands {
                given: deal.hands.len(),
                players: n,
            });
        }
        let mut hands: HandsBySet = [[CardSet::EMPTY; MAX_SETS]; MAX_SEATS];
        for (seat, sets) in deal.hands.iter().enumerate() {
            if sets.len() != self.sets() {
                return Err(DealError::Sets {
                    seat,
                    got: sets.len(),
                    want: self.sets(),
                });
            }
            hands[seat][..sets.len()].copy_from_slice(sets);
        }
        let n_sides = Setup::sides(self).num_sides();
        CatchTheTen::from_hands(
            *self,
            m.dealer,
            &m.scores[..n_sides],
            &hands,
            deal.turned,
            deal.laid_aside,
        )
    }

    fn result_record(&self, last: &CatchTheTen) -> HandResult {
        HandResult {
            end: end_word(last.end()).to_string(),
            sets: (0..last.sets_settled())
                .map(|k| last.set_result(k))
                .collect(),
        }
    }
}

impl crate::games::Rewarded for CatchTheTen {
    fn most_points(&self, side: crate::games::Side) -> i32 {
        let setup = self.setup();
        let cards = setup.sets() * (setup.cards_per_set() - setup.share(side));
        30 + cards as i32
    }

    /// Exact when the game ended in this deal (a shared win counts as half); otherwise the
    /// chance of a side that leads by `d` points after the deal, taken as a logistic curve of
    /// scale 10 points on the lead over the best other side (a hand moves about 15 points).
    fn match_reward(&self, side: crate::games::Side) -> f64 {
        match self.end() {
            DealEnd::GameOver { winners } => {
                if winners & (1 << side.index()) == 0 {
                    0.0
                } else {
                    1.0 / winners.count_ones() as f64
                }
            }
            _ => {
                let own = self.score(side);
                let best = self
                    .sides()
                    .all()
                    .filter(|&o| o != side)
                    .map(|o| self.score(o))
                    .max()
                    .unwrap_or(0);
                crate::games::win_estimate((own - best) as f64, 10.0)
            }
        }
    }
}
