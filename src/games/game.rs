//! The [`Game`] trait: the one interface every agent and search uses to play a hand.

use std::fmt;

use thiserror::Error;

use crate::cards::{CardSet, Suit};
use crate::rng::GameRng;

use super::GameKind;
use super::action::{Action, ActionSet};
use super::seat::{Seat, Side, Sides};
use super::trick::Trick;

/// Why an action was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum IllegalAction {
    /// The hand is over; nobody is to act.
    #[error("the hand is over; no action is possible")]
    HandOver,
    /// The action is not among the legal ones.
    #[error("{action} is not legal for seat {seat}: legal are {legal}")]
    NotLegal {
        /// The refused action.
        action: Action,
        /// The seat to act.
        seat: Seat,
        /// What that seat may do.
        legal: ActionSet,
    },
}

/// What one seat can see of a state, for games whose view is a copy of the state with
/// everything hidden from that seat removed (other hands, hidden piles, private exchanges).
/// Two states that look the same to the seat give equal views.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Masked<G>(G);

impl<G> Masked<G> {
    /// Wraps a state from which the game has removed what the seat cannot see.
    pub(crate) const fn new(masked: G) -> Masked<G> {
        Masked(masked)
    }

    /// The masked state: hidden cards are absent.
    pub fn state(&self) -> &G {
        &self.0
    }
}

/// The state of one hand (one deal) of a game: the unit that search sees.
///
/// In the spirit of OpenSpiel's `State`, trimmed: who acts, the legal actions as a set, checked
/// and unchecked apply, and the outcome per seat and per side. Forced steps (9-5-2 returns)
/// happen inside [`Game::apply`], so the seat to act always has a real choice (possibly of one).
/// States are `Copy`-cheap: search clones them freely.
pub trait Game: Clone + PartialEq + Send + Sync + fmt::Debug + 'static {
    /// What one seat can see of the state; two states that look the same to a seat have equal
    /// views. World sampling (see `knowledge`) must leave the observer's view unchanged.
    type View: PartialEq + fmt::Debug;

    /// Which game this is.
    fn kind(&self) -> GameKind;

    /// The seats and how they form sides.
    fn sides(&self) -> Sides;

    /// The dealer of this hand.
    fn dealer(&self) -> Seat;

    /// The seat to act, or `None` when the hand is over.
    fn to_act(&self) -> Option<Seat>;

    /// The legal actions of the seat to act (empty when the hand is over).
    fn legal_actions(&self) -> ActionSet;

    /// Applies an action without checking it. Search calls this; the action must be accepted
    /// (see [`Game::accepts`]), otherwise the state is unspecified (debug builds panic).
    fn apply(&mut self, action: Action);

    /// Plays the hand out with uniformly random legal actions, for a search's random rollouts:
    /// exactly `while self.to_act().is_some() { self.apply(self.legal_actions().choose(rng)) }`
    /// (the same actions, the same random numbers, the same state at the end). A game may
    /// override it with a faster loop of the same effect.
    fn play_out_randomly(&mut self, rng: &mut GameRng) {
        play_out_one_by_one(self, rng);
    }

    /// The trump suit, once it is known.
    fn trump(&self) -> Option<Suit>;

    /// Where the card of the give decision now open goes (9-5-2's exchange): the receiver of
    /// the batch being given. `None` when no give is to be decided (every other game).
    fn give_receiver(&self) -> Option<Seat> {
        None
    }

    /// The trick in progress (empty between tricks and before play).
    fn trick(&self) -> &Trick;

    /// The cards `seat` holds now. An agent may look only at its own seat's hand.
    fn hand(&self, seat: Seat) -> CardSet;

    /// The points `side` has made in this hand so far (the hand's final score once over):
    /// Catch the Ten honours plus cards, 9-5-2 `tricks − target`, Whist points for tricks.
    fn side_points(&self, side: Side) -> i32;

    /// The most points any side other than `side` has made in this hand (0 when it is the
    /// only side).
    fn best_other_points(&self, side: Side) -> i32 {
        self.sides()
            .all()
            .filter(|&o| o != side)
            .map(|o| self.side_points(o))
            .max()
            .unwrap_or(0)
    }

    /// Tricks taken by `seat` in this hand so far.
    fn tricks_won(&self, seat: Seat) -> u32;

    /// What `seat` can see of the state.
    fn view(&self, seat: Seat) -> Self::View;

    /// Ends the hand by a concession of `seat`'s side (a forfeit): every trick not yet played,
    /// the one in progress included, goes to [`Game::concession_receiver`]; tricks already won
    /// stay won; the hand is then scored by the game's own rules, as if those tricks had been
    /// played so. Play before the first trick (an exchange, trumps, discards) stops where it
    /// is. A game dealt in several sets (Catch the Ten with 2 or 3 players) concedes every set
    /// still to play, settling each in turn. Does nothing once the hand is over.
    fn concede(&mut self, seat: Seat);

    /// The seat whose side conceded the hand (see [`Game::concede`]), if one did.
    fn conceded(&self) -> Option<Seat>;

    /// The seat that takes the tricks `seat`'s side concedes: the first seat on `seat`'s left
    /// that is not on its side. One seat takes them all, so that the outcome is one number a
    /// replay recomputes, the same in every game.
    fn concession_receiver(&self, seat: Seat) -> Seat {
        let sides = self.sides();
        let n = sides.num_seats();
        let mut s = seat.left(n);
        while sides.side(s) == sides.side(seat) && s != seat {
            s = s.left(n);
        }
        s
    }

    /// The number of seats.
    fn num_seats(&self) -> usize {
        self.sides().num_seats()
    }

    /// Whether the hand is over.
    fn is_over(&self) -> bool {
        self.to_act().is_none()
    }

    /// Whether [`Game::try_apply`] accepts `action`. Equal to membership in
    /// [`Game::legal_actions`] unless a rule admits more (Catch the Ten's `allow_revokes` accepts
    /// a revoke, which no agent is offered).
    fn accepts(&self, action: Action) -> bool {
        self.legal_actions().contains(action)
    }

    /// Applies `action` if it is accepted; otherwise returns why not and changes nothing.
    fn try_apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        let seat = self.to_act().ok_or(IllegalAction::HandOver)?;
        if !self.accepts(action) {
            return Err(IllegalAction::NotLegal {
                action,
                seat,
                legal: self.legal_actions(),
            });
        }
        self.apply(action);
        Ok(())
    }

    /// The points of the side `seat` belongs to.
    fn seat_points(&self, seat: Seat) -> i32 {
        self.side_points(self.sides().side(seat))
    }
}

/// The generic loop of [`Game::play_out_randomly`]: one uniformly random legal action at a time
/// until the hand is over.
fn play_out_one_by_one<G: Game>(state: &mut G, rng: &mut GameRng) {
    while state.to_act().is_some() {
        let a = state.legal_actions().choose(rng);
        state.apply(a);
    }
}

/// For the games' tests: from `state`, [`Game::play_out_randomly`] and the generic loop it
/// stands for reach the same state and use the same random numbers; and
/// [`Rewarded::play_out_randomly_for_reward`](super::Rewarded::play_out_randomly_for_reward)
/// uses the same random numbers and ends the hand with the same points and every reward of
/// every side.
#[cfg(test)]
pub(crate) fn assert_plays_out_as_the_generic_loop<G: super::Rewarded>(state: &G, seed: u64) {
    use super::RewardKind;
    use rand::{Rng, SeedableRng};
    let (mut fast, mut slow, mut lean) = (state.clone(), state.clone(), state.clone());
    let mut r_fast = GameRng::seed_from_u64(seed);
    let mut r_slow = r_fast.clone();
    let mut r_lean = r_fast.clone();
    fast.play_out_randomly(&mut r_fast);
    play_out_one_by_one(&mut slow, &mut r_slow);
    lean.play_out_randomly_for_reward(&mut r_lean);
    assert_eq!(fast, slow, "seed {seed}");
    assert_eq!(lean.to_act(), None, "seed {seed}");
    for side in slow.sides().all() {
        assert_eq!(
            lean.side_points(side),
            slow.side_points(side),
            "seed {seed}"
        );
        for kind in [
            RewardKind::Points,
            RewardKind::Difference,
            RewardKind::MatchWin,
        ] {
            assert_eq!(
                lean.reward(side, kind),
                slow.reward(side, kind),
                "seed {seed}"
            );
        }
    }
    let next = r_slow.next_u64();
    assert_eq!(r_fast.next_u64(), next, "seed {seed}");
    assert_eq!(r_lean.next_u64(), next, "seed {seed}");
}

/// For the games' tests: [`assert_plays_out_as_the_generic_loop`] at every point of the hand
/// that `state` starts, walked with random actions of `rng`; returns the actions walked.
#[cfg(test)]
pub(crate) fn assert_every_point_plays_out_as_the_generic_loop<G: super::Rewarded>(
    mut state: G,
    rng: &mut GameRng,
    seed: u64,
) -> u64 {
    let mut actions = 0;
    loop {
        assert_plays_out_as_the_generic_loop(&state, seed * 100 + actions);
        if state.to_act().is_none() {
            return actions;
        }
        let a = state.legal_actions().choose(rng);
        state.apply(a);
        actions += 1;
    }
}
