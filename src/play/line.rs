//! The plain line mode: the table as text, one command a line. Used with `--plain` and whenever
//! standard input is not a terminal, so a game can be scripted.

use std::io::{self, BufRead, Write};
use std::sync::Mutex;

use crate::games::record::RecordRules;
use crate::games::{Game, Seat};

use super::command::{Command, parse_command, refusal};
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
    R::Hand: TableGame,
{
    let style = io.style;
    let mut story = Story::default();
    let events = table.advance();
    story.tell(table, &events, style);
    write_lines(io.out, &story.drain())?;
    write_log(table, io.log)?;
    let mut show = true;
    let mut line = String::new();
    while let Some(seat) = table.human_to_act() {
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
        if let Some(lines) = reply(table, command, style) {
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
            Command::Decide(a) => match table.act(a) {
                Ok(events) => {
                    show = true;
                    story.tell(table, &events, style);
                    write_lines(io.out, &story.drain())?;
                    write_log(table, io.log)?;
                }
                Err(_) => writeln!(io.out, "✗ {}", refusal(table.hand(), seat, a, style))?,
            },
            _ => show = true,
        }
    }
    Ok(Ending::MatchOver)
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
