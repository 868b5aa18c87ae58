//! The plain line mode: the table as text, one command a line. Used with `--plain` and whenever
//! standard input is not a terminal, so a game can be scripted.

use std::io::{self, BufRead, Write};
use std::sync::Mutex;

use crate::games::record::RecordRules;
use crate::games::{Game, Seat};

use super::command::{Command, parse_command, refusal};
use super::event::Event;
use super::match_log::MatchLog;
use super::narrate::Story;
use super::prompt::prompt;
use super::reply::reply;
use super::screen::{Scene, Style, table_lines};
use super::table::Table;
use super::table_game::TableGame;

/// How a session at the table ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The match ended (or its hand limit was reached).
    MatchOver,
    /// The person quit (`quit`, `Esc`); the finished hands are in the log.
    Quit,
    /// The input ended before the match did.
    EndOfInput,
}

/// Where the line mode writes: the screen and the log.
pub struct Outputs<'a> {
    /// The screen.
    pub out: &'a mut dyn Write,
    /// The record of every finished hand (flushed after each).
    pub log: &'a Mutex<MatchLog>,
    /// How cards are written.
    pub style: Style,
    /// Echo each command after its prompt (when the input is not a terminal).
    pub echo: bool,
    /// The screen is a terminal: while a bot or the hint searches, a `thinking…` line stands
    /// on it and is erased when the answer comes (a transcript never holds it).
    pub live: bool,
}

/// The scene for the person at `me`.
pub fn scene<'t, R: RecordRules>(table: &'t Table<R>, me: Seat) -> Scene<'t, R>
where
    R::Hand: TableGame,
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

/// Writes the hands the table finished to `log`.
///
/// # Errors
/// The log cannot be written.
pub fn write_log<R: RecordRules>(table: &mut Table<R>, log: &Mutex<MatchLog>) -> io::Result<()>
where
    R::Hand: TableGame,
{
    let lines = table.take_lines();
    if lines.is_empty() {
        return Ok(());
    }
    log.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .append(lines)
}

fn write_lines(out: &mut dyn Write, lines: &[String]) -> io::Result<()> {
    for l in lines {
        writeln!(out, "{l}")?;
    }
    Ok(())
}

/// The warning before a quit that loses the hand in progress.
pub const CONFIRM: &str = "a hand is in progress and quitting loses it (the finished hands are saved): quit anyway? (y/n)";

/// The question at the end of each hand but the match's last, before the next is dealt.
pub fn pause_prompt(next_hand: u32) -> String {
    format!("press Enter for hand {next_hand} (or quit)> ")
}

/// Plays at `table` reading one command a line from `input` until the match ends, the person
/// quits or the input ends. Each hand but the last ends with its summary and waits for an
/// empty line (the [`pause_prompt`]) before the next hand's bots play.
///
/// # Errors
/// Writing the screen or the log failed.
pub fn play_lines<R: RecordRules>(
    table: &mut Table<R>,
    input: &mut dyn BufRead,
    io: &mut Outputs<'_>,
) -> io::Result<Ending>
where
    R::Hand: TableGame,
{
    let style = io.style;
    let mut story = Story::default();
    let mut paused = bots(table, &mut story, io)?;
    let mut show = true;
    let mut line = String::new();
    loop {
        if paused {
            let next = table.match_state().hands_dealt + 1;
            write!(io.out, "{}", pause_prompt(next))?;
            io.out.flush()?;
            if !read(input, &mut line, io)? {
                return Ok(Ending::EndOfInput);
            }
            match line.trim().to_lowercase().as_str() {
                "" => {}
                "q" | "quit" => return Ok(Ending::Quit),
                other => {
                    writeln!(
                        io.out,
                        "✗ `{other}`: hand {} is over; press Enter to deal the next, or quit",
                        next - 1
                    )?;
                    continue;
                }
            }
            paused = bots(table, &mut story, io)?;
            show = true;
            continue;
        }
        let Some(seat) = table.human_to_act() else {
            return Ok(Ending::MatchOver);
        };
        let legal = table.hand().legal_actions();
        if show {
            writeln!(io.out)?;
            write_lines(io.out, &table_lines(&scene(table, seat), style))?;
            show = false;
        }
        write!(io.out, "{}", prompt(table, seat, style))?;
        io.out.flush()?;
        if !read(input, &mut line, io)? {
            return Ok(Ending::EndOfInput);
        }
        let command = match parse_command(&line, legal) {
            Err(e) => {
                writeln!(io.out, "✗ {e}")?;
                continue;
            }
            Ok(c) => c,
        };
        if command == Command::Hint {
            thinking(io, "  hint… (searching)")?;
        }
        if let Some(lines) = reply(table, command, style) {
            done_thinking(io)?;
            show |= command == Command::Undo;
            write_lines(io.out, &lines)?;
            continue;
        }
        match command {
            Command::Quit if !table.hand_in_progress() => return Ok(Ending::Quit),
            Command::Quit => {
                write!(io.out, "{CONFIRM} ")?;
                io.out.flush()?;
                if !read(input, &mut line, io)? {
                    return Ok(Ending::EndOfInput);
                }
                if matches!(
                    line.trim().to_lowercase().as_str(),
                    "y" | "yes" | "q" | "quit"
                ) {
                    return Ok(Ending::Quit);
                }
                writeln!(io.out, "going on")?;
            }
            Command::Decide(a) => match table.decide(a) {
                Ok(events) => {
                    show = true;
                    story.tell(table, &events, style);
                    write_lines(io.out, &story.drain())?;
                    paused = bots(table, &mut story, io)?;
                }
                Err(_) => writeln!(io.out, "✗ {}", refusal(table.hand(), seat, a, style))?,
            },
            _ => show = true,
        }
    }
}

/// Lets the bots decide until a person is to act, the match is over or a hand has ended with
/// another to come (then `true`: the pause); tells what happened and writes finished hands to
/// the log.
fn bots<R: RecordRules>(
    table: &mut Table<R>,
    story: &mut Story,
    io: &mut Outputs<'_>,
) -> io::Result<bool>
where
    R::Hand: TableGame,
{
    let style = io.style;
    loop {
        let searching = table.bot_to_act().filter(|&b| table.searches(b));
        if let Some(b) = searching {
            thinking(
                io,
                &format!("  seat {b} ({}) thinking…", table.player_name(b)),
            )?;
        }
        let events = table.step();
        if searching.is_some() {
            done_thinking(io)?;
        }
        story.tell(table, &events, style);
        write_lines(io.out, &story.drain())?;
        write_log(table, io.log)?;
        let hand_over = events.iter().any(|e| matches!(e, Event::HandOver { .. }));
        if hand_over && !table.is_over() {
            return Ok(true);
        }
        if !table.busy() {
            return Ok(false);
        }
    }
}

/// Puts `what` on a live screen until [`done_thinking`] erases it.
fn thinking(io: &mut Outputs<'_>, what: &str) -> io::Result<()> {
    if io.live {
        write!(io.out, "{what}")?;
        io.out.flush()?;
    }
    Ok(())
}

/// Erases the `thinking…` line from a live screen.
fn done_thinking(io: &mut Outputs<'_>) -> io::Result<()> {
    if io.live {
        write!(io.out, "\r\x1b[K")?;
    }
    Ok(())
}

/// Reads one line into `line`, echoing it where the input is not a terminal; `false` at the
/// end of the input.
fn read(input: &mut dyn BufRead, line: &mut String, io: &mut Outputs<'_>) -> io::Result<bool> {
    line.clear();
    if input.read_line(line)? == 0 {
        writeln!(io.out)?;
        return Ok(false);
    }
    if io.echo {
        writeln!(io.out, "{}", line.trim_end())?;
    }
    Ok(true)
}
