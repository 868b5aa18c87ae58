//! The parameters of an ISMCTS agent, as read from its spec.

use std::fmt;

use crate::games::RewardKind;

use super::super::inference::InferParams;
use super::super::spec::key_value;
use super::super::{AgentSpec, SpecError};

/// ISMCTS parameters (see the module documentation for the spec keys).
#[derive(Clone, Debug, PartialEq)]
pub struct IsmctsParams {
    /// Iterations per decision (over all threads); the default budget, reproducible.
    pub iterations: u32,
    /// A wall-time budget per decision in milliseconds instead of iterations.
    pub time_ms: Option<u64>,
    /// The UCB1 exploration constant (0.7 in the paper, with rewards in `[0, 1]`).
    pub c: f64,
    /// The rollout policy: `random` or a rule-based player.
    pub rollout: AgentSpec,
    /// What is maximised.
    pub reward: RewardKind,
    /// Independent trees merged at the root.
    pub threads: u32,
    /// The most arena slots per tree (nodes, and the room children's blocks keep; see the tree).
    pub node_cap: u32,
    /// Policy-based inference for the determinizations (off by default: uniform worlds).
    pub infer: InferParams,
    /// Every iteration searches the true deal instead of a drawn world: Monte Carlo tree
    /// search with perfect information. **A cheat**, set only by the oracle's
    /// `oracle:iterations=N` ([`AgentSpec::OracleMcts`]); no `ismcts` spec key sets it.
    pub sees_every_card: bool,
}

impl Default for IsmctsParams {
    fn default() -> IsmctsParams {
        IsmctsParams {
            iterations: 1000,
            time_ms: None,
            c: 0.7,
            rollout: AgentSpec::Random,
            reward: RewardKind::Points,
            threads: 1,
            node_cap: 4_000_000,
            infer: InferParams::default(),
            sees_every_card: false,
        }
    }
}

/// The keys an ISMCTS spec takes.
pub const KEYS: [&str; 15] = [
    "iterations",
    "time_ms",
    "c",
    "rollout",
    "reward",
    "threads",
    "nodes",
    "infer",
    "noise",
    "temp",
    "pool",
    "ess",
    "pool_max",
    "seats",
    "trust",
];

fn bad(key: &str, value: &str, what: &str) -> SpecError {
    SpecError::bad_value("ismcts", key, value, what)
}

impl IsmctsParams {
    /// Reads `key=value` parameters.
    pub fn parse(items: &[String]) -> Result<IsmctsParams, SpecError> {
        let mut p = IsmctsParams::default();
        for item in items {
            let (key, value) = key_value("ismcts", item, &KEYS)?;
            // A whole number from 1 to `max`; 0 or more is refused, never clamped.
            let num = |max: u64| {
                value
                    .parse::<u64>()
                    .ok()
                    .filter(|n| (1..=max).contains(n))
                    .ok_or_else(|| {
                        bad(
                            key,
                            value,
                            &format!("expected a whole number from 1 to {max}"),
                        )
                    })
            };
            match key {
                "iterations" => p.iterations = num(u32::MAX as u64)? as u32,
                "time_ms" => p.time_ms = Some(num(u64::from(u32::MAX))?),
                "c" => {
                    p.c = value
                        .parse::<f64>()
                        .ok()
                        .filter(|c| c.is_finite() && *c >= 0.0)
                        .ok_or_else(|| bad(key, value, "expected a number of at least 0"))?
                }
                "rollout" => {
                    let spec = value.replacen('/', ":", 1).replace('/', ",");
                    p.rollout = match spec.parse::<AgentSpec>()? {
                        s @ (AgentSpec::Random | AgentSpec::Rules(_)) => s,
                        _ => {
                            return Err(bad(
                                key,
                                value,
                                "expected random, rules or rules/switch/…",
                            ));
                        }
                    };
                }
                "reward" => p.reward = value.parse().map_err(|e: String| bad(key, value, &e))?,
                "threads" => p.threads = num(256)? as u32,
                "nodes" => p.node_cap = num(u32::MAX as u64)? as u32,
                _ if p.infer.read("ismcts", key, value)? => {}
                _ => return Err(SpecError::unknown_key("ismcts", key, &KEYS)),
            }
        }
        p.infer.check("ismcts")?;
        Ok(p)
    }
}

impl fmt::Display for IsmctsParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ismcts:")?;
        match self.time_ms {
            Some(ms) => write!(f, "time_ms={ms}")?,
            None => write!(f, "iterations={}", self.iterations)?,
        }
        let rollout = self
            .rollout
            .to_string()
            .replacen(':', "/", 1)
            .replace(',', "/");
        write!(f, ",c={},rollout={rollout},reward={}", self.c, self.reward)?;
        if self.threads != 1 {
            write!(f, ",threads={}", self.threads)?;
        }
        if self.node_cap != IsmctsParams::default().node_cap {
            write!(f, ",nodes={}", self.node_cap)?;
        }
        write!(f, "{}", self.infer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(s: &str) -> Vec<String> {
        s.split(',').map(String::from).collect()
    }

    #[test]
    fn zero_budgets_and_counts_are_refused_not_clamped() {
        for spec in [
            "iterations=0",
            "time_ms=0",
            "threads=0",
            "nodes=0",
            "threads=257",
        ] {
            let e = IsmctsParams::parse(&items(spec)).unwrap_err().to_string();
            assert!(
                e.contains("expected a whole number from 1 to"),
                "{spec}: {e}"
            );
        }
        let p = IsmctsParams::parse(&items("iterations=1,threads=256")).unwrap();
        assert_eq!((p.iterations, p.threads), (1, 256));
    }
}
