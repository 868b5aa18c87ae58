//! Playing at the table: a person takes one seat (or several) against any agents.
//!
//! The [`Table`] runs the match (bots decide for themselves, people through
//! [`Table::act`]), keeps undo and the bots' values, and writes every finished hand as a
//! `tricklab-hand/1` record ([`log`], [`match_log`]). Each seat is told only what it may see
//! ([`narrate`]); hints are searched in the game's units ([`hint`]). Two faces draw it: the plain line mode ([`line`](mod@line)), which
//! reads one command a line and is what scripts and tests drive, and the full-screen terminal
//! UI ([`tui`]). Both draw the same text ([`screen`]) and read the same commands ([`command`]).
//! A whole match as `tricklab play` sits a person down, from its seats to the message at its
//! end, is a [`session`].

pub mod bots;
pub mod command;
pub mod error;
pub mod event;
pub mod hint;
pub mod hint_text;
pub mod line;
pub mod log;
pub mod match_log;
pub mod narrate;
pub mod prompt;
pub mod reply;
pub mod resume;
pub mod screen;
pub mod session;
mod table;
pub mod table_game;
pub mod tui;
mod tui_draw;

pub use bots::{Bot, Player};
pub use error::{CommandError, SeatingError, TableError};
pub use event::{Event, Values};
pub use hint::{Hint, HintConfig};
pub use match_log::MatchLog;
pub use table::{RestoreError, Table, TableConfig};
pub use table_game::TableGame;

use crate::agents::{AgentSpec, parse_specs};

/// Reads a seating with people in it: specs separated by `;` (or `,`), `human` for a person.
/// One agent spec and one `human` seat the person first and that agent everywhere else.
///
/// # Errors
/// [`SeatingError`]: an unknown agent, no person at the table, or a count that does not fit
/// `seats`.
pub fn parse_players(text: &str, seats: usize) -> Result<Vec<Option<AgentSpec>>, SeatingError> {
    let mut players: Vec<Option<AgentSpec>> = Vec::new();
    for part in text.split(';') {
        let mut pending: Vec<&str> = Vec::new();
        let flush = |pending: &mut Vec<&str>, players: &mut Vec<Option<AgentSpec>>| {
            if !pending.is_empty() {
                let specs = parse_specs(&pending.join(","))?;
                players.extend(specs.into_iter().map(Some));
                pending.clear();
            }
            Ok::<(), SeatingError>(())
        };
        for token in part.split(',').map(str::trim).filter(|t| !t.is_empty()) {
            if token.eq_ignore_ascii_case("human") {
                flush(&mut pending, &mut players)?;
                players.push(None);
            } else {
                pending.push(token);
            }
        }
        flush(&mut pending, &mut players)?;
    }
    let humans = players.iter().filter(|p| p.is_none()).count();
    if humans == 0 {
        return Err(SeatingError::NoHuman);
    }
    if players.len() == 2 && seats > 2 && players[0].is_none() {
        let bot = players[1].clone();
        players.resize(seats, bot);
    }
    if players.len() != seats {
        return Err(SeatingError::Count {
            players: players.len(),
            seats,
        });
    }
    Ok(players)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seatings_with_people() {
        let p = parse_players("human;ismcts:iterations=20000;rules;random", 4).unwrap();
        assert!(p[0].is_none());
        assert_eq!(
            p[1].as_ref().unwrap().to_string(),
            "ismcts:iterations=20000,c=0.7,rollout=random,reward=points"
        );
        assert_eq!(p[3], Some(AgentSpec::Random));
        let p = parse_players("human,rules", 3).unwrap();
        assert_eq!(p.len(), 3);
        assert_eq!(p[2], Some(AgentSpec::Rules(vec![])));
        assert_eq!(
            parse_players("rules", 4).unwrap_err().to_string(),
            "no `human` seat: name `human` for your seat, e.g. human;rules;rules;rules"
        );
        assert_eq!(
            parse_players("human;rules;rules", 4),
            Err(SeatingError::Count {
                players: 3,
                seats: 4
            })
        );
        let e = parse_players("human;genius", 2).unwrap_err();
        assert!(matches!(e, SeatingError::Spec(_)), "{e:?}");
        assert!(e.to_string().starts_with("unknown agent `genius`"), "{e}");
    }
}
