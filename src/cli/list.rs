//! `tricklab list`: what the tool knows, one line each, so that agents, switches, options,
//! statistics and games can be found without reading error messages.

use clap::{Args, ValueEnum};

use crate::agents::baseline::{CatchTheTenSwitch, NineFiveTwoSwitch, Switch, WhistSwitch};
use crate::games::GameKind;

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
                "ismcts[:iterations=N,c=X,rollout=…,reward=…,threads=N,nodes=N,time_ms=N,infer=…]",
                "Information Set Monte Carlo Tree Search",
            ),
            (
                "pimc[:worlds=N,tt=BITS,threads=N,infer=…]",
                "perfect-information Monte Carlo, worlds solved double-dummy",
            ),
            (
                "alphamu[:m=N,worlds=N,goal=mean|target,front=N,late=N]",
                "αμ: PIMC without strategy fusion, m of its own moves searched over the worlds",
            ),
            (
                "  infer=rules|dd|random|flat[,noise=P,temp=X,pool=N]",
                "(pimc, ismcts) worlds weighed by the other seats' plays (policy-based inference)",
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
            for game in GameKind::all() {
                v.extend(options(game));
            }
            v
        }
        What::Statistics => {
            let mut v = Vec::new();
            for matches in [false, true] {
                let unit = if matches { "matches" } else { "hands" };
                for game in GameKind::all() {
                    let defs = game.statistics(matches);
                    v.extend(
                        defs.iter()
                            .map(|d| format!("{game} {unit} {}  {}", d.name, d.about)),
                    );
                }
            }
            v
        }
        What::Games => GameKind::all()
            .iter()
            .map(|g| format!("{g}  {}", g.about()))
            .collect(),
    }
}

/// One line per switch of the game of `S`: `game name  what it does`.
fn switches<S: Switch>() -> Vec<String> {
    S::ALL
        .iter()
        .map(|s| format!("{} {}  {}", S::GAME, s.name(), s.about()))
        .collect()
}

/// One line per option of `game`, in name order: `game name=default`, or for an option unset
/// by default `game name=(unset)  what it takes`.
fn options(game: GameKind) -> Vec<String> {
    let table = game.option_defaults();
    let mut lines: Vec<(&str, String)> = table
        .iter()
        .map(|(k, v)| {
            (
                k.as_str(),
                format!("{game} {k}={}", v.to_string().trim_matches('"')),
            )
        })
        .collect();
    lines.extend(
        game.facts()
            .unset_options
            .iter()
            .filter(|u| !table.contains_key(u.0))
            .map(|&(name, takes)| (name, format!("{game} {name}=(unset)  {takes}"))),
    );
    lines.sort_by(|a, b| a.0.cmp(b.0));
    lines.into_iter().map(|l| l.1).collect()
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
    fn every_list_has_lines_that_parse_back() {
        for what in What::value_variants() {
            assert!(!lines(*what).is_empty(), "{what:?}");
        }
        // Every listed switch and option is accepted as listed.
        for line in lines(What::Switches) {
            let (game, rest) = line.split_once(' ').unwrap();
            let (switch, about) = rest.split_once("  ").unwrap();
            assert!(!about.trim().is_empty() && !about.contains('\n'), "{line}");
            let spec: crate::agents::AgentSpec = format!("rules:{switch}").parse().unwrap();
            let kind: GameKind = game.parse().unwrap();
            let ok = kind.check_agent(&spec).is_ok();
            assert!(ok, "{line}");
        }
        assert!(lines(What::Games).iter().any(|l| l.starts_with("whist ")));
        assert!(
            lines(What::Options)
                .iter()
                .any(|l| l.starts_with("catch-the-ten allow_revokes=false"))
        );
    }

    #[test]
    fn options_unset_by_default_are_listed_with_every_other_option() {
        use crate::games::{catch_the_ten, nine_five_two};
        let listed = lines(What::Options);
        let names = |game: GameKind| -> Vec<String> {
            let mut v: Vec<String> = listed
                .iter()
                .filter_map(|l| l.strip_prefix(&format!("{game} ")))
                .map(|l| l.split('=').next().unwrap().to_string())
                .collect();
            v.sort();
            v
        };
        for game in GameKind::all() {
            let mut accepted = game.option_names();
            // `keep_6s` is an alias of `keep_6S`.
            accepted.retain(|n| n != "keep_6s");
            accepted.sort();
            assert_eq!(names(game), accepted, "{game}");
        }
        assert!(listed.contains(
            &"catch-the-ten revoke_penalty=(unset)  LoseGame or LoseHandPoints, only with allow_revokes; unset means LoseGame".to_string()
        ));
        assert!(
            listed
                .iter()
                .any(|l| l.starts_with("nine-five-two end=(unset)  FirstTo(10)"))
        );
        // What the lines say is taken is taken.
        let ct: catch_the_ten::Options = crate::cli::parse_options(
            "catch-the-ten",
            &["allow_revokes,revoke_penalty=LoseHandPoints".to_string()],
        )
        .unwrap();
        assert!(catch_the_ten::Setup::new(4, ct).is_ok());
        for end in ["FirstTo(10)", "FirstTo(20)", "FixedHands(3)"] {
            let o: nine_five_two::Options =
                crate::cli::parse_options("nine-five-two", &[format!("end={end}")]).unwrap();
            assert!(o.end.is_some(), "{end}");
        }
    }
}
