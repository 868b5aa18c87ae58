//! The keeper's stand-in on Unix systems other than Linux, which lack Linux's child subreaper
//! and parent-death signal: the bot runs in a process group of its own (so Ctrl-C at the
//! terminal reaches tricklab, not the bot), and [`end`] kills that group as a whole with
//! `SIGKILL`. What it cannot do, and Linux's keeper does (see `keeper.rs`): catch a grandchild
//! that leaves the group (`setsid()`), and stop the bot when tricklab itself is killed.
//!
//! Built on Linux too, for its test, so that it cannot rot where it is not used.

use std::os::unix::process::CommandExt;
use std::process::{Child, Command};

/// Makes `cmd` start the bot in a process group of its own; stop it with [`end`].
pub fn keep(cmd: &mut Command) {
    cmd.process_group(0);
}

/// Kills the bot's process group (the bot and all it started that stayed in the group) and
/// reaps the bot.
pub fn end(child: &mut Child) {
    if let Ok(pid) = libc::pid_t::try_from(child.id()) {
        // SAFETY: a signal to the group our child leads. Its id cannot be taken by another
        // group while a member is alive; with none left the call fails harmlessly.
        unsafe { libc::kill(-pid, libc::SIGKILL) };
    }
    let _ = child.kill();
    let _ = child.wait();
}

#[cfg(test)]
mod tests {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    use std::time::{Duration, Instant};

    use super::*;

    /// Whether `pid` runs (a zombie waiting for a parent that does not reap it does not).
    fn alive(pid: libc::pid_t) -> bool {
        // SAFETY: signal 0 only checks that the process exists.
        let exists = unsafe { libc::kill(pid, 0) == 0 };
        let zombie =
            std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| s.contains(") Z "));
        exists && !zombie
    }

    #[test]
    fn ending_the_bot_kills_what_it_started_in_its_group() {
        let mut cmd = Command::new("sh");
        cmd.args(["-c", "sleep 30 & echo $!; wait"])
            .stdout(Stdio::piped());
        keep(&mut cmd);
        let mut child = cmd.spawn().expect("sh starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("piped"))
            .read_line(&mut line)
            .expect("the grandchild's pid");
        let grandchild: libc::pid_t = line.trim().parse().expect("a pid");
        assert!(alive(grandchild));
        end(&mut child);
        let deadline = Instant::now() + Duration::from_secs(5);
        while alive(grandchild) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(!alive(grandchild), "the bot's child outlived it");
    }
}
