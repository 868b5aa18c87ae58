//! What a person types at the table, and why a decision is refused, in one line each.

use crate::cards::{Card, Suit};
use crate::games::{Action, ActionSet, Decision, Game, Seat};

use super::error::CommandError;
use super::screen::Style;

/// One command at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A decision: a card to play, discard or give, or a suit to name.
    Decide(Action),
    /// `?` or `hint`: the hint agent's values for each legal action.
    Hint,
    /// `why`: the last bot's values for its choice.
    Why,
    /// `undo`: take back your last decision and the bots' replies.
    Undo,
    /// `quit`: stop; the finished hands are in the log.
    Quit,
    /// `help`: the commands.
    Help,
    /// `show` (or an empty line): the table again.
    Show,
}

/// The commands, for `help` and for errors.
pub const HELP: &str = "commands: a card (TD, 10d, t♦) or suit (S, spades, ♠) to decide; \
? or hint; why; undo; show; help; quit";

/// Reads one line for a seat that faces `legal`.
///
/// # Errors
/// [`CommandError`], one line: what is wrong and what is allowed.
pub fn parse_command(line: &str, legal: ActionSet) -> Result<Command, CommandError> {
    let text = line.trim();
    let lower = text.to_lowercase();
    match lower.as_str() {
        "" | "show" => return Ok(Command::Show),
        "?" | "hint" => return Ok(Command::Hint),
        "why" | "w" => return Ok(Command::Why),
        "undo" | "u" => return Ok(Command::Undo),
        "quit" | "q" | "exit" => return Ok(Command::Quit),
        "help" => return Ok(Command::Help),
        _ => {}
    }
    // An optional verb: `play TD`, `discard 4C`, `give AS`, `trump S`.
    let (verb, arg) = match lower.split_once(char::is_whitespace) {
        Some((v, a)) => (Some(v), a.trim()),
        None => (None, text),
    };
    let wanted = legal.decision();
    if let Some(v) = verb {
        let d = match v {
            "play" => Decision::Play,
            "discard" => Decision::Discard,
            "give" => Decision::Give,
            "trump" | "trumps" => Decision::NameTrump,
            _ => return Err(CommandError::Unknown(text.to_string())),
        };
        if d != wanted {
            return Err(CommandError::NotNow {
                verb: d.name(),
                now: what_now(wanted),
            });
        }
    }
    if wanted == Decision::NameTrump {
        return match arg.parse::<Suit>() {
            Ok(s) => Ok(Command::Decide(Action::NameTrump(s))),
            Err(source) if verb.is_some() || arg.chars().count() <= 3 => Err(CommandError::Suit {
                source,
                now: what_now(wanted),
            }),
            Err(_) => Err(CommandError::Unknown(text.to_string())),
        };
    }
    match arg.parse::<Card>() {
        Ok(c) => Ok(Command::Decide(
            Action::parse(wanted, &c.to_string()).expect("a card action"),
        )),
        Err(e) if verb.is_some() || looks_like_card(arg) => Err(CommandError::Card(e)),
        Err(_) => Err(CommandError::Unknown(text.to_string())),
    }
}

/// Whether `text` was meant as a card: short and starting with a rank.
fn looks_like_card(text: &str) -> bool {
    let n = text.chars().count();
    (2..=3).contains(&n)
        && text
            .chars()
            .next()
            .is_some_and(|c| "23456789tjqka1".contains(c.to_ascii_lowercase()))
}

/// What the seat is asked to do, in words.
pub fn what_now(d: Decision) -> &'static str {
    match d {
        Decision::Play => "play a card",
        Decision::NameTrump => "name the trump suit (C, D, H or S)",
        Decision::Discard => "discard a card to the kitty",
        Decision::Give => "give a card to the minus player",
    }
}

/// Why `action` is refused for `seat` in `hand`, in one line.
pub fn refusal<G: Game>(hand: &G, seat: Seat, action: Action, style: Style) -> String {
    let legal = hand.legal_actions();
    if action.decision() != legal.decision() {
        return format!("not now: {}", what_now(legal.decision()));
    }
    let held = hand.hand(seat);
    if let Some(c) = action.card()
        && !held.contains(c)
    {
        return format!("you do not hold {}", style.card(c));
    }
    if let (Action::Play(c), Some(led)) = (action, hand.trick().led()) {
        let follow = held.suit(led);
        if c.suit() != led && !follow.is_empty() {
            return format!(
                "you must follow {} (you hold {}): {} is not allowed",
                style.suit(led),
                style.cards(follow),
                style.card(c)
            );
        }
    }
    format!(
        "{} is not allowed here: you may {} {}",
        style.action(action),
        legal.decision().name(),
        style.legal(legal)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plays(s: &str) -> ActionSet {
        ActionSet::plays(s.parse().unwrap())
    }

    #[test]
    fn cards_in_every_notation() {
        let legal = plays("TD 2C");
        let td = Command::Decide(Action::Play("TD".parse().unwrap()));
        for t in ["TD", "10d", "t♦", "play td", " 10♦ "] {
            assert_eq!(parse_command(t, legal), Ok(td), "{t}");
        }
    }

    #[test]
    fn words_and_errors() {
        let legal = plays("TD");
        assert_eq!(parse_command("?", legal), Ok(Command::Hint));
        assert_eq!(parse_command("UNDO", legal), Ok(Command::Undo));
        let e = parse_command("1x", legal).unwrap_err().to_string();
        assert!(e.contains("is not a card"), "{e}");
        let e = parse_command("dance", legal).unwrap_err().to_string();
        assert_eq!(e, format!("unknown command `dance`: {HELP}"));
        let e = parse_command("trump S", legal).unwrap_err().to_string();
        assert_eq!(e, "you cannot trump now: play a card");
        let trumps = ActionSet::trumps(0b1111);
        assert_eq!(
            parse_command("spades", trumps),
            Ok(Command::Decide(Action::NameTrump(Suit::Spades)))
        );
        assert_eq!(
            parse_command("TD", trumps).unwrap_err().to_string(),
            "`TD` is not a suit: expected C, D, H or S (or ♣ ♦ ♥ ♠); name the trump suit (C, D, H or S)"
        );
        assert_eq!(
            parse_command("h", trumps),
            Ok(Command::Decide(Action::NameTrump(Suit::Hearts))),
            "h names hearts"
        );
    }
}
