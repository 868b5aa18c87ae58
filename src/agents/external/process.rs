//! A bot's process: started with its own stdin and stdout piped, read in the calling thread with
//! `poll(2)` so that every answer can be waited for with a deadline (no reader thread to wake), stopped with `quit` (then killed if it lingers), and
//! kept in an idle pool between matches so that each worker thread reuses its processes.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use super::spec::ExternalSpec;

/// How long a bot has to exit after `quit` before it is killed.
const GRACE: Duration = Duration::from_millis(500);

/// A running bot.
pub struct BotProcess {
    key: String,
    child: Child,
    stdin: Option<BufWriter<ChildStdin>>,
    lines: Lines,
    log: Option<Arc<Mutex<File>>>,
    decisions: u64,
}

/// Why a line could not be had from a bot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// Nothing came within the budget.
    Timeout(Duration),
    /// The bot closed its output (it exited or crashed).
    Closed,
}

impl BotProcess {
    /// Starts the bot of `spec`. Its stderr is the user's; it runs in its own process group so
    /// that Ctrl-C reaches tricklab, which then stops it.
    pub fn spawn(spec: &ExternalSpec) -> Result<BotProcess, String> {
        let argv = spec.argv();
        let mut child = Command::new(&argv[0])
            .args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .process_group(0)
            .spawn()
            .map_err(|e| format!("cannot start `{}`: {e}", spec.cmd))?;
        let stdout = child.stdout.take().expect("piped");
        let stdin = child.stdin.take().map(BufWriter::new);
        let log = match &spec.log {
            Some(path) => Some(log_file(path)?),
            None => None,
        };
        Ok(BotProcess {
            key: pool_key(spec),
            child,
            stdin,
            lines: Lines::new(stdout),
            log,
            decisions: 0,
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

    /// The process id.
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

    /// Writes a note of tricklab's own (such as a fault) to the log.
    pub fn note(&self, text: &str) {
        self.log('#', text);
    }

    /// Stops the bot: `quit`, its input closed, then killed if it has not exited within a
    /// moment. Always waits for it, so no zombie remains.
    pub fn stop(mut self) {
        let _ = self.send(r#"{"type":"quit"}"#);
        let _ = self.flush();
        self.stdin = None;
        let deadline = Instant::now() + GRACE;
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => return,
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(2));
                }
                _ => break,
            }
        }
        self.kill();
    }

    /// Kills the bot at once and waits for it.
    pub fn kill(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The bot's output, read in the calling thread: whole lines, each waited for with `poll(2)`
/// so that a deadline needs no second thread.
struct Lines {
    out: ChildStdout,
    buf: Vec<u8>,
    /// Where the unread part of `buf` starts.
    start: usize,
    closed: bool,
}

impl Lines {
    fn new(out: ChildStdout) -> Lines {
        Lines {
            out,
            buf: Vec::with_capacity(4096),
            start: 0,
            closed: false,
        }
    }

    /// The next line (without its newline), waiting until `deadline`.
    fn next(&mut self, deadline: Instant, budget: Duration) -> Result<String, ReadError> {
        loop {
            if let Some(i) = self.buf[self.start..].iter().position(|&b| b == b'\n') {
                let line =
                    String::from_utf8_lossy(&self.buf[self.start..self.start + i]).into_owned();
                self.start += i + 1;
                if self.start == self.buf.len() {
                    self.buf.clear();
                    self.start = 0;
                }
                return Ok(line);
            }
            if self.closed {
                return Err(ReadError::Closed);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            let mut fd = libc::pollfd {
                fd: self.out.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            };
            let ms = left.as_millis().min(i32::MAX as u128) as i32;
            // SAFETY: one valid pollfd, for the duration of the call.
            let n = unsafe { libc::poll(&mut fd, 1, ms) };
            if n < 0 {
                if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                    continue;
                }
                return Err(ReadError::Closed);
            }
            if n == 0 {
                return Err(ReadError::Timeout(budget));
            }
            if self.start > 0 {
                self.buf.drain(..self.start);
                self.start = 0;
            }
            let len = self.buf.len();
            self.buf.resize(len + 8192, 0);
            match self.out.read(&mut self.buf[len..]) {
                Ok(0) | Err(_) => {
                    self.buf.truncate(len);
                    self.closed = true;
                }
                Ok(k) => self.buf.truncate(len + k),
            }
        }
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.kill();
        }
    }
}

fn pool_key(spec: &ExternalSpec) -> String {
    format!("{}\u{0}{:?}", spec.cmd, spec.log)
}

/// A log file shared by every bot that writes to it.
type LogFile = (PathBuf, Arc<Mutex<File>>);

fn log_file(path: &Path) -> Result<Arc<Mutex<File>>, String> {
    static FILES: OnceLock<Mutex<Vec<LogFile>>> = OnceLock::new();
    let mut files = FILES
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|p| p.into_inner());
    if let Some((_, f)) = files.iter().find(|(p, _)| p == path) {
        return Ok(f.clone());
    }
    let f = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot open the bot log {}: {e}", path.display()))?;
    let f = Arc::new(Mutex::new(f));
    files.push((path.to_path_buf(), f.clone()));
    Ok(f)
}

/// Bots between matches, ready for the next one, with the handshake they gave.
static IDLE: Mutex<Vec<(BotProcess, super::protocol::Hello)>> = Mutex::new(Vec::new());

/// An idle bot started from the same spec, if there is one.
pub fn take_idle(spec: &ExternalSpec) -> Option<(BotProcess, super::protocol::Hello)> {
    let key = pool_key(spec);
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
