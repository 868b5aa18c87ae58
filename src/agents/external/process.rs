//! A bot's process: started under its keeper with its own stdin and stdout piped, read in the
//! calling thread (see [`lines`](super::lines)), stopped with `quit` (then killed with all it
//! started if it lingers), and kept in an idle pool between matches so that each worker thread
//! reuses its processes.

use std::io::{BufWriter, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::keeper;
use super::lines::{Lines, ReadError};
use super::shared_file::SharedFile;
use super::spec::ExternalSpec;
use super::stderr::{self, Stderr};
use crate::games::Seat;

/// How long a bot has to exit after `quit` (or the end of its input) before it is killed.
pub const QUIT_GRACE: Duration = Duration::from_millis(500);

/// How [`BotProcess::end`] asks a bot to exit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Farewell {
    /// `quit`, then its input closed: how every run stops a bot.
    QuitAndClose,
    /// `quit` alone, its input left open: does the bot exit when it reads `quit`?
    Quit,
    /// Its input closed without `quit`: does the bot exit when its input ends?
    Close,
}

/// A running bot.
pub struct BotProcess {
    key: String,
    child: Child,
    stdin: Option<BufWriter<ChildStdin>>,
    lines: Lines<ChildStdout>,
    stderr: Stderr,
    log: Option<Arc<Mutex<SharedFile>>>,
    decisions: u64,
    /// The last decision the bot answered.
    pub answered: Option<Answered>,
    /// The bot was sent `ponder` and no line since (the next line to it is `stop`).
    pub pondering: bool,
}

/// A decision a bot answered: its id and the hand it was in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answered {
    /// The decision's id.
    pub id: u64,
    /// Its match.
    pub match_index: Option<u64>,
    /// Its hand in the match.
    pub hand: Option<u32>,
}

impl BotProcess {
    /// Starts the bot of `spec` under a keeper that owns its process tree (see
    /// `keeper`): in a session of its own, so that Ctrl-C reaches tricklab, which
    /// then stops it; and so that nothing the bot starts outlives it. Its stderr goes where
    /// `stderr` says, labelled with the bot's name and `seat`.
    pub fn spawn(spec: &ExternalSpec, seat: Option<Seat>) -> Result<BotProcess, String> {
        let argv = spec.argv();
        let mut cmd = Command::new(&argv[0]);
        cmd.args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        keeper::keep(&mut cmd);
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start `{}`: {e}", spec.cmd))?;
        let stdout = child.stdout.take().expect("piped");
        let label = match seat {
            Some(s) => format!("bot {} seat {s}", spec.name),
            None => format!("bot {}", spec.name),
        };
        let file = stderr::file_for(&spec.name, seat.map(|s| s.0));
        let stderr = Stderr::start(child.stderr.take().expect("piped"), file, label);
        let stdin = child.stdin.take().map(BufWriter::new);
        let log = match &spec.log {
            Some(path) => Some(log_file(path)?),
            None => None,
        };
        Ok(BotProcess {
            key: pool_key(spec, seat),
            child,
            stdin,
            lines: Lines::new(stdout),
            stderr,
            log,
            decisions: 0,
            answered: None,
            pondering: false,
        })
    }

    /// The id of the next decision request: 0, 1, 2, … from the start of the match in play.
    pub fn next_decision(&mut self) -> u64 {
        self.decisions += 1;
        self.decisions - 1
    }

    /// Counts decision ids from 0 again: a match starts. Ids then depend on the match alone,
    /// not on which matches the process served before (the thread, the shard), so that what a
    /// fault message quotes is the same bytes on any thread count and in any shard.
    pub fn restart_decisions(&mut self) {
        self.decisions = 0;
    }

    /// The process id of the bot's keeper (see `keeper`).
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    fn log(&self, dir: char, line: &str) {
        if let Some(f) = &self.log {
            let mut f = f.lock().unwrap_or_else(|p| p.into_inner());
            let _ = writeln!(f, "{dir} {}", line.trim_end());
        }
    }

    /// Queues one line for the bot (sent at the next [`BotProcess::flush`] or read).
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        self.log('>', line);
        let w = self.stdin.as_mut().ok_or("its input is closed")?;
        w.write_all(line.as_bytes())
            .and_then(|()| w.write_all(b"\n"))
            .map_err(|e| format!("writing to it failed ({e}): it has probably exited"))
    }

    /// Sends every queued line.
    pub fn flush(&mut self) -> Result<(), String> {
        let w = self.stdin.as_mut().ok_or("its input is closed")?;
        w.flush()
            .map_err(|e| format!("writing to it failed ({e}): it has probably exited"))
    }

    /// The bot's next line, waiting at most `budget`.
    pub fn read(&mut self, budget: Duration) -> Result<String, ReadError> {
        let line = self.lines.next(Instant::now() + budget, budget)?;
        self.log('<', &line);
        Ok(line)
    }

    /// A whole line the bot has already written, if any; never waits.
    pub fn pending(&mut self) -> Result<Option<String>, ReadError> {
        let line = self.lines.pending()?;
        if let Some(l) = &line {
            self.log('<', l);
        }
        Ok(line)
    }

    /// The last lines the bot wrote to its stderr, on one line (empty if none). After
    /// [`BotProcess::kill`], all of them.
    pub fn stderr_tail(&mut self) -> String {
        self.stderr.tail()
    }

    /// Writes a note of tricklab's own (such as a fault) to the log.
    pub fn note(&self, text: &str) {
        self.log('#', text);
    }

    /// Stops the bot: `quit`, its input closed, then killed if it has not exited within a
    /// moment; whatever it started is killed with it. Always waits for it, so no zombie
    /// remains.
    pub fn stop(self) {
        let _ = self.end(Farewell::QuitAndClose);
    }

    /// Asks the bot to exit as `how` says and waits up to [`QUIT_GRACE`] for it; then kills
    /// it (and whatever it started) if it is still running, and reaps it. The time it took
    /// to exit, or `None` if it had to be killed.
    pub fn end(mut self, how: Farewell) -> Option<Duration> {
        if how != Farewell::Close {
            let _ = self.send(r#"{"type":"quit"}"#);
            let _ = self.flush();
        }
        if how != Farewell::Quit {
            self.stdin = None;
        }
        let asked = Instant::now();
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => return Some(asked.elapsed()),
                Ok(None) if asked.elapsed() < QUIT_GRACE => {
                    std::thread::sleep(Duration::from_millis(2));
                }
                _ => break,
            }
        }
        self.kill();
        None
    }

    /// Kills the bot and everything it started at once, and waits for it.
    pub fn kill(&mut self) {
        self.stdin = None;
        keeper::end(&mut self.child);
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.kill();
        }
    }
}

/// What makes two processes interchangeable: the command, the log, and the seat (which names
/// the stderr file).
fn pool_key(spec: &ExternalSpec, seat: Option<Seat>) -> String {
    format!(
        "{}\u{0}{:?}\u{0}{}\u{0}{seat:?}",
        spec.cmd, spec.log, spec.name
    )
}

fn log_file(path: &Path) -> Result<Arc<Mutex<SharedFile>>, String> {
    super::shared_file::shared_append(path)
        .map_err(|e| format!("cannot open the bot log {}: {e}", path.display()))
}

/// Bots between matches, ready for the next one, with the handshake they gave.
static IDLE: Mutex<Vec<(BotProcess, super::protocol::Hello)>> = Mutex::new(Vec::new());

/// An idle bot started from the same spec for the same seat, if there is one.
pub fn take_idle(
    spec: &ExternalSpec,
    seat: Option<Seat>,
) -> Option<(BotProcess, super::protocol::Hello)> {
    let key = pool_key(spec, seat);
    let mut idle = IDLE.lock().unwrap_or_else(|p| p.into_inner());
    let i = idle.iter().position(|(p, _)| p.key == key)?;
    Some(idle.swap_remove(i))
}

/// Keeps a bot that finished its match cleanly for the next agent with the same spec.
pub fn put_idle(process: BotProcess, hello: super::protocol::Hello) {
    IDLE.lock()
        .unwrap_or_else(|p| p.into_inner())
        .push((process, hello));
}

/// Stops every idle bot (see [`BotProcess::stop`]). Call when a run is over; a bot still
/// seated at a table is stopped when its agent is dropped.
pub fn shutdown() {
    let idle: Vec<_> = std::mem::take(&mut *IDLE.lock().unwrap_or_else(|p| p.into_inner()));
    for (p, _) in idle {
        p.stop();
    }
}
