//! Joining shard outputs into exactly the files one run would have written.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

use super::RunRecord;
use super::run::{DEALS, HANDS};
use super::wholeness::{Cover, check_rows, shard_deals};

/// Concatenates the `hands.csv` and `deals.csv` of complete shards `dirs` (any order) into
/// `out`, in shard order with one header. Returns the shards' common run record (without the
/// shard). Every shard must be complete, of the same config, and together cover 1..=n once,
/// and its files whole (see [`check_rows`]).
pub fn merge_shards(dirs: &[PathBuf], out: &Path) -> Result<RunRecord, String> {
    let mut shards: Vec<(u64, u64, &PathBuf, RunRecord)> = Vec::new();
    for d in dirs {
        let text = std::fs::read_to_string(d.join("run.json"))
            .map_err(|_| format!("{} holds no complete shard (no run.json; an interrupted shard must be resumed first)", d.display()))?;
        let rec: RunRecord = serde_json::from_str(&text)
            .map_err(|e| format!("{}: {e}", d.join("run.json").display()))?;
        let [k, n] = rec
            .shard
            .ok_or_else(|| format!("{} is a whole run, not a shard", d.display()))?;
        shards.push((k, n, d, rec));
    }
    shards.sort_by_key(|s| s.0);
    let n = shards
        .first()
        .map(|s| s.1)
        .ok_or("no shard folders given")?;
    if shards.iter().any(|s| s.1 != n) || shards.iter().map(|s| s.0).ne(1..=n) {
        let have: Vec<String> = shards.iter().map(|s| format!("{}/{}", s.0, s.1)).collect();
        return Err(format!(
            "the shards must be 1/{n} to {n}/{n}, each once; got {}",
            have.join(", ")
        ));
    }
    let first = &shards[0].3;
    if let Some(s) = shards
        .iter()
        .find(|s| s.3.config != first.config || s.3.commit != first.commit)
    {
        return Err(format!(
            "{} is a shard of another config or tricklab version",
            s.2.display()
        ));
    }
    let deals = toml::from_str::<toml::Table>(&first.config)
        .ok()
        .and_then(|t| t.get("deals").and_then(toml::Value::as_integer))
        .and_then(|d| u64::try_from(d).ok())
        .ok_or_else(|| format!("{}: the config has no deal count", shards[0].2.display()))?;
    let mut per_deal: Option<u64> = None;
    for &(k, n, d, _) in &shards {
        let range = shard_deals(deals, Some((k, n)));
        let rows = check_rows(&d.join(DEALS), range.clone(), Cover::EveryDealEvenly)?;
        match (per_deal, rows) {
            (Some(p), Some(r)) if p != r => {
                return Err(format!(
                    "{} has {r} rows per deal in {DEALS}, the shards before it {p}",
                    d.display()
                ));
            }
            _ => per_deal = per_deal.or(rows),
        }
        check_rows(&d.join(HANDS), range, Cover::EveryDealOrNone)?;
    }
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    for name in [HANDS, DEALS] {
        let path = out.join(name);
        let mut w = std::io::BufWriter::new(
            std::fs::File::create(&path).map_err(|e| format!("{}: {e}", path.display()))?,
        );
        for (i, (_, _, d, _)) in shards.iter().enumerate() {
            let f = std::fs::File::open(d.join(name))
                .map_err(|e| format!("{}: {e}", d.join(name).display()))?;
            let mut lines = BufReader::new(f).split(b'\n');
            if let Some(header) = lines.next() {
                let header = header.map_err(|e| e.to_string())?;
                if i == 0 {
                    w.write_all(&header)
                        .and_then(|_| w.write_all(b"\n"))
                        .map_err(|e| e.to_string())?;
                }
            }
            for line in lines {
                let line = line.map_err(|e| e.to_string())?;
                w.write_all(&line)
                    .and_then(|_| w.write_all(b"\n"))
                    .map_err(|e| e.to_string())?;
            }
        }
        w.flush().map_err(|e| e.to_string())?;
    }
    let mut rec = first.clone();
    rec.shard = None;
    Ok(rec)
}
