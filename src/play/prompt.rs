//! The prompt for the person to act, saying all the decision needs: for a give, how many cards
//! go to whom and why (`give card 1 of 3 to seat 2 (seat 2 was 3 under)`); for the discards,
//! how many are left and that `*` marks the kitty's cards; for trumps, the hand's length in
//! each suit.

use crate::cards::Suit;
use crate::games::record::RecordRules;
use crate::games::{Decision, Game, Seat};

use super::command::what_now;
use super::screen::Style;
use super::table::Table;
use super::table_game::TableGame;

/// What `seat` is asked to do now, in words.
pub fn asked<R: RecordRules>(table: &Table<R>, seat: Seat, style: Style) -> String
where
    R::Hand: TableGame,
{
    let hand = table.hand();
    let decision = hand.legal_actions().decision();
    match decision {
        Decision::Give => match hand.give_now() {
            Some(g) => {
                let previous = table.match_state().previous.map(|p| p[g.receiver.index()]);
                let why = match previous {
                    Some(d) if d.unsigned_abs() as usize == g.count => {
                        format!("seat {} was {} under", g.receiver, g.count)
                    }
                    _ => format!("you were {} over", g.count),
                };
                format!(
                    "give card {} of {} to seat {} ({why}; it returns its highest card of each suit you give)",
                    g.given + 1,
                    g.count,
                    g.receiver
                )
            }
            None => what_now(decision).to_string(),
        },
        Decision::Discard => {
            let left = hand.discards_left();
            let kitty = if hand.kitty_seen_by(seat).is_empty() {
                ""
            } else {
                "; * marks the kitty's cards"
            };
            format!("discard a card face down ({left} left to discard{kitty})")
        }
        Decision::NameTrump => {
            let held = hand.hand(seat);
            let lengths: Vec<String> = Suit::ALL
                .iter()
                .rev()
                .map(|&s| format!("{}×{}", style.suit(s), held.suit(s).len()))
                .collect();
            format!("name trumps (you hold {})", lengths.join(" "))
        }
        Decision::Play => {
            if hand.trick().is_empty() {
                "play a card: you lead".to_string()
            } else {
                what_now(decision).to_string()
            }
        }
    }
}

/// The prompt for `seat`: `seat 0, play a card> `.
pub fn prompt<R: RecordRules>(table: &Table<R>, seat: Seat, style: Style) -> String
where
    R::Hand: TableGame,
{
    format!("seat {seat}, {}> ", asked(table, seat, style))
}
