//! [`LoadedGame`]: a game at a table, as OpenSpiel's `LoadGame` gives it, and the questions a
//! [`GameKind`] answers for every table.

use std::any::Any;
use std::fmt;
use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use indicatif::ProgressBar;

use crate::agents::{AgentSpec, SpecError};
use crate::cards::Deck;
use crate::experiment::{
    Arm, Batch, Experiment, FolderLock, RunEnd, RunError, RunPlan, Simulation, SimulationError,
    StatDef,
};
use crate::games::book::{BookError, DealBook};
use crate::games::{GameKind, RulesError, Sides};

use super::{Conformance, Jobs};

/// A game with its player count and options, checked: what [`load`] returns. Everything above
/// the games that plays a table asks it (see [`registry`](super)).
#[derive(Clone)]
pub struct LoadedGame {
    kind: GameKind,
    players: usize,
    sides: Sides,
    deck: Deck,
    options: toml::Table,
    rules: Arc<dyn Any + Send + Sync>,
}

impl LoadedGame {
    /// Wraps `rules`, the game's configuration type, checked by the game's engine.
    pub(super) fn new<R: Any + Send + Sync>(
        kind: GameKind,
        players: usize,
        sides: Sides,
        deck: Deck,
        options: toml::Table,
        rules: R,
    ) -> LoadedGame {
        LoadedGame {
            kind,
            players,
            sides,
            deck,
            options,
            rules: Arc::new(rules),
        }
    }

    /// The game.
    pub fn kind(&self) -> GameKind {
        self.kind
    }

    /// The game's name.
    pub fn name(&self) -> &'static str {
        self.kind.name()
    }

    /// The player count.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The seats and how they form sides.
    pub fn sides(&self) -> Sides {
        self.sides
    }

    /// The pack the game deals at this table.
    pub fn deck(&self) -> Deck {
        self.deck
    }

    /// Every option, defaults included, as a config's `[options]` table writes them.
    pub fn options(&self) -> &toml::Table {
        &self.options
    }

    /// The game's configuration, of the type its engine loaded.
    ///
    /// # Panics
    /// If `R` is not that type (a bug: only the game's own engine asks).
    pub(crate) fn rules<R: 'static>(&self) -> &R {
        self.rules
            .downcast_ref()
            .expect("a loaded game is asked only by its own engine")
    }

    /// The game's engine.
    pub(crate) fn jobs(&self) -> &'static dyn Jobs {
        self.kind.jobs()
    }

    /// Checks that every arm seats one agent per seat, each one the game can build.
    ///
    /// # Errors
    /// The first arm that does not fit, in a line.
    pub fn check_arms(&self, arms: &[Arm]) -> Result<(), String> {
        self.jobs().check_arms(self, arms)
    }

    /// The one-arm experiment of a simulation at this table (see
    /// [`simulation`](crate::experiment::simulation)).
    ///
    /// # Errors
    /// [`SimulationError`]: the experiment the flags make does not check.
    pub fn simulation(
        &self,
        seats: &[AgentSpec],
        sim: &Simulation,
    ) -> Result<Experiment, SimulationError> {
        self.jobs().simulation(self, seats, sim)
    }

    /// Runs `exp`, an experiment of this game at this table, into its folder (see
    /// [`run`](crate::experiment::run)).
    ///
    /// # Errors
    /// As [`run`](crate::experiment::run).
    pub fn run(
        &self,
        exp: &Experiment,
        plan: &RunPlan,
        lock: &FolderLock,
        stop: &AtomicBool,
        progress: Option<&ProgressBar>,
    ) -> Result<RunEnd, RunError> {
        self.jobs().run(self, exp, plan, lock, stop, progress)
    }

    /// Plays the deals `range` of `exp` in batches, handing each to `sink` (see
    /// [`play_batches`](crate::experiment::play_batches)).
    ///
    /// # Errors
    /// What `sink` returns.
    #[allow(clippy::too_many_arguments)]
    pub fn play_batches(
        &self,
        exp: &Experiment,
        range: Range<u64>,
        done: u64,
        records: crate::experiment::Records,
        stop: &AtomicBool,
        stop_after: Option<u64>,
        sink: &mut (dyn FnMut(Batch, u64) -> Result<(), RunError> + Send),
    ) -> Result<RunEnd, RunError> {
        self.jobs()
            .play_batches(self, exp, range, done, records, stop, stop_after, sink)
    }

    /// Checks that `book` deals this table's game, player count and options, holds at least
    /// `wanted` deals, and that each is a deal the game can start from.
    ///
    /// # Errors
    /// [`BookError`]: the first thing that does not fit, in a line naming the file.
    pub fn check_book(&self, book: &DealBook, wanted: u64) -> Result<(), BookError> {
        self.jobs().check_book(self, book, wanted)
    }

    /// Writes deals `0..count` of `seed` at this table (the first hands of `simulate --seed`'s
    /// games) as `tricklab-deal/1` lines, or with `pbn` as PBN boards (Whist only).
    ///
    /// # Errors
    /// PBN asked of another game than Whist ([`BookError::NotPbn`]), or writing to `out`.
    pub fn write_book(
        &self,
        seed: u64,
        count: u64,
        pbn: bool,
        out: &mut dyn std::io::Write,
    ) -> Result<(), BookError> {
        if !pbn {
            return self.jobs().write_book(self, seed, count, out);
        }
        match self.rules.downcast_ref::<crate::games::whist::Setup>() {
            Some(setup) => crate::games::pbn::write_pbn(setup, seed, count, out),
            None => Err(BookError::NotPbn(self.kind)),
        }
    }

    /// Runs the conformance suite over `matches` random matches from `seed` (see
    /// [`Conformance`]): what every registered game must satisfy.
    ///
    /// # Errors
    /// The first broken rule, in a line naming the match and decision or hand.
    pub fn conformance(&self, seed: u64, matches: u64) -> Result<Conformance, String> {
        self.jobs().conformance(self, seed, matches)
    }
}

impl fmt::Debug for LoadedGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// `catch-the-ten(players=4,pairs=true)`: the form [`load`] reads.
impl fmt::Display for LoadedGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(players={}", self.name(), self.players)?;
        for (k, v) in &self.options {
            write!(f, ",{k}={}", v.to_string().trim_matches('"'))?;
        }
        f.write_str(")")
    }
}

impl GameKind {
    /// The game's engine.
    pub(crate) fn jobs(self) -> &'static dyn Jobs {
        self.entry().jobs()
    }

    /// Loads the game at a table of `players` with the options of a config's table.
    ///
    /// # Errors
    /// [`RulesError::Unreadable`] for a table that does not read as the game's options, or
    /// what the game finds wrong with the player count or the options.
    pub fn load(self, players: usize, options: &toml::Table) -> Result<LoadedGame, RulesError> {
        self.jobs().load(players, options)
    }

    /// Loads the game from `--option` words (`KEY` or `KEY=VALUE`, see [`option_table`]) and
    /// a player count (`None`: the game's default).
    ///
    /// # Errors
    /// An option given twice or not read as the game's options (`bad option for GAME: …`), or
    /// what the game finds wrong with the player count or the options.
    pub fn load_words(
        self,
        players: Option<usize>,
        words: &[String],
    ) -> Result<LoadedGame, RulesError> {
        let table = option_table(words)?;
        let players = players.unwrap_or(self.default_players());
        self.load(players, &table).map_err(|e| match e {
            RulesError::Unreadable(m) => RulesError::Option(format!("bad option for {self}: {m}")),
            e => e,
        })
    }

    /// Every statistic the game reports, in single-hand or match mode.
    pub fn statistics(self, matches: bool) -> Vec<StatDef> {
        self.jobs().statistics(matches)
    }

    /// The game's options with their defaults (options unset by default are absent: see
    /// [`GameFacts::unset_options`](super::GameFacts::unset_options)).
    pub fn option_defaults(self) -> toml::Table {
        self.jobs().option_defaults()
    }

    /// The name of every option the game reads (an alias a game accepts besides is listed
    /// too, as its options type names it).
    pub fn option_names(self) -> Vec<String> {
        self.jobs().option_names()
    }

    /// Checks that the game seats the agent `spec`.
    ///
    /// # Errors
    /// Why the agent cannot be built for this game.
    pub fn check_agent(self, spec: &AgentSpec) -> Result<(), SpecError> {
        self.jobs().check_agent(spec)
    }
}

/// Reads `KEY[=VALUE]` items (also comma-separated within one item) into an option table. A
/// bare key means `true`; values `true`/`false` are booleans, whole numbers integers, anything
/// else a string (so `revoke_penalty=LoseHandPoints` or `end=FixedHands(6)`).
///
/// # Errors
/// [`RulesError::Option`] for a key given twice.
pub fn option_table(items: &[String]) -> Result<toml::Table, RulesError> {
    let mut table = toml::Table::new();
    for item in items
        .iter()
        .flat_map(|s| s.split(','))
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        let (key, value) = match item.split_once('=') {
            Some((k, v)) => (k.trim(), v.trim()),
            None => (item, "true"),
        };
        let v = match value {
            "true" => toml::Value::Boolean(true),
            "false" => toml::Value::Boolean(false),
            v => match v.parse::<i64>() {
                Ok(i) => toml::Value::Integer(i),
                Err(_) => toml::Value::String(v.to_string()),
            },
        };
        if table.insert(key.to_string(), v).is_some() {
            return Err(RulesError::Option(format!("option `{key}` is given twice")));
        }
    }
    Ok(table)
}

/// Reads `KEY[=VALUE]` items (also comma-separated within one item) into a game's options
/// struct, as [`option_table`] reads them.
///
/// # Errors
/// [`RulesError::Option`] for a key given twice, or (`bad option for GAME: …`) an unknown key
/// or a value of the wrong type.
pub fn parse_options<O: serde::de::DeserializeOwned>(
    game: &str,
    items: &[String],
) -> Result<O, RulesError> {
    toml::Value::Table(option_table(items)?)
        .try_into()
        .map_err(|e: toml::de::Error| {
            RulesError::Option(format!("bad option for {game}: {}", e.message().trim()))
        })
}

/// Loads a game as OpenSpiel's `LoadGame` does, from its name with an optional list of
/// parameters: `whist`, `catch-the-ten(players=6,pairs)`,
/// `nine-five-two(variant=Nines)`. `players=N` sets the player count (default: the game's);
/// every other item is an option word as `--option` takes it.
///
/// ```
/// let game = tricklab::load("catch-the-ten(players=6,pairs)").unwrap();
/// // Six players in pairs: three sides of two.
/// assert_eq!((game.name(), game.players(), game.sides().num_sides()), ("catch-the-ten", 6, 3));
/// assert!(tricklab::load("whist(players=3)").is_err());
/// ```
///
/// # Errors
/// [`RulesError`]: an unknown game, a list that does not close, a bad player count or option.
pub fn load(spec: &str) -> Result<LoadedGame, RulesError> {
    let spec = spec.trim();
    let (name, params) = match spec.split_once('(') {
        Some((name, rest)) => {
            let inner = rest.strip_suffix(')').ok_or_else(|| {
                RulesError::Option(format!(
                    "`{spec}`: the parameters end with `)`, as in catch-the-ten(players=6,pairs)"
                ))
            })?;
            (name.trim(), inner)
        }
        None => (spec, ""),
    };
    let kind: GameKind = name.parse()?;
    let mut players = None;
    let mut words = Vec::new();
    for item in params.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        match item.split_once('=') {
            Some((k, v)) if k.trim() == "players" => {
                let n = v.trim().parse().map_err(|_| {
                    RulesError::Option(format!(
                        "`{item}`: players is a whole number, as in players=4"
                    ))
                })?;
                if players.replace(n).is_some() {
                    return Err(RulesError::Option("option `players` is given twice".into()));
                }
            }
            _ => words.push(item.to_string()),
        }
    }
    kind.load_words(players, &words)
}
