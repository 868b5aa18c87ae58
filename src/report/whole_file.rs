//! Files written whole: to a temporary name beside the file, fsynced, renamed over it and the
//! folder fsynced, so that a crash, a full disk or a kill leaves the old file or the new one,
//! never a part of either. Every failure names the file and the step.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use thiserror::Error;

/// A step of writing a file that failed, with the file named.
#[derive(Debug, Error)]
#[error("{op} {}: {cause}", path.display())]
pub struct FileError {
    /// What was being done (`writing`, `syncing`, `renaming`, …).
    pub op: &'static str,
    /// The file (or folder).
    pub path: PathBuf,
    /// What the system said: in the message, not an error source, so that a message printed
    /// with its causes says it once.
    pub cause: std::io::Error,
}

impl FileError {
    /// The error of `op` on `path`.
    pub fn new(op: &'static str, path: &Path, source: std::io::Error) -> FileError {
        FileError {
            op,
            path: path.to_path_buf(),
            cause: source,
        }
    }
}

/// The temporary name `path` is written under before it is renamed: hidden, in its folder.
pub fn temporary_name(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.tmp"))
}

/// Writes `bytes` to `path` whole: `path` holds its old bytes or these, never a part. A
/// failure removes the temporary file.
///
/// # Errors
/// Creating, writing, syncing or renaming the file, or syncing its folder ([`FileError`]).
pub fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    write_whole_in_batch(path, bytes)?;
    sync_folder(path.parent().unwrap_or(Path::new(".")))
}

/// Writes `bytes` to `path` whole like [`write_whole`], but leaves the folder unsynced: the
/// file's bytes are on disk before its name points at them, and the name is on disk once the
/// folder is synced ([`sync_folder`], or any later [`write_whole`] in the folder). For a batch
/// of result files written one after another, so the folder is synced once, not once a file;
/// a crash before that sync leaves each file old or new, never a part.
///
/// # Errors
/// Creating, writing, syncing or renaming the file ([`FileError`]).
pub fn write_whole_in_batch(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    let tmp = temporary_name(path);
    let written = (|| {
        let mut f = File::create(&tmp).map_err(|e| FileError::new("creating", &tmp, e))?;
        f.write_all(bytes)
            .map_err(|e| FileError::new("writing", path, e))?;
        f.sync_all()
            .map_err(|e| FileError::new("syncing", path, e))?;
        std::fs::rename(&tmp, path).map_err(|e| FileError::new("renaming", &tmp, e))
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// Waits until the disk has the folder's entries (a file created, renamed or removed in it).
///
/// # Errors
/// Opening or syncing the folder ([`FileError`]).
pub fn sync_folder(dir: &Path) -> Result<(), FileError> {
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(|e| FileError::new("syncing the folder", dir, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("tricklab-whole-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_whole_write_replaces_the_file_and_leaves_no_temporary_one() {
        let d = dir("replace");
        let p = d.join("summary.md");
        write_whole(&p, b"old").unwrap();
        write_whole(&p, b"new").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"new");
        assert_eq!(std::fs::read_dir(&d).unwrap().count(), 1);
    }

    #[test]
    fn a_failed_write_keeps_the_old_file_and_names_the_new_one() {
        let d = dir("full");
        let p = d.join("summary.csv");
        write_whole(&p, b"kept").unwrap();
        // A folder where the temporary file would go: the write fails before the rename.
        std::fs::create_dir(temporary_name(&p)).unwrap();
        let e = write_whole(&p, b"lost").unwrap_err();
        assert!(e.to_string().contains(".summary.csv.tmp"), "{e}");
        assert_eq!(std::fs::read(&p).unwrap(), b"kept");
    }
}
