//! The full-screen terminal UI (ratatui + crossterm): the table, the legal actions to pick with
//! the arrow keys, and what happened.
//!
//! Keys: `←`/`→` choose, `Enter` decides; or type a card (`td`, `10d`) or a command (`hint`,
//! `why`, `undo`, `quit`) and press `Enter`. `?` asks for a hint, `Esc` quits (the finished hands
//! are in the log).

use std::io::{self, Write};

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, Event as TermEvent, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Modifier, Style as TuiStyle};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use crate::agents::AgentFactory;
use crate::games::record::RecordRules;
use crate::games::{Action, Game};

use super::command::{Command, HELP, parse_command, refusal};
use super::line::{Ending, event_lines, scene, value_lines};
use super::screen::{Style, is_red, table_lines};
use super::table::Table;

const KEYS: &str = "←/→ choose · Enter decide · type a card or command + Enter · ? hint · Esc quit";
const KEEP: usize = 40;

struct Ui {
    selected: usize,
    typed: String,
    messages: Vec<String>,
    style: Style,
}

impl Ui {
    fn say(&mut self, lines: impl IntoIterator<Item = String>) {
        self.messages.extend(lines);
        let n = self.messages.len();
        if n > KEEP {
            self.messages.drain(..n - KEEP);
        }
    }
}

/// Plays at `table` full-screen until the match ends or the person quits; every finished hand
/// is written to `log` as it ends.
///
/// # Errors
/// The terminal or the log failed.
pub fn play_tui<R: RecordRules>(
    table: &mut Table<R>,
    log: &mut dyn Write,
    style: Style,
) -> io::Result<Ending>
where
    R::Hand: AgentFactory,
{
    let mut terminal = ratatui::try_init()?;
    let result = run(&mut terminal, table, log, style);
    ratatui::try_restore()?;
    result
}

fn write_log<R: RecordRules>(table: &mut Table<R>, log: &mut dyn Write) -> io::Result<()>
where
    R::Hand: AgentFactory,
{
    for line in table.take_lines() {
        writeln!(log, "{line}")?;
    }
    log.flush()
}

fn run<R: RecordRules>(
    terminal: &mut DefaultTerminal,
    table: &mut Table<R>,
    log: &mut dyn Write,
    style: Style,
) -> io::Result<Ending>
where
    R::Hand: AgentFactory,
{
    let mut ui = Ui {
        selected: 0,
        typed: String::new(),
        messages: Vec::new(),
        style,
    };
    // The messages are plain text: colour belongs to the widgets.
    let style = Style {
        colour: false,
        ..style
    };
    let events = table.advance();
    ui.say(event_lines(table, &events, style));
    write_log(table, log)?;
    loop {
        terminal.draw(|f| draw(f, table, &ui))?;
        let TermEvent::Key(key) = event::read()? else {
            continue;
        };
        if key.kind != KeyEventKind::Press {
            continue;
        }
        let Some(seat) = table.human_to_act() else {
            // The match is over: any key leaves.
            return Ok(Ending::MatchOver);
        };
        let legal = table.hand().legal_actions();
        let n = legal.len().max(1);
        let command = match key.code {
            KeyCode::Esc => Some(Ok(Command::Quit)),
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => {
                Some(Ok(Command::Quit))
            }
            KeyCode::Left => {
                ui.selected = (ui.selected + n - 1) % n;
                None
            }
            KeyCode::Right => {
                ui.selected = (ui.selected + 1) % n;
                None
            }
            KeyCode::Backspace => {
                ui.typed.pop();
                None
            }
            KeyCode::Char('?') if ui.typed.is_empty() => Some(Ok(Command::Hint)),
            KeyCode::Char(c) => {
                ui.typed.push(c);
                None
            }
            KeyCode::Enter if ui.typed.trim().is_empty() => legal
                .nth(ui.selected.min(n - 1))
                .map(|a| Ok(Command::Decide(a))),
            KeyCode::Enter => {
                let text = std::mem::take(&mut ui.typed);
                Some(parse_command(&text, legal))
            }
            _ => None,
        };
        let Some(command) = command else { continue };
        match command {
            Err(e) => ui.say([format!("✗ {e}")]),
            Ok(Command::Quit) => return Ok(Ending::Quit),
            Ok(Command::Help) => ui.say([HELP.to_string()]),
            Ok(Command::Show) => {}
            Ok(Command::Hint) => {
                let v = table.hint();
                if let Some(v) = v {
                    ui.say(value_lines(&v, style));
                    if let Some(i) = legal.iter().position(|a| a == v.chosen) {
                        ui.selected = i;
                    }
                }
            }
            Ok(Command::Why) => match table.why() {
                Ok(v) => {
                    let lines = value_lines(v, style);
                    ui.say(lines);
                }
                Err(e) => ui.say([format!("why: {e}")]),
            },
            Ok(Command::Undo) => match table.undo() {
                Ok(taken) => {
                    let t: Vec<String> = taken
                        .iter()
                        .map(|&(s, a)| format!("seat {s} {}", style.action(a)))
                        .collect();
                    ui.say([format!("undone: {}", t.join(", "))]);
                }
                Err(e) => ui.say([format!("✗ {e}")]),
            },
            Ok(Command::Decide(a)) => match table.act(a) {
                Ok(events) => {
                    ui.say(event_lines(table, &events, style));
                    write_log(table, log)?;
                    ui.selected = 0;
                }
                Err(_) => {
                    let why = refusal(table.hand(), seat, a, style);
                    ui.say([format!("✗ {why}")]);
                }
            },
        }
        if table.is_over() {
            ui.say(["the match is over: press any key to leave".to_string()]);
        }
    }
}

fn card_span(a: Action, style: Style, selected: bool) -> Span<'static> {
    let mut s = TuiStyle::default();
    let red = match a {
        Action::NameTrump(suit) => is_red(suit),
        other => other.card().is_some_and(|c| is_red(c.suit())),
    };
    if red && style.colour {
        s = s.fg(Color::Red);
    }
    if selected {
        s = s.add_modifier(Modifier::REVERSED | Modifier::BOLD);
    }
    let plain = Style {
        colour: false,
        ..style
    };
    let text = match a {
        Action::NameTrump(suit) => plain.suit(suit),
        other => plain.card(other.card().expect("a card action")),
    };
    Span::styled(format!(" {text} "), s)
}

fn draw<R: RecordRules>(f: &mut ratatui::Frame<'_>, table: &Table<R>, ui: &Ui)
where
    R::Hand: AgentFactory,
{
    let plain = Style {
        colour: false,
        ..ui.style
    };
    let me = table
        .human_to_act()
        .or_else(|| {
            (0..table.rules().sides().num_seats())
                .map(|i| crate::games::Seat(i as u8))
                .find(|&s| table.is_human(s))
        })
        .unwrap_or(crate::games::Seat(0));
    let lines: Vec<Line> = table_lines(&scene(table, me), plain)
        .into_iter()
        .map(Line::from)
        .collect();
    let table_height = lines.len() as u16 + 2;
    let [top, pick, msgs, keys] = Layout::vertical([
        Constraint::Length(table_height),
        Constraint::Length(3),
        Constraint::Min(3),
        Constraint::Length(1),
    ])
    .areas(f.area());
    f.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(" tricklab play ")),
        top,
    );
    let mut spans = Vec::new();
    if table.human_to_act().is_some() {
        let legal = table.hand().legal_actions();
        spans.push(Span::raw(format!("{}: ", legal.decision().name())));
        for (i, a) in legal.iter().enumerate() {
            spans.push(card_span(a, ui.style, i == ui.selected));
        }
        spans.push(Span::raw(format!("   typed: {}", ui.typed)));
    } else {
        spans.push(Span::raw("the match is over"));
    }
    f.render_widget(
        Paragraph::new(Line::from(spans)).block(Block::bordered().title(" your move ")),
        pick,
    );
    let height = msgs.height.saturating_sub(2) as usize;
    let start = ui.messages.len().saturating_sub(height);
    let msg_lines: Vec<Line> = ui.messages[start..]
        .iter()
        .map(|m| Line::from(m.clone()))
        .collect();
    f.render_widget(
        Paragraph::new(msg_lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(" what happened ")),
        msgs,
    );
    f.render_widget(Paragraph::new(KEYS), keys);
}
