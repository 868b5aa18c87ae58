//! Deal books: files of fixed deals, so that two labs (or two runs) play the same hands.
//!
//! # Format (`tricklab-deal/1`)
//!
//! A book is a JSON Lines file, one deal a line (docs/deals.md):
//!
//! | field | meaning |
//! |---|---|
//! | `format` | always `"tricklab-deal/1"` |
//! | `game` | `catch-the-ten`, `nine-five-two` or `whist` |
//! | `players` | the player count |
//! | `options` | the game's named options (RULES.md), every one spelled out |
//! | `dealer` | the dealer's seat |
//! | `deal` | every seat's cards and the game's extra cards, exactly as a game record's `deal` (`tricklab-hand/1`, see [`record`](super::record)) |
//!
//! Every line of a book holds the same game, player count and options. `tricklab deals
//! --seed S` writes deal `i` of `simulate --seed S` (and of `run` and `tournament` with seed
//! `S`) as line `i`, so a book of seed `S` played with seed `S` plays what the seed alone
//! plays. `--deals FILE` plays line `i` as the first hand of game `i` (deal `i` of a run); the
//! later hands of a match are dealt from the seed, as without a book. A Whist book may also be
//! a PBN file of bridge deals ([`pbn`](super::pbn)).

use std::io::Write;
use std::path::Path;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use thiserror::Error;

use crate::rng::GameStreams;

use super::matches::{MatchRules, MatchState};
use super::record::RecordRules;
use super::{GameKind, Seat};

/// The value of the `format` field.
pub const FORMAT: &str = "tricklab-deal/1";

/// One line of a book, as written.
#[derive(Serialize)]
struct BookLine<'a, O, D> {
    format: &'a str,
    game: GameKind,
    players: usize,
    options: O,
    dealer: u8,
    deal: D,
}

/// One line of a book, as read: the game's parts still JSON until the game reads them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLine {
    format: String,
    game: String,
    players: usize,
    options: serde_json::Value,
    dealer: u8,
    deal: serde_json::Value,
}

/// One deal of a book: its dealer and its cards, as a record's `deal` writes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookDeal {
    /// The dealer.
    pub dealer: Seat,
    /// The cards, in the game's record form.
    pub deal: serde_json::Value,
}

/// A deal book, read: what it deals and the file it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealBook {
    /// The file, as given (for messages and `run.json`).
    pub path: String,
    /// The file's SHA-256, in hex: a resumed run refuses a book that changed.
    pub sha256: String,
    /// The game.
    pub game: GameKind,
    /// The player count.
    pub players: usize,
    /// The options of every deal; `None` for a PBN file, which plays under the run's options.
    pub options: Option<serde_json::Value>,
    /// The deals, in order.
    pub deals: Vec<BookDeal>,
}

/// Why a deal book cannot be read or played: one line, naming the file.
#[derive(Debug, Error)]
pub enum BookError {
    /// The file cannot be read.
    #[error("{path}: cannot read it: {message}")]
    Unreadable {
        /// The file.
        path: String,
        /// The system's message.
        message: String,
    },
    /// A line (or PBN board) is not a deal.
    #[error("{path} line {line}: {message}")]
    Line {
        /// The file.
        path: String,
        /// The line, from 1.
        line: usize,
        /// What is wrong, and what is allowed.
        message: String,
    },
    /// The book holds no deal.
    #[error("{0}: the book holds no deal")]
    Empty(String),
    /// The book's deals are not of the game played.
    #[error("{path} holds deals of {book}; this run plays {run}")]
    OtherGame {
        /// The file.
        path: String,
        /// What the book deals (`whist, 4 players`).
        book: String,
        /// What the run plays.
        run: String,
    },
    /// The book has fewer deals than the run plays.
    #[error("{path} holds {held} deals; the run plays {wanted}: give a longer book or fewer games")]
    TooShort {
        /// The file.
        path: String,
        /// Deals in the book.
        held: usize,
        /// Deals the run plays.
        wanted: u64,
    },
    /// PBN asked of a game other than Whist.
    #[error(
        "--format pbn writes Whist deals (4 hands of 13, as bridge), not {0}: use --format jsonl"
    )]
    NotPbn(GameKind),
    /// The output cannot be written.
    #[error("writing the deals: {0}")]
    Write(#[from] std::io::Error),
}

impl DealBook {
    /// Reads the book at `path`: a PBN file of Whist deals if its name ends in `.pbn` (any
    /// case), else `tricklab-deal/1` lines.
    ///
    /// # Errors
    /// [`BookError`]: the file cannot be read, or a line that is not a deal of the format.
    pub fn read(path: &Path) -> Result<DealBook, BookError> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| BookError::Unreadable {
            path: name.clone(),
            message: e.to_string(),
        })?;
        let sha256 = Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let text = String::from_utf8(bytes).map_err(|e| BookError::Unreadable {
            path: name.clone(),
            message: format!("not UTF-8 text ({e})"),
        })?;
        let is_pbn = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pbn"));
        let mut book = if is_pbn {
            super::pbn::read_book(&name, &text)?
        } else {
            read_lines(&name, &text)?
        };
        book.sha256 = sha256;
        if book.deals.is_empty() {
            return Err(BookError::Empty(name));
        }
        Ok(book)
    }

    /// Checks that the book deals `rules`' game, player count and options, holds at least
    /// `wanted` deals, and that every deal is one the game can start from.
    ///
    /// # Errors
    /// [`BookError`] naming the first thing that does not fit.
    pub fn check<R: RecordRules>(&self, rules: &R, wanted: u64) -> Result<(), BookError> {
        let run_options = serde_json::to_value(rules.options()).unwrap_or_default();
        let same_options = match &self.options {
            None => true,
            Some(v) => serde_json::from_value::<R::Options>(v.clone())
                .ok()
                .and_then(|o| serde_json::to_value(o).ok())
                .is_some_and(|o| o == run_options),
        };
        if self.game != rules.game() || self.players != rules.players() || !same_options {
            let what = |game: GameKind, players: usize, options: &serde_json::Value| {
                format!("{game}, {players} players, options {options}")
            };
            return Err(BookError::OtherGame {
                path: self.path.clone(),
                book: what(
                    self.game,
                    self.players,
                    self.options.as_ref().unwrap_or(&run_options),
                ),
                run: what(rules.game(), rules.players(), &run_options),
            });
        }
        if (self.deals.len() as u64) < wanted {
            return Err(BookError::TooShort {
                path: self.path.clone(),
                held: self.deals.len(),
                wanted,
            });
        }
        for i in 0..self.deals.len() {
            self.restore(rules, i).map_err(|message| BookError::Line {
                path: self.path.clone(),
                line: i + 1,
                message,
            })?;
        }
        Ok(())
    }

    /// The dealer and the hand as dealt of deal `index`, which [`DealBook::check`] has
    /// accepted for `rules`.
    ///
    /// # Panics
    /// If the deal is not one `check` accepted (a bug: runners check the book first).
    pub fn hand<R: RecordRules>(&self, rules: &R, index: u64) -> (Seat, R::Hand) {
        let i = usize::try_from(index).expect("a deal of the book");
        let hand = self
            .restore(rules, i)
            .unwrap_or_else(|e| panic!("deal {i} of {} was checked: {e}", self.path));
        (self.deals[i].dealer, hand)
    }

    /// Rebuilds deal `i` for `rules`, or says what is wrong with it.
    fn restore<R: RecordRules>(&self, rules: &R, i: usize) -> Result<R::Hand, String> {
        let d = &self.deals[i];
        if d.dealer.index() >= rules.players() {
            return Err(format!(
                "dealer {} is not a seat of a {}-player table",
                d.dealer,
                rules.players()
            ));
        }
        let deal = R::Deal::deserialize(&d.deal).map_err(|e| format!("bad deal: {e}"))?;
        rules
            .restore(&MatchState::new(d.dealer), &deal)
            .map_err(|e| format!("bad deal: {e}"))
    }
}

/// Reads `tricklab-deal/1` lines (blank lines skipped).
fn read_lines(path: &str, text: &str) -> Result<DealBook, BookError> {
    let mut book: Option<DealBook> = None;
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let bad = |message: String| BookError::Line {
            path: path.to_string(),
            line: i + 1,
            message,
        };
        let raw: RawLine = serde_json::from_str(line)
            .map_err(|e| bad(format!("not a {FORMAT} line: {}", one_line(&e.to_string()))))?;
        if raw.format != FORMAT {
            return Err(bad(format!(
                "format `{}`, expected `{FORMAT}`",
                one_line(&raw.format)
            )));
        }
        let game: GameKind = raw.game.parse().map_err(|e| bad(format!("{e}")))?;
        let deal = BookDeal {
            dealer: Seat(raw.dealer),
            deal: raw.deal,
        };
        match &mut book {
            None => {
                book = Some(DealBook {
                    path: path.to_string(),
                    sha256: String::new(),
                    game,
                    players: raw.players,
                    options: Some(raw.options),
                    deals: vec![deal],
                });
            }
            Some(b) => {
                if b.game != game
                    || b.players != raw.players
                    || b.options.as_ref() != Some(&raw.options)
                {
                    return Err(bad(
                        "another game, player count or options than line 1: a book holds one table's deals"
                            .into(),
                    ));
                }
                b.deals.push(deal);
            }
        }
    }
    book.ok_or_else(|| BookError::Empty(path.to_string()))
}

/// `text` with control characters escaped, so that a message echoing it stays one line.
fn one_line(text: &str) -> String {
    text.chars().flat_map(char::escape_default).collect()
}

/// Writes `count` deals of `rules`' game as `tricklab-deal/1` lines: deal `i` is the first
/// hand of game `i` of a run with `seed` (its first dealer and its cards).
///
/// # Errors
/// Writing to `out`.
pub fn write_book<R: RecordRules>(
    rules: &R,
    seed: u64,
    count: u64,
    out: &mut dyn Write,
) -> Result<(), BookError> {
    let options = rules.options();
    for (dealer, hand) in seed_deals(rules, seed, count) {
        let line = BookLine {
            format: FORMAT,
            game: rules.game(),
            players: rules.players(),
            options: &options,
            dealer: dealer.0,
            deal: rules.deal_record(&hand),
        };
        serde_json::to_writer(&mut *out, &line).map_err(std::io::Error::from)?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// The first dealer and first hand of games `0..count` of a run with `seed`: the streams every
/// runner deals from ([`GameStreams`] with deal sub-stream 0).
pub fn seed_deals<R: MatchRules>(
    rules: &R,
    seed: u64,
    count: u64,
) -> impl Iterator<Item = (Seat, R::Hand)> + '_ {
    let seats = rules.sides().num_seats();
    (0..count).map(move |i| {
        let mut s = GameStreams::new(seed, i, seats, 0, |_| 0);
        let dealer = Seat(s.first_dealer);
        (dealer, rules.deal(&MatchState::new(dealer), &mut s.deal))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::whist::Setup;

    fn book_of(text: &str) -> Result<DealBook, BookError> {
        read_lines("b.jsonl", text)
    }

    fn whist_book(seed: u64, count: u64) -> String {
        let rules = Setup::new(4, Default::default()).unwrap();
        let mut out = Vec::new();
        write_book(&rules, seed, count, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_written_book_reads_back_deal_for_deal() {
        let rules = Setup::new(4, Default::default()).unwrap();
        let text = whist_book(7, 3);
        assert_eq!(text.lines().count(), 3);
        assert!(text.starts_with(r#"{"format":"tricklab-deal/1","game":"whist","players":4,"#));
        let book = book_of(&text).unwrap();
        book.check(&rules, 3).unwrap();
        for (i, (dealer, hand)) in seed_deals(&rules, 7, 3).enumerate() {
            let (d, h) = book.hand(&rules, i as u64);
            assert_eq!(d, dealer);
            assert_eq!(rules.deal_record(&h), rules.deal_record(&hand));
        }
    }

    #[test]
    fn a_book_too_short_or_of_another_table_is_refused_in_one_line() {
        let rules = Setup::new(4, Default::default()).unwrap();
        let book = book_of(&whist_book(7, 2)).unwrap();
        assert_eq!(
            book.check(&rules, 5).unwrap_err().to_string(),
            "b.jsonl holds 2 deals; the run plays 5: give a longer book or fewer games"
        );
        let other = Setup::new(
            4,
            toml::from_str::<crate::games::whist::Options>("honours = true").unwrap(),
        )
        .unwrap();
        let e = book.check(&other, 1).unwrap_err().to_string();
        assert!(
            e.starts_with("b.jsonl holds deals of whist, 4 players"),
            "{e}"
        );
        let mut second: serde_json::Value =
            serde_json::from_str(whist_book(7, 2).lines().nth(1).unwrap()).unwrap();
        second["dealer"] = 9.into();
        let text = format!("{}\n{second}\n", whist_book(7, 1).trim_end());
        assert_eq!(
            book_of(&text)
                .unwrap()
                .check(&rules, 1)
                .unwrap_err()
                .to_string(),
            "b.jsonl line 2: dealer 9 is not a seat of a 4-player table"
        );
        let e = book_of("{\"format\":\"x\"}").unwrap_err().to_string();
        assert!(
            e.starts_with("b.jsonl line 1: not a tricklab-deal/1 line"),
            "{e}"
        );
        assert!(matches!(book_of("\n\n"), Err(BookError::Empty(_))));
    }
}
