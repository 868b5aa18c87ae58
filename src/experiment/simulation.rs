//! A simulation as a one-arm experiment: the config that `tricklab simulate` and the Python
//! binding's `simulate` build from their flags, so that both report the statistics and write
//! the columns `tricklab run` does.

use thiserror::Error;

use crate::agents::{AgentFactory, AgentSpec};

use super::config::{ConfigError, Experiment};
use super::measure::{Measured, statistics_of};

/// The name of the experiment and of its one arm in a simulation's outputs.
pub const SIMULATE: &str = "simulate";

/// What a simulation plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Simulation {
    /// The seed.
    pub seed: u64,
    /// Games: matches, or single hands with `hands`.
    pub games: u64,
    /// Single hands from a score of 0 instead of whole matches.
    pub hands: bool,
    /// Every deal played again with the agents moved round.
    pub duplicate: bool,
    /// The most hands a match may take.
    pub max_hands: u32,
    /// Write `hands.csv` rows (one per seat and hand).
    pub hand_rows: bool,
}

/// Why a simulation's config cannot be built.
#[derive(Debug, Error)]
pub enum SimulationError {
    /// A number a config cannot hold.
    #[error("{0} must be below 2^63")]
    TooLarge(&'static str),
    /// The game's options (or the config) cannot be written as TOML.
    #[error("writing the simulation's config: {0}")]
    Toml(#[from] toml::ser::Error),
    /// The config does not check (an agent the game cannot seat, say).
    #[error(transparent)]
    Config(#[from] ConfigError),
}

/// The one-arm experiment of a simulation: `seats` (one spec per seat) with seat 0 the
/// subject, every statistic of the game in its mode. Built as config text, so that `run.json`
/// holds a config `tricklab run` accepts and a resume checks that the flags are the same.
///
/// # Errors
/// A seed or game count of 2^63 or more, or a config that does not check
/// ([`SimulationError`]).
pub fn simulation<R: Measured>(
    rules: &R,
    seats: &[AgentSpec],
    sim: &Simulation,
) -> Result<Experiment, SimulationError>
where
    R::Hand: AgentFactory,
{
    let options = toml::Table::try_from(rules.options())?;
    let statistics: Vec<&str> = statistics_of::<R>(!sim.hands)
        .iter()
        .map(|d| d.name)
        .collect();
    let mut arm = toml::Table::new();
    arm.insert("name".into(), SIMULATE.into());
    let seats: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
    arm.insert("seats".into(), seats.into());
    arm.insert("subject".into(), vec![0].into());
    let mut t = toml::Table::new();
    t.insert("name".into(), SIMULATE.into());
    t.insert("game".into(), rules.game().name().into());
    t.insert("players".into(), (rules.players() as i64).into());
    let seed = i64::try_from(sim.seed).map_err(|_| SimulationError::TooLarge("seed"))?;
    t.insert("seed".into(), seed.into());
    let deals = i64::try_from(sim.games).map_err(|_| SimulationError::TooLarge("games"))?;
    t.insert("deals".into(), deals.into());
    t.insert("matches".into(), (!sim.hands).into());
    t.insert("duplicate".into(), sim.duplicate.into());
    t.insert("hand_rows".into(), sim.hand_rows.into());
    t.insert("max_hands".into(), i64::from(sim.max_hands).into());
    t.insert("statistics".into(), statistics.into());
    t.insert("options".into(), options.into());
    t.insert("arm".into(), vec![toml::Value::Table(arm)].into());
    let text = toml::to_string(&t)?;
    Ok(Experiment::parse(SIMULATE, &text)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::catch_the_ten::Setup;
    use crate::games::record::RecordRules;

    #[test]
    fn a_simulation_is_a_one_arm_experiment_with_every_statistic() {
        let rules = Setup::from_options(4, &Default::default()).unwrap();
        let sim = Simulation {
            seed: 5,
            games: 7,
            hands: true,
            duplicate: false,
            max_hands: 10,
            hand_rows: false,
        };
        let seats = vec![AgentSpec::Random; 4];
        let exp = simulation(&rules, &seats, &sim).unwrap();
        assert_eq!((exp.seed, exp.deals, exp.matches), (5, 7, false));
        assert_eq!(exp.arms.len(), 1);
        assert_eq!(exp.arms[0].name, SIMULATE);
        assert_eq!(exp.statistics.len(), statistics_of::<Setup>(false).len());
        let e = simulation(
            &rules,
            &seats,
            &Simulation {
                seed: u64::MAX,
                ..sim
            },
        )
        .unwrap_err();
        assert_eq!(e.to_string(), "seed must be below 2^63");
    }
}
