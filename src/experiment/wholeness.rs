//! Checks that the CSV files of a finished shard are whole before `merge` joins them: every
//! row ends with a newline and has the header's field count, and the rows cover the shard's
//! deals in order, each once, with nothing cut off at the end.

use std::io::{Read, Seek, SeekFrom};
use std::ops::Range;
use std::path::Path;

/// The deals of shard `k` of `n` (`None`: the whole run) of an experiment of `deals` deals.
pub fn shard_deals(deals: u64, shard: Option<(u64, u64)>) -> Range<u64> {
    match shard {
        None => 0..deals,
        Some((k, n)) => (k - 1) * deals / n..k * deals / n,
    }
}

/// What [`check_rows`] demands of a file's deals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cover {
    /// Every deal of the range, with the same number of rows for each (`deals.csv`: one row
    /// per arm and rotation).
    EveryDealEvenly,
    /// Every deal of the range if there is any row at all (`hands.csv`, which holds only its
    /// header when the config turns hand rows off).
    EveryDealOrNone,
}

/// Checks the CSV file `path` whose first column is the deal number against the deals
/// `deals`. Returns the rows per deal for [`Cover::EveryDealEvenly`] (to compare shards), or
/// a one-line message naming the file, the row and what is wrong.
pub fn check_rows(path: &Path, deals: Range<u64>, cover: Cover) -> Result<Option<u64>, String> {
    let shown = path.display();
    let mut f = std::fs::File::open(path).map_err(|e| format!("{shown}: {e}"))?;
    let len = f.metadata().map_err(|e| format!("{shown}: {e}"))?.len();
    let mut last = [0u8; 1];
    if len > 0 {
        f.seek(SeekFrom::End(-1))
            .and_then(|_| f.read_exact(&mut last))
            .and_then(|_| f.seek(SeekFrom::Start(0)).map(|_| ()))
            .map_err(|e| format!("{shown}: {e}"))?;
    }
    if len == 0 || last[0] != b'\n' {
        return Err(format!(
            "{shown} is cut short: its last row does not end with a newline (the shard was damaged; run it again)"
        ));
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(true)
        .from_reader(std::io::BufReader::new(f));
    let fields = reader
        .byte_headers()
        .map_err(|e| format!("{shown}: {e}"))?
        .len();
    let mut record = csv::ByteRecord::new();
    let mut row = 1u64;
    // (deal, rows of that deal) of the deal being read.
    let mut current: Option<(u64, u64)> = None;
    let mut per_deal: Option<u64> = None;
    let uneven = |deal: u64, got: u64, want: u64| {
        format!("{shown}: deal {deal} has {got} rows where the others have {want}")
    };
    loop {
        match reader.read_byte_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {}
            Err(e) => return Err(format!("{shown} row {}: {e}", row + 1)),
        }
        row += 1;
        if record.len() != fields {
            return Err(format!(
                "{shown} row {row}: {} fields where the header has {fields}",
                record.len()
            ));
        }
        let deal = std::str::from_utf8(&record[0])
            .ok()
            .and_then(|d| d.parse::<u64>().ok())
            .ok_or_else(|| format!("{shown} row {row}: the deal is not a number"))?;
        current = match current {
            None if deal != deals.start => {
                return Err(format!(
                    "{shown} row {row}: starts at deal {deal}, not at the shard's first deal {}",
                    deals.start
                ));
            }
            None => Some((deal, 1)),
            Some((d, n)) if deal == d => Some((d, n + 1)),
            Some((d, n)) if deal == d + 1 && deal < deals.end => {
                if cover == Cover::EveryDealEvenly {
                    match per_deal {
                        Some(want) if want != n => return Err(uneven(d, n, want)),
                        _ => per_deal = Some(n),
                    }
                }
                Some((deal, 1))
            }
            Some((d, _)) => {
                return Err(format!(
                    "{shown} row {row}: deal {deal} follows deal {d} (the shard covers deals {} to {}, each once and in order)",
                    deals.start,
                    deals.end.saturating_sub(1)
                ));
            }
        };
    }
    match current {
        None if cover == Cover::EveryDealOrNone || deals.is_empty() => Ok(None),
        None => Err(format!(
            "{shown} holds no rows; the shard covers deals {} to {}",
            deals.start,
            deals.end - 1
        )),
        Some((d, _)) if d + 1 != deals.end => Err(format!(
            "{shown} ends at deal {d}; the shard covers deals {} to {}",
            deals.start,
            deals.end - 1
        )),
        Some((d, n)) => match (cover, per_deal) {
            (Cover::EveryDealEvenly, Some(want)) if want != n => Err(uneven(d, n, want)),
            (Cover::EveryDealEvenly, _) => Ok(Some(n)),
            (Cover::EveryDealOrNone, _) => Ok(None),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, deals: Range<u64>, cover: Cover) -> Result<Option<u64>, String> {
        let dir = std::env::temp_dir().join(format!("tricklab-wholeness-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let path = dir.join(format!("{n}.csv"));
        std::fs::write(&path, text).unwrap();
        let r = check_rows(&path, deals, cover);
        let _ = std::fs::remove_file(&path);
        r
    }

    const WHOLE: &str = "deal,arm,x\n4,a,1\n4,b,2\n5,a,\"1,5\"\n5,b,3\n";

    #[test]
    fn a_whole_file_passes() {
        assert_eq!(check(WHOLE, 4..6, Cover::EveryDealEvenly), Ok(Some(2)));
        assert_eq!(check("deal,arm\n", 4..6, Cover::EveryDealOrNone), Ok(None));
    }

    #[test]
    fn each_kind_of_damage_is_named() {
        let cases = [
            (&WHOLE[..WHOLE.len() - 1], "newline"),
            (
                "deal,arm,x\n4,a,1\n4,b\n5,a,1\n5,b,3\n",
                "row 3: 2 fields where the header has 3",
            ),
            (
                "deal,arm,x\n4,a,1\n4,b,2\n5,a,1\n",
                "deal 5 has 1 rows where the others have 2",
            ),
            ("deal,arm,x\n4,a,1\n4,b,2\n", "ends at deal 4"),
            ("deal,arm,x\n5,a,1\n5,b,2\n", "starts at deal 5"),
            (
                "deal,arm,x\n4,a,1\n4,b,2\n6,a,1\n6,b,2\n",
                "deal 6 follows deal 4",
            ),
            (
                "deal,arm,x\n4,a,1\n4,b,2\n5,a,1\n5,b,2\n4,a,1\n",
                "deal 4 follows deal 5",
            ),
            ("deal,arm,x\nx,a,1\n", "not a number"),
            ("deal,arm,x\n", "holds no rows"),
        ];
        for (text, want) in cases {
            let e = check(text, 4..6, Cover::EveryDealEvenly).unwrap_err();
            assert!(e.contains(want), "{text:?}: {e}");
            assert!(!e.contains('\n'), "one line: {e}");
        }
    }
}
