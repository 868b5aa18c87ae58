//! Warnings about how agents play that a caller shows before a job starts.

use super::AgentSpec;

/// The warning for agents that stop by the clock, if any of `specs` does.
pub fn clock_warning<'a>(specs: impl IntoIterator<Item = &'a AgentSpec>) -> Option<String> {
    let timed: Vec<String> = specs
        .into_iter()
        .filter(|s| s.stops_by_clock())
        .map(|s| s.to_string())
        .collect();
    let first = timed.first()?;
    Some(format!(
        "warning: {first} stops by the clock, so its play depends on this machine and its load: \
         the same seed can give different results (use iterations=N for reproducible runs)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_clock_budgets_warn() {
        let timed: AgentSpec = "ismcts:time_ms=5".parse().unwrap();
        let counted: AgentSpec = "ismcts:iterations=50".parse().unwrap();
        assert!(clock_warning([&counted, &AgentSpec::Random]).is_none());
        let w = clock_warning([&counted, &timed]).unwrap();
        assert!(w.contains("time_ms=5") && w.contains("same seed"), "{w}");
    }
}
