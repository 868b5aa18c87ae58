//! `tricklab list`: what the tool knows, one line each, so that agents, switches, options,
//! statistics and games can be found without reading error messages.

use clap::{Args, ValueEnum};

use crate::agents::rules::{CatchTheTenSwitch, NineFiveTwoSwitch, Switch, WhistSwitch};
use crate::experiment::statistics_of;
use crate::games::record::RecordRules;
use crate::games::{GAMES, GameKind};

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
        What::Agents => [
            ("random", "uniform over the legal actions"),
            (
                "rules[:switch,…]",
                "the baseline rule-based player with beginner tips switched on",
            ),
            (
                "ismcts[:iterations=N,c=X,rollout=…,reward=…,threads=N,nodes=N,time_ms=N]",
                "Information Set Monte Carlo Tree Search",
            ),
            (
                "pimc[:worlds=N,tt=BITS]",
                "perfect-information Monte Carlo, worlds solved double-dummy",
            ),
            (
                "oracle",
                "double-dummy play on the true deal (cheats: sees every card)",
            ),
        ]
        .iter()
        .map(|(n, about)| format!("{n}  {about}"))
        .collect(),
        What::Switches => {
            let mut v = switches::<CatchTheTenSwitch>();
            v.extend(switches::<NineFiveTwoSwitch>());
            v.extend(switches::<WhistSwitch>());
            v
        }
        What::Options => {
            let mut v = Vec::new();
            for game in GAMES {
                crate::with_game!(game, R => v.extend(options::<R>(game)));
            }
            v
        }
        What::Statistics => {
            let mut v = Vec::new();
            for matches in [false, true] {
                let unit = if matches { "matches" } else { "hands" };
                for game in GAMES {
                    let defs = crate::with_game!(game, R => statistics_of::<R>(matches));
                    v.extend(
                        defs.iter()
                            .map(|d| format!("{game} {unit} {}  {}", d.name, d.about)),
                    );
                }
            }
            v
        }
        What::Games => GAMES
            .iter()
            .map(|g| format!("{g}  {}", g.about()))
            .collect(),
    }
}

fn switches<S: Switch>() -> Vec<String> {
    S::ALL
        .iter()
        .map(|s| format!("{} {}", S::GAME, s.name()))
        .collect()
}

/// The options of the game `R` with their defaults, as `game key=value` lines.
fn options<R: RecordRules>(game: GameKind) -> Vec<String> {
    let table = toml::Table::try_from(R::Options::default()).unwrap_or_default();
    table
        .iter()
        .map(|(k, v)| format!("{game} {k}={}", v.to_string().trim_matches('"')))
        .collect()
}

/// Runs `tricklab list`.
pub fn run(args: ListArgs) -> anyhow::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    for line in lines(args.what) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_list_has_lines_that_parse_back() {
        for what in What::value_variants() {
            assert!(!lines(*what).is_empty(), "{what:?}");
        }
        // Every listed switch and option is accepted as listed.
        for line in lines(What::Switches) {
            let (game, switch) = line.split_once(' ').unwrap();
            let spec: crate::agents::AgentSpec = format!("rules:{switch}").parse().unwrap();
            let kind: GameKind = game.parse().unwrap();
            let ok = crate::with_game!(kind, R => {
                crate::agents::build_agent::<<R as crate::games::matches::MatchRules>::Hand>(&spec).is_ok()
            });
            assert!(ok, "{line}");
        }
        assert!(lines(What::Games).iter().any(|l| l.starts_with("whist ")));
        assert!(
            lines(What::Options)
                .iter()
                .any(|l| l.starts_with("catch-the-ten allow_revokes=false"))
        );
    }
}
