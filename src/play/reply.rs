//! The answers to the commands both faces share: `hint`, `why`, `undo` and `help`, as lines.

use crate::games::Action;
use crate::games::record::RecordRules;

use super::command::{Command, HELP};
use super::hint_text::{hint_compact, hint_lines, value_lines};
use super::narrate::side_name;
use super::screen::Style;
use super::table::Table;
use super::table_game::TableGame;

/// The lines that answer `command` (`hint`, `why`, `undo` or `help`); `None` for the commands
/// each face handles itself (a decision, `show`, `quit`).
pub fn reply<R: RecordRules>(
    table: &mut Table<R>,
    command: Command,
    style: Style,
) -> Option<Vec<String>>
where
    R::Hand: TableGame,
{
    Some(match command {
        Command::Help => vec![HELP.to_string()],
        Command::Hint => hint_reply(table, style, false),
        Command::Why => match table.why() {
            Ok(v) => value_lines(v, style),
            Err(e) => vec![format!("why: {e}")],
        },
        Command::Undo => match table.undo() {
            Ok(taken) => {
                let viewer = table.first_human();
                let t: Vec<String> = taken
                    .iter()
                    .map(|&(s, a)| match a {
                        // A bot's discard or give is face down: only its kind is told.
                        Action::Discard(_) | Action::Give(_) if s != viewer => {
                            format!("seat {s}'s {}", a.decision().name())
                        }
                        _ => format!("seat {s} {}", style.action(a)),
                    })
                    .collect();
                vec![format!("undone: {}", t.join(", "))]
            }
            Err(e) => vec![format!("✗ {e}")],
        },
        Command::Decide(_) | Command::Show | Command::Quit => return None,
    })
}

/// The hint for the person to act, as lines (`compact`: two lines, for the full screen).
pub fn hint_reply<R: RecordRules>(table: &Table<R>, style: Style, compact: bool) -> Vec<String>
where
    R::Hand: TableGame,
{
    let Some(h) = table.hint() else {
        return vec!["hint: it is not your turn".to_string()];
    };
    let side = side_name(table, table.rules().sides().side(h.seat), h.seat);
    if compact {
        hint_compact(&h, &side, style)
    } else {
        hint_lines(&h, &side, style)
    }
}
