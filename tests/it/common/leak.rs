//! A leak checker for the person's screen, written apart from the screen code: it reads the
//! printed text for card names and the game log for what the seat may know at each moment.
//!
//! The transcript of `play --plain` (with the commands echoed) is cut into hands at the
//! `── hand N` lines; the text after a hand's `hand N over` line and before the next hand is
//! the hand's end, where its cards may be shown, and is not checked. Within a hand, the text up
//! to the echo of the person's `j`-th decision may name only the cards the seat may know once
//! every step before that decision is done: the cards it was dealt, the turned card (public),
//! every card played, its own discards, the kitty once it (the dealer) has named trumps, and
//! every card given or returned to it or by it. After its last decision the text may name what
//! the seat may know of every step of the hand. Any other card named fails.

use serde_json::Value;
use tricklab::cards::{Card, CardSet};

/// The cards a transcript line names: cards written `10♦`, `TD`, and the ranks of a hand written
/// by suit (`♠ A K (9)`, or in ASCII `S A K (9)`, a `*` after a rank allowed).
pub fn cards_named(line: &str) -> Vec<Card> {
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || ",;:()[]".contains(c))
        .filter(|w| !w.is_empty())
        .collect();
    let mut out = Vec::new();
    let mut suit: Option<char> = None;
    for w in words {
        let w = w.trim_end_matches('*');
        if let Some(c) = card_word(w) {
            out.push(c);
            suit = None;
            continue;
        }
        if w.chars().count() == 1 && "♠♥♦♣SHDC".contains(w) {
            suit = w.chars().next();
            continue;
        }
        match suit {
            Some(s) if is_rank(w) => {
                let s = match s {
                    'S' => '♠',
                    'H' => '♥',
                    'D' => '♦',
                    'C' => '♣',
                    other => other,
                };
                out.push(card_word(&format!("{w}{s}")).expect("a card"));
            }
            _ => suit = None,
        }
    }
    out
}

fn is_rank(w: &str) -> bool {
    w == "10" || (w.len() == 1 && "23456789TJQKA".contains(w))
}

fn card_word(w: &str) -> Option<Card> {
    let last = w.chars().last()?;
    let rank = &w[..w.len() - last.len_utf8()];
    if !is_rank(rank) || !"♠♥♦♣SHDC".contains(last) {
        return None;
    }
    w.parse().ok()
}

/// One hand of the log, as the checker needs it.
struct Hand {
    dealer: u8,
    dealt: CardSet,
    public: CardSet,
    kitty: CardSet,
    steps: Vec<Value>,
}

fn set(v: &Value) -> CardSet {
    match v {
        Value::String(s) => s.parse().expect("a card list"),
        Value::Array(a) => a.iter().fold(CardSet::EMPTY, |acc, x| acc | set(x)),
        _ => CardSet::EMPTY,
    }
}

impl Hand {
    fn of(record: &Value, seat: usize) -> Hand {
        let deal = &record["deal"];
        let turned = deal["turned"].as_str().map_or(CardSet::EMPTY, |t| {
            CardSet::single(t.parse().expect("a card"))
        });
        Hand {
            dealer: record["dealer"].as_u64().expect("a dealer") as u8,
            dealt: set(&deal["hands"][seat]),
            public: turned,
            kitty: set(&deal["kitty"]),
            steps: record["actions"].as_array().expect("actions").clone(),
        }
    }

    /// What `seat` may know once the first `n` steps are done.
    fn known(&self, seat: u8, n: usize) -> CardSet {
        let mut k = self.dealt | self.public;
        for s in &self.steps[..n] {
            let by = s["seat"].as_u64() == Some(seat.into());
            let to = s["to"].as_u64() == Some(seat.into());
            for key in ["play", "discard", "give", "return"] {
                if let Some(c) = s[key].as_str() {
                    let c = CardSet::single(c.parse().expect("a card"));
                    if key == "play" || by || to {
                        k |= c;
                    }
                }
            }
            if by && seat == self.dealer && s.get("trump").is_some() {
                k |= self.kitty;
            }
        }
        k
    }

    /// The indices of `seat`'s decisions among the steps, with their card or suit as typed.
    fn decisions(&self, seat: u8) -> Vec<(usize, String)> {
        self.steps
            .iter()
            .enumerate()
            .filter(|(_, s)| s["seat"].as_u64() == Some(seat.into()) && s.get("return").is_none())
            .map(|(i, s)| {
                let arg = ["play", "discard", "give", "trump"]
                    .iter()
                    .find_map(|k| s[*k].as_str())
                    .expect("a decision");
                (i, arg.to_string())
            })
            .collect()
    }
}

/// Checks `transcript` (a `play --plain` session, commands echoed) against the `log` it wrote
/// for the person at `seat`; returns the leaks found, one line each.
pub fn leaks(transcript: &str, log: &str, seat: u8) -> Vec<String> {
    let hands: Vec<Hand> = log
        .lines()
        .map(|l| Hand::of(&serde_json::from_str(l).expect("a record"), seat as usize))
        .collect();
    let mut found = Vec::new();
    let mut hand: Option<usize> = None;
    let mut decided = 0;
    for line in transcript.lines() {
        if let Some(rest) = line.strip_prefix("── hand ") {
            let n: usize = rest
                .split(' ')
                .next()
                .and_then(|n| n.parse().ok())
                .expect("a hand number");
            hand = Some(n - 1);
            decided = 0;
            continue;
        }
        if line.starts_with("hand ") && line.contains(" over:") {
            hand = None;
        }
        let Some(h) = hand.and_then(|h| hands.get(h)) else {
            continue;
        };
        let decisions = h.decisions(seat);
        let done = decisions.get(decided).map_or(h.steps.len(), |d| d.0);
        let known = h.known(seat, done);
        for c in cards_named(line) {
            if !known.contains(c) {
                found.push(format!("hand {}: {c} in `{line}`", hand.unwrap() + 1));
            }
        }
        // The echo of the next decision: `seat 0, play a card> 3C`.
        if let (Some((_, arg)), Some((_, typed))) = (decisions.get(decided), line.split_once("> "))
            && typed.trim().eq_ignore_ascii_case(arg)
        {
            decided += 1;
        }
    }
    found
}
