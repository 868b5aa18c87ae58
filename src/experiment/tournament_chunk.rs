//! One finished chunk of a tournament's pair as `progress.csv` keeps it: a line
//! `pair,first deal,x decisions,x nanoseconds,y decisions,y nanoseconds,scores` with the scores
//! separated by spaces, written so that they read back exactly; a chunk in which a bot
//! forfeited hands (`on_fault = "forfeit"`) adds an eighth field, its `faults.csv` rows with
//! `%`, `,`, carriage return and newline written `%25`, `%2C`, `%0D`, `%0A`; a tournament that
//! writes hand records (`--log`) adds a ninth, the chunk's records (with `%`, carriage return
//! and newline so written), after an eighth that is then empty when no hand was forfeited.

use super::decision_clock::DecisionTime;

/// One finished chunk of one pair.
#[derive(Clone, Debug, PartialEq)]
pub struct ChunkResult {
    /// The pair's number.
    pub pair: usize,
    /// The chunk's first deal.
    pub start: u64,
    /// Its scores, one per deal.
    pub scores: Vec<f64>,
    /// The decisions of the pair's two agents and their wall time.
    pub time: [DecisionTime; 2],
    /// Its `faults.csv` rows (empty when no bot forfeited a hand).
    pub faults: Vec<u8>,
    /// Its hand records, one JSON line each (empty when the tournament writes none).
    pub records: Vec<u8>,
}

/// The bytes that cannot stand in a progress line as they are.
const ESCAPED: [u8; 4] = [b'%', b',', b'\r', b'\n'];

/// The bytes that cannot stand in the last field of a progress line as they are.
const ESCAPED_LAST: [u8; 3] = [b'%', b'\r', b'\n'];

/// `rows` with the bytes of `escaped` written `%XX`.
fn escape(rows: &[u8], escaped: &[u8]) -> String {
    let mut out = Vec::with_capacity(rows.len());
    for &b in rows {
        if escaped.contains(&b) {
            out.extend(format!("%{b:02X}").bytes());
        } else {
            out.push(b);
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The bytes [`escape`] wrote, or `None` for a malformed `%` escape.
fn unescape(text: &str) -> Option<Vec<u8>> {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = std::str::from_utf8(b.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    Some(out)
}

impl ChunkResult {
    /// The chunk's line in `progress.csv`, ending in a newline.
    pub fn line(&self) -> String {
        let scores: Vec<String> = self.scores.iter().map(|s| format!("{s:?}")).collect();
        let faults = if self.faults.is_empty() && self.records.is_empty() {
            String::new()
        } else {
            format!(",{}", escape(&self.faults, &ESCAPED))
        };
        let records = if self.records.is_empty() {
            String::new()
        } else {
            format!(",{}", escape(&self.records, &ESCAPED_LAST))
        };
        format!(
            "{},{},{},{},{},{},{}{faults}",
            self.pair,
            self.start,
            self.time[0].decisions,
            self.time[0].nanos,
            self.time[1].decisions,
            self.time[1].nanos,
            scores.join(" ")
        ) + &records
            + "\n"
    }

    /// The chunk a `progress.csv` line (without its newline) holds, `None` if it is malformed.
    pub fn parse(line: &str) -> Option<ChunkResult> {
        // The records come last: commas stand in them as they are.
        let f: Vec<&str> = line.splitn(9, ',').collect();
        if f.len() < 7 {
            return None;
        }
        let (faults, records) = match (f.get(7), f.get(8)) {
            (None, _) => (Vec::new(), Vec::new()),
            (Some(text), None) => (Some(unescape(text)?).filter(|r| !r.is_empty())?, Vec::new()),
            (Some(text), Some(recs)) => (
                unescape(text)?,
                Some(unescape(recs)?).filter(|r| !r.is_empty())?,
            ),
        };
        let n = |i: usize| f[i].parse::<u64>().ok();
        let scores = f[6]
            .split(' ')
            .map(|s| s.parse::<f64>().ok().filter(|x| x.is_finite()))
            .collect::<Option<Vec<f64>>>()?;
        Some(ChunkResult {
            pair: f[0].parse().ok()?,
            start: n(1)?,
            scores,
            time: [
                DecisionTime {
                    decisions: n(2)?,
                    nanos: n(3)?,
                },
                DecisionTime {
                    decisions: n(4)?,
                    nanos: n(5)?,
                },
            ],
            faults,
            records,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chunk_line_reads_back_exactly() {
        let c = ChunkResult {
            pair: 3,
            start: 128,
            scores: vec![0.1 + 0.2, -1.0 / 3.0, 0.0, 7.25],
            time: [
                DecisionTime {
                    decisions: 5,
                    nanos: 123_456,
                },
                DecisionTime {
                    decisions: 0,
                    nanos: 0,
                },
            ],
            faults: Vec::new(),
            records: Vec::new(),
        };
        let line = c.line();
        assert!(line.ends_with('\n'));
        assert_eq!(ChunkResult::parse(line.trim_end()), Some(c.clone()));
        // Fault rows with every byte that needs escaping read back too, on one line.
        let faulted = ChunkResult {
            faults: "3,bot vs random,0,0,0,0,x,illegal,\"50% of \"\"a,b\"\"\r\nend\"\n"
                .as_bytes()
                .to_vec(),
            ..c.clone()
        };
        let line = faulted.line();
        assert_eq!(line.matches('\n').count(), 1, "{line}");
        assert_eq!(ChunkResult::parse(line.trim_end()), Some(faulted.clone()));
        // Records (JSON lines, commas and all) read back too, with or without fault rows.
        for faults in [Vec::new(), faulted.faults.clone()] {
            let logged = ChunkResult {
                faults,
                records: b"{\"a\":[1,2],\"info\":\"50%\\r\"}\n{\"b\":\",\"}\n".to_vec(),
                ..c.clone()
            };
            let line = logged.line();
            assert_eq!(line.matches('\n').count(), 1, "{line}");
            assert_eq!(ChunkResult::parse(line.trim_end()), Some(logged));
        }
        assert_eq!(ChunkResult::parse("1,0,1,1,1,1,0.5,,"), None);
        assert_eq!(ChunkResult::parse("1,0,1,1,1,1,0.5,%4"), None);
        assert_eq!(ChunkResult::parse("1,0,1,1,1,1,0.5,"), None);
        assert_eq!(ChunkResult::parse("1,2,3"), None);
        assert_eq!(ChunkResult::parse("1,0,1,1,1,1,0.5 x"), None);
    }
}
