//! `tricklab play --plain`: scripted matches for every game. The script is made by playing the
//! same table through the library (same seed, same seats), with bad input, a hint, `why` and an
//! undo mixed in; the command line must then write exactly the records the library wrote,
//! answer each bad input with one line and the same prompt, and leave a log that replays.

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::tricklab_ok;
use tricklab::cards::{CardSet, Suit};
use tricklab::games::record::RecordRules;
use tricklab::games::{Decision, Game, catch_the_ten, nine_five_two, whist};
use tricklab::play::{HintConfig, Table, TableConfig, TableGame, parse_players};

const HINT: &str = "pimc:worlds=8";

fn tempdir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tricklab-play-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// What the script should provoke.
#[derive(Default)]
pub(crate) struct Expect {
    /// Lines the output must contain, in order of the script.
    refusals: Vec<&'static str>,
    decisions: Vec<Decision>,
    hands: usize,
    undone: bool,
}

/// A card of another suit than the led one, held while the led suit is held too.
fn revoke(state: &impl Game, held: CardSet) -> Option<String> {
    let led = state.trick().led()?;
    let follow = held.suit(led);
    if follow.is_empty() {
        return None;
    }
    (held.0 & !follow.0 != 0).then(|| CardSet(held.0 & !follow.0).first().unwrap().to_string())
}

/// Plays the table through the library, taking the first legal action, and writes the script.
/// With `stop_after = Some(k)`, the script quits (and confirms) after the first decision of hand
/// `k`, mid-hand.
pub(crate) fn script<R>(
    rules: R,
    agents: &str,
    seed: u64,
    stop_after: Option<u32>,
) -> (Vec<String>, Vec<String>, Expect)
where
    R: RecordRules,
    R::Hand: TableGame,
{
    let players = parse_players(agents, rules.sides().num_seats()).unwrap();
    let config = TableConfig {
        seed,
        match_index: 0,
        hint: HintConfig {
            worlds: 8,
            time_ms: 500,
        },
        max_hands: 1000,
        open: false,
    };
    let mut table = Table::new(rules, &players, config).unwrap();
    let mut lines = Vec::new();
    let mut expect = Expect::default();
    table.advance();
    let mut n = 0usize;
    let mut revoked = false;
    let mut hands = 0;
    while let Some(seat) = table.human_to_act() {
        pause(&table, &mut hands, &mut lines);
        let state = table.hand().clone();
        let legal = state.legal_actions();
        let held = state.hand(seat);
        if stop_after == Some(table.match_state().hands_dealt) && !table.actions().is_empty() {
            lines.extend(["quit".into(), "y".into()]);
            break;
        }
        match n {
            0 => {
                lines.extend(["1x".into(), "dance".into(), "hint".into()]);
                expect
                    .refusals
                    .extend(["is not a", "unknown command `dance`"]);
            }
            1 if legal.decision() == Decision::Play => {
                let missing = Suit::ALL
                    .iter()
                    .map(|&s| CardSet::suit_mask(s))
                    .fold(CardSet::EMPTY, |a, b| CardSet(a.0 | b.0));
                let c = CardSet(missing.0 & !held.0).first().unwrap();
                lines.push(c.to_string());
                expect.refusals.push("you do not hold");
            }
            _ => {}
        }
        if !revoked
            && legal.decision() == Decision::Play
            && let Some(r) = revoke(&state, held)
        {
            lines.push(r);
            expect.refusals.push("you must follow");
            revoked = true;
        }
        let a = legal.nth(0).unwrap();
        expect.decisions.push(a.decision());
        lines.push(a.argument());
        let first = table.act(a).unwrap();
        if n == 2 {
            // Take the card back and play it again: the bots must answer the same way.
            lines.push("undo".into());
            lines.push("why".into());
            table.undo().unwrap();
            let again = table.act(a).unwrap();
            assert_eq!(first, again, "the same card brings the same replies");
            lines.push(a.argument());
            expect.undone = true;
        }
        n += 1;
    }
    let records: Vec<String> = table.take_lines().into_iter().map(|l| l.line).collect();
    expect.hands = records.len();
    (lines, records, expect)
}

/// The empty line that answers the pause after each hand the table has finished since `hands`.
pub(crate) fn pause<R>(table: &Table<R>, hands: &mut u32, lines: &mut Vec<String>)
where
    R: RecordRules,
    R::Hand: TableGame,
{
    let dealt = table.match_state().hands_dealt;
    lines.extend((*hands..dealt).map(|_| String::new()));
    *hands = dealt;
}

fn run_plain(game: &str, agents: &str, seed: u64, log: &Path, script: &[String]) -> String {
    run_plain_with(game, agents, seed, log, script, &[])
}

/// Runs `play --plain` on `script`; a script that ends before the match does exits 3 (the
/// match is cut short), which counts as success here.
fn run_plain_with(
    game: &str,
    agents: &str,
    seed: u64,
    log: &Path,
    script: &[String],
    more: &[&str],
) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tricklab"))
        .args([
            "play", "--plain", "--ascii", "--game", game, "--agents", agents, "--seed",
        ])
        .arg(seed.to_string())
        .args(["--hint", HINT, "--log"])
        .arg(log)
        .args(more)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        let mut stdin = child.stdin.take().unwrap();
        stdin
            .write_all((script.join("\n") + "\n").as_bytes())
            .unwrap();
    }
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success() || out.status.code() == Some(3),
        "play failed: {}\n{text}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// Every `✗` line follows a prompt with the refused command and is followed by the same prompt.
fn check_refusals(transcript: &str, expect: &Expect) {
    let lines: Vec<&str> = transcript.lines().collect();
    let mut found = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if let Some(reason) = l.strip_prefix("✗ ") {
            let before = lines[i - 1].split_once("> ").expect("a prompt before").0;
            let after = lines[i + 1].split_once("> ").expect("a prompt after").0;
            assert_eq!(before, after, "the same prompt after `{l}`");
            assert!(!reason.contains('\n'));
            found.push(reason);
        }
    }
    assert_eq!(found.len(), expect.refusals.len(), "refusals: {found:?}");
    for (got, want) in found.iter().zip(&expect.refusals) {
        assert!(got.contains(want), "`{got}` should say `{want}`");
    }
}

fn scripted_match<R>(rules: R, game: &str, agents: &str, seed: u64) -> Expect
where
    R: RecordRules,
    R::Hand: TableGame,
{
    let dir = tempdir(game);
    let (lines, records, expect) = script(rules, agents, seed, None);
    let log = dir.join("match.jsonl");
    std::fs::write(dir.join("commands.txt"), lines.join("\n") + "\n").unwrap();
    let out = run_plain(game, agents, seed, &log, &lines);
    check_refusals(&out, &expect);
    assert!(out.contains("hint: expected "), "a hint");
    assert!(out.contains("undone: seat 0"), "an undo");
    assert!(out.contains("match over"), "{out}");
    // The human leads some trick of the match, and the prompt says so (issue 36).
    assert!(out.contains("play a card: you lead"), "{out}");
    let written = std::fs::read_to_string(&log).unwrap();
    let written: Vec<&str> = written.lines().collect();
    assert_eq!(
        written, records,
        "the command line wrote what the library played"
    );
    assert!(
        written.iter().any(|l| l.contains("\"undo\":[{\"at\":")),
        "the undo is noted"
    );
    let replay = tricklab_ok(&["replay", log.to_str().unwrap()]);
    assert!(
        replay.contains(&format!("{} hands replayed, 1 match ended", records.len())),
        "{replay}"
    );
    let shown = tricklab_ok(&["show", log.to_str().unwrap(), "--ascii"]);
    assert!(shown.contains("won by seat"), "{shown}");
    expect
}

#[test]
fn scripted_whist_match() {
    let rules = whist::Setup::from_options(4, &Default::default()).unwrap();
    let e = scripted_match(rules, "whist", "human;rules;rules;rules", 3);
    assert!(e.hands >= 2 && e.undone);
}

#[test]
fn scripted_catch_the_ten_match() {
    let rules = catch_the_ten::Setup::from_options(4, &Default::default()).unwrap();
    let e = scripted_match(rules, "catch-the-ten", "human;rules;random;rules", 5);
    assert!(e.hands >= 2);
}

#[test]
fn scripted_nine_five_two_match_with_every_decision() {
    let rules = nine_five_two::Setup::from_options(3, &Default::default()).unwrap();
    let e = scripted_match(rules, "nine-five-two", "human;rules;rules", 2);
    for d in [Decision::Play, Decision::NameTrump, Decision::Discard] {
        assert!(e.decisions.contains(&d), "the person took a {d:?} decision");
    }
}

#[test]
fn why_shows_a_searching_bots_values() {
    let dir = tempdir("why");
    let log = dir.join("w.jsonl");
    // Seat 0 deals, so seats 1, 2 and 3 play before the person: seat 3 searches.
    let agents = "human;rules;rules;ismcts:iterations=300";
    let out = run_plain("whist", agents, 4, &log, &["why".into()]);
    assert!(
        out.contains("why: seat 3's values name the cards it holds"),
        "hidden during the hand: {out}"
    );
    let out = run_plain_with("whist", agents, 4, &log, &["why".into()], &["--open"]);
    assert!(out.contains("for seat 3 (mean reward"), "{out}");
    let agents = "human;rules;ismcts:iterations=300;rules";
    let out = run_plain_with("whist", agents, 4, &log, &["why".into()], &["--open"]);
    assert!(
        out.contains("why: seat 3 (rules) does not value its actions"),
        "{out}"
    );
}

#[test]
fn bad_seatings_are_refused_with_code_2() {
    for (agents, says) in [
        ("rules", "no `human` seat"),
        ("human;genius", "unknown agent `genius`"),
        ("human;rules;rules", "3 players for 4 seats"),
    ] {
        let out = common::tricklab(&["play", "--plain", "--agents", agents, "--log", "/dev/null"]);
        assert_eq!(out.status.code(), Some(2), "{agents}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says) && err.lines().count() == 1, "{err}");
    }
}

#[test]
fn a_searching_bots_values_reach_the_log_and_the_html_page() {
    let rules = whist::Setup::from_options(4, &Default::default()).unwrap();
    let (_, records, _) = script(rules, "human;ismcts:iterations=50;rules;rules", 6, None);
    assert!(records.iter().all(|r| r.contains("\"info\":[{\"index\":")));
    let dir = tempdir("info");
    let log = dir.join("info.jsonl");
    std::fs::write(&log, records.join("\n") + "\n").unwrap();
    tricklab_ok(&["replay", log.to_str().unwrap()]);
    let html = dir.join("hand.html");
    tricklab_ok(&[
        "show",
        log.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
    ]);
    let page = std::fs::read_to_string(&html).unwrap();
    crate::show::check_html(&page, 4);
    assert!(
        page.contains("<ul class=\"info\" title=\"ismcts:iterations=50"),
        "values shown"
    );
    assert!(
        page.contains("seat 1 West (ismcts:iterations=50"),
        "seats named"
    );
}

/// The line mode through the library: on a terminal (`live`), a searching bot's turn shows
/// `thinking…` and erases it when the card comes; in a transcript (not live) it is never
/// written. Each hand but the last ends with its summary and the pause, which refuses any
/// line but an empty one or `quit` with one line, and the next hand is dealt only after it.
#[test]
fn the_line_mode_pauses_after_each_hand_and_says_when_a_bot_thinks() {
    use std::sync::Mutex;
    use tricklab::play::MatchLog;
    use tricklab::play::line::{Ending, Outputs, pause_prompt, play_lines};
    use tricklab::play::screen::Style;

    let agents = "human;ismcts:iterations=20;rules;rules";
    let rules = || whist::Setup::from_options(4, &Default::default()).unwrap();
    let (lines, _, _) = script(rules(), agents, 7, None);
    let pause = lines.iter().position(String::is_empty).expect("a pause");
    // The first hand, a refused line at the pause, then `quit` there.
    let mut input: Vec<String> = lines[..pause].to_vec();
    input.extend(["9s".into(), "quit".into()]);
    let input = input.join("\n") + "\n";
    let transcript = |live: bool| {
        let players = parse_players(agents, 4).unwrap();
        let config = TableConfig {
            seed: 7,
            match_index: 0,
            hint: HintConfig {
                worlds: 8,
                time_ms: 500,
            },
            max_hands: 1000,
            open: false,
        };
        let mut table = Table::new(rules(), &players, config).unwrap();
        let log = Mutex::new(MatchLog::new(tempdir("line-lib").join("m.jsonl")));
        let mut out = Vec::new();
        let mut outputs = Outputs {
            out: &mut out,
            log: &log,
            style: Style::ASCII,
            echo: true,
            live,
        };
        let ending = play_lines(&mut table, &mut input.as_bytes(), &mut outputs).unwrap();
        assert_eq!(ending, Ending::Quit);
        assert_eq!(
            log.lock().unwrap().hands(),
            1,
            "the hand before the pause is saved"
        );
        String::from_utf8(out).unwrap()
    };
    let live = transcript(true);
    assert!(
        live.contains("  seat 1 (ismcts:iterations=20) thinking…\r\x1b[K  seat 1 (ismcts"),
        "{live}"
    );
    let plain = transcript(false);
    assert!(!plain.contains("thinking"), "{plain}");
    let at = plain.find("hand 1 over: ").expect("the summary");
    let prompt = pause_prompt(2);
    let paused = plain[at..].find(&prompt).expect("the pause") + at;
    assert!(plain[at..paused].contains("deals next"), "{plain}");
    assert!(!plain.contains("── hand 2"), "hand 2 is not dealt: {plain}");
    assert!(
        plain.contains(&format!(
            "{prompt}9s\n✗ `9s`: hand 1 is over; press Enter to deal the next, or quit\n{prompt}quit"
        )),
        "{plain}"
    );
}
