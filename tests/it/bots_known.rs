//! `known` in the bot protocol (docs/bot-protocol.md): a 9-5-2 card a seat gave or returned is
//! named as still in the other seat's hand while the rules leave it nowhere else, on the
//! exchange of RULES.md's case N-03.

use serde_json::Value;

use crate::common;

use common::n952::{ANY, Holding, hand_of};
use common::{card, cards};
use tricklab::agents::external::protocol;
use tricklab::cards::{CardSet, Suit};
use tricklab::games::nine_five_two::{NineFiveTwo, Variant};
use tricklab::games::{Action, Game, Seat};
use tricklab::knowledge::{Observable, PlaceKind};

/// N-03's deal: Anna (seat 0) was +2, Ben (seat 1) −2, Carla (seat 2) 0; Ben deals, so Anna
/// gives Ben two cards and Ben returns his best of each suit.
fn n_03() -> NineFiveTwo {
    hand_of(
        Variant::Standard,
        Seat(1),
        [
            Holding {
                cards: "3C 4D",
                exact: &[],
            },
            Holding {
                cards: "AC 9C 5C QD 8D 2D",
                exact: &[Suit::Clubs, Suit::Diamonds],
            },
            ANY,
        ],
        "",
        Some([2, -2, 0]),
    )
}

fn apply(h: &mut NineFiveTwo, a: Action) {
    h.try_apply(a).unwrap_or_else(|e| panic!("{a}: {e}"));
}

/// The `known` field of a message, as (place, cards).
fn known_of(message: &str) -> Vec<(String, CardSet)> {
    let v: Value = serde_json::from_str(message).expect("JSON");
    v["known"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|p| {
            let names: Vec<&str> = p["cards"]
                .as_array()
                .expect("cards")
                .iter()
                .map(|c| c.as_str().expect("a card"))
                .collect();
            (
                p["place"].as_str().expect("a place").to_string(),
                cards(&names.join(" ")),
            )
        })
        .collect()
}

fn located(h: &NineFiveTwo, seat: Seat) -> Vec<(PlaceKind, CardSet)> {
    h.knowledge(seat).located(h.passed_on(seat))
}

#[test]
fn n_03_the_giver_is_told_its_card_is_in_the_receivers_hand() {
    let mut h = n_03();
    assert!(located(&h, Seat(0)).is_empty(), "nothing given yet");
    apply(&mut h, Action::Give(card("3C")));
    // Anna is asked for her second card: the first is in Ben's hand, and she is told so.
    let ask = protocol::decide(1, Seat(0), &h, &protocol::Ask::budget(1000));
    assert_eq!(known_of(&ask), [("hand:1".to_string(), cards("3C"))]);
    // Carla took no part and is told nothing of it.
    assert!(
        known_of(&protocol::decide(
            1,
            Seat(2),
            &h,
            &protocol::Ask::budget(1000)
        ))
        .is_empty()
    );
    apply(&mut h, Action::Give(card("4D")));
    // Ben returned AC and QD: Anna holds them, and Ben knows it; Ben, the dealer, has not
    // discarded yet, so Anna's cards are still in his hand.
    assert_eq!(h.exchange().returned(0), cards("AC QD"));
    assert_eq!(
        located(&h, Seat(0)),
        [(PlaceKind::Hand(Seat(1)), cards("3C 4D"))]
    );
    assert_eq!(
        located(&h, Seat(1)),
        [(PlaceKind::Hand(Seat(0)), cards("AC QD"))]
    );
    assert!(located(&h, Seat(2)).is_empty());
}

#[test]
fn n_03_a_given_card_the_dealer_may_have_discarded_is_not_named() {
    let mut h = n_03();
    apply(&mut h, Action::Give(card("3C")));
    apply(&mut h, Action::Give(card("4D")));
    // Play on until Ben has made his discards: from then on 3C and 4D may be among them.
    while h.discards_made() < 4 {
        let a = h.legal_actions().nth(0).expect("a legal action");
        apply(&mut h, a);
    }
    let still: CardSet = located(&h, Seat(0))
        .iter()
        .fold(CardSet::EMPTY, |a, &(_, c)| a | c);
    assert!(
        (still & cards("3C 4D")).is_empty(),
        "after the discards Anna cannot know where 3C and 4D are: {still}"
    );
    // Ben's returns went to Anna, who is not the dealer: she still holds what she has not played.
    let unplayed = cards("AC QD") - h.played_by(Seat(0));
    let ben = located(&h, Seat(1));
    assert_eq!(ben, [(PlaceKind::Hand(Seat(0)), unplayed)]);
}
