//! A tournament described in a TOML file (`tricklab tournament --config FILE`): the game, the
//! agents with a short label each, the deals, and which pairs play.
//!
//! ```toml
//! game = "catch-the-ten"
//! players = 4
//! seed = 4711
//! deals = 300
//! design = "ladder"        # or "every-pair", "neighbours"
//! baseline = "B0"          # the label points are counted over
//! ceiling = "oracle"       # optional: the label whose edge over the baseline is 100%
//! sprt = "elo0=0,elo1=20,alpha=0.05,beta=0.05"   # optional, for exactly one pair: stop early
//! [options]                # the game's named options
//! [[agent]]
//! label = "B0"
//! spec = "rules"
//! ```
//!
//! The `ladder` design plays each agent against the baseline, the ceiling and its neighbours in
//! the config's order (list the agents weakest first): about three pairs per agent instead of
//! `k(k−1)/2`, and still every figure the ladder reports (points over the baseline, share of
//! the ceiling's edge) comes from a direct duplicate match, while the neighbour pairs connect
//! the Bradley–Terry ratings along the ladder. The `neighbours` design is the ladder without the
//! pairs against the ceiling, which plays the baseline only: the least that still gives every
//! figure, for runs where each agent's pair against the ceiling would cost as much as its pair
//! against the baseline.

use std::collections::BTreeSet;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use crate::agents::AgentSpec;
use crate::games::GameKind;
use crate::stats::Sprt;

use super::config::{ConfigError, Lines, read_config};

/// Which pairs of agents play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Design {
    /// Every pair.
    EveryPair,
    /// Each agent against the baseline, the ceiling and its neighbours in the config's order.
    Ladder,
    /// Each agent against the baseline and its neighbours in the config's order; the ceiling
    /// against the baseline only.
    Neighbours,
}

/// One agent of a tournament config.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    /// The short name it is reported under.
    pub label: String,
    /// The agent.
    pub spec: AgentSpec,
}

/// A checked tournament config.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentConfig {
    /// The game.
    pub game: GameKind,
    /// The player count.
    pub players: usize,
    /// The game's options, as written.
    pub options: toml::Table,
    /// The seed.
    pub seed: u64,
    /// Deals per pair (or matches with `matches`).
    pub deals: u64,
    /// Whole matches instead of single hands.
    pub matches: bool,
    /// Which pairs play.
    pub design: Design,
    /// The agents, in the config's order.
    pub agents: Vec<Entrant>,
    /// The index of the agent points are counted over.
    pub baseline: Option<usize>,
    /// The index of the agent whose edge over the baseline is the ceiling (100%).
    pub ceiling: Option<usize>,
    /// The sequential test of the tournament's one pair, which stops it when it decides.
    pub sprt: Option<Sprt>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTournament {
    game: Spanned<String>,
    players: Option<Spanned<usize>>,
    seed: u64,
    deals: Spanned<u64>,
    #[serde(default)]
    matches: bool,
    design: Option<Spanned<String>>,
    baseline: Option<Spanned<String>>,
    ceiling: Option<Spanned<String>>,
    sprt: Option<Spanned<String>>,
    options: Option<Spanned<toml::Table>>,
    #[serde(default)]
    agent: Vec<Spanned<RawEntrant>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntrant {
    label: Spanned<String>,
    spec: Spanned<String>,
}

impl TournamentConfig {
    /// Reads and checks the config at `path`.
    ///
    /// # Errors
    /// A file that cannot be read, or any field that is wrong (one line naming it).
    pub fn load(path: &Path) -> Result<TournamentConfig, ConfigError> {
        let (file, text) = read_config(path)?;
        TournamentConfig::parse(&file, &text)
    }

    /// Checks the config `text` (from `file`, for messages).
    ///
    /// # Errors
    /// Any field that is wrong, with its line and what is allowed.
    pub fn parse(file: &str, text: &str) -> Result<TournamentConfig, ConfigError> {
        let at = Lines { file, text };
        let raw: RawTournament = toml::from_str(text).map_err(|e| at.toml(&e))?;
        let (game, players) = at.game_and_players(&raw.game, raw.players.as_ref())?;
        if *raw.deals.get_ref() == 0 {
            return Err(at.err(Some(raw.deals.span()), "field `deals` must be at least 1"));
        }
        let options =
            at.table_options(raw.options.as_ref(), raw.players.as_ref(), game, players)?;
        let mut agents = Vec::new();
        let mut labels = BTreeSet::new();
        for a in &raw.agent {
            let a = a.get_ref();
            let label = a.label.get_ref().trim().to_string();
            if label.is_empty() || label.chars().any(|c| c.is_control() || c == ';') {
                return Err(at.err(
                    Some(a.label.span()),
                    "field `label` must be a short name without `;` or control characters",
                ));
            }
            if !labels.insert(label.clone()) {
                return Err(at.err(
                    Some(a.label.span()),
                    format!("field `label`: `{label}` names two agents; labels must differ"),
                ));
            }
            let spec: AgentSpec = a
                .spec
                .get_ref()
                .parse()
                .map_err(|e| at.err(Some(a.spec.span()), format!("field `spec`: {e}")))?;
            check_agent(game, &spec)
                .map_err(|e| at.err(Some(a.spec.span()), format!("field `spec`: {e}")))?;
            agents.push(Entrant { label, spec });
        }
        if agents.len() < 2 {
            return Err(at.err(
                None,
                "a tournament needs at least two `[[agent]]` tables (label and spec)",
            ));
        }
        let find = |field: &str,
                    v: &Option<Spanned<String>>|
         -> Result<Option<usize>, ConfigError> {
            v.as_ref()
                .map(|s| {
                    agents
                        .iter()
                        .position(|a| a.label == s.get_ref().trim())
                        .ok_or_else(|| {
                            at.err(
                                Some(s.span()),
                                format!(
                                    "field `{field}`: `{}` is not an agent's label; expected one of: {}",
                                    s.get_ref(),
                                    agents
                                        .iter()
                                        .map(|a| a.label.as_str())
                                        .collect::<Vec<_>>()
                                        .join(", ")
                                ),
                            )
                        })
                })
                .transpose()
        };
        let baseline = find("baseline", &raw.baseline)?;
        let ceiling = find("ceiling", &raw.ceiling)?;
        if ceiling.is_some() && baseline.is_none() {
            return Err(at.err(
                raw.ceiling.as_ref().map(|c| c.span()),
                "field `ceiling` needs a `baseline` (the ceiling's edge is over the baseline)",
            ));
        }
        if ceiling.is_some() && ceiling == baseline {
            return Err(at.err(
                raw.ceiling.as_ref().map(|c| c.span()),
                "field `ceiling` must name another agent than `baseline`",
            ));
        }
        let design = match raw.design.as_ref().map(|d| d.get_ref().as_str()) {
            None | Some("every-pair") => Design::EveryPair,
            Some("ladder") => Design::Ladder,
            Some("neighbours") => Design::Neighbours,
            Some(other) => {
                return Err(at.err(
                    raw.design.as_ref().map(|d| d.span()),
                    format!(
                        "field `design`: `{other}` is not a design; expected every-pair, ladder or neighbours"
                    ),
                ));
            }
        };
        if design != Design::EveryPair && baseline.is_none() {
            return Err(at.err(
                raw.design.as_ref().map(|d| d.span()),
                "field `design`: the ladder and neighbours designs need a `baseline`",
            ));
        }
        let sprt = raw
            .sprt
            .as_ref()
            .map(|t| {
                let pairs = pairs_of(design, agents.len(), baseline, ceiling).len();
                let test = Sprt::parse(t.get_ref())
                    .and_then(|test| check_sprt_pairs(pairs).map(|()| test));
                test.map_err(|e| at.err(Some(t.span()), format!("field `sprt`: {e}")))
            })
            .transpose()?;
        Ok(TournamentConfig {
            game,
            players,
            options,
            seed: raw.seed,
            deals: *raw.deals.get_ref(),
            matches: raw.matches,
            design,
            agents,
            baseline,
            ceiling,
            sprt,
        })
    }

    /// The pairs that play, `(x, y)` with `x < y`, in the order they are numbered (a pair's
    /// number is part of its agents' random streams).
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        pairs_of(self.design, self.agents.len(), self.baseline, self.ceiling)
    }

    /// Checks that the tournament's per-deal scores fit in `memory` bytes: every pair keeps
    /// one score per deal (and rotation side) until the end, for the paired intervals and the
    /// bootstrap, about `BYTES_PER_SCORE` bytes each with the chunks that carry them.
    ///
    /// # Errors
    /// A one-line message with the deals that would fit.
    pub fn check_memory(&self, pairs: usize, memory: u64) -> Result<(), String> {
        let per_deal = (pairs as u128).max(1) * BYTES_PER_SCORE;
        let need = u128::from(self.deals) * per_deal;
        let room = u128::from(memory) / 2;
        if need <= room {
            return Ok(());
        }
        let gb = |b: u128| b as f64 / 1e9;
        Err(format!(
            "{} deals for {pairs} pairs would keep {:.1} GB of scores in memory, more than half of this machine's {:.1} GB; at most {} deals here (or fewer pairs)",
            self.deals,
            gb(need),
            gb(u128::from(memory)),
            room / per_deal
        ))
    }
}

/// The memory a tournament needs per deal and pair: a score in the pair's result and one in
/// the finished chunk that carries it there, with room for the vectors' growth.
pub const BYTES_PER_SCORE: u128 = 32;

/// The machine's physical memory in bytes (`None` where it cannot be read).
pub fn physical_memory() -> Option<u64> {
    // SAFETY: sysconf only reads system values.
    let (pages, size) = unsafe {
        (
            libc::sysconf(libc::_SC_PHYS_PAGES),
            libc::sysconf(libc::_SC_PAGESIZE),
        )
    };
    (pages > 0 && size > 0).then(|| pages as u64 * size as u64)
}

/// The pairs of `k` agents that play under `design`, `(x, y)` with `x < y`, sorted.
pub fn pairs_of(
    design: Design,
    k: usize,
    baseline: Option<usize>,
    ceiling: Option<usize>,
) -> Vec<(usize, usize)> {
    let mut set = BTreeSet::new();
    for i in 0..k {
        let others: Vec<usize> = match design {
            Design::EveryPair => (i + 1..k).collect(),
            Design::Ladder => [baseline, ceiling, Some(i + 1)]
                .into_iter()
                .flatten()
                .filter(|&j| j < k)
                .collect(),
            Design::Neighbours if Some(i) == ceiling => baseline.into_iter().collect(),
            Design::Neighbours => [baseline, Some(i + 1)]
                .into_iter()
                .flatten()
                .filter(|&j| j < k && Some(j) != ceiling)
                .collect(),
        };
        for j in others {
            if j != i {
                set.insert((i.min(j), i.max(j)));
            }
        }
    }
    set.into_iter().collect()
}

/// Checks that a tournament of `pairs` pairs can be tested: the test is of exactly one pair.
///
/// # Errors
/// A one-line message saying so.
pub fn check_sprt_pairs(pairs: usize) -> Result<(), String> {
    if pairs == 1 {
        Ok(())
    } else {
        Err(format!(
            "the test is of one pair, and this tournament plays {pairs} pairs; give it two agents"
        ))
    }
}

fn check_agent(game: GameKind, spec: &AgentSpec) -> Result<(), String> {
    game.check_agent(spec).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"
game = "whist"
seed = 5
deals = 10
design = "ladder"
baseline = "B0"
ceiling = "oracle"
[[agent]]
label = "random"
spec = "random"
[[agent]]
label = "B0"
spec = "rules"
[[agent]]
label = "ismcts-1k"
spec = "ismcts:iterations=1000"
[[agent]]
label = "oracle"
spec = "oracle"
"#;

    #[test]
    fn a_ladder_config_parses_with_its_labels() {
        let c = TournamentConfig::parse("t.toml", GOOD).unwrap();
        assert_eq!(c.game, crate::games::whist::Setup::KIND);
        assert_eq!(c.players, 4);
        assert_eq!(c.baseline, Some(1));
        assert_eq!(c.ceiling, Some(3));
        assert_eq!(c.agents[2].label, "ismcts-1k");
        assert_eq!(c.pairs(), vec![(0, 1), (0, 3), (1, 2), (1, 3), (2, 3)]);
    }

    #[test]
    fn the_neighbours_design_leaves_out_the_ceilings_pairs_but_the_baselines() {
        let text = GOOD.replace("design = \"ladder\"", "design = \"neighbours\"");
        let c = TournamentConfig::parse("t.toml", &text).unwrap();
        assert_eq!(c.design, Design::Neighbours);
        assert_eq!(c.pairs(), vec![(0, 1), (1, 2), (1, 3)]);
        // 0 random, 1 B0, 2..=4 searchers, 5 the ceiling: the searchers meet B0 and each other
        // along the list, the ceiling only B0.
        assert_eq!(
            pairs_of(Design::Neighbours, 6, Some(1), Some(5)),
            vec![(0, 1), (1, 2), (1, 3), (1, 4), (1, 5), (2, 3), (3, 4)]
        );
        let text = text.replace("baseline = \"B0\"\nceiling = \"oracle\"\n", "");
        let e = TournamentConfig::parse("t.toml", &text)
            .unwrap_err()
            .to_string();
        assert!(e.contains("`design`") && !e.contains('\n'), "{e}");
    }

    #[test]
    fn every_pair_is_the_default_design() {
        let text = GOOD.replace("design = \"ladder\"\n", "");
        let c = TournamentConfig::parse("t.toml", &text).unwrap();
        assert_eq!(c.pairs().len(), 6);
        assert_eq!(
            pairs_of(Design::EveryPair, 3, None, None),
            vec![(0, 1), (0, 2), (1, 2)]
        );
    }

    #[test]
    fn bad_fields_are_one_line_errors_that_name_the_field() {
        for (from, to, field) in [
            ("deals = 10", "deals = 0", "`deals`"),
            ("design = \"ladder\"", "design = \"swiss\"", "`design`"),
            ("baseline = \"B0\"", "baseline = \"B1\"", "`baseline`"),
            ("ceiling = \"oracle\"", "ceiling = \"B0\"", "`ceiling`"),
            ("spec = \"random\"", "spec = \"randomm\"", "`spec`"),
            ("label = \"random\"", "label = \"B0\"", "`label`"),
            ("game = \"whist\"", "game = \"bridge\"", "`game`"),
            ("seed = 5", "seed = 5\nspeed = 3", "speed"),
            ("iterations=1000", "iterations=0", "`spec`"),
            (
                "seed = 5",
                "seed = 5\nsprt = \"elo0=0,elo1=20,alpha=0.05,beta=0.05\"",
                "5 pairs",
            ),
            (
                "seed = 5",
                "seed = 5\nsprt = \"elo0=0,elo1=20,alpha=0.6,beta=0.05\"",
                "`sprt`: alpha",
            ),
        ] {
            let text = GOOD.replacen(from, to, 1);
            let e = TournamentConfig::parse("t.toml", &text)
                .unwrap_err()
                .to_string();
            assert!(e.contains(field), "{from} → {to}: {e}");
            assert!(!e.contains('\n'), "{e}");
        }
    }

    #[test]
    fn a_two_agent_config_takes_a_test() {
        let two = "game = \"whist\"\nseed = 1\ndeals = 64\nsprt = \"elo0=0,elo1=20,alpha=0.05,beta=0.05\"\n\
                   [[agent]]\nlabel = \"a\"\nspec = \"rules\"\n[[agent]]\nlabel = \"b\"\nspec = \"random\"\n";
        let c = TournamentConfig::parse("t.toml", two).unwrap();
        assert_eq!(c.sprt.map(|t| t.elo1), Some(20.0));
        let e = TournamentConfig::parse("t.toml", &two.replace("elo0=0,", ""))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("`sprt`") && e.contains("elo0") && !e.contains('\n'),
            "{e}"
        );
    }

    #[test]
    fn the_ladder_design_is_sparse_and_connected() {
        // 11 agents, baseline 1, ceiling 10: each meets B0, the oracle and its neighbour.
        let p = pairs_of(Design::Ladder, 11, Some(1), Some(10));
        assert!(p.len() < 11 * 10 / 2);
        for i in 0..11 {
            for j in [1, 10] {
                if i != j {
                    assert!(p.contains(&(i.min(j), i.max(j))), "{i} vs {j}");
                }
            }
            if i + 1 < 11 {
                assert!(p.contains(&(i, i + 1)));
            }
        }
    }
}
