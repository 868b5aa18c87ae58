//! What happened, told to one seat: every step of the hand as that seat may see it (RULES.md
//! §1.9, §2.8, §3.5, by the same rule the bot protocol uses,
//! `protocol::sees`). A card the seat may not see is never
//! named: the dealer's discards, and the gives and returns of an exchange between two other
//! seats, are told as counts (`seat 2 discards 4 cards face down`); a give or return the seat
//! takes part in is told to it with its card, from its side (`seat 2 takes your K♣ (your
//! highest ♣)`).

use crate::agents::external::protocol::sees;
use crate::games::record::{ActionRecord, RecordRules, Step};
use crate::games::{Seat, Side};
use crate::words::{counted, side_seats};

use super::event::Event;
use super::screen::Style;
use super::table::Table;
use super::table_game::TableGame;

/// A hidden step's kind, seat and receiver: consecutive steps alike are told as one line.
type Group = (Seat, &'static str, Option<u8>);

/// The lines told so far, with the group of hidden steps the last line counts.
#[derive(Default)]
pub struct Story {
    /// Every line, oldest first.
    pub lines: Vec<String>,
    group: Option<(Group, usize)>,
}

impl Story {
    /// Adds lines that are not steps (answers, errors); they end a group of hidden steps.
    pub fn say(&mut self, lines: impl IntoIterator<Item = String>) {
        self.group = None;
        self.lines.extend(lines);
    }

    /// Takes the lines told so far (the line mode writes them out as it goes).
    pub fn drain(&mut self) -> Vec<String> {
        self.group = None;
        std::mem::take(&mut self.lines)
    }

    /// Keeps only the newest `keep` lines (the full screen's history).
    pub fn keep(&mut self, keep: usize) {
        let n = self.lines.len();
        if n > keep {
            self.lines.drain(..n - keep);
        }
    }

    /// Tells `events` to the table's (first) person.
    pub fn tell<R: RecordRules>(&mut self, table: &Table<R>, events: &[Event], style: Style)
    where
        R::Hand: TableGame,
    {
        let viewer = table.first_human();
        for e in events {
            match e {
                Event::Step(r) if !sees(r, viewer) => self.hidden(table, r),
                Event::Step(r) => {
                    let line = seen_step(table, r, viewer, style);
                    self.say([line]);
                }
                other => {
                    let lines = other_lines(table, other, viewer, style);
                    self.say(lines);
                }
            }
        }
    }

    fn hidden<R: RecordRules>(&mut self, table: &Table<R>, r: &ActionRecord)
    where
        R::Hand: TableGame,
    {
        let seat = Seat(r.seat);
        let word = step_word(r.step);
        let key = (seat, word, r.to);
        let count = match self.group {
            Some((k, n)) if k == key => n + 1,
            _ => {
                self.lines.push(String::new());
                1
            }
        };
        self.group = Some((key, count));
        let to =
            r.to.map(|t| format!(" to {}", who(table, Seat(t))))
                .unwrap_or_default();
        let how = if word == "discards" { " face down" } else { "" };
        let line = format!(
            "  {} {word} {}{to}{how}",
            who(table, seat),
            counted(count as u64, "card")
        );
        *self.lines.last_mut().expect("a line") = line;
    }
}

fn step_word(step: Step) -> &'static str {
    match step {
        Step::Play(_) => "plays",
        Step::Trump(_) => "names trumps",
        Step::Discard(_) => "discards",
        Step::Give(_) => "gives",
        Step::Return(_) => "returns",
    }
}

/// `seat 2 (rules)`, or `you`.
fn who<R: RecordRules>(table: &Table<R>, seat: Seat) -> String
where
    R::Hand: TableGame,
{
    if table.is_human(seat) {
        "you".into()
    } else {
        format!("seat {seat} ({})", table.player_name(seat))
    }
}

/// A step `viewer` sees, from its side.
fn seen_step<R: RecordRules>(
    table: &Table<R>,
    r: &ActionRecord,
    viewer: Seat,
    style: Style,
) -> String
where
    R::Hand: TableGame,
{
    let seat = Seat(r.seat);
    let name = format!("seat {seat} ({})", table.player_name(seat));
    let to = r.to.map(Seat);
    match r.step {
        Step::Play(c) => format!("  {name}: play {}", style.card(c)),
        Step::Trump(s) => format!("  {name}: trump {}", style.suit(s)),
        Step::Discard(c) => {
            let kitty = table.hand().kitty_seen_by(viewer).contains(c);
            let from = if kitty { " (from the kitty)" } else { "" };
            let left = table.hand().discards_left();
            format!(
                "  you discard {}{from}: {left} left to discard",
                style.card(c)
            )
        }
        Step::Give(c) if seat == viewer => format!(
            "  you give {} to {}",
            style.card(c),
            to.map_or_else(String::new, |t| who(table, t))
        ),
        Step::Give(c) => format!("  {name} gives you {}", style.card(c)),
        Step::Return(c) if seat == viewer => format!(
            "  {} takes your {} (your highest {})",
            to.map_or_else(String::new, |t| who(table, t)),
            style.card(c),
            style.suit(c.suit())
        ),
        Step::Return(c) => format!(
            "  {name} returns {} to you (its highest {})",
            style.card(c),
            style.suit(c.suit())
        ),
    }
}

/// The side's seats, `seats 0+2`, or `seat 1` for a seat alone; `(you)` after the person's.
pub fn side_name<R: RecordRules>(table: &Table<R>, side: Side, viewer: Seat) -> String
where
    R::Hand: TableGame,
{
    let sides = table.rules().sides();
    let label = sides.label(side);
    let you = if sides.side(viewer) == side {
        " (you)"
    } else {
        ""
    };
    format!("{}{you}", side_seats(&label))
}

/// A 9-5-2 hand's difference from the target in words: `3 over`, `2 under`, `on target`.
pub fn over_under(diff: i32) -> String {
    match diff {
        0 => "on target".to_string(),
        d if d > 0 => format!("{d} over"),
        d => format!("{} under", -d),
    }
}

fn other_lines<R: RecordRules>(
    table: &Table<R>,
    e: &Event,
    viewer: Seat,
    style: Style,
) -> Vec<String>
where
    R::Hand: TableGame,
{
    let sides = table.rules().sides();
    match e {
        Event::Step(_) => Vec::new(),
        Event::HandStarted { hand, dealer } => {
            let deals = if table.is_human(*dealer) {
                "you deal".to_string()
            } else {
                format!("seat {dealer} deals")
            };
            vec![format!("── hand {} · {deals} ──", hand + 1)]
        }
        Event::TrickWon { winner, cards } => {
            let cs: Vec<String> = cards
                .iter()
                .map(|&(s, c)| format!("{s}:{}", style.card(c)))
                .collect();
            vec![format!("  trick [{}] won by seat {winner}", cs.join(" "))]
        }
        Event::HandOver {
            hand,
            tricks,
            targets,
            points,
            scores,
            next_dealer,
        } => {
            let per: Vec<String> = sides
                .all()
                .map(|s| {
                    let i = s.index();
                    let made = match targets {
                        // 9-5-2: the tricks against the target, not a bare difference.
                        Some(t) => format!(
                            "took {} (target {}, {})",
                            tricks[i],
                            t[i],
                            over_under(points[i])
                        ),
                        None => format!("{:+}", points[i]),
                    };
                    format!("{} {made} → {}", side_name(table, s, viewer), scores[i])
                })
                .collect();
            let mut out = vec![format!("hand {} over: {}", hand + 1, per.join(" · "))];
            if targets.is_none() {
                let t: Vec<String> = tricks
                    .iter()
                    .enumerate()
                    .map(|(s, n)| format!("seat {s} {n}"))
                    .collect();
                out.push(format!("  tricks: {}", t.join(" · ")));
            }
            if !table.is_over() {
                out.push(format!("  seat {next_dealer} deals next"));
            }
            out
        }
        Event::MatchOver { winners } => vec![if winners.is_empty() {
            "match stopped at the hand limit".to_string()
        } else {
            let w: Vec<String> = winners
                .iter()
                .map(|&i| side_name(table, Side(i as u8), viewer))
                .collect();
            format!("match over: {} won", w.join(" and "))
        }],
    }
}
