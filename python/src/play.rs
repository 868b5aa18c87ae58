//! Action ids: the cards and trump suits as the integers Python's learning code takes. The
//! hand in progress itself is the library's game-erased
//! [`DynHand`](tricklab::games::registry::DynHand).

use tricklab::cards::{Card, Rank, Suit};
use tricklab::games::{Action, ActionSet};

/// The number of action ids: 52 cards (`suit * 13 + rank`, suits C D H S, ranks 2…A) and the
/// four suits a trump can be named in (`52 + suit`).
pub const NUM_ACTION_IDS: usize = 56;

/// A card's compact index, `suit * 13 + rank` (clubs, diamonds, hearts, spades; two … ace).
pub fn card_id(c: Card) -> usize {
    c.suit().index() * Rank::NUM + c.rank().index()
}

/// The card with compact index `id` (below 52).
pub fn card_of_id(id: usize) -> Card {
    Card::new(
        Suit::from_index(id / Rank::NUM),
        Rank::from_index(id % Rank::NUM),
    )
}

/// An action's id (see [`NUM_ACTION_IDS`]).
pub fn action_id(a: Action) -> usize {
    match a {
        Action::NameTrump(s) => 52 + s.index(),
        other => card_id(other.card().expect("card action")),
    }
}

/// The legal action with id `id`, or the message naming what is legal.
pub fn action_of_id(legal: ActionSet, id: i64) -> Result<Action, String> {
    let found = legal.iter().find(|&a| action_id(a) as i64 == id);
    found.ok_or_else(|| {
        let ids: Vec<String> = legal.iter().map(|a| action_id(a).to_string()).collect();
        format!(
            "action id {id} is not legal here: legal are {}",
            ids.join(" ")
        )
    })
}

/// The legal action written `text`: its argument (`TD`, or a suit for a trump) or the full
/// form (`play TD`).
pub fn action_of_text(legal: ActionSet, text: &str) -> Result<Action, String> {
    let text = text.trim();
    let arg = match text.split_once(' ') {
        Some((word, arg)) if word == legal.decision().name() => arg.trim(),
        Some((word, _)) => {
            return Err(format!(
                "`{word}` is not the decision here: it is `{}`",
                legal.decision().name()
            ));
        }
        None => text,
    };
    Action::parse(legal.decision(), arg).map_err(|e| e.to_string())
}
