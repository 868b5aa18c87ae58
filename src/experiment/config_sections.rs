//! The sections of an experiment config that refer to its arms and statistics, checked for
//! [`Experiment::parse`](super::Experiment::parse): `[hypothesis]`, `[claim]` and
//! `[agreement]`.

use std::ops::Range;

use crate::agents::{AgentSpec, NamedBots, parse_specs_with};
use crate::games::{GameKind, Seat};

use super::config::{Agreement, Arm, Claim, ConfigError, Hypothesis, Lines};
use super::config_raw::{RawAgreement, RawConfig};

/// A span of the file, where known.
type Span = Option<Range<usize>>;

/// What the sections that refer to the arms check against: the arms by name and the
/// experiment's statistics.
pub(super) struct Refs<'a> {
    /// The config's text, for errors.
    pub(super) at: &'a Lines<'a>,
    /// The config as read.
    pub(super) raw: &'a RawConfig,
    /// Its arms, checked.
    pub(super) arms: &'a [Arm],
}

impl Refs<'_> {
    /// The index of the arm `name` given to the field `which`.
    fn arm_index(&self, which: &str, name: &str, span: Span) -> Result<usize, ConfigError> {
        self.arms
            .iter()
            .position(|a| a.name == name)
            .ok_or_else(|| {
                let names: Vec<&str> = self.arms.iter().map(|a| a.name.as_str()).collect();
                self.at.err(
                    span,
                    format!(
                        "field `{which}`: no arm is named `{name}`; arms: {}",
                        names.join(", ")
                    ),
                )
            })
    }

    /// Checks that `stat`, named in the section `what`, is among the experiment's statistics.
    fn known_statistic(&self, what: &str, stat: &str, span: Span) -> Result<(), ConfigError> {
        let statistics = self.raw.statistics.get_ref();
        if statistics.iter().any(|s| s == stat) {
            Ok(())
        } else {
            Err(self.at.err(span, format!("[{what}] field `statistic`: `{stat}` is not among the experiment's statistics ({})", statistics.join(", "))))
        }
    }

    /// Checks the section `what`'s `epsilon`: a number of at least 0.
    fn band(&self, what: &str, eps: f64, span: Span) -> Result<(), ConfigError> {
        if eps >= 0.0 && eps.is_finite() {
            Ok(())
        } else {
            Err(self.at.err(
                span,
                format!("[{what}] field `epsilon` must be a number of at least 0"),
            ))
        }
    }

    /// The `[hypothesis]` sections.
    pub(super) fn hypotheses(&self) -> Result<Vec<Hypothesis>, ConfigError> {
        let mut hypotheses = Vec::new();
        let Some(h) = &self.raw.hypothesis else {
            return Ok(hypotheses);
        };
        let span = Some(h.span());
        for hr in h.get_ref().items() {
            let tip = self.arm_index("tip", &hr.tip, span.clone())?;
            let control = self.arm_index("control", &hr.control, span.clone())?;
            if tip == control {
                return Err(self
                    .at
                    .err(span, "[hypothesis] compares an arm with itself"));
            }
            self.known_statistic("hypothesis", &hr.statistic, span.clone())?;
            self.band("hypothesis", hr.epsilon, span.clone())?;
            let with = match (&hr.with, hr.combine) {
                (None, None) => None,
                (Some([a, b]), Some(c)) => Some((
                    self.arm_index("with", a, span.clone())?,
                    self.arm_index("with", b, span.clone())?,
                    c,
                )),
                _ => {
                    return Err(self.at.err(
                        span,
                        "[hypothesis] fields `with` and `combine` go together: with = [\"a\", \"b\"], combine = \"average\" or \"interaction\"",
                    ));
                }
            };
            if let Some(p) = &hr.population {
                self.known_statistic("hypothesis", p, span.clone())?;
            }
            if hr.primary && self.raw.family.is_none() {
                return Err(self.at.err(
                    span,
                    "[hypothesis] `primary = true` needs a top-level `family = \"…\"` it belongs to",
                ));
            }
            hypotheses.push(Hypothesis {
                tip,
                control,
                statistic: hr.statistic.clone(),
                direction: hr.direction,
                epsilon: hr.epsilon,
                primary: hr.primary,
                label: hr.label.clone(),
                with,
                population: hr.population.clone(),
            });
        }
        Ok(hypotheses)
    }

    /// The `[claim]` sections.
    pub(super) fn claims(&self) -> Result<Vec<Claim>, ConfigError> {
        let mut claims = Vec::new();
        let Some(c) = &self.raw.claim else {
            return Ok(claims);
        };
        let span = Some(c.span());
        for cr in c.get_ref().items() {
            let arm = self.arm_index("arm", &cr.arm, span.clone())?;
            self.known_statistic("claim", &cr.statistic, span.clone())?;
            self.band("claim", cr.epsilon, span.clone())?;
            if !cr.threshold.is_finite() {
                return Err(self
                    .at
                    .err(span, "[claim] field `threshold` must be a number"));
            }
            claims.push(Claim {
                arm,
                statistic: cr.statistic.clone(),
                direction: cr.direction,
                threshold: cr.threshold,
                epsilon: cr.epsilon,
            });
        }
        Ok(claims)
    }

    /// The `[agreement]` section `ar` (at `span`), its agents checked at the `table` (game,
    /// players, options).
    pub(super) fn agreement(
        &self,
        ar: &RawAgreement,
        span: Span,
        table: (GameKind, usize, &toml::Table),
        bots: &NamedBots,
    ) -> Result<Agreement, ConfigError> {
        let (at, arms) = (self.at, self.arms);
        let tip = self.arm_index("tip", &ar.tip, span.clone())?;
        let control = self.arm_index("control", &ar.control, span.clone())?;
        let spec = |what: &str, t: &str| {
            let specs = parse_specs_with(t, bots)
                .map_err(|e| at.err(span.clone(), format!("[agreement] field `{what}`: {e}")))?;
            match <[AgentSpec; 1]>::try_from(specs) {
                Ok([one]) => Ok(one),
                Err(_) => Err(at.err(
                    span.clone(),
                    format!(
                        "[agreement] field `{what}`: `{t}` names more than one agent; expected one"
                    ),
                )),
            }
        };
        let play = spec("play", &ar.play)?;
        let searchers = ar
            .searchers
            .iter()
            .map(|t| spec("searchers", t))
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(s) = searchers
            .iter()
            .find(|s| !matches!(s, AgentSpec::Ismcts(_) | AgentSpec::Pimc(_)))
        {
            return Err(at.err(
                span,
                format!("[agreement] field `searchers`: `{s}` is not a search agent: a searcher must value every action; expected ismcts or pimc (an external bot may be the tip, the control or `play`)"),
            ));
        }
        if searchers.is_empty() || ar.positions == 0 {
            return Err(at.err(
                span,
                "[agreement] needs at least one searcher and one position",
            ));
        }
        let probe: Vec<Arm> = std::iter::once(&play)
            .chain(&searchers)
            .map(|s| Arm {
                name: "agreement".into(),
                seats: vec![s.clone(); arms[0].seats.len()],
                subject: vec![Seat(0)],
            })
            .collect();
        let (game, players, options) = table;
        super::games::check(game, players, options, &probe)
            .map_err(|m| at.err(span.clone(), format!("[agreement]: {m}")))?;
        let (t, c) = (&arms[tip].seats, &arms[control].seats);
        let subject = arms[tip].subject[0];
        let seat = if t[subject.index()] != c[subject.index()] {
            subject
        } else {
            let Some(s) = (0..t.len()).find(|&s| t[s] != c[s]) else {
                return Err(at.err(
                    span,
                    format!("[agreement]: the tip arm `{}` and the control arm `{}` seat the same agents, so they never act differently; expected arms that differ in at least one seat", ar.tip, ar.control),
                ));
            };
            Seat(s as u8)
        };
        Ok(Agreement {
            tip,
            control,
            seat,
            play,
            searchers,
            positions: ar.positions,
        })
    }
}
