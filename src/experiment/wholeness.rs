//! Checks that the CSV files of a finished shard are whole before `merge` joins them: every
//! row ends with a newline and has the header's field count, and the rows cover the shard's
//! deals in order, each once, with nothing cut off at the end.

use std::io::{Read, Seek, SeekFrom};
use std::ops::Range;
use std::path::Path;

use thiserror::Error;

/// The deals of shard `k` of `n` (`None`: the whole run) of an experiment of `deals` deals.
/// The products are taken in 128 bits, so that no deal count and shard split can overflow
/// them (each bound is at most `deals`, so it fits back into 64 bits).
pub fn shard_deals(deals: u64, shard: Option<(u64, u64)>) -> Range<u64> {
    match shard {
        None => 0..deals,
        Some((k, n)) => {
            let at = |i: u64| (u128::from(i) * u128::from(deals) / u128::from(n)) as u64;
            at(k - 1)..at(k)
        }
    }
}

/// What [`check_rows`] demands of a file's deals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cover {
    /// Every deal of the range, with the same number of rows for each (`deals.csv`: one row
    /// per arm and rotation).
    EveryDealEvenly,
    /// Every deal of the range if there is any row at all (a file that may hold only its
    /// header).
    EveryDealOrNone,
    /// Every deal of the range, with any number of rows each (`hands.csv` of whole matches:
    /// one row per seat and hand, and a match has as many hands as it takes).
    EveryDeal,
    /// The header alone (`hands.csv` when the config turns hand rows off).
    HeaderOnly,
}

/// Why a shard's CSV file is not whole: each message is one line naming the file (and the row)
/// and what is wrong.
#[derive(Debug, Error)]
pub enum RowsError {
    /// The file cannot be read.
    #[error("{file}: {source}")]
    Io {
        /// The file.
        file: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The header cannot be read.
    #[error("{file}: {problem}")]
    Header {
        /// The file.
        file: String,
        /// What the CSV reader said.
        problem: String,
    },
    /// A carriage return: tricklab writes `\n` line ends only, so the file was changed
    /// (edited, or copied through a tool that writes CRLF).
    #[error(
        "{file} holds a carriage return (CRLF line ends); tricklab writes LF only, so the file was changed after the run: run the shard again"
    )]
    CarriageReturn {
        /// The file.
        file: String,
    },
    /// Rows in a file that the config says holds its header alone.
    #[error("{file} holds rows, but the config turns them off (hand_rows = false)")]
    Unexpected {
        /// The file.
        file: String,
    },
    /// The last row does not end with a newline.
    #[error(
        "{file} is cut short: its last row does not end with a newline (the shard was damaged; run it again)"
    )]
    CutShort {
        /// The file.
        file: String,
    },
    /// A row that cannot be read, has the wrong field count, or the wrong deal.
    #[error("{file} row {row}: {problem}")]
    Row {
        /// The file.
        file: String,
        /// The row, counting the header as row 1.
        row: u64,
        /// What is wrong with it.
        problem: String,
    },
    /// A deal with another number of rows than the deals before it.
    #[error("{file}: deal {deal} has {got} rows where the others have {want}")]
    Uneven {
        /// The file.
        file: String,
        /// The deal.
        deal: u64,
        /// Its rows.
        got: u64,
        /// The rows of the deals before it.
        want: u64,
    },
    /// No rows where the shard has deals.
    #[error("{file} holds no rows; the shard covers deals {first} to {last}")]
    NoRows {
        /// The file.
        file: String,
        /// The shard's first deal.
        first: u64,
        /// The shard's last deal.
        last: u64,
    },
    /// The rows stop before the shard's last deal.
    #[error("{file} ends at deal {deal}; the shard covers deals {first} to {last}")]
    EndsEarly {
        /// The file.
        file: String,
        /// The last deal in the file.
        deal: u64,
        /// The shard's first deal.
        first: u64,
        /// The shard's last deal.
        last: u64,
    },
}

/// Checks the CSV file `path` whose first column is the deal number against the deals
/// `deals`. Returns the rows per deal for [`Cover::EveryDealEvenly`] (to compare shards).
///
/// # Errors
/// A file that cannot be read or is not whole ([`RowsError`]).
pub fn check_rows(path: &Path, deals: Range<u64>, cover: Cover) -> Result<Option<u64>, RowsError> {
    let file = || path.display().to_string();
    let io = |source| RowsError::Io {
        file: file(),
        source,
    };
    let at = |row: u64, problem: String| RowsError::Row {
        file: file(),
        row,
        problem,
    };
    let mut f = std::fs::File::open(path).map_err(io)?;
    let len = f.metadata().map_err(io)?.len();
    let mut last = [0u8; 1];
    if len > 0 {
        f.seek(SeekFrom::End(-1))
            .and_then(|_| f.read_exact(&mut last))
            .and_then(|_| f.seek(SeekFrom::Start(0)).map(|_| ()))
            .map_err(io)?;
    }
    if len == 0 || last[0] != b'\n' {
        return Err(RowsError::CutShort { file: file() });
    }
    if holds_carriage_return(&mut f).map_err(io)? {
        return Err(RowsError::CarriageReturn { file: file() });
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(true)
        .from_reader(std::io::BufReader::new(f));
    let fields = reader
        .byte_headers()
        .map_err(|e| RowsError::Header {
            file: file(),
            problem: e.to_string(),
        })?
        .len();
    let mut record = csv::ByteRecord::new();
    let mut row = 1u64;
    // (deal, rows of that deal) of the deal being read.
    let mut current: Option<(u64, u64)> = None;
    let mut per_deal: Option<u64> = None;
    let uneven = |deal: u64, got: u64, want: u64| RowsError::Uneven {
        file: file(),
        deal,
        got,
        want,
    };
    loop {
        match reader.read_byte_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {}
            Err(e) => return Err(at(row + 1, e.to_string())),
        }
        row += 1;
        if record.len() != fields {
            return Err(at(
                row,
                format!("{} fields where the header has {fields}", record.len()),
            ));
        }
        let deal = std::str::from_utf8(&record[0])
            .ok()
            .and_then(|d| d.parse::<u64>().ok())
            .ok_or_else(|| at(row, "the deal is not a number".to_string()))?;
        current = match current {
            None if deal != deals.start => {
                return Err(at(
                    row,
                    format!(
                        "starts at deal {deal}, not at the shard's first deal {}",
                        deals.start
                    ),
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
                return Err(at(
                    row,
                    format!(
                        "deal {deal} follows deal {d} (the shard covers deals {} to {}, each once and in order)",
                        deals.start,
                        deals.end.saturating_sub(1)
                    ),
                ));
            }
        };
    }
    match current {
        Some(_) if cover == Cover::HeaderOnly => Err(RowsError::Unexpected { file: file() }),
        None if matches!(cover, Cover::EveryDealOrNone | Cover::HeaderOnly) || deals.is_empty() => {
            Ok(None)
        }
        None => Err(RowsError::NoRows {
            file: file(),
            first: deals.start,
            last: deals.end - 1,
        }),
        Some((d, _)) if d + 1 != deals.end => Err(RowsError::EndsEarly {
            file: file(),
            deal: d,
            first: deals.start,
            last: deals.end - 1,
        }),
        Some((d, n)) => match (cover, per_deal) {
            (Cover::EveryDealEvenly, Some(want)) if want != n => Err(uneven(d, n, want)),
            (Cover::EveryDealEvenly, _) => Ok(Some(n)),
            _ => Ok(None),
        },
    }
}

/// Whether the file holds a `\r` byte; leaves it at its start.
fn holds_carriage_return(f: &mut std::fs::File) -> std::io::Result<bool> {
    let mut buf = vec![0u8; 1 << 16];
    let found = loop {
        let n = f.read(&mut buf)?;
        if n == 0 {
            break false;
        }
        if buf[..n].contains(&b'\r') {
            break true;
        }
    };
    f.seek(SeekFrom::Start(0))?;
    Ok(found)
}

#[cfg(test)]
mod shard_tests {
    use super::shard_deals;

    #[test]
    fn shards_of_huge_runs_cover_every_deal_once() {
        for deals in [
            1,
            7,
            1 << 40,
            6_100_000_000_000_000_000,
            (1 << 63) - 1,
            u64::MAX,
        ] {
            for n in [1, 2, 3, 7, 1000] {
                let mut next = 0;
                for k in 1..=n {
                    let r = shard_deals(deals, Some((k, n)));
                    assert_eq!(r.start, next, "{deals} {k}/{n}");
                    assert!(r.end >= r.start, "{deals} {k}/{n}");
                    next = r.end;
                }
                assert_eq!(next, deals, "{deals} /{n}");
            }
        }
        let third = shard_deals(6_100_000_000_000_000_000, Some((3, 3)));
        assert_eq!(third.end - third.start, 2_033_333_333_333_333_334);
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
        let r = check_rows(&path, deals, cover).map_err(|e| e.to_string());
        let _ = std::fs::remove_file(&path);
        r
    }

    #[test]
    fn a_rows_error_is_one_line_naming_file_row_and_problem() {
        let e = RowsError::Row {
            file: "shard-1-of-2/deals.csv".into(),
            row: 7,
            problem: "the deal is not a number".into(),
        };
        assert_eq!(
            e.to_string(),
            "shard-1-of-2/deals.csv row 7: the deal is not a number"
        );
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
