//! The full-screen terminal UI (ratatui + crossterm): the table, the legal actions to pick with
//! the arrow keys, and what happened (`tui_draw` draws it).
//!
//! Keys: `←`/`→` choose, `Enter` decides; or type a card (`td`, `10d`) or a command (`hint`,
//! `why`, `undo`, `quit`) and press `Enter`. `?` asks for a hint, `Esc` quits (after a
//! confirmation when a hand is in progress; the finished hands are in the log). The keys are
//! read on a thread of their own, so `Ctrl-C` is answered at once, even while a bot or a hint
//! searches: it calls the interrupt the caller gave, which saves the match and exits.

use std::io;
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{
    self, Event as TermEvent, KeyCode, KeyEvent, KeyEventKind, KeyModifiers,
};

use crate::games::Game;
use crate::games::record::RecordRules;

use super::command::{Command, parse_command, refusal};
use super::event::Event;
use super::line::{CONFIRM, Ending, write_log};
use super::match_log::MatchLog;
use super::narrate::Story;
use super::reply::{hint_reply, reply};
use super::screen::Style;
use super::table::Table;
use super::table_game::TableGame;
use super::tui_draw::draw;

/// How many lines of what happened are kept.
const KEEP: usize = 200;

/// What the keys do now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// Choosing and deciding.
    Choose,
    /// `Esc` or `quit` during a hand: `y` quits.
    Confirm,
    /// A hand has ended: its summary stays until a key is pressed.
    Pause,
    /// The match is over: any key leaves.
    Over,
}

/// What the screen shows besides the table.
pub(super) struct Ui {
    pub(super) selected: usize,
    pub(super) typed: String,
    pub(super) story: Story,
    pub(super) style: Style,
    /// `seat 1 thinking…`, `hint…`, or what the keys do now.
    pub(super) status: String,
    pub(super) mode: Mode,
    /// The seed and the command that deals the same match again.
    pub(super) banner: String,
}

impl Ui {
    fn say(&mut self, lines: impl IntoIterator<Item = String>) {
        self.story.say(lines);
        self.story.keep(KEEP);
    }
}

/// Plays at `table` full-screen until the match ends or the person quits; every finished hand
/// is written to `log` as it ends. `interrupt` is called (on the key thread) when `Ctrl-C` is
/// pressed; it is expected not to return.
///
/// # Errors
/// The terminal or the log failed.
pub fn play_tui<R: RecordRules>(
    table: &mut Table<R>,
    log: &Mutex<MatchLog>,
    style: Style,
    banner: String,
    interrupt: Arc<dyn Fn() + Send + Sync>,
) -> io::Result<Ending>
where
    R::Hand: TableGame,
{
    let mut terminal = ratatui::try_init()?;
    let keys = read_keys(interrupt);
    let mut ui = Ui {
        selected: 0,
        typed: String::new(),
        story: Story::default(),
        style,
        status: String::new(),
        mode: Mode::Choose,
        banner,
    };
    let result = run(&mut terminal, table, log, &mut ui, &keys);
    ratatui::try_restore()?;
    result
}

/// Reads the terminal's events on a thread of its own; `Ctrl-C` calls `interrupt` there.
fn read_keys(interrupt: Arc<dyn Fn() + Send + Sync>) -> Receiver<KeyEvent> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        while let Ok(e) = event::read() {
            let TermEvent::Key(key) = e else {
                // A resize: an empty event redraws.
                if tx.send(KeyEvent::from(KeyCode::Null)).is_err() {
                    return;
                }
                continue;
            };
            if key.kind != KeyEventKind::Press {
                continue;
            }
            if key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL) {
                interrupt();
            }
            if tx.send(key).is_err() {
                return;
            }
        }
    });
    rx
}

fn run<R: RecordRules>(
    terminal: &mut DefaultTerminal,
    table: &mut Table<R>,
    log: &Mutex<MatchLog>,
    ui: &mut Ui,
    keys: &Receiver<KeyEvent>,
) -> io::Result<Ending>
where
    R::Hand: TableGame,
{
    // The messages are plain text: colour belongs to the widgets.
    let plain = Style {
        colour: false,
        ..ui.style
    };
    loop {
        while ui.mode == Mode::Choose && table.busy() {
            if let Some(b) = table.bot_to_act() {
                ui.status = format!("seat {b} ({}) thinking…", table.player_name(b));
                terminal.draw(|f| draw(f, table, ui))?;
            }
            let events = table.step();
            ui.story.tell(table, &events, plain);
            ui.story.keep(KEEP);
            write_log(table, log)?;
            if events.iter().any(|e| matches!(e, Event::HandOver { .. })) {
                ui.mode = if table.is_over() {
                    Mode::Over
                } else {
                    Mode::Pause
                };
            }
        }
        if table.is_over() {
            ui.mode = Mode::Over;
        }
        ui.status = match ui.mode {
            Mode::Choose => String::new(),
            Mode::Confirm => CONFIRM.to_string(),
            Mode::Pause => "the hand is over: press any key for the next hand".to_string(),
            Mode::Over => "the match is over: press any key to leave".to_string(),
        };
        terminal.draw(|f| draw(f, table, ui))?;
        let Ok(key) = keys.recv() else {
            return Ok(Ending::Quit);
        };
        if key.code == KeyCode::Null {
            continue;
        }
        match ui.mode {
            Mode::Over => return Ok(Ending::MatchOver),
            Mode::Pause => {
                ui.mode = Mode::Choose;
                continue;
            }
            Mode::Confirm => {
                if matches!(key.code, KeyCode::Char('y' | 'Y')) {
                    return Ok(Ending::Quit);
                }
                ui.mode = Mode::Choose;
                ui.say(["going on".to_string()]);
                continue;
            }
            Mode::Choose => {}
        }
        let Some(command) = command_of(key, table, ui) else {
            continue;
        };
        match command {
            Err(e) => ui.say([format!("✗ {e}")]),
            Ok(Command::Quit) if table.hand_in_progress() => ui.mode = Mode::Confirm,
            Ok(Command::Quit) => return Ok(Ending::Quit),
            Ok(Command::Show) => {}
            Ok(Command::Decide(a)) => match table.decide(a) {
                Ok(events) => {
                    ui.story.tell(table, &events, plain);
                    ui.selected = 0;
                }
                Err(_) => {
                    let seat = table.human_to_act().unwrap_or_else(|| table.first_human());
                    let why = refusal(table.hand(), seat, a, plain);
                    ui.say([format!("✗ {why}")]);
                }
            },
            Ok(Command::Hint) => {
                ui.status = "hint… (searching)".to_string();
                terminal.draw(|f| draw(f, table, ui))?;
                ui.say(hint_reply(table, plain, true));
            }
            Ok(c) => {
                if let Some(lines) = reply(table, c, plain) {
                    ui.say(lines);
                }
            }
        }
    }
}

/// The command a key makes, if any (moving the selection and typing make none).
fn command_of<R: RecordRules>(
    key: KeyEvent,
    table: &Table<R>,
    ui: &mut Ui,
) -> Option<Result<Command, super::CommandError>>
where
    R::Hand: TableGame,
{
    let legal = table.hand().legal_actions();
    let n = legal.len().max(1);
    match key.code {
        KeyCode::Esc => Some(Ok(Command::Quit)),
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
    }
}
