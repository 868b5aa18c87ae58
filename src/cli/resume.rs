//! The command that continues an interrupted command: the command line as given, quoted for
//! the shell, with `--resume` and without what would throw the kept work away (`--force`) or
//! stop it again (the testing flags `--stop-after-*`). Every other flag stays, `--shard K/N`,
//! `--out` and `--threads` included, so that the printed command continues exactly the work
//! that was interrupted.

use crate::words::quoted;

/// The testing stops, each followed by a count.
const STOPS: [&str; 3] = [
    "--stop-after-deals",
    "--stop-after-games",
    "--stop-after-chunks",
];

/// The command line of this process, made into the command that continues it.
pub fn continue_command() -> String {
    continue_args(std::env::args().skip(1))
}

/// [`continue_command`] of the arguments `args` (without the program name).
pub fn continue_args(args: impl IntoIterator<Item = String>) -> String {
    let mut words = vec!["tricklab".to_string()];
    let mut args = args.into_iter();
    while let Some(a) = args.next() {
        if a == "--force" || a == "--resume" {
            continue;
        }
        if STOPS.contains(&a.as_str()) {
            args.next();
            continue;
        }
        if STOPS.iter().any(|s| a.starts_with(&format!("{s}="))) {
            continue;
        }
        words.push(quoted(&a));
    }
    words.push("--resume".into());
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(args: &[&str]) -> String {
        continue_args(args.iter().map(|s| s.to_string()))
    }

    #[test]
    fn the_continue_command_is_quoted_and_keeps_the_shard() {
        assert_eq!(
            of(&[
                "run",
                "my configs/a b.toml",
                "--shard",
                "3/8",
                "--out",
                "r 1",
                "--force"
            ]),
            "tricklab run 'my configs/a b.toml' --shard 3/8 --out 'r 1' --resume"
        );
        assert_eq!(
            of(&[
                "tournament",
                "--agents",
                "random;rules",
                "--stop-after-chunks",
                "2",
                "--resume"
            ]),
            "tricklab tournament --agents 'random;rules' --resume"
        );
        assert_eq!(
            of(&["simulate", "--stop-after-games=5", "--out", "it's"]),
            r"tricklab simulate --out 'it'\''s' --resume"
        );
    }
}
