//! The full-screen mode, driven through tmux: start `tricklab play`, play cards with the
//! arrow keys and Enter, ask for a hint, type a bad command, quit, and read the screen with
//! `capture-pane`, at 80×24 and 120×40 (and below the smallest size, which says so). Skipped
//! (with a note) where tmux is not installed, unless `TRICKLAB_REQUIRE_TMUX` is set
//! (`.ci/play.sh` sets it).

use std::process::Command;
use std::time::{Duration, Instant};

struct Tmux {
    socket: String,
}

impl Tmux {
    /// A tmux server of its own with one `width`×`height` window running `tricklab play`
    /// with `args`; the shell then prints the exit code and waits.
    fn start(name: &str, width: u16, height: u16, args: &str) -> Tmux {
        let tmux = Tmux {
            socket: format!("tricklab-test-{name}-{}", std::process::id()),
        };
        let cmd = format!(
            "{} play {args}; echo \"exit $?\"; sleep 30",
            env!("CARGO_BIN_EXE_tricklab")
        );
        let (w, h) = (width.to_string(), height.to_string());
        let started = tmux.run(&[
            "new-session",
            "-d",
            "-s",
            "play",
            "-x",
            &w,
            "-y",
            &h,
            "env",
            "TERM=xterm-256color",
            "sh",
            "-c",
            &cmd,
        ]);
        assert!(started.status.success(), "{started:?}");
        tmux
    }

    fn run(&self, args: &[&str]) -> std::process::Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("running tmux")
    }

    fn screen(&self) -> String {
        let out = self.run(&["capture-pane", "-p", "-t", "play"]);
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "play"];
        args.extend_from_slice(keys);
        assert!(self.run(&args).status.success());
    }

    /// Waits until the screen satisfies `ok` and has settled, and returns it. A capture can
    /// land in the middle of a redraw (half the panels new, half old), so a screen counts
    /// only when a second capture a moment later shows the same text.
    fn wait_for(&self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if ok(&s) {
                std::thread::sleep(Duration::from_millis(60));
                if self.screen() == s {
                    return s;
                }
                continue;
            }
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "waited for {what}; the screen:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

/// How many cards seat 0 holds, from its row of the table.
fn my_cards(screen: &str) -> usize {
    let row = screen
        .lines()
        .find(|l| l.contains("seat 0 ") && l.contains("(you)") && l.contains(" cards "))
        .expect("seat 0's row");
    let after = row.split("cards").nth(1).expect("a count");
    after.split_whitespace().next().unwrap().parse().unwrap()
}

/// The screen's text with the boxes' borders taken out and the rows joined, so that a line
/// wrapped over rows reads as one.
fn flowing(screen: &str) -> String {
    let rows: Vec<String> = screen
        .lines()
        .map(|l| {
            l.trim_matches(|c: char| c == '│' || c.is_whitespace())
                .to_string()
        })
        .collect();
    rows.join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn tmux_missing() -> bool {
    if Command::new("tmux").arg("-V").output().is_ok() {
        return false;
    }
    assert!(
        std::env::var_os("TRICKLAB_REQUIRE_TMUX").is_none(),
        "TRICKLAB_REQUIRE_TMUX is set but tmux is not installed"
    );
    eprintln!("tmux is not installed: skipping the full-screen test");
    true
}

fn log_path(name: &str) -> std::path::PathBuf {
    crate::common::temp_path("play-tui", name)
}

/// Everything a player needs is on the screen: the hand, the trick, the legal actions of
/// `decision`, the typed text, and the command that deals the same match again.
fn table_in_view(s: &str, decision: &str) {
    assert!(s.contains("hand   ♠"), "the hand:\n{s}");
    assert!(s.contains("trick  "), "the trick:\n{s}");
    assert!(
        s.contains(&format!("{decision}:  ")),
        "the legal actions:\n{s}"
    );
    assert!(s.contains("typed: "), "the typed text:\n{s}");
    assert!(
        flowing(s).contains("the same deals again: tricklab play --game "),
        "the seed and the command to deal again:\n{s}"
    );
}

/// Types a bad card, then a long unknown command: each refusal is told, the long one (the
/// newest line of what happened, wrapped) in full, and Enter clears the typed text.
fn long_error_in_view(tmux: &Tmux, decision: &str) {
    tmux.keys(&["1", "x"]);
    let s = tmux.wait_for("the typed text", |s| s.contains("typed: 1x"));
    table_in_view(&s, decision);
    tmux.keys(&["Enter"]);
    tmux.wait_for("a refusal", |s| s.contains("✗ `1x` is not a "));
    for w in ["dance", "Space", "dance", "Space", "dance", "Enter"] {
        tmux.keys(&[w]);
    }
    let s = tmux.wait_for("a long refusal", |s| s.contains("✗ unknown command"));
    assert!(
        flowing(&s).contains("show; help; quit"),
        "the newest line in full:\n{s}"
    );
    assert!(
        !s.contains("typed: dance"),
        "Enter clears the typed text:\n{s}"
    );
    table_in_view(&s, decision);
}

#[test]
fn full_screen_mode_plays_with_keys_at_80_by_24() {
    if tmux_missing() {
        return;
    }
    let log = log_path("tui.jsonl");
    let args = format!(
        "--game whist --agents 'human;rules' --seed 3 --hint pimc:worlds=8 --log {}",
        log.display()
    );
    let tmux = Tmux::start("small", 80, 24, &args);
    let s = tmux.wait_for("the table", |s| {
        s.contains("your move") && s.contains("play:")
    });
    assert!(s.contains("seed 3") && s.contains("trumps ♠"), "{s}");
    assert!(s.contains("game to 5 points"), "the match's target:\n{s}");
    for seat in [
        "seat 0 South (you)",
        "seat 1 West",
        "seat 2 North",
        "seat 3 East",
    ] {
        assert!(s.contains(seat), "compass seats:\n{s}");
    }
    long_error_in_view(&tmux, "play");
    // The first legal card is selected; → moves on, Enter plays.
    tmux.keys(&["Right"]);
    tmux.keys(&["Enter"]);
    let s = tmux.wait_for("the first card", |s| {
        s.contains("seat 0 (you): play") && my_cards(s) == 12
    });
    table_in_view(&s, "play");
    tmux.keys(&["?"]);
    tmux.wait_for("a hint", |s| s.contains("hint: expected tricks"));
    for n in [11, 10] {
        tmux.keys(&["Enter"]);
        tmux.wait_for("another card", |s| my_cards(s) == n && s.contains("play:"));
    }
    tmux.keys(&["Escape"]);
    tmux.wait_for("the confirmation", |s| s.contains("quit anyway? (y/n)"));
    tmux.keys(&["y"]);
    let s = tmux.wait_for("the goodbye", |s| s.contains("exit 3"));
    assert!(s.contains("error: quit: no hand was finished"), "{s}");
    assert!(!log.exists(), "no empty log");
}

/// 9-5-2 with the person dealing, at 120×40: trumps, the discards and a whole hand with the
/// keys, the hand's summary held until a key is pressed (targets as targets), then Ctrl-C.
#[test]
fn full_screen_mode_at_120_by_40_and_ctrl_c() {
    if tmux_missing() {
        return;
    }
    let log = log_path("ctrl-c.jsonl");
    let args = format!(
        "--game nine-five-two --agents 'human;rules' --seed 2 --log {}",
        log.display()
    );
    let tmux = Tmux::start("large", 120, 40, &args);
    let s = tmux.wait_for("the table", |s| {
        s.contains("your move") && s.contains("trump:")
    });
    assert!(s.contains("target  9"), "9-5-2 shows targets:\n{s}");
    assert!(s.contains("game to +10"), "the match's target:\n{s}");
    assert!(
        s.contains("name trumps (you hold ♠×"),
        "the trump question:\n{s}"
    );
    long_error_in_view(&tmux, "trump");
    tmux.keys(&["Enter"]);
    let s = tmux.wait_for("the discards", |s| s.contains("discard:"));
    assert!(s.contains("4 left to discard"), "{s}");
    let mut held = my_cards(&s);
    let over = |s: &str| s.contains("press any key for the next hand");
    while held > 0 {
        tmux.keys(&["Enter"]);
        let s = tmux.wait_for("the next decision", |s| over(s) || my_cards(s) < held);
        if over(&s) {
            break;
        }
        held = my_cards(&s);
        if held == 16 {
            table_in_view(&s, "play");
        }
    }
    let s = tmux.wait_for("the hand's end", over);
    let text = flowing(&s);
    assert!(text.contains("hand 1 over: seat 0 (you) took "), "{s}");
    assert!(text.contains("(target 9, "), "the target as a target:\n{s}");
    assert!(text.contains("seat 1 deals next"), "{s}");
    tmux.keys(&["C-c"]);
    let s = tmux.wait_for("the goodbye", |s| s.contains("exit 3"));
    assert!(
        flowing(&s).contains("error: interrupted: saved 1 finished hand to"),
        "{s}"
    );
    let replay = crate::common::tricklab_ok(&["replay", log.to_str().unwrap()]);
    assert!(replay.contains("1 hand replayed"), "{replay}");
}

#[test]
fn below_the_smallest_size_the_screen_says_so() {
    if tmux_missing() {
        return;
    }
    let log = log_path("tiny.jsonl");
    let args = format!(
        "--game whist --agents 'human;rules' --seed 3 --log {}",
        log.display()
    );
    let tmux = Tmux::start("tiny", 60, 15, &args);
    tmux.wait_for("the size message", |s| {
        flowing(s).contains("the table needs at least 80×24")
    });
    // Bots may have played: Esc asks first, and the question is on the small screen too.
    tmux.keys(&["Escape"]);
    tmux.wait_for("the goodbye or the question", |s| {
        s.contains("exit 3") || flowing(s).contains("quit anyway? (y/n)")
    });
    tmux.keys(&["y"]);
    tmux.wait_for("the goodbye", |s| s.contains("exit 3"));
}
