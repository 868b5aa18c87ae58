//! `tricklab show`: golden text for two fixed hands, every game and player count, and the HTML
//! page checked by a strict XML parser (every card of a trick once in that trick's row).

use crate::common;

use std::collections::BTreeSet;
use std::path::PathBuf;

use common::{tricklab, tricklab_ok};

fn tempdir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tricklab-show-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Logs one match (or hand) of `game` with rules players (seed 7, one thread) and returns the
/// log's path.
pub(super) fn logged(dir: &std::path::Path, game: &str, players: usize, hands: bool) -> PathBuf {
    let log = dir.join(format!("{game}-{players}.jsonl"));
    let players = players.to_string();
    let mut args = vec![
        "simulate",
        "--game",
        game,
        "--players",
        &players,
        "--games",
        "1",
        "--seed",
        "7",
        "--agents",
        "rules",
        "--threads",
        "1",
        "--log",
    ];
    let l = log.to_str().unwrap().to_string();
    args.push(&l);
    if hands {
        args.push("--hands");
    }
    tricklab_ok(&args);
    log
}

fn golden(name: &str, got: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/show")
        .join(name);
    if std::env::var_os("TRICKLAB_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, got).unwrap();
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (TRICKLAB_BLESS=1 writes it)", path.display()));
    assert_eq!(got, want, "show output differs from {}", path.display());
}

#[test]
fn golden_whist_hand() {
    let dir = tempdir("golden-whist");
    let log = logged(&dir, "whist", 4, true);
    let out = tricklab_ok(&["show", log.to_str().unwrap(), "--ascii"]);
    golden("whist_seed7.txt", &out);
}

#[test]
fn golden_catch_the_ten_hand() {
    let dir = tempdir("golden-ctt");
    let log = logged(&dir, "catch-the-ten", 4, true);
    let out = tricklab_ok(&["show", log.to_str().unwrap()]);
    golden("catch_the_ten_4p_seed7.txt", &out);
}

#[test]
fn every_game_and_player_count() {
    let dir = tempdir("every");
    let mut cases: Vec<(&str, usize)> = (2..=8).map(|p| ("catch-the-ten", p)).collect();
    cases.push(("nine-five-two", 3));
    cases.push(("whist", 4));
    for (game, players) in cases {
        let log = logged(&dir, game, players, false);
        let p = log.to_str().unwrap();
        let text = tricklab_ok(&["show", p]);
        assert!(text.starts_with(game), "{game} {players}: {text}");
        assert!(
            text.contains("won by seat") && text.contains("score "),
            "{text}"
        );
        if players == 4 {
            assert!(
                text.contains("seat 0 South"),
                "{game} {players}: diagram\n{text}"
            );
        }
        let text = std::fs::read_to_string(&log).unwrap();
        let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
        // `--hand` counts from 1, the record's `hand` from 0.
        let hand = (last["hand"].as_u64().unwrap() + 1).to_string();
        let second = tricklab_ok(&["show", p, "--match", "0", "--hand", &hand, "--trick", "2"]);
        assert!(second.contains("as trick 2 is led:"), "{second}");
        assert!(
            second.contains("trick  2") && !second.contains("trick  3"),
            "{second}"
        );
        let html = dir.join(format!("{game}-{players}.html"));
        tricklab_ok(&["show", p, "--html", html.to_str().unwrap()]);
        check_html(&std::fs::read_to_string(&html).unwrap(), players);
    }
}

#[test]
fn bad_requests_are_one_line_with_code_2() {
    let dir = tempdir("bad");
    let log = logged(&dir, "whist", 4, true);
    let p = log.to_str().unwrap();
    for (args, says) in [
        (vec!["show", p, "--match", "3"], "has no match 3 hand 1"),
        (vec!["show", p, "--hand", "0"], "hands count from 1"),
        (vec!["show", p, "--hand", "2"], "has no hand 2 in any match"),
        (
            vec!["show", p, "--trick", "14"],
            "the hand has tricks 1 to 13",
        ),
        (vec!["show", "/nonexistent.jsonl"], "cannot open"),
    ] {
        let out = tricklab(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says) && err.lines().count() == 1, "{err}");
    }
    let broken = dir.join("broken.jsonl");
    let line = std::fs::read_to_string(&log)
        .unwrap()
        .replace("\"play\":\"", "\"play\":\"X");
    std::fs::write(&broken, line).unwrap();
    let out = tricklab(&["show", broken.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
}

/// An element of the page.
#[derive(Debug)]
struct Element {
    name: String,
    attrs: Vec<(String, String)>,
    children: Vec<Node>,
}

#[derive(Debug)]
enum Node {
    Element(Element),
    Text(String),
}

impl Element {
    fn attr(&self, k: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(a, _)| a == k)
            .map(|(_, v)| v.as_str())
    }

    fn walk<'a>(&'a self, out: &mut Vec<&'a Element>) {
        out.push(self);
        for c in &self.children {
            if let Node::Element(e) = c {
                e.walk(out);
            }
        }
    }
}

/// A strict XML parser: every tag closed and nested, attributes quoted and unique, only the
/// five XML entities and numeric ones, one root element. Panics on the first fault.
struct Strict<'a> {
    s: &'a str,
    i: usize,
}

impl<'a> Strict<'a> {
    fn fail(&self, what: &str) -> ! {
        let end = (self.i + 40).min(self.s.len());
        panic!(
            "not well-formed at byte {}: {what}: {:?}",
            self.i,
            &self.s[self.i..end]
        );
    }

    fn rest(&self) -> &'a str {
        &self.s[self.i..]
    }

    fn name(&mut self) -> String {
        let n: String = self
            .rest()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || "-_:".contains(*c))
            .collect();
        if n.is_empty() || !n.chars().next().unwrap().is_ascii_alphabetic() {
            self.fail("a name");
        }
        self.i += n.len();
        n
    }

    fn spaces(&mut self) {
        let n = self.rest().len() - self.rest().trim_start().len();
        self.i += n;
    }

    fn text(&self, t: &str) -> String {
        let mut out = String::new();
        let mut rest = t;
        while let Some(p) = rest.find('&') {
            out.push_str(&rest[..p]);
            let end = rest[p..]
                .find(';')
                .unwrap_or_else(|| self.fail("an entity without `;`"));
            let ent = &rest[p + 1..p + end];
            out.push(match ent {
                "amp" => '&',
                "lt" => '<',
                "gt" => '>',
                "quot" => '"',
                "apos" => '\'',
                e if e.starts_with('#') && e[1..].chars().all(|c| c.is_ascii_digit()) => {
                    char::from_u32(e[1..].parse().unwrap()).unwrap()
                }
                _ => self.fail("an unknown entity"),
            });
            rest = &rest[p + end + 1..];
        }
        out.push_str(rest);
        out
    }

    fn element(&mut self) -> Element {
        assert!(self.rest().starts_with('<'));
        self.i += 1;
        let name = self.name();
        let mut attrs: Vec<(String, String)> = Vec::new();
        loop {
            self.spaces();
            if self.rest().starts_with("/>") {
                self.i += 2;
                return Element {
                    name,
                    attrs,
                    children: vec![],
                };
            }
            if self.rest().starts_with('>') {
                self.i += 1;
                break;
            }
            let k = self.name();
            if !self.rest().starts_with("=\"") {
                self.fail("an attribute value in double quotes");
            }
            self.i += 2;
            let end = self
                .rest()
                .find('"')
                .unwrap_or_else(|| self.fail("a closing quote"));
            let raw = &self.rest()[..end];
            if raw.contains('<') {
                self.fail("`<` in an attribute");
            }
            let v = self.text(raw);
            self.i += end + 1;
            if attrs.iter().any(|(a, _)| *a == k) {
                self.fail("a repeated attribute");
            }
            attrs.push((k, v));
        }
        let mut children = Vec::new();
        loop {
            let r = self.rest();
            if r.is_empty() {
                self.fail("end of input inside an element");
            }
            if let Some(after) = r.strip_prefix("</") {
                let n = format!("{name}>");
                if !after.starts_with(&n) {
                    self.fail(&format!("a closing tag for <{name}>"));
                }
                self.i += 2 + n.len();
                return Element {
                    name,
                    attrs,
                    children,
                };
            }
            if r.starts_with("<!--") {
                let end = r
                    .find("-->")
                    .unwrap_or_else(|| self.fail("an unclosed comment"));
                self.i += end + 3;
            } else if r.starts_with('<') {
                children.push(Node::Element(self.element()));
            } else {
                let end = r.find('<').unwrap_or(r.len());
                let t = self.text(&r[..end]);
                children.push(Node::Text(t));
                self.i += end;
            }
        }
    }

    fn document(s: &'a str) -> Element {
        let mut p = Strict { s, i: 0 };
        if p.rest().starts_with("<!DOCTYPE html>") {
            p.i += "<!DOCTYPE html>".len();
        }
        p.spaces();
        let root = p.element();
        p.spaces();
        if !p.rest().is_empty() {
            p.fail("content after the root element");
        }
        root
    }
}

fn text_of(e: &Element) -> String {
    e.children
        .iter()
        .map(|c| match c {
            Node::Text(t) => t.clone(),
            Node::Element(e) => text_of(e),
        })
        .collect()
}

pub(crate) fn check_html(page: &str, players: usize) {
    let root = Strict::document(page);
    assert_eq!(root.name, "html");
    let mut all = Vec::new();
    root.walk(&mut all);
    assert!(
        !all.iter()
            .any(|e| matches!(e.name.as_str(), "script" | "link" | "img"))
    );
    let rows: Vec<&&Element> = all
        .iter()
        .filter(|e| e.name == "tr" && e.attr("class") == Some("trick"))
        .collect();
    assert!(!rows.is_empty(), "no tricks");
    let mut seen = BTreeSet::new();
    for row in rows {
        let mut inside = Vec::new();
        row.walk(&mut inside);
        let cards: Vec<&str> = inside
            .iter()
            .filter(|e| {
                e.attr("class")
                    .is_some_and(|c| c.split(' ').any(|k| k == "card"))
            })
            .map(|e| e.attr("data-card").expect("a card's data-card"))
            .collect();
        let distinct: BTreeSet<&str> = cards.iter().copied().collect();
        assert_eq!(cards.len(), players, "one card per seat in {cards:?}");
        assert_eq!(distinct.len(), cards.len(), "every card once in {cards:?}");
        for c in cards {
            assert!(seen.insert(c.to_string()), "{c} played twice in the hand");
        }
        let wins = inside
            .iter()
            .filter(|e| e.name == "td" && e.attr("class") == Some("win"))
            .count();
        assert_eq!(wins, 1, "one winner marked");
    }
    assert!(text_of(&root).contains("won by"));
}

#[test]
fn the_strict_parser_refuses_bad_pages() {
    for bad in [
        "<html><p>open</html>",
        "<html a=b></html>",
        "<html>&nbsp;</html>",
        "<html><br></html>",
        "<html></html><p/>",
    ] {
        assert!(
            std::panic::catch_unwind(|| Strict::document(bad)).is_err(),
            "{bad} passed"
        );
    }
    let ok = Strict::document("<!DOCTYPE html>\n<html><p a=\"x &amp; y\">1 &lt; 2</p><br/></html>");
    assert_eq!(ok.children.len(), 2);
}
