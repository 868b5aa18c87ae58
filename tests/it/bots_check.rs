//! `tricklab bots check` (issue 33): the reference bots pass every phase of every game and
//! player count; the check asks every kind of decision (9-5-2 in whole matches, whose
//! exchanges ask for gives) and takes each path of the protocol that a fault or a setting
//! takes (a restart mid-match, another seat's forfeit, `ponder`/`stop`, options, `quit`, the end
//! of input): a bot broken on any one of them fails with one line naming the path. Needs
//! `python3`.

use std::path::Path;
use std::process::{Command, Output};

const RANDOM: &str = "examples/bots/random_bot.py";
const RULE: &str = "examples/bots/rule_bot.py";
const FAULTY: &str = "tests/data/bots/fault_bot.py";
const V11: &str = "tests/data/bots/v11_bot.py";

fn script(rel: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    format!("python3 '{}'", p.display())
}

/// `tricklab bots check` of the bot `rel` with `env` for the bot and `args` after its command.
fn check(rel: &str, env: &[(&str, &str)], args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tricklab"))
        .args(["bots", "check", &script(rel)])
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("running tricklab")
}

fn passed(out: &Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "the check failed: {err}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The one error line of a check the bot failed (exit code 1); the bot's own stderr, forwarded
/// with its prefix, may come before it.
fn failed(out: &Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let errors: Vec<&str> = err.lines().filter(|l| l.starts_with("error: ")).collect();
    assert_eq!(errors.len(), 1, "one error line: {err}");
    errors[0].to_string()
}

/// The number `kind` is counted with in `line` (`play 39`), if any.
fn count_of(line: &str, kind: &str) -> Option<u64> {
    line.split(&format!("{kind} "))
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
}

#[test]
fn the_reference_bots_pass_every_phase_of_every_game() {
    for (s, options) in [
        (RANDOM, "options: none declared, not checked"),
        (RULE, "options: 2 hands with lead=low set"),
    ] {
        let out = passed(&check(s, &[], &["--hands", "2"]));
        assert!(out.contains("the bot follows tricklab-bot/1"), "{out}");
        assert!(out.contains("\nquit: exited "), "{out}");
        assert!(out.contains("\nend of input: exited "), "{out}");
        assert!(out.contains("whist with 4 players: 2 hands"), "{out}");
        // Nine tables (catch-the-ten with 2 to 8 players, 9-5-2, whist), each down every path.
        let tables = out.matches(" players: ").count();
        assert_eq!(tables, 9, "{out}");
        for phase in [
            "  restart: 1 new process started mid-match, told `match` and then hand 1, played on",
            "  forfeit: seat 1 conceded match 0's hand to seat ",
            "  ponder: not offered",
            &format!("  {options}"),
        ] {
            assert_eq!(out.matches(phase).count(), tables, "{phase}: {out}");
        }
        // 9-5-2 is checked in whole matches, whose exchanges ask for gives: every kind of
        // decision it has was asked, and counted.
        let n952 = out
            .lines()
            .find(|l| l.starts_with("nine-five-two with 3 players: "))
            .unwrap_or_else(|| panic!("{out}"));
        assert!(n952.contains(" in 2 whole matches, "), "{n952}");
        for kind in ["play", "trump", "discard", "give"] {
            assert!(
                count_of(n952, kind).is_some_and(|n| n > 0),
                "{kind}: {n952}"
            );
        }
        assert!(n952.ends_with("), every record replays"), "{n952}");
    }
}

#[test]
fn a_bot_that_ponders_and_takes_options_passes_those_phases() {
    let out = passed(&check(V11, &[], &["--game", "whist", "--hands", "1"]));
    assert!(
        out.contains(
            "\n  ponder: 2 hands with `ponder` after each answer and `stop` before the next line\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("\n  options: 2 hands with depth=1, style=bold set\n"),
        "{out}"
    );
    let out = passed(&check(FAULTY, &[], &["--game", "whist", "--hands", "1"]));
    assert!(out.contains("the bot follows tricklab-bot/1"), "{out}");
}

#[test]
fn a_bot_broken_on_any_path_fails_the_check_in_one_line_naming_it() {
    let whist = ["--game", "whist", "--hands", "1"];
    for (bot, env, says, because) in [
        (
            FAULTY,
            ("FAULT_MODE", "illegal"),
            "whist with 4 players: hands: bot faulty",
            "illegal action",
        ),
        (
            FAULTY,
            ("FAULT_LINGER", "quit"),
            "quit: bot faulty",
            "still running 500 ms after `quit`",
        ),
        (
            FAULTY,
            ("FAULT_LINGER", "eof"),
            "end of input: bot faulty",
            "still running 500 ms after its input closed",
        ),
        (
            FAULTY,
            ("FAULT_MODE", "mid_match"),
            "whist with 4 players: restart: bot faulty",
            "hand 1 right after match",
        ),
        (
            FAULTY,
            ("FAULT_MODE", "forfeit_end"),
            "whist with 4 players: forfeit: bot faulty",
            "fault_bot: a forfeit",
        ),
        (
            V11,
            ("V11_BREAK", "ponder"),
            "whist with 4 players: ponder: bot v11-bot",
            "{\"type\": \"stopped\"}",
        ),
        (
            V11,
            ("V11_BREAK", "option"),
            "whist with 4 players: options: bot v11-bot",
            "cannot take option depth",
        ),
    ] {
        let line = failed(&check(bot, &[env], &whist));
        assert!(
            line.starts_with(&format!("error: {says}")),
            "{env:?}: {line}"
        );
        assert!(line.contains(because), "{env:?}: {line}");
    }
    // A broken give handler: 9-5-2's whole matches ask for gives, each naming its receiver.
    let line = failed(&check(
        FAULTY,
        &[("FAULT_MODE", "give_illegal")],
        &["--game", "nine-five-two"],
    ));
    assert!(
        line.starts_with("error: nine-five-two with 3 players: hands: bot faulty"),
        "{line}"
    );
    assert!(line.contains("illegal action"), "{line}");
}
