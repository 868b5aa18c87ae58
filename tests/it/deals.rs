//! Deal books (docs/deals.md): `tricklab deals` writes the deals a seed plays, and `--deals
//! FILE` plays exactly those deals, as JSON lines or (Whist) PBN.

use crate::common;

use std::path::{Path, PathBuf};

use common::{folder_files, temp_path, tricklab, tricklab_ok};

fn path(name: &str) -> PathBuf {
    temp_path("deals", name)
}

fn fresh_dir(name: &str) -> PathBuf {
    let d = path(name);
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// Writes the book of `game` with `seed` and `count` deals (and `extra` flags) to `name`.
fn book(name: &str, game: &str, seed: u64, count: u64, extra: &[&str]) -> PathBuf {
    let p = path(name);
    let (seed, count) = (seed.to_string(), count.to_string());
    let mut args = vec![
        "deals", "--game", game, "--seed", &seed, "--count", &count, "--out",
    ];
    args.push(p.to_str().unwrap());
    args.extend(extra);
    tricklab_ok(&args);
    p
}

/// The JSON lines of `text`.
fn lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// The records `simulate` writes to standard output with `args`.
fn records(args: &[&str]) -> String {
    let mut all = vec!["simulate", "--log", "-"];
    all.extend(args);
    let out = tricklab(&all);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_seeds_book_holds_the_deals_simulate_plays_with_that_seed() {
    for (game, players) in [
        ("whist", "4"),
        ("catch-the-ten", "3"),
        ("nine-five-two", "3"),
    ] {
        let b = book(
            &format!("{game}-{players}.jsonl"),
            game,
            7,
            12,
            &["--players", players],
        );
        let book = lines(&std::fs::read_to_string(&b).unwrap());
        assert_eq!(book.len(), 12);
        let played = lines(&records(&[
            "--game",
            game,
            "--players",
            players,
            "--seed",
            "7",
            "--games",
            "12",
            "--hands",
        ]));
        assert_eq!(played.len(), 12, "{game}: one single hand per game");
        for (i, (b, r)) in book.iter().zip(&played).enumerate() {
            assert_eq!(b["format"], "tricklab-deal/1");
            assert_eq!(b["game"], r["game"], "{game} deal {i}");
            assert_eq!(b["options"], r["options"], "{game} deal {i}");
            assert_eq!(b["dealer"], r["dealer"], "{game} deal {i}");
            assert_eq!(b["deal"], r["deal"], "{game} deal {i}");
        }
    }
}

#[test]
fn a_book_played_twice_gives_identical_results_and_its_deals() {
    let b = book("twice.jsonl", "whist", 21, 30, &[]);
    let b = b.to_str().unwrap();
    let flags = [
        "--game",
        "whist",
        "--agents",
        "rules,random,rules,random",
        "--seed",
        "5",
        "--deals",
        b,
    ];
    let (d1, d2) = (fresh_dir("twice-1"), fresh_dir("twice-2"));
    let run = |d: &Path, threads: &str| {
        let mut args = vec![
            "simulate",
            "--threads",
            threads,
            "--out",
            d.to_str().unwrap(),
        ];
        args.extend(flags);
        tricklab_ok(&args)
    };
    run(&d1, "1");
    run(&d2, "2");
    assert_eq!(folder_files(&d1), folder_files(&d2));
    let run_json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(d1.join("run.json")).unwrap()).unwrap();
    assert_eq!(run_json["deals"]["path"], b);
    assert_eq!(run_json["deals"]["sha256"].as_str().unwrap().len(), 64);
    assert!(
        run_json["command"].as_str().unwrap().contains("--deals"),
        "{run_json}"
    );
    // Every deal of the book is the first hand of its game (30: the book's length, as no
    // --games is given), whatever the seed.
    let book = lines(&std::fs::read_to_string(b).unwrap());
    let played = lines(&records(&flags));
    let firsts: Vec<&serde_json::Value> = played.iter().filter(|r| r["hand"] == 0).collect();
    assert_eq!(firsts.len(), 30);
    for (b, r) in book.iter().zip(&firsts) {
        assert_eq!((&b["dealer"], &b["deal"]), (&r["dealer"], &r["deal"]));
    }
    // Without the book seed 5 deals otherwise.
    let unbooked = lines(&records(&[
        "--game",
        "whist",
        "--agents",
        "rules,random,rules,random",
        "--seed",
        "5",
        "--games",
        "30",
    ]));
    assert_ne!(unbooked[0]["deal"], firsts[0]["deal"]);
}

#[test]
fn a_seeds_book_played_with_that_seed_plays_what_the_seed_alone_plays() {
    let b = book("same.jsonl", "catch-the-ten", 9, 8, &[]);
    let flags = ["--agents", "rules", "--seed", "9", "--games", "8"];
    let alone = records(&flags);
    let mut with = flags.to_vec();
    with.extend(["--deals", b.to_str().unwrap()]);
    assert_eq!(
        records(&with),
        alone,
        "matches: the later hands come from the seed"
    );
}

#[test]
fn a_book_that_does_not_fit_the_run_is_refused_in_one_line() {
    let b = book("short.jsonl", "whist", 1, 3, &[]);
    let b = b.to_str().unwrap();
    let refused = |args: &[&str], want: &str| {
        let out = tricklab(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(want), "{args:?}: {err}");
    };
    refused(
        &["simulate", "--game", "whist", "--games", "4", "--deals", b],
        &format!("--deals {b} holds 3 deals; the run plays 4"),
    );
    refused(
        &["simulate", "--game", "catch-the-ten", "--deals", b],
        &format!("--deals {b} holds deals of whist, 4 players"),
    );
    refused(
        &[
            "simulate", "--game", "whist", "--option", "honours", "--deals", b,
        ],
        "this run plays whist, 4 players, options",
    );
    let junk = path("junk.jsonl");
    std::fs::write(&junk, "{\"format\":\"tricklab-deal/1\"}\n").unwrap();
    refused(
        &[
            "simulate",
            "--game",
            "whist",
            "--deals",
            junk.to_str().unwrap(),
        ],
        "line 1: not a tricklab-deal/1 line",
    );
    refused(
        &["deals", "--game", "catch-the-ten", "--format", "pbn"],
        "--format pbn writes Whist deals",
    );
    let missing = path("missing.jsonl");
    let out = tricklab(&["simulate", "--deals", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "a file that cannot be read");
}

/// A `run` config of Whist hands with `deals` deals.
fn config(name: &str, deals: u64) -> PathBuf {
    let p = path(name);
    std::fs::write(
        &p,
        format!(
            r#"name = "book"
game = "whist"
seed = 3
deals = {deals}
statistics = ["tricks"]

[[arm]]
name = "rules"
seats = "rules"

[[arm]]
name = "random"
seats = ["random", "rules", "random", "rules"]
"#
        ),
    )
    .unwrap();
    p
}

#[test]
fn run_plays_a_book_and_a_resume_refuses_a_changed_one() {
    let cfg = config("run.toml", 300);
    let cfg = cfg.to_str().unwrap();
    let b = book("run.jsonl", "whist", 40, 300, &[]);
    let b = b.to_str().unwrap();
    let (d1, d2, d3) = (fresh_dir("run-1"), fresh_dir("run-2"), fresh_dir("run-3"));
    let run = |d: &Path, extra: &[&str]| {
        let mut args = vec!["run", cfg, "--deals", b, "--out", d.to_str().unwrap()];
        args.extend(extra);
        tricklab(&args)
    };
    assert!(run(&d1, &[]).status.success());
    assert!(run(&d2, &["--threads", "2"]).status.success());
    assert_eq!(folder_files(&d1), folder_files(&d2));
    let plain = tricklab(&["run", cfg, "--out", d3.to_str().unwrap()]);
    assert!(plain.status.success());
    let deals = |d: &Path| std::fs::read(d.join("deals.csv")).unwrap();
    assert_ne!(deals(&d1), deals(&d3), "the book's deals are not seed 3's");
    // A run stopped half way, then resumed with another book: refused.
    let d4 = fresh_dir("run-4");
    let stopped = run(&d4, &["--stop-after-deals", "1", "--threads", "1"]);
    assert_eq!(stopped.status.code(), Some(3));
    let other = book("run-other.jsonl", "whist", 41, 300, &[]);
    let out = tricklab(&[
        "run",
        cfg,
        "--deals",
        other.to_str().unwrap(),
        "--out",
        d4.to_str().unwrap(),
        "--resume",
    ]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // With the same book it resumes to what the uninterrupted run wrote.
    assert!(run(&d4, &["--resume"]).status.success());
    assert_eq!(folder_files(&d1), folder_files(&d4));
    // A config that plays more deals than the book holds.
    let long = config("run-long.toml", 301);
    let out = tricklab(&[
        "run",
        long.to_str().unwrap(),
        "--deals",
        b,
        "--out",
        fresh_dir("run-5").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("holds 300 deals; the run plays 301"));
}

#[test]
fn a_pbn_book_round_trips_and_plays_the_same_hands_as_its_jsonl() {
    let jsonl = book("rt.jsonl", "whist", 13, 10, &[]);
    let pbn = book("rt.pbn", "whist", 13, 10, &["--format", "pbn"]);
    let text = std::fs::read_to_string(&pbn).unwrap();
    assert_eq!(text.matches("[Deal \"N:").count(), 10, "{text}");
    assert_eq!(text.matches("[TurnedCard \"").count(), 10, "{text}");
    let flags = [
        "--game", "whist", "--agents", "rules", "--seed", "2", "--hands",
    ];
    let play = |b: &Path| {
        let mut args = flags.to_vec();
        args.extend(["--deals", b.to_str().unwrap()]);
        records(&args)
    };
    assert_eq!(play(&pbn), play(&jsonl));
    // Stripped of the tricklab tag, the boards are plain bridge deals: they still play, each
    // turning a card of its dealer.
    let bridge = path("bridge.pbn");
    let plain: String = text
        .lines()
        .filter(|l| !l.starts_with("[TurnedCard"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&bridge, plain).unwrap();
    let played = lines(&play(&bridge));
    let book = lines(&std::fs::read_to_string(&jsonl).unwrap());
    assert_eq!(played.len(), 10);
    for (b, r) in book.iter().zip(&played) {
        assert_eq!(b["deal"]["hands"], r["deal"]["hands"]);
        assert_eq!(b["dealer"], r["dealer"]);
        let dealer = r["dealer"].as_u64().unwrap() as usize;
        let turned = r["deal"]["turned"].as_str().unwrap();
        let held = r["deal"]["hands"][dealer].as_str().unwrap();
        assert!(held.split(' ').any(|c| c == turned), "{turned} in {held}");
    }
}

#[test]
fn a_tournament_plays_a_book_in_every_pair_and_seating() {
    let b = book("tour.jsonl", "whist", 3, 70, &[]);
    let b = b.to_str().unwrap();
    let tour = |name: &str, seed: &str, extra: &[&str]| {
        let d = fresh_dir(name);
        let mut args = vec![
            "tournament",
            "--game",
            "whist",
            "--agents",
            "random;rules",
            "--deals",
            "70",
            "--seed",
            seed,
            "--out",
        ];
        args.push(d.to_str().unwrap());
        args.extend(extra);
        tricklab_ok(&args);
        std::fs::read(d.join("pairs.csv")).expect("pairs.csv")
    };
    let booked = tour("tour-1", "3", &["--book", b, "--threads", "1"]);
    assert_eq!(
        booked,
        tour("tour-2", "3", &["--book", b, "--threads", "2"])
    );
    // The book of seed 3 is what seed 3 deals.
    assert_eq!(booked, tour("tour-3", "3", &[]));
    // Another seed deals otherwise, but not with the book.
    assert_ne!(
        tour("tour-4", "4", &[]),
        tour("tour-5", "4", &["--book", b])
    );
    let out = tricklab(&[
        "tournament",
        "--game",
        "whist",
        "--agents",
        "random;rules",
        "--deals",
        "71",
        "--book",
        b,
        "--out",
        fresh_dir("tour-6").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("holds 70 deals; the run plays 71"));
}

#[test]
fn solve_takes_a_deal_of_a_whist_book() {
    let b = book("solve.jsonl", "whist", 8, 3, &[]);
    let b = b.to_str().unwrap();
    let line = &lines(&std::fs::read_to_string(b).unwrap())[2];
    let hands: Vec<&str> = line["deal"]["hands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_str().unwrap())
        .collect();
    let turned = line["deal"]["turned"].as_str().unwrap();
    let eldest = ((line["dealer"].as_u64().unwrap() + 1) % 4).to_string();
    let by_hand = tricklab_ok(&[
        "solve",
        "--game",
        "whist",
        "--deal",
        &hands.join(" / "),
        "--trump",
        &turned[1..],
        "--leader",
        &eldest,
        "--json",
    ]);
    let from_book = tricklab_ok(&["solve", "--deals", b, "--board", "2", "--json"]);
    assert_eq!(from_book, by_hand);
    let out = tricklab(&["solve", "--deals", b, "--board", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--board 3: "),
        "{out:?}"
    );
}

#[test]
fn merge_refuses_shards_of_other_books_and_keeps_the_book_it_merged() {
    let cfg = config("merge.toml", 20);
    let cfg = cfg.to_str().unwrap();
    let b = book("merge.jsonl", "whist", 50, 20, &[]);
    let other = book("merge-other.jsonl", "whist", 51, 20, &[]);
    let shard = |name: &str, k: &str, book: Option<&Path>| {
        let d = fresh_dir(name);
        let mut args = vec!["run", cfg, "--shard", k, "--out", d.to_str().unwrap()];
        if let Some(book) = book {
            args.extend(["--deals", book.to_str().unwrap()]);
        }
        tricklab_ok(&args);
        d
    };
    let s1 = shard("merge-1", "1/2", Some(&b));
    let s2 = shard("merge-2", "2/2", Some(&b));
    let s2_other = shard("merge-2-other", "2/2", Some(&other));
    let s2_seed = shard("merge-2-seed", "2/2", None);
    let merge = |second: &Path, out: &str| {
        let out = fresh_dir(out);
        let o = tricklab(&[
            "merge",
            s1.to_str().unwrap(),
            second.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        (o, out)
    };
    for second in [&s2_other, &s2_seed] {
        let (o, out) = merge(second, "merge-refused");
        assert_eq!(o.status.code(), Some(2));
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(second.to_str().unwrap()), "{err}");
        assert!(err.contains(s1.to_str().unwrap()), "{err}");
        assert!(!out.join("deals.csv").exists(), "nothing merged");
    }
    let (o, out) = merge(&s2, "merge-out");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let record = |d: &Path| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(d.join("run.json")).unwrap()).unwrap()
    };
    assert_eq!(record(&out)["deals"], record(&s1)["deals"]);
    assert_eq!(record(&out)["deals"]["path"], b.to_str().unwrap());
    // The merge holds what one whole run of the book writes.
    let whole = fresh_dir("merge-whole");
    tricklab_ok(&[
        "run",
        cfg,
        "--deals",
        b.to_str().unwrap(),
        "--out",
        whole.to_str().unwrap(),
    ]);
    for file in ["hands.csv", "deals.csv"] {
        assert_eq!(
            std::fs::read(out.join(file)).unwrap(),
            std::fs::read(whole.join(file)).unwrap(),
            "{file}"
        );
    }
}

#[test]
fn play_deals_a_books_board_as_the_first_hand() {
    let b = book("play.jsonl", "whist", 5, 3, &[]);
    let b = b.to_str().unwrap();
    let log = path("play.log");
    let log = log.to_str().unwrap();
    // The first screen of `play --plain` with no input: the hand dealt, then end of input.
    let screen = |seed: &str, board: &str| {
        let out = tricklab(&[
            "play",
            "--plain",
            "--ascii",
            "--agents",
            "human;rules",
            "--seed",
            seed,
            "--log",
            log,
            "--deals",
            b,
            "--board",
            board,
        ]);
        assert_eq!(
            out.status.code(),
            Some(3),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let own_hand = |text: &str| {
        text.lines()
            .find(|l| l.starts_with("hand "))
            .expect("the person's hand")
            .to_string()
    };
    let deal = &lines(&std::fs::read_to_string(b).unwrap())[2];
    let board2 = screen("1", "2");
    assert!(
        board2.contains(&format!("dealer seat {}", deal["dealer"])),
        "{board2}"
    );
    let turned = deal["deal"]["turned"].as_str().unwrap();
    assert!(board2.contains(&format!("(turned {turned})")), "{board2}");
    // Seat 0's cards are the book's whatever the seed; another board is another hand.
    let held = deal["deal"]["hands"][0].as_str().unwrap();
    assert!(held.split(' ').all(|c| own_hand(&board2).contains(&c[..1])));
    assert_eq!(own_hand(&board2), own_hand(&screen("9", "2")));
    assert_ne!(own_hand(&board2), own_hand(&screen("1", "0")));
    assert!(
        board2.contains(&format!("--deals {b} --board 2")),
        "the same deals again"
    );
    // A board the book does not hold, and a book of another game: refused in one line.
    for (args, says) in [
        (
            vec!["--board", "3"],
            "holds 3 deals (boards 0 to 2)".to_string(),
        ),
        (
            vec!["--game", "catch-the-ten"],
            format!("--deals {b} holds deals of whist"),
        ),
    ] {
        let mut all = vec![
            "play",
            "--plain",
            "--agents",
            "human;rules",
            "--log",
            log,
            "--deals",
            b,
        ];
        all.extend(args);
        let out = tricklab(&all);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(&says), "{err}");
    }
}
