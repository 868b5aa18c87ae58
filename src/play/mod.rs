//! Playing at the table: a person takes one seat (or several) against any agents.
//!
//! The [`Table`] runs the match (bots decide for themselves, people through
//! [`Table::act`]), keeps undo and the bots' values, and writes every finished hand as a
//! `tricklab-hand/1` record ([`log`]). Two faces draw it: the plain line mode ([`line`](mod@line)), which
//! reads one command a line and is what scripts and tests drive, and the full-screen terminal
//! UI ([`tui`]). Both draw the same text ([`screen`]) and read the same commands ([`command`]).

pub mod command;
pub mod line;
pub mod log;
pub mod screen;
mod table;
pub mod tui;

pub use table::{Bot, Event, Player, Table, TableConfig, Values};

use crate::agents::{AgentSpec, SpecError, parse_specs};

/// Reads a seating with people in it: specs separated by `;` (or `,`), `human` for a person.
/// One agent spec and one `human` seat the person first and that agent everywhere else.
///
/// # Errors
/// An unknown agent, no person at the table, or a count that does not fit `seats`.
pub fn parse_players(text: &str, seats: usize) -> Result<Vec<Option<AgentSpec>>, String> {
    let mut players: Vec<Option<AgentSpec>> = Vec::new();
    for part in text.split(';') {
        let mut pending: Vec<&str> = Vec::new();
        let flush = |pending: &mut Vec<&str>, players: &mut Vec<Option<AgentSpec>>| {
            if !pending.is_empty() {
                let specs =
                    parse_specs(&pending.join(",")).map_err(|e: SpecError| e.to_string())?;
                players.extend(specs.into_iter().map(Some));
                pending.clear();
            }
            Ok::<(), String>(())
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
        return Err(
            "no `human` seat: name `human` for your seat, e.g. human;rules;rules;rules".into(),
        );
    }
    if players.len() == 2 && seats > 2 && players[0].is_none() {
        let bot = players[1].clone();
        players.resize(seats, bot);
    }
    if players.len() != seats {
        return Err(format!(
            "{} players for {seats} seats: name one agent or `human` per seat",
            players.len()
        ));
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
        assert!(
            parse_players("rules", 4)
                .unwrap_err()
                .contains("no `human`")
        );
        assert!(
            parse_players("human;rules;rules", 4)
                .unwrap_err()
                .contains("3 players")
        );
        assert!(
            parse_players("human;genius", 2)
                .unwrap_err()
                .contains("unknown agent")
        );
    }
}
