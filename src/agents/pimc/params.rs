//! The parameters of a PIMC agent, as read from its spec.

use std::fmt;

use super::super::SpecError;
use super::super::spec::key_value;

/// PIMC parameters: `pimc:worlds=50,tt=18,threads=1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PimcParams {
    /// Worlds sampled and solved per decision.
    pub worlds: u32,
    /// Each solver's transposition table holds about `2^tt` entries (see
    /// [`Solver::table_bytes`](crate::solver::Solver::table_bytes)).
    pub tt_bits: u32,
    /// Solvers working on a decision's worlds at once (the decision does not depend on it).
    pub threads: u32,
}

/// The default table size of a PIMC agent's solver: about `2^18` entries (8 MiB), smaller than a
/// lone solver's, since a simulation runs one agent per seat and per thread.
pub const PIMC_TT_BITS: u32 = 18;

impl Default for PimcParams {
    fn default() -> PimcParams {
        PimcParams {
            worlds: 50,
            tt_bits: PIMC_TT_BITS,
            threads: 1,
        }
    }
}

/// The keys a PIMC spec takes.
pub const KEYS: [&str; 3] = ["worlds", "tt", "threads"];

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
                _ => return Err(SpecError::unknown_key("pimc", key, &KEYS)),
            }
        }
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
        Ok(())
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
        let e = PimcParams::parse(&["threads=0".into()]).unwrap_err();
        assert!(
            e.to_string()
                .contains("pimc `threads=0`: expected 1 to 256"),
            "{e}"
        );
    }
}
