//! The answers of an agreement run, saved one line at a time as they come
//! (`agreement.partial.csv`), so that an interrupted `tricklab agree` resumes where it stopped.
//!
//! The file opens with a line naming the config's fingerprint; each further line is one
//! answer: `searcher,position,choice,value_tip,value_control,value_best`, with the searcher and
//! position as indices, the choice as the action's text and the values in full precision (so a
//! resumed run writes the same bytes as one that was never stopped). The file is a
//! journal: synced at most about once a second with a check of its length and SHA-256
//! beside it, so that a resume keeps only the answers the disk had (a line cut short by a kill,
//! or not yet synced when the machine stopped, is asked again) and refuses a file changed
//! afterwards.

use std::path::Path;
use std::sync::Mutex;

use thiserror::Error;

use crate::games::{Action, Game};

use super::agreement::{Answer, Disagreement};
use super::agreement_report::{BadValue, read_value};
use super::journal::Journal;
use super::run::RunError;

/// The file of saved answers, in the output folder.
pub const PARTIAL: &str = "agreement.partial.csv";

const HEAD: &str = "# tricklab agreement answers; config fingerprint ";

/// Why an interrupted agreement cannot be resumed ([`AnswerLog::resume`]): one line naming the
/// folder or file and the problem.
#[derive(Debug, Error)]
pub enum ResumeError {
    /// The folder has no file of saved answers.
    #[error("{dir} holds no interrupted agreement to resume (no agreement.partial.csv)")]
    Missing {
        /// The output folder.
        dir: String,
    },
    /// The file belongs to another config.
    #[error(
        "{file} holds an interrupted agreement of another config; resume it with that, or start again with --force"
    )]
    OtherConfig {
        /// The file.
        file: String,
    },
    /// A line that does not fit the positions.
    #[error("{file} line {line}: {problem}")]
    Line {
        /// The file.
        file: String,
        /// The line, counting the fingerprint line as line 1.
        line: usize,
        /// What is wrong with it.
        problem: AnswerLineError,
    },
    /// The file is not what was written, or cannot be read or opened again to append (the
    /// file named).
    #[error(transparent)]
    File(RunError),
}

/// What is wrong with one saved answer line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AnswerLineError {
    /// Not six fields.
    #[error("expected 6 fields, found {0}")]
    Fields(usize),
    /// A searcher index that is not a number.
    #[error("searcher `{0}`")]
    Searcher(String),
    /// A searcher index beyond the config's searchers.
    #[error("no such searcher in the config")]
    NoSuchSearcher,
    /// A position index that is not a number.
    #[error("position `{0}`")]
    Position(String),
    /// A position index beyond the positions collected.
    #[error("position {index} is beyond the {collected} collected")]
    Beyond {
        /// The index.
        index: usize,
        /// How many positions there are.
        collected: usize,
    },
    /// A choice that is not legal at the position.
    #[error("`{choice}` is not a legal action at position {index}")]
    Illegal {
        /// The choice as written.
        choice: String,
        /// The position.
        index: usize,
    },
    /// A value that is neither a number nor empty.
    #[error(transparent)]
    Value(#[from] BadValue),
    /// The best value is empty.
    #[error("no best value")]
    NoBest,
}

/// An open file of saved answers; [`AnswerLog::record`] may be called from any thread.
pub struct AnswerLog {
    file: Mutex<Journal>,
}

impl AnswerLog {
    /// Starts a new file in `dir` for the config with `fingerprint`, replacing any there.
    ///
    /// # Errors
    /// Writing the file or its check ([`RunError::File`], naming it).
    pub fn create(dir: &Path, fingerprint: u64) -> Result<AnswerLog, RunError> {
        let head = format!("{HEAD}{fingerprint:016x}\n");
        Ok(AnswerLog {
            file: Mutex::new(Journal::create(&dir.join(PARTIAL), head.as_bytes())?),
        })
    }

    /// Reads the file in `dir` into `answers[searcher][position]` and opens it to append more.
    ///
    /// # Errors
    /// [`ResumeError`]: there is no file, it belongs to another config, a line does not fit the
    /// positions, or the file cannot be opened again.
    pub fn resume<G: Game>(
        dir: &Path,
        fingerprint: u64,
        positions: &[Disagreement<G>],
        answers: &mut [Vec<Option<Answer>>],
    ) -> Result<AnswerLog, ResumeError> {
        let path = dir.join(PARTIAL);
        let file = || path.display().to_string();
        let kept = Journal::read(&path)
            .map_err(ResumeError::File)?
            .ok_or_else(|| ResumeError::Missing {
                dir: dir.display().to_string(),
            })?;
        let text = String::from_utf8_lossy(&kept);
        let mut lines = text.lines();
        if lines.next() != Some(&format!("{HEAD}{fingerprint:016x}")) {
            return Err(ResumeError::OtherConfig { file: file() });
        }
        for (n, line) in lines.enumerate() {
            let bad = |problem| ResumeError::Line {
                file: file(),
                line: n + 2,
                problem,
            };
            let (k, i, answer) = parse_line(line, positions).map_err(bad)?;
            let slot = answers
                .get_mut(k)
                .ok_or_else(|| bad(AnswerLineError::NoSuchSearcher))?;
            slot[i] = Some(answer);
        }
        let (journal, _) = Journal::reopen(&path).map_err(ResumeError::File)?;
        Ok(AnswerLog {
            file: Mutex::new(journal),
        })
    }

    /// Ends a finished agreement whose files are written: the file of answers (and its check)
    /// in `dir` goes.
    ///
    /// # Errors
    /// Removing them ([`RunError::File`]).
    pub fn finish(self, dir: &Path) -> Result<(), RunError> {
        // Closed first: closing syncs the file and writes its check.
        drop(self);
        Journal::remove(&dir.join(PARTIAL))?;
        super::durable::sync_folder(dir)
    }

    /// Saves searcher `k`'s answer at position `i` (synced with the next batch).
    ///
    /// # Errors
    /// Writing or syncing the file or its check ([`RunError::File`], naming it).
    pub fn record(&self, k: usize, i: usize, a: &Answer) -> Result<(), RunError> {
        let v = |x: Option<f64>| x.map(|x| x.to_string()).unwrap_or_default();
        let line = format!(
            "{k},{i},{},{},{},{}\n",
            a.choice,
            v(a.tip),
            v(a.control),
            a.best
        );
        let mut f = self.file.lock().unwrap_or_else(|e| e.into_inner());
        f.append(line.as_bytes())
    }
}

fn parse_line<G: Game>(
    line: &str,
    positions: &[Disagreement<G>],
) -> Result<(usize, usize, Answer), AnswerLineError> {
    let f: Vec<&str> = line.split(',').collect();
    let [k, i, choice, tip, control, best] = f[..] else {
        return Err(AnswerLineError::Fields(f.len()));
    };
    let k: usize = k
        .parse()
        .map_err(|_| AnswerLineError::Searcher(k.to_string()))?;
    let i: usize = i
        .parse()
        .map_err(|_| AnswerLineError::Position(i.to_string()))?;
    let p = positions.get(i).ok_or(AnswerLineError::Beyond {
        index: i,
        collected: positions.len(),
    })?;
    let choice: Action = p
        .state
        .legal_actions()
        .iter()
        .find(|a| a.to_string() == choice)
        .ok_or_else(|| AnswerLineError::Illegal {
            choice: choice.to_string(),
            index: i,
        })?;
    Ok((
        k,
        i,
        Answer {
            choice,
            tip: read_value(tip)?,
            control: read_value(control)?,
            best: read_value(best)?.ok_or(AnswerLineError::NoBest)?,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::whist::Whist;

    fn dir(name: &str) -> std::path::PathBuf {
        let d =
            std::env::temp_dir().join(format!("tricklab-answers-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn resume_error(d: &Path, text: Option<&str>) -> String {
        if let Some(t) = text {
            std::fs::write(d.join(PARTIAL), t).unwrap();
        }
        let mut answers: Vec<Vec<Option<Answer>>> = vec![Vec::new()];
        let positions: &[Disagreement<Whist>] = &[];
        match AnswerLog::resume(d, 7, positions, &mut answers) {
            Ok(_) => panic!("resumed from {text:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn each_resume_error_is_one_line_naming_the_file() {
        let d = dir("resume");
        let file = d.join(PARTIAL).display().to_string();
        assert_eq!(
            resume_error(&d, None),
            format!(
                "{} holds no interrupted agreement to resume (no agreement.partial.csv)",
                d.display()
            )
        );
        assert_eq!(
            resume_error(&d, Some(&format!("{HEAD}{:016x}\n", 8))),
            format!(
                "{file} holds an interrupted agreement of another config; resume it with that, or start again with --force"
            )
        );
        let head = format!("{HEAD}{:016x}\n", 7);
        assert_eq!(
            resume_error(&d, Some(&format!("{head}0,0,play 2C\n"))),
            format!("{file} line 2: expected 6 fields, found 3")
        );
        assert_eq!(
            resume_error(&d, Some(&format!("{head}x,0,play 2C,,,1\n"))),
            format!("{file} line 2: searcher `x`")
        );
        assert_eq!(
            resume_error(&d, Some(&format!("{head}0,3,play 2C,,,1\n"))),
            format!("{file} line 2: position 3 is beyond the 0 collected")
        );
        let _ = std::fs::remove_dir_all(d);
    }

    #[test]
    fn each_answer_line_error_has_its_message() {
        assert_eq!(
            AnswerLineError::Value(BadValue("1/4".into())).to_string(),
            "value `1/4`"
        );
        assert_eq!(AnswerLineError::NoBest.to_string(), "no best value");
        assert_eq!(
            AnswerLineError::NoSuchSearcher.to_string(),
            "no such searcher in the config"
        );
        assert_eq!(
            AnswerLineError::Illegal {
                choice: "play 2C".into(),
                index: 4
            }
            .to_string(),
            "`play 2C` is not a legal action at position 4"
        );
    }
}
