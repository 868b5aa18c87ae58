//! A hand in progress with everything its record needs, generic ([`HandPlay`]) and with its
//! game erased ([`DynHand`]), for code that holds a hand of a game it does not name (the
//! Python package's `State`). [`LoadedGame::deal_hand`] and [`hand_from_record`] make one;
//! each method of [`DynHand`] is one dynamic call into the game's generic code, and
//! [`DynAgent`] asks one of tricklab's agents about such a hand.

use std::any::Any;
use std::fmt;

use crate::agents::{Agent, AgentSpec, SpecError, build_agent};
use crate::cards::{CardSet, Suit};
use crate::games::matches::{MatchRules, MatchState, PlayedHand};
use crate::games::record::{FORMAT, RecordOf, RecordRules, record_hand, replay_record};
use crate::games::{Action, ActionSet, Decision, Game, GameKind, MAX_SEATS, Seat, Sides, Trick};
use crate::knowledge::{Knowledge, Observable as _};
use crate::rng::{GameRng, GameStreams, Purpose, stream};
use crate::solver::{Position, Solvable as _, SolveError};

use super::{LoadedGame, Rules};

/// One hand of the game whose configuration type is `R`, in progress: the rules, the match
/// before it, the deal (where known) and every decision so far.
#[derive(Clone)]
pub struct HandPlay<R: Rules> {
    /// The rules.
    pub rules: R,
    /// The match before this hand.
    pub before: MatchState,
    /// The match number written in the record.
    pub match_index: u64,
    /// The hand as dealt, where known (a sampled world has none).
    pub initial: Option<R::Hand>,
    /// The hand now.
    pub hand: R::Hand,
    /// Every decision so far.
    pub actions: Vec<(Seat, Action)>,
}

/// The game, the match before the hand, the hand now and the decisions so far.
impl<R: Rules> fmt::Debug for HandPlay<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HandPlay")
            .field("game", &self.rules.game())
            .field("before", &self.before)
            .field("match_index", &self.match_index)
            .field("hand", &self.hand)
            .field("actions", &self.actions)
            .finish()
    }
}

impl<R: Rules> HandPlay<R> {
    /// The first hand of game `index` of a run with `seed`: the deal and first dealer that
    /// `tricklab simulate --seed SEED` plays in its game `index`.
    pub fn deal(rules: &R, seed: u64, index: u64) -> HandPlay<R> {
        let n = MatchRules::sides(rules).num_seats();
        let GameStreams {
            deal: mut deal_rng,
            first_dealer,
            ..
        } = GameStreams::new(seed, index, n, 0, |k| k as u64);
        let before = MatchState::new(Seat(first_dealer));
        let hand = rules.deal(&before, &mut deal_rng);
        HandPlay::from_deal(rules.clone(), before, index, hand)
    }

    /// A hand as dealt.
    pub fn from_deal(rules: R, before: MatchState, match_index: u64, hand: R::Hand) -> Self {
        HandPlay {
            rules,
            before,
            match_index,
            initial: Some(hand.clone()),
            hand,
            actions: Vec::new(),
        }
    }

    /// Applies a legal action, or says why not (the command line's message).
    ///
    /// # Errors
    /// The action is not legal here.
    pub fn apply(&mut self, action: Action) -> Result<(), String> {
        let seat = self.hand.to_act();
        self.hand.try_apply(action).map_err(|e| e.to_string())?;
        self.actions
            .push((seat.expect("an accepted action has a seat"), action));
        Ok(())
    }

    /// Each seat's points for the finished hand (its side's), zeros while the hand goes on:
    /// the play's points and the bonus the rules add after it (Whist's honours).
    pub fn returns(&self) -> Vec<f64> {
        let n = self.hand.num_seats();
        if !self.hand.is_over() {
            return vec![0.0; n];
        }
        let sides = self.hand.sides();
        Seat::all(n)
            .map(|s| {
                f64::from(self.hand.seat_points(s) + self.rules.bonus(&self.hand, sides.side(s)))
            })
            .collect()
    }

    /// A world drawn uniformly from those consistent with what `seat` knows; it has no deal
    /// of its own, so no record.
    pub fn sample_world(&self, seat: Seat, seed: u64) -> HandPlay<R> {
        let mut rng: GameRng = stream(seed, 0, Purpose::Other, seat.0 as u64);
        HandPlay {
            rules: self.rules.clone(),
            before: self.before,
            match_index: self.match_index,
            initial: None,
            hand: self.hand.sample_world(seat, &mut rng),
            actions: self.actions.clone(),
        }
    }

    /// The finished hand as one `tricklab-hand/1` line.
    ///
    /// # Errors
    /// A sampled world (no deal) or a hand not over has no record.
    pub fn to_record(&self) -> Result<String, String> {
        let Some(initial) = &self.initial else {
            return Err("a sampled world has no record: its deal is not known".into());
        };
        if !self.hand.is_over() {
            return Err("the hand is not over: only a finished hand has a record".into());
        }
        let mut after = self.before;
        self.rules.settle(&mut after, &self.hand);
        let rec = record_hand(
            &self.rules,
            self.match_index,
            &PlayedHand {
                initial,
                actions: &self.actions,
                last: &self.hand,
                before: &self.before,
                after: &after,
            },
        );
        serde_json::to_string(&rec).map_err(|e| e.to_string())
    }

    /// The hand of a record line, replayed and checked, at its end.
    ///
    /// # Errors
    /// Not a record of this game, or one that does not replay.
    pub fn from_record(line: &str) -> Result<HandPlay<R>, String> {
        let rec: RecordOf<R> =
            serde_json::from_str(line).map_err(|e| format!("not a tricklab record: {e}"))?;
        let replayed = replay_record::<R>(&rec).map_err(|e| e.to_string())?;
        let before = before_of::<R>(&rec);
        let initial = replayed
            .rules
            .restore(&before, &rec.deal)
            .map_err(|e| e.to_string())?;
        let mut play = HandPlay::from_deal(replayed.rules, before, rec.match_index, initial);
        for step in &rec.actions {
            if let Some(action) = step.step.decision() {
                play.apply(action)?;
            }
        }
        debug_assert_eq!(play.hand, replayed.last);
        Ok(play)
    }
}

/// The match before a record's hand (the record is checked already).
fn before_of<R: RecordRules>(rec: &RecordOf<R>) -> MatchState {
    debug_assert_eq!(rec.format, FORMAT);
    let mut before = MatchState::new(Seat(rec.dealer));
    before.hands_dealt = rec.hand;
    before.scores[..rec.scores_before.len()].copy_from_slice(&rec.scores_before);
    if let Some(p) = &rec.previous {
        let mut arr = [0; MAX_SEATS];
        arr[..p.len()].copy_from_slice(p);
        before.previous = Some(arr);
    }
    before
}

/// Whether `action` (taken by `seat`) is seen by `observer`: plays and trump naming are public;
/// discards and gives only the seat that makes them sees as actions (what a receiver learns is
/// in its hand and its knowledge).
pub fn seen_by(seat: Seat, action: Action, observer: Seat) -> bool {
    match action.decision() {
        Decision::Play | Decision::NameTrump => true,
        Decision::Discard | Decision::Give => seat == observer,
    }
}

/// A hand in progress of a game the holder does not name: a [`HandPlay`] behind one dynamic
/// call a question. Implemented once, for every registered game.
pub trait DynHand: Send + Sync + fmt::Debug {
    /// A copy of the hand.
    fn clone_box(&self) -> Box<dyn DynHand>;
    /// The [`HandPlay`] inside, for the game's own generic code.
    fn as_any(&self) -> &dyn Any;
    /// The game and table the hand is played at.
    fn game(&self) -> LoadedGame;
    /// The game.
    fn kind(&self) -> GameKind;
    /// The player count.
    fn num_seats(&self) -> usize;
    /// The seats and how they form sides.
    fn sides(&self) -> Sides;
    /// The dealer.
    fn dealer(&self) -> Seat;
    /// The seat to act, `None` when the hand is over.
    fn to_act(&self) -> Option<Seat>;
    /// Whether the hand is over.
    fn is_over(&self) -> bool;
    /// The legal actions of the seat to act.
    fn legal_actions(&self) -> ActionSet;
    /// Whether `action` is legal now.
    fn accepts(&self, action: Action) -> bool;
    /// Applies a legal action, or says why not (see [`HandPlay::apply`]).
    ///
    /// # Errors
    /// The action is not legal here.
    fn apply(&mut self, action: Action) -> Result<(), String>;
    /// Every decision so far.
    fn actions(&self) -> &[(Seat, Action)];
    /// The match before this hand.
    fn before(&self) -> &MatchState;
    /// Each seat's points for the finished hand (see [`HandPlay::returns`]).
    fn returns(&self) -> Vec<f64>;
    /// The trump, once known.
    fn trump(&self) -> Option<Suit>;
    /// The trick in progress.
    fn trick(&self) -> &Trick;
    /// The cards `seat` holds now (analysis: every seat's).
    fn hand(&self, seat: Seat) -> CardSet;
    /// The tricks `seat` has won.
    fn tricks_won(&self, seat: Seat) -> u32;
    /// What `seat` knows.
    fn knowledge(&self, seat: Seat) -> Knowledge;
    /// Each seat's hand in the world that puts `hidden` in the places `knowledge` leaves
    /// hidden (see [`Observable::redeal`](crate::knowledge::Observable::redeal)).
    fn world_hands(&self, knowledge: &Knowledge, hidden: &[CardSet]) -> Vec<CardSet>;
    /// The position for the double-dummy solver, from `seat`'s side.
    ///
    /// # Errors
    /// A hand not in its play yet (9-5-2 before its first card), in its own words.
    fn position_for(&self, seat: Seat) -> Result<Position, SolveError>;
    /// A world consistent with what `seat` knows (see [`HandPlay::sample_world`]).
    fn sample_world(&self, seat: Seat, seed: u64) -> Box<dyn DynHand>;
    /// The finished hand as one `tricklab-hand/1` line (see [`HandPlay::to_record`]).
    ///
    /// # Errors
    /// A sampled world or a hand not over has no record.
    fn to_record(&self) -> Result<String, String>;
    /// The hand state as its `Debug` writes it.
    fn debug_hand(&self) -> String;

    /// The decisions `seat` has seen, in order (see [`seen_by`]).
    fn seen_history(&self, seat: Seat) -> Vec<(Seat, Action)> {
        self.actions()
            .iter()
            .copied()
            .filter(|&(s, a)| seen_by(s, a, seat))
            .collect()
    }
}

impl Clone for Box<dyn DynHand> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

impl<R: Rules> DynHand for HandPlay<R> {
    fn clone_box(&self) -> Box<dyn DynHand> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn game(&self) -> LoadedGame {
        super::jobs::loaded(self.rules.clone())
    }

    fn kind(&self) -> GameKind {
        self.hand.kind()
    }

    fn num_seats(&self) -> usize {
        self.hand.num_seats()
    }

    fn sides(&self) -> Sides {
        self.hand.sides()
    }

    fn dealer(&self) -> Seat {
        self.hand.dealer()
    }

    fn to_act(&self) -> Option<Seat> {
        self.hand.to_act()
    }

    fn is_over(&self) -> bool {
        self.hand.is_over()
    }

    fn legal_actions(&self) -> ActionSet {
        self.hand.legal_actions()
    }

    fn accepts(&self, action: Action) -> bool {
        self.hand.accepts(action)
    }

    fn apply(&mut self, action: Action) -> Result<(), String> {
        HandPlay::apply(self, action)
    }

    fn actions(&self) -> &[(Seat, Action)] {
        &self.actions
    }

    fn before(&self) -> &MatchState {
        &self.before
    }

    fn returns(&self) -> Vec<f64> {
        HandPlay::returns(self)
    }

    fn trump(&self) -> Option<Suit> {
        self.hand.trump()
    }

    fn trick(&self) -> &Trick {
        self.hand.trick()
    }

    fn hand(&self, seat: Seat) -> CardSet {
        self.hand.hand(seat)
    }

    fn tricks_won(&self, seat: Seat) -> u32 {
        self.hand.tricks_won(seat)
    }

    fn knowledge(&self, seat: Seat) -> Knowledge {
        self.hand.knowledge(seat)
    }

    fn world_hands(&self, knowledge: &Knowledge, hidden: &[CardSet]) -> Vec<CardSet> {
        let world = self.hand.redeal(knowledge, hidden);
        Seat::all(world.num_seats())
            .map(|s| world.hand(s))
            .collect()
    }

    fn position_for(&self, seat: Seat) -> Result<Position, SolveError> {
        self.hand.position_for(seat)
    }

    fn sample_world(&self, seat: Seat, seed: u64) -> Box<dyn DynHand> {
        Box::new(HandPlay::sample_world(self, seat, seed))
    }

    fn to_record(&self) -> Result<String, String> {
        HandPlay::to_record(self)
    }

    fn debug_hand(&self) -> String {
        format!("{:?}", self.hand)
    }
}

/// The hand of a record line of any registered game, replayed and checked, at its end.
///
/// # Errors
/// Not a tricklab record, a game not registered, or a record that does not replay.
pub fn hand_from_record(line: &str) -> Result<Box<dyn DynHand>, String> {
    let kind = crate::games::record::game_of_line(line).map_err(|e| e.to_string())?;
    kind.jobs().hand_from_record(line)
}

/// One of tricklab's agents for a game its holder does not name (see [`GameKind::agent`]).
pub trait DynAgent: Send {
    /// The agent's decision for `seat` in `hand`, drawing on `rng`.
    ///
    /// # Panics
    /// If `hand` is of another game than the agent's (a bug of the caller).
    fn choose(&mut self, hand: &dyn DynHand, seat: Seat, rng: &mut GameRng) -> Action;
}

/// An agent of the game whose configuration type is `R`, game erased.
pub(super) struct ErasedAgent<R: Rules>(pub(super) Box<dyn Agent<R::Hand>>);

impl<R: Rules> DynAgent for ErasedAgent<R> {
    fn choose(&mut self, hand: &dyn DynHand, seat: Seat, rng: &mut GameRng) -> Action {
        let play = hand
            .as_any()
            .downcast_ref::<HandPlay<R>>()
            .expect("an agent is asked about a hand of its own game");
        self.0.choose(&play.hand, seat, rng)
    }
}

impl GameKind {
    /// The agent `spec` names for this game, game erased (see [`DynAgent`]).
    ///
    /// # Errors
    /// Why the agent cannot be built for this game.
    pub fn agent(self, spec: &AgentSpec) -> Result<Box<dyn DynAgent>, SpecError> {
        self.jobs().agent(spec)
    }
}

/// Builds the agent `spec` names for the game `R`, game erased.
pub(super) fn erased_agent<R: Rules>(spec: &AgentSpec) -> Result<Box<dyn DynAgent>, SpecError> {
    Ok(Box::new(ErasedAgent::<R>(build_agent::<R::Hand>(spec)?)))
}
