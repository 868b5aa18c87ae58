//! The plain line mode: the table as text, one command a line. Used with `--plain` and whenever
//! standard input is not a terminal, so a game can be scripted.

use std::io::{self, BufRead, Write};

use crate::agents::AgentFactory;
use crate::games::record::RecordRules;
use crate::games::{Game, Seat};

use super::command::{Command, HELP, parse_command, refusal};
use super::screen::{Scene, Style, prompt, table_lines};
use super::table::{Event, Table, Values};

/// How a session at the table ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The match ended (or its hand limit was reached).
    MatchOver,
    /// The person quit (or the input ended); the finished hands are in the log.
    Quit,
}

/// Where the line mode writes: the screen and the log.
pub struct Outputs<'a> {
    /// The screen.
    pub out: &'a mut dyn Write,
    /// The record of every finished hand (flushed after each).
    pub log: &'a mut dyn Write,
    /// How cards are written.
    pub style: Style,
    /// Echo each command after its prompt (when the input is not a terminal).
    pub echo: bool,
}

/// The scene for the person at `me`.
pub fn scene<'t, R: RecordRules>(table: &'t Table<R>, me: Seat) -> Scene<'t, R>
where
    R::Hand: AgentFactory,
{
    let sides = table.rules().sides();
    Scene {
        rules: table.rules(),
        hand: table.hand(),
        initial: table.initial(),
        me,
        names: Seat::all(sides.num_seats())
            .map(|s| table.player_name(s))
            .collect(),
        scores: table.match_state().scores[..sides.num_sides()].to_vec(),
        hand_number: table.match_state().hands_dealt,
    }
}

/// Writes what happened, in lines.
pub fn event_lines<R: RecordRules>(table: &Table<R>, events: &[Event], style: Style) -> Vec<String>
where
    R::Hand: AgentFactory,
{
    let sides = table.rules().sides();
    let mut out = Vec::new();
    for e in events {
        match e {
            Event::Acted { seat, action } => out.push(format!(
                "  seat {seat} ({}): {}",
                table.player_name(*seat),
                style.action(*action)
            )),
            Event::TrickWon { winner, cards } => {
                let cs: Vec<String> = cards
                    .iter()
                    .map(|&(s, c)| format!("{s}:{}", style.card(c)))
                    .collect();
                out.push(format!("  trick [{}] won by seat {winner}", cs.join(" ")));
            }
            Event::HandOver {
                hand,
                points,
                scores,
            } => {
                let per: Vec<String> = sides
                    .all()
                    .map(|s| {
                        format!(
                            "seats {} {:+} → {}",
                            sides.label(s),
                            points[s.index()],
                            scores[s.index()]
                        )
                    })
                    .collect();
                out.push(format!("hand {} over: {}", hand + 1, per.join(" · ")));
            }
            Event::MatchOver { winners } => {
                out.push(if winners.is_empty() {
                    "match stopped at the hand limit".to_string()
                } else {
                    let w: Vec<String> = winners
                        .iter()
                        .map(|&i| format!("seats {}", sides.label(crate::games::Side(i as u8))))
                        .collect();
                    format!("match over: {} won", w.join(" and "))
                });
            }
        }
    }
    out
}

/// Values as lines, best first, as `analyze` shows them.
pub fn value_lines(v: &Values, style: Style) -> Vec<String> {
    let mut out = vec![format!(
        "{} for seat {} (mean reward for its side, best first):",
        v.agent, v.seat
    )];
    for (a, x) in &v.values {
        let mark = if *a == v.chosen { "  ←" } else { "" };
        out.push(format!("  {:<12} {x:.4}{mark}", style.action(*a)));
    }
    out
}

fn write_lines(out: &mut dyn Write, lines: &[String]) -> io::Result<()> {
    for l in lines {
        writeln!(out, "{l}")?;
    }
    Ok(())
}

fn flush_log<R: RecordRules>(table: &mut Table<R>, log: &mut dyn Write) -> io::Result<()>
where
    R::Hand: AgentFactory,
{
    for line in table.take_lines() {
        writeln!(log, "{line}")?;
    }
    log.flush()
}

/// Plays at `table` reading one command a line from `input` until the match ends, the person
/// quits or the input ends.
///
/// # Errors
/// Writing the screen or the log failed.
pub fn play_lines<R: RecordRules>(
    table: &mut Table<R>,
    input: &mut dyn BufRead,
    io: &mut Outputs<'_>,
) -> io::Result<Ending>
where
    R::Hand: AgentFactory,
{
    let style = io.style;
    let events = table.advance();
    write_lines(io.out, &event_lines(table, &events, style))?;
    flush_log(table, io.log)?;
    let mut show = true;
    let mut line = String::new();
    while let Some(seat) = table.human_to_act() {
        let legal = table.hand().legal_actions();
        if show {
            writeln!(io.out)?;
            write_lines(io.out, &table_lines(&scene(table, seat), style))?;
            show = false;
        }
        write!(io.out, "{}", prompt(seat, legal))?;
        io.out.flush()?;
        line.clear();
        if input.read_line(&mut line)? == 0 {
            writeln!(io.out)?;
            writeln!(
                io.out,
                "end of input: the match is saved up to the last finished hand"
            )?;
            return Ok(Ending::Quit);
        }
        if io.echo {
            writeln!(io.out, "{}", line.trim_end())?;
        }
        let answer = match parse_command(&line, legal) {
            Err(e) => vec![format!("✗ {e}")],
            Ok(Command::Quit) => {
                writeln!(
                    io.out,
                    "quit: the match is saved up to the last finished hand"
                )?;
                return Ok(Ending::Quit);
            }
            Ok(Command::Help) => vec![HELP.to_string()],
            Ok(Command::Show) => {
                show = true;
                vec![]
            }
            Ok(Command::Hint) => match table.hint() {
                Some(v) => value_lines(&v, style),
                None => vec!["hint: it is not your turn".to_string()],
            },
            Ok(Command::Why) => match table.why() {
                Ok(v) => value_lines(v, style),
                Err(e) => vec![format!("why: {e}")],
            },
            Ok(Command::Undo) => match table.undo() {
                Ok(taken) => {
                    show = true;
                    let t: Vec<String> = taken
                        .iter()
                        .map(|&(s, a)| format!("seat {s} {}", style.action(a)))
                        .collect();
                    vec![format!("undone: {}", t.join(", "))]
                }
                Err(e) => vec![format!("✗ {e}")],
            },
            Ok(Command::Decide(a)) => match table.act(a) {
                Ok(events) => {
                    show = true;
                    let lines = event_lines(table, &events, style);
                    flush_log(table, io.log)?;
                    lines
                }
                Err(_) => vec![format!("✗ {}", refusal(table.hand(), seat, a, style))],
            },
        };
        write_lines(io.out, &answer)?;
    }
    Ok(Ending::MatchOver)
}
