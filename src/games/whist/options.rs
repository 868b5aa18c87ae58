//! The named options of Whist (RULES.md §3.3–3.4) and the checked table they make.

use serde::{Deserialize, Serialize};

use crate::games::{RulesError, Sides};

/// The points that win the game unless the option `target` says otherwise.
pub const DEFAULT_TARGET: u32 = 5;

/// The named options of Whist; every option is off (or 5 for `target`) by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// Honours score: the A, K, Q and J of trumps as dealt, all four in one side's two hands
    /// for 4 points, exactly three for 2 (§3.3).
    pub honours: bool,
    /// The points that win the game: 5 or 7 (§3.4).
    pub target: u32,
    /// The turned card lies face up until the dealer plays to trick 1, instead of being taken
    /// into hand before the opening lead (§3.1).
    pub turnup_until_first_play: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            honours: false,
            target: DEFAULT_TARGET,
            turnup_until_first_play: false,
        }
    }
}

/// A checked Whist table: four players in two partnerships, {0, 2} against {1, 3}, and the
/// options in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    options: Options,
}

impl Setup {
    /// The number of players: Whist is always four.
    pub const PLAYERS: usize = 4;

    /// Checks `options` against the player count and builds the table.
    ///
    /// # Errors
    /// A player count other than 4, or a `target` other than 5 or 7.
    pub fn new(players: usize, options: Options) -> Result<Setup, RulesError> {
        if players != Setup::PLAYERS {
            return Err(RulesError::Players {
                game: Setup::KIND,
                players,
                allowed: "4",
            });
        }
        if !matches!(options.target, 5 | 7) {
            return Err(RulesError::Option(format!(
                "option `target` for whist must be 5 or 7, not {}",
                options.target
            )));
        }
        Ok(Setup { options })
    }

    /// The partnerships: seat `i` is on side `i mod 2`.
    #[inline]
    pub const fn sides(&self) -> Sides {
        Sides::every(Setup::PLAYERS, 2)
    }

    /// The options.
    #[inline]
    pub const fn options(&self) -> &Options {
        &self.options
    }

    /// The points that win the game.
    #[inline]
    pub const fn target(&self) -> i32 {
        self.options.target as i32
    }
}

impl Default for Setup {
    /// The default game: to 5, no honours, the turned card taken up before the lead.
    fn default() -> Setup {
        Setup {
            options: Options::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_four_players_and_targets_five_or_seven() {
        assert!(Setup::new(4, Options::default()).is_ok());
        let seven = Options {
            target: 7,
            ..Options::default()
        };
        assert_eq!(Setup::new(4, seven).unwrap().target(), 7);
        assert_eq!(
            Setup::new(3, Options::default()).unwrap_err().to_string(),
            "whist is played by 4 players, not 3"
        );
        let six = Options {
            target: 6,
            ..Options::default()
        };
        assert_eq!(
            Setup::new(4, six).unwrap_err().to_string(),
            "option `target` for whist must be 5 or 7, not 6"
        );
    }

    #[test]
    fn options_read_with_defaults_and_refuse_unknown_keys() {
        let o: Options = toml::from_str("honours = true").unwrap();
        assert_eq!((o.honours, o.target), (true, 5));
        assert!(toml::from_str::<Options>("pairs = true").is_err());
    }
}
