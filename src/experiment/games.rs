//! What an experiment config needs from the games, for validation: the statistics each game
//! reports and a check of options and seatings, reached through the game registry
//! ([`with_game!`](crate::with_game)).

use crate::agents::{AgentFactory, build_agent};
use crate::games::GameKind;
use crate::games::record::RecordRules;

use super::config::Arm;
use super::measure::{Measured, statistics_of};

/// Builds the rules of `R` from a config's option table.
pub fn rules_from_table<R: RecordRules>(
    players: usize,
    options: &toml::Table,
) -> Result<R, String> {
    let opts: R::Options = toml::Value::Table(options.clone())
        .try_into()
        .map_err(|e: toml::de::Error| format!("bad option: {}", e.message().trim()))?;
    R::from_options(players, &opts).map_err(|e| e.to_string())
}

fn check_game<R: Measured>(
    players: usize,
    options: &toml::Table,
    arms: &[Arm],
) -> Result<(), String>
where
    R::Hand: AgentFactory,
{
    let rules: R = rules_from_table(players, options)?;
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
