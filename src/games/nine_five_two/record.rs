//! 9-5-2 in records and match play: the deal and result of a hand, the exchange steps, and
//! the end of the game.

use serde::{Deserialize, Serialize};

use crate::cards::{CardSet, Suit};
use crate::games::deal::DealError;
use crate::games::matches::{MatchRules, MatchState};
use crate::games::record::{ActionRecord, RecordRules, Step};
use crate::games::{Action, Game, GameKind, MAX_SEATS, RulesError, Seat, Sides};
use crate::rng::GameRng;

use super::exchange::return_order;
use super::options::{Options, PLAYERS, Setup};
use super::state::{HAND_SIZE, MatchContext, NineFiveTwo};

/// The cards of a 9-5-2 deal in a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    /// The 16 cards dealt to each seat, by seat.
    pub hands: Vec<CardSet>,
    /// The four cards of the kitty.
    pub kitty: CardSet,
}

/// One batch of the exchange in a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BatchResult {
    /// The plus player, who gave.
    pub giver: u8,
    /// The minus player, who received and returned.
    pub receiver: u8,
    /// The cards given.
    pub given: CardSet,
    /// The cards returned.
    pub returned: CardSet,
}

/// The result of a 9-5-2 hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandResult {
    /// Each seat's target.
    pub targets: Vec<u8>,
    /// Tricks taken by each seat.
    pub tricks: Vec<u32>,
    /// Each seat's `tricks − target`, the hand's score.
    pub diff: Vec<i32>,
    /// The trump suit the dealer named.
    pub trump: Option<Suit>,
    /// The dealer's four discards.
    pub discards: CardSet,
    /// The exchange, batch by batch in the order given (empty when nothing was exchanged).
    pub exchange: Vec<BatchResult>,
}

impl NineFiveTwo {
    /// The hand's result as a record writes it.
    pub fn result(&self) -> HandResult {
        let x = self.exchange();
        HandResult {
            targets: self.targets().to_vec(),
            tricks: self.tricks().iter().map(|&t| t as u32).collect(),
            diff: self.diffs().to_vec(),
            trump: self.trump(),
            discards: self.discards(),
            exchange: x
                .batches()
                .iter()
                .enumerate()
                .map(|(b, batch)| BatchResult {
                    giver: batch.giver.0,
                    receiver: batch.receiver.0,
                    given: x.given(b),
                    returned: x.returned(b),
                })
                .collect(),
        }
    }
}

/// Each seat's `tricks − target` in the previous hand, as the match carries it.
fn previous_of(m: &MatchState) -> Option<[i32; 3]> {
    m.previous.map(|p| [p[0], p[1], p[2]])
}

/// The hand's place in the match `m`.
fn context(rules: &Setup, m: &MatchState) -> MatchContext {
    MatchContext {
        rules: *rules,
        totals: [m.scores[0], m.scores[1], m.scores[2]],
        hands_before: m.hands_dealt,
    }
}

impl crate::games::Rewarded for NineFiveTwo {
    fn most_points(&self, side: crate::games::Side) -> i32 {
        (HAND_SIZE - self.target(Seat(side.0)) as usize) as i32
    }

    fn least_points(&self, side: crate::games::Side) -> i32 {
        -(self.target(Seat(side.0)) as i32)
    }

    /// Exact when the hand ends the game (a shared win counts as its share); otherwise a
    /// logistic curve (scale 3) of the seat's lead over the best other total after the hand.
    fn match_reward(&self, side: crate::games::Side) -> f64 {
        let c = self.context();
        let diffs = self.diffs();
        let totals = [0, 1, 2].map(|s| c.totals[s] + diffs[s]);
        let tricks = self.tricks().map(u32::from);
        match c.rules.winners(totals, tricks, c.hands_before + 1) {
            Some(w) if w & (1 << side.0) != 0 => 1.0 / w.count_ones() as f64,
            Some(_) => 0.0,
            None => {
                let own = totals[side.index()];
                let best = (0..PLAYERS)
                    .filter(|&s| s != side.index())
                    .map(|s| totals[s])
                    .max()
                    .unwrap_or(0);
                crate::games::win_estimate((own - best) as f64, 3.0)
            }
        }
    }

    fn play_out_randomly_for_reward(&mut self, rng: &mut crate::rng::GameRng) {
        self.play_out_randomly_for_score(rng);
    }
}

impl MatchRules for Setup {
    type Hand = NineFiveTwo;

    fn sides(&self) -> Sides {
        Sides::alone(PLAYERS)
    }

    fn deal(&self, m: &MatchState, rng: &mut GameRng) -> NineFiveTwo {
        NineFiveTwo::deal(self.variant(), m.dealer, previous_of(m), rng).in_match(context(self, m))
    }

    /// Adds each seat's `tricks − target` to its total, keeps it for the next exchange, passes
    /// the deal to the left and decides whether the game is over ([`Setup::winners`]).
    fn settle(&self, m: &mut MatchState, hand: &NineFiveTwo) {
        let diff = hand.diffs();
        let mut previous = [0; MAX_SEATS];
        previous[..PLAYERS].copy_from_slice(&diff);
        for (total, d) in m.scores.iter_mut().zip(diff) {
            *total += d;
        }
        m.previous = Some(previous);
        m.hands_dealt += 1;
        m.dealer = m.dealer.left(PLAYERS);
        let tricks = hand.tricks().map(u32::from);
        let totals = [m.scores[0], m.scores[1], m.scores[2]];
        m.winners = self.winners(totals, tricks, m.hands_dealt);
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
        PLAYERS
    }

    fn options(&self) -> Options {
        *Setup::options(self)
    }

    fn from_options(players: usize, options: &Options) -> Result<Setup, RulesError> {
        Setup::new(players, *options)
    }

    fn deal_record(&self, initial: &NineFiveTwo) -> Deal {
        let kitty = initial.kitty();
        Deal {
            hands: Seat::all(PLAYERS)
                .map(|s| initial.hand(s) - kitty)
                .collect(),
            kitty,
        }
    }

    fn restore(&self, m: &MatchState, deal: &Deal) -> Result<NineFiveTwo, DealError> {
        let hands: [CardSet; 3] =
            deal.hands
                .as_slice()
                .try_into()
                .map_err(|_| DealError::Hands {
                    given: deal.hands.len(),
                    players: PLAYERS,
                })?;
        let previous = previous_of(m);
        match (m.hands_dealt, previous) {
            (0, Some(_)) => return Err(DealError::PreviousOnFirstHand),
            (1.., None) => return Err(DealError::NoPrevious(m.hands_dealt)),
            _ => {}
        }
        NineFiveTwo::from_hands(self.variant(), m.dealer, hands, deal.kitty, previous)
            .map(|h| h.in_match(context(self, m)))
    }

    fn result_record(&self, last: &NineFiveTwo) -> HandResult {
        last.result()
    }

    /// Each decision as taken, a give with its recipient, and after it the forced returns it
    /// set off (RULES.md §7.10): the returner as `seat`, the giver as `to`.
    fn action_records(
        &self,
        initial: &NineFiveTwo,
        actions: &[(Seat, Action)],
    ) -> Vec<ActionRecord> {
        let mut hand = *initial;
        let mut out = Vec::with_capacity(actions.len() + 2 * MAX_SEATS);
        for &(seat, action) in actions {
            let to = match action {
                Action::Give(_) => hand.exchange().current().map(|b| b.receiver.0),
                _ => None,
            };
            let answered = hand.exchange().batches_answered();
            hand.apply(action);
            out.push(ActionRecord {
                seat: seat.0,
                step: Step::of(action),
                to,
            });
            let x = hand.exchange();
            for (b, batch) in x.batches()[..x.batches_answered()]
                .iter()
                .enumerate()
                .skip(answered)
            {
                out.extend(return_order(x.returned(b)).map(|c| ActionRecord {
                    seat: batch.receiver.0,
                    step: Step::Return(c),
                    to: Some(batch.giver.0),
                }));
            }
        }
        out
    }
}
