//! The games an experiment can run, as one dispatcher for validation.

use crate::agents::{AgentFactory, build_agent};
use crate::games::GameKind;
use crate::games::catch_the_ten;
use crate::games::nine_five_two;
use crate::games::record::RecordRules;
use crate::games::whist;

use super::config::{Arm, ConfigCheck};
use super::measure::{Measured, statistics_of};

/// Validation for every game tricklab plays.
pub struct AllGames;

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

fn check<R: Measured>(players: usize, options: &toml::Table, arms: &[Arm]) -> Result<(), String>
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

impl ConfigCheck for AllGames {
    fn default_players(game: GameKind) -> usize {
        match game {
            GameKind::NineFiveTwo => 3,
            _ => 4,
        }
    }

    fn statistics(game: GameKind, matches: bool) -> Vec<&'static str> {
        let defs = match game {
            GameKind::CatchTheTen => statistics_of::<catch_the_ten::Setup>(matches),
            GameKind::NineFiveTwo => statistics_of::<nine_five_two::Rules>(matches),
            GameKind::Whist => statistics_of::<whist::Setup>(matches),
        };
        defs.iter().map(|d| d.name).collect()
    }

    fn check(
        game: GameKind,
        players: usize,
        options: &toml::Table,
        arms: &[Arm],
    ) -> Result<(), String> {
        match game {
            GameKind::CatchTheTen => check::<catch_the_ten::Setup>(players, options, arms),
            GameKind::NineFiveTwo => check::<nine_five_two::Rules>(players, options, arms),
            GameKind::Whist => check::<whist::Setup>(players, options, arms),
        }
    }
}
