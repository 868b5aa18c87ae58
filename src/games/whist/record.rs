//! Whist in records and match play.

use serde::{Deserialize, Serialize};

use crate::cards::{Card, CardSet, Suit};
use crate::games::deal::DealError;
use crate::games::matches::{MatchRules, MatchState};
use crate::games::record::RecordRules;
use crate::games::{Game, GameKind, RulesError, Seat, Side, Sides};
use crate::rng::GameRng;

use super::options::{Options, Setup};
use super::scoring::SIDES;
use super::state::{Hands, Whist};

/// The cards of a Whist deal in a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    /// Each seat's 13 cards as dealt, the turned card in the dealer's.
    pub hands: Vec<CardSet>,
    /// The turned card; its suit is trumps.
    pub turned: Card,
}

/// The result of a Whist hand, per side (side 0 is seats 0 and 2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandResult {
    /// The trump suit.
    pub trumps: Suit,
    /// Tricks taken.
    pub tricks: Vec<u32>,
    /// Points for tricks: tricks beyond the book of six.
    pub trick_points: Vec<i32>,
    /// Honours (A, K, Q, J of trumps) dealt to the side's two hands.
    pub honours_held: Vec<u32>,
    /// Points for honours added to the score (see [`super::Settlement`]).
    pub honours: Vec<i32>,
}

impl Whist {
    /// The hand's result, per side.
    pub fn result(&self) -> HandResult {
        let s = self.settlement();
        let sides = 0..SIDES as u8;
        HandResult {
            trumps: self.turned().suit(),
            tricks: sides.clone().map(|i| self.side_tricks(Side(i))).collect(),
            trick_points: s.trick_points.to_vec(),
            honours_held: sides.map(|i| self.honours_held(Side(i))).collect(),
            honours: s.honours.to_vec(),
        }
    }
}

impl MatchRules for Setup {
    type Hand = Whist;

    fn sides(&self) -> Sides {
        Setup::sides(self)
    }

    fn deal(&self, m: &MatchState, rng: &mut GameRng) -> Whist {
        Whist::deal(*self, m.dealer, &m.scores[..SIDES], rng)
    }

    fn settle(&self, m: &mut MatchState, hand: &Whist) {
        debug_assert!(hand.is_over(), "settling a hand still in play");
        let s = hand.settlement();
        m.scores[..SIDES].copy_from_slice(&s.scores_after);
        m.hands_dealt += 1;
        m.dealer = m.dealer.left(Setup::PLAYERS);
        m.winners = s.winner.map(|side| 1 << side);
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
        Setup::PLAYERS
    }

    fn options(&self) -> Options {
        *Setup::options(self)
    }

    fn from_options(players: usize, options: &Options) -> Result<Setup, RulesError> {
        Setup::new(players, *options)
    }

    fn deal_record(&self, initial: &Whist) -> Deal {
        Deal {
            hands: Seat::all(Setup::PLAYERS).map(|s| initial.hand(s)).collect(),
            turned: initial.turned(),
        }
    }

    fn restore(&self, m: &MatchState, deal: &Deal) -> Result<Whist, DealError> {
        let hands: Hands = deal
            .hands
            .as_slice()
            .try_into()
            .map_err(|_| DealError::Hands {
                given: deal.hands.len(),
                players: Setup::PLAYERS,
            })?;
        Whist::from_hands(*self, m.dealer, &m.scores[..SIDES], &hands, deal.turned)
    }

    fn result_record(&self, last: &Whist) -> HandResult {
        last.result()
    }
}
