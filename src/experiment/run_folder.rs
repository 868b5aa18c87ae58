//! A run's output folder: `hands.csv`, `deals.csv` (and `faults.csv`, the records) appended
//! batch by batch, and `progress.json`, which counts only rows the disk already has. Data are
//! fsynced before the progress that counts them, at most about once a second so that the
//! syncs cost little; the progress records each file's length and SHA-256 and a check of
//! itself, so that `--resume` continues only from files that are what the run wrote (the first
//! batch is synced at once, later ones at most once a second). The
//! progress stays until the caller has written the summaries and [`finish_run`] has written
//! `run.json` (with each file's length and SHA-256): a run stopped in that last phase
//! finishes it on `--resume`.

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use indicatif::ProgressBar;
use serde::{Deserialize, Serialize};

use crate::agents::AgentFactory;

use super::config::Experiment;
use super::durable::{
    DataFile, FolderLock, create_folder, file_error, sha256_hex, sync_folder, write_whole,
};
use super::measure::Measured;
use super::run::{
    DEALS, FAULTS, FAULTS_HEADER, HANDS, PROGRESS, RunEnd, RunError, RunPlan, csv_line,
    deals_header, fingerprint, hands_header, may_forfeit, partial_name, play_batches,
};
use super::vouched::{FileDigest, FileDigests};

/// How often at most the data are synced and the progress saved while a run plays.
const SYNC_EVERY: Duration = Duration::from_secs(1);

/// Progress saved as the run plays.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
struct Progress {
    fingerprint: u64,
    done: u64,
    hands_bytes: u64,
    deals_bytes: u64,
    /// `faults.csv`, when the run seats a bot that may forfeit.
    #[serde(default, skip_serializing_if = "is_zero")]
    faults_bytes: u64,
    /// The records file, when the run writes one (`simulate --log` with `--out`).
    #[serde(default, skip_serializing_if = "is_zero")]
    records_bytes: u64,
    /// The SHA-256 of each file's counted bytes (absent from the progress of earlier
    /// versions, whose files are then checked by length only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sha256: Option<Digests>,
    /// The SHA-256 of this record without this field: a record changed by hand is refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    check: Option<String>,
}

/// The SHA-256 of each file of a run, as far as the progress counts it.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
struct Digests {
    hands: String,
    deals: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    faults: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    records: Option<String>,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl Progress {
    fn self_check(&self) -> String {
        let bare = Progress {
            check: None,
            ..self.clone()
        };
        sha256_hex(&serde_json::to_vec(&bare).expect("progress serialises"))
    }

    /// Reads and checks `dir`'s progress.
    fn load(dir: &Path) -> Result<Progress, RunError> {
        let path = dir.join(PROGRESS);
        let text = std::fs::read(&path).map_err(|_| {
            RunError::Folder(format!(
                "{} holds no interrupted run to resume (no {PROGRESS})",
                dir.display()
            ))
        })?;
        let p: Progress = serde_json::from_slice(&text)
            .map_err(|e| RunError::Folder(format!("{}: {e}", path.display())))?;
        if let Some(check) = &p.check
            && *check != p.self_check()
        {
            return Err(RunError::Folder(format!(
                "{} was changed after the run wrote it (its check does not match); start again with --force",
                path.display()
            )));
        }
        Ok(p)
    }

    /// The lengths and SHA-256 of the files this progress counts, by name (none for the
    /// progress of an earlier version, which has no digests).
    fn files(&self) -> FileDigests {
        let Some(d) = &self.sha256 else {
            return FileDigests::new();
        };
        let digest = |bytes: u64, sha256: &str| FileDigest {
            bytes,
            sha256: sha256.to_string(),
        };
        let mut files = FileDigests::new();
        files.insert(HANDS.into(), digest(self.hands_bytes, &d.hands));
        files.insert(DEALS.into(), digest(self.deals_bytes, &d.deals));
        if let Some(f) = &d.faults {
            files.insert(FAULTS.into(), digest(self.faults_bytes, f));
        }
        files
    }

    /// Saves the progress whole (temporary name, fsync, rename, folder fsync).
    fn save(&mut self, dir: &Path) -> Result<(), RunError> {
        self.check = None;
        self.check = Some(self.self_check());
        write_whole(
            &dir.join(PROGRESS),
            &serde_json::to_vec(self).expect("progress serialises"),
        )
    }
}

/// The data files a run appends to.
struct Files {
    hands: DataFile,
    deals: DataFile,
    faults: Option<DataFile>,
    records: Option<DataFile>,
}

impl Files {
    fn all(&mut self) -> impl Iterator<Item = &mut DataFile> {
        [&mut self.hands, &mut self.deals]
            .into_iter()
            .chain(self.faults.as_mut())
            .chain(self.records.as_mut())
    }

    /// Syncs every file, then saves `state` counting what they hold.
    fn commit(&mut self, dir: &Path, state: &mut Progress) -> Result<(), RunError> {
        for f in self.all() {
            f.sync()?;
        }
        state.hands_bytes = self.hands.bytes();
        state.deals_bytes = self.deals.bytes();
        state.faults_bytes = self.faults.as_ref().map_or(0, DataFile::bytes);
        state.records_bytes = self.records.as_ref().map_or(0, DataFile::bytes);
        state.sha256 = Some(Digests {
            hands: self.hands.sha256(),
            deals: self.deals.sha256(),
            faults: self.faults.as_ref().map(DataFile::sha256),
            records: self.records.as_ref().map(DataFile::sha256),
        });
        state.save(dir)
    }
}

/// Plays the deals of `plan` and writes `hands.csv` and `deals.csv` in `plan.out` (and the
/// records, if `plan.records`), checking `stop` between batches. The folder must be held
/// (`lock`). Summaries and `run.json` are written by the caller once the run is complete,
/// which then calls [`finish_run`]; until then `--resume` finds the run again.
///
/// # Errors
/// The folder does not fit the request, or its files are not what the progress recorded
/// ([`RunError::Folder`]); reading or writing a file ([`RunError::File`]).
pub fn run<R: Measured>(
    exp: &Experiment,
    rules: &R,
    plan: &RunPlan,
    lock: &FolderLock,
    stop: &AtomicBool,
    progress: Option<&ProgressBar>,
) -> Result<RunEnd, RunError>
where
    R::Hand: AgentFactory,
{
    let _ = lock;
    let range = plan.range(exp.deals);
    let fp = fingerprint(exp, &range);
    let dir = &plan.out;
    let (hands_path, deals_path) = (dir.join(HANDS), dir.join(DEALS));
    let faults_path = dir.join(FAULTS);
    let records_path = plan.records.as_deref().map(partial_name);
    let total = range.end - range.start;
    let (mut state, mut files) = if plan.resume {
        let p = Progress::load(dir)?;
        if p.fingerprint != fp {
            return Err(RunError::Folder(format!(
                "{} holds an interrupted run of another config or shard; resume it with that, or choose another --out",
                dir.display()
            )));
        }
        // The records were already given their final name when only the last phase was left.
        let records_done = p.done == total && plan.records.as_deref().is_some_and(Path::exists);
        if let Some(r) = records_path.as_ref().filter(|_| !records_done)
            && !r.exists()
        {
            return Err(RunError::Folder(format!(
                "{} holds no unfinished records to continue ({} is missing); resume without the records, or start again with --force",
                dir.display(),
                r.display()
            )));
        }
        let d = p.sha256.as_ref();
        let files = Files {
            hands: DataFile::reopen(&hands_path, p.hands_bytes, d.map(|d| d.hands.as_str()))?,
            deals: DataFile::reopen(&deals_path, p.deals_bytes, d.map(|d| d.deals.as_str()))?,
            faults: may_forfeit(exp)
                .then(|| {
                    let sha = d.and_then(|d| d.faults.as_deref());
                    DataFile::reopen(&faults_path, p.faults_bytes, sha)
                })
                .transpose()?,
            records: records_path
                .as_deref()
                .filter(|_| !records_done)
                .map(|r| {
                    let sha = d.and_then(|d| d.records.as_deref());
                    DataFile::reopen(r, p.records_bytes, sha)
                })
                .transpose()?,
        };
        (p, files)
    } else {
        if !plan.force && (hands_path.exists() || dir.join(PROGRESS).exists()) {
            return Err(RunError::Folder(format!(
                "{} already holds results: add --resume to continue an interrupted run, --force to start again, or choose another --out",
                dir.display()
            )));
        }
        create_folder(dir)?;
        for f in ["summary.csv", "summary.md", "run.json", PROGRESS, FAULTS] {
            let _ = std::fs::remove_file(dir.join(f));
        }
        let files = Files {
            hands: DataFile::create(&hands_path, &csv_line(&hands_header::<R>()))?,
            deals: DataFile::create(&deals_path, &csv_line(&deals_header(exp)))?,
            faults: may_forfeit(exp)
                .then(|| {
                    DataFile::create(&faults_path, &csv_line(&FAULTS_HEADER.map(String::from)))
                })
                .transpose()?,
            records: records_path
                .as_deref()
                .map(|r| DataFile::create(r, b""))
                .transpose()?,
        };
        let p = Progress {
            fingerprint: fp,
            done: 0,
            hands_bytes: 0,
            deals_bytes: 0,
            faults_bytes: 0,
            records_bytes: 0,
            sha256: None,
            check: None,
        };
        (p, files)
    };
    files.commit(dir, &mut state)?;
    if let Some(p) = progress {
        p.set_length(total);
        p.set_position(state.done);
    }
    // The first batch is made durable at once (a crash soon after the start loses little), then
    // at most once every SYNC_EVERY.
    let mut synced: Option<Instant> = None;
    let end = play_batches(
        exp,
        rules,
        range,
        state.done,
        super::Records::new(files.records.is_some(), plan.record_times),
        stop,
        plan.stop_after,
        |batch, done| {
            files.hands.append(&batch.hands)?;
            files.deals.append(&batch.deal_rows.to_csv(&exp.arms))?;
            if let Some(f) = files.faults.as_mut() {
                f.append(&batch.faults)?;
            }
            if let Some(r) = files.records.as_mut() {
                r.append(&batch.records)?;
            }
            state.done = done;
            if synced.is_none_or(|t| t.elapsed() >= SYNC_EVERY) {
                files.commit(dir, &mut state)?;
                synced = Some(Instant::now());
            }
            if let Some(p) = progress {
                p.set_position(done);
            }
            Ok(())
        },
    )?;
    files.commit(dir, &mut state)?;
    if end == RunEnd::Complete
        && let (Some(from), Some(to)) = (&records_path, &plan.records)
        && files.records.is_some()
    {
        drop(files);
        std::fs::rename(from, to).map_err(|e| file_error("renaming", from, e))?;
        sync_folder(to.parent().unwrap_or(Path::new(".")))?;
    }
    Ok(end)
}

/// Ends a complete run whose summaries are written: `run.json` is written with `record` and
/// each data file's length and SHA-256 (from the progress, which counts the whole files now),
/// then the progress goes, and the folder reads as finished. Until then a stopped run finishes
/// on `--resume`.
///
/// # Errors
/// Reading the progress, writing `run.json`, removing the progress or syncing the folder
/// ([`RunError`]).
pub fn finish_run(dir: &Path, mut record: super::RunRecord) -> Result<(), RunError> {
    let path = dir.join(PROGRESS);
    if path.exists() {
        record.files = Progress::load(dir)?.files();
    }
    super::write_run_record(dir, &record)?;
    match std::fs::remove_file(&path) {
        Ok(()) => sync_folder(dir),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(file_error("removing", &path, e)),
    }
}
