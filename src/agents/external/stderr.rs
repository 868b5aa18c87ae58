//! A bot's standard error, read by a thread of its own: written to a file per bot and seat in
//! the output folder of the command (`DIR/bots/NAME.seatK.stderr`, see [`capture_in`]), or,
//! when the command has none, to tricklab's standard error with every line prefixed by the bot
//! and its seat. Either way it is bounded (a file as a whole, whichever processes write to it;
//! tricklab's stderr per process), and its last lines are kept for fault messages.

use std::collections::VecDeque;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ChildStderr;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::shared_file::SharedFile;

/// At most this much goes to one stderr file, from every process that writes there (a bot's
/// processes of one name and seat share a file) and from earlier runs that appended to it; the
/// rest is dropped, with a note.
pub const FILE_LIMIT: u64 = 16 << 20;
/// At most this much of one process's stderr goes to tricklab's stderr.
const FORWARD_LIMIT: u64 = 64 << 10;
/// How much of the end is kept for a fault message.
const TAIL_BYTES: usize = 2048;
/// How long a fault waits for the rest of a killed bot's stderr.
const DRAIN: Duration = Duration::from_millis(500);

static DIR: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Sends the standard error of the bots started from now on to files in `dir/bots/` (`None`:
/// to tricklab's standard error, prefixed). Commands with an output folder call it before they
/// play.
pub fn capture_in(dir: Option<&Path>) {
    *DIR.lock().unwrap_or_else(|p| p.into_inner()) = dir.map(|d| d.join("bots"));
}

/// The file a bot's stderr goes to, for `name` at `seat`, if stderr is captured in files.
pub fn file_for(name: &str, seat: Option<u8>) -> Option<PathBuf> {
    let dir = DIR.lock().unwrap_or_else(|p| p.into_inner()).clone()?;
    let seat = seat.map_or_else(|| "any".to_string(), |s| s.to_string());
    Some(dir.join(format!("{name}.seat{seat}.stderr")))
}

/// The reader of one bot process's stderr.
pub struct Stderr {
    tail: Arc<Mutex<VecDeque<u8>>>,
    thread: Option<JoinHandle<()>>,
}

impl Stderr {
    /// Reads `pipe` until it closes, into the file `file` or, without one, onto tricklab's
    /// stderr with each line prefixed by `label`.
    pub fn start(pipe: ChildStderr, file: Option<PathBuf>, label: String) -> Stderr {
        let tail = Arc::new(Mutex::new(VecDeque::with_capacity(TAIL_BYTES)));
        let kept = tail.clone();
        let thread = std::thread::Builder::new()
            .name(format!("stderr of {label}"))
            .spawn(move || {
                let sink = match file {
                    Some(path) => Sink::File { path, file: None },
                    None => Sink::Forward {
                        prefix: format!("[{label}] "),
                        at_line_start: true,
                        written: 0,
                    },
                };
                pump(pipe, sink, &kept);
            })
            .ok();
        Stderr { tail, thread }
    }

    /// The last lines the bot wrote to stderr, on one line (empty if it wrote nothing). Waits a
    /// moment for a bot that has just been killed to be read to the end.
    pub fn tail(&mut self) -> String {
        if let Some(t) = &self.thread {
            let deadline = Instant::now() + DRAIN;
            while !t.is_finished() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        let bytes: Vec<u8> = self
            .tail
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .copied()
            .collect();
        last_lines(&String::from_utf8_lossy(&bytes), 3, 300)
    }
}

/// The last `lines` non-empty lines of `text`, joined with ` | `, control characters escaped,
/// cut to their last `chars` characters.
fn last_lines(text: &str, lines: usize, chars: usize) -> String {
    let mut v: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect();
    let from = v.len().saturating_sub(lines);
    v.drain(..from);
    let joined: String = v
        .join(" | ")
        .chars()
        .flat_map(|c| {
            if c.is_control() {
                c.escape_default().collect::<Vec<_>>()
            } else {
                vec![c]
            }
        })
        .collect();
    let n = joined.chars().count();
    if n > chars {
        format!("…{}", joined.chars().skip(n - chars).collect::<String>())
    } else {
        joined
    }
}

/// Where the stderr of one process goes.
enum Sink {
    /// A file per bot and seat, opened at the first byte and shared with every other process
    /// that writes to it: its [`FILE_LIMIT`] counts them all.
    File {
        path: PathBuf,
        file: Option<Arc<Mutex<SharedFile>>>,
    },
    /// tricklab's stderr, each line prefixed; [`FORWARD_LIMIT`] counts this process's bytes.
    Forward {
        prefix: String,
        at_line_start: bool,
        written: u64,
    },
}

impl Sink {
    /// Writes what the limit leaves room for of `bytes`; the write that reaches the limit ends
    /// with a note that the rest is dropped.
    fn write(&mut self, bytes: &[u8]) {
        match self {
            Sink::File { path, file } => {
                if file.is_none() {
                    *file = super::shared_file::shared_append(path).ok();
                }
                if let Some(f) = file {
                    let mut f = f.lock().unwrap_or_else(|p| p.into_inner());
                    let (part, note) = under_limit(f.written(), FILE_LIMIT, bytes);
                    let _ = f.write_all(part);
                    if let Some(note) = note {
                        let _ = f.write_all(note.as_bytes());
                    }
                }
            }
            Sink::Forward {
                prefix,
                at_line_start,
                written,
            } => {
                let (part, note) = under_limit(*written, FORWARD_LIMIT, bytes);
                *written += bytes.len() as u64;
                let mut out = Vec::with_capacity(part.len() + prefix.len());
                for &b in part.iter().chain(note.as_deref().unwrap_or("").as_bytes()) {
                    if *at_line_start {
                        out.extend_from_slice(prefix.as_bytes());
                    }
                    out.push(b);
                    *at_line_start = b == b'\n';
                }
                let _ = std::io::stderr().lock().write_all(&out);
            }
        }
    }
}

/// The part of `bytes` that fits under `limit` after `written` bytes, and, when writing them
/// reaches the limit, the note to write after it (which ends an unfinished last line).
fn under_limit(written: u64, limit: u64, bytes: &[u8]) -> (&[u8], Option<String>) {
    if written >= limit {
        return (&[], None);
    }
    let room = usize::try_from(limit - written).unwrap_or(usize::MAX);
    let part = &bytes[..bytes.len().min(room)];
    let reached = written.saturating_add(bytes.len() as u64) >= limit;
    let note = reached
        .then(|| format!("\n[tricklab: more than {limit} bytes of stderr; the rest is dropped]\n"));
    (part, note)
}

/// Copies `pipe` into `sink` (up to its limit) and its end into `tail`, until it closes.
fn pump(mut pipe: ChildStderr, mut sink: Sink, tail: &Mutex<VecDeque<u8>>) {
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        let n = match pipe.read(&mut buf) {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        let chunk = &buf[..n];
        {
            let mut t = tail.lock().unwrap_or_else(|p| p.into_inner());
            t.extend(chunk.iter().rev().take(TAIL_BYTES).rev());
            let over = t.len().saturating_sub(TAIL_BYTES);
            t.drain(..over);
        }
        sink.write(chunk);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tail_is_the_last_lines_on_one_line() {
        assert_eq!(last_lines("a\n\nb\nc\nd\n", 3, 300), "b | c | d");
        assert_eq!(last_lines("", 3, 300), "");
        assert_eq!(last_lines("x\ty", 3, 300), "x\\ty");
        assert_eq!(last_lines("abcdef", 3, 3), "…def");
    }

    #[test]
    fn a_limit_keeps_what_fits_and_notes_once_when_reached() {
        let (part, note) = under_limit(0, 10, b"abc");
        assert_eq!((part, note), (&b"abc"[..], None));
        let (part, note) = under_limit(8, 10, b"abcd");
        assert_eq!(part, b"ab");
        assert!(note.is_some_and(|n| n.ends_with("the rest is dropped]\n")));
        let (part, note) = under_limit(7, 10, b"abc");
        assert_eq!(part, b"abc", "exactly reaching the limit");
        assert!(note.is_some());
        assert_eq!(under_limit(10, 10, b"x"), (&b""[..], None));
        assert_eq!(
            under_limit(25, 10, b"x"),
            (&b""[..], None),
            "past it: nothing"
        );
    }
}
