//! Experiment configs: the TOML schema, and validation into a checked [`Experiment`].
//!
//! ```toml
//! # What the experiment asks (a comment for people).
//! name = "save-ten"
//! game = "catch-the-ten"
//! players = 4
//! seed = 11
//! deals = 20000            # deals, or matches with `matches = true`
//! matches = false          # play whole matches instead of single hands from 0-0
//! duplicate = true         # replay each deal with the arms rotated through the seats/sides
//! hand_rows = true         # write hands.csv (one row per seat and hand); deals.csv always
//! statistics = ["points", "ten_saved"]
//!
//! [options]                # the game's named options (RULES.md)
//! pairs = false
//!
//! [[arm]]
//! name = "tip"
//! seats = ["rules:save_ten", "rules", "rules:save_ten", "rules"]   # or one spec for all seats
//! subject = [0, 2]         # the seats whose results are measured (default: seat 0)
//!
//! [[arm]]
//! name = "control"
//! seats = "rules"
//! subject = [0, 2]
//!
//! # [bots.mybot]          # optional: an external bot (docs/bot-protocol.md) that seatings
//! # cmd = "python3 bot.py" # and [agreement] name like an agent (`seats = ["mybot", "rules"]`)
//! # budget_ms = 1000      # (or `time_ms`) per decision; on_fault = "abort" | "forfeit"; log = "FILE"
//! # clock = "hand:60000+100"  # instead of budget_ms; iterations, nodes, ponder = true and
//! # options = { depth = 3 }   # (the bot's declared options) need protocol 1.1
//!
//! [[hypothesis]]           # optional, any number: a prediction to give a verdict on
//! tip = "tip"
//! control = "control"
//! statistic = "ten_saved"
//! direction = "greater"    # the predicted sign of tip − control
//! epsilon = 0.02           # the equivalence band
//!
//! # edition = 2            # the default (RULES.md §5.5): labels confirmed / refuted / negligible /
//! #                        # inconclusive, ε/2 and 2ε, p-values, and sample sizes that count
//! #                        # independent games (§5.4); 3 (§5.5) reports the same way; 1 only to
//! #                        # reproduce the first edition (§5.0: its labels, units counted)
//! # From the second edition on:
//! # family = "tips-2"      # the pre-registered family its `primary` hypotheses belong to
//! # field = "b0"           # the opponent field, for reports
//! # [[hypothesis]] also takes: primary = true (a member of the family); label = "…";
//! # with = ["a", "b"] and combine = "average" (½((tip − control) + (a − b)), a main effect)
//! # or "interaction" ((tip − control) − (a − b)); population = "stat" (only the games where
//! # the control arm's `stat` is defined, so the population does not depend on the tip).
//!
//! [[claim]]                # optional, any number: one arm's statistic against a threshold
//! arm = "control"
//! statistic = "ten_saved"
//! direction = "greater"
//! threshold = 0.5
//! ```
//!
//! Every field is checked before anything runs; an error names the file, line, field and what
//! is allowed.

use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;
use thiserror::Error;

use crate::agents::AgentSpec;
use crate::games::book::DealBook;
use crate::games::{GameKind, Seat};
use crate::stats::Direction;

/// A config that cannot be run.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{file}{}: {message}", line.map(|l| format!(" line {l}")).unwrap_or_default())]
pub struct ConfigError {
    /// The config file.
    pub file: String,
    /// The line, when known.
    pub line: Option<usize>,
    /// What is wrong and what is allowed.
    pub message: String,
    /// The file could not be read at all (the environment failed, not the config).
    pub unreadable: bool,
}

/// The text of the config file at `path`, with the name messages give it.
///
/// # Errors
/// A file that cannot be read.
pub(super) fn read_config(path: &Path) -> Result<(String, String), ConfigError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| ConfigError {
        file: file.clone(),
        line: None,
        message: format!("cannot read it: {e}"),
        unreadable: true,
    })?;
    Ok((file, text))
}

/// How a hypothesis combines its pair of arms with a second pair (`with`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Combine {
    /// ½((tip − control) + (a − b)): a main effect of a 2×2 design, averaged over the other
    /// factor.
    Average,
    /// (tip − control) − (a − b): the interaction of a 2×2 design.
    Interaction,
}

/// One arm: a seating of agents and the seats measured.
#[derive(Clone, Debug, PartialEq)]
pub struct Arm {
    /// The arm's name.
    pub name: String,
    /// One agent per seat.
    pub seats: Vec<AgentSpec>,
    /// The seats whose results are measured.
    pub subject: Vec<Seat>,
}

impl Arm {
    /// Whether the arm's rotations replay one identical game (every seat the same agent), so
    /// that a deal is one independent game however many rotations measure it.
    pub fn replays_identical_game(&self) -> bool {
        crate::stats::rotations_identical(&self.seats)
    }
}

/// A prediction to judge.
#[derive(Clone, Debug, PartialEq)]
pub struct Hypothesis {
    /// The arm with the tip (index into the arms).
    pub tip: usize,
    /// The control arm.
    pub control: usize,
    /// The statistic compared.
    pub statistic: String,
    /// The predicted sign of tip − control.
    pub direction: Direction,
    /// The equivalence band.
    pub epsilon: f64,
    /// A member of the config's pre-registered family (Holm's correction, RULES.md §5.4).
    pub primary: bool,
    /// A name for reports (default: `tip − control`).
    pub label: Option<String>,
    /// A second pair of arms (a, b) and how its difference a − b combines with tip − control.
    pub with: Option<(usize, usize, Combine)>,
    /// Only the games in which the control arm's value of this statistic is defined: a
    /// population that does not depend on the tip.
    pub population: Option<String>,
}

/// A claim about one arm's statistic against a fixed threshold (a measurement such as
/// "happens in more than 5% of hands").
#[derive(Clone, Debug, PartialEq)]
pub struct Claim {
    /// The arm (index into the arms).
    pub arm: usize,
    /// The statistic.
    pub statistic: String,
    /// The predicted side of the threshold.
    pub direction: Direction,
    /// The threshold.
    pub threshold: f64,
    /// The equivalence band around the threshold.
    pub epsilon: f64,
}

/// The expert-agreement part of a study (RULES.md §5, method 2): positions where the tip and
/// the control disagree, reached in self-play of a strong player, and what strong searchers
/// choose there.
#[derive(Clone, Debug, PartialEq)]
pub struct Agreement {
    /// The arm whose agent at [`Agreement::seat`] is the tip player.
    pub tip: usize,
    /// The arm whose agent at [`Agreement::seat`] is the control.
    pub control: usize,
    /// The seat whose agents are compared: the tip arm's first subject seat when the two arms
    /// seat different agents there, else the first seat where they differ (N-H3's subject is
    /// the dealer, whom the tip plays against, not with).
    pub seat: Seat,
    /// The player in every seat of the self-play that reaches the positions.
    pub play: AgentSpec,
    /// The searchers asked at each position.
    pub searchers: Vec<AgentSpec>,
    /// How many positions to collect.
    pub positions: u64,
}

/// A checked experiment.
#[derive(Clone, Debug, PartialEq)]
pub struct Experiment {
    /// Its name (the default output folder is `results/<name>`).
    pub name: String,
    /// The game.
    pub game: GameKind,
    /// The player count.
    pub players: usize,
    /// The seed.
    pub seed: u64,
    /// Deals (or matches).
    pub deals: u64,
    /// Whole matches instead of single hands.
    pub matches: bool,
    /// Every deal replayed with the arms rotated.
    pub duplicate: bool,
    /// The statistics reported.
    pub statistics: Vec<String>,
    /// The game's options, as written.
    pub options: toml::Table,
    /// The arms.
    pub arms: Vec<Arm>,
    /// The predictions comparing two arms (tip minus control).
    pub hypotheses: Vec<Hypothesis>,
    /// The claims about one arm against a threshold.
    pub claims: Vec<Claim>,
    /// The most hands a match may take before it is abandoned.
    pub max_hands: u32,
    /// The expert-agreement settings, if any.
    pub agreement: Option<Agreement>,
    /// Whether to write `hands.csv` (one row per seat and hand); `deals.csv` and the summary
    /// are always written.
    pub hand_rows: bool,
    /// The config text, recorded with the results.
    pub source: String,
    /// 1 for the first edition's summary (RULES.md §5.0), 2 for the second's (§5.4), 3 for the
    /// third's (§5.5), which reports as the second. A config without `edition` is 2 (§5.5
    /// "Defaults for everyone").
    pub edition: u8,
    /// The pre-registered family of the config's primary hypotheses.
    pub family: Option<String>,
    /// The opponent field, for reports.
    pub field: Option<String>,
    /// The deal book whose deals are played instead of the seed's (`--deals FILE`): deal `i`
    /// is the first hand of game `i`. Checked for the game before it is set (see
    /// [`LoadedGame::check_book`](crate::games::LoadedGame::check_book)).
    pub book: Option<Arc<DealBook>>,
}

pub(super) struct Lines<'a> {
    pub(super) file: &'a str,
    pub(super) text: &'a str,
}

impl Lines<'_> {
    pub(super) fn err(
        &self,
        span: Option<std::ops::Range<usize>>,
        message: impl Into<String>,
    ) -> ConfigError {
        ConfigError {
            file: self.file.to_string(),
            line: span.map(|s| {
                self.text[..s.start.min(self.text.len())]
                    .matches('\n')
                    .count()
                    + 1
            }),
            // Names and values echoed from the file may hold control characters (`"a\nb"`);
            // the message stays one line.
            message: message
                .into()
                .chars()
                .flat_map(|c| {
                    let escaped: Vec<char> = if c.is_control() {
                        c.escape_default().collect()
                    } else {
                        vec![c]
                    };
                    escaped
                })
                .collect(),
            unreadable: false,
        }
    }

    /// A TOML error: names the field of the line it points at when the parser's message does
    /// not.
    pub(super) fn toml(&self, e: &toml::de::Error) -> ConfigError {
        let message = e.message().trim().replace('\n', " ");
        let field = e.span().and_then(|s| {
            let start = self.text[..s.start.min(self.text.len())]
                .rfind('\n')
                .map_or(0, |i| i + 1);
            let line = self.text[start..].lines().next().unwrap_or("");
            line.split_once('=')
                .map(|(k, _)| k.trim().to_string())
                .filter(|k| !k.is_empty() && !k.starts_with('['))
        });
        match field {
            Some(f) if !message.contains(&format!("`{f}`")) => {
                self.err(e.span(), format!("field `{f}`: {message}"))
            }
            _ => self.err(e.span(), message),
        }
    }
}

/// The edition of a config that names none: the second edition's labels and independent-game
/// counts (RULES.md §5.5 "Defaults for everyone"); the first edition's only with `edition = 1`.
pub const DEFAULT_EDITION: u8 = 2;

impl Experiment {
    /// A one-arm run of single hands that measures nothing: `seats` (one spec per seat, seat 0
    /// the subject) play `hands` deals of `game` with `players` players and its default
    /// options. What `bots check` and `bots bench` play through [`play_batches`]; its hand
    /// records are what they read.
    ///
    /// [`play_batches`]: super::play_batches
    pub fn single_hands(
        name: &str,
        game: GameKind,
        seats: Vec<AgentSpec>,
        seed: u64,
        hands: u64,
    ) -> Experiment {
        Experiment {
            name: name.to_string(),
            game,
            players: seats.len(),
            seed,
            deals: hands,
            matches: false,
            duplicate: false,
            statistics: Vec::new(),
            options: toml::Table::new(),
            arms: vec![Arm {
                name: name.to_string(),
                seats,
                subject: vec![Seat(0)],
            }],
            hypotheses: Vec::new(),
            claims: Vec::new(),
            max_hands: 1,
            agreement: None,
            hand_rows: false,
            source: String::new(),
            edition: DEFAULT_EDITION,
            family: None,
            field: None,
            book: None,
        }
    }

    /// What a summary's heading says about this experiment.
    pub fn heading(&self) -> crate::report::Heading {
        crate::report::Heading {
            name: self.name.clone(),
            game: self.game,
            players: self.players,
            seed: self.seed,
            deals: self.deals,
            matches: self.matches,
            duplicate: self.duplicate,
            field: self.field.clone(),
            family: self.family.clone(),
        }
    }

    /// A hash of the config's text and `salt`, to tell whether saved progress belongs to this
    /// config (and, through `salt`, to this part of the work).
    /// A deal book's SHA-256 is part of it, so that a resume with another book (or none) is
    /// refused.
    pub fn fingerprint(&self, salt: u64) -> u64 {
        let book = self.book.as_ref().map_or("", |b| b.sha256.as_str());
        self.source
            .bytes()
            .chain(book.bytes())
            .fold(salt, |h, b| crate::rng::mix64(h ^ b as u64))
    }

    /// Reads and checks the config at `path`.
    pub fn load(path: &Path) -> Result<Experiment, ConfigError> {
        let (file, text) = read_config(path)?;
        Experiment::parse(&file, &text)
    }
}
