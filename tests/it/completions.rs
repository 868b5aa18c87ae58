//! `tricklab completions` and `tricklab man` come from the same definitions as the parser.

use crate::common;

#[test]
fn completions_name_every_command_for_each_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = common::tricklab_ok(&["completions", shell]);
        for command in ["simulate", "tournament", "solve", "play", "show", "list"] {
            assert!(
                script.contains(command),
                "{shell} completions lack the command {command}"
            );
        }
    }
    assert!(common::tricklab_ok(&["completions", "bash"]).contains("_tricklab()"));
}

#[test]
fn an_unknown_shell_is_bad_input() {
    let out = common::tricklab(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("tcsh") && err.contains("bash"), "{err}");
}

#[test]
fn the_man_page_is_roff_with_every_command() {
    let page = common::tricklab_ok(&["man"]);
    assert!(page.contains(".TH tricklab 1"), "{page}");
    for command in ["simulate", "run", "merge", "agree", "replay"] {
        assert!(page.contains(command), "the man page lacks {command}");
    }
}
