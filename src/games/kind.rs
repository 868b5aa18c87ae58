//! The game registry: the one place that maps a game's name to its types, and the error for
//! rules that do not fit together.
//!
//! Code above the games never matches on [`GameKind`]: it hands a generic function to
//! [`with_game!`](crate::with_game), which calls it with the game's configuration type (the
//! type that implements [`RecordRules`](super::record::RecordRules): `catch_the_ten::Setup`,
//! `nine_five_two::Setup`, `whist::Setup`). Everything else a caller needs (the hand type, the
//! options, statistics, agents) hangs off that type's traits.
//!
//! # Adding a fourth game
//!
//! 1. Write the game in its own folder under `src/games/` with a configuration type that
//!    implements `RecordRules` (and so `MatchRules`), plus whatever the layers above ask of it
//!    through their traits (`Measured` for experiments, `AgentFactory` for agents, `Solvable`
//!    for the solver, `Observable` for worlds).
//! 2. Here: add a variant to [`GameKind`], to [`GameKind::ALL`], its name in
//!    [`GameKind::name`] and [`FromStr`], its line in [`GameKind::about`], its default player
//!    count in [`GameKind::default_players`], its solver table in [`GameKind::open_table`], the
//!    `KIND` constant of its configuration type, and one arm in [`with_game!`](crate::with_game).
//!
//! Nothing else changes: every command (`simulate`, `run`, `tournament`, `agree`, `replay`,
//! `worlds`, `analyze`, `solve`), config validation and the conformance suite
//! (`tests/conformance_registry.rs`) reach the new game through [`with_game!`](crate::with_game).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::TrumpOrder;

/// The games tricklab plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameKind {
    /// Catch the Ten (Scotch Whist), 2–8 players (RULES.md §1).
    CatchTheTen,
    /// 9-5-2 (Sergeant Major), 3 players (RULES.md §2).
    NineFiveTwo,
    /// Whist, 4 players (RULES.md §3).
    Whist,
}

impl GameKind {
    /// Every game.
    pub const ALL: [GameKind; 3] = [
        GameKind::CatchTheTen,
        GameKind::NineFiveTwo,
        GameKind::Whist,
    ];

    /// The player count when none is given.
    pub const fn default_players(self) -> usize {
        match self {
            GameKind::CatchTheTen => 4,
            GameKind::NineFiveTwo => super::nine_five_two::PLAYERS,
            GameKind::Whist => super::whist::Setup::PLAYERS,
        }
    }

    /// How the game is solved with every card open (`tricklab solve`).
    pub const fn open_table(self) -> OpenTable {
        match self {
            GameKind::CatchTheTen => OpenTable {
                order: TrumpOrder::JACK_HIGH,
                counts_honours: true,
                no_trump: false,
                table_options: true,
            },
            GameKind::NineFiveTwo | GameKind::Whist => OpenTable {
                order: TrumpOrder::ACES_HIGH,
                counts_honours: false,
                no_trump: true,
                table_options: false,
            },
        }
    }

    /// The game in a line, for `tricklab list games`.
    pub const fn about(self) -> &'static str {
        match self {
            GameKind::CatchTheTen => "Catch the Ten (Scotch Whist), 2 to 8 players, 4 by default",
            GameKind::NineFiveTwo => "9-5-2 (Sergeant Major), 3 players",
            GameKind::Whist => "Whist, 4 players in two partnerships",
        }
    }

    /// The name used on the command line, in configs and in records.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::CatchTheTen => "catch-the-ten",
            GameKind::NineFiveTwo => "nine-five-two",
            GameKind::Whist => "whist",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = RulesError;

    fn from_str(s: &str) -> Result<GameKind, RulesError> {
        match s.to_ascii_lowercase().replace('_', "-").as_str() {
            "catch-the-ten" | "scotch-whist" => Ok(GameKind::CatchTheTen),
            "nine-five-two" | "9-5-2" | "sergeant-major" => Ok(GameKind::NineFiveTwo),
            "whist" => Ok(GameKind::Whist),
            _ => Err(RulesError::UnknownGame(s.to_string())),
        }
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

/// Evaluates an expression once per game, with a type name bound to the game's configuration
/// type (its [`RecordRules`](crate::games::record::RecordRules) implementor), and runs the arm
/// of `kind`:
///
/// ```
/// use tricklab::experiment::rules_from_table;
/// use tricklab::games::{GameKind, record::RecordRules};
/// fn seats<R: RecordRules>(kind: GameKind) -> usize {
///     rules_from_table::<R>(kind.default_players(), &toml::Table::new()).map_or(0, |r| r.players())
/// }
/// let kind: GameKind = "9-5-2".parse().unwrap();
/// assert_eq!(tricklab::with_game!(kind, R => seats::<R>(kind)), 3);
/// ```
///
/// This macro is the game registry's dispatch: no other code matches on [`GameKind`].
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $R:ident => $body:expr) => {
        match $kind {
            $crate::games::GameKind::CatchTheTen => {
                type $R = $crate::games::catch_the_ten::Setup;
                $body
            }
            $crate::games::GameKind::NineFiveTwo => {
                type $R = $crate::games::nine_five_two::Setup;
                $body
            }
            $crate::games::GameKind::Whist => {
                type $R = $crate::games::whist::Setup;
                $body
            }
        }
    };
}

/// Every registered game, in registry order (the same list as [`GameKind::ALL`]), for code
/// above the games that goes through each of them.
pub const GAMES: [GameKind; 3] = GameKind::ALL;

/// Each game's configuration type names its game here, so that the games themselves never
/// spell a [`GameKind`] variant (the registry is the one place that does).
impl super::catch_the_ten::Setup {
    /// The game of this configuration.
    pub const KIND: GameKind = GameKind::CatchTheTen;
}

impl super::nine_five_two::Setup {
    /// The game of this configuration.
    pub const KIND: GameKind = GameKind::NineFiveTwo;
}

impl super::whist::Setup {
    /// The game of this configuration.
    pub const KIND: GameKind = GameKind::Whist;
}

/// Rules or options that cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulesError {
    /// No such game.
    #[error("unknown game `{0}`: expected catch-the-ten, nine-five-two or whist")]
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
