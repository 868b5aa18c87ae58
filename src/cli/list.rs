//! `tricklab list`: what the tool knows, one line each, so that agents, switches, options,
//! statistics and games can be found without reading error messages.

use clap::{Args, ValueEnum};

use crate::agents::listing::{agent_lines, switch_lines};
use crate::games::registry::listing::{game_lines, option_lines, statistic_lines};

/// Arguments of `tricklab list`.
#[derive(Debug, Args)]
pub struct ListArgs {
    /// What to list.
    #[arg(value_enum)]
    pub what: What,
}

/// The lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum What {
    /// Agent names for `--agents` and configs.
    Agents,
    /// Switches of the rule-based player (`rules:switch,…`), per game.
    Switches,
    /// Rule options (`--option`, a config's `[options]`) with their defaults, per game.
    Options,
    /// Statistics for configs, per game, for hands and for matches.
    Statistics,
    /// The games.
    Games,
}

/// The lines of `what`.
pub fn lines(what: What) -> Vec<String> {
    match what {
        What::Agents => agent_lines(),
        What::Switches => switch_lines(),
        What::Options => option_lines(),
        What::Statistics => statistic_lines(),
        What::Games => game_lines(),
    }
}

/// Runs `tricklab list`.
pub fn run(args: ListArgs) -> anyhow::Result<()> {
    let mut text = lines(args.what).join("\n");
    text.push('\n');
    crate::report::output::write_stdout(text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_list_has_lines() {
        for what in What::value_variants() {
            assert!(!lines(*what).is_empty(), "{what:?}");
        }
    }
}
