//! The full-screen mode, driven through tmux: start `tricklab play`, play cards with the
//! arrow keys and Enter, ask for a hint, type a bad card, quit, and read the screen with
//! `capture-pane`. Skipped (with a note) where tmux is not installed, unless
//! `TRICKLAB_REQUIRE_TMUX` is set (`.ci/play.sh` sets it).

use std::process::Command;
use std::time::{Duration, Instant};

struct Tmux {
    socket: String,
}

impl Tmux {
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

    /// Waits until the screen satisfies `ok`, and returns it.
    fn wait_for(&self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if ok(&s) {
                return s;
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

fn plays(screen: &str) -> usize {
    screen.matches("seat 0 (you): play").count()
}

#[test]
fn full_screen_mode_plays_with_keys() {
    if Command::new("tmux").arg("-V").output().is_err() {
        assert!(
            std::env::var_os("TRICKLAB_REQUIRE_TMUX").is_none(),
            "TRICKLAB_REQUIRE_TMUX is set but tmux is not installed"
        );
        eprintln!("tmux is not installed: skipping the full-screen test");
        return;
    }
    let dir = std::env::temp_dir().join(format!("tricklab-tui-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("tui.jsonl");
    let tmux = Tmux {
        socket: format!("tricklab-test-{}", std::process::id()),
    };
    let cmd = format!(
        "{} play --game whist --agents 'human;rules' --seed 3 --hint ismcts:iterations=200 --log {}; sleep 30",
        env!("CARGO_BIN_EXE_tricklab"),
        log.display()
    );
    let started = tmux.run(&[
        "new-session",
        "-d",
        "-s",
        "play",
        "-x",
        "110",
        "-y",
        "45",
        "env",
        "TERM=xterm-256color",
        "sh",
        "-c",
        &cmd,
    ]);
    assert!(started.status.success(), "{started:?}");
    let s = tmux.wait_for("the table", |s| {
        s.contains("your move") && s.contains("legal")
    });
    assert!(s.contains("tricklab play") && s.contains("trumps ♠"), "{s}");
    // The first legal card is selected; → moves on, Enter plays.
    tmux.keys(&["Right"]);
    tmux.keys(&["Enter"]);
    tmux.wait_for("the first card", |s| plays(s) >= 1);
    tmux.keys(&["?"]);
    tmux.wait_for("a hint", |s| s.contains("mean reward"));
    tmux.keys(&["1", "x", "Enter"]);
    tmux.wait_for("a refusal", |s| s.contains("✗ `1x` is not a card"));
    for n in 2..=3 {
        tmux.keys(&["Enter"]);
        tmux.wait_for("another card", |s| plays(s) >= n);
    }
    let s = tmux.screen();
    assert!(s.contains("won by seat"), "a trick was completed:\n{s}");
    tmux.keys(&["Escape"]);
    tmux.wait_for("the goodbye", |s| s.contains("saved 0 finished hands"));
    assert!(log.exists());
}
