//! A logged hand as a story: the deal, the steps before play, the tricks with their winners,
//! and the score. Built by replaying the record, so a story is only told of a valid hand.

use serde_json::Value;
use thiserror::Error;

use crate::cards::{Card, CardParseError, CardSet, Suit};
use crate::games::deal::DealError;
use crate::games::matches::MatchState;
use crate::games::record::{RecordOf, RecordRules, ReplayError, Step, game_of_line, replay_record};
use crate::games::{Game, GameKind, MAX_SEATS, Seat};
use crate::play::TableGame;
use crate::play::log::InfoEntry;
use crate::words::counted;

/// One card of a trick.
#[derive(Clone, Debug, PartialEq)]
pub struct TrickCard {
    /// Who played it.
    pub seat: u8,
    /// The card.
    pub card: Card,
    /// The decision's number in the hand (forced steps not counted), to find its `info`.
    pub decision: usize,
}

/// One trick.
#[derive(Clone, Debug, PartialEq)]
pub struct TrickStory {
    /// The cards in the order played (the leader first).
    pub cards: Vec<TrickCard>,
    /// Who won it.
    pub winner: u8,
    /// Each seat's cards just before the trick was led.
    pub hands_before: Vec<CardSet>,
}

/// A step before the play (trumps named, a discard, a give, a return), kept as a step so that
/// the text and the page write its card as they write every other card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepStory {
    /// Who took the step (the returning seat for a return).
    pub seat: u8,
    /// What was done.
    pub step: Step,
    /// The receiving seat of a give or a return.
    pub to: Option<u8>,
}

impl StepStory {
    /// The step in words, each card written by `card` and each suit by `suit`:
    /// `seat 1 gives 2♠ to seat 2`, `seat 0 names trumps ♥`.
    pub fn words(&self, card: impl Fn(Card) -> String, suit: impl Fn(Suit) -> String) -> String {
        let to = self.to.map_or(String::new(), |t| format!(" to seat {t}"));
        let what = match self.step {
            Step::Play(c) => format!("plays {}", card(c)),
            Step::Trump(s) => format!("names trumps {}", suit(s)),
            Step::Discard(c) => format!("discards {}", card(c)),
            Step::Give(c) => format!("gives {}{to}", card(c)),
            Step::Return(c) => format!("returns {}{to}", card(c)),
        };
        format!("seat {} {what}", self.seat)
    }
}

/// A logged hand, ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct HandStory {
    /// The game.
    pub game: GameKind,
    /// The player count.
    pub players: usize,
    /// The match number.
    pub match_index: u64,
    /// The hand number in the match.
    pub hand: u32,
    /// The dealer.
    pub dealer: u8,
    /// Who sat where, when the record says (`human`, or an agent spec).
    pub seats: Option<Vec<String>>,
    /// Each seat's cards as dealt, one set per entry (Catch the Ten with few players deals
    /// several sets).
    pub dealt: Vec<Vec<CardSet>>,
    /// The deal's other cards: `turned`, `kitty`, `laid_aside`, as named in the record.
    pub extras: Vec<(String, String)>,
    /// The trump suit.
    pub trump: Option<Suit>,
    /// The steps that are not card play (trumps, discards, gives, returns), in order.
    pub steps: Vec<StepStory>,
    /// The tricks in order.
    pub tricks: Vec<TrickStory>,
    /// The seats of each side, as `0+2`.
    pub side_labels: Vec<String>,
    /// Tricks won per seat.
    pub tricks_won: Vec<u32>,
    /// Each seat's target in tricks, in a game with targets (9-5-2): there a side is one seat
    /// and its points are its tricks over (or under) its target.
    pub targets: Option<Vec<u8>>,
    /// Points per side in this hand.
    pub points: Vec<i32>,
    /// Match scores per side before the hand.
    pub scores_before: Vec<i32>,
    /// Match scores per side after the hand.
    pub scores_after: Vec<i32>,
    /// The winning sides, if the match ended with this hand.
    pub winners: Option<Vec<u8>>,
    /// The bots' values, where the record has them.
    pub info: Vec<InfoEntry>,
    /// Undo notes, as recorded (`at`, then what was taken back).
    pub undo: Vec<String>,
}

impl HandStory {
    /// The values recorded for decision `index`, if any.
    pub fn info_for(&self, index: usize) -> Option<&InfoEntry> {
        self.info.iter().find(|i| i.index == index)
    }
}

/// Why a record line has no story: one line saying what is wrong with it.
#[derive(Debug, Error)]
pub enum StoryError {
    /// The line does not replay (or names no game).
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// The line does not read as a record of its game.
    #[error("not a record: {0}")]
    NotARecord(serde_json::Error),
    /// The deal has no `hands` list.
    #[error("the deal has no hands")]
    NoHands,
    /// A hand of the deal is not text.
    #[error("a hand is not a card list")]
    HandNotText,
    /// A hand of the deal is not a card list.
    #[error(transparent)]
    Cards(#[from] CardParseError),
    /// The deal cannot be restored.
    #[error(transparent)]
    Deal(#[from] DealError),
    /// The bots' values (`info`) do not read.
    #[error("bad info: {0}")]
    Info(serde_json::Error),
}

/// Tells the story of one record line (any game).
///
/// # Errors
/// [`StoryError`]: the line is not a valid record (it must replay).
pub fn story_of_line(line: &str) -> Result<HandStory, StoryError> {
    let game = game_of_line(line)?;
    game.jobs().story(line)
}

fn sets_of(v: &Value) -> Result<Vec<CardSet>, StoryError> {
    let parse = |x: &Value| -> Result<CardSet, StoryError> {
        Ok(x.as_str()
            .ok_or(StoryError::HandNotText)?
            .parse::<CardSet>()?)
    };
    match v {
        Value::Array(sets) => sets.iter().map(parse).collect(),
        other => Ok(vec![parse(other)?]),
    }
}

/// The story of a record line of the game `R` (reached through the game registry).
pub(crate) fn story<R: RecordRules>(line: &str) -> Result<HandStory, StoryError>
where
    R::Hand: TableGame,
{
    let rec: RecordOf<R> = serde_json::from_str(line).map_err(StoryError::NotARecord)?;
    let done = replay_record::<R>(&rec)?;
    let raw: Value = serde_json::from_str(line).map_err(StoryError::NotARecord)?;
    let rules = done.rules;
    let sides = rules.sides();
    let n = sides.num_seats();
    let deal = serde_json::to_value(&rec.deal).map_err(StoryError::NotARecord)?;
    let dealt = deal
        .get("hands")
        .and_then(Value::as_array)
        .ok_or(StoryError::NoHands)?
        .iter()
        .map(sets_of)
        .collect::<Result<Vec<_>, _>>()?;
    let extras = deal
        .as_object()
        .map(|o| {
            o.iter()
                .filter(|(k, _)| k.as_str() != "hands")
                .filter_map(|(k, v)| v.as_str().map(|s| (k.clone(), s.to_string())))
                .collect()
        })
        .unwrap_or_default();
    // Rebuild the hand and walk it decision by decision.
    let mut m = MatchState::new(Seat(rec.dealer));
    m.hands_dealt = rec.hand;
    m.scores[..sides.num_sides()].copy_from_slice(&rec.scores_before);
    if let Some(p) = &rec.previous {
        let mut arr = [0; MAX_SEATS];
        arr[..p.len()].copy_from_slice(p);
        m.previous = Some(arr);
    }
    let mut hand = rules.restore(&m, &rec.deal)?;
    let targets = hand.targets();
    let mut steps = Vec::new();
    let mut tricks = Vec::new();
    let mut current: Vec<TrickCard> = Vec::new();
    let mut hands_before: Vec<CardSet> = Vec::new();
    let mut decision = 0;
    for ar in &rec.actions {
        let Some(action) = ar.step.decision() else {
            if let Step::Return(_) = ar.step {
                steps.push(StepStory {
                    seat: ar.seat,
                    step: ar.step,
                    to: ar.to,
                });
            }
            continue;
        };
        match ar.step {
            Step::Play(c) => {
                if current.is_empty() {
                    hands_before = Seat::all(n).map(|s| hand.hand(s)).collect();
                }
                let before: Vec<u32> = Seat::all(n).map(|s| hand.tricks_won(s)).collect();
                hand.apply(action);
                current.push(TrickCard {
                    seat: ar.seat,
                    card: c,
                    decision,
                });
                if let Some(w) = Seat::all(n).find(|&s| hand.tricks_won(s) > before[s.index()]) {
                    tricks.push(TrickStory {
                        cards: std::mem::take(&mut current),
                        winner: w.0,
                        hands_before: std::mem::take(&mut hands_before),
                    });
                }
            }
            Step::Trump(_) | Step::Discard(_) | Step::Give(_) => {
                hand.apply(action);
                steps.push(StepStory {
                    seat: ar.seat,
                    step: ar.step,
                    to: ar.to,
                });
            }
            Step::Return(_) => {}
        }
        decision += 1;
    }
    let info: Vec<InfoEntry> = raw
        .get("info")
        .map(|v| serde_json::from_value(v.clone()))
        .transpose()
        .map_err(StoryError::Info)?
        .unwrap_or_default();
    let seats: Option<Vec<String>> = raw
        .get("seats")
        .and_then(|v| serde_json::from_value(v.clone()).ok());
    let undo = raw
        .get("undo")
        .and_then(Value::as_array)
        .map(|u| {
            u.iter()
                .map(|x| {
                    let at = x.get("at").and_then(Value::as_u64).unwrap_or(0);
                    let taken: Vec<String> = x
                        .get("taken_back")
                        .and_then(|t| serde_json::from_value(t.clone()).ok())
                        .unwrap_or_default();
                    format!(
                        "after {}, taken back: {}",
                        counted(at, "decision"),
                        taken.join(", ")
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(HandStory {
        game: rec.game,
        players: rec.players,
        match_index: rec.match_index,
        hand: rec.hand,
        dealer: rec.dealer,
        seats,
        dealt,
        extras,
        trump: hand.trump(),
        steps,
        tricks,
        side_labels: sides.all().map(|s| sides.label(s)).collect(),
        tricks_won: Seat::all(n).map(|s| hand.tricks_won(s)).collect(),
        targets,
        points: sides.all().map(|s| hand.side_points(s)).collect(),
        scores_before: rec.scores_before.clone(),
        scores_after: rec.scores_after.clone(),
        winners: rec.winners.clone(),
        info,
        undo,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_without_a_story_says_why_in_one_line() {
        let e = story_of_line("not json").unwrap_err();
        assert!(
            matches!(e, StoryError::Replay(ReplayError::Format(_))),
            "{e:?}"
        );
        assert!(e.to_string().starts_with("not a tricklab record: "), "{e}");
        let e = story_of_line(r#"{"game":"whist"}"#).unwrap_err();
        assert!(matches!(e, StoryError::NotARecord(_)), "{e:?}");
        let message = e.to_string();
        assert!(
            message.starts_with("not a record: missing field"),
            "{message}"
        );
        assert!(!message.contains('\n'), "{message}");
        assert_eq!(StoryError::NoHands.to_string(), "the deal has no hands");
        assert_eq!(
            sets_of(&Value::from(3)).unwrap_err().to_string(),
            "a hand is not a card list"
        );
        assert!(
            sets_of(&Value::from("AS XX"))
                .unwrap_err()
                .to_string()
                .starts_with("`XX` is not a card")
        );
    }
}
