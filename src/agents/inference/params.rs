//! The inference keys a search agent's spec takes: `infer`, `noise`, `temp`, `pool`, `ess`,
//! `pool_max`, `seats`, `trust` and `sample`.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use crate::knowledge::learned::LearnedModel;

use super::super::SpecError;

/// The model of the other seats whose likelihood weighs the worlds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModelKind {
    /// Every legal card weighs 1: the likelihood is the same in every world, which stay
    /// uniform (a check of the machinery, not a player's model).
    Flat,
    /// The random player: each legal card has probability `1 / legal cards`. Worlds where the
    /// seat had fewer choices weigh more.
    Random,
    /// The rule-based player B0 (`rules`), smoothed: its card has probability `1 − noise`,
    /// the other legal cards share `noise`.
    Rules,
    /// A softmax over the double-dummy values of the legal cards in the world, for the
    /// playing seat's side, with temperature `temp` (in points or tricks).
    DoubleDummy,
    /// A learned card-location model (`model` or `model:PATH`, see
    /// [`learned`](crate::knowledge::learned)): each world weighs the product of the model's
    /// probabilities of where it puts each unknown card, to the power `1 / temp`.
    Learned,
}

impl ModelKind {
    fn name(self) -> &'static str {
        match self {
            ModelKind::Flat => "flat",
            ModelKind::Random => "random",
            ModelKind::Rules => "rules",
            ModelKind::DoubleDummy => "dd",
            ModelKind::Learned => "model",
        }
    }
}

/// Whose plays the likelihood weighs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seats {
    /// Every other seat's plays (`seats=all`, the default).
    All,
    /// Only the plays of seats on other sides than the observer's (`seats=opponents`): a
    /// partner's plays weigh 1. For a partner that is not the model (in a duplicate
    /// tournament the partner is the searcher itself).
    Opponents,
}

/// Where a learned model's candidate worlds come from (`sample=…`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sample {
    /// Drawn uniformly from the consistent worlds and weighed by the model
    /// (`sample=uniform`, the default).
    Uniform,
    /// Drawn from the model's beliefs, each card to a place in proportion to its probability
    /// there (to the power `1 / temp`), every constraint kept; every candidate weighs 1
    /// (`sample=model`).
    Model,
}

/// Policy-based inference settings (see [`inference`](super)).
#[derive(Clone, Debug, PartialEq)]
pub struct InferParams {
    /// The model, or `None`: worlds uniform, as without inference.
    pub model: Option<ModelKind>,
    /// The probability the `rules` model gives the cards B0 would not play, together.
    pub noise: f64,
    /// The temperature of the weights: the `dd` model's softmax temperature, in points (Catch
    /// the Ten) or tricks; with `model`, each world's log weight is divided by it (above 1
    /// the product of the model's probabilities is flattened, which it needs because the
    /// cards' probabilities are not independent).
    pub temp: f64,
    /// Candidate worlds drawn uniformly and weighed per decision; the search's worlds are
    /// drawn from them in proportion to their weights.
    pub pool: u32,
    /// With `infer=model:PATH`, the path and the model read from it; `None` with
    /// `infer=model` (the model shipped for the game, see [`shipped`](super::shipped)).
    pub learned: Option<(String, Arc<LearnedModel>)>,
    /// With `ess=N`, a growing pool: `pool` candidates at a time are added until the weights'
    /// effective sample size `(Σw)² / Σw²` reaches `N` or the pool holds `pool_max`.
    pub ess: Option<u32>,
    /// The most candidates a growing pool holds.
    pub pool_max: u32,
    /// Whose plays are weighed.
    pub seats: Seats,
    /// The prior probability that a seat plays as the model (`trust`): below 1, each seat's
    /// plays weigh `trust × Π p_model + (1 − trust) × Π p_random`, so that a seat whose plays
    /// the model explains badly in every world (a partner that is not the model) weighs the
    /// worlds as the random player does, about evenly. At 1 (the default) every seat is the
    /// model.
    pub trust: f64,
    /// Where a learned model's candidates come from.
    pub sample: Sample,
}

/// The default `noise`.
pub const NOISE: f64 = 0.1;
/// The default `temp`.
pub const TEMP: f64 = 1.0;
/// The default `pool`.
pub const POOL: u32 = 200;
/// The default `pool_max`.
pub const POOL_MAX: u32 = 10_000;
/// The default `trust`.
pub const TRUST: f64 = 1.0;

impl Default for InferParams {
    fn default() -> InferParams {
        InferParams {
            model: None,
            noise: NOISE,
            temp: TEMP,
            pool: POOL,
            learned: None,
            ess: None,
            pool_max: POOL_MAX,
            seats: Seats::All,
            trust: TRUST,
            sample: Sample::Uniform,
        }
    }
}

/// The keys inference adds to a search agent's spec.
pub const INFER_KEYS: [&str; 9] = [
    "infer", "noise", "temp", "pool", "ess", "pool_max", "seats", "trust", "sample",
];

impl InferParams {
    /// Whether inference is on.
    pub fn is_on(&self) -> bool {
        self.model.is_some()
    }

    /// Reads `key=value` for `agent` if `key` is an inference key: `Ok(true)` when it was one.
    ///
    /// # Errors
    /// A value out of range, with what is allowed.
    pub fn read(&mut self, agent: &str, key: &str, value: &str) -> Result<bool, SpecError> {
        let bad = |what: &str| SpecError::bad_value(agent, key, value, what);
        let count = || {
            value
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=100_000).contains(n))
                .ok_or_else(|| bad("expected a whole number from 1 to 100000"))
        };
        match key {
            "infer" => {
                self.learned = None;
                self.model = match value {
                    "none" => None,
                    "flat" => Some(ModelKind::Flat),
                    "random" => Some(ModelKind::Random),
                    "rules" => Some(ModelKind::Rules),
                    "dd" => Some(ModelKind::DoubleDummy),
                    "model" => Some(ModelKind::Learned),
                    _ => match value.strip_prefix("model:") {
                        Some(path) if !path.is_empty() => {
                            let model = LearnedModel::read(Path::new(path)).map_err(|e| {
                                SpecError::BadParameter(format!("{agent} `{key}={value}`: {e}"))
                            })?;
                            self.learned = Some((path.to_string(), Arc::new(model)));
                            Some(ModelKind::Learned)
                        }
                        _ => {
                            return Err(bad(
                                "expected none, flat, random, rules, dd, model or model:PATH",
                            ));
                        }
                    },
                }
            }
            "noise" => {
                self.noise = value
                    .parse::<f64>()
                    .ok()
                    .filter(|x| *x > 0.0 && *x < 1.0)
                    .ok_or_else(|| bad("expected a probability above 0 and below 1"))?
            }
            "temp" => {
                self.temp = value
                    .parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite() && *x > 0.0)
                    .ok_or_else(|| bad("expected a number above 0"))?
            }
            "pool" => self.pool = count()?,
            "ess" => self.ess = Some(count()?),
            "pool_max" => self.pool_max = count()?,
            "seats" => {
                self.seats = match value {
                    "all" => Seats::All,
                    "opponents" => Seats::Opponents,
                    _ => return Err(bad("expected all or opponents")),
                }
            }
            "sample" => {
                self.sample = match value {
                    "uniform" => Sample::Uniform,
                    "model" => Sample::Model,
                    _ => return Err(bad("expected uniform or model")),
                }
            }
            "trust" => {
                self.trust = value
                    .parse::<f64>()
                    .ok()
                    .filter(|x| *x > 0.0 && *x <= 1.0)
                    .ok_or_else(|| bad("expected a probability above 0, at most 1"))?
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Checks that `noise`, `temp`, `pool`, `ess`, `pool_max`, `seats`, `trust` and `sample`
    /// are given only with a model that uses them.
    ///
    /// # Errors
    /// A key the chosen model does not use.
    pub fn check(&self, agent: &str) -> Result<(), SpecError> {
        let unused = |key: &str, needs: &str| {
            SpecError::BadParameter(format!("{agent} `{key}` is used only with {needs}"))
        };
        if self.noise != NOISE && self.model != Some(ModelKind::Rules) {
            return Err(unused("noise", "infer=rules"));
        }
        if self.temp != TEMP
            && !matches!(
                self.model,
                Some(ModelKind::DoubleDummy | ModelKind::Learned)
            )
        {
            return Err(unused("temp", "infer=dd or model"));
        }
        if self.pool != POOL && self.model.is_none() {
            return Err(unused("pool", "infer=flat, random, rules, dd or model"));
        }
        let history = matches!(
            self.model,
            Some(ModelKind::Rules | ModelKind::Random | ModelKind::DoubleDummy | ModelKind::Flat)
        );
        if self.ess.is_some() && !history {
            return Err(unused("ess", "infer=flat, random, rules or dd"));
        }
        if self.pool_max != POOL_MAX && self.ess.is_none() {
            return Err(unused("pool_max", "ess"));
        }
        if self.seats != Seats::All && !history {
            return Err(unused("seats", "infer=flat, random, rules or dd"));
        }
        if self.trust != TRUST
            && !matches!(self.model, Some(ModelKind::Rules | ModelKind::DoubleDummy))
        {
            return Err(unused("trust", "infer=rules or dd"));
        }
        if self.sample != Sample::Uniform && self.model != Some(ModelKind::Learned) {
            return Err(unused("sample", "infer=model"));
        }
        Ok(())
    }
}

/// Writes `,infer=…` and the keys that differ from their defaults; nothing when off, so
/// that specs without inference read as before.
impl fmt::Display for InferParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(model) = self.model else {
            return Ok(());
        };
        write!(f, ",infer={}", model.name())?;
        if let Some((path, _)) = &self.learned {
            write!(f, ":{path}")?;
        }
        if self.noise != NOISE {
            write!(f, ",noise={}", self.noise)?;
        }
        if self.temp != TEMP {
            write!(f, ",temp={}", self.temp)?;
        }
        if self.pool != POOL {
            write!(f, ",pool={}", self.pool)?;
        }
        if let Some(ess) = self.ess {
            write!(f, ",ess={ess}")?;
        }
        if self.pool_max != POOL_MAX {
            write!(f, ",pool_max={}", self.pool_max)?;
        }
        if self.seats == Seats::Opponents {
            write!(f, ",seats=opponents")?;
        }
        if self.trust != TRUST {
            write!(f, ",trust={}", self.trust)?;
        }
        if self.sample == Sample::Model {
            write!(f, ",sample=model")?;
        }
        Ok(())
    }
}
