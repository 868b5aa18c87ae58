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

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;
use thiserror::Error;
use toml::Spanned;

use crate::agents::external::ExternalSpec;
use crate::agents::{AGENT_NAMES, AgentSpec, NamedBots, parse_seating_with, parse_specs_with};
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    name: Spanned<String>,
    game: Spanned<String>,
    players: Option<Spanned<usize>>,
    seed: u64,
    deals: Spanned<u64>,
    #[serde(default)]
    matches: bool,
    #[serde(default = "yes")]
    duplicate: bool,
    statistics: Spanned<Vec<String>>,
    #[serde(default)]
    options: Option<Spanned<toml::Table>>,
    arm: Vec<RawArm>,
    hypothesis: Option<Spanned<OneOrMany<RawHypothesis>>>,
    claim: Option<Spanned<OneOrMany<RawClaim>>>,
    max_hands: Option<u32>,
    #[serde(default = "yes")]
    hand_rows: bool,
    agreement: Option<Spanned<RawAgreement>>,
    edition: Option<Spanned<u8>>,
    family: Option<String>,
    field: Option<String>,
    bots: Option<BTreeMap<String, Spanned<RawBot>>>,
}

/// One external bot of the `[bots]` table: `[bots.mybot] cmd = "python3 bot.py"`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBot {
    cmd: String,
    #[serde(alias = "time_ms")]
    budget_ms: Option<u64>,
    clock: Option<String>,
    iterations: Option<u64>,
    nodes: Option<u64>,
    ponder: Option<bool>,
    on_fault: Option<String>,
    log: Option<String>,
    /// The bot's declared options (protocol 1.1): `options = { depth = 3 }`.
    options: Option<std::collections::BTreeMap<String, toml::Value>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAgreement {
    tip: String,
    control: String,
    play: String,
    searchers: Vec<String>,
    positions: u64,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Seats {
    One(String),
    Each(Vec<String>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawArm {
    name: Spanned<String>,
    seats: Spanned<Seats>,
    subject: Option<Spanned<Vec<u8>>>,
}

/// A table or an array of tables (`[hypothesis]` or `[[hypothesis]]`). Read by hand rather than
/// as an untagged enum so that an error inside (`direction = "bigger"`) keeps its message and
/// its place in the file.
enum OneOrMany<T> {
    One(T),
    Many(Vec<T>),
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for OneOrMany<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for Visit<T> {
            type Value = OneOrMany<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a table or an array of tables")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<Self::Value, A::Error> {
                T::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(OneOrMany::One)
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                seq: A,
            ) -> Result<Self::Value, A::Error> {
                Vec::<T>::deserialize(serde::de::value::SeqAccessDeserializer::new(seq))
                    .map(OneOrMany::Many)
            }
        }
        d.deserialize_any(Visit(std::marker::PhantomData))
    }
}

impl<T> OneOrMany<T> {
    fn items(&self) -> Vec<&T> {
        match self {
            OneOrMany::One(t) => vec![t],
            OneOrMany::Many(v) => v.iter().collect(),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawClaim {
    arm: String,
    statistic: String,
    direction: Direction,
    threshold: f64,
    #[serde(default)]
    epsilon: f64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHypothesis {
    tip: String,
    control: String,
    statistic: String,
    direction: Direction,
    epsilon: f64,
    #[serde(default)]
    primary: bool,
    label: Option<String>,
    with: Option<[String; 2]>,
    combine: Option<Combine>,
    population: Option<String>,
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

    /// Checks the config `text` (from `file`, for messages).
    pub fn parse(file: &str, text: &str) -> Result<Experiment, ConfigError> {
        let at = Lines { file, text };
        let raw: RawConfig = toml::from_str(text).map_err(|e| at.toml(&e))?;
        let name = raw.name.get_ref().trim().to_string();
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
        {
            return Err(at.err(Some(raw.name.span()), "field `name` must be letters, digits, `-`, `_` or `.` (it names the output folder)"));
        }
        let game: GameKind =
            raw.game
                .get_ref()
                .parse()
                .map_err(|e: crate::games::RulesError| {
                    at.err(Some(raw.game.span()), format!("field `game`: {e}"))
                })?;
        let players = raw
            .players
            .as_ref()
            .map_or(game.default_players(), |p| *p.get_ref());
        if *raw.deals.get_ref() == 0 {
            return Err(at.err(Some(raw.deals.span()), "field `deals` must be at least 1"));
        }
        if *raw.deals.get_ref() >= 1 << 63 {
            // As `simulate --games`: deal numbers and counts stay in i64 and in the shard sums.
            return Err(at.err(Some(raw.deals.span()), "field `deals` must be below 2^63"));
        }
        let allowed = super::games::statistics(game, raw.matches);
        for s in raw.statistics.get_ref() {
            if !allowed.contains(&s.as_str()) {
                return Err(at.err(Some(raw.statistics.span()), format!("field `statistics`: `{s}` is not a statistic of {game}{}; expected one of: {}", if raw.matches { " matches" } else { " hands" }, allowed.join(", "))));
            }
        }
        if raw.statistics.get_ref().is_empty() {
            return Err(at.err(
                Some(raw.statistics.span()),
                format!(
                    "field `statistics` names none; expected some of: {}",
                    allowed.join(", ")
                ),
            ));
        }
        let options = raw
            .options
            .as_ref()
            .map(|o| o.get_ref().clone())
            .unwrap_or_default();
        // The table first (player count and options), so that arm errors are about arms.
        super::games::check(game, players, &options, &[]).map_err(|m| {
            let span = if m.contains("option") {
                raw.options.as_ref().map(|o| o.span())
            } else {
                None
            };
            at.err(span.or(raw.players.as_ref().map(|p| p.span())), m)
        })?;
        let bots = named_bots(&at, &raw)?;
        if raw.arm.is_empty() {
            return Err(at.err(None, "no `[[arm]]`: an experiment needs at least one arm"));
        }
        let mut arms = Vec::new();
        let mut names = BTreeSet::new();
        for a in &raw.arm {
            let n = a.name.get_ref().clone();
            if !names.insert(n.clone()) {
                return Err(at.err(Some(a.name.span()), format!("arm `{n}` is named twice")));
            }
            let text = match a.seats.get_ref() {
                Seats::One(s) => s.clone(),
                Seats::Each(v) => v.join(";"),
            };
            let seats = parse_seating_with(&text, players, &bots).map_err(|e| {
                at.err(
                    Some(a.seats.span()),
                    format!("arm `{n}`, field `seats`: {e}"),
                )
            })?;
            let subject: Vec<Seat> = match &a.subject {
                None => vec![Seat(0)],
                Some(s) => {
                    if s.get_ref().is_empty() || s.get_ref().iter().any(|&x| x as usize >= players)
                    {
                        return Err(at.err(
                            Some(s.span()),
                            format!(
                                "arm `{n}`, field `subject`: seats must be between 0 and {}",
                                players - 1
                            ),
                        ));
                    }
                    s.get_ref().iter().map(|&x| Seat(x)).collect()
                }
            };
            arms.push(Arm {
                name: n,
                seats,
                subject,
            });
        }
        super::games::check(game, players, &options, &arms).map_err(|m| {
            let span = raw
                .arm
                .iter()
                .find(|a| m.contains(&format!("`{}`", a.name.get_ref())))
                .map(|a| a.seats.span());
            at.err(span, m)
        })?;
        let arm_index = |which: &str, name: &str, span: Option<std::ops::Range<usize>>| {
            arms.iter().position(|a| a.name == name).ok_or_else(|| {
                let names: Vec<&str> = arms.iter().map(|a| a.name.as_str()).collect();
                at.err(
                    span,
                    format!(
                        "field `{which}`: no arm is named `{name}`; arms: {}",
                        names.join(", ")
                    ),
                )
            })
        };
        let known_statistic = |what: &str, stat: &str, span: Option<std::ops::Range<usize>>| {
            if raw.statistics.get_ref().iter().any(|s| s == stat) {
                Ok(())
            } else {
                Err(at.err(span, format!("[{what}] field `statistic`: `{stat}` is not among the experiment's statistics ({})", raw.statistics.get_ref().join(", "))))
            }
        };
        let band = |what: &str, eps: f64, span: Option<std::ops::Range<usize>>| {
            if eps >= 0.0 && eps.is_finite() {
                Ok(())
            } else {
                Err(at.err(
                    span,
                    format!("[{what}] field `epsilon` must be a number of at least 0"),
                ))
            }
        };
        let mut hypotheses = Vec::new();
        if let Some(h) = &raw.hypothesis {
            let span = Some(h.span());
            for hr in h.get_ref().items() {
                let tip = arm_index("tip", &hr.tip, span.clone())?;
                let control = arm_index("control", &hr.control, span.clone())?;
                if tip == control {
                    return Err(at.err(span, "[hypothesis] compares an arm with itself"));
                }
                known_statistic("hypothesis", &hr.statistic, span.clone())?;
                band("hypothesis", hr.epsilon, span.clone())?;
                let with = match (&hr.with, hr.combine) {
                    (None, None) => None,
                    (Some([a, b]), Some(c)) => Some((
                        arm_index("with", a, span.clone())?,
                        arm_index("with", b, span.clone())?,
                        c,
                    )),
                    _ => {
                        return Err(at.err(
                            span,
                            "[hypothesis] fields `with` and `combine` go together: with = [\"a\", \"b\"], combine = \"average\" or \"interaction\"",
                        ));
                    }
                };
                if let Some(p) = &hr.population {
                    known_statistic("hypothesis", p, span.clone())?;
                }
                if hr.primary && raw.family.is_none() {
                    return Err(at.err(
                        span,
                        "[hypothesis] `primary = true` needs a top-level `family = \"…\"` it belongs to",
                    ));
                }
                hypotheses.push(Hypothesis {
                    tip,
                    control,
                    statistic: hr.statistic.clone(),
                    direction: hr.direction,
                    epsilon: hr.epsilon,
                    primary: hr.primary,
                    label: hr.label.clone(),
                    with,
                    population: hr.population.clone(),
                });
            }
        }
        let mut claims = Vec::new();
        if let Some(c) = &raw.claim {
            let span = Some(c.span());
            for cr in c.get_ref().items() {
                let arm = arm_index("arm", &cr.arm, span.clone())?;
                known_statistic("claim", &cr.statistic, span.clone())?;
                band("claim", cr.epsilon, span.clone())?;
                if !cr.threshold.is_finite() {
                    return Err(at.err(span, "[claim] field `threshold` must be a number"));
                }
                claims.push(Claim {
                    arm,
                    statistic: cr.statistic.clone(),
                    direction: cr.direction,
                    threshold: cr.threshold,
                    epsilon: cr.epsilon,
                });
            }
        }
        let agreement = match &raw.agreement {
            None => None,
            Some(a) => {
                let span = Some(a.span());
                let ar = a.get_ref();
                let tip = arm_index("tip", &ar.tip, span.clone())?;
                let control = arm_index("control", &ar.control, span.clone())?;
                let spec = |what: &str, t: &str| {
                    let specs = parse_specs_with(t, &bots).map_err(|e| {
                        at.err(span.clone(), format!("[agreement] field `{what}`: {e}"))
                    })?;
                    match <[AgentSpec; 1]>::try_from(specs) {
                        Ok([one]) => Ok(one),
                        Err(_) => Err(at.err(
                            span.clone(),
                            format!("[agreement] field `{what}`: `{t}` names more than one agent; expected one"),
                        )),
                    }
                };
                let play = spec("play", &ar.play)?;
                let searchers = ar
                    .searchers
                    .iter()
                    .map(|t| spec("searchers", t))
                    .collect::<Result<Vec<_>, _>>()?;
                if let Some(s) = searchers
                    .iter()
                    .find(|s| !matches!(s, AgentSpec::Ismcts(_) | AgentSpec::Pimc(_)))
                {
                    return Err(at.err(
                        span,
                        format!("[agreement] field `searchers`: `{s}` is not a search agent: a searcher must value every action; expected ismcts or pimc (an external bot may be the tip, the control or `play`)"),
                    ));
                }
                if searchers.is_empty() || ar.positions == 0 {
                    return Err(at.err(
                        span,
                        "[agreement] needs at least one searcher and one position",
                    ));
                }
                let probe: Vec<Arm> = std::iter::once(&play)
                    .chain(&searchers)
                    .map(|s| Arm {
                        name: "agreement".into(),
                        seats: vec![s.clone(); arms[0].seats.len()],
                        subject: vec![Seat(0)],
                    })
                    .collect();
                super::games::check(game, players, &options, &probe)
                    .map_err(|m| at.err(span.clone(), format!("[agreement]: {m}")))?;
                let (t, c) = (&arms[tip].seats, &arms[control].seats);
                let subject = arms[tip].subject[0];
                let seat = if t[subject.index()] != c[subject.index()] {
                    subject
                } else {
                    let Some(s) = (0..t.len()).find(|&s| t[s] != c[s]) else {
                        return Err(at.err(
                            span,
                            format!("[agreement]: the tip arm `{}` and the control arm `{}` seat the same agents, so they never act differently; expected arms that differ in at least one seat", ar.tip, ar.control),
                        ));
                    };
                    Seat(s as u8)
                };
                Some(Agreement {
                    tip,
                    control,
                    seat,
                    play,
                    searchers,
                    positions: ar.positions,
                })
            }
        };
        let edition = match &raw.edition {
            None => DEFAULT_EDITION,
            Some(e) if [1, 2, 3].contains(e.get_ref()) => *e.get_ref(),
            Some(e) => {
                return Err(at.err(
                    Some(e.span()),
                    format!("field `edition`: {} is not an edition; expected 1 (RULES.md §5.0), 2 (§5.4) or 3 (§5.5)", e.get_ref()),
                ));
            }
        };
        if raw.family.is_some() && edition < 2 {
            return Err(at.err(
                raw.edition.as_ref().map(|e| e.span()),
                "field `family` needs edition 2 or 3 (the first edition has no family)",
            ));
        }
        Ok(Experiment {
            name,
            game,
            players,
            seed: raw.seed,
            deals: *raw.deals.get_ref(),
            matches: raw.matches,
            duplicate: raw.duplicate,
            statistics: raw.statistics.get_ref().clone(),
            options,
            arms,
            hypotheses,
            claims,
            max_hands: raw.max_hands.unwrap_or(10_000),
            hand_rows: raw.hand_rows,
            agreement,
            source: text.to_string(),
            edition,
            family: raw.family.clone(),
            field: raw.field.clone(),
            book: None,
        })
    }
}

/// The `[bots]` table: each bot's external spec under its name, checked like an
/// `external:` spec; a name must not be an agent's.
fn named_bots(at: &Lines<'_>, raw: &RawConfig) -> Result<NamedBots, ConfigError> {
    let mut bots = NamedBots::new();
    for (name, bot) in raw.bots.iter().flatten() {
        let span = Some(bot.span());
        let b = bot.get_ref();
        if AGENT_NAMES.contains(&name.as_str()) {
            return Err(at.err(
                span,
                format!(
                    "[bots.{name}]: `{name}` is an agent's name; name the bot otherwise (agents: {})",
                    AGENT_NAMES.join(", ")
                ),
            ));
        }
        let numbers = [
            ("budget_ms", b.budget_ms.map(|v| v.to_string())),
            ("iterations", b.iterations.map(|v| v.to_string())),
            ("nodes", b.nodes.map(|v| v.to_string())),
            ("ponder", b.ponder.map(|v| v.to_string())),
        ];
        let options: Vec<(String, String)> = b
            .options
            .iter()
            .flatten()
            .map(|(k, v)| {
                let value = match v {
                    toml::Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                (format!("opt.{k}"), value)
            })
            .collect();
        let mut fields = vec![("name", name.as_str()), ("cmd", b.cmd.as_str())];
        fields.extend(
            numbers
                .iter()
                .filter_map(|(k, v)| v.as_deref().map(|v| (*k, v))),
        );
        fields.extend(b.clock.as_deref().map(|v| ("clock", v)));
        fields.extend(b.on_fault.as_deref().map(|v| ("on_fault", v)));
        fields.extend(b.log.as_deref().map(|v| ("log", v)));
        fields.extend(options.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        let spec = ExternalSpec::from_fields(&fields).map_err(|(key, value, allowed)| {
            let message = match key {
                "name" => format!(
                    "[bots.{name}]: a bot's name must be {allowed} (it names the bot in seatings and reports)"
                ),
                _ => format!(
                    "[bots.{name}] field `{key}`: `{}` is not allowed; expected {allowed}",
                    value.unwrap_or("")
                ),
            };
            at.err(span.clone(), message)
        })?;
        bots.insert(name.clone(), spec);
    }
    Ok(bots)
}
