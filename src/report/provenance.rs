//! Provenance: what every command that writes results records beside them (`run.json`), so
//! that a reader knows which build, machine and command made the files.
//!
//! The build facts (commit, dirty flag, compiler, target) are fixed by `build.rs` when
//! tricklab is compiled; the machine facts (CPU model, thread count) and the start and end
//! times are read when the command runs. Nothing here fails: what cannot be known is written as
//! `unknown`.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

/// The file every results folder gets.
pub const RUN_JSON: &str = "run.json";

/// The git commit tricklab was built from (`unknown` outside a git checkout).
pub fn build_commit() -> &'static str {
    option_env!("TRICKLAB_COMMIT").unwrap_or("unknown")
}

/// How, where and when a command ran. Stored flattened after a record's own fields; every
/// field defaults so that records written before it existed still read.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Provenance {
    /// The command line as typed (the program name first).
    pub command_line: String,
    /// Whether the git tree had uncommitted changes to tracked files when tricklab was built.
    pub dirty: bool,
    /// The compiler (`rustc --version`).
    pub rustc: String,
    /// The target triple.
    pub target: String,
    /// The CPU model.
    pub cpu: String,
    /// Worker threads.
    pub threads: usize,
    /// When the command started (UTC, RFC 3339).
    pub started: String,
    /// When it finished (UTC, RFC 3339).
    pub ended: String,
}

impl Provenance {
    /// The provenance of this process, started now, running on `threads` worker threads.
    pub fn start(threads: usize) -> Provenance {
        Provenance {
            command_line: std::env::args().collect::<Vec<_>>().join(" "),
            dirty: option_env!("TRICKLAB_DIRTY") == Some("true"),
            rustc: option_env!("TRICKLAB_RUSTC").unwrap_or("unknown").into(),
            target: option_env!("TRICKLAB_TARGET").unwrap_or("unknown").into(),
            cpu: cpu_model(),
            threads,
            started: utc_now(),
            ended: String::new(),
        }
    }

    /// Marks the command finished now.
    pub fn finish(mut self) -> Provenance {
        self.ended = utc_now();
        self
    }
}

/// One file's length and SHA-256 (lower-case hex), as a record vouches for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileDigest {
    /// Its length in bytes.
    pub bytes: u64,
    /// The SHA-256 of those bytes.
    pub sha256: String,
}

/// The digests of a folder's files, by file name.
pub type FileDigests = BTreeMap<String, FileDigest>;

/// What `run.json` holds for a command other than `run` and `merge` (whose record also names
/// the experiment and shard).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommandRecord {
    /// The tricklab version.
    pub tricklab: String,
    /// The git commit tricklab was built from.
    pub commit: String,
    /// The seed.
    pub seed: u64,
    /// The config, verbatim, where the command read one.
    pub config: Option<String>,
    /// Each output file's length and SHA-256 as the command wrote it, which a later
    /// `--resume` or `--rebuild` checks; absent from records written before it existed.
    #[serde(default, skip_serializing_if = "FileDigests::is_empty")]
    pub files: FileDigests,
    /// Build, machine and times.
    #[serde(flatten)]
    pub provenance: Provenance,
}

impl CommandRecord {
    /// The record of a command with `seed` and the config text if any, finished now.
    pub fn new(seed: u64, config: Option<String>, provenance: Provenance) -> CommandRecord {
        CommandRecord {
            tricklab: env!("CARGO_PKG_VERSION").to_string(),
            commit: build_commit().to_string(),
            seed,
            config,
            files: FileDigests::new(),
            provenance: provenance.finish(),
        }
    }
}

/// Writes `record` as pretty JSON with a final newline to `path`, whole
/// ([`write_whole`](super::write_whole)). The provenance record is a folder's last file, so
/// the folder is synced first: every result file written before it in a batch
/// ([`write_whole_in_batch`](super::write_whole_in_batch)) is on disk under its name before the
/// record that vouches for it.
///
/// # Errors
/// A step of the write, naming the file ([`FileError`](super::FileError)).
pub fn write_record<T: Serialize>(path: &Path, record: &T) -> Result<(), super::FileError> {
    let mut text = serde_json::to_string_pretty(record).expect("a record serialises");
    text.push('\n');
    super::sync_folder(path.parent().unwrap_or(Path::new(".")))?;
    super::write_whole(path, text.as_bytes())
}

/// The CPU model from `/proc/cpuinfo`, or `unknown`.
fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, m)| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into())
}

/// Now, in UTC, as `YYYY-MM-DDTHH:MM:SSZ`.
fn utc_now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    rfc3339(secs)
}

/// `secs` after the Unix epoch as `YYYY-MM-DDTHH:MM:SSZ` (proleptic Gregorian calendar).
fn rfc3339(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Days to civil date (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_utc_calendar_dates() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(rfc3339(1_764_601_199), "2025-12-01T14:59:59Z");
    }

    #[test]
    fn records_without_provenance_still_read() {
        let old = r#"{"tricklab":"0.1.0","commit":"x","seed":1,"config":null}"#;
        let r: CommandRecord = serde_json::from_str(old).unwrap();
        assert_eq!(r.provenance, Provenance::default());
    }
}
