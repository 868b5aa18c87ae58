//! The Catch the Ten worked examples of RULES.md §4, one test per case ID.

use crate::common;

use common::ctt::{
    deal_from_tricks, deal_hands, find_hand, hands_of, play_cards, play_out_randomly, play_trick,
    setup,
};
use common::{card, cards};
use tricklab::cards::{Card, CardSet, Deck, Rank, Suit};
use tricklab::games::catch_the_ten::{
    CatchTheTen, DealEnd, Options, card_points, honour_cards, honours,
};
use tricklab::games::{Action, Game, Seat, Side, Trick, TrumpOrder};

fn opts(f: impl FnOnce(&mut Options)) -> Options {
    let mut o = Options::default();
    f(&mut o);
    o
}

/// The counting trumps `side` has won.
fn honours_won(s: &CatchTheTen, side: u8) -> CardSet {
    s.won(Side(side)) & honour_cards(s.turned().suit())
}

fn trump(s: &CatchTheTen, rank: Rank) -> Card {
    Card::new(s.turned().suit(), rank)
}

#[test]
fn ct_01_trick() {
    let t = setup(4, Options::default());
    let hands = [
        "KC AC QC JC TC 9C 8C 6H 7H",
        "TD AS KS QS JS TS 9S 8S 7S",
        "QD AH KH QH JH TH 9H 8H 6S",
        "7C 6C AD KD JD 9D 8D 7D 6D",
    ];
    let mut s = deal_hands(t, 3, &[0, 0], &hands, "6D");
    assert_eq!(s.trump(), Some(Suit::Diamonds));
    play_trick(&mut s, "KC TD QD 7C");
    assert_eq!(
        s.to_act(),
        Some(Seat(2)),
        "Carla wins: QD ranks above TD in trumps"
    );
    assert_eq!(s.won(Side(0)), cards("KC TD QD 7C"));
    assert_eq!(honours(s.won(Side(0)), Suit::Diamonds), 12);
    assert_eq!(s.won(Side(0)).len(), 4);
    assert!(s.won(Side(1)).is_empty());

    // Had Ben still held a club, TD would be rejected.
    let hands = [
        "KC AC QC JC TC 9C 8C 6H 7H",
        "TD AS KS QS JS TS 9S 8S 6C",
        "QD AH KH QH JH TH 9H 8H 6S",
        "7C 7S AD KD JD 9D 8D 7D 6D",
    ];
    let mut s = deal_hands(t, 3, &[0, 0], &hands, "6D");
    s.try_apply(Action::Play(card("KC"))).unwrap();
    let before = s;
    assert!(s.try_apply(Action::Play(card("TD"))).is_err());
    assert_eq!(s, before, "a rejected card changes nothing");
    s.try_apply(Action::Play(card("6C"))).unwrap();
}

#[test]
fn ct_02_hand_score() {
    let tricks = [
        "JS 6S 7S 8S",
        "AS 9S JC TD",
        "6C KS 7C 8C",
        "6D TS QC JD",
        "7D QS KC QD",
        "8D 6H AH TH",
        "9C 7H AC KD",
        "9D 8H AD JH",
        "TC 9H KH QH",
    ];
    let mut s = deal_from_tricks(setup(4, Options::default()), 3, &[0, 0], &tricks, "8S");
    assert_eq!(s.trump(), Some(Suit::Spades));
    for t in tricks {
        play_trick(&mut s, t);
    }
    assert_eq!(s.end(), DealEnd::Complete);
    assert_eq!(s.won(Side(0)).len(), 24);
    assert_eq!(s.won(Side(1)).len(), 12);
    assert_eq!(honours_won(&s, 0), cards("JS AS"));
    assert_eq!(honours_won(&s, 1), cards("TS KS QS"));
    assert_eq!(s.side_points(Side(0)), 21, "6 + 11 + 4");
    assert_eq!(s.side_points(Side(1)), 15, "0 + 10 + 3 + 2");
    let r = s.set_result(0);
    assert_eq!(r.honours.iter().sum::<i32>(), 30);
    assert_eq!(r.tricks, vec![6, 3]);
    assert_eq!(s.scores(), vec![21, 15]);
}

#[test]
fn ct_03_five_players() {
    let t = setup(5, Options::default());
    assert!(!t.deck().cards().contains(card("6S")));
    assert_eq!(t.deck(), Deck::SixToAceWithoutSixOfSpades);
    assert_eq!(
        (
            t.deck().len(),
            t.hand_size(),
            t.cards_per_set() / t.hand_size()
        ),
        (35, 7, 5)
    );
    let share = t.share(Side(0));
    assert_eq!(share, 7);
    assert_eq!(card_points(15, share), 8);
    assert_eq!(card_points(10, share), 3);
    assert_eq!(card_points(5, share), 0);
    assert_eq!(card_points(0, share), 0);
    // Played through the engine: a player who wins 3 tricks (15 cards) scores 8 for cards.
    let (_, s, _) = find_hand(t, 4, &[0; 5], 3, 10_000, |s| s.won(Side(0)).len() == 15);
    let r = s.set_result(0);
    assert_eq!(r.tricks[0], 3);
    assert_eq!(r.points[0] - r.honours[0], 8);
}

#[test]
fn ct_04_hand_score() {
    let t = setup(4, Options::default());
    let (_, s, _) = find_hand(t, 3, &[0, 0], 4, 500_000, |s| {
        s.turned().suit() == Suit::Spades
            && s.won(Side(0)).len() == 32
            && honours_won(s, 0) == cards("JS AS")
    });
    let r = s.set_result(0);
    assert_eq!(r.tricks[0], 8);
    assert_eq!(r.points[0] - r.honours[0], 14, "cards 32 - 18");
    assert_eq!(r.honours[0], 15, "11 + 4");
    assert_eq!(r.points[0], 29);
    assert_eq!(s.scores()[0], 29, "taking them from 0 to 29");
}

#[test]
fn ct_05_game_at_once() {
    let t = setup(4, opts(|o| o.game_at_once = true));
    let hands = [
        "TH QH JH AH KH AC KC QC JC",
        "6H 9H TC 9C 8C 7C 6C AD KD",
        "7H QD JD TD 9D 8D 7D 6D AS",
        "8H KS QS JS TS 9S 8S 7S 6S",
    ];
    let mut s = deal_hands(t, 3, &[29, 0], &hands, "8H");
    play_trick(&mut s, "TH 6H 7H 8H");
    assert_eq!(s.end(), DealEnd::Playing);
    assert_eq!(29 + s.side_points(Side(0)), 39, "39 after trick 1");
    play_trick(&mut s, "QH 9H QD KS");
    assert_eq!(
        s.end(),
        DealEnd::GameOver { winners: 0b01 },
        "41 after trick 2"
    );
    assert_eq!(s.scores(), vec![41, 0]);
    assert_eq!(s.to_act(), None, "no further trick is played");
    assert!(
        cards("JH AH KH").is_subset(s.hand(Seat(0))),
        "they still hold J, A and K"
    );
}

#[test]
fn ct_06_the_ten_counts_first() {
    let t = setup(4, Options::default());
    let (_, s, _) = find_hand(t, 3, &[35, 38], 6, 500_000, |s| {
        s.won(Side(0)).len() == 12 && honours_won(s, 0) == CardSet::single(trump(s, Rank::Ten))
    });
    assert_eq!(s.won(Side(1)).len(), 24);
    assert_eq!(s.end(), DealEnd::GameOver { winners: 0b01 }, "A/C win");
    assert_eq!(s.scores(), vec![45, 38], "B/D would have finished on 64");
    assert_eq!(38 + s.side_points(Side(1)), 64);
}

#[test]
fn ct_07_the_jack_counts_last() {
    let t = setup(4, Options::default());
    let (_, s, _) = find_hand(t, 3, &[30, 25], 7, 500_000, |s| {
        s.won(Side(0)).len() == 12 && honours_won(s, 0) == CardSet::single(trump(s, Rank::Jack))
    });
    assert_eq!(s.end(), DealEnd::GameOver { winners: 0b10 }, "B/D win");
    assert_eq!(
        s.scores(),
        vec![30, 41],
        "step 1 35, step 2 41; A/C's Jack is never counted"
    );
}

fn ct_08_scenario(s: &CatchTheTen) -> bool {
    s.won(Side(0)).len() == 18
        && s.won(Side(1)).len() == 18
        && s.won(Side(2)).is_empty()
        && honours_won(s, 0) == CardSet::single(trump(s, Rank::Ten))
}

#[test]
fn ct_08_pairs_two_sides_reach_41() {
    let t = setup(6, opts(|o| o.pairs = true));
    assert!(t.sides().partners(Seat(0), Seat(3)) && t.sides().partners(Seat(2), Seat(5)));
    assert_eq!(t.share(Side(0)), 12);
    let (initial, s, played) = find_hand(t, 5, &[25, 36, 20], 8, 2_000_000, ct_08_scenario);
    assert_eq!(
        s.end(),
        DealEnd::GameOver { winners: 0b010 },
        "Y wins with the higher score"
    );
    assert_eq!(s.scores(), vec![41, 42, 20]);

    // The same hand with Y starting on 35: both on 41, a shared win.
    let mut again = CatchTheTen::from_hands(
        t,
        initial.dealer(),
        &[25, 35, 20],
        &hands_of(&initial),
        initial.turned(),
        None,
    )
    .unwrap();
    play_cards(&mut again, &played);
    assert!(ct_08_scenario(&again));
    assert_eq!(again.end(), DealEnd::GameOver { winners: 0b011 }, "draw");
    assert_eq!(again.scores(), vec![41, 41, 20]);
}

#[test]
fn ct_09_two_players() {
    let t = setup(2, Options::default());
    assert_eq!((t.sets(), t.hand_size(), t.share(Side(0))), (3, 6, 6));
    // Seat 0 wins 4 of the 6 tricks of set 1 (8 cards).
    let (_, s, _) = find_hand(t, 1, &[0, 0], 9, 100_000, |s| {
        s.set_result(0).tricks[0] == 4
    });
    let r = s.set_result(0);
    assert_eq!(r.cards, vec![8, 4]);
    assert_eq!(r.points[0], 2 + r.honours[0]);
    assert_eq!(r.points[1], r.honours[1]);
    assert_eq!(r.scores_after, r.points, "settled after set 1");

    // Checked against 41 before set 2 is picked up: from 40, any point in set 1 ends the game.
    let (_, s, _) = find_hand(t, 1, &[40, 0], 10, 100_000, |s| {
        s.set_result(0).points[0] > 0
    });
    assert!(matches!(s.end(), DealEnd::GameOver { winners: 0b01 }));
    assert_eq!(s.sets_settled(), 1, "set 2 is never played");
    assert_eq!(s.set(), 0);
}

#[test]
fn ct_10_three_seven_eight_players() {
    let three = setup(3, Options::default());
    assert_eq!(card_points(9, three.share(Side(0))), 3);
    assert_eq!(card_points(12, three.share(Side(0))), 6);
    let seven = setup(7, Options::default());
    assert_eq!(card_points(7, seven.share(Side(0))), 2);
    assert_eq!(card_points(14, seven.share(Side(0))), 9);
    let eight = setup(8, Options::default());
    assert_eq!(card_points(24, eight.share(Side(0))), 8);
    let pairs = setup(8, opts(|o| o.pairs = true));
    assert_eq!(card_points(16, pairs.share(Side(0))), 8);
    assert_eq!(card_points(8, pairs.share(Side(0))), 0);
    // Through the engine.
    for (t, tricks, cards_pts) in [
        (three, 3, 3),
        (three, 4, 6),
        (seven, 1, 2),
        (seven, 2, 9),
        (eight, 3, 8),
        (pairs, 2, 8),
        (pairs, 1, 0),
    ] {
        let n = t.players();
        let (_, s, _) = find_hand(
            t,
            n - 1,
            &vec![0; t.sides().num_sides()],
            11,
            200_000,
            |s| s.set_result(0).tricks[0] == tricks,
        );
        let r = s.set_result(0);
        assert_eq!(
            r.points[0] - r.honours[0],
            cards_pts,
            "n={n}, {tricks} tricks"
        );
    }
}

#[test]
fn ct_11_deal_mapping() {
    let order = |deck: Deck| deck.cards().iter().collect::<Vec<Card>>();
    // n = 2, D = 1: card k -> set k / 12, seat k mod 2; card 35 is seat 1's set-3 card.
    let t = setup(2, Options::default());
    let o = order(t.deck());
    let mut s = CatchTheTen::from_order(t, Seat(1), &[0, 0], &o);
    for (k, &c) in o.iter().enumerate() {
        let seat = Seat((k % 2) as u8);
        assert!(s.set_cards(k / 12).contains(c), "card {k}");
        assert_eq!(s.holder(c), Some(seat), "card {k}");
    }
    assert_eq!(s.turned(), o[35]);
    assert!(s.later_sets(Seat(1)).contains(o[35]));
    assert_eq!(s.to_act(), Some(Seat(0)), "seat 0 leads set 1");
    let mut seen_visible = Vec::new();
    let mut rng = tricklab::rng::stream(11, 0, tricklab::rng::Purpose::Other, 0);
    while s.to_act().is_some() {
        seen_visible.push((s.set(), s.turned_visible()));
        let a = s.legal_actions().choose(&mut rng);
        s.apply(a);
    }
    assert!(
        seen_visible.iter().all(|&(set, v)| v == (set < 2)),
        "visible through sets 1 and 2 only"
    );

    // n = 3, D = 2: card 35 goes to seat 2, set 2.
    let t = setup(3, Options::default());
    let o = order(t.deck());
    let s = CatchTheTen::from_order(t, Seat(2), &[0; 3], &o);
    assert_eq!(s.holder(o[35]), Some(Seat(2)));
    assert!(s.set_cards(1).contains(o[35]));
    assert_eq!(s.turned(), o[35]);

    // n = 4, D = 3: card 35 goes to seat 3, who may play it to trick 1.
    let t = setup(4, Options::default());
    let o = order(t.deck());
    let mut s = CatchTheTen::from_order(t, Seat(3), &[0, 0], &o);
    assert_eq!(s.holder(o[35]), Some(Seat(3)));
    assert!(s.hand(Seat(3)).contains(o[35]));
    // Seat 0 leads a spade (trumps: the turned AS), the others follow with their lowest card.
    let lead = s.hand(Seat(0)).suit(Suit::Spades).first().unwrap();
    s.apply(Action::Play(lead));
    for _ in 0..2 {
        let a = s.legal_actions().nth(0).unwrap();
        s.apply(a);
    }
    assert!(
        s.turned_visible(),
        "face up until the dealer plays to trick 1"
    );
    assert_eq!(s.to_act(), Some(Seat(3)));
    assert!(
        s.legal_actions().contains(Action::Play(o[35])),
        "the dealer may play it to trick 1"
    );
    s.apply(Action::Play(o[35]));
    assert!(
        !s.turned_visible(),
        "picked up once the dealer plays to trick 1"
    );
}

#[test]
fn ct_12_ranking() {
    let c = |s: &str| card(s);
    let mut t = Trick::new(Seat(0));
    for x in ["TH", "AH", "JH", "KH"] {
        t.play(c(x), 4, Suit::Hearts, &TrumpOrder::JACK_HIGH);
    }
    assert_eq!(t.winning_card(), Some(c("JH")));
    assert_eq!(honours(t.card_set(), Suit::Hearts), 28);
    let mut t = Trick::new(Seat(0));
    for x in ["JC", "QC", "AC", "9C"] {
        t.play(c(x), 4, Suit::Diamonds, &TrumpOrder::JACK_HIGH);
    }
    assert_eq!(t.winning_card(), Some(c("AC")));
    assert_eq!(honours(t.card_set(), Suit::Diamonds), 0);
    // And through the engine.
    let hands = [
        "TH 6C 7C 8C 9C TC QC KC AC",
        "AH 6D 7D 8D 9D TD JD QD KD",
        "JH AD 6S 7S 8S 9S TS JS QS",
        "KH 6H 7H 8H 9H QH KS AS JC",
    ];
    let mut s = deal_hands(setup(4, Options::default()), 3, &[0, 0], &hands, "6H");
    play_trick(&mut s, "TH AH JH KH");
    assert_eq!(s.to_act(), Some(Seat(2)));
    assert_eq!(honours(s.won(Side(0)), Suit::Hearts), 28);
}

#[test]
fn ct_13_keep_6s() {
    let t = setup(5, opts(|o| o.keep_6s = true));
    assert_eq!(t.deck(), Deck::SixToAce);
    let mut o: Vec<Card> = t
        .deck()
        .cards()
        .iter()
        .filter(|&c| c != card("JS") && c != card("9S"))
        .collect();
    o.push(card("9S")); // card 34: the dealer's, turned: spades are trumps
    o.push(card("JS")); // card 35: shown and laid aside
    let mut s = CatchTheTen::from_order(t, Seat(4), &[0; 5], &o);
    assert_eq!(s.turned(), card("9S"));
    assert_eq!(s.holder(card("9S")), Some(Seat(4)));
    assert_eq!(s.laid_aside(), Some(card("JS")));
    assert_eq!(s.holder(card("JS")), None);
    play_out_randomly(&mut s, 13);
    let r = s.set_result(0);
    assert_eq!(r.honours.iter().sum::<i32>(), 19);
    assert_eq!(r.cards.iter().sum::<u32>(), 35);
}
