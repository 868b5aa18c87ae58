//! Guests of the deal runners named without the game: who sits in a seat ([`Guest`]: an
//! agent's spec, or a function of the hand such as a Python callable), as code that does not
//! name the game gives them ([`DynGuests`]).
//! [`LoadedGame::play_batches_with`](super::LoadedGame::play_batches_with) and
//! [`LoadedGame::play_chunk_with`](super::LoadedGame::play_chunk_with) turn them into the
//! runners' generic [`Guests`](crate::experiment::Guests) inside the game's engine: the game is
//! dispatched once per run or chunk; a function is asked once per decision of its seat, with
//! the hand as a [`DynHand`].

use std::any::Any;
use std::panic;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::agents::{Agent, AgentSpec, TableEvent, build_agent};
use crate::experiment::Guests;
use crate::games::matches::MatchState;
use crate::games::{Action, Game, Seat};
use crate::rng::GameRng;

use super::Rules;
use super::hand::{DynHand, HandPlay};

/// A function of the hand that decides for its seat: given the hand so far (the match before
/// it, the deal, every decision) it returns a legal action. One that cannot answer unwinds
/// (`std::panic::resume_unwind`) with a payload its caller recognises.
pub trait HandFunction: Send {
    /// The decision for the seat to act in `hand`.
    fn choose(&mut self, hand: Box<dyn DynHand>) -> Action;
}

impl<F: FnMut(Box<dyn DynHand>) -> Action + Send> HandFunction for F {
    fn choose(&mut self, hand: Box<dyn DynHand>) -> Action {
        self(hand)
    }
}

/// Who sits in a seat as the runner's guest.
pub enum Guest {
    /// The agent the spec names (checked for the game before the run: see
    /// [`GameKind::check_agent`](crate::games::GameKind::check_agent)).
    Agent(AgentSpec),
    /// A function of the hand.
    Function(Box<dyn HandFunction>),
}

/// The guests of a run, game erased: [`Guests`](crate::experiment::Guests) for code that does
/// not name the game.
pub trait DynGuests: Sync {
    /// The guest in `seat` of arm (or pair agent) `arm`, or `None` for the agent its spec
    /// names, built by the runner.
    fn guest(&self, arm: usize, seat: usize) -> Option<Guest>;

    /// What the rows call the agent in `seat` of arm `arm`, or `None` for its spec.
    fn name(&self, arm: usize, seat: usize) -> Option<String>;

    /// A flag that, once set, makes every guest give up the run at its next decision by
    /// unwinding with [`GuestsStopped`]; `None`: guests never give up.
    fn stop(&self) -> Option<&Arc<AtomicBool>> {
        None
    }
}

/// The payload a guest unwinds with when [`DynGuests::stop`] is set.
#[derive(Debug)]
pub struct GuestsStopped;

/// [`DynGuests`] as the runners take them for the game `R`.
pub(super) struct Erased<'a, R: Rules> {
    pub(super) rules: &'a R,
    pub(super) guests: &'a dyn DynGuests,
}

impl<R: Rules> Guests<R::Hand> for Erased<'_, R> {
    fn agent(&self, arm: usize, seat: usize) -> Option<Box<dyn Agent<R::Hand>>> {
        let agent: Box<dyn Agent<R::Hand>> = match self.guests.guest(arm, seat)? {
            Guest::Agent(spec) => {
                build_agent::<R::Hand>(&spec).expect("a guest's spec is checked before the run")
            }
            Guest::Function(f) => Box::new(FnAgent {
                f,
                rules: self.rules.clone(),
                before: MatchState::new(Seat(0)),
                match_index: 0,
                initial: None,
                actions: Vec::new(),
            }),
        };
        Some(match self.guests.stop() {
            Some(stop) => Box::new(Stoppable {
                agent,
                stop: stop.clone(),
            }),
            None => agent,
        })
    }

    fn name(&self, arm: usize, seat: usize) -> Option<String> {
        self.guests.name(arm, seat)
    }
}

/// A function in a seat: it watches the table to know the match, the deal and the decisions
/// so far, and is asked with the hand as a [`HandPlay`].
struct FnAgent<R: Rules> {
    f: Box<dyn HandFunction>,
    rules: R,
    before: MatchState,
    match_index: u64,
    initial: Option<R::Hand>,
    actions: Vec<(Seat, Action)>,
}

impl<R: Rules> Agent<R::Hand> for FnAgent<R> {
    fn choose(&mut self, state: &R::Hand, _seat: Seat, _rng: &mut GameRng) -> Action {
        let play = HandPlay {
            rules: self.rules.clone(),
            before: self.before,
            match_index: self.match_index,
            initial: self.initial.clone(),
            hand: state.clone(),
            actions: self.actions.clone(),
        };
        self.f.choose(Box::new(play))
    }

    fn observes(&self) -> bool {
        true
    }

    fn observe(&mut self, _seat: Seat, event: &TableEvent<'_, R::Hand>) {
        match event {
            TableEvent::HandStart {
                table,
                before,
                state,
            } => {
                self.before = **before;
                self.match_index = table.match_index;
                self.initial = Some((*state).clone());
                self.actions.clear();
            }
            TableEvent::Step { record, .. } => {
                if let Some(a) = record.step.decision() {
                    self.actions.push((Seat(record.seat), a));
                }
            }
            _ => {}
        }
    }
}

/// An agent that gives up the run, at its next decision, once `stop` is set; otherwise the
/// agent it wraps, unchanged.
struct Stoppable<G> {
    agent: Box<dyn Agent<G>>,
    stop: Arc<AtomicBool>,
}

impl<G: Game> Agent<G> for Stoppable<G> {
    fn choose(&mut self, state: &G, seat: Seat, rng: &mut GameRng) -> Action {
        if self.stop.load(Ordering::Relaxed) {
            panic::resume_unwind(Box::new(GuestsStopped) as Box<dyn Any + Send>);
        }
        self.agent.choose(state, seat, rng)
    }

    fn observes(&self) -> bool {
        self.agent.observes()
    }

    fn observe(&mut self, seat: Seat, event: &TableEvent<'_, G>) {
        self.agent.observe(seat, event);
    }

    fn forfeited(&self) -> bool {
        self.agent.forfeited()
    }
}
