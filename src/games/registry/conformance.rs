//! The conformance suite over the registry: what every registered game must satisfy, checked by
//! random play of a [`LoadedGame`](super::LoadedGame) (see
//! [`LoadedGame::conformance`](super::LoadedGame::conformance)).
//!
//! At every decision: the legal set is not empty, and an action outside it is refused by
//! `try_apply` and changes nothing. At some decisions: a world sampled for each seat looks the
//! same to that seat as the true state (equal view and equal knowledge). Once a hand, at an
//! ending of at most [`ENDING_CARDS`] cards a hand: the solver's value for every side equals a
//! brute-force search of every line of play through the game's own states. After every hand:
//! no seat saw more decisions other than plays than the game declares, its record replays,
//! reads back to the same line, and the match's lines replay in a row as `tricklab replay`
//! checks them.

use std::cell::Cell;

use crate::agents::AgentFactory;
use crate::cards::CardSet;
use crate::games::matches::{MatchState, play_match};
use crate::games::record::{RecordOf, RecordRules, record_hand, replay_line};
use crate::games::{Action, ActionSet, Decision, Game, Seat, Side};
use crate::knowledge::Observable;
use crate::rng::{GameRng, Purpose, below, stream};
use crate::solver::{Position, Solvable, Solver};

/// The most cards a hand holds at the endings the solver is checked on.
pub const ENDING_CARDS: usize = 3;

/// A world is sampled at one decision in this many.
const WORLD_EVERY: u64 = 5;

/// The most hands a match of the suite plays before it is cut.
const MAX_HANDS: u32 = 200;

/// What the suite checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Conformance {
    /// Hands played.
    pub hands: u64,
    /// Decisions taken.
    pub decisions: u64,
    /// Illegal actions refused.
    pub refused: u64,
    /// Matches that ended by their end rule.
    pub matches_ended: u64,
    /// Worlds sampled and checked.
    pub worlds: u64,
    /// Endings whose solver values were checked against brute force.
    pub endings: u64,
    /// Record lines replayed.
    pub records: u64,
}

/// Checks that no seat saw more decisions other than card plays in a hand than the game
/// declares ([`GameFacts::other_decisions`](super::GameFacts::other_decisions)): every seat
/// sees the trump named, only the seat that makes them its discards and gives.
fn other_decisions_seen(room: usize, actions: &[(Seat, Action)], n: usize) -> Result<(), String> {
    for seat in Seat::all(n) {
        let seen = actions
            .iter()
            .filter(|(by, a)| match a.decision() {
                Decision::Play => false,
                Decision::NameTrump => true,
                Decision::Discard | Decision::Give => *by == seat,
            })
            .count();
        if seen > room {
            return Err(format!(
                "seat {seat} saw {seen} decisions other than plays, more than the {room} the \
                 game declares"
            ));
        }
    }
    Ok(())
}

/// Every action of the same decision that is not legal now.
fn illegal_candidates(legal: ActionSet) -> Vec<Action> {
    let all = match legal.decision() {
        Decision::NameTrump => ActionSet::trumps(0xF),
        d => ActionSet::from_cards(d, CardSet::ALL),
    };
    all.iter().filter(|a| !legal.contains(*a)).collect()
}

/// Plays `matches` random matches of `rules` from `seed`, checking everything the module doc
/// lists.
///
/// # Errors
/// The first broken rule, naming the match and hand.
pub(super) fn check<R: RecordRules>(
    rules: &R,
    seed: u64,
    matches: u64,
) -> Result<Conformance, String>
where
    R::Hand: AgentFactory,
{
    let n = rules.sides().num_seats();
    let mut c = Conformance::default();
    let mut solver = Solver::new();
    for game in 0..matches {
        let mut rng = stream(seed, game, Purpose::Agent, 0);
        let mut probe = stream(seed, game, Purpose::Other, 0);
        let mut deal_rng = stream(seed, game, Purpose::Deal, 0);
        let first = Seat(below(&mut rng, n as u32) as u8);
        let mut failure: Option<String> = None;
        let mut record_failure: Option<String> = None;
        // Shared by both closures: whether this hand's ending was checked, and the hands.
        let ending_checked = Cell::new(false);
        let hands = Cell::new(0u64);
        let mut lines = Vec::new();
        let end = play_match(
            rules,
            MatchState::new(first),
            &mut deal_rng,
            MAX_HANDS,
            |h, seat| {
                c.decisions += 1;
                if failure.is_none() {
                    let d = c.decisions;
                    let at = |e: String| format!("match {game}, decision {d}: {e}");
                    let mut checked = decision(h, seat, &mut probe, &mut c);
                    if checked.is_ok() && !ending_checked.get() && is_ending(h) {
                        checked = ending(h, &mut solver).map(|solved| {
                            ending_checked.set(solved);
                            c.endings += u64::from(solved);
                        });
                    }
                    failure = checked.err().map(at);
                }
                h.legal_actions().choose(&mut rng)
            },
            |played| {
                hands.set(hands.get() + 1);
                ending_checked.set(false);
                if record_failure.is_some() {
                    return;
                }
                let rec = record_hand(rules, game, played);
                let line = serde_json::to_string(&rec).unwrap_or_default();
                let room = rules.game().facts().other_decisions;
                record_failure = other_decisions_seen(room, played.actions, n)
                    .and_then(|()| round_trip::<R>(&line))
                    .err()
                    .map(|e| format!("match {game}, hand {}: {e}", played.before.hands_dealt));
                lines.push(line);
            },
        );
        c.hands += hands.get();
        if let Some(f) = failure.or(record_failure) {
            return Err(f);
        }
        let mut chain = None;
        for (i, line) in lines.iter().enumerate() {
            crate::games::replay::replay_one::<R>(line, &mut chain, false)
                .map_err(|e| format!("match {game}: line {i} does not replay in a row: {e}"))?;
            c.records += 1;
        }
        if end.winners.is_some() {
            c.matches_ended += 1;
        }
    }
    Ok(c)
}

/// The checks at one decision: a legal action exists, an illegal one is refused and changes
/// nothing, and (at one decision in [`WORLD_EVERY`]) each seat's sampled world.
fn decision<G: Observable>(
    h: &G,
    seat: Seat,
    probe: &mut GameRng,
    c: &mut Conformance,
) -> Result<(), String> {
    let legal = h.legal_actions();
    if legal.is_empty() {
        return Err(format!("seat {seat} is to act with no legal action"));
    }
    let bad: Vec<Action> = illegal_candidates(legal)
        .into_iter()
        .filter(|a| !h.accepts(*a))
        .collect();
    if !bad.is_empty() {
        let a = bad[below(probe, bad.len() as u32) as usize];
        let mut copy = h.clone();
        if copy.try_apply(a).is_ok() {
            return Err(format!("the illegal {a} was accepted"));
        }
        if &copy != h {
            return Err(format!("the refused {a} changed the state"));
        }
        c.refused += 1;
    }
    if c.decisions.is_multiple_of(WORLD_EVERY) {
        for s in 0..h.num_seats() {
            let s = Seat(s as u8);
            let w = h.sample_world(s, probe);
            if w.view(s) != h.view(s) {
                return Err(format!(
                    "a world sampled for seat {s} looks different to it"
                ));
            }
            if w.knowledge(s) != h.knowledge(s) {
                return Err(format!(
                    "a world sampled for seat {s} changes what it knows"
                ));
            }
            c.worlds += 1;
        }
    }
    Ok(())
}

/// Whether `h` is a card to play at an ending small enough for brute force.
fn is_ending<G: Solvable>(h: &G) -> bool {
    let Some(seat) = h.to_act() else {
        return false;
    };
    h.legal_actions().decision() == Decision::Play
        && h.hand(seat).len() <= ENDING_CARDS
        && h.position(h.sides().side(seat)).is_ok()
}

/// The solver's value for every side of the ending `h` against brute force: whether it was
/// checked (not when some line of play ends the hand before its cards are played, as a match
/// won at once does: the solver plays every card).
fn ending<G: Solvable>(h: &G, solver: &mut Solver) -> Result<bool, String> {
    for side in h.sides().all() {
        let pos = h.position(side).map_err(|e| e.to_string())?;
        let Some(want) = brute_force(h, &pos, side)? else {
            return Ok(false);
        };
        let got = solver.value(&pos);
        if got != want {
            return Err(format!(
                "the solver values the ending {got} for side {side}, every line of play {want}"
            ));
        }
    }
    Ok(true)
}

/// The value for `side` of the best play by both sides from `h`, trying every line through the
/// game's states; `pos` is the solver's position of `h`, played along to score the end (its
/// banked value once every card is played) and to check that it offers the game's cards.
/// `None` when a line of play ends the hand before its position.
fn brute_force<G: Solvable>(h: &G, pos: &Position, side: Side) -> Result<Option<i32>, String> {
    let Some(seat) = h.to_act() else {
        return Ok(None);
    };
    let legal = h.legal_actions();
    let cards = legal.iter().try_fold(CardSet::EMPTY, |acc, a| match a {
        Action::Play(c) => Ok(acc | CardSet::single(c)),
        other => Err(format!("{other} in the middle of an ending")),
    })?;
    if cards != pos.legal() {
        return Err(format!(
            "seat {seat} may play {cards}, the solver's position offers {}",
            pos.legal()
        ));
    }
    let ours = h.sides().side(seat) == side;
    let mut best: Option<i32> = None;
    for c in cards.iter() {
        let mut p = *pos;
        p.play(c).map_err(|e| e.to_string())?;
        let v = if p.legal().is_empty() {
            p.banked()
        } else {
            let mut child = h.clone();
            child.apply(Action::Play(c));
            match brute_force(&child, &p, side)? {
                Some(v) => v,
                None => return Ok(None),
            }
        };
        best = Some(match best {
            Some(b) if ours => b.max(v),
            Some(b) => b.min(v),
            None => v,
        });
    }
    best.map(Some).ok_or_else(|| "no card to play".to_string())
}

/// A record line replays and reads back to the same line.
fn round_trip<R: RecordRules>(line: &str) -> Result<(), String> {
    replay_line::<R>(line).map_err(|e| format!("the record does not replay: {e}"))?;
    let back: RecordOf<R> = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let again = serde_json::to_string(&back).map_err(|e| e.to_string())?;
    if again != line {
        return Err(format!(
            "the record reads back as another line:\n{line}\n{again}"
        ));
    }
    Ok(())
}
