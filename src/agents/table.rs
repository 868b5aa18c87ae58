//! The table: agents seated for a match, and what happens at it that an agent may follow.
//!
//! Built-in agents look only at the state they are asked about. An agent that keeps its own
//! picture of the hand (an external bot, which must be told every public action) says so with
//! [`Agent::observes`] and is then shown every [`TableEvent`] of its match: the start of each
//! hand, every step (decisions and the engine's forced steps, such as 9-5-2 returns), the end of
//! each hand and of the match. [`play_seated`] plays a match that way; with no observing agent
//! it is exactly [`play_match`], so built-in runs are unchanged to the byte.

use std::cell::{Cell, RefCell};

use crate::games::deal_source::DealSource;
use crate::games::matches::{MatchState, PlayedHand, Turn, play_match, play_match_with};
use crate::games::record::{ActionRecord, RecordRules};
use crate::games::{Action, Game, GameKind, Seat};
use crate::rng::GameRng;

use super::{Agent, RandomAgent};

/// What every seat knows of the match it sits in before play starts.
#[derive(Clone, Debug, PartialEq)]
pub struct TableInfo {
    /// The game.
    pub game: GameKind,
    /// The player count.
    pub players: usize,
    /// The named options, as in configs and records.
    pub options: serde_json::Value,
    /// The match number in the run (the deal or game number).
    pub match_index: u64,
}

/// Something that happened at the table, shown to an observing agent (see [`Agent::observes`]).
pub enum TableEvent<'a, G> {
    /// A hand was dealt; `state` is the hand as dealt, `before` the match before it.
    HandStart {
        /// The match.
        table: &'a TableInfo,
        /// The match before the hand.
        before: &'a MatchState,
        /// The hand as dealt.
        state: &'a G,
    },
    /// A seat took a decision, or the engine a forced step: `record` as in a game record,
    /// `state` the hand after it.
    Step {
        /// The step.
        record: ActionRecord,
        /// The hand after the step.
        state: &'a G,
    },
    /// The hand is over.
    HandEnd {
        /// The match.
        table: &'a TableInfo,
        /// The finished hand.
        played: &'a PlayedHand<'a, G>,
        /// The hand's result as a game record writes it.
        result: serde_json::Value,
    },
    /// The match is over (or was cut short after `max_hands` hands, or is a single hand).
    MatchEnd {
        /// The match at its end.
        end: &'a MatchState,
    },
}

/// Plays a match of `rules` with `seated[s]` at seat `s`, choosing with `rngs[s]`, and shows
/// every [`TableEvent`] to the agents that observe. An observing agent that has
/// [forfeited](Agent::forfeited) the hand concedes the rest of it for its seat
/// ([`Game::concede`]) before the next decision. Otherwise as [`play_match`].
///
/// This is how to play agents of your own against tricklab's from code (see also
/// `examples/custom_agent.rs`):
///
/// ```
/// use tricklab::agents::{Agent, AgentSpec, build_agent, play_seated, seat_agents, table_info};
/// use tricklab::games::matches::MatchState;
/// use tricklab::games::whist::{Options, Setup, Whist};
/// use tricklab::games::{Action, Game, Seat};
/// use tricklab::rng::{GameRng, Purpose, stream};
///
/// /// Always the first legal action.
/// struct First;
/// impl<G: Game> Agent<G> for First {
///     fn choose(&mut self, state: &G, _seat: Seat, _rng: &mut GameRng) -> Action {
///         state.legal_actions().nth(0).expect("a legal action")
///     }
/// }
///
/// let rules = Setup::new(4, Options::default()).unwrap();
/// let baseline_agent: AgentSpec = "rules".parse().unwrap();
/// let mut agents: Vec<Box<dyn Agent<Whist>>> = vec![
///     Box::new(First),
///     build_agent::<Whist>(&baseline_agent).unwrap(),
///     Box::new(First),
///     build_agent::<Whist>(&baseline_agent).unwrap(),
/// ];
/// let mut rngs: Vec<GameRng> = (0..4).map(|s| stream(1, 0, Purpose::Agent, s)).collect();
/// let mut hands = 0;
/// let end = play_seated(
///     &rules,
///     &table_info(&rules, 0),
///     MatchState::new(Seat(0)),
///     &mut stream(1, 0, Purpose::Deal, 0),
///     100,
///     &mut seat_agents(&mut agents, |s| s),
///     &mut rngs,
///     |_| hands += 1,
/// );
/// assert!(end.winners.is_some() && hands >= 1);
/// ```
// play_match's arguments, with the table and the agents' generators for its `choose`.
#[allow(clippy::too_many_arguments)]
pub fn play_seated<R: RecordRules>(
    rules: &R,
    table: &TableInfo,
    start: MatchState,
    deals: &mut impl DealSource<R>,
    max_hands: u32,
    seated: &mut [&mut Box<dyn Agent<R::Hand>>],
    rngs: &mut [GameRng],
    mut on_hand: impl FnMut(&PlayedHand<'_, R::Hand>),
) -> MatchState {
    if seated.iter().all(|a| a.is_uniform_random()) {
        // Decided once per match: the random player's choice inlined, with the same draws
        // from the same streams as through its box.
        return play_match(
            rules,
            start,
            deals,
            max_hands,
            |h, s| RandomAgent.choose(h, s, &mut rngs[s.index()]),
            on_hand,
        );
    }
    if !seated.iter().any(|a| a.observes()) {
        return play_match(
            rules,
            start,
            deals,
            max_hands,
            |h, s| seated[s.index()].choose(h, s, &mut rngs[s.index()]),
            on_hand,
        );
    }
    let watchers: Vec<usize> = (0..seated.len())
        .filter(|&i| seated[i].observes())
        .collect();
    let cell = RefCell::new((seated, rngs));
    let before = Cell::new(start);
    // The hand in progress: as dealt, and the decisions so far.
    let progress: RefCell<Option<HandSoFar<R::Hand>>> = RefCell::new(None);
    let tell = |seated: &mut [&mut Box<dyn Agent<R::Hand>>], ev: &TableEvent<'_, R::Hand>| {
        for &i in &watchers {
            seated[i].observe(Seat(i as u8), ev);
        }
    };
    let end = play_match_with(
        rules,
        start,
        deals,
        max_hands,
        |h, s| {
            let mut guard = cell.borrow_mut();
            let (seated, rngs) = &mut *guard;
            let mut p = progress.borrow_mut();
            if p.is_none() {
                tell(
                    seated,
                    &TableEvent::HandStart {
                        table,
                        before: &before.get(),
                        state: h,
                    },
                );
                *p = Some((h.clone(), Vec::new(), 0));
            }
            // A bot that forfeited while being told the hand concedes before the next decision.
            if let Some(&i) = watchers.iter().find(|&&i| seated[i].forfeited()) {
                return Turn::Concede(Seat(i as u8));
            }
            let action = seated[s.index()].choose(h, s, &mut rngs[s.index()]);
            if seated[s.index()].forfeited() {
                // Its answer is only a stand-in: the seat concedes instead.
                return Turn::Concede(s);
            }
            let (initial, actions, told) = p.as_mut().expect("a hand in progress");
            actions.push((s, action));
            let mut after = h.clone();
            after.apply(action);
            // The steps this decision caused: itself and any forced steps after it.
            let records = rules.action_records(initial, actions);
            for &record in &records[*told..] {
                tell(
                    seated,
                    &TableEvent::Step {
                        record,
                        state: &after,
                    },
                );
            }
            *told = records.len();
            Turn::Act(action)
        },
        |played| {
            let mut guard = cell.borrow_mut();
            let (seated, _) = &mut *guard;
            if progress.borrow_mut().take().is_none() {
                // A hand without a decision (a voided deal) still starts before it ends.
                tell(
                    seated,
                    &TableEvent::HandStart {
                        table,
                        before: played.before,
                        state: played.initial,
                    },
                );
            }
            tell(
                seated,
                &TableEvent::HandEnd {
                    table,
                    played,
                    result: serde_json::to_value(rules.result_record(played.last))
                        .unwrap_or(serde_json::Value::Null),
                },
            );
            before.set(*played.after);
            on_hand(played);
        },
    );
    let mut guard = cell.borrow_mut();
    let (seated, _) = &mut *guard;
    tell(seated, &TableEvent::MatchEnd { end: &end });
    end
}

/// A hand in progress: as dealt, the decisions so far, and how many steps were told.
type HandSoFar<G> = (G, Vec<(Seat, Action)>, usize);

/// The [`TableInfo`] of match `match_index` of `rules`.
pub fn table_info<R: RecordRules>(rules: &R, match_index: u64) -> TableInfo {
    TableInfo {
        game: rules.game(),
        players: rules.players(),
        options: serde_json::to_value(rules.options()).unwrap_or(serde_json::Value::Null),
        match_index,
    }
}

/// The agents of a seating, one per seat: seat `s` gets `agents[agent_of(s)]` (`agent_of` a
/// permutation of `0..agents.len()`).
pub fn seat_agents<'a, G: Game>(
    agents: &'a mut [Box<dyn Agent<G>>],
    agent_of: impl Fn(usize) -> usize,
) -> Vec<&'a mut Box<dyn Agent<G>>> {
    let n = agents.len();
    let mut slots: Vec<Option<&'a mut Box<dyn Agent<G>>>> = agents.iter_mut().map(Some).collect();
    (0..n)
        .map(|s| {
            slots[agent_of(s)]
                .take()
                .expect("agent_of is a permutation")
        })
        .collect()
}
