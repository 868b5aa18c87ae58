//! The agents a seating may name and the baseline agent's switches, one line each, as
//! `tricklab list agents` and `tricklab list switches` print them.

use super::baseline::{CatchTheTenSwitch, NineFiveTwoSwitch, Switch, WhistSwitch};

/// One line per agent: its spec's shape and what it is.
pub fn agent_lines() -> Vec<String> {
    [
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
            "  infer=rules|dd|random|flat|model[:PATH][,noise=P,temp=X,pool=N,ess=N,pool_max=N,seats=all|opponents,trust=P,sample=uniform|model]",
            "(pimc, ismcts, alphamu) worlds weighed by the other seats' plays, or by a learned card-location model",
        ),
        (
            "oracle",
            "double-dummy play on the true deal (cheats: sees every card)",
        ),
        (
            "oracle:iterations=N",
            "Monte Carlo tree search on the true deal, every decision (cheats: sees every card)",
        ),
    ]
    .iter()
    .map(|(n, about)| format!("{n}  {about}"))
    .collect()
}

/// One line per switch of the baseline agent, per game: `game name  what it does`.
pub fn switch_lines() -> Vec<String> {
    let mut v = switches::<CatchTheTenSwitch>();
    v.extend(switches::<NineFiveTwoSwitch>());
    v.extend(switches::<WhistSwitch>());
    v
}

/// One line per switch of the game of `S`: `game name  what it does`.
fn switches<S: Switch>() -> Vec<String> {
    S::ALL
        .iter()
        .map(|s| format!("{} {}  {}", S::GAME, s.name(), s.about()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;

    #[test]
    fn every_listed_switch_is_accepted_as_listed() {
        assert!(!agent_lines().is_empty());
        for line in switch_lines() {
            let (game, rest) = line.split_once(' ').unwrap();
            let (switch, about) = rest.split_once("  ").unwrap();
            assert!(!about.trim().is_empty() && !about.contains('\n'), "{line}");
            let spec: crate::agents::AgentSpec = format!("rules:{switch}").parse().unwrap();
            let kind: GameKind = game.parse().unwrap();
            let ok = kind.check_agent(&spec).is_ok();
            assert!(ok, "{line}");
        }
    }
}
