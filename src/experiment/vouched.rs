//! The data files a finished results folder's `run.json` vouches for: each one's length and
//! SHA-256, recorded as the run (or the merge) ends, and checked again by `summarise`, `merge`
//! and a resumed run, so that a file changed or cut after the run is refused by name instead
//! of flowing into a summary.

use std::io::Read;
use std::path::Path;

use serde::Deserialize;
use sha2::{Digest, Sha256};

use super::durable::file_error;
use super::run::RunError;

// The types live in `report`, beside the records that hold them; their old paths stay.
pub use crate::report::{FileDigest, FileDigests};

/// The length and SHA-256 of the file at `path`, read in blocks.
///
/// # Errors
/// Opening or reading the file ([`RunError::File`]).
pub fn digest_of(path: &Path) -> Result<FileDigest, RunError> {
    let mut f = std::fs::File::open(path).map_err(|e| file_error("opening", path, e))?;
    let mut sha = Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    let mut bytes = 0u64;
    loop {
        let n = f
            .read(&mut buf)
            .map_err(|e| file_error("reading", path, e))?;
        if n == 0 {
            break;
        }
        sha.update(&buf[..n]);
        bytes += n as u64;
    }
    Ok(FileDigest {
        bytes,
        sha256: super::durable::hex(&sha.finalize()),
    })
}

/// The length and SHA-256 of each of `names` in `dir`, as a record vouches for them once the
/// command has written them.
///
/// # Errors
/// Opening or reading a file ([`RunError::File`]).
pub fn digests_of(dir: &Path, names: &[&str]) -> Result<FileDigests, RunError> {
    names
        .iter()
        .map(|n| Ok((n.to_string(), digest_of(&dir.join(n))?)))
        .collect()
}

/// Checks the files that the record `record` (a file of `dir`, such as `run.json`) vouches
/// for, if `names` is empty every one of them, else only those of `names` it records. A
/// missing record, or one without digests (written before they existed), checks nothing.
///
/// # Errors
/// As [`check_files`]; a record that is not JSON ([`RunError::Folder`], naming it).
pub fn check_record(dir: &Path, record: &str, names: &[&str]) -> Result<(), RunError> {
    #[derive(Deserialize)]
    struct Vouched {
        #[serde(default)]
        files: FileDigests,
    }
    let path = dir.join(record);
    let text = match std::fs::read(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(file_error("reading", &path, e)),
    };
    let mut files = serde_json::from_slice::<Vouched>(&text)
        .map_err(|e| RunError::Folder(format!("{}: {e}", path.display())))?
        .files;
    if !names.is_empty() {
        files.retain(|n, _| names.contains(&n.as_str()));
    }
    check_against(dir, &files, record)
}

/// Checks every file `files` names in `dir` against its recorded length and SHA-256.
///
/// # Errors
/// A file that is missing, of another length or with other bytes than recorded
/// ([`RunError::Folder`], one line naming the file); reading a file ([`RunError::File`]).
pub fn check_files(dir: &Path, files: &FileDigests) -> Result<(), RunError> {
    check_against(dir, files, "run.json")
}

/// [`check_files`], the messages naming `record` as what recorded the files.
fn check_against(dir: &Path, files: &FileDigests, record: &str) -> Result<(), RunError> {
    for (name, want) in files {
        let path = dir.join(name);
        let len = match std::fs::metadata(&path) {
            Ok(m) => m.len(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(RunError::Folder(format!(
                    "{} is missing: {record} records it ({} bytes); restore it or run again",
                    path.display(),
                    want.bytes
                )));
            }
            Err(e) => return Err(file_error("reading", &path, e)),
        };
        if len != want.bytes {
            return Err(RunError::Folder(format!(
                "{} holds {len} bytes where {record} records {}: the file was cut or changed after the run; restore it or run again",
                path.display(),
                want.bytes
            )));
        }
        if digest_of(&path)?.sha256 != want.sha256 {
            return Err(RunError::Folder(format!(
                "{}: its SHA-256 differs from the one {record} records: the file was changed after the run; restore it or run again",
                path.display()
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_or_changed_file_is_refused_by_name() {
        let d = std::env::temp_dir().join(format!("tricklab-vouched-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join("deals.csv"), b"deal,arm\n0,a\n").unwrap();
        let files: FileDigests = [(
            "deals.csv".to_string(),
            digest_of(&d.join("deals.csv")).unwrap(),
        )]
        .into();
        assert_eq!(files["deals.csv"].bytes, 13);
        check_files(&d, &files).unwrap();
        std::fs::write(d.join("deals.csv"), b"deal,arm\n0,b\n").unwrap();
        let e = check_files(&d, &files).unwrap_err().to_string();
        assert!(e.contains("deals.csv: its SHA-256 differs"), "{e}");
        std::fs::write(d.join("deals.csv"), b"deal,arm\n").unwrap();
        let e = check_files(&d, &files).unwrap_err().to_string();
        assert!(e.contains("holds 9 bytes where run.json records 13"), "{e}");
        std::fs::remove_file(d.join("deals.csv")).unwrap();
        let e = check_files(&d, &files).unwrap_err().to_string();
        assert!(e.contains("deals.csv is missing"), "{e}");
        let _ = std::fs::remove_dir_all(d);
    }
}
