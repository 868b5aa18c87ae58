//! The parameters of an αμ agent, as read from its spec.

use std::fmt;

use super::super::SpecError;
use super::super::inference::InferParams;
use super::super::spec::key_value;

/// What a world's vector entry records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The side's double-dummy value (points or tricks): the card with the best mean over the
    /// worlds is played. With `m=1` this is PIMC.
    Mean,
    /// Whether the side reaches the target (1) or not (0), the target being PIMC's best mean
    /// at the decision, rounded: the card that reaches it in the most worlds is played, as in
    /// the paper's bridge contracts.
    Target,
}

/// αμ parameters: `alphamu:m=2,worlds=20,goal=mean,front=64,late=13`, and inference
/// (`infer=rules`, `infer=model:PATH`; see [`inference`](crate::agents::inference)).
#[derive(Clone, Debug, PartialEq)]
pub struct AlphaMuParams {
    /// The searching seat's moves searched before the worlds are solved double-dummy.
    pub m: u32,
    /// Worlds sampled per decision (at most 64).
    pub worlds: u32,
    /// What is maximised.
    pub goal: Goal,
    /// The most vectors a Pareto front keeps (those with the best sums); 0 keeps every one.
    pub front: u32,
    /// αμ searches `m` moves only when the seat holds at most this many cards; with more, it
    /// plays as PIMC (`m=1`). 13: always.
    pub late: u32,
    /// How the worlds are weighed (off by default: uniform worlds).
    pub infer: InferParams,
}

impl Default for AlphaMuParams {
    fn default() -> AlphaMuParams {
        AlphaMuParams {
            m: 2,
            worlds: 20,
            goal: Goal::Mean,
            front: 64,
            late: 13,
            infer: InferParams::default(),
        }
    }
}

/// The keys an αμ spec takes.
pub const KEYS: [&str; 13] = [
    "m", "worlds", "goal", "front", "late", "infer", "noise", "temp", "pool", "ess", "pool_max",
    "seats", "trust",
];

impl AlphaMuParams {
    /// Reads `key=value` parameters.
    ///
    /// # Errors
    /// A parameter without `=`, an unknown key (the message lists the keys) or a value out of
    /// range.
    pub fn parse(items: &[String]) -> Result<AlphaMuParams, SpecError> {
        let mut p = AlphaMuParams::default();
        for item in items {
            let (key, value) = key_value("alphamu", item, &KEYS)?;
            let bad = |what: &str| SpecError::bad_value("alphamu", key, value, what);
            let num = |lo: u32, hi: u32| {
                value
                    .parse::<u32>()
                    .ok()
                    .filter(|n| (lo..=hi).contains(n))
                    .ok_or_else(|| bad(&format!("expected a whole number from {lo} to {hi}")))
            };
            match key {
                "m" => p.m = num(1, 13)?,
                "worlds" => p.worlds = num(1, 64)?,
                "front" => p.front = num(0, 1_000_000)?,
                "late" => p.late = num(1, 13)?,
                "goal" => {
                    p.goal = match value {
                        "mean" => Goal::Mean,
                        "target" => Goal::Target,
                        _ => return Err(bad("expected mean or target")),
                    }
                }
                _ if p.infer.read("alphamu", key, value)? => {}
                _ => return Err(SpecError::unknown_key("alphamu", key, &KEYS)),
            }
        }
        p.infer.check("alphamu")?;
        Ok(p)
    }
}

impl fmt::Display for AlphaMuParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "alphamu:m={},worlds={}", self.m, self.worlds)?;
        if self.goal == Goal::Target {
            write!(f, ",goal=target")?;
        }
        if self.front != AlphaMuParams::default().front {
            write!(f, ",front={}", self.front)?;
        }
        if self.late != AlphaMuParams::default().late {
            write!(f, ",late={}", self.late)?;
        }
        write!(f, "{}", self.infer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_specs() {
        let p = AlphaMuParams::parse(&["m=3".into(), "worlds=10".into()]).unwrap();
        assert_eq!(p.to_string(), "alphamu:m=3,worlds=10");
        let p = AlphaMuParams::parse(&["goal=target".into(), "front=0".into(), "late=6".into()])
            .unwrap();
        assert_eq!(
            p.to_string(),
            "alphamu:m=2,worlds=20,goal=target,front=0,late=6"
        );
        let e = AlphaMuParams::parse(&["worlds=65".into()]).unwrap_err();
        assert!(e.to_string().contains("from 1 to 64"), "{e}");
        let e = AlphaMuParams::parse(&["depth=2".into()]).unwrap_err();
        assert!(
            e.to_string()
                .contains("m, worlds, goal, front, late, infer, noise, temp, pool"),
            "{e}"
        );
    }
}
