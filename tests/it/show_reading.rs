//! What a person reads of a logged hand (issue 36): hands counted from 1 in `show`, `analyze`,
//! `worlds` and `replay`; diagrams aligned when the seats have long names; the HTML page
//! writing every card one way; counts in the singular for one; 9-5-2 targets as targets; and
//! `--color auto|always|never` for `show` and `play`.

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::{tournament_log, tricklab, tricklab_ok};

fn tempdir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tricklab-reading-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Logs one match of `game` with rules players (seed 7) and returns the log's path.
fn logged(dir: &Path, game: &str, players: usize) -> PathBuf {
    super::show::logged(dir, game, players, false)
}

/// The log with who sat where written into every record, as `play` writes it.
fn with_seats(log: &Path, seats: &[&str]) -> PathBuf {
    let text = std::fs::read_to_string(log).unwrap();
    let lines: Vec<String> = text
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["seats"] = serde_json::json!(seats);
            v.to_string()
        })
        .collect();
    let out = log.with_extension("seats.jsonl");
    std::fs::write(&out, lines.join("\n") + "\n").unwrap();
    out
}

fn records(log: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(log)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn refused(args: &[&str], says: &str) {
    let out = tricklab(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(
        err.contains(says) && err.lines().count() == 1,
        "{args:?}: {err}"
    );
}

/// The diagram part of `show`'s text: from the blank line after the head to the tricks.
fn diagram(text: &str) -> Vec<&str> {
    text.lines()
        .skip_while(|l| !l.is_empty())
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect()
}

/// The column (in characters) where `c` first appears in `line`.
fn column(line: &str, c: char) -> Option<usize> {
    line.chars().position(|x| x == c)
}

#[test]
fn replay_verbose_analyze_and_worlds_count_hands_from_one() {
    let dir = tempdir("numbers");
    let log = logged(&dir, "nine-five-two", 3);
    let p = log.to_str().unwrap();
    let n = records(&log).len();
    assert!(n >= 3, "a match of several hands");
    let verbose = tricklab_ok(&["replay", "--verbose", p]);
    let heads: Vec<&str> = verbose
        .lines()
        .filter_map(|l| l.split_once(": {").map(|(h, _)| h))
        .collect();
    let want: Vec<String> = (1..=n).map(|h| format!("match 0 hand {h}")).collect();
    assert_eq!(heads, want, "{verbose}");

    let p2 = ["--log", p, "--hand", "2", "--after", "0"];
    let analyzed =
        tricklab_ok(&[&["analyze"][..], &p2, &["--agent", "ismcts:iterations=50"]].concat());
    assert!(
        analyzed.starts_with("match 0 · hand 2 (the record's `hand` 1) · after 0 decisions: seat "),
        "{analyzed}"
    );
    let worlds = tricklab_ok(&[&["worlds"][..], &p2, &["--seat", "0"]].concat());
    assert!(
        worlds.starts_with("match 0 · hand 2 (the record's `hand` 1) · after 0 decisions"),
        "{worlds}"
    );
    // The same hand as `show --hand 2` shows.
    let shown = tricklab_ok(&["show", p, "--hand", "2"]);
    assert!(
        shown.contains("· hand 2 (the record's `hand` 1) ·"),
        "{shown}"
    );
    let one = tricklab_ok(&["worlds", "--log", p, "--seat", "0", "--after", "1"]);
    assert!(one.contains("after 1 decision ·"), "{one}");

    refused(
        &["analyze", "--log", p, "--hand", "0"],
        "hands count from 1",
    );
    refused(
        &["worlds", "--log", p, "--hand", "0", "--seat", "0"],
        "hands count from 1",
    );
    let far = (n + 1).to_string();
    refused(
        &["analyze", "--log", p, "--match", "0", "--hand", &far],
        &format!("has no match 0 hand {far} (matches count from 0, hands from 1)"),
    );

    // A hand missing from the log: the messages count from 1 too, and name the record's number.
    let text = std::fs::read_to_string(&log).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.remove(1);
    let gap = dir.join("gap.jsonl");
    std::fs::write(&gap, lines.join("\n") + "\n").unwrap();
    refused(
        &["replay", gap.to_str().unwrap()],
        "line 2: hand 3 (the record's `hand` 2) follows hand 1 of the same match",
    );
}

#[test]
fn the_seat_list_keeps_its_columns_with_long_names() {
    let dir = tempdir("list");
    let log = logged(&dir, "nine-five-two", 3);
    for (seats, own_line) in [
        (&["human", "rules", "rules"], false),
        (
            &[
                "human",
                "ismcts:iterations=20000,exploration=0.7",
                "external:cmd=\"python3 examples/bots/random_bot.py 1\"",
            ],
            true,
        ),
    ] {
        let named = with_seats(&log, seats);
        let text = tricklab_ok(&["show", named.to_str().unwrap()]);
        let rows = diagram(&text);
        let hands: Vec<&str> = rows.iter().copied().filter(|l| l.contains('♠')).collect();
        assert_eq!(hands.len(), 3, "{text}");
        for suit in ['♠', '♥', '♦', '♣'] {
            let at: Vec<Option<usize>> = hands.iter().map(|l| column(l, suit)).collect();
            assert!(
                at.windows(2).all(|w| w[0] == w[1]),
                "{suit} misaligned:\n{text}"
            );
        }
        for l in &hands {
            // No title runs into a hand: at least two spaces before the first suit.
            let before: String = l.chars().take(column(l, '♠').unwrap()).collect();
            assert!(
                before.is_empty() || before.ends_with("  "),
                "a title glued to its hand: {l}"
            );
            assert!(l.chars().count() <= 80, "wider than 80 columns: {l}");
        }
        // Long titles go on a line of their own above the hand; short ones share it unless
        // the row would not fit 80 columns.
        if own_line {
            assert_eq!(rows.len(), 6, "{text}");
        } else {
            assert!(rows.len() == 3 || rows.len() == 6, "{text}");
        }
        assert!(text.contains(" (human)"), "{text}");
        if own_line {
            assert!(
                text.contains("(external:cmd=\"python3 e…)\n"),
                "a long name cut:\n{text}"
            );
        }
    }
}

#[test]
fn the_table_diagram_fits_80_columns_with_east_aligned() {
    let dir = tempdir("table");
    let log = logged(&dir, "whist", 4);
    let named = with_seats(
        &log,
        &[
            "human",
            "ismcts:iterations=20000",
            "pimc:worlds=200,time_ms=5000",
            "ismcts:iterations=20000",
        ],
    );
    let text = tricklab_ok(&["show", named.to_str().unwrap()]);
    let rows = diagram(&text);
    for l in &rows {
        assert!(
            l.chars().count() <= 80,
            "wider than 80 columns: {l:?}\n{text}"
        );
    }
    let east = rows.iter().position(|l| l.contains("seat 3 East")).unwrap();
    let at = rows[east].find("seat 3 East").unwrap();
    let at = rows[east][..at].chars().count();
    // East's name and four suits below its title, each starting in the same column.
    for l in &rows[east..east + 6] {
        let c: Vec<char> = l.chars().collect();
        assert!(
            c.len() > at && c[at] != ' ' && c[at - 1] == ' ',
            "East misaligned:\n{text}"
        );
    }
    assert_eq!(
        rows[east + 1].chars().skip(at).collect::<String>(),
        "(ismcts:iterations=20000)"
    );
    let north = rows
        .iter()
        .position(|l| l.contains("seat 2 North"))
        .unwrap();
    assert!(rows[north + 1].trim() == "(pimc:worlds=200)", "{text}");
}

/// The words of `text` that are cards in ASCII notation (`AS`, `10D`, `TD`).
fn ascii_cards(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| {
            let (rank, suit) = w.split_at(w.len().saturating_sub(1));
            matches!(
                rank,
                "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "10" | "T" | "J" | "Q" | "K" | "A"
            ) && matches!(suit, "S" | "H" | "D" | "C")
        })
        .map(str::to_string)
        .collect()
}

/// The page without its tags and their attributes.
fn page_text(page: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for c in page.chars() {
        match c {
            '<' => inside = true,
            '>' => {
                inside = false;
                out.push(' ');
            }
            c if !inside => out.push(c),
            _ => {}
        }
    }
    out
}

#[test]
fn the_html_page_writes_every_card_one_way() {
    let dir = tempdir("html");
    let log = logged(&dir, "nine-five-two", 3);
    let p = log.to_str().unwrap();
    // A hand with an exchange: gives and returns before the discards and trumps.
    let hand = records(&log)
        .iter()
        .position(|r| r.to_string().contains("\"give\""))
        .expect("an exchange in the match")
        + 1;
    let html = dir.join("hand.html");
    tricklab_ok(&[
        "show",
        p,
        "--hand",
        &hand.to_string(),
        "--html",
        html.to_str().unwrap(),
    ]);
    let page = std::fs::read_to_string(&html).unwrap();
    crate::show::check_html(&page, 3);
    let before = &page[page.find("<h2>Before the play</h2>").unwrap()
        ..page.find("<h2>Trick by trick</h2>").unwrap()];
    for kind in [" gives ", " returns ", " discards ", " names trumps "] {
        assert!(before.contains(kind), "no `{kind}` step: {before}");
    }
    let steps = before.matches("<li>").count();
    assert!(
        before.matches("data-card=").count() >= steps - 1,
        "every card step's card in a card span: {before}"
    );
    let text = page_text(&page);
    assert_eq!(
        ascii_cards(&text),
        Vec::<String>::new(),
        "ASCII cards in the page: {text}"
    );
    assert!(text.contains('♠') || text.contains('♥'), "{text}");
    // The text shows the same steps in its own notation.
    let shown = tricklab_ok(&["show", p, "--hand", &hand.to_string()]);
    assert_eq!(ascii_cards(&shown), Vec::<String>::new(), "{shown}");
    let ascii = tricklab_ok(&["show", p, "--hand", &hand.to_string(), "--ascii"]);
    assert!(
        ascii
            .lines()
            .any(|l| l.contains(" gives ") && !ascii_cards(l).is_empty()),
        "{ascii}"
    );
}

#[test]
fn nine_five_two_shows_targets_and_every_count_agrees_with_its_noun() {
    let dir = tempdir("targets");
    let log = logged(&dir, "nine-five-two", 3);
    let p = log.to_str().unwrap();
    let text = tricklab_ok(&["show", p]);
    let score = text.lines().find(|l| l.starts_with("score ")).unwrap();
    let mut targets = Vec::new();
    let mut took = 0;
    for part in score["score".len()..].split(" · ") {
        // `seat 0: target 9, took 7 (2 under), 0 → -2`
        let part = part.trim();
        let rest = part
            .strip_prefix("seat ")
            .unwrap_or_else(|| panic!("{score}"));
        let (_, rest) = rest
            .split_once(": target ")
            .unwrap_or_else(|| panic!("{score}"));
        let (t, rest) = rest.split_once(", took ").unwrap();
        let (k, rest) = rest.split_once(" (").unwrap();
        let (t, k): (i32, i32) = (t.parse().unwrap(), k.parse().unwrap());
        let words = match k - t {
            0 => "on target".to_string(),
            d if d > 0 => format!("{d} over"),
            d => format!("{} under", -d),
        };
        assert!(rest.starts_with(&format!("{words}), ")), "{part}");
        targets.push(t);
        took += k;
    }
    targets.sort();
    assert_eq!(targets, [2, 5, 9], "{score}");
    assert_eq!(took, 16, "{score}");
    assert!(
        !text.contains("seats 0") && !text.contains("this hand"),
        "{text}"
    );
    let page = dir.join("hand.html");
    tricklab_ok(&["show", p, "--html", page.to_str().unwrap()]);
    let page = page_text(&std::fs::read_to_string(&page).unwrap());
    assert!(page.contains("seat 0: target "), "{page}");
    assert!(!page.contains("seats 0:"), "{page}");

    // A seat alone is `seat N`, a partnership `seats N+M`.
    let ctt3 = logged(&dir, "catch-the-ten", 3);
    let text = tricklab_ok(&["show", ctt3.to_str().unwrap()]);
    assert!(
        text.contains("score   seat 0 ") && !text.contains("seats 0 "),
        "{text}"
    );
    let whist = logged(&dir, "whist", 4);
    let text = tricklab_ok(&["show", whist.to_str().unwrap()]);
    assert!(text.contains("score   seats 0+2 "), "{text}");

    // One match: `1 match ended`, not `1 matches`.
    let n = records(&log).len();
    let replay = tricklab_ok(&["replay", p]);
    assert!(
        replay.contains(&format!("{n} hands replayed, 1 match ended,")),
        "{replay}"
    );
    let first = dir.join("one.jsonl");
    let text = std::fs::read_to_string(&log).unwrap();
    std::fs::write(&first, text.lines().next().unwrap().to_string() + "\n").unwrap();
    let out = tricklab(&["replay", first.to_str().unwrap(), "--max-hands", "1"]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains(": 1 hand replayed, 0 matches ended,"),
        "{said}"
    );
    refused(
        &["replay", first.to_str().unwrap()],
        "match 0 stops unfinished after 1 hand and",
    );
}

#[test]
fn color_always_paints_the_red_suits_and_never_does_not() {
    let dir = tempdir("color");
    let log = logged(&dir, "whist", 4);
    let p = log.to_str().unwrap();
    const RED: &str = "\x1b[31m";
    let always = tricklab_ok(&["show", p, "--color", "always"]);
    assert!(
        always.contains(&format!("{RED}♥")) && always.contains(&format!("{RED}♦")),
        "{always}"
    );
    assert!(!always.contains(&format!("{RED}♠")) && !always.contains(&format!("{RED}♣")));
    let ascii = tricklab_ok(&["show", p, "--color", "always", "--ascii"]);
    assert!(ascii.contains(&format!("{RED}H")), "{ascii}");
    for args in [vec!["show", p, "--color", "never"], vec!["show", p]] {
        let plain = tricklab_ok(&args);
        assert!(!plain.contains('\x1b'), "{args:?}: {plain}");
        assert!(plain.contains('♥'));
    }
    // `always` wins over NO_COLOR; `auto` into a pipe is plain.
    let out = Command::new(env!("CARGO_BIN_EXE_tricklab"))
        .args(["show", p, "--color", "always"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains(RED));
    let out = tricklab(&["show", p, "--color", "sometimes"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("[possible values: auto, always, never]")
    );

    // The same flag for `play`.
    let play = |color: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tricklab"))
            .args([
                "play",
                "--plain",
                "--game",
                "whist",
                "--agents",
                "human;rules",
                "--seed",
                "3",
            ])
            .args(["--color", color, "--log"])
            .arg(dir.join(format!("play-{color}.jsonl")))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(b"quit\ny\n").unwrap();
        let out = child.wait_with_output().unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let coloured = play("always");
    assert!(coloured.contains(RED), "{coloured}");
    let plain = play("never");
    assert!(!plain.contains('\x1b') && plain.contains('♥'), "{plain}");
}

#[test]
fn a_tournament_log_is_read_seating_by_seating() {
    let dir = tempdir("tournament-log");
    let log = dir.join("t.jsonl");
    let out = dir.join("t");
    tournament_log("whist", "random;rules", "2", &out, &log, &[]);
    let log = log.to_str().unwrap();
    let arm = "random vs rules";
    let first = tricklab_ok(&["show", log, "--arm", arm, "--rotation", "0", "--ascii"]);
    let second = tricklab_ok(&["show", log, "--arm", arm, "--rotation", "1", "--ascii"]);
    assert_ne!(first, second, "two seatings of the deal");
    let o = tricklab(&["show", log, "--arm", "nobody vs rules"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("of arm `nobody vs rules`"), "{err}");
    let analysed = tricklab(&[
        "analyze",
        "--log",
        log,
        "--arm",
        arm,
        "--rotation",
        "1",
        "--agent",
        "ismcts:iterations=100",
    ]);
    assert!(
        analysed.status.success(),
        "{}",
        String::from_utf8_lossy(&analysed.stderr)
    );
}
