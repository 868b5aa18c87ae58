//! Each of DDS's weight functions on a hand-made position: the card that DDS's heuristic
//! puts first in a plain situation comes first here too.

use super::*;
use crate::cards::{Card, Suit};
use crate::solver::encoding::SolverCard;
use crate::solver::moves::generate;

/// The seat to play's moves after `played` with their weights, as `weigh` leaves them (no
/// killer, no stored move), and whether `weigh` said they are in order already.
fn weighed(hands: [&str; 4], trump: Option<Suit>, played: &[&str]) -> (Vec<(Card, i16)>, bool) {
    let mut p = Position::partnership(hands, trump, 0);
    for c in played {
        p.play(c.parse().unwrap()).unwrap();
    }
    let mut list = MoveList::new();
    generate(&p, &mut list);
    let in_order = weigh(&p, &mut list, SolverCard::NONE, None);
    let enc = p.encoding();
    let moves = list
        .as_slice()
        .iter()
        .zip(list.weights)
        .map(|(&c, w)| (enc.real(c), w));
    (moves.collect(), in_order)
}

/// The weight of `card` among `moves`.
fn weight(moves: &[(Card, i16)], card: &str) -> i16 {
    let card: Card = card.parse().unwrap();
    moves
        .iter()
        .find(|(c, _)| *c == card)
        .unwrap_or_else(|| panic!("{card} is not a move of {moves:?}"))
        .1
}

/// Asserts that the cards are weighed in strictly decreasing order.
fn assert_prefers(moves: &[(Card, i16)], cards: &[&str]) {
    for pair in cards.windows(2) {
        assert!(
            weight(moves, pair[0]) > weight(moves, pair[1]),
            "{} should weigh more than {}: {moves:?}",
            pair[0],
            pair[1]
        );
    }
}

#[test]
fn nt0_cashes_a_top_card_before_leading_into_a_tenace() {
    // North leads without trumps: the ace of spades wins; the five of hearts runs into East's
    // ace–queen.
    let (m, _) = weighed(["AS 5H", "AH QH", "2S 3H", "4S 4H"], None, &[]);
    assert_prefers(&m, &["AS", "5H"]);
}

#[test]
fn trump0_cashes_the_top_trump_before_leading_into_a_tenace() {
    let (m, _) = weighed(
        ["AS 5H", "AH QH", "2S 3H", "4S 4H"],
        Some(Suit::Spades),
        &[],
    );
    assert_prefers(&m, &["AS", "5H"]);
}

#[test]
fn nt_notvoid1_plays_low_when_partner_in_fourth_seat_holds_the_top_card() {
    // North leads the two of spades; West, East's partner, holds the ace.
    let (m, _) = weighed(["2S 2H", "KS 3S", "QS 3H", "AS 4H"], None, &["2S"]);
    assert_prefers(&m, &["3S", "KS"]);
    // With the ace gone to a low spade, the king beats the lead and third hand's queen.
    let (m, _) = weighed(["2S 2H", "KS 3S", "QS 3H", "4S 4H"], None, &["2S"]);
    assert_prefers(&m, &["KS", "3S"]);
}

#[test]
fn trump_notvoid1_plays_the_card_that_beats_the_lead_and_third_hand() {
    let (m, _) = weighed(
        ["2S 2H", "KS 3S", "QS 3H", "4S 4H"],
        Some(Suit::Hearts),
        &["2S"],
    );
    assert_prefers(&m, &["KS", "3S"]);
}

/// East is void in spades, the suit North leads; West (East's partner) holds the top spades.
const SECOND_VOID: [&str; 4] = ["2S 3S 4S 5S", "3H 5H 7H 9D", "4H 6H 6S 7S", "AS KS QS JS"];

#[test]
fn nt_void1_discards_low_from_the_long_suit() {
    let (m, _) = weighed(SECOND_VOID, None, &["2S"]);
    assert_prefers(&m, &["3H", "5H", "7H", "9D"]);
}

#[test]
fn trump_void1_does_not_ruff_when_partner_in_fourth_seat_wins_the_trick() {
    let (m, _) = weighed(SECOND_VOID, Some(Suit::Diamonds), &["2S"]);
    assert_prefers(&m, &["3H", "9D"]);
}

#[test]
fn nt_notvoid2_covers_fourth_hands_card_when_it_can() {
    // North leads the two, East plays the three; South's king beats West's queen.
    let (m, _) = weighed(["2S 2H", "3S 3H", "KS 5S", "QS 4S"], None, &["2S", "3S"]);
    assert_prefers(&m, &["KS", "5S"]);
}

#[test]
fn trump_notvoid2_covers_when_it_can_and_plays_low_under_a_ruff() {
    let hands = ["2S 2D", "3S 3D", "KS 5S", "QS 4S"];
    let (m, _) = weighed(hands, Some(Suit::Hearts), &["2S", "3S"]);
    assert_prefers(&m, &["KS", "5S"]);
    // East ruffs the spade lead: South keeps its king.
    let hands = ["2S 2D", "3H 3D", "KS 5S", "QS 4S"];
    let (m, _) = weighed(hands, Some(Suit::Hearts), &["2S", "3H"]);
    assert_prefers(&m, &["5S", "KS"]);
}

/// South is void in spades, the suit North leads; East follows with the six, West holds the
/// ace and king.
const THIRD_VOID: [&str; 4] = ["2S 3S 4S 5S", "6S 7S 8S 9S", "3H 5H 7H 9D", "4H 6H AS KS"];

#[test]
fn nt_void2_discards_low_from_the_long_suit() {
    let (m, _) = weighed(THIRD_VOID, None, &["2S", "6S"]);
    assert_prefers(&m, &["3H", "5H", "7H", "9D"]);
}

#[test]
fn trump_void2_ruffs_an_opponents_winner() {
    let (m, _) = weighed(THIRD_VOID, Some(Suit::Diamonds), &["2S", "6S"]);
    assert_prefers(&m, &["9D", "3H"]);
}

#[test]
fn combined_notvoid3_wins_cheaply_or_plays_low_under_partners_winner() {
    // East (West's partner) wins with the king: West plays low, the ace last.
    let (m, in_order) = weighed(
        ["2S 2H", "KS 3H", "3S 4H", "AS 4S"],
        None,
        &["2S", "KS", "3S"],
    );
    assert!(in_order);
    let cards: Vec<Card> = m.iter().map(|&(c, _)| c).collect();
    assert_eq!(cards, ["4S", "AS"].map(|c| c.parse::<Card>().unwrap()));
    // South (an opponent) wins with the king: the ace first.
    let (m, in_order) = weighed(
        ["2S 2H", "3S 3H", "KS 4H", "AS 4S"],
        Some(Suit::Hearts),
        &["2S", "3S", "KS"],
    );
    assert!(in_order);
    let cards: Vec<Card> = m.iter().map(|&(c, _)| c).collect();
    assert_eq!(cards, ["AS", "4S"].map(|c| c.parse::<Card>().unwrap()));
}

/// West is void in spades, the suit North leads.
const FOURTH_VOID: [&str; 4] = ["2S 3S 4S 5S", "KS 6S 7S 8S", "9S TS 4H 6H", "3H 5H 7H 9D"];

#[test]
fn trump_void3_ruffs_an_opponents_winner_but_not_partners() {
    // East (West's partner) wins with the king: West discards.
    let (m, _) = weighed(FOURTH_VOID, Some(Suit::Diamonds), &["2S", "KS", "9S"]);
    assert_prefers(&m, &["3H", "9D"]);
    // South wins with the ten: West ruffs.
    let (m, _) = weighed(FOURTH_VOID, Some(Suit::Diamonds), &["2S", "6S", "TS"]);
    assert_prefers(&m, &["9D", "3H"]);
}

#[test]
fn nt_void3_discards_low_from_the_long_suit() {
    let (m, _) = weighed(FOURTH_VOID, None, &["2S", "6S", "TS"]);
    assert_prefers(&m, &["3H", "5H", "7H", "9D"]);
}
