//! A tournament's config as the command asks for it: from a list of agents (every pair, the
//! defaults), and with the choices given beside a config that win over it (deals, seed, whole
//! matches, a sequential test, caps on the agents' search budgets).

use crate::agents::AgentSpec;
use crate::errors::user;
use crate::games::GameKind;
use crate::stats::Sprt;

use super::tournament_config::{Design, Entrant, TournamentConfig, check_sprt_pairs};

/// The choices that win over a tournament's config (`None`, `false`: the config's).
#[derive(Clone, Debug, Default)]
pub struct Overrides {
    /// Deals per pair (`--deals`, at least 1).
    pub deals: Option<u64>,
    /// The seed (`--seed`).
    pub seed: Option<u64>,
    /// Whole matches instead of single hands (`--matches`).
    pub matches: bool,
    /// The sequential test, as `--sprt` words.
    pub sprt: Option<String>,
    /// Caps on the agents' search budgets, as `--cap` words (see [`parse_caps`]).
    pub cap: Option<String>,
}

impl TournamentConfig {
    /// The tournament of every pair of `agents` at a table of `players` with the game's
    /// default options: 2000 deals, seed 1, each agent labelled by its spec.
    pub fn every_pair(game: GameKind, players: usize, agents: Vec<AgentSpec>) -> TournamentConfig {
        TournamentConfig {
            game,
            players,
            options: toml::Table::new(),
            seed: 1,
            deals: 2000,
            matches: false,
            design: Design::EveryPair,
            agents: agents
                .into_iter()
                .map(|spec| Entrant {
                    label: spec.label(),
                    spec,
                })
                .collect(),
            baseline: None,
            ceiling: None,
            sprt: None,
        }
    }

    /// This config with `overrides` applied.
    ///
    /// # Errors
    /// Bad input ([`UserError`](crate::errors::UserError)): no deals, a test that does not
    /// read or a tournament of more than one pair to test, caps that do not read.
    pub fn overridden(mut self, overrides: &Overrides) -> anyhow::Result<TournamentConfig> {
        if let Some(d) = overrides.deals {
            if d == 0 {
                return Err(user("--deals must be at least 1"));
            }
            self.deals = d;
        }
        if let Some(s) = overrides.seed {
            self.seed = s;
        }
        self.matches |= overrides.matches;
        if let Some(test) = &overrides.sprt {
            self.sprt = Some(Sprt::parse(test).map_err(|e| user(format!("--sprt: {e}")))?);
            check_sprt_pairs(self.pairs().len()).map_err(|e| user(format!("--sprt: {e}")))?;
        }
        if let Some(cap) = &overrides.cap {
            let caps = parse_caps(cap).map_err(user)?;
            for a in &mut self.agents {
                cap_agent(&mut a.spec, &caps);
            }
        }
        Ok(self)
    }
}

/// `iterations=N,worlds=M` → the caps: ISMCTS iterations, PIMC and αμ worlds, each at least 1.
///
/// # Errors
/// A one-line message naming the word that does not read.
pub fn parse_caps(text: &str) -> Result<Vec<(String, u32)>, String> {
    text.split(',')
        .map(|kv| {
            let bad = || {
                format!(
                    "--cap `{kv}`: expected KEY=N with KEY iterations or worlds and N ≥ 1, e.g. iterations=200,worlds=4"
                )
            };
            let (k, v) = kv.split_once('=').ok_or_else(bad)?;
            let k = k.trim();
            let v: u32 = v.trim().parse().map_err(|_| bad())?;
            if v == 0 || !["iterations", "worlds"].contains(&k) {
                return Err(bad());
            }
            Ok((k.to_string(), v))
        })
        .collect()
}

/// Lowers `spec`'s search budget to `caps` where it is higher; other agents are left as they
/// are.
pub fn cap_agent(spec: &mut AgentSpec, caps: &[(String, u32)]) {
    for (key, most) in caps {
        match (&mut *spec, key.as_str()) {
            (AgentSpec::Ismcts(p), "iterations") => p.iterations = p.iterations.min(*most),
            (AgentSpec::OracleMcts { iterations }, "iterations") => {
                *iterations = (*iterations).min(*most);
            }
            (AgentSpec::Pimc(p), "worlds") => p.worlds = p.worlds.min(*most),
            (AgentSpec::AlphaMu(p), "worlds") => p.worlds = p.worlds.min(*most),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::parse_specs;

    #[test]
    fn caps_lower_search_budgets_and_leave_the_rest() {
        let caps = parse_caps("iterations=200,worlds=4").unwrap();
        let mut specs = parse_specs(
            "ismcts:iterations=100000;pimc:worlds=2;rules;ismcts:iterations=50;alphamu:worlds=20;\
             oracle:iterations=5000;oracle",
        )
        .unwrap();
        for s in &mut specs {
            cap_agent(s, &caps);
        }
        let shown: Vec<String> = specs.iter().map(ToString::to_string).collect();
        assert!(shown[0].contains("iterations=200"), "{shown:?}");
        assert!(shown[1].contains("worlds=2"), "{shown:?}");
        assert_eq!(shown[2], "rules");
        assert!(shown[3].contains("iterations=50"), "{shown:?}");
        assert!(shown[4].contains("worlds=4"), "{shown:?}");
        assert!(shown[5].starts_with("oracle:iterations=200 "), "{shown:?}");
        assert!(shown[6].starts_with("oracle ("), "{shown:?}");
        for bad in ["iterations", "depth=3", "worlds=0", "iterations=x"] {
            let e = parse_caps(bad).unwrap_err();
            assert!(e.starts_with("--cap") && !e.contains('\n'), "{e}");
        }
    }
}
