//! The answers of an agreement run, saved one line at a time as they come
//! (`agreement.partial.csv`), so that an interrupted `tricklab agree` resumes where it stopped.
//!
//! The file opens with a line naming the config's fingerprint; each further line is one
//! answer: `searcher,position,choice,value_tip,value_control,value_best`, with the searcher and
//! position as indices, the choice as the action's text and the values in full precision (so a
//! resumed run writes the same bytes as one that was never stopped). A line cut short by a
//! kill is dropped on resume.

use std::fs::{File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::Mutex;

use crate::games::{Action, Game};

use super::agreement::{Answer, Disagreement};
use super::agreement_report::read_value;

/// The file of saved answers, in the output folder.
pub const PARTIAL: &str = "agreement.partial.csv";

const HEAD: &str = "# tricklab agreement answers; config fingerprint ";

/// An open file of saved answers; [`AnswerLog::record`] may be called from any thread.
pub struct AnswerLog {
    file: Mutex<File>,
}

impl AnswerLog {
    /// Starts a new file in `dir` for the config with `fingerprint`, replacing any there.
    pub fn create(dir: &Path, fingerprint: u64) -> std::io::Result<AnswerLog> {
        let mut file = File::create(dir.join(PARTIAL))?;
        writeln!(file, "{HEAD}{fingerprint:016x}")?;
        Ok(AnswerLog {
            file: Mutex::new(file),
        })
    }

    /// Reads the file in `dir` into `answers[searcher][position]` and opens it to append more.
    ///
    /// # Errors
    /// A message if there is no file, if it belongs to another config, or if a line does not
    /// fit the positions (read or I/O errors included).
    pub fn resume<G: Game>(
        dir: &Path,
        fingerprint: u64,
        positions: &[Disagreement<G>],
        answers: &mut [Vec<Option<Answer>>],
    ) -> Result<AnswerLog, String> {
        let path = dir.join(PARTIAL);
        let text = std::fs::read_to_string(&path).map_err(|_| {
            format!(
                "{} holds no interrupted agreement to resume (no {PARTIAL})",
                dir.display()
            )
        })?;
        // Only whole lines count: a kill can cut the last one short.
        let whole = text.rfind('\n').map_or(0, |i| i + 1);
        let mut lines = text[..whole].lines();
        if lines.next() != Some(&format!("{HEAD}{fingerprint:016x}")) {
            return Err(format!(
                "{} holds an interrupted agreement of another config; resume it with that, or start again with --force",
                path.display()
            ));
        }
        for (n, line) in lines.enumerate() {
            let bad = |why: &str| format!("{} line {}: {why}", path.display(), n + 2);
            let (k, i, answer) = parse_line(line, positions).map_err(|e| bad(&e))?;
            let slot = answers
                .get_mut(k)
                .ok_or_else(|| bad("no such searcher in the config"))?;
            slot[i] = Some(answer);
        }
        let io = |e: std::io::Error| format!("{}: {e}", path.display());
        let mut file = OpenOptions::new().write(true).open(&path).map_err(io)?;
        file.set_len(whole as u64).map_err(io)?;
        file.seek(SeekFrom::End(0)).map_err(io)?;
        Ok(AnswerLog {
            file: Mutex::new(file),
        })
    }

    /// Saves searcher `k`'s answer at position `i`, written through to the file.
    pub fn record(&self, k: usize, i: usize, a: &Answer) -> std::io::Result<()> {
        let v = |x: Option<f64>| x.map(|x| x.to_string()).unwrap_or_default();
        let line = format!(
            "{k},{i},{},{},{},{}\n",
            a.choice,
            v(a.tip),
            v(a.control),
            a.best
        );
        let mut f = self.file.lock().unwrap_or_else(|e| e.into_inner());
        f.write_all(line.as_bytes())
    }
}

fn parse_line<G: Game>(
    line: &str,
    positions: &[Disagreement<G>],
) -> Result<(usize, usize, Answer), String> {
    let f: Vec<&str> = line.split(',').collect();
    let [k, i, choice, tip, control, best] = f[..] else {
        return Err(format!("expected 6 fields, found {}", f.len()));
    };
    let k: usize = k.parse().map_err(|_| format!("searcher `{k}`"))?;
    let i: usize = i.parse().map_err(|_| format!("position `{i}`"))?;
    let p = positions
        .get(i)
        .ok_or_else(|| format!("position {i} is beyond the {} collected", positions.len()))?;
    let choice: Action = p
        .state
        .legal_actions()
        .iter()
        .find(|a| a.to_string() == choice)
        .ok_or_else(|| format!("`{choice}` is not a legal action at position {i}"))?;
    Ok((
        k,
        i,
        Answer {
            choice,
            tip: read_value(tip)?,
            control: read_value(control)?,
            best: read_value(best)?.ok_or("no best value")?,
        },
    ))
}
