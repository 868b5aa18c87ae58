//! The parameters of a PIMC agent, as read from its spec.

use std::fmt;

use super::super::SpecError;
use super::super::inference::InferParams;
use super::super::spec::key_value;

/// PIMC parameters: `pimc:worlds=50,tt=20,threads=1`, and inference
/// (`infer=rules,noise=0.1,pool=200`; see [`inference`](crate::agents::inference)).
#[derive(Clone, Debug, PartialEq)]
pub struct PimcParams {
    /// Worlds sampled and solved per decision.
    pub worlds: u32,
    /// Each solver's transposition table holds about `2^tt` entries (see
    /// [`Solver::table_bytes`](crate::solver::Solver::table_bytes)).
    pub tt_bits: u32,
    /// Solvers working on a decision's worlds at once (the decision does not depend on it).
    pub threads: u32,
    /// Policy-based inference: how the worlds are weighed (off by default: uniform worlds).
    pub infer: InferParams,
}

/// The default table size of a PIMC agent's solver (and the oracle's and αμ's): about `2^20`
/// entries, the lone solver's default (32.5 MiB; 129 MiB for 9-5-2's split table), of which
/// the operating system backs only the pages used. At `2^18` the first cards' solves of 9-5-2
/// (one seat against two) outgrew the table: `pimc:worlds=1` took 24.8 s of CPU for ten hands
/// against 5.4 s at `2^20` (no faster at `2^22` or `2^24`), with the same values and so the same
/// play. Whist and Catch the Ten play at the same speed with either size.
pub const PIMC_TT_BITS: u32 = 20;

impl Default for PimcParams {
    fn default() -> PimcParams {
        PimcParams {
            worlds: 50,
            tt_bits: PIMC_TT_BITS,
            threads: 1,
            infer: InferParams::default(),
        }
    }
}

/// The keys a PIMC spec takes.
pub const KEYS: [&str; 11] = [
    "worlds", "tt", "threads", "infer", "noise", "temp", "pool", "ess", "pool_max", "seats",
    "trust",
];

fn bad(key: &str, value: &str, what: &str) -> SpecError {
    SpecError::bad_value("pimc", key, value, what)
}

impl PimcParams {
    /// Reads `key=value` parameters.
    ///
    /// # Errors
    /// A parameter without `=`, an unknown key (the message lists the keys) or a value out of
    /// range.
    pub fn parse(items: &[String]) -> Result<PimcParams, SpecError> {
        let mut p = PimcParams::default();
        for item in items {
            let (key, value) = key_value("pimc", item, &KEYS)?;
            match key {
                "worlds" => {
                    p.worlds = value
                        .parse::<u32>()
                        .ok()
                        .filter(|&w| w >= 1)
                        .ok_or_else(|| bad(key, value, "expected a whole number of at least 1"))?
                }
                "tt" => {
                    p.tt_bits = value
                        .parse::<u32>()
                        .ok()
                        .filter(|b| (10..=30).contains(b))
                        .ok_or_else(|| {
                            bad(
                                key,
                                value,
                                "expected table bits from 10 to 30 (2^bits entries)",
                            )
                        })?
                }
                "threads" => {
                    p.threads = value
                        .parse::<u32>()
                        .ok()
                        .filter(|t| (1..=256).contains(t))
                        .ok_or_else(|| bad(key, value, "expected 1 to 256 threads"))?
                }
                _ if p.infer.read("pimc", key, value)? => {}
                _ => return Err(SpecError::unknown_key("pimc", key, &KEYS)),
            }
        }
        p.infer.check("pimc")?;
        Ok(p)
    }
}

impl fmt::Display for PimcParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "pimc:worlds={}", self.worlds)?;
        if self.tt_bits != PIMC_TT_BITS {
            write!(f, ",tt={}", self.tt_bits)?;
        }
        if self.threads != 1 {
            write!(f, ",threads={}", self.threads)?;
        }
        write!(f, "{}", self.infer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_specs() {
        let p = PimcParams::parse(&["worlds=20".into(), "tt=16".into()]).unwrap();
        assert_eq!(p.worlds, 20);
        assert_eq!(p.to_string(), "pimc:worlds=20,tt=16");
        assert_eq!(PimcParams::default().to_string(), "pimc:worlds=50");
        let e = PimcParams::parse(&["iterations=5".into()]).unwrap_err();
        assert!(e.to_string().contains("worlds, tt, threads"), "{e}");
        assert!(PimcParams::parse(&["worlds=0".into()]).is_err());
        let p = PimcParams::parse(&["threads=2".into()]).unwrap();
        assert_eq!(p.to_string(), "pimc:worlds=50,threads=2");
        assert_eq!(
            p.to_string()
                .parse::<crate::agents::AgentSpec>()
                .unwrap()
                .to_string(),
            p.to_string()
        );
        let p = PimcParams::parse(&["infer=rules".into(), "noise=0.2".into()]).unwrap();
        assert_eq!(p.to_string(), "pimc:worlds=50,infer=rules,noise=0.2");
        let e = PimcParams::parse(&["temp=2".into()]).unwrap_err();
        assert!(
            e.to_string()
                .contains("`temp` is used only with infer=dd or model"),
            "{e}"
        );
        let p = PimcParams::parse(&["infer=model".into(), "temp=2".into()]).unwrap();
        assert_eq!(p.to_string(), "pimc:worlds=50,infer=model,temp=2");
        let e = PimcParams::parse(&["infer=rules".into(), "temp=2".into()]).unwrap_err();
        assert!(e.to_string().contains("`temp`"), "{e}");
        let p = PimcParams::parse(&["infer=model".into(), "sample=model".into()]).unwrap();
        assert_eq!(p.to_string(), "pimc:worlds=50,infer=model,sample=model");
        let e = PimcParams::parse(&["infer=rules".into(), "sample=model".into()]).unwrap_err();
        assert!(
            e.to_string()
                .contains("`sample` is used only with infer=model"),
            "{e}"
        );
        let e = PimcParams::parse(&["infer=model".into(), "sample=prior".into()]).unwrap_err();
        assert!(e.to_string().contains("expected uniform or model"), "{e}");
        let e = PimcParams::parse(&["infer=bayes".into()]).unwrap_err();
        assert!(
            e.to_string()
                .contains("none, flat, random, rules, dd, model or model:PATH"),
            "{e}"
        );
        let e = PimcParams::parse(&["threads=0".into()]).unwrap_err();
        assert!(
            e.to_string()
                .contains("pimc `threads=0`: expected 1 to 256"),
            "{e}"
        );
    }
}
