//! The keeper: a small process between tricklab and each bot that owns the bot's whole process
//! tree, so that nothing a bot starts outlives it, however tricklab ends.
//!
//! tricklab's child is not the bot but its keeper, forked in [`keep`]'s `pre_exec` hook before
//! the bot's command is executed. The keeper starts a session of its own (so that Ctrl-C at the
//! terminal reaches tricklab, not the bots), makes itself a child subreaper (every orphan of the
//! bot's tree, a grandchild that called `setsid()` included, becomes the keeper's child instead
//! of `init`'s), forks the bot (which runs the command in a process group of its own), and
//! waits. When the bot exits, when tricklab asks it to stop ([`end`] sends `SIGTERM`), or when
//! tricklab dies (the keeper's parent-death signal, `PR_SET_PDEATHSIG`, also after a `SIGKILL`),
//! the keeper kills the bot's group and then every process left below it, level by level, reaps
//! them and exits with the bot's exit code. A bot cannot ignore any of it: it only ever gets
//! `SIGKILL`.
//!
//! The keeper runs between `fork` and `exec` of a multi-threaded process, so it only makes
//! system calls on stack buffers (no allocation, no locks). Linux only; other Unix systems use
//! the process-group stand-in of `keeper_group.rs`.

use std::os::unix::process::CommandExt;
use std::process::{Child, Command};
use std::time::{Duration, Instant};

/// How long the keeper has to clean up after `SIGTERM` before it is killed itself.
const CLEAN_UP: Duration = Duration::from_secs(2);

/// Makes `cmd` start the bot under a keeper (see the module). The child `cmd.spawn()` returns is
/// the keeper; stop it with [`end`].
pub fn keep(cmd: &mut Command) {
    // SAFETY: getpid is always safe.
    let tricklab = unsafe { libc::getpid() };
    // SAFETY: the hook makes only async-signal-safe system calls (see `become_keeper`).
    unsafe {
        cmd.pre_exec(move || {
            become_keeper(tricklab);
            Ok(())
        });
    }
}

/// Stops the keeper `child` and with it the bot's whole tree, and reaps it. Waits at most a
/// moment; a keeper that does not exit by then is killed.
pub fn end(child: &mut Child) {
    if let Ok(Some(_)) = child.try_wait() {
        return;
    }
    if let Ok(pid) = libc::pid_t::try_from(child.id()) {
        // SAFETY: a signal to our own unreaped child.
        unsafe { libc::kill(pid, libc::SIGTERM) };
    }
    let deadline = Instant::now() + CLEAN_UP;
    while Instant::now() < deadline {
        if !matches!(child.try_wait(), Ok(None)) {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// In the forked child: becomes the keeper and forks the bot. Returns only in the bot, which
/// then executes its command; the keeper never returns.
fn become_keeper(tricklab: libc::pid_t) {
    // SAFETY: plain system calls in a single-threaded child; nothing is allocated.
    unsafe {
        libc::setsid();
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        let bot = libc::fork();
        if bot == 0 {
            libc::setpgid(0, 0);
            return;
        }
        if bot < 0 {
            libc::_exit(127);
        }
        keeper(tricklab, bot)
    }
}

/// The keeper's life: waits for the bot's exit, `SIGTERM` or tricklab's death, then kills the
/// bot's tree and exits with the bot's code.
///
/// # Safety
/// Only in the keeper process, after the fork of [`become_keeper`].
unsafe fn keeper(tricklab: libc::pid_t, bot: libc::pid_t) -> ! {
    // SAFETY: system calls on stack values.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for sig in [libc::SIGCHLD, libc::SIGTERM, libc::SIGINT, libc::SIGHUP] {
            libc::sigaddset(&mut set, sig);
        }
        libc::sigprocmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
        // Woken when the thread that started us exits; `getppid` tells whether tricklab did.
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGHUP, 0, 0, 0);
        // The bot's pipes and tricklab's other descriptors are the bot's business: holding them
        // would keep a pipe open after the bot exits.
        libc::close(0);
        libc::close(1);
        if libc::syscall(libc::SYS_close_range, 3u32, u32::MAX, 0u32) != 0 {
            for fd in 3..4096 {
                libc::close(fd);
            }
        }
        let mut code = 0;
        let mut reaped = false;
        'wait: loop {
            if libc::getppid() != tricklab {
                break;
            }
            loop {
                let mut status = 0;
                let pid = libc::waitpid(-1, &mut status, libc::WNOHANG);
                if pid <= 0 {
                    break;
                }
                if pid == bot {
                    code = exit_code(status);
                    reaped = true;
                    break 'wait;
                }
            }
            let second = libc::timespec {
                tv_sec: 1,
                tv_nsec: 0,
            };
            let sig = libc::sigtimedwait(&set, std::ptr::null_mut(), &second);
            if sig == libc::SIGTERM || sig == libc::SIGINT {
                break;
            }
        }
        kill_tree(bot, reaped);
        libc::_exit(code)
    }
}

fn exit_code(status: libc::c_int) -> libc::c_int {
    if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        128 + libc::WTERMSIG(status)
    }
}

/// Kills the bot's process group (and the bot unless it is `reaped`), then every child the keeper has (the bot's orphans come to it)
/// until none is left.
///
/// # Safety
/// Only in the keeper process.
unsafe fn kill_tree(bot: libc::pid_t, reaped: bool) {
    // SAFETY: system calls on stack buffers.
    unsafe {
        libc::kill(-bot, libc::SIGKILL);
        if !reaped {
            libc::kill(bot, libc::SIGKILL);
        }
        let path = c"/proc/thread-self/children";
        for _ in 0..10_000 {
            let fd = libc::open(path.as_ptr(), libc::O_RDONLY | libc::O_CLOEXEC);
            if fd < 0 {
                // No children file (a kernel without CONFIG_PROC_CHILDREN): the group was
                // killed; reap what dies.
                reap_for(Duration::from_millis(500));
                return;
            }
            let mut buf = [0u8; 4096];
            let mut len = 0;
            while len < buf.len() {
                let n = libc::read(fd, buf[len..].as_mut_ptr().cast(), buf.len() - len);
                if n <= 0 {
                    break;
                }
                len += n as usize;
            }
            libc::close(fd);
            let mut any = false;
            for_each_pid(&buf[..len], |pid| {
                any = true;
                libc::kill(pid, libc::SIGKILL);
            });
            if !any {
                break;
            }
            for_each_pid(&buf[..len], |pid| {
                let mut status = 0;
                libc::waitpid(pid, &mut status, 0);
            });
        }
        // Zombies the children file did not list any more.
        while libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG) > 0 {}
    }
}

/// Reaps children for up to `d`, until none is left.
///
/// # Safety
/// Only in the keeper process.
unsafe fn reap_for(d: Duration) {
    // SAFETY: system calls on stack values.
    unsafe {
        let nap = libc::timespec {
            tv_sec: 0,
            tv_nsec: 10_000_000,
        };
        let rounds = d.as_millis() / 10;
        for _ in 0..rounds {
            let pid = libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG);
            if pid < 0 {
                return;
            }
            if pid == 0 {
                libc::nanosleep(&nap, std::ptr::null_mut());
            }
        }
    }
}

/// Calls `f` with each process id in `text` (decimal numbers separated by spaces).
fn for_each_pid(text: &[u8], mut f: impl FnMut(libc::pid_t)) {
    let mut pid: libc::pid_t = 0;
    let mut digits = false;
    for &b in text.iter().chain(b" ") {
        if b.is_ascii_digit() {
            pid = pid
                .saturating_mul(10)
                .saturating_add(libc::pid_t::from(b - b'0'));
            digits = true;
        } else {
            if digits && pid > 0 {
                f(pid);
            }
            pid = 0;
            digits = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_files_read_as_pids() {
        let mut v = Vec::new();
        for_each_pid(b"12 345 6 ", |p| v.push(p));
        for_each_pid(b"", |p| v.push(p));
        for_each_pid(b"7", |p| v.push(p));
        assert_eq!(v, [12, 345, 6, 7]);
    }
}
