//! The errors at the table, each one line: what is wrong and what is allowed. The faces print
//! them after `✗` (or `why: `); `tricklab play` prints the seating errors and exits 2.

use thiserror::Error;

use crate::agents::SpecError;
use crate::cards::CardParseError;
use crate::games::Seat;

use super::command::HELP;

/// Why a typed line is not a command for the decision at hand ([`parse_command`]).
///
/// [`parse_command`]: super::command::parse_command
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CommandError {
    /// Neither a command word nor a card or suit.
    #[error("unknown command `{0}`: {help}", help = HELP)]
    Unknown(String),
    /// A verb for another decision than the one at hand (`trump S` while playing).
    #[error("you cannot {verb} now: {now}")]
    NotNow {
        /// The verb typed.
        verb: &'static str,
        /// What the seat is asked to do, in words.
        now: &'static str,
    },
    /// Text meant as a suit that is not one, when a trump suit is to be named.
    #[error("{source}; {now}")]
    Suit {
        /// What the suit reader said.
        source: CardParseError,
        /// What the seat is asked to do, in words.
        now: &'static str,
    },
    /// Text meant as a card that is not one.
    #[error(transparent)]
    Card(CardParseError),
}

/// Why a seating cannot sit at the table ([`parse_players`], [`Table::new`]).
///
/// [`parse_players`]: super::parse_players
/// [`Table::new`]: super::Table::new
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SeatingError {
    /// An agent spec that names no agent, or one that cannot play this game.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// No seat for a person.
    #[error("no `human` seat: name `human` for your seat, e.g. human;rules;rules;rules")]
    NoHuman,
    /// Another number of players than seats.
    #[error("{players} players for {seats} seats: name one agent or `human` per seat")]
    Count {
        /// Players named.
        players: usize,
        /// Seats at the table.
        seats: usize,
    },
    /// A hint agent that cannot value actions.
    #[error("hint agent: {0}")]
    Hint(SpecError),
}

/// Why `why` or `undo` has nothing to show ([`Table::why`], [`Table::undo`]).
///
/// [`Table::why`]: super::Table::why
/// [`Table::undo`]: super::Table::undo
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableError {
    /// No bot has decided since the hand began (or since the last undo).
    #[error("no bot has decided yet in this hand")]
    NoBotYet,
    /// The values would show the cards a bot holds, and the hand is not over (`--open` shows
    /// them during the hand).
    #[error(
        "seat {0}'s values name the cards it holds, so they are not shown during the hand: \
         they are in the log for `tricklab show` once the hand is over (or play with --open)"
    )]
    Hidden(Seat),
    /// The last bot decision had one legal action.
    #[error("seat {0}'s last decision was its only legal one")]
    Forced(Seat),
    /// The last bot decides by rules, without values.
    #[error("seat {seat} ({name}) does not value its actions: it decides by its own rules")]
    NoValues {
        /// The bot's seat.
        seat: Seat,
        /// The bot's name.
        name: String,
    },
    /// No person has decided yet in this hand.
    #[error("nothing to undo: you have not decided yet in this hand")]
    NothingToUndo,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_table_error_is_one_line() {
        assert_eq!(
            CommandError::NotNow {
                verb: "discard",
                now: "play a card"
            }
            .to_string(),
            "you cannot discard now: play a card"
        );
        assert_eq!(
            SeatingError::Count {
                players: 3,
                seats: 4
            }
            .to_string(),
            "3 players for 4 seats: name one agent or `human` per seat"
        );
        assert_eq!(
            SeatingError::Hint(SpecError::Empty).to_string(),
            "hint agent: no agent given"
        );
        assert_eq!(
            TableError::Forced(Seat(2)).to_string(),
            "seat 2's last decision was its only legal one"
        );
        assert_eq!(
            TableError::NoValues {
                seat: Seat(1),
                name: "rules".into()
            }
            .to_string(),
            "seat 1 (rules) does not value its actions: it decides by its own rules"
        );
        assert_eq!(
            TableError::NothingToUndo.to_string(),
            "nothing to undo: you have not decided yet in this hand"
        );
        for e in [
            CommandError::Unknown("dance".into()).to_string(),
            SeatingError::NoHuman.to_string(),
            TableError::NoBotYet.to_string(),
        ] {
            assert!(!e.contains('\n'), "{e}");
        }
    }
}
