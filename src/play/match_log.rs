//! The log of a match at the table: each finished hand's record appended and flushed as it
//! ends, the file created only with its first line (a match stopped before any hand ends leaves
//! no file), and the last line marked `cut` when the person stops the match early, so that
//! `replay` accepts the log as a match cut short. A match continued from its log
//! ([`MatchLog::continuing`]) takes the mark off that line when its next hand is written.

use std::fs::{File, OpenOptions};
use std::io::{self, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::log::LogLine;

/// The log file of one match, shared by the table and whatever stops it (a signal).
pub struct MatchLog {
    path: PathBuf,
    file: Option<File>,
    /// The offset of the last line written, and its `cut` form.
    last: Option<(u64, String)>,
    hands: u32,
    /// The last line is in its `cut` form.
    cut: bool,
    /// The last line's plain form, to write back before the next hand (a continued match).
    uncut: Option<String>,
}

impl MatchLog {
    /// A log at `path`, not yet created (an existing file is appended to).
    pub fn new(path: PathBuf) -> MatchLog {
        MatchLog {
            path,
            file: None,
            last: None,
            hands: 0,
            cut: false,
            uncut: None,
        }
    }

    /// The log of a match continued from `path`, which holds its first `hands` hands and
    /// ends with the last of them at byte `at`: `line` as written, `plain` and `cut` its forms
    /// without and with the `cut` mark. Until a new hand is written the file stays as it is
    /// (a stop marks nothing more when `line` is marked already); the new hand's line then
    /// follows `plain`.
    pub fn continuing(
        path: PathBuf,
        hands: u32,
        at: u64,
        line: &str,
        plain: String,
        cut: String,
    ) -> MatchLog {
        let marked = line == cut;
        MatchLog {
            path,
            file: None,
            last: Some((at, cut)),
            hands,
            cut: marked,
            uncut: marked.then_some(plain),
        }
    }

    /// Where it is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// How many hands this match has written.
    pub fn hands(&self) -> u32 {
        self.hands
    }

    /// Appends the lines of finished hands and flushes them.
    ///
    /// # Errors
    /// The file cannot be created or written.
    pub fn append(&mut self, lines: Vec<LogLine>) -> io::Result<()> {
        if lines.is_empty() {
            return Ok(());
        }
        if let (Some(plain), Some((at, _))) = (self.uncut.clone(), self.last.clone()) {
            let file = self.open()?;
            file.set_len(at)?;
            file.seek(SeekFrom::Start(at))?;
            writeln!(file, "{plain}")?;
            self.uncut = None;
            self.cut = false;
        }
        for l in lines {
            let file = self.open()?;
            let at = file.seek(SeekFrom::End(0))?;
            writeln!(file, "{}", l.line)?;
            file.flush()?;
            self.last = Some((at, l.cut));
            self.hands += 1;
        }
        Ok(())
    }

    /// Marks the last hand written as the match's last (`"cut": true`), once; nothing when no
    /// hand was written or the last is marked already.
    ///
    /// # Errors
    /// The file cannot be rewritten.
    pub fn mark_cut(&mut self) -> io::Result<()> {
        let Some((at, cut)) = self.last.clone() else {
            return Ok(());
        };
        if self.cut {
            return Ok(());
        }
        let file = self.open()?;
        file.set_len(at)?;
        file.seek(SeekFrom::Start(at))?;
        writeln!(file, "{cut}")?;
        file.flush()?;
        file.sync_data()?;
        self.cut = true;
        Ok(())
    }

    fn open(&mut self) -> io::Result<&mut File> {
        if self.file.is_none() {
            if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)?;
            }
            // Not `append`: marking the cut rewrites the last line in place.
            let f = OpenOptions::new()
                .create(true)
                .read(true)
                .write(true)
                .truncate(false)
                .open(&self.path)?;
            self.file = Some(f);
        }
        Ok(self.file.as_mut().expect("opened"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(n: u32) -> LogLine {
        LogLine {
            line: format!("{{\"hand\":{n}}}"),
            cut: format!("{{\"hand\":{n},\"cut\":true}}"),
        }
    }

    #[test]
    fn the_last_line_is_marked_cut_and_nothing_is_created_early() {
        let dir = std::env::temp_dir().join(format!("tricklab-matchlog-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("m.jsonl");
        let mut log = MatchLog::new(path.clone());
        log.mark_cut().unwrap();
        assert!(!path.exists(), "no hand, no file");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&path, "{\"old\":1}\n").unwrap();
        log.append(vec![line(0), line(1)]).unwrap();
        log.mark_cut().unwrap();
        log.mark_cut().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            text,
            "{\"old\":1}\n{\"hand\":0}\n{\"hand\":1,\"cut\":true}\n"
        );
        assert_eq!(log.hands(), 2);
        // Continued: nothing changes until the next hand, which follows the plain line.
        let at = "{\"old\":1}\n{\"hand\":0}\n".len() as u64;
        let cut = "{\"hand\":1,\"cut\":true}";
        let mut log =
            MatchLog::continuing(path.clone(), 2, at, cut, "{\"hand\":1}".into(), cut.into());
        log.mark_cut().unwrap();
        log.append(Vec::new()).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        log.append(vec![line(2)]).unwrap();
        log.mark_cut().unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "{\"old\":1}\n{\"hand\":0}\n{\"hand\":1}\n{\"hand\":2,\"cut\":true}\n"
        );
        assert_eq!(log.hands(), 3);
    }
}
