//! A game's name in the registry, [`GameKind`], and the error for rules that do not fit
//! together.
//!
//! A [`GameKind`] is a registered game without a table: it answers what holds for every
//! player count and option set (its name, players, statistics, the agents it seats, its
//! records). [`GameKind::load`] gives the [`LoadedGame`](super::LoadedGame) of one table.
//! See [`registry`](super::registry) for how a game is registered.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use super::TrumpOrder;
use super::registry::{self, GameEntry, GameFacts};

/// A registered game: a handle on its [`GameEntry`]. Two kinds are equal when their names are.
#[derive(Clone, Copy)]
pub struct GameKind(&'static GameEntry);

impl GameKind {
    /// Catch the Ten (Scotch Whist), 2–8 players (RULES.md §1).
    pub const CATCH_THE_TEN: GameKind = super::catch_the_ten::Setup::KIND;
    /// 9-5-2 (Sergeant Major), 3 players (RULES.md §2).
    pub const NINE_FIVE_TWO: GameKind = super::nine_five_two::Setup::KIND;
    /// Whist, 4 players (RULES.md §3).
    pub const WHIST: GameKind = super::whist::Setup::KIND;

    /// The games built into tricklab, in registry order.
    pub const BUILT_IN: [GameKind; 3] = [
        GameKind::CATCH_THE_TEN,
        GameKind::NINE_FIVE_TWO,
        GameKind::WHIST,
    ];

    /// The kind of a game's entry (its configuration type's `KIND` constant is made so).
    pub const fn of(entry: &'static GameEntry) -> GameKind {
        GameKind(entry)
    }

    /// Every registered game: the built-in ones, then those registered at run time
    /// ([`register`](super::register)), in the order they were registered.
    pub fn all() -> Vec<GameKind> {
        registry::all()
    }

    /// The game's entry.
    pub const fn entry(self) -> &'static GameEntry {
        self.0
    }

    /// What the game declares of itself.
    pub const fn facts(self) -> &'static GameFacts {
        self.0.facts()
    }

    /// The name used on the command line, in configs and in records.
    pub const fn name(self) -> &'static str {
        self.0.facts().name
    }

    /// The game in a line, for `tricklab list games`.
    pub const fn about(self) -> &'static str {
        self.0.facts().about
    }

    /// The player count when none is given.
    pub const fn default_players(self) -> usize {
        self.0.facts().default_players
    }

    /// How the game is solved with every card open (`tricklab solve`).
    pub const fn open_table(self) -> OpenTable {
        self.0.facts().open_table
    }
}

impl PartialEq for GameKind {
    fn eq(&self, other: &GameKind) -> bool {
        std::ptr::eq(self.0, other.0) || self.name() == other.name()
    }
}

impl Eq for GameKind {}

impl Hash for GameKind {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name().hash(state);
    }
}

impl fmt::Debug for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GameKind({})", self.name())
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = RulesError;

    /// A game by its name or one of its aliases, in any case, `_` read as `-`.
    fn from_str(s: &str) -> Result<GameKind, RulesError> {
        let wanted = s.to_ascii_lowercase().replace('_', "-");
        GameKind::all()
            .into_iter()
            .find(|k| k.name() == wanted || k.facts().aliases.contains(&wanted.as_str()))
            .ok_or_else(|| RulesError::UnknownGame(s.to_string()))
    }
}

impl Serialize for GameKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// The names of the built-in games, as a config or record must spell them.
const BUILT_IN_NAMES: [&str; 3] = ["catch-the-ten", "nine-five-two", "whist"];

impl<'de> Deserialize<'de> for GameKind {
    /// A game by its exact name (no alias), as configs and records write it.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GameKind, D::Error> {
        let name = String::deserialize(deserializer)?;
        GameKind::all()
            .into_iter()
            .find(|k| k.name() == name)
            .ok_or_else(|| serde::de::Error::unknown_variant(&name, &BUILT_IN_NAMES))
    }
}

/// What the double-dummy solver needs to know of a game beyond its sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenTable {
    /// The rank order in the trump suit.
    pub order: TrumpOrder,
    /// Whether a side scores the honours it wins (Catch the Ten) rather than tricks.
    pub counts_honours: bool,
    /// Whether a deal may be played without a trump suit.
    pub no_trump: bool,
    /// Whether the player count and options change the table (else they are fixed).
    pub table_options: bool,
}

/// The registered games' names in words: `catch-the-ten, nine-five-two or whist`.
fn known_games() -> String {
    let names: Vec<&str> = GameKind::all().iter().map(|k| k.name()).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

/// Rules or options that cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulesError {
    /// No such game.
    #[error("unknown game `{0}`: expected {known}", known = known_games())]
    UnknownGame(String),
    /// The player count does not fit the game.
    #[error("{game} is played by {allowed} players, not {players}")]
    Players {
        /// The game.
        game: GameKind,
        /// The count asked for.
        players: usize,
        /// What the game allows, in words.
        allowed: &'static str,
    },
    /// An option does not apply to this game or table, or options contradict each other.
    #[error("{0}")]
    Option(String),
    /// An option table that does not read as the game's options: an unknown key or a value
    /// of the wrong type (what the TOML reader said).
    #[error("bad option: {0}")]
    Unreadable(String),
}
