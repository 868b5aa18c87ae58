//! A random bot for tricklab in Rust, standard library only (protocol `tricklab-bot/1`,
//! `docs/bot-protocol.md`): a protocol bot in a second language beside the Python ones, as a
//! starting point for a bot in any compiled language. It is a separate process that speaks
//! JSON Lines on its standard input and output, not an in-process [`Agent`] (for that, see
//! `examples/custom_agent.rs`).
//!
//! ```sh
//! cargo build --release --example random_bot
//! tricklab bots check target/release/examples/random_bot
//! tricklab simulate --game whist --agents 'external:cmd=target/release/examples/random_bot,name=rsrandom'
//! ```
//!
//! An optional argument seeds the bot's random generator (default: the process id and the
//! clock). tricklab writes compact JSON (no spaces) with `type` first, so the bot reads the
//! fields it needs out of the text; a line it cannot read ends it with a message on standard
//! error, which tricklab reports as the bot's fault.
//!
//! [`Agent`]: tricklab::agents::Agent

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

/// The handshake answer: every game and player count tricklab has.
const HELLO: &str = concat!(
    r#"{"type":"hello","protocol":"tricklab-bot/1","name":"rust-random-bot","#,
    r#""author":"tricklab examples","version":"1.0","games":["#,
    r#"{"game":"catch-the-ten","players":[2,3,4,5,6,7,8]},"#,
    r#"{"game":"nine-five-two","players":[3]},"#,
    r#"{"game":"whist","players":[4]}]}"#
);

/// A decision request's fields that a random bot needs.
struct Decide<'a> {
    id: u64,
    seat: u64,
    legal: Vec<&'a str>,
}

/// The text after `"key":` in `line`, or `None` if the key is missing.
fn after<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let pattern = format!("\"{key}\":");
    line.find(&pattern).map(|i| &line[i + pattern.len()..])
}

/// The unsigned number that starts `text`.
fn number(text: &str) -> Option<u64> {
    let end = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    text[..end].parse().ok()
}

/// Reads `id`, `seat` and `legal` out of a compact `decide` line.
fn decide(line: &str) -> Option<Decide<'_>> {
    let id = number(after(line, "id")?)?;
    let seat = number(after(line, "seat")?)?;
    let list = after(line, "legal")?.strip_prefix('[')?;
    let list = &list[..list.find(']')?];
    let legal: Vec<&str> = list.split(',').map(|a| a.trim_matches('"')).collect();
    if legal.iter().any(|a| a.is_empty()) {
        return None;
    }
    Some(Decide { id, seat, legal })
}

/// SplitMix64: a small, good generator, enough for a random bot.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform index below `n` (n ≤ 52 here, so the modulo bias is below 2⁻⁵⁸).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn seed() -> Result<u64, String> {
    match std::env::args().nth(1) {
        Some(arg) => arg
            .parse()
            .map_err(|_| format!("random_bot: seed `{arg}` is not a whole number ≥ 0")),
        None => {
            let nanos = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            Ok(nanos ^ u64::from(std::process::id()) << 32)
        }
    }
}

fn play(rng: &mut SplitMix) -> Result<(), String> {
    let stdin = io::stdin();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut line = String::new();
    let mut input = stdin.lock();
    loop {
        line.clear();
        // End of input: tricklab has gone, so the bot goes too.
        if input.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
            return Ok(());
        }
        let line = line.trim_end();
        if line.starts_with(r#"{"type":"decide""#) {
            let d =
                decide(line).ok_or_else(|| format!("random_bot: unreadable decide line {line}"))?;
            let action = d.legal[rng.below(d.legal.len())];
            writeln!(
                out,
                r#"{{"type":"action","id":{},"seat":{},"action":"{action}"}}"#,
                d.id, d.seat
            )
            .and_then(|()| out.flush())
            .map_err(|e| e.to_string())?;
        } else if line.starts_with(r#"{"type":"hello""#) {
            writeln!(out, "{HELLO}")
                .and_then(|()| out.flush())
                .map_err(|e| e.to_string())?;
        } else if line.starts_with(r#"{"type":"quit""#) {
            return Ok(());
        }
    }
}

fn main() -> ExitCode {
    let result = seed().and_then(|s| play(&mut SplitMix(s)));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_decide_line() {
        let line =
            r#"{"type":"decide","id":17,"seat":2,"legal":["AS","TH","2C"],"budget_ms":1000}"#;
        let d = decide(line).unwrap();
        assert_eq!((d.id, d.seat), (17, 2));
        assert_eq!(d.legal, ["AS", "TH", "2C"]);
    }

    #[test]
    fn refuses_a_decide_line_without_legal_actions() {
        assert!(decide(r#"{"type":"decide","id":1,"seat":0,"legal":[]}"#).is_none());
        assert!(decide(r#"{"type":"decide","id":1,"seat":0}"#).is_none());
    }
}
