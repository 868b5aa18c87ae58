//! A log of self-contained lines (a tournament's finished chunks, an agreement's answers),
//! appended as they come and made durable in batches: the log is fsynced at most about once a
//! second, and after each sync a check file beside it (`.NAME.check`) records the log's length
//! and SHA-256, written whole. A resume keeps only the bytes the check vouches for: whatever
//! follows them (lines not yet synced when the machine stopped, a line cut by a kill) is cut
//! off and done again, and a log whose vouched bytes changed is refused by name. A log without
//! a check file (written by an earlier version, or stopped before its first sync) keeps its
//! whole lines.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::durable::{DataFile, file_error, sha256_hex, write_whole};
use super::run::RunError;

/// How often at most the log is synced and its check written.
const SYNC_EVERY: Duration = Duration::from_secs(1);

/// What the check file records.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
struct Check {
    bytes: u64,
    sha256: String,
    /// The SHA-256 of this record without this field: a check changed by hand is refused.
    check: String,
}

impl Check {
    fn of(bytes: u64, sha256: String) -> Check {
        let mut c = Check {
            bytes,
            sha256,
            check: String::new(),
        };
        c.check = c.self_check();
        c
    }

    fn self_check(&self) -> String {
        sha256_hex(format!("{} {}", self.bytes, self.sha256).as_bytes())
    }
}

/// The check file of the log at `path`.
pub fn check_name(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.check"))
}

/// An open log (see the module's documentation).
pub struct Journal {
    file: DataFile,
    check: PathBuf,
    synced: Instant,
}

impl Journal {
    /// A new log at `path` holding `head` (replacing any log there), synced at once.
    ///
    /// # Errors
    /// Writing the log or its check ([`RunError::File`]).
    pub fn create(path: &Path, head: &[u8]) -> Result<Journal, RunError> {
        let check = check_name(path);
        let _ = std::fs::remove_file(&check);
        let mut j = Journal {
            file: DataFile::create(path, head)?,
            check,
            synced: Instant::now(),
        };
        j.commit()?;
        Ok(j)
    }

    /// The bytes of the log at `path` that its check vouches for (its whole lines when it has
    /// no check), or `None` when there is no log.
    ///
    /// # Errors
    /// A log shorter than its check records, or whose vouched bytes differ, or a check file
    /// changed by hand ([`RunError::Folder`], naming the file); reading ([`RunError::File`]).
    pub fn read(path: &Path) -> Result<Option<Vec<u8>>, RunError> {
        let mut bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(file_error("reading", path, e)),
        };
        let keep = match read_check(path)? {
            Some(c) => {
                if (bytes.len() as u64) < c.bytes {
                    return Err(RunError::Folder(format!(
                        "{} holds {} bytes where its check ({}) counts {}: finished work was lost (the machine stopped before it reached the disk?); start again with --force",
                        path.display(),
                        bytes.len(),
                        check_name(path).display(),
                        c.bytes
                    )));
                }
                let keep = c.bytes as usize;
                if sha256_hex(&bytes[..keep]) != c.sha256 {
                    return Err(RunError::Folder(format!(
                        "{}: its first {keep} bytes differ from what was written (the file was changed afterwards); start again with --force",
                        path.display()
                    )));
                }
                keep
            }
            None => bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1),
        };
        bytes.truncate(keep);
        Ok(Some(bytes))
    }

    /// The log at `path` opened to append after the bytes [`Journal::read`] keeps (whatever
    /// follows them is cut off), with those bytes.
    ///
    /// # Errors
    /// As [`Journal::read`]; a missing log ([`RunError::Folder`]); truncating it.
    pub fn reopen(path: &Path) -> Result<(Journal, Vec<u8>), RunError> {
        let kept = Journal::read(path)?.ok_or_else(|| {
            RunError::Folder(format!(
                "{} is missing: nothing to resume; start again with --force",
                path.display()
            ))
        })?;
        let file = DataFile::reopen(path, kept.len() as u64, Some(&sha256_hex(&kept)))?;
        let mut j = Journal {
            file,
            check: check_name(path),
            synced: Instant::now(),
        };
        j.commit()?;
        Ok((j, kept))
    }

    /// Appends `line` (buffered), and syncs the log and writes its check if the last sync is
    /// a second old.
    ///
    /// # Errors
    /// Writing or syncing the log or its check ([`RunError::File`]).
    pub fn append(&mut self, line: &[u8]) -> Result<(), RunError> {
        self.file.append(line)?;
        if self.synced.elapsed() >= SYNC_EVERY {
            self.commit()?;
        }
        Ok(())
    }

    /// Syncs the log and writes its check, counting every byte appended.
    ///
    /// # Errors
    /// Writing or syncing the log or its check ([`RunError::File`]).
    pub fn commit(&mut self) -> Result<(), RunError> {
        self.file.sync()?;
        let c = Check::of(self.file.bytes(), self.file.sha256());
        write_whole(
            &self.check,
            &serde_json::to_vec(&c).expect("a check serialises"),
        )?;
        self.synced = Instant::now();
        Ok(())
    }

    /// Removes the log at `path` and its check (a finished run's).
    ///
    /// # Errors
    /// Removing either ([`RunError::File`]).
    pub fn remove(path: &Path) -> Result<(), RunError> {
        for p in [path.to_path_buf(), check_name(path)] {
            match std::fs::remove_file(&p) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(file_error("removing", &p, e)),
            }
        }
        Ok(())
    }
}

impl Drop for Journal {
    /// A log closed after a graceful stop keeps every line appended (a failed sync leaves the
    /// last check, which a resume goes back to).
    fn drop(&mut self) {
        let _ = self.commit();
    }
}

/// The check of the log at `path`, if it has one.
fn read_check(path: &Path) -> Result<Option<Check>, RunError> {
    let cp = check_name(path);
    let text = match std::fs::read(&cp) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(file_error("reading", &cp, e)),
    };
    let changed = || {
        RunError::Folder(format!(
            "{} was changed after it was written (its check does not match); start again with --force",
            cp.display()
        ))
    };
    let c: Check = serde_json::from_slice(&text).map_err(|_| changed())?;
    if c.check != c.self_check() {
        return Err(changed());
    }
    Ok(Some(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("tricklab-journal-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d.join("progress.csv")
    }

    #[test]
    fn a_resume_keeps_the_vouched_lines_and_cuts_the_rest() {
        let p = log("cut");
        let mut j = Journal::create(&p, b"# head\n").unwrap();
        j.append(b"a\n").unwrap();
        j.commit().unwrap();
        // Written after the last check, as a crash would leave them: a whole line and a part.
        j.file.append(b"b\nc").unwrap();
        j.file.sync().unwrap();
        std::mem::forget(j);
        assert_eq!(Journal::read(&p).unwrap().unwrap(), b"# head\na\n");
        let (mut j, kept) = Journal::reopen(&p).unwrap();
        assert_eq!(kept, b"# head\na\n");
        j.append(b"d\n").unwrap();
        drop(j);
        assert_eq!(std::fs::read(&p).unwrap(), b"# head\na\nd\n");
        assert_eq!(Journal::read(&p).unwrap().unwrap(), b"# head\na\nd\n");
        Journal::remove(&p).unwrap();
        assert!(!p.exists() && !check_name(&p).exists());
        assert_eq!(Journal::read(&p).unwrap(), None);
    }

    #[test]
    fn a_changed_or_short_log_or_check_is_refused_by_name() {
        let p = log("changed");
        drop(Journal::create(&p, b"# head\n1,0.5\n").unwrap());
        std::fs::write(&p, b"# head\n1,0.7\n").unwrap();
        let e = Journal::read(&p).unwrap_err().to_string();
        assert!(e.contains("progress.csv: its first 13 bytes differ"), "{e}");
        std::fs::write(&p, b"# head\n").unwrap();
        let e = Journal::read(&p).unwrap_err().to_string();
        assert!(
            e.contains("progress.csv holds 7 bytes") && e.contains("counts 13"),
            "{e}"
        );
        let check = std::fs::read_to_string(check_name(&p)).unwrap();
        std::fs::write(check_name(&p), check.replace("\"bytes\":13", "\"bytes\":7")).unwrap();
        let e = Journal::read(&p).unwrap_err().to_string();
        assert!(e.contains(".progress.csv.check was changed"), "{e}");
    }

    #[test]
    fn a_log_without_a_check_keeps_its_whole_lines() {
        let p = log("legacy");
        std::fs::write(&p, b"# head\n1,0.5\n2,0.").unwrap();
        let (j, kept) = Journal::reopen(&p).unwrap();
        assert_eq!(kept, b"# head\n1,0.5\n");
        drop(j);
        assert_eq!(std::fs::read(&p).unwrap(), b"# head\n1,0.5\n");
        assert!(check_name(&p).exists(), "checked from now on");
    }
}
