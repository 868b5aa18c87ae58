//! Positions from game states: the [`Solvable`] games.
//!
//! - Catch the Ten: the set in play (with 2 or 3 players each set is scored on its own, and the
//!   sets not yet picked up are not part of it), scored as honours plus cards beyond the
//!   side's share, with what the side has won in the set so far banked. The hand is solved as
//!   if played to its last trick: `game_at_once` and the match score are not considered.
//! - Whist: the hand's tricks for a side (two partnerships), with its tricks so far banked;
//!   honours and the match score are not considered.
//! - 9-5-2: the play phase (after the exchange, trumps and discards), tricks for one seat
//!   against the other two, with its tricks so far banked.

use thiserror::Error;

use crate::cards::CardSet;
use crate::games::catch_the_ten::{CatchTheTen, honours};
use crate::games::nine_five_two::{NineFiveTwo, Phase};
use crate::games::whist::Whist;
use crate::games::{Game, MAX_SEATS, Seat, Side, TrumpOrder};

use super::position::{Position, PositionError};
use super::scoring::Scoring;

/// Why a game state gives no position to solve.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// No card is to be played now: the hand is over, or a 9-5-2 hand is still before its
    /// play phase.
    #[error("no card is to be played: {0}")]
    NoCardToPlay(&'static str),
    /// The state's hands and trick do not make a position (a bug in the game, never bad
    /// input).
    #[error("the game state does not make a position: {0}")]
    Position(#[from] PositionError),
}

/// A game whose hand in play the solver can take on.
pub trait Solvable: Game {
    /// The perfect-information position of the hand in play, solved for `side`.
    ///
    /// # Errors
    /// [`SolveError::NoCardToPlay`] when no card is to be played (the hand is over, or a 9-5-2
    /// hand is still before its play); [`SolveError::Position`] when the state does not make a
    /// position.
    fn position(&self, side: Side) -> Result<Position, SolveError>;

    /// The position solved for the side of `seat`.
    ///
    /// # Errors
    /// As [`Solvable::position`].
    fn position_for(&self, seat: Seat) -> Result<Position, SolveError> {
        self.position(self.sides().side(seat))
    }
}

/// "The hand is over": no seat is to act.
const OVER: SolveError = SolveError::NoCardToPlay("the hand is over");

/// The hands at the start of the trick in progress: each seat's hand now plus the card it
/// played to the trick.
fn hands_at_trick_start<G: Game>(state: &G) -> [CardSet; MAX_SEATS] {
    let n = state.num_seats();
    let mut hands = [CardSet::EMPTY; MAX_SEATS];
    for (s, h) in hands.iter_mut().enumerate().take(n) {
        *h = state.hand(Seat(s as u8));
    }
    let trick = state.trick();
    let mut seat = trick.leader();
    for &c in trick.cards() {
        hands[seat.index()].insert(c);
        seat = seat.left(n);
    }
    hands
}

/// Replays the cards of the trick in progress (as played, even a revoke).
fn replay_trick<G: Game>(state: &G, p: &mut Position) {
    let enc = p.encoding();
    for &c in state.trick().cards() {
        p.play_bit(enc.card(c));
    }
}

impl Solvable for CatchTheTen {
    fn position(&self, side: Side) -> Result<Position, SolveError> {
        self.to_act().ok_or(OVER)?;
        let setup = self.setup();
        let n = setup.players();
        let trump = self
            .trump()
            .ok_or(SolveError::NoCardToPlay("no trump suit is set yet"))?;
        let hands = hands_at_trick_start(self);
        let mut p = Position::new(
            &hands[..n],
            Some(trump),
            TrumpOrder::JACK_HIGH,
            self.trick().leader(),
            setup.sides(),
            side,
            Scoring::Honours {
                share: setup.share(side) as u8,
            },
        )?;
        let won = self.won(side) & self.set_cards(self.set());
        p.bank(honours(won, trump), won.len() as u32);
        replay_trick(self, &mut p);
        Ok(p)
    }
}

impl Solvable for NineFiveTwo {
    fn position(&self, side: Side) -> Result<Position, SolveError> {
        if self.phase() != Phase::Play {
            return Err(SolveError::NoCardToPlay(
                "the hand is before its play phase, or over",
            ));
        }
        tricks_position(self, 3, side, self.tricks()[side.index()] as i32)
    }
}

impl Solvable for Whist {
    fn position(&self, side: Side) -> Result<Position, SolveError> {
        self.to_act().ok_or(OVER)?;
        tricks_position(self, 4, side, self.side_tricks(side) as i32)
    }
}

/// The position of an aces-high game scored in tricks (9-5-2, Whist) for `side`, which has
/// `banked` tricks already, at a table of `seats`.
fn tricks_position<G: Game>(
    g: &G,
    seats: usize,
    side: Side,
    banked: i32,
) -> Result<Position, SolveError> {
    let hands = hands_at_trick_start(g);
    let mut p = Position::new(
        &hands[..seats],
        g.trump(),
        TrumpOrder::ACES_HIGH,
        g.trick().leader(),
        g.sides(),
        side,
        Scoring::Tricks,
    )?;
    p.bank(banked, 0);
    replay_trick(g, &mut p);
    Ok(p)
}
