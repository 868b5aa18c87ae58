//! CPU time per decision of agents, measured apart from any tournament on a quiet core
//! (`tools/ladder/cpu-per-decision.sh`): a CSV file keyed by agent spec, which
//! `tricklab frontier` draws a ladder's strengths against.
//!
//! ```text
//! # 2026-12-06T10:00:00Z  10:00:00 up 3 days, load average: 0.01, 0.02, 0.00
//! spec,hands,cpu_s,ms_a_decision
//! rules,20000,0.08,0.00011
//! "ismcts:iterations=1000",300,2.47,0.91448
//! ```
//!
//! Lines starting with `#` are comments; the header must name `spec` and `ms_a_decision`
//! (other columns are ignored). Specs are read by the agent-spec parser, so that two ways of
//! writing the same agent (`ismcts:iterations=10000,infer=rules` and
//! `ismcts:infer=rules,iterations=10000`) are the same agent.

use crate::agents::AgentSpec;

/// One agent's CPU time per decision, as a times file gives it.
#[derive(Clone, Debug, PartialEq)]
pub struct CpuTime {
    /// The spec as the file writes it (trimmed).
    pub text: String,
    /// The agent it names.
    pub spec: AgentSpec,
    /// CPU milliseconds per decision (above zero).
    pub ms: f64,
}

/// The rows of a times file, at most one per agent.
#[derive(Clone, Debug, PartialEq)]
pub struct CpuTimes(pub Vec<CpuTime>);

/// What a times file must look like, for messages.
const FORM: &str = "a times file is CSV with a header naming at least `spec` and \
                    `ms_a_decision`, one agent a row, as tools/ladder/cpu-per-decision.sh writes \
                    it (lines starting with # are comments)";

impl CpuTimes {
    /// Reads the times file `text` (from `file`, for messages).
    ///
    /// # Errors
    /// One line naming the file, the line where known, the problem and what is allowed: a
    /// header without `spec` or `ms_a_decision`, a row that is not CSV, a spec the parser
    /// refuses, a time that is not a number above zero, two rows of the same agent.
    pub fn parse(file: &str, text: &str) -> Result<CpuTimes, String> {
        let mut reader = csv::ReaderBuilder::new()
            .comment(Some(b'#'))
            .trim(csv::Trim::All)
            .from_reader(text.as_bytes());
        let header = reader
            .headers()
            .map_err(|e| format!("{file}: {e}: {FORM}"))?
            .clone();
        let column = |name: &str| {
            header
                .iter()
                .position(|h| h == name)
                .ok_or_else(|| format!("{file}: no `{name}` column: {FORM}"))
        };
        let (spec_at, ms_at) = (column("spec")?, column("ms_a_decision")?);
        let mut rows: Vec<(u64, CpuTime)> = Vec::new();
        for record in reader.records() {
            let record = record.map_err(|e| format!("{file}: {e}: {FORM}"))?;
            let line = record.position().map_or(0, csv::Position::line);
            let at = |what: String| format!("{file}: line {line}: {what}");
            let cell = |i: usize| record.get(i).unwrap_or_default();
            let text = cell(spec_at).to_string();
            let spec: AgentSpec = text
                .parse()
                .map_err(|e| at(format!("spec `{text}`: {e}")))?;
            let ms = cell(ms_at)
                .parse::<f64>()
                .ok()
                .filter(|ms| ms.is_finite() && *ms > 0.0)
                .ok_or_else(|| {
                    at(format!(
                        "ms_a_decision `{}`: expected CPU milliseconds per decision, a number \
                         above zero (the chart's time axis is logarithmic)",
                        cell(ms_at)
                    ))
                })?;
            if let Some((first, _)) = rows.iter().find(|(_, r)| r.spec == spec) {
                return Err(at(format!(
                    "spec `{text}` is the agent of line {first} again: give each agent one row"
                )));
            }
            rows.push((line, CpuTime { text, spec, ms }));
        }
        Ok(CpuTimes(rows.into_iter().map(|(_, r)| r).collect()))
    }

    /// The time of the agent `spec` names, however its parameters are ordered or spaced.
    pub fn of(&self, spec: &AgentSpec) -> Option<&CpuTime> {
        self.0.iter().find(|r| &r.spec == spec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(s: &str) -> AgentSpec {
        s.parse().unwrap()
    }

    const FILE: &str = "\
# 2026-12-06T10:00:00Z up 3 days, load average: 0.01
spec,hands,cpu_s,ms_a_decision
rules,20000,0.08,0.00011
\"random\",20000,0.08,0.00011
\"ismcts:iterations=10000,infer=rules\",60,5.22,9.66633
\"pimc:worlds=20,infer=model\",100,11.13,12.36633
# 2026-12-06T10:30:00Z up 3 days, load average: 1.00
";

    #[test]
    fn comments_and_quoted_specs_are_read_and_the_same_agent_matches_however_written() {
        let t = CpuTimes::parse("t.csv", FILE).unwrap();
        assert_eq!(t.0.len(), 4);
        assert_eq!(t.0[1].text, "random");
        let ismcts = t
            .of(&spec("ismcts: infer=rules, iterations=10000"))
            .unwrap();
        assert_eq!(ismcts.ms, 9.66633);
        assert_eq!(ismcts.text, "ismcts:iterations=10000,infer=rules");
        assert_eq!(t.of(&spec("rules")).unwrap().ms, 0.00011);
        assert_eq!(
            t.of(&spec("pimc:infer=model,worlds=20")).unwrap().ms,
            12.36633
        );
        // Other parameters are another agent.
        assert_eq!(t.of(&spec("ismcts:iterations=10000")), None);
        assert_eq!(t.of(&spec("rules:save_ten")), None);
        assert_eq!(t.of(&spec("oracle")), None);
        // Without comments, and with the columns in another order.
        let bare = CpuTimes::parse("t.csv", "ms_a_decision,spec\n0.9,oracle\n").unwrap();
        assert_eq!(bare.of(&spec("oracle")).unwrap().ms, 0.9);
    }

    #[test]
    fn a_file_without_the_columns_is_one_line_naming_the_column_and_the_form() {
        for (text, column) in [
            ("agent,ms\nrules,0.1\n", "spec"),
            ("spec,hands,cpu_s\nrules,1,0.1\n", "ms_a_decision"),
            ("", "spec"),
            ("# only a comment\n", "spec"),
        ] {
            let e = CpuTimes::parse("t.csv", text).unwrap_err();
            assert!(
                e.starts_with(&format!("t.csv: no `{column}` column: ")),
                "{e}"
            );
            assert!(e.contains("ms_a_decision") && !e.contains('\n'), "{e}");
        }
    }

    #[test]
    fn bad_rows_are_refused_by_line() {
        for (row, says) in [
            ("nobody,1,1,0.5", "line 3: spec `nobody`: unknown agent"),
            ("rules,1,1,fast", "line 3: ms_a_decision `fast`: expected"),
            ("rules,1,1,0", "line 3: ms_a_decision `0`"),
            ("rules,1,1,-0.1", "line 3: ms_a_decision `-0.1`"),
            ("rules,1,1", "t.csv: CSV error"),
            (
                "\"rules:\",1,1,0.2",
                "line 3: spec `rules:` is the agent of line 2 again",
            ),
        ] {
            let text = format!("spec,hands,cpu_s,ms_a_decision\nrules,1,1,0.1\n{row}\n");
            let e = CpuTimes::parse("t.csv", &text).unwrap_err();
            assert!(e.contains(says), "{row}: {e}");
            assert!(!e.contains('\n'), "{e}");
        }
    }
}
