//! The list of games and the error for rules that do not fit together.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

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
}
