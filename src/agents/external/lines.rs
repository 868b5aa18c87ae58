//! A bot's output read as lines in the calling thread: each line waited for with `poll(2)` and a
//! deadline that holds while a line streams in (no reader thread to wake), every byte scanned
//! once, and no line longer than [`MAX_LINE`].

use std::io::Read;
use std::os::fd::AsRawFd;
use std::time::{Duration, Instant};

/// The longest line a bot may write, newline excluded: 1 MiB.
pub const MAX_LINE: usize = 1 << 20;

/// How much is read from the pipe at a time.
const CHUNK: usize = 64 * 1024;

/// Why a line could not be had from a bot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// No whole line came within the budget.
    Timeout(Duration),
    /// The bot closed its output (it exited or crashed).
    Closed,
    /// The line grew past [`MAX_LINE`] bytes without a newline.
    TooLong,
}

/// Whole lines from `out`.
pub struct Lines<R> {
    out: R,
    buf: Vec<u8>,
    /// Where the unread part of `buf` starts.
    start: usize,
    /// How far past `start` `buf` is known to hold no newline.
    scanned: usize,
    closed: bool,
}

impl<R: Read + AsRawFd> Lines<R> {
    /// Lines read from `out`.
    pub fn new(out: R) -> Lines<R> {
        Lines {
            out,
            buf: Vec::with_capacity(CHUNK),
            start: 0,
            scanned: 0,
            closed: false,
        }
    }

    /// The next line (without its newline), waiting until `deadline`; `budget` is what a
    /// timeout reports.
    pub fn next(&mut self, deadline: Instant, budget: Duration) -> Result<String, ReadError> {
        loop {
            if let Some(line) = self.take_line()? {
                return Ok(line);
            }
            if self.closed {
                return Err(ReadError::Closed);
            }
            let now = Instant::now();
            if now >= deadline || !self.wait(deadline - now)? {
                return Err(ReadError::Timeout(budget));
            }
            self.fill();
        }
    }

    /// A whole line that the bot has already written, if there is one; never waits.
    pub fn pending(&mut self) -> Result<Option<String>, ReadError> {
        loop {
            if let Some(line) = self.take_line()? {
                return Ok(Some(line));
            }
            if self.closed || !self.wait(Duration::ZERO)? {
                return Ok(None);
            }
            self.fill();
        }
    }

    /// The first whole line of the buffer, taken out of it; an error once the unfinished line
    /// is too long.
    fn take_line(&mut self) -> Result<Option<String>, ReadError> {
        let unread = &self.buf[self.start..];
        if let Some(i) = unread[self.scanned..].iter().position(|&b| b == b'\n') {
            let end = self.scanned + i;
            if end > MAX_LINE {
                return Err(ReadError::TooLong);
            }
            let line = String::from_utf8_lossy(&unread[..end]).into_owned();
            self.start += end + 1;
            self.scanned = 0;
            if self.start == self.buf.len() {
                self.buf.clear();
                self.start = 0;
            }
            return Ok(Some(line));
        }
        self.scanned = unread.len();
        if self.scanned > MAX_LINE {
            return Err(ReadError::TooLong);
        }
        Ok(None)
    }

    /// Waits up to `left` for something to read: whether it came.
    fn wait(&self, left: Duration) -> Result<bool, ReadError> {
        loop {
            let mut fd = libc::pollfd {
                fd: self.out.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            };
            // Rounded up, so that a wait of less than a millisecond still waits.
            let ms = left.as_micros().div_ceil(1000).min(i32::MAX as u128) as i32;
            // SAFETY: one valid pollfd, for the duration of the call.
            let n = unsafe { libc::poll(&mut fd, 1, ms) };
            if n >= 0 {
                return Ok(n > 0);
            }
            if std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
                return Err(ReadError::Closed);
            }
        }
    }

    /// Reads what the pipe holds (up to a chunk) onto the end of the buffer, first moving the
    /// unread part to the front when the read part is the larger.
    fn fill(&mut self) {
        if self.start > 0 && self.start >= self.buf.len() - self.start {
            self.buf.drain(..self.start);
            self.start = 0;
        }
        let len = self.buf.len();
        self.buf.resize(len + CHUNK, 0);
        match self.out.read(&mut self.buf[len..]) {
            Ok(0) | Err(_) => {
                self.buf.truncate(len);
                self.closed = true;
            }
            Ok(k) => self.buf.truncate(len + k),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    fn pipe() -> (Lines<std::io::PipeReader>, std::io::PipeWriter) {
        let (r, w) = std::io::pipe().unwrap();
        (Lines::new(r), w)
    }

    fn soon() -> Instant {
        Instant::now() + Duration::from_secs(5)
    }

    #[test]
    fn lines_come_whole_and_in_order() {
        let (mut lines, mut w) = pipe();
        w.write_all(b"one\ntwo\nthr").unwrap();
        let d = Duration::from_secs(5);
        assert_eq!(lines.next(soon(), d).unwrap(), "one");
        assert_eq!(lines.next(soon(), d).unwrap(), "two");
        let short = Instant::now() + Duration::from_millis(20);
        assert_eq!(lines.next(short, d), Err(ReadError::Timeout(d)));
        w.write_all(b"ee\n").unwrap();
        assert_eq!(lines.next(soon(), d).unwrap(), "three");
        assert_eq!(lines.pending(), Ok(None));
        w.write_all(b"four\nfi").unwrap();
        assert_eq!(lines.pending(), Ok(Some("four".into())));
        assert_eq!(lines.pending(), Ok(None));
        drop(w);
        assert_eq!(lines.next(soon(), d), Err(ReadError::Closed));
    }

    #[test]
    fn a_line_of_the_longest_length_passes_and_a_longer_one_is_refused() {
        let (mut lines, mut w) = pipe();
        let writer = std::thread::spawn(move || {
            let long = vec![b'x'; MAX_LINE];
            w.write_all(&long).unwrap();
            w.write_all(b"\n").unwrap();
            w.write_all(&long).unwrap();
            let _ = w.write_all(b"yy\n");
        });
        let d = Duration::from_secs(5);
        assert_eq!(lines.next(soon(), d).unwrap().len(), MAX_LINE);
        assert!(matches!(lines.next(soon(), d), Err(ReadError::TooLong)));
        drop(lines);
        writer.join().unwrap();
    }

    #[test]
    fn the_deadline_holds_while_a_line_streams() {
        let (mut lines, mut w) = pipe();
        let writer = std::thread::spawn(move || {
            // A byte every millisecond for two seconds: the line never ends within the budget.
            for _ in 0..2000 {
                if w.write_all(b"x").is_err() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(1));
            }
        });
        let d = Duration::from_millis(100);
        let t = Instant::now();
        assert_eq!(lines.next(t + d, d), Err(ReadError::Timeout(d)));
        assert!(
            t.elapsed() < Duration::from_millis(400),
            "{:?}",
            t.elapsed()
        );
        drop(lines);
        writer.join().unwrap();
    }
}
