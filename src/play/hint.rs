//! Hints in the game's units: for each legal action of the person to act, the expected tricks
//! (Whist, 9-5-2) or points (Catch the Ten) for the side, with a ± margin from the sampled
//! worlds, the actions within the margin of the best marked as equal, and the basis of the
//! search in one line (`PIMC, 200 worlds, 1.4 s`).
//!
//! The search is PIMC as the `pimc` agent does it: worlds drawn uniformly from what the seat
//! knows ([`WorldSampler`]: no hidden card of the true deal is read), each solved with every
//! card open. A decision before the play (9-5-2 trumps, discards, gives) is valued by taking
//! each action in each world and playing the hand out with the rule-based player in every seat
//! (a solve of the whole hand per world and action would take too long to wait for). The margin is 1.96 standard errors of the mean over
//! the worlds; an action is as good as the best when their paired difference over the same
//! worlds is within 1.96 of its standard errors.

use std::time::{Duration, Instant};

use crate::agents::{AgentSpec, fallback_agent};
use crate::cards::CardSet;
use crate::games::{Action, Decision, GameKind, Seat};
use crate::knowledge::WorldSampler;
use crate::rng::{GameRng, Purpose, stream};
use crate::solver::Solver;

use super::bots::DecisionAt;
use super::error::SeatingError;
use super::table_game::TableGame;

/// How hints search: worlds at most, and a time limit after which fewer worlds are used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintConfig {
    /// The most worlds to solve.
    pub worlds: u32,
    /// Stop drawing worlds after this long (at least two worlds are always solved).
    pub time_ms: u64,
}

impl HintConfig {
    /// The hint search a `pimc:worlds=N` spec names, with the time limit `time_ms`.
    ///
    /// # Errors
    /// [`SeatingError::Hint`]: another agent than `pimc`.
    pub fn of_spec(spec: &AgentSpec, time_ms: u64) -> Result<HintConfig, SeatingError> {
        match spec {
            AgentSpec::Pimc(p) => Ok(HintConfig {
                worlds: p.worlds.max(2),
                time_ms,
            }),
            other => Err(SeatingError::Hint(crate::agents::SpecError::BadParameter(
                format!(
                    "`{other}`: hints are searched double-dummy over sampled worlds, name \
                     `pimc:worlds=N`"
                ),
            ))),
        }
    }
}

/// One action's value in a hint.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HintValue {
    /// The action.
    pub action: Action,
    /// The mean over the worlds, in the hint's unit.
    pub mean: f64,
    /// 1.96 standard errors of the mean (`None` with fewer than two worlds).
    pub margin: Option<f64>,
    /// Within the margin of the best action (the best is equal to itself).
    pub equal_best: bool,
}

/// A hint: each legal action's value, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The seat it is for.
    pub seat: Seat,
    /// `tricks` or `points`, for the seat's side.
    pub unit: &'static str,
    /// The actions, best first.
    pub values: Vec<HintValue>,
    /// What the search was: `PIMC, 200 worlds, 1.4 s`, or why there was none.
    pub basis: String,
}

/// The unit the solver counts in for `game`.
pub fn unit_of(game: GameKind) -> &'static str {
    if game.open_table().counts_honours {
        "points"
    } else {
        "tricks"
    }
}

/// Searches the hint for `seat`, which is to act in `state`.
pub fn search<G: TableGame>(state: &G, seat: Seat, cfg: HintConfig, at: DecisionAt) -> Hint {
    let legal = state.legal_actions();
    let unit = unit_of(state.kind());
    let actions: Vec<Action> = legal.iter().collect();
    if actions.len() == 1 {
        return Hint {
            seat,
            unit,
            values: vec![HintValue {
                action: actions[0],
                mean: f64::NAN,
                margin: None,
                equal_best: true,
            }],
            basis: "your only legal choice: nothing to search".into(),
        };
    }
    let mut rng = stream(at.seed, at.hand, Purpose::Other, at.index as u64);
    let start = Instant::now();
    let samples = sample_values(state, seat, &actions, cfg, start, &mut rng);
    let how = if legal.decision() == Decision::Play {
        "PIMC"
    } else {
        "rule-based playouts"
    };
    let worlds = samples.first().map_or(0, Vec::len);
    let means: Vec<f64> = samples.iter().map(|s| mean(s)).collect();
    let best = (0..actions.len())
        .max_by(|&a, &b| means[a].total_cmp(&means[b]).then(b.cmp(&a)))
        .expect("two actions or more");
    let mut values: Vec<HintValue> = actions
        .iter()
        .enumerate()
        .map(|(i, &action)| {
            let diff: Vec<f64> = samples[best]
                .iter()
                .zip(&samples[i])
                .map(|(b, x)| b - x)
                .collect();
            HintValue {
                action,
                mean: means[i],
                margin: margin(&samples[i]),
                equal_best: mean(&diff) <= margin(&diff).unwrap_or(0.0) + 1e-9,
            }
        })
        .collect();
    values.sort_by(|a, b| b.mean.total_cmp(&a.mean));
    Hint {
        seat,
        unit,
        values,
        basis: format!(
            "{how}, {worlds} worlds, {:.1} s",
            start.elapsed().as_secs_f64()
        ),
    }
}

/// Each action's value in each world drawn, by action.
fn sample_values<G: TableGame>(
    state: &G,
    seat: Seat,
    actions: &[Action],
    cfg: HintConfig,
    start: Instant,
    rng: &mut GameRng,
) -> Vec<Vec<f64>> {
    let k = state.knowledge(seat);
    let sampler = WorldSampler::new(&k).expect("the true state is consistent with its knowledge");
    let mut solver = Solver::with_table_bits(crate::agents::pimc::PIMC_TT_BITS);
    let mut other = fallback_agent::<G>();
    let limit = Duration::from_millis(cfg.time_ms);
    let mut hidden = vec![CardSet::EMPTY; k.places.len()];
    let mut out = vec![Vec::new(); actions.len()];
    let playing = state.legal_actions().decision() == Decision::Play;
    for n in 0..cfg.worlds {
        if n >= 2 && start.elapsed() >= limit {
            break;
        }
        sampler.sample_into(rng, &mut hidden);
        let world = state.redeal(&k, &hidden);
        if playing {
            let pos = world
                .position_for(seat)
                .expect("a world in play has a position");
            let solution = solver.solve(&pos);
            let by_card: Vec<(crate::cards::Card, i32)> = solution.cards().collect();
            for (slot, a) in out.iter_mut().zip(actions) {
                let v = by_card.iter().find(|(c, _)| Some(*c) == a.card());
                slot.push(f64::from(v.map_or(0, |&(_, v)| v)));
            }
            continue;
        }
        for (slot, &a) in out.iter_mut().zip(actions) {
            let mut w = world.clone();
            w.apply(a);
            while let Some(actor) = w.to_act() {
                let next = other.choose(&w, actor, rng);
                w.apply(next);
            }
            let side = w.sides().side(seat);
            let tricks: u32 = w.sides().members(side).map(|s| w.tricks_won(s)).sum();
            slot.push(f64::from(tricks));
        }
    }
    out
}

fn mean(xs: &[f64]) -> f64 {
    xs.iter().sum::<f64>() / xs.len().max(1) as f64
}

/// 1.96 standard errors of the mean of `xs` (`None` below two values).
fn margin(xs: &[f64]) -> Option<f64> {
    let n = xs.len();
    if n < 2 {
        return None;
    }
    let m = mean(xs);
    let var = xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1) as f64;
    Some(1.96 * (var / n as f64).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn margins_shrink_with_the_worlds() {
        assert_eq!(margin(&[1.0]), None);
        let few = margin(&[1.0, 3.0]).unwrap();
        let many = margin(&[1.0, 3.0, 1.0, 3.0, 1.0, 3.0, 1.0, 3.0]).unwrap();
        assert!(many < few, "{many} < {few}");
        assert_eq!(margin(&[2.0, 2.0, 2.0]), Some(0.0));
    }
}
