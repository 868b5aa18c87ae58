//! A hand as text: the card player's diagram (four hands around the table), then trick by
//! trick with the winner marked, then the score.

use crate::cards::{CardSet, Suit};
use crate::play::narrate::over_under;
use crate::play::screen::{Style, rank_text};
use crate::words::side_seats;

use super::story::HandStory;

/// Where each of four seats sits in the diagram: seat 0 South, then clockwise.
pub const COMPASS: [&str; 4] = ["South", "West", "North", "East"];

const LEFT: usize = 22;

/// A hand's four suit lines (♠ ♥ ♦ ♣), ranks high to low, `-` for a void.
pub fn suit_lines(set: CardSet, style: Style) -> Vec<String> {
    Suit::ALL
        .iter()
        .rev()
        .map(|&s| {
            let ranks: Vec<String> = set
                .suit(s)
                .iter()
                .rev()
                .map(|c| rank_text(c.rank(), style.symbols))
                .collect();
            let body = if ranks.is_empty() {
                "-".to_string()
            } else {
                ranks.join(" ")
            };
            format!("{} {body}", style.suit(s))
        })
        .collect()
}

fn width(s: &str) -> usize {
    // Colour codes take no room.
    let mut n = 0;
    let mut escape = false;
    for c in s.chars() {
        match (escape, c) {
            (false, '\x1b') => escape = true,
            (true, 'm') => escape = false,
            (true, _) => {}
            (false, _) => n += 1,
        }
    }
    n
}

fn pad(s: &str, to: usize) -> String {
    format!("{s}{}", " ".repeat(to.saturating_sub(width(s))))
}

/// The most a seat's name takes in a title; a longer one is cut, ending in `…` (the record
/// has it whole).
const NAME_ROOM: usize = 24;

/// The seat's name, where the record says who sat where: the spec up to its first comma, as
/// the table names a bot (the full spec is long), at most [`NAME_ROOM`] characters.
fn seat_name(story: &HandStory, seat: usize) -> Option<String> {
    let names = story.seats.as_ref()?;
    let short = names[seat].split(',').next().unwrap_or_default();
    Some(if short.chars().count() > NAME_ROOM {
        let cut: String = short.chars().take(NAME_ROOM - 1).collect();
        format!("{cut}…")
    } else {
        short.to_string()
    })
}

/// The seat without its name: `seat 2 North dealer`.
fn seat_head(story: &HandStory, seat: usize, compass: bool) -> String {
    let mut t = format!("seat {seat}");
    if compass {
        t.push(' ');
        t.push_str(COMPASS[seat]);
    }
    if seat == story.dealer as usize {
        t.push_str(" dealer");
    }
    t
}

/// The seat's title: `seat 2 North (rules) dealer`.
pub fn seat_title(story: &HandStory, seat: usize, compass: bool) -> String {
    let mut t = format!("seat {seat}");
    if compass {
        t.push(' ');
        t.push_str(COMPASS[seat]);
    }
    if let Some(name) = seat_name(story, seat) {
        t.push_str(&format!(" ({name})"));
    }
    if seat == story.dealer as usize {
        t.push_str(" dealer");
    }
    t
}

/// Whether the story is drawn around the table: four seats with one set each.
pub fn around_the_table(story: &HandStory) -> bool {
    story.players == 4 && story.dealt.iter().all(|s| s.len() == 1)
}

/// The diagram of `hands` (one set per seat).
fn diagram(story: &HandStory, hands: &[CardSet], style: Style) -> Vec<String> {
    // The name on a line of its own: the columns are as wide as the hands, not the names, so
    // the four hands of a table of bots still fit 80 columns.
    let block = |seat: usize| {
        let mut v = vec![seat_head(story, seat, true)];
        v.extend(seat_name(story, seat).map(|n| format!("({n})")));
        v.extend(suit_lines(hands[seat], style));
        v
    };
    let (north, west, east, south) = (block(2), block(1), block(3), block(0));
    let widest = |b: &[String]| b.iter().map(|l| width(l)).max().unwrap_or(0);
    // West's widest line, then North and South, then East: no column runs into the next.
    let left = (widest(&west) + 2).max(LEFT);
    let middle = (widest(&north).max(widest(&south)) + 2).max(LEFT);
    let indent = " ".repeat(left);
    let mut out = Vec::new();
    for l in north {
        out.push(format!("{indent}{l}"));
    }
    for (w, e) in west.iter().zip(east) {
        out.push(format!("{}{}{e}", pad(w, left), " ".repeat(middle)));
    }
    for l in south {
        out.push(format!("{indent}{l}"));
    }
    out
}

/// The widest title that shares its line with the hand; a longer one goes on a line above it.
const TITLE_ROOM: usize = 34;

/// The width the seat list keeps to where it can: a terminal's 80 columns.
const LIST_ROOM: usize = 80;

/// The space between the columns of the seat list.
const GAP: &str = "  ";

/// Each seat (and each set of a seat) on a row of its own, the suits in aligned columns, the
/// titles in a column of their own. Where a title is longer than [`TITLE_ROOM`], or a row
/// would run past [`LIST_ROOM`], each title goes on a line above its hand: no title runs into
/// a hand.
fn seat_list(story: &HandStory, hands: &[Vec<CardSet>], style: Style) -> Vec<String> {
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    for (seat, sets) in hands.iter().enumerate() {
        let title = seat_title(story, seat, false);
        for (k, set) in sets.iter().enumerate() {
            let which = if sets.len() > 1 {
                format!(" set {}", k + 1)
            } else {
                String::new()
            };
            rows.push((format!("{title}{which}"), suit_lines(*set, style)));
        }
    }
    let mut columns = [0; 4];
    for (_, suits) in &rows {
        for (w, l) in columns.iter_mut().zip(suits) {
            *w = (*w).max(width(l));
        }
    }
    let titles = rows.iter().map(|(t, _)| width(t)).max().unwrap_or(0);
    let hand_width = columns.iter().sum::<usize>() + GAP.len() * (columns.len() - 1);
    let own_line = titles > TITLE_ROOM || titles + GAP.len() + hand_width > LIST_ROOM;
    let mut out = Vec::new();
    for (title, suits) in rows {
        let mut hand: Vec<String> = suits.iter().zip(columns).map(|(l, w)| pad(l, w)).collect();
        let last = hand.pop().map(|l| l.trim_end().to_string());
        hand.extend(last);
        let hand = hand.join(GAP);
        if own_line {
            out.push(title);
            out.push(format!("{GAP}{hand}"));
        } else {
            out.push(format!("{}{hand}", pad(&title, titles + GAP.len())));
        }
    }
    out
}

/// What side `i` made of the hand: its points (`+3`), or in a game with targets its tricks
/// against its target (`target 9, took 7 (2 under)`): a side is one seat there.
pub fn hand_result(story: &HandStory, i: usize) -> String {
    match &story.targets {
        Some(t) => format!(
            "target {}, took {} ({})",
            t[i],
            story.tricks_won[i],
            over_under(story.points[i])
        ),
        None => format!("{:+}", story.points[i]),
    }
}

/// The story as text. With `trick = Some(k)` (1-based), the diagram shows the hands as trick
/// `k` is led and the tricks stop at `k`.
pub fn story_text(story: &HandStory, trick: Option<usize>, style: Style) -> String {
    let mut out = Vec::new();
    out.push(format!(
        "{} · {} players · match {} · hand {} (the record's `hand` {}) · dealer seat {}",
        story.game,
        story.players,
        story.match_index,
        story.hand + 1,
        story.hand,
        story.dealer
    ));
    let mut facts = Vec::new();
    if let Some(t) = story.trump {
        facts.push(format!("trumps {}", style.suit(t)));
    }
    for (k, v) in &story.extras {
        let shown = match v.parse::<CardSet>() {
            Ok(cs) => cs
                .display_order()
                .map(|c| style.card(c))
                .collect::<Vec<_>>()
                .join(" "),
            Err(_) => v.clone(),
        };
        facts.push(format!("{} {shown}", k.replace('_', " ")));
    }
    if !facts.is_empty() {
        out.push(facts.join(" · "));
    }
    out.push(String::new());
    let shown_tricks = trick.map_or(story.tricks.len(), |k| k.min(story.tricks.len()));
    match trick.and_then(|k| story.tricks.get(k.saturating_sub(1))) {
        Some(t) if around_the_table(story) => {
            out.push(format!("as trick {} is led:", trick.unwrap_or(1)));
            out.extend(diagram(story, &t.hands_before, style));
        }
        Some(t) => {
            out.push(format!("as trick {} is led:", trick.unwrap_or(1)));
            let sets: Vec<Vec<CardSet>> = t.hands_before.iter().map(|&h| vec![h]).collect();
            out.extend(seat_list(story, &sets, style));
        }
        None if around_the_table(story) => {
            let hands: Vec<CardSet> = story.dealt.iter().map(|s| s[0]).collect();
            out.extend(diagram(story, &hands, style));
        }
        None => out.extend(seat_list(story, &story.dealt, style)),
    }
    if !story.steps.is_empty() {
        out.push(String::new());
        out.extend(
            story
                .steps
                .iter()
                .map(|st| st.words(|c| style.card(c), |s| style.suit(s))),
        );
    }
    out.push(String::new());
    out.push("trick by trick (seat:card, * takes the trick):".to_string());
    for (i, t) in story.tricks.iter().take(shown_tricks).enumerate() {
        let cards: Vec<String> = t
            .cards
            .iter()
            .map(|tc| {
                let mark = if tc.seat == t.winner { "*" } else { " " };
                pad(&format!("{}:{}{mark}", tc.seat, style.card(tc.card)), 7)
            })
            .collect();
        out.push(format!(
            "trick {:>2}  {}  won by seat {}",
            i + 1,
            cards.join(" "),
            t.winner
        ));
    }
    if trick.is_none() || shown_tricks == story.tricks.len() {
        out.push(String::new());
        let tricks: Vec<String> = story
            .tricks_won
            .iter()
            .enumerate()
            .map(|(s, t)| format!("seat {s} {t}"))
            .collect();
        out.push(format!("tricks  {}", tricks.join(" · ")));
        let points: Vec<String> = story
            .side_labels
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let (before, after) = (story.scores_before[i], story.scores_after[i]);
                match story.targets {
                    Some(_) => format!(
                        "{}: {}, {before} → {after}",
                        side_seats(l),
                        hand_result(story, i)
                    ),
                    None => format!(
                        "{} {} ({before} → {after})",
                        side_seats(l),
                        hand_result(story, i)
                    ),
                }
            })
            .collect();
        out.push(format!("score   {}", points.join(" · ")));
        if let Some(w) = &story.winners {
            let w: Vec<String> = w
                .iter()
                .map(|&i| side_seats(&story.side_labels[i as usize]))
                .collect();
            out.push(format!("the match is won by {}", w.join(" and ")));
        }
    }
    for u in &story.undo {
        out.push(format!("undo: {u}"));
    }
    out.join("\n") + "\n"
}
