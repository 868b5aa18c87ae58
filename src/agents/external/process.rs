//! A bot's process: started with its own stdin and stdout piped, read by a thread so that every
//! answer can be waited for with a deadline, stopped with `quit` (then killed if it lingers), and
//! kept in an idle pool between matches so that each worker thread reuses its processes.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
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
    lines: Receiver<String>,
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
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name("bot-reader".into())
            .spawn(move || {
                let mut r = BufReader::new(stdout);
                loop {
                    let mut line = String::new();
                    match r.read_line(&mut line) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            if tx.send(line).is_err() {
                                break;
                            }
                        }
                    }
                }
            })
            .map_err(|e| format!("cannot start a reader thread: {e}"))?;
        let log = match &spec.log {
            Some(path) => Some(log_file(path)?),
            None => None,
        };
        Ok(BotProcess {
            key: pool_key(spec),
            child,
            stdin,
            lines: rx,
            log,
            decisions: 0,
        })
    }

    /// The id of the next decision request: 0, 1, 2, … over the process's life.
    pub fn next_decision(&mut self) -> u64 {
        self.decisions += 1;
        self.decisions - 1
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
        let line = match self.lines.recv_timeout(budget) {
            Ok(l) => l,
            Err(RecvTimeoutError::Timeout) => return Err(ReadError::Timeout(budget)),
            Err(RecvTimeoutError::Disconnected) => return Err(ReadError::Closed),
        };
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
