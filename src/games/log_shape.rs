//! The shape of a record file as a whole, beyond each hand: matches numbered from 0 without
//! gaps or repeats, hands of a match numbered from 0 without gaps or repeats, and every match
//! ending where its rules end it unless its last hand says it was cut (`"cut": true`, written
//! by `simulate --hands` and `--max-hands`).
//!
//! Logs written before the `cut` field existed say nothing of their cuts; for them an
//! unmarked unfinished match is accepted only where the log cannot be damaged that way
//! unseen: a log of single hands (every match one hand: a deleted line shows as a gap in the
//! match numbers) of at least two matches (a file cut inside its first match holds one), or,
//! with `replay --max-hands N`, a match of exactly N hands. A file with no hand at all is not
//! a log.

use thiserror::Error;

use crate::words::{counted, hand_named};

/// How a hand left its match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandEnd {
    /// The match goes on.
    Ongoing,
    /// The match ended by its rules.
    Finished,
    /// The match was stopped with this hand (`"cut": true`).
    Cut,
}

/// Why a record file is not whole: one line naming the match (and hand) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ShapeError {
    /// The file does not start with match 0.
    #[error("the first hand is of match {0}; matches are numbered from 0")]
    FirstMatch(u64),
    /// A hand after the hand that ended its match by the rules.
    #[error(
        "match {game} has {} after it ended with hand {}",
        hand_named(*.hand),
        u64::from(*.last) + 1
    )]
    AfterEnd {
        /// The match.
        game: u64,
        /// The hand read.
        hand: u32,
        /// The hand that ended the match.
        last: u32,
    },
    /// A hand after the hand marked as the match's last.
    #[error(
        "match {game} has {} after hand {}, which is marked as its last (`cut`)",
        hand_named(*.hand),
        u64::from(*.last) + 1
    )]
    AfterCut {
        /// The match.
        game: u64,
        /// The hand read.
        hand: u32,
        /// The hand marked `cut`.
        last: u32,
    },
    /// A hand number that does not follow the one before.
    #[error(
        "{} follows hand {} of match {game} (hands are numbered without gaps or repeats)",
        hand_named(*.hand),
        u64::from(*.last) + 1
    )]
    HandGap {
        /// The match.
        game: u64,
        /// The hand read.
        hand: u32,
        /// The hand before it.
        last: u32,
    },
    /// A match number that does not follow the one before.
    #[error(
        "match {game} follows match {last} (matches are numbered from 0 without gaps or repeats)"
    )]
    MatchGap {
        /// The match read.
        game: u64,
        /// The match before it.
        last: u64,
    },
    /// A match whose first hand is not hand 0.
    #[error("match {game} starts at {}, not at hand 1", hand_named(*.hand))]
    Start {
        /// The match.
        game: u64,
        /// Its first hand.
        hand: u32,
    },
    /// A file without a single hand record.
    #[error("it holds no hand record (an empty file is not a log)")]
    Empty,
    /// A match that stops before its rules end it, without a `cut` mark.
    #[error(
        "match {game} stops unfinished after {} and its last hand is not marked `cut` (a hand is missing or the file was cut short; a log written before cut marks, with --max-hands N, replays with --max-hands N)",
        counted(*.hands, "hand")
    )]
    Unfinished {
        /// The match.
        game: u64,
        /// Its hands.
        hands: u32,
    },
}

/// What has been read of a record file so far.
#[derive(Debug, Default)]
pub struct LogShape {
    /// The match being read: its number, its last hand and how that hand left it.
    current: Option<(u64, u32, Option<HandEnd>)>,
    /// The matches that stopped unfinished without a cut mark: number and hands.
    unmarked: Vec<(u64, u32)>,
    /// Matches ended by their rules.
    finished: u64,
    /// Matches marked cut.
    cut: u64,
    /// Whether every match so far has been a single hand.
    all_single: bool,
}

impl LogShape {
    /// An empty file.
    pub fn new() -> LogShape {
        LogShape {
            all_single: true,
            ..LogShape::default()
        }
    }

    /// Takes the next hand: hand `hand` of match `game`, leaving its match as `end` says.
    ///
    /// # Errors
    /// [`ShapeError`] when the hand does not follow the hands before it.
    pub fn next(&mut self, game: u64, hand: u32, end: HandEnd) -> Result<(), ShapeError> {
        match self.current {
            None if game != 0 => return Err(ShapeError::FirstMatch(game)),
            Some((m, h, ended)) if game == m => {
                let last = h;
                match ended {
                    Some(HandEnd::Finished) => {
                        return Err(ShapeError::AfterEnd { game, hand, last });
                    }
                    Some(HandEnd::Cut) => return Err(ShapeError::AfterCut { game, hand, last }),
                    _ => {}
                }
                if hand != h + 1 {
                    return Err(ShapeError::HandGap { game, hand, last });
                }
            }
            Some((m, h, ended)) if game == m + 1 => self.close(m, h, ended),
            Some((last, _, _)) => return Err(ShapeError::MatchGap { game, last }),
            None => {}
        }
        if self.current.is_none_or(|(m, _, _)| m != game) && hand != 0 {
            return Err(ShapeError::Start { game, hand });
        }
        let end = (end != HandEnd::Ongoing).then_some(end);
        self.current = Some((game, hand, end));
        Ok(())
    }

    fn close(&mut self, m: u64, last: u32, end: Option<HandEnd>) {
        self.all_single &= last == 0;
        match end {
            Some(HandEnd::Finished) => self.finished += 1,
            Some(HandEnd::Cut) => self.cut += 1,
            _ => self.unmarked.push((m, last + 1)),
        }
    }

    /// Checks the file's end (see the module doc; `limit` is `replay --max-hands`) and returns
    /// the matches ended by their rules and the matches cut.
    ///
    /// # Errors
    /// [`ShapeError::Empty`] for a file with no hand; [`ShapeError::Unfinished`] for a match
    /// that stops unfinished without a `cut` mark.
    pub fn finish(mut self, limit: Option<u32>) -> Result<(u64, u64), ShapeError> {
        if let Some((m, h, end)) = self.current.take() {
            self.close(m, h, end);
        }
        let matches = self.finished + self.cut + self.unmarked.len() as u64;
        if matches == 0 {
            return Err(ShapeError::Empty);
        }
        // A log of one unmarked single hand may as well be a match cut after its first hand.
        let old_single_hands = self.all_single && self.cut == 0 && matches >= 2;
        let odd = self
            .unmarked
            .iter()
            .find(|u| !old_single_hands && Some(u.1) != limit);
        match odd {
            None => Ok((self.finished, self.cut)),
            Some(&(game, hands)) => Err(ShapeError::Unfinished { game, hands }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::HandEnd::{Cut, Finished as Fin, Ongoing as On};
    use super::*;

    fn shape(hands: &[(u64, u32, HandEnd)], limit: Option<u32>) -> Result<(u64, u64), String> {
        let mut s = LogShape::new();
        for (i, &(m, h, end)) in hands.iter().enumerate() {
            s.next(m, h, end).map_err(|e| format!("hand {i}: {e}"))?;
        }
        s.finish(limit).map_err(|e| e.to_string())
    }

    #[test]
    fn each_shape_error_is_one_line() {
        let mut s = LogShape::new();
        assert_eq!(
            s.next(0, 1, On).unwrap_err().to_string(),
            "match 0 starts at hand 2 (the record's `hand` 1), not at hand 1"
        );
        let mut s = LogShape::new();
        s.next(0, 0, Fin).unwrap();
        assert_eq!(
            s.next(0, 1, On),
            Err(ShapeError::AfterEnd {
                game: 0,
                hand: 1,
                last: 0
            })
        );
        assert_eq!(
            ShapeError::AfterEnd {
                game: 0,
                hand: 1,
                last: 0
            }
            .to_string(),
            "match 0 has hand 2 (the record's `hand` 1) after it ended with hand 1"
        );
        let mut s = LogShape::new();
        s.next(0, 0, On).unwrap();
        s.next(0, 1, On).unwrap();
        s.next(1, 0, Fin).unwrap();
        assert_eq!(
            s.finish(None).unwrap_err().to_string(),
            "match 0 stops unfinished after 2 hands and its last hand is not marked `cut` (a hand is missing or the file was cut short; a log written before cut marks, with --max-hands N, replays with --max-hands N)"
        );
        assert_eq!(
            ShapeError::MatchGap { game: 5, last: 2 }.to_string(),
            "match 5 follows match 2 (matches are numbered from 0 without gaps or repeats)"
        );
    }

    #[test]
    fn whole_logs_pass() {
        assert_eq!(
            shape(&[(0, 0, On), (0, 1, Fin), (1, 0, Fin)], None),
            Ok((2, 0))
        );
        // Single hands and matches cut at a hand limit of 2, marked.
        assert_eq!(
            shape(&[(0, 0, Cut), (1, 0, Cut), (2, 0, Fin)], None),
            Ok((1, 2))
        );
        assert_eq!(
            shape(&[(0, 0, On), (0, 1, Cut), (1, 0, On), (1, 1, Fin)], None),
            Ok((1, 1))
        );
    }

    #[test]
    fn old_logs_without_cut_marks_pass_as_single_hands_or_with_the_limit() {
        assert_eq!(
            shape(&[(0, 0, On), (1, 0, On), (2, 0, Fin)], None),
            Ok((1, 0))
        );
        let limit2 = [(0, 0, On), (0, 1, On), (1, 0, On), (1, 1, Fin)];
        assert_eq!(shape(&limit2, Some(2)), Ok((1, 0)));
        let e = shape(&limit2, None).unwrap_err();
        assert!(e.contains("match 0 stops unfinished after 2 hands"), "{e}");
        assert!(e.contains("--max-hands N"), "{e}");
    }

    #[test]
    fn an_empty_file_is_no_log() {
        assert_eq!(
            shape(&[], None),
            Err("it holds no hand record (an empty file is not a log)".to_string())
        );
    }

    #[test]
    fn a_file_cut_inside_its_first_match_is_refused() {
        // Match 0 of a log of matches, cut after its first hand: it could pass for a log of
        // one single hand written before cut marks, so only `--max-hands 1` accepts it.
        let e = shape(&[(0, 0, On)], None).unwrap_err();
        assert!(e.contains("match 0 stops unfinished after 1 hand"), "{e}");
        assert_eq!(shape(&[(0, 0, On)], Some(1)), Ok((0, 0)));
        // The same cut in match 1 was refused before, and still is.
        let e = shape(&[(0, 0, On), (0, 1, Fin), (1, 0, On)], None).unwrap_err();
        assert!(e.contains("match 1 stops unfinished after 1 hand"), "{e}");
    }

    #[test]
    fn each_kind_of_broken_match_is_named() {
        type Hands = &'static [(u64, u32, HandEnd)];
        let cases: [(Hands, &str); 9] = [
            // The last hand of match 0 deleted.
            (
                &[(0, 0, On), (1, 0, On), (1, 1, Fin)],
                "match 0 stops unfinished after 1 hand and its last hand is not marked",
            ),
            // The last hand of the longest match deleted: nothing else was cut.
            (
                &[(0, 0, On), (0, 1, Fin), (1, 0, On), (1, 1, On)],
                "match 1 stops unfinished after 2 hands",
            ),
            // The marked last hand of a cut match deleted.
            (
                &[(0, 0, On), (0, 1, Cut), (1, 0, On)],
                "match 1 stops unfinished after 1 hand",
            ),
            // A hand repeated; a hand missing.
            (
                &[(0, 0, On), (0, 0, On)],
                "hand 1 (the record's `hand` 0) follows hand 1 of match 0",
            ),
            (
                &[(0, 0, On), (0, 2, Fin)],
                "hand 3 (the record's `hand` 2) follows hand 1",
            ),
            // A hand after the match ended, or after its cut (a duplicated last line).
            (&[(0, 0, Fin), (0, 0, Fin)], "after it ended"),
            (&[(0, 0, Cut), (0, 0, Cut)], "marked as its last"),
            // Match numbers changed.
            (&[(77, 0, Fin)], "the first hand is of match 77"),
            (&[(0, 0, Fin), (77, 0, Fin)], "match 77 follows match 0"),
        ];
        for (hands, want) in cases {
            let e = shape(hands, None).unwrap_err();
            assert!(e.contains(want), "{hands:?}: {e}");
        }
        let e = shape(&[(0, 0, Fin), (1, 1, Fin)], None).unwrap_err();
        assert!(e.contains("starts at hand 2"), "{e}");
    }
}
