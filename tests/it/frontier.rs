//! `tricklab frontier`: a tiny ladder's chart and table against a times file, the agents
//! matched by spec however written; bad input is one line with exit code 2.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use common::{temp_path, tricklab, tricklab_ok};

const CONFIG: &str = r#"
game = "catch-the-ten"
players = 4
seed = 5
deals = 2
design = "ladder"
baseline = "B0"
ceiling = "oracle"

[[agent]]
label = "random"
spec = "random"

[[agent]]
label = "B0"
spec = "rules"

[[agent]]
label = "ismcts-20"
spec = "ismcts:iterations=20,c=0.7"

[[agent]]
label = "oracle"
spec = "oracle"
"#;

/// The times of the four agents: comments at both ends, specs quoted, the ISMCTS parameters
/// in another order.
const TIMES: &str = "\
# 2026-12-06T10:00:00Z up 3 days, load average: 0.00
spec,hands,cpu_s,ms_a_decision
rules,20000,0.08,0.00011
\"random\",20000,0.08,0.00006
\"ismcts:c=0.7, iterations=20\",300,2.47,0.25
\"oracle\",300,2.51,0.9293
# 2026-12-06T10:01:00Z up 3 days, load average: 0.90
";

/// A finished tiny ladder tournament's folder.
fn ladder() -> PathBuf {
    let cfg = temp_path("frontier", "ladder.toml");
    std::fs::write(&cfg, CONFIG).unwrap();
    let out = temp_path("frontier", "ladder");
    let _ = std::fs::remove_dir_all(&out);
    tricklab_ok(&[
        "tournament",
        "--config",
        cfg.to_str().unwrap(),
        "--threads",
        "2",
        "--out",
        out.to_str().unwrap(),
    ]);
    out
}

/// The rows of a CSV file by their first cell, each the rest of its cells.
fn rows_of(path: &Path) -> BTreeMap<String, Vec<String>> {
    let mut r = csv::Reader::from_path(path).unwrap();
    r.records()
        .map(|rec| {
            let rec = rec.unwrap();
            let cells: Vec<String> = rec.iter().map(String::from).collect();
            (cells[0].clone(), cells[1..].to_vec())
        })
        .collect()
}

#[test]
fn the_frontier_draws_the_ladder_against_the_times_of_its_specs() {
    let dir = ladder();
    let times = temp_path("frontier", "times.csv");
    std::fs::write(&times, TIMES).unwrap();
    let out = tricklab(&[
        "frontier",
        dir.to_str().unwrap(),
        "--times",
        times.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let header = std::fs::read_to_string(dir.join("frontier-cpu.csv")).unwrap();
    assert!(
        header.starts_with("agent,spec,ms_a_decision,over_baseline,over_low,over_high\n"),
        "{header}"
    );
    let rows = rows_of(&dir.join("frontier-cpu.csv"));
    let ladder = rows_of(&dir.join("ladder.csv"));
    let expected = [
        ("random", "random", "0.00006"),
        ("B0", "rules", "0.00011"),
        ("ismcts-20", "ismcts:c=0.7, iterations=20", "0.25"),
        ("oracle", "oracle", "0.9293"),
    ];
    assert_eq!(rows.len(), expected.len(), "{rows:?}");
    for (label, spec, ms) in expected {
        let row = &rows[label];
        assert_eq!((row[0].as_str(), row[1].as_str()), (spec, ms), "{label}");
        if label == "B0" {
            assert_eq!(row[2..], ["0.000000", "", ""], "{label}");
        } else {
            assert_eq!(row[2..], ladder[label][..3], "{label}");
        }
    }
    let svg = std::fs::read_to_string(dir.join("frontier-cpu.svg")).unwrap();
    for text in [
        "random",
        "B0",
        "ismcts-20",
        "oracle",
        "CPU ms per decision, one quiet core (log scale)",
        "catch-the-ten: strength against CPU time per decision",
        "points per seat over B0 per deal",
    ] {
        assert!(svg.contains(text), "the chart lacks {text}");
    }

    // An agent without a time is left off, named in one line.
    let some = temp_path("frontier", "some.csv");
    std::fs::write(&some, TIMES.replace("\"oracle\",300,2.51,0.9293\n", "")).unwrap();
    let chart = temp_path("frontier", "charts").join("without-oracle.svg");
    let out = tricklab(&[
        "frontier",
        dir.to_str().unwrap(),
        "--times",
        some.to_str().unwrap(),
        "--out",
        chart.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("not drawn: no CPU time for oracle"),
        "{err}"
    );
    let rows = rows_of(&chart.with_extension("csv"));
    assert_eq!(rows.len(), 3);
    assert!(!rows.contains_key("oracle"));
    let svg = std::fs::read_to_string(&chart).unwrap();
    assert!(svg.contains("ismcts-20") && !svg.contains(">\noracle\n<"));

    // Bad input: one line naming the problem, exit code 2.
    let no_ms = temp_path("frontier", "no-ms.csv");
    std::fs::write(&no_ms, "spec,hands,cpu_s\nrules,1,0.1\n").unwrap();
    let empty = temp_path("frontier", "empty");
    std::fs::create_dir_all(&empty).unwrap();
    let none = temp_path("frontier", "none.csv");
    std::fs::write(&none, "spec,ms_a_decision\nrules:save_ten,0.1\n").unwrap();
    for (folder, file, says) in [
        (&dir, &no_ms, "no `ms_a_decision` column"),
        (&dir, &none, "no agent of the ladder"),
        (&empty, &times, "no finished tournament (no run.json)"),
        (&empty.join("nowhere"), &times, "no such folder"),
        (&dir, &empty.join("nowhere.csv"), "no such file"),
    ] {
        let out = tricklab(&[
            "frontier",
            folder.to_str().unwrap(),
            "--times",
            file.to_str().unwrap(),
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{says}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(says), "{says}: {err}");
    }
}
