//! What an experiment config needs from the games, for validation: the statistics each game
//! reports and a check of options and seatings, reached through the game registry
//! ([`with_game!`](crate::with_game)).

use crate::agents::{AgentFactory, build_agent};
use crate::games::record::RecordRules;
use crate::games::{GameKind, RulesError};

use super::config::Arm;
use super::measure::{Measured, statistics_of};

/// Builds the rules of `R` from a config's option table.
///
/// # Errors
/// [`RulesError::Unreadable`] for a table that does not read as `R`'s options, or whatever
/// [`RecordRules::from_options`] finds wrong with the player count or the options.
pub fn rules_from_table<R: RecordRules>(
    players: usize,
    options: &toml::Table,
) -> Result<R, RulesError> {
    let opts: R::Options = toml::Value::Table(options.clone())
        .try_into()
        .map_err(|e: toml::de::Error| RulesError::Unreadable(e.message().trim().to_string()))?;
    R::from_options(players, &opts)
}

fn check_game<R: Measured>(
    players: usize,
    options: &toml::Table,
    arms: &[Arm],
) -> Result<(), String>
where
    R::Hand: AgentFactory,
{
    let rules: R = rules_from_table(players, options).map_err(|e| e.to_string())?;
    let seats = rules.sides().num_seats();
    for a in arms {
        if a.seats.len() != seats {
            return Err(format!(
                "arm `{}` seats {} agents at a table of {seats}",
                a.name,
                a.seats.len()
            ));
        }
        for s in &a.seats {
            build_agent::<R::Hand>(s).map_err(|e| format!("arm `{}`: {e}", a.name))?;
            crate::agents::inference::check_table(s, rules.game(), seats)
                .map_err(|e| format!("arm `{}`: {e}", a.name))?;
        }
    }
    Ok(())
}

/// The statistics `game` can report, in single-hand or match mode.
pub(super) fn statistics(game: GameKind, matches: bool) -> Vec<&'static str> {
    crate::with_game!(game, R => statistics_of::<R>(matches))
        .iter()
        .map(|d| d.name)
        .collect()
}

/// Checks the options for the table, and that every agent of `arms` can be built.
pub(super) fn check(
    game: GameKind,
    players: usize,
    options: &toml::Table,
    arms: &[Arm],
) -> Result<(), String> {
    crate::with_game!(game, R => check_game::<R>(players, options, arms))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::whist;

    #[test]
    fn an_unreadable_option_table_is_named_in_one_line() {
        let options: toml::Table = toml::from_str("no_such_option = 3").unwrap();
        let e = rules_from_table::<whist::Setup>(4, &options).unwrap_err();
        assert!(matches!(e, RulesError::Unreadable(_)), "{e:?}");
        let message = e.to_string();
        assert!(message.starts_with("bad option: "), "{message}");
        assert!(message.contains("no_such_option"), "{message}");
        assert!(!message.contains('\n'), "{message}");
    }

    #[test]
    fn a_player_count_the_game_does_not_allow_is_a_rules_error() {
        let e = rules_from_table::<whist::Setup>(3, &toml::Table::new()).unwrap_err();
        assert!(matches!(e, RulesError::Players { players: 3, .. }), "{e:?}");
        assert_eq!(e.to_string(), "whist is played by 4 players, not 3");
    }
}
