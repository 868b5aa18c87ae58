//! Self-play hands of a field, watched at every decision.
//!
//! The hands are played in chunks of [`CHUNK`] on the rayon pool, each chunk with agents of
//! its own, and gathered in hand order: hand `i` is dealt from `(seed, i)` and every seat
//! chooses from its own stream of `(seed, i, seat)`, so what is recorded does not depend on
//! the thread count.

use std::ops::Range;
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use crate::agents::{
    Agent, AgentFactory, AgentSpec, SpecError, TableEvent, build_agent, play_seated, table_info,
};
use crate::games::matches::MatchState;
use crate::games::record::RecordRules;
use crate::games::{Game, Seat};
use crate::knowledge::Observable;
use crate::knowledge::learned::{Example, InfoState, info_state, labels};
use crate::rng::{GameRng, Purpose, stream};

/// Hands per chunk of work.
pub const CHUNK: u64 = 8;

/// What is looked at, at each decision of a watched seat.
pub trait Look<G>: Send {
    /// What one look records.
    type Item: Send;
    /// Whether the look wants the table's events (see [`Agent::observes`]).
    fn observes(&self) -> bool {
        false
    }
    /// Shows the look an event of the table, for the seat it watches.
    fn observe(&mut self, seat: Seat, event: &TableEvent<'_, G>) {
        let _ = (seat, event);
    }
    /// Looks at `state`, where `seat` is to decide.
    fn look(&mut self, state: &G, seat: Seat) -> Option<Self::Item>;
}

/// An agent of the field with a look at its decisions.
struct Watched<G: Game, L: Look<G>> {
    inner: Box<dyn Agent<G>>,
    look: L,
    out: Arc<Mutex<Vec<L::Item>>>,
}

impl<G: Game, L: Look<G>> Agent<G> for Watched<G, L> {
    fn choose(&mut self, state: &G, seat: Seat, rng: &mut GameRng) -> crate::games::Action {
        if let Some(item) = self.look.look(state, seat) {
            self.out.lock().expect("not poisoned").push(item);
        }
        self.inner.choose(state, seat, rng)
    }

    fn observes(&self) -> bool {
        self.inner.observes() || self.look.observes()
    }

    fn observe(&mut self, seat: Seat, event: &TableEvent<'_, G>) {
        if self.inner.observes() {
            self.inner.observe(seat, event);
        }
        if self.look.observes() {
            self.look.observe(seat, event);
        }
    }

    fn forfeited(&self) -> bool {
        self.inner.forfeited()
    }
}

/// Plays hands `hands` of `field` (one agent per seat) from `seed` and returns what
/// `make_look(seat)`'s looks recorded, in hand and decision order.
///
/// # Errors
/// An agent of the field that cannot be built for the game.
pub fn watch<R, L>(
    rules: &R,
    field: &[AgentSpec],
    hands: Range<u64>,
    seed: u64,
    make_look: impl Fn(Seat) -> L + Sync,
) -> Result<Vec<L::Item>, SpecError>
where
    R: RecordRules,
    R::Hand: AgentFactory,
    L: Look<R::Hand> + 'static,
{
    for s in field {
        build_agent::<R::Hand>(s)?;
    }
    let n = rules.players();
    let starts: Vec<u64> = hands.clone().step_by(CHUNK as usize).collect();
    let parts: Vec<Vec<L::Item>> = starts
        .par_iter()
        .map(|&start| {
            let out = Arc::new(Mutex::new(Vec::new()));
            let mut agents: Vec<Box<dyn Agent<R::Hand>>> = (0..n)
                .map(|s| {
                    let inner = build_agent::<R::Hand>(&field[s % field.len()]).expect("checked");
                    Box::new(Watched {
                        inner,
                        look: make_look(Seat(s as u8)),
                        out: Arc::clone(&out),
                    }) as Box<dyn Agent<R::Hand>>
                })
                .collect();
            for i in start..(start + CHUNK).min(hands.end) {
                let mut rngs: Vec<GameRng> = (0..n)
                    .map(|s| stream(seed, i, Purpose::Agent, s as u64))
                    .collect();
                let mut seated: Vec<&mut Box<dyn Agent<R::Hand>>> = agents.iter_mut().collect();
                play_seated(
                    rules,
                    &table_info(rules, i),
                    MatchState::new(Seat((i % n as u64) as u8)),
                    &mut stream(seed, i, Purpose::Deal, 0),
                    1,
                    &mut seated,
                    &mut rngs,
                    |_| {},
                );
            }
            drop(agents);
            Arc::try_unwrap(out)
                .ok()
                .expect("the agents are gone")
                .into_inner()
                .expect("not poisoned")
        })
        .collect();
    Ok(parts.into_iter().flatten().collect())
}

/// The training look: what the seat knew, and where the cards it had not seen were.
pub struct ExampleLook;

impl<G: Observable> Look<G> for ExampleLook {
    type Item = Example;

    fn look(&mut self, state: &G, seat: Seat) -> Option<Example> {
        let k = state.knowledge(seat);
        if k.unknown.is_empty() {
            return None;
        }
        let mut x = InfoState::default();
        info_state(state, &k, &mut x);
        Some(Example {
            labels: labels(state, &k),
            state: x,
        })
    }
}

/// The examples of hands `hands` of `field` from `seed`: one per decision at which the
/// deciding seat had a card it had not seen.
///
/// # Errors
/// An agent of the field that cannot be built for the game.
pub fn examples<R>(
    rules: &R,
    field: &[AgentSpec],
    hands: Range<u64>,
    seed: u64,
) -> Result<Vec<Example>, SpecError>
where
    R: RecordRules,
    R::Hand: AgentFactory,
{
    watch(rules, field, hands, seed, |_| ExampleLook)
}
