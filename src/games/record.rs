//! Game records: one JSON line per hand, and replaying them.
//!
//! # Format (`tricklab-hand/1`)
//!
//! Each line is one JSON object describing one hand (one deal) of a match:
//!
//! | field | meaning |
//! |---|---|
//! | `format` | always `"tricklab-hand/1"` |
//! | `game` | `catch-the-ten`, `nine-five-two` or `whist` |
//! | `players` | the player count |
//! | `options` | the game's named options (RULES.md), defaults omitted or spelled out |
//! | `match` | the match number in the run (0-based) |
//! | `hand` | the hand number in the match (0-based; a voided deal counts) |
//! | `arm` | (`run`, `simulate`, `tournament`) the arm that played it; in a tournament the pair, `X vs Y` |
//! | `rotation` | (`run`, `simulate`, `tournament`) which of the deal's seatings it is (0-based; with `duplicate` and in tournaments each deal is played in several) |
//! | `dealer` | the dealer's seat |
//! | `agents` | (`run`, `simulate`, `tournament`) each seat's agent: its label (an external bot's `name=`, else its spec) |
//! | `scores_before` | the match scores per side before the hand |
//! | `previous` | (9-5-2) each seat's `tricks − target` in the previous hand, which fixes the exchange |
//! | `deal` | every seat's cards and the game's extra cards (turned card, kitty, card laid aside) |
//! | `actions` | every step in order: `{"seat": 1, "play": "TD"}`; also `trump`, `discard`, `give` (with `to`), and the engine's forced `return` steps (with `to`) |
//! | `decisions` | (`run`, `simulate`, `tournament`) what came with a decision: `{"action": 3, "seat": 1, "info": [...]}`, `action` its place in `actions`, `info` the bot's protocol `info` messages written while it decided, and with `--log-times` `ms`, its wall time in milliseconds; one entry per decision with something to say, in order; absent when none has |
//! | `forfeit` | when a seat's side conceded the rest of the hand (a bot's forfeit): `{"seat": 1, "to": 2}`, the conceding seat and the seat that took every trick not yet played (`Game::concede`); absent otherwise |
//! | `result` | the game's hand result (tricks, points, …) |
//! | `scores_after` | the match scores per side after the hand |
//! | `next_dealer` | who deals next (the same dealer after a void deal) |
//! | `winners` | the winning sides if the match ended with this hand, else `null` |
//! | `cut` | `true` on the last hand of a match stopped before its rules end it: a single hand (`simulate --hands`) or the hand limit (`--max-hands`); absent otherwise (and in logs written before it existed) |
//!
//! Everything but `decisions[].ms` is reproducible: the same command gives the same bytes on
//! any thread count (and after `--resume`). Timings are written only when asked for
//! (`--log-times`), so a default log can be compared byte for byte.
//! The JSON Schema is `docs/schemas/tricklab-hand-1.schema.json`.
//!
//! Cards are in card notation (`TD`), card sets as space-separated lists (`AS KS 2D`).
//! [`replay_line`] rebuilds the hand from `deal`, re-applies every decision, checks every forced
//! step, recomputes the result and the match settlement, and reports the first difference.
//! A record without `cut` reads as `"cut": false`, so logs written before the field replay as
//! they did. A conceded hand is replayed, not trusted: after the decisions the concession is
//! carried out again, and its receiver, the result and the settlement must match.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::cards::{Card, Deck, Suit};

use super::deal::DealError;
use super::matches::{MatchRules, MatchState, PlayedHand};
use super::{Action, Game, GameKind, MAX_SEATS, RulesError, Seat};

/// The value of the `format` field.
pub const FORMAT: &str = "tricklab-hand/1";

/// One step of a hand in a record: a decision, or a forced step of the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// A card played to a trick.
    Play(Card),
    /// The trump suit named.
    Trump(Suit),
    /// A card discarded.
    Discard(Card),
    /// A card given in the exchange.
    Give(Card),
    /// A card returned in the exchange (forced, done by the engine).
    Return(Card),
}

impl Step {
    /// The decision this step records, or `None` for a forced step.
    pub const fn decision(self) -> Option<Action> {
        match self {
            Step::Play(c) => Some(Action::Play(c)),
            Step::Trump(s) => Some(Action::NameTrump(s)),
            Step::Discard(c) => Some(Action::Discard(c)),
            Step::Give(c) => Some(Action::Give(c)),
            Step::Return(_) => None,
        }
    }

    /// The step recording `action`.
    pub const fn of(action: Action) -> Step {
        match action {
            Action::Play(c) => Step::Play(c),
            Action::NameTrump(s) => Step::Trump(s),
            Action::Discard(c) => Step::Discard(c),
            Action::Give(c) => Step::Give(c),
        }
    }
}

/// One entry of a record's `actions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionRecord {
    /// The seat that acted.
    pub seat: u8,
    /// What it did.
    #[serde(flatten)]
    pub step: Step,
    /// The recipient of a give or return.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<u8>,
}

impl std::fmt::Display for ActionRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (word, arg) = match self.step {
            Step::Play(c) => ("play", c.to_string()),
            Step::Trump(s) => ("trump", s.to_string()),
            Step::Discard(c) => ("discard", c.to_string()),
            Step::Give(c) => ("give", c.to_string()),
            Step::Return(c) => ("return", c.to_string()),
        };
        write!(f, "seat {} {word} {arg}", self.seat)?;
        if let Some(to) = self.to {
            write!(f, " to seat {to}")?;
        }
        Ok(())
    }
}

/// A game's rules as a record needs them: how to write a hand down and how to rebuild it.
pub trait RecordRules: MatchRules + Sized {
    /// The named options, as in configs.
    type Options: Serialize + DeserializeOwned + Clone + Default;
    /// The cards of a deal.
    type Deal: Serialize + DeserializeOwned;
    /// The hand's result.
    type Result: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug;

    /// The game.
    fn game(&self) -> GameKind;
    /// The player count.
    fn players(&self) -> usize;
    /// The options these rules were built from.
    fn options(&self) -> Self::Options;
    /// Builds and checks the rules.
    fn from_options(players: usize, options: &Self::Options) -> Result<Self, RulesError>;
    /// The pack the game deals (the full 52 cards unless the game says otherwise).
    fn deck(&self) -> Deck {
        Deck::Full52
    }
    /// The deal of a freshly dealt hand.
    fn deal_record(&self, initial: &Self::Hand) -> Self::Deal;
    /// Rebuilds the hand as dealt, checking the deal.
    ///
    /// # Errors
    /// [`DealError`]: what is wrong with the deal.
    fn restore(&self, m: &MatchState, deal: &Self::Deal) -> Result<Self::Hand, DealError>;
    /// The result of a finished hand.
    fn result_record(&self, last: &Self::Hand) -> Self::Result;
    /// The record's steps for the decisions `actions` taken from `initial`, forced steps
    /// included. The default records each decision as it is.
    fn action_records(
        &self,
        initial: &Self::Hand,
        actions: &[(Seat, Action)],
    ) -> Vec<ActionRecord> {
        let _ = initial;
        actions
            .iter()
            .map(|&(seat, a)| ActionRecord {
                seat: seat.0,
                step: Step::of(a),
                to: None,
            })
            .collect()
    }
}

/// One line of a record file.
#[derive(Debug, Serialize, Deserialize)]
pub struct HandRecord<O, D, R> {
    /// Always [`FORMAT`].
    pub format: String,
    /// The game.
    pub game: GameKind,
    /// The player count.
    pub players: usize,
    /// The named options.
    pub options: O,
    /// The match number.
    #[serde(rename = "match")]
    pub match_index: u64,
    /// The hand number in the match.
    pub hand: u32,
    /// The arm that played the hand (a tournament's pair, `X vs Y`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arm: Option<String>,
    /// Which of the deal's seatings the hand was played in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rotation: Option<usize>,
    /// The dealer.
    pub dealer: u8,
    /// Each seat's agent, by its label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agents: Option<Vec<String>>,
    /// Scores per side before the hand.
    pub scores_before: Vec<i32>,
    /// Points per seat in the previous hand, where the game needs them (9-5-2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub previous: Option<Vec<i32>>,
    /// The cards.
    pub deal: D,
    /// Every step.
    pub actions: Vec<ActionRecord>,
    /// What came with the decisions that had something to say (see [`DecisionRecord`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decisions: Vec<DecisionRecord>,
    /// The concession that ended the hand, if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<ForfeitRecord>,
    /// The hand's result.
    pub result: R,
    /// Scores per side after the hand.
    pub scores_after: Vec<i32>,
    /// Who deals next.
    pub next_dealer: u8,
    /// The winning sides, if the match ended.
    pub winners: Option<Vec<u8>>,
    /// The match was stopped with this hand before its rules ended it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub cut: bool,
}

/// What came with one decision of a record: the bot's `info` messages and, when timings were
/// asked for, its wall time.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DecisionRecord {
    /// The decision's place in the record's `actions` (forced steps counted).
    pub action: usize,
    /// The seat that decided.
    pub seat: u8,
    /// Its wall time in milliseconds (not reproducible: only with `--log-times`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ms: Option<f64>,
    /// The `info` messages the seat's bot wrote while it decided.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub info: Vec<serde_json::Value>,
}

/// A concession in a record: the seat whose side conceded the rest of the hand after the
/// recorded decisions, and the seat that took the tricks not yet played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForfeitRecord {
    /// The conceding seat.
    pub seat: u8,
    /// The seat that took every trick not yet played ([`Game::concession_receiver`]).
    pub to: u8,
}

/// The concession that ended `last`, as a record writes it.
fn forfeit_of<G: Game>(last: &G) -> Option<ForfeitRecord> {
    last.conceded().map(|seat| ForfeitRecord {
        seat: seat.0,
        to: last.concession_receiver(seat).0,
    })
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The record of a game's hand.
pub type RecordOf<R> =
    HandRecord<<R as RecordRules>::Options, <R as RecordRules>::Deal, <R as RecordRules>::Result>;

fn sides_of(mask: u8) -> Vec<u8> {
    (0..8u8).filter(|s| mask & (1 << s) != 0).collect()
}

fn previous_of<R: MatchRules>(rules: &R, m: &MatchState) -> Option<Vec<i32>> {
    m.previous.map(|p| p[..rules.sides().num_seats()].to_vec())
}

/// Writes one finished hand as a record.
pub fn record_hand<R: RecordRules>(
    rules: &R,
    match_index: u64,
    played: &PlayedHand<'_, R::Hand>,
) -> RecordOf<R> {
    let n_sides = rules.sides().num_sides();
    HandRecord {
        format: FORMAT.to_string(),
        game: rules.game(),
        players: rules.players(),
        options: rules.options(),
        match_index,
        hand: played.before.hands_dealt,
        arm: None,
        rotation: None,
        dealer: played.before.dealer.0,
        agents: None,
        scores_before: played.before.scores[..n_sides].to_vec(),
        previous: previous_of(rules, played.before),
        deal: rules.deal_record(played.initial),
        actions: rules.action_records(played.initial, played.actions),
        decisions: Vec::new(),
        forfeit: forfeit_of(played.last),
        result: rules.result_record(played.last),
        scores_after: played.after.scores[..n_sides].to_vec(),
        next_dealer: played.after.dealer.0,
        winners: played.after.winners.map(sides_of),
        cut: played.after.abandoned,
    }
}

/// Why a record line was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// The line is not a record.
    #[error("not a tricklab record: {0}")]
    Format(String),
    /// The rules in the record cannot be played.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The deal is not a valid deal.
    #[error("bad deal: {0}")]
    Deal(DealError),
    /// An action was illegal or differs from what the engine did.
    #[error("action {index} ({action}): {reason}")]
    Action {
        /// 0-based position in `actions`.
        index: usize,
        /// The action as recorded.
        action: ActionRecord,
        /// What is wrong.
        reason: String,
    },
    /// The recorded result differs from the recomputed one.
    #[error("the recorded {field} {recorded} does not match the recomputed {computed}")]
    Mismatch {
        /// Which field.
        field: String,
        /// As recorded.
        recorded: String,
        /// As recomputed.
        computed: String,
    },
}

fn mismatch<T: Serialize>(field: &str, recorded: &T, computed: &T) -> ReplayError {
    let j = |v: &T| serde_json::to_string(v).unwrap_or_default();
    ReplayError::Mismatch {
        field: field.to_string(),
        recorded: j(recorded),
        computed: j(computed),
    }
}

/// What replaying a hand produced.
pub struct Replayed<R: RecordRules> {
    /// The rules of the record.
    pub rules: R,
    /// The match after the hand.
    pub after: MatchState,
    /// The hand as it ended.
    pub last: R::Hand,
    /// The recomputed result.
    pub result: R::Result,
}

/// Replays one parsed record: rebuilds the deal, applies every decision, checks every forced
/// step and recomputes the result and the settlement.
pub fn replay_record<R: RecordRules>(rec: &RecordOf<R>) -> Result<Replayed<R>, ReplayError> {
    if rec.format != FORMAT {
        return Err(ReplayError::Format(format!(
            "format `{}`, expected `{FORMAT}`",
            rec.format
        )));
    }
    let rules = R::from_options(rec.players, &rec.options)?;
    let sides = rules.sides();
    let n_sides = sides.num_sides();
    if rec.scores_before.len() != n_sides {
        return Err(ReplayError::Format(format!(
            "scores_before has {} entries for {n_sides} sides",
            rec.scores_before.len()
        )));
    }
    if rec.dealer as usize >= sides.num_seats() {
        return Err(ReplayError::Format(format!(
            "dealer {} is not a seat",
            rec.dealer
        )));
    }
    let mut before = MatchState::new(Seat(rec.dealer));
    before.hands_dealt = rec.hand;
    before.scores[..n_sides].copy_from_slice(&rec.scores_before);
    if let Some(p) = &rec.previous {
        if p.len() != sides.num_seats() {
            return Err(ReplayError::Format(
                "previous needs one entry per seat".into(),
            ));
        }
        let mut arr = [0; MAX_SEATS];
        arr[..p.len()].copy_from_slice(p);
        before.previous = Some(arr);
    }
    let initial = rules
        .restore(&before, &rec.deal)
        .map_err(ReplayError::Deal)?;
    let mut hand = initial.clone();
    let mut decisions = Vec::new();
    for (index, ar) in rec.actions.iter().enumerate() {
        let Some(action) = ar.step.decision() else {
            continue;
        };
        let err = |reason: String| ReplayError::Action {
            index,
            action: *ar,
            reason,
        };
        match hand.to_act() {
            None => return Err(err("the hand is already over".into())),
            Some(seat) if seat.0 != ar.seat => {
                return Err(err(format!(
                    "it is seat {seat}'s turn, not seat {}'s",
                    ar.seat
                )));
            }
            Some(_) => {}
        }
        hand.try_apply(action).map_err(|e| err(e.to_string()))?;
        decisions.push((Seat(ar.seat), action));
    }
    if let Some(f) = rec.forfeit {
        if f.seat as usize >= sides.num_seats() {
            return Err(ReplayError::Format(format!(
                "the forfeiting seat {} is not a seat",
                f.seat
            )));
        }
        if hand.is_over() {
            return Err(ReplayError::Format(format!(
                "seat {} forfeits a hand that is already over",
                f.seat
            )));
        }
        hand.concede(Seat(f.seat));
        let computed = forfeit_of(&hand);
        if computed != Some(f) {
            return Err(mismatch("forfeit", &Some(f), &computed));
        }
    }
    if let Some(seat) = hand.to_act() {
        return Err(ReplayError::Format(format!(
            "the record ends before the hand does (seat {seat} is to act)"
        )));
    }
    check_decisions(rec)?;
    let expected = rules.action_records(&initial, &decisions);
    for (index, (got, want)) in rec.actions.iter().zip(&expected).enumerate() {
        if got != want {
            return Err(ReplayError::Action {
                index,
                action: *got,
                reason: format!("the engine's step here is {want}"),
            });
        }
    }
    if rec.actions.len() != expected.len() {
        return Err(ReplayError::Format(format!(
            "{} steps recorded, the engine took {}",
            rec.actions.len(),
            expected.len()
        )));
    }
    let result = rules.result_record(&hand);
    if result != rec.result {
        return Err(mismatch("result", &rec.result, &result));
    }
    let mut after = before;
    rules.settle(&mut after, &hand);
    let scores_after = after.scores[..n_sides].to_vec();
    if scores_after != rec.scores_after {
        return Err(mismatch("scores_after", &rec.scores_after, &scores_after));
    }
    if after.dealer.0 != rec.next_dealer {
        return Err(mismatch("next_dealer", &rec.next_dealer, &after.dealer.0));
    }
    let winners = after.winners.map(sides_of);
    if winners != rec.winners {
        return Err(mismatch("winners", &rec.winners, &winners));
    }
    if rec.cut && winners.is_some() {
        return Err(ReplayError::Format(
            "the hand is marked `cut` but ended its match".to_string(),
        ));
    }
    // The writer's match was abandoned with this hand.
    after.abandoned = rec.cut;
    Ok(Replayed {
        rules,
        after,
        last: hand,
        result,
    })
}

/// Checks that every entry of `decisions` names a decision of `actions` and its seat, in order.
fn check_decisions<O, D, R>(rec: &HandRecord<O, D, R>) -> Result<(), ReplayError> {
    let mut after = None;
    for (i, d) in rec.decisions.iter().enumerate() {
        let bad = |why: String| ReplayError::Format(format!("decisions[{i}]: {why}"));
        let Some(a) = rec.actions.get(d.action) else {
            return Err(bad(format!("action {} is not in actions", d.action)));
        };
        if a.step.decision().is_none() {
            return Err(bad(format!("action {} ({a}) is a forced step", d.action)));
        }
        if a.seat != d.seat {
            return Err(bad(format!(
                "action {} is seat {}'s, not seat {}'s",
                d.action, a.seat, d.seat
            )));
        }
        if after.is_some_and(|p| d.action <= p) {
            return Err(bad("the entries are not in the order of actions".into()));
        }
        after = Some(d.action);
    }
    Ok(())
}

/// Parses one line for the game `R` and replays it.
pub fn replay_line<R: RecordRules>(line: &str) -> Result<(RecordOf<R>, Replayed<R>), ReplayError> {
    let rec: RecordOf<R> = serde_json::from_str(line)
        .map_err(|e| ReplayError::Format(escape_controls(&e.to_string())))?;
    let replayed = replay_record(&rec)?;
    Ok((rec, replayed))
}

/// Reads the `game` field of a record line.
pub fn game_of_line(line: &str) -> Result<GameKind, ReplayError> {
    #[derive(Deserialize)]
    struct Head {
        game: serde_json::Value,
    }
    let head: Head = serde_json::from_str(line)
        .map_err(|e| ReplayError::Format(escape_controls(&e.to_string())))?;
    let name = head.game.as_str().unwrap_or_default();
    name.parse().map_err(ReplayError::Rules)
}

/// `text` with control characters escaped (`\n`), so that a key or value echoed from a record
/// (`"h\nds"`) keeps the message on one line.
fn escape_controls(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}
