//! Agent specs: the text that names an agent on the command line and in configs.
//!
//! A spec is a name and, after a colon, its parameters separated by commas: `random`,
//! `rules`, `rules:save_ten`, `rules:second_low_third_high,count_trumps`. In a seating (one
//! spec per seat, separated by commas) a token that is not an agent name continues the
//! previous spec, so `rules:save_ten,hunt_ten,random` is two seats; `;` also separates seats.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::alphamu::AlphaMuParams;
use super::external::{ExternalSpec, OnFault, split_outside_quotes};
use super::ismcts::IsmctsParams;
use super::oracle::CHEAT_NOTE;
use super::pimc::PimcParams;

/// The agents there are, by name.
pub const AGENT_NAMES: [&str; 7] = [
    "random", "rules", "ismcts", "pimc", "alphamu", "oracle", "external",
];

/// An agent, as named by a spec. Parameters are checked against the game when the agent is
/// built (see [`build_agent`](super::build_agent)).
#[derive(Clone, Debug, PartialEq)]
pub enum AgentSpec {
    /// `random`: uniform over the legal actions.
    Random,
    /// `rules[:switch,…]`: the baseline rule-based player B0 of RULES.md §5.0 with the named
    /// beginner tips switched on.
    Rules(Vec<String>),
    /// `ismcts[:key=value,…]`: Information Set Monte Carlo Tree Search.
    Ismcts(Box<IsmctsParams>),
    /// `pimc[:worlds=50,tt=20]`: perfect-information Monte Carlo (worlds solved double-dummy).
    Pimc(PimcParams),
    /// `alphamu[:m=2,worlds=20]`: αμ, PIMC without strategy fusion for the searching seat.
    AlphaMu(AlphaMuParams),
    /// `oracle`: double-dummy play on the true deal. A cheater (it sees every card); it is
    /// written `oracle (cheats: sees every card)` wherever it is reported.
    Oracle,
    /// `oracle:iterations=N`: Monte Carlo tree search on the true deal, ISMCTS's search with
    /// the true deal as its only world, for every decision of the hand (see
    /// [`ismcts`](super::ismcts)). A cheater like [`AgentSpec::Oracle`], and written with the
    /// same note; against B0 the stronger cheat in 9-5-2 (three seats alone, where double-dummy
    /// play is no ceiling) and in Catch the Ten 4p (`results/ladder/README.md`).
    OracleMcts {
        /// Iterations per decision.
        iterations: u32,
    },
    /// `external:cmd="python3 my_bot.py",name=mybot[,budget_ms=1000,log=FILE]`: a bot in
    /// another process that speaks `tricklab-bot/1` (see `docs/bot-protocol.md`).
    External(Box<ExternalSpec>),
}

impl AgentSpec {
    /// Whether the agent sees cards its seat could not (either oracle).
    pub const fn cheats(&self) -> bool {
        matches!(self, AgentSpec::Oracle | AgentSpec::OracleMcts { .. })
    }

    /// Whether the agent stops searching by the clock (`ismcts:time_ms=…`), so that what it
    /// plays depends on the machine and its load, not only on the seed.
    pub fn stops_by_clock(&self) -> bool {
        matches!(self, AgentSpec::Ismcts(p) if p.time_ms.is_some())
    }

    /// Whether the agent may forfeit a hand: an external bot under `on_fault = "forfeit"`.
    /// Only then does a run keep a journal of forfeits.
    pub fn may_forfeit(&self) -> bool {
        matches!(self, AgentSpec::External(e) if e.on_fault == OnFault::Forfeit)
    }
}

/// A spec that names no agent, or parameters the agent does not take.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpecError {
    /// No agent of that name.
    #[error("unknown agent `{0}`: expected one of: {list}", list = AGENT_NAMES.join(", "))]
    Unknown(String),
    /// The agent takes no parameters.
    #[error("agent `{0}` takes no parameters, got `{1}`")]
    NoParameters(String, String),
    /// A switch the game's rule-based player does not have.
    #[error("unknown switch `{switch}` for {game} rules: expected one of: {allowed}")]
    UnknownSwitch {
        /// The game.
        game: String,
        /// The switch asked for.
        switch: String,
        /// The switches that exist, comma-separated.
        allowed: String,
    },
    /// Two switches that contradict each other.
    #[error("switches `{0}` and `{1}` contradict each other: choose one")]
    Conflict(String, String),
    /// A seating with the wrong number of agents.
    #[error(
        "{given} agents for {seats} seats: give one agent (it takes every seat) or {seats}, one \
         per seat in seat order"
    )]
    Seats {
        /// Agents given.
        given: usize,
        /// Seats at the table.
        seats: usize,
    },
    /// Empty text.
    #[error("no agent given")]
    Empty,
    /// A parameter an agent does not take, or a value out of range.
    #[error("{0}")]
    BadParameter(String),
}

impl SpecError {
    /// A parameter of agent `agent` that is not `key=value`; `keys` are the keys it takes.
    pub(crate) fn not_key_value(agent: &str, item: &str, keys: &[&str]) -> SpecError {
        SpecError::BadParameter(format!(
            "{agent} parameter `{item}` needs the form key=value; keys: {}",
            keys.join(", ")
        ))
    }

    /// A key agent `agent` does not take; `keys` are those it takes.
    pub(crate) fn unknown_key(agent: &str, key: &str, keys: &[&str]) -> SpecError {
        SpecError::BadParameter(format!(
            "unknown {agent} parameter `{key}`: expected one of: {}",
            keys.join(", ")
        ))
    }

    /// A value out of range for `key` of agent `agent`, and what was expected.
    pub(crate) fn bad_value(agent: &str, key: &str, value: &str, what: &str) -> SpecError {
        SpecError::BadParameter(format!("{agent} `{key}={value}`: {what}"))
    }
}

/// Splits an agent parameter into its trimmed key and value (see
/// [`SpecError::not_key_value`]).
pub(crate) fn key_value<'a>(
    agent: &str,
    item: &'a str,
    keys: &[&str],
) -> Result<(&'a str, &'a str), SpecError> {
    let (key, value) = item
        .split_once('=')
        .ok_or_else(|| SpecError::not_key_value(agent, item, keys))?;
    Ok((key.trim(), value.trim()))
}

impl FromStr for AgentSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<AgentSpec, SpecError> {
        let s = s.trim();
        // The oracle's report name reads back as the oracle.
        let s = s
            .strip_suffix(&format!("({CHEAT_NOTE})"))
            .map_or(s, str::trim_end);
        let (name, params) = match s.split_once(':') {
            Some((n, p)) => (n.trim(), Some(p.trim())),
            None => (s, None),
        };
        let list: Vec<String> = params
            .map(|p| {
                split_outside_quotes(p, ',')
                    .into_iter()
                    .map(|x| x.trim().to_string())
                    .filter(|x| !x.is_empty())
                    .collect()
            })
            .unwrap_or_default();
        match name {
            "" => Err(SpecError::Empty),
            "random" if list.is_empty() => Ok(AgentSpec::Random),
            "random" => Err(SpecError::NoParameters(name.into(), list.join(","))),
            "rules" => {
                let mut sw = list;
                sw.sort();
                sw.dedup();
                Ok(AgentSpec::Rules(sw))
            }
            "ismcts" => Ok(AgentSpec::Ismcts(Box::new(IsmctsParams::parse(&list)?))),
            "pimc" => Ok(AgentSpec::Pimc(PimcParams::parse(&list)?)),
            "alphamu" => Ok(AgentSpec::AlphaMu(AlphaMuParams::parse(&list)?)),
            "oracle" if list.is_empty() => Ok(AgentSpec::Oracle),
            "oracle" => parse_oracle_mcts(&list),
            "external" => Ok(AgentSpec::External(Box::new(ExternalSpec::parse(&list)?))),
            other => Err(SpecError::Unknown(other.to_string())),
        }
    }
}

/// `oracle:iterations=N` (the only key the oracle takes), N from 1 to 2^32 − 1.
fn parse_oracle_mcts(items: &[String]) -> Result<AgentSpec, SpecError> {
    const KEYS: [&str; 1] = ["iterations"];
    let mut iterations = None;
    for item in items {
        let (key, value) = key_value("oracle", item, &KEYS)?;
        if key != "iterations" {
            return Err(SpecError::unknown_key("oracle", key, &KEYS));
        }
        let n = value
            .parse::<u32>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| {
                SpecError::bad_value(
                    "oracle",
                    key,
                    value,
                    &format!("expected a whole number from 1 to {}", u32::MAX),
                )
            })?;
        iterations = Some(n);
    }
    iterations
        .map(|iterations| AgentSpec::OracleMcts { iterations })
        .ok_or_else(|| {
            SpecError::BadParameter("oracle: give `oracle` or `oracle:iterations=N`".into())
        })
}

impl AgentSpec {
    /// How reports name the agent (tables, CSV files, `faults.csv`): an external bot by its
    /// `name=` when it was given one, anything else by its spec.
    pub fn label(&self) -> String {
        match self {
            AgentSpec::External(e) if e.name != ExternalSpec::DEFAULT_NAME => e.name.clone(),
            other => other.to_string(),
        }
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => f.write_str("random"),
            AgentSpec::Rules(sw) if sw.is_empty() => f.write_str("rules"),
            AgentSpec::Rules(sw) => write!(f, "rules:{}", sw.join(",")),
            AgentSpec::Ismcts(p) => write!(f, "{p}"),
            AgentSpec::Pimc(p) => write!(f, "{p}"),
            AgentSpec::AlphaMu(p) => write!(f, "{p}"),
            AgentSpec::Oracle => write!(f, "oracle ({CHEAT_NOTE})"),
            AgentSpec::OracleMcts { iterations } => {
                write!(f, "oracle:iterations={iterations} ({CHEAT_NOTE})")
            }
            AgentSpec::External(e) => write!(f, "{e}"),
        }
    }
}

/// External bots named in a config's `[bots]` table, by name: a seating may name them like
/// agents (`seats = ["mybot", "random"]`).
pub type NamedBots = BTreeMap<String, ExternalSpec>;

fn starts_spec(token: &str, bots: &NamedBots) -> bool {
    let name = token.split(':').next().unwrap_or("").trim();
    AGENT_NAMES.contains(&name) || bots.contains_key(name)
}

/// Reads a seating for `seats` seats: one spec (for every seat) or one per seat.
///
/// ```
/// use tricklab::agents::{parse_seating, AgentSpec};
/// let s = parse_seating("rules:save_ten,hunt_ten,random", 2).unwrap();
/// assert_eq!(s[1], AgentSpec::Random);
/// assert_eq!(s[0].to_string(), "rules:hunt_ten,save_ten");
/// ```
pub fn parse_seating(text: &str, seats: usize) -> Result<Vec<AgentSpec>, SpecError> {
    parse_seating_with(text, seats, &NamedBots::new())
}

/// [`parse_seating`] where the names of `bots` also name agents (their external specs).
pub fn parse_seating_with(
    text: &str,
    seats: usize,
    bots: &NamedBots,
) -> Result<Vec<AgentSpec>, SpecError> {
    let specs = parse_specs_with(text, bots)?;
    match specs.len() {
        1 => Ok(vec![specs[0].clone(); seats]),
        n if n == seats => Ok(specs),
        n => Err(SpecError::Seats { given: n, seats }),
    }
}

/// Reads a list of specs separated by commas (a token that is not an agent name continues the
/// previous spec) or by `;`.
pub fn parse_specs(text: &str) -> Result<Vec<AgentSpec>, SpecError> {
    parse_specs_with(text, &NamedBots::new())
}

/// [`parse_specs`] where the names of `bots` also name agents (their external specs).
pub fn parse_specs_with(text: &str, bots: &NamedBots) -> Result<Vec<AgentSpec>, SpecError> {
    let mut groups: Vec<String> = Vec::new();
    for part in split_outside_quotes(text, ';') {
        // The first token of a `;`-separated part always starts a spec.
        let mut fresh = true;
        for token in split_outside_quotes(part, ',')
            .into_iter()
            .map(str::trim)
            .filter(|t| !t.is_empty())
        {
            match groups.last_mut() {
                Some(last) if !fresh && !starts_spec(token, bots) => {
                    last.push(if last.contains(':') { ',' } else { ':' });
                    last.push_str(token);
                }
                _ => groups.push(token.to_string()),
            }
            fresh = false;
        }
    }
    let specs: Vec<AgentSpec> = groups
        .into_iter()
        .map(|g| named_bot(&g, bots).unwrap_or_else(|| g.parse()))
        .collect::<Result<_, _>>()
        .map_err(|e| match e {
            SpecError::Unknown(name) if !bots.is_empty() => {
                let names: Vec<&str> = bots.keys().map(String::as_str).collect();
                SpecError::BadParameter(format!(
                    "unknown agent `{name}`: expected one of: {}, or a bot of [bots]: {}",
                    AGENT_NAMES.join(", "),
                    names.join(", ")
                ))
            }
            e => e,
        })?;
    if specs.is_empty() {
        return Err(SpecError::Empty);
    }
    Ok(specs)
}

/// The spec of the bot `group` names, if it names one of `bots`.
fn named_bot(group: &str, bots: &NamedBots) -> Option<Result<AgentSpec, SpecError>> {
    let (name, params) = group.split_once(':').unwrap_or((group, ""));
    let spec = bots.get(name.trim())?;
    Some(if params.trim().is_empty() {
        Ok(AgentSpec::External(Box::new(spec.clone())))
    } else {
        Err(SpecError::BadParameter(format!(
            "bot `{}` of [bots] takes no parameters here, got `{}`: set them in [bots.{}]",
            name.trim(),
            params.trim(),
            name.trim()
        )))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seatings() {
        let s = parse_seating("rules:save_ten,rules,rules:save_ten,rules", 4).unwrap();
        assert_eq!(s[0], AgentSpec::Rules(vec!["save_ten".into()]));
        assert_eq!(s[1], AgentSpec::Rules(vec![]));
        let s = parse_seating(
            "rules:second_low_third_high,count_trumps;random;random;random",
            4,
        )
        .unwrap();
        assert_eq!(s[0].to_string(), "rules:count_trumps,second_low_third_high");
        assert_eq!(parse_seating("random", 3).unwrap().len(), 3);
        assert!(matches!(
            parse_seating("random,random", 3),
            Err(SpecError::Seats { .. })
        ));
        assert!(matches!(
            parse_seating("genius", 3),
            Err(SpecError::Unknown(_))
        ));
        assert!(matches!(
            parse_seating("random:fast", 3),
            Err(SpecError::NoParameters(..))
        ));
    }

    #[test]
    fn double_dummy_agents() {
        let s = parse_seating("pimc:worlds=20,oracle", 2).unwrap();
        assert_eq!(s[0].to_string(), "pimc:worlds=20");
        assert!(!s[0].cheats());
        assert_eq!(s[1], AgentSpec::Oracle);
        assert!(s[1].cheats());
        let shown = s[1].to_string();
        assert_eq!(shown, "oracle (cheats: sees every card)");
        assert_eq!(shown.parse::<AgentSpec>().unwrap(), AgentSpec::Oracle);
        assert!(matches!(
            "pimc:samples=3".parse::<AgentSpec>(),
            Err(SpecError::BadParameter(_))
        ));
        let s = parse_seating("alphamu:m=3,worlds=10;pimc:worlds=5,infer=rules", 2).unwrap();
        assert_eq!(s[0].to_string(), "alphamu:m=3,worlds=10");
        assert_eq!(s[1].to_string(), "pimc:worlds=5,infer=rules");
        // The oracle takes one key, the MCTS oracle's iterations.
        let e = "oracle:deep".parse::<AgentSpec>().unwrap_err().to_string();
        assert!(e.contains("key=value") && e.contains("iterations"), "{e}");
    }
}
