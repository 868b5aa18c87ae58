//! Joining shard outputs into exactly the files one run would have written.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::RunRecord;
use super::durable::{DataFile, sync_folder};
use super::run::{DEALS, FAULTS, HANDS, RunError};
use super::vouched::check_files;
use super::wholeness::{Cover, RowsError, check_rows, shard_deals};

/// Why shards cannot be merged: one line naming the folder or file and what is wrong.
#[derive(Debug, Error)]
pub enum MergeError {
    /// No folders were given.
    #[error("no shard folders given")]
    NoShards,
    /// The output folder is one of the shards: writing it would destroy that shard.
    #[error("--out {dir} is one of the shards being merged; merge into another folder")]
    OutIsShard {
        /// The folder.
        dir: String,
    },
    /// A folder without `run.json`: not a finished shard.
    #[error(
        "{dir} holds no complete shard (no run.json; an interrupted shard must be resumed first)"
    )]
    Unfinished {
        /// The folder.
        dir: String,
    },
    /// A `run.json` that cannot be read.
    #[error("{file}: {problem}")]
    Record {
        /// The file.
        file: String,
        /// What is wrong.
        problem: String,
    },
    /// A folder of a whole run.
    #[error("{dir} is a whole run, not a shard")]
    WholeRun {
        /// The folder.
        dir: String,
    },
    /// Shards that are not 1/n to n/n, each once.
    #[error("the shards must be 1/{n} to {n}/{n}, each once; got {got}")]
    ShardSet {
        /// The shard count of the first shard.
        n: u64,
        /// The shards given, as `k/n`.
        got: String,
    },
    /// A shard of another config or tricklab version.
    #[error("{dir} is a shard of another config or tricklab version")]
    OtherRun {
        /// The folder.
        dir: String,
    },
    /// A shard that played another deal book (or none) than the first shard.
    #[error(
        "{dir} played deal book {its}, but {first} played {first_book}; merge shards of one book"
    )]
    OtherBook {
        /// The shard that differs.
        dir: String,
        /// Its book, as `path (sha256 …)` or `none (deals from the seed)`.
        its: String,
        /// The first shard.
        first: String,
        /// The first shard's book, described the same way.
        first_book: String,
    },
    /// A config without its deal count.
    #[error("{dir}: the config has no deal count")]
    NoDealCount {
        /// The folder.
        dir: String,
    },
    /// A shard with another number of rows per deal than the shards before it.
    #[error("{dir} has {rows} rows per deal in {file}, the shards before it {before}")]
    RowsPerDeal {
        /// The folder.
        dir: String,
        /// The file.
        file: &'static str,
        /// Its rows per deal.
        rows: u64,
        /// The rows per deal of the shards before it.
        before: u64,
    },
    /// A shard's file that is not whole.
    #[error(transparent)]
    Rows(#[from] RowsError),
    /// A shard's file that differs from what its `run.json` records, or a merged file that
    /// cannot be written (the file and the step named).
    #[error(transparent)]
    Files(#[from] RunError),
    /// Reading a shard or writing the merged files.
    #[error("{file}: {source}")]
    Io {
        /// The file.
        file: String,
        /// What the system said.
        source: std::io::Error,
    },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> MergeError + '_ {
    move |source| MergeError::Io {
        file: path.display().to_string(),
        source,
    }
}

/// The temporary name a merged file is written under.
fn partial(name: &str) -> String {
    format!(".{name}.partial")
}

/// Concatenates the `hands.csv` and `deals.csv` (and `faults.csv`, where the shards have it) of
/// complete shards `dirs` (any order) into `out`, in shard order with one header: the bytes a
/// one-shard run writes. Returns the shards' common run record (without the shard, with the
/// merged files' lengths and SHA-256; the book it played, if any). Every shard must be complete, of the same config and deal book, and
/// together cover 1..=n once, and its files must be what its `run.json` records and whole (see
/// [`check_files`] and [`check_rows`]). A failure (a full disk) leaves no merged file, whole
/// or in part.
pub fn merge_shards(dirs: &[PathBuf], out: &Path) -> Result<RunRecord, MergeError> {
    let mut shards: Vec<(u64, u64, &PathBuf, RunRecord)> = Vec::new();
    let same = |a: &Path, b: &Path| {
        a.canonicalize()
            .ok()
            .is_some_and(|a| b.canonicalize().ok() == Some(a))
    };
    if let Some(d) = dirs.iter().find(|d| same(d, out)) {
        return Err(MergeError::OutIsShard {
            dir: d.display().to_string(),
        });
    }
    for d in dirs {
        let text =
            std::fs::read_to_string(d.join("run.json")).map_err(|_| MergeError::Unfinished {
                dir: d.display().to_string(),
            })?;
        let rec: RunRecord = serde_json::from_str(&text).map_err(|e| MergeError::Record {
            file: d.join("run.json").display().to_string(),
            problem: e.to_string(),
        })?;
        let [k, n] = rec.shard.ok_or_else(|| MergeError::WholeRun {
            dir: d.display().to_string(),
        })?;
        shards.push((k, n, d, rec));
    }
    shards.sort_by_key(|s| s.0);
    let n = shards.first().map(|s| s.1).ok_or(MergeError::NoShards)?;
    if shards.iter().any(|s| s.1 != n) || shards.iter().map(|s| s.0).ne(1..=n) {
        let have: Vec<String> = shards.iter().map(|s| format!("{}/{}", s.0, s.1)).collect();
        return Err(MergeError::ShardSet {
            n,
            got: have.join(", "),
        });
    }
    let first = &shards[0].3;
    if let Some(s) = shards
        .iter()
        .find(|s| s.3.config != first.config || s.3.commit != first.commit)
    {
        return Err(MergeError::OtherRun {
            dir: s.2.display().to_string(),
        });
    }
    let sha = |r: &RunRecord| r.deals.as_ref().map(|b| b.sha256.clone());
    if let Some(s) = shards.iter().find(|s| sha(&s.3) != sha(first)) {
        return Err(MergeError::OtherBook {
            dir: s.2.display().to_string(),
            its: book_words(&s.3),
            first: shards[0].2.display().to_string(),
            first_book: book_words(first),
        });
    }
    let table = toml::from_str::<toml::Table>(&first.config).ok();
    let flag = |key: &str, default: bool| {
        table
            .as_ref()
            .and_then(|t| t.get(key))
            .and_then(toml::Value::as_bool)
            .unwrap_or(default)
    };
    // What hands.csv holds: nothing but its header without hand rows; one row per seat and
    // hand, so the same count for every deal of single hands, and any count in whole matches.
    let hands_cover = match (flag("hand_rows", true), flag("matches", false)) {
        (false, _) => Cover::HeaderOnly,
        (true, false) => Cover::EveryDealEvenly,
        (true, true) => Cover::EveryDeal,
    };
    let deals = table
        .as_ref()
        .and_then(|t| t.get("deals").and_then(toml::Value::as_integer))
        .and_then(|d| u64::try_from(d).ok())
        .ok_or_else(|| MergeError::NoDealCount {
            dir: shards[0].2.display().to_string(),
        })?;
    for (_, _, d, rec) in &shards {
        check_files(d, &rec.files)?;
    }
    let mut per_deal: [Option<u64>; 2] = [None, None];
    for &(k, n, d, _) in &shards {
        let range = shard_deals(deals, Some((k, n)));
        for (i, (name, cover)) in [(DEALS, Cover::EveryDealEvenly), (HANDS, hands_cover)]
            .into_iter()
            .enumerate()
        {
            let rows = check_rows(&d.join(name), range.clone(), cover)?;
            match (per_deal[i], rows) {
                (Some(p), Some(r)) if p != r => {
                    return Err(MergeError::RowsPerDeal {
                        dir: d.display().to_string(),
                        file: name,
                        rows: r,
                        before: p,
                    });
                }
                _ => per_deal[i] = per_deal[i].or(rows),
            }
        }
    }
    std::fs::create_dir_all(out).map_err(io(out))?;
    // A run that seats a bot that may forfeit writes faults.csv in every shard.
    let faults = shards[0].2.join(FAULTS).exists().then_some(FAULTS);
    if faults.is_none() {
        // Not this run's: a file left by another one in a folder given with --force.
        let _ = std::fs::remove_file(out.join(FAULTS));
    }
    // Each file is written under a temporary name and renamed once all are whole, so that a
    // failure (a full disk) leaves no part of a merged file under a real name.
    let names: Vec<&str> = [HANDS, DEALS].into_iter().chain(faults).collect();
    let written = concatenate(&shards, out, &names);
    if written.is_err() {
        for name in &names {
            let _ = std::fs::remove_file(out.join(partial(name)));
        }
    }
    let files = written?;
    for name in names {
        let (from, to) = (out.join(partial(name)), out.join(name));
        std::fs::rename(&from, &to).map_err(io(&to))?;
    }
    sync_folder(out)?;
    let mut rec = first.clone();
    rec.shard = None;
    rec.files = files;
    Ok(rec)
}

/// A run's deal book in an error: its path and the start of its SHA-256, or that it had none.
fn book_words(rec: &RunRecord) -> String {
    match &rec.deals {
        Some(b) => format!(
            "{} (sha256 {})",
            b.path,
            &b.sha256[..b.sha256.len().min(12)]
        ),
        None => "none (deals from the seed)".to_string(),
    }
}

/// Writes each of `names` of the `shards` (in order) joined under its temporary name in `out`,
/// synced; returns each merged file's length and SHA-256.
fn concatenate(
    shards: &[(u64, u64, &PathBuf, RunRecord)],
    out: &Path,
    names: &[&str],
) -> Result<super::vouched::FileDigests, MergeError> {
    let mut files = super::vouched::FileDigests::new();
    for &name in names {
        let path = out.join(partial(name));
        let mut w: Option<DataFile> = None;
        for (_, _, d, _) in shards {
            let from = d.join(name);
            let f = std::fs::File::open(&from).map_err(io(&from))?;
            let mut lines = BufReader::new(f).split(b'\n');
            let header = lines.next().transpose().map_err(io(&from))?;
            if w.is_none() {
                let mut line = header.unwrap_or_default();
                line.push(b'\n');
                w = Some(DataFile::create(&path, &line)?);
            }
            let w = w.as_mut().expect("created with the first shard");
            for line in lines {
                let mut line = line.map_err(io(&from))?;
                line.push(b'\n');
                w.append(&line)?;
            }
        }
        let mut w = w.expect("at least one shard");
        w.sync()?;
        files.insert(
            name.to_string(),
            super::vouched::FileDigest {
                bytes: w.bytes(),
                sha256: w.sha256(),
            },
        );
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_merge_error_is_one_line_naming_what_is_wrong() {
        let e = MergeError::ShardSet {
            n: 3,
            got: "1/3, 3/3".into(),
        };
        assert_eq!(
            e.to_string(),
            "the shards must be 1/3 to 3/3, each once; got 1/3, 3/3"
        );
        let e = MergeError::RowsPerDeal {
            dir: "s2".into(),
            file: DEALS,
            rows: 4,
            before: 2,
        };
        assert_eq!(
            e.to_string(),
            "s2 has 4 rows per deal in deals.csv, the shards before it 2"
        );
    }
}
