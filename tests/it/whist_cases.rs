//! The Whist worked examples of RULES.md §4 (W-01 … W-06), one test each, plus the rules of
//! §3.1 and §3.5 that the examples do not cover (the turned card and what a seat may see).
//!
//! Most cases need a hand in which the tricks fall a known way. [`two_suit_deal`] builds one:
//! seat 0 (the dealer) and seat 1 share the spades (trumps) and hearts, seat 2 holds every
//! diamond and seat 3 every club, so seats 2 and 3 can never follow and never win a trick.
//! Everyone plays the highest legal card in index order (spades above hearts), and each test
//! works out in a comment which tricks that gives.

use crate::common;

use common::{card, cards};
use tricklab::cards::{Card, CardSet, Suit};
use tricklab::games::matches::{MatchRules, MatchState, play_hand};
use tricklab::games::whist::{Options, Setup, Whist};
use tricklab::games::{Action, Game, Seat, Side};
use tricklab::rng::{Purpose, shuffle, stream};

fn setup(f: impl FnOnce(&mut Options)) -> Setup {
    let mut o = Options::default();
    f(&mut o);
    Setup::new(4, o).unwrap()
}

/// Seat 0 deals and holds `spades0` and `hearts0`; seat 1 holds the other spades and hearts;
/// seat 2 all diamonds, seat 3 all clubs. The turned card is `turned` (seat 0's), so seat 1
/// leads.
fn two_suit_deal(
    setup: Setup,
    scores: [i32; 2],
    spades0: &str,
    hearts0: &str,
    turned: &str,
) -> Whist {
    let s0 = cards(spades0) | cards(hearts0);
    let spades_hearts = CardSet::suit_mask(Suit::Spades) | CardSet::suit_mask(Suit::Hearts);
    let hands = [
        s0,
        spades_hearts - s0,
        CardSet::suit_mask(Suit::Diamonds),
        CardSet::suit_mask(Suit::Clubs),
    ];
    Whist::from_hands(setup, Seat(0), &scores, &hands, card(turned)).unwrap()
}

/// Plays the hand out, every seat playing its highest legal card (index order: spades highest).
fn play_highest(h: &mut Whist) {
    play_hand(h, |h, _| {
        Action::Play(h.legal_actions().cards().last().unwrap())
    });
}

fn tricks(h: &Whist) -> [u32; 2] {
    [h.side_tricks(Side(0)), h.side_tricks(Side(1))]
}

fn settle(setup: &Setup, h: &Whist) -> MatchState {
    let mut m = MatchState::new(h.dealer());
    m.scores[..2].copy_from_slice(&[h.score_before(Side(0)), h.score_before(Side(1))]);
    setup.settle(&mut m, h);
    m
}

#[test]
fn w_01_one_point() {
    // Seat 0: 8S–AS and 2H–7H. Seat 1 leads 7S, and seat 0 wins the seven spade tricks (the
    // last one after seat 1 has run out); then seat 1's 8H–AH win the six heart tricks.
    let s = setup(|_| {});
    let mut h = two_suit_deal(s, [0, 0], "AS KS QS JS TS 9S 8S", "7H 6H 5H 4H 3H 2H", "AS");
    play_highest(&mut h);
    assert_eq!(tricks(&h), [7, 6]);
    assert_eq!([h.side_points(Side(0)), h.side_points(Side(1))], [1, 0]);
    let m = settle(&s, &h);
    assert_eq!(m.scores[..2], [1, 0]);
    assert_eq!(m.winners, None);
}

#[test]
fn w_02_nine_tricks_three_points() {
    // Seat 0: 6S–AS and 2H–5H: nine spade tricks, then seat 1's 6H–9H win the last four.
    let s = setup(|_| {});
    let mut h = two_suit_deal(s, [0, 0], "AS KS QS JS TS 9S 8S 7S 6S", "5H 4H 3H 2H", "AS");
    play_highest(&mut h);
    assert_eq!(tricks(&h), [9, 4]);
    assert_eq!([h.side_points(Side(0)), h.side_points(Side(1))], [3, 0]);
    assert_eq!(settle(&s, &h).scores[..2], [3, 0]);
}

/// Seat 0 holds AS KS QS plus `fourth` and 9S 8S, and 2H–8H; seat 1 holds the rest. Seat 0
/// wins the six spade tricks; seat 1 (left with 2S and 9H–AH) wins the other seven.
fn six_against_seven(setup: Setup, scores: [i32; 2], fourth: &str) -> Whist {
    let spades = format!("AS KS QS {fourth} 9S 8S");
    let mut h = two_suit_deal(setup, scores, &spades, "8H 7H 6H 5H 4H 3H 2H", "AS");
    play_highest(&mut h);
    assert_eq!(tricks(&h), [6, 7]);
    h
}

#[test]
fn w_03_honours_make_game() {
    let s = setup(|o| o.honours = true);
    let h = six_against_seven(s, [1, 0], "JS");
    assert_eq!(h.honours_held(Side(0)), 4);
    let r = h.result();
    assert_eq!(r.trick_points, [0, 1]);
    assert_eq!(r.honours, [4, 0]);
    let m = settle(&s, &h);
    assert_eq!(m.scores[..2], [5, 1]);
    assert_eq!(m.winners, Some(0b01), "side 0 reaches 5: game");
    // Without the option the same hand scores no honours.
    let plain = six_against_seven(setup(|_| {}), [1, 0], "JS");
    assert_eq!(settle(&s, &plain).scores[..2], [1, 1]);
}

#[test]
fn w_04_no_honours_at_four() {
    let s = setup(|o| o.honours = true);
    let h = six_against_seven(s, [4, 0], "TS");
    assert_eq!(h.honours_held(Side(0)), 3, "AS KS QS");
    assert_eq!(h.result().honours, [0, 0]);
    let m = settle(&s, &h);
    assert_eq!(m.scores[..2], [4, 1]);
    assert_eq!(m.winners, None);
    // From 3 the same three honours count 2 and make game.
    let from3 = six_against_seven(s, [3, 0], "TS");
    assert_eq!(from3.result().honours, [2, 0]);
    assert_eq!(settle(&s, &from3).winners, Some(0b01));
    // In a game to 7 the bar is at 6 (a ruling): from 5 they still count, from 6 not.
    let s7 = setup(|o| {
        o.honours = true;
        o.target = 7;
    });
    assert_eq!(six_against_seven(s7, [5, 0], "TS").result().honours, [2, 0]);
    assert_eq!(six_against_seven(s7, [6, 0], "TS").result().honours, [0, 0]);
}

#[test]
fn w_05_tricks_before_honours() {
    // Seat 1 holds AS KS QS JS (all four honours for side 1) and 3H–JH; seat 0 holds 2S–TS and
    // AH KH QH 2H. Seat 1 wins the four spade tricks, leads JH to seat 0's AH; seat 0 then
    // draws with 6S–2S (five tricks) and cashes KH QH; seat 1's 3H beats the 2H at the end.
    let s = setup(|o| o.honours = true);
    let mut h = two_suit_deal(s, [3, 2], "TS 9S 8S 7S 6S 5S 4S 3S 2S", "AH KH QH 2H", "TS");
    assert_eq!(h.honours_held(Side(1)), 4);
    play_highest(&mut h);
    assert_eq!(tricks(&h), [8, 5]);
    let r = h.result();
    assert_eq!(r.trick_points, [2, 0]);
    assert_eq!(r.honours, [0, 0], "side 1's honours are not counted");
    let m = settle(&s, &h);
    assert_eq!(m.scores[..2], [5, 2]);
    assert_eq!(m.winners, Some(0b01), "side 0 wins");
}

#[test]
fn w_06_deal_from_the_eldest() {
    let mut order: [Card; 52] = std::array::from_fn(|i| CardSet::ALL.nth(i).unwrap());
    for seed in 0..8 {
        shuffle(&mut stream(seed, 6, Purpose::Other, 0), &mut order);
        let h = Whist::from_order(setup(|_| {}), Seat(3), &[0, 0], &order);
        for (k, &c) in order.iter().enumerate() {
            assert!(h.hand(Seat((k % 4) as u8)).contains(c), "card {k} {c}");
        }
        assert_eq!(h.turned(), order[51]);
        assert!(h.hand(Seat(3)).contains(order[51]));
        assert_eq!(h.trump(), Some(order[51].suit()));
        assert_eq!(h.to_act(), Some(Seat(0)));
    }
    // With another dealer the eldest is another seat: D = 1 gives card 0 to seat 2.
    let h = Whist::from_order(setup(|_| {}), Seat(1), &[0, 0], &order);
    assert!(h.hand(Seat(2)).contains(order[0]));
    assert_eq!((h.to_act(), h.turned()), (Some(Seat(2)), order[51]));
}

#[test]
fn the_turned_card_stays_face_up_only_under_the_option() {
    let order: [Card; 52] = std::array::from_fn(|i| CardSet::ALL.nth(i).unwrap());
    for up in [false, true] {
        let s = setup(|o| o.turnup_until_first_play = up);
        let mut h = Whist::from_order(s, Seat(3), &[0, 0], &order);
        let turned = h.turned();
        let mut face_up = vec![h.turned_face_up()];
        while h.trick().leader() == Seat(0) && h.tricks_done() == 0 {
            let seat = h.to_act().unwrap();
            // The dealer keeps the turned card for later; the others play their lowest.
            let legal = h.legal_actions().cards() - CardSet::single(turned);
            h.apply(Action::Play(legal.first().unwrap()));
            face_up.push(h.turned_face_up());
            assert!(h.turned_held());
            if seat == Seat(3) {
                break;
            }
        }
        assert_eq!(
            face_up,
            [up, up, up, up, false],
            "until the dealer (seat 3) plays"
        );
    }
}

#[test]
fn a_seat_sees_its_hand_the_turned_card_and_the_play_but_no_honours_until_the_end() {
    let s = setup(|o| o.honours = true);
    let mut h = two_suit_deal(s, [0, 0], "AS KS QS JS TS 9S 8S", "7H 6H 5H 4H 3H 2H", "AS");
    let v = h.view(Seat(2));
    assert_eq!(v.state().hand(Seat(2)), CardSet::suit_mask(Suit::Diamonds));
    for other in [0, 1, 3] {
        assert_eq!(v.state().hand(Seat(other)), CardSet::EMPTY);
    }
    assert_eq!(v.state().turned(), card("AS"));
    assert_eq!(
        v.state().honours_held(Side(0)),
        0,
        "honours hidden during play"
    );
    // Two deals that differ only in the other seats' cards look the same to seat 2.
    let swapped = two_suit_deal(s, [0, 0], "AS KS QS JS TS 9S 7S", "8H 6H 5H 4H 3H 2H", "AS");
    assert_eq!(swapped.view(Seat(2)), v);
    assert_ne!(swapped.view(Seat(0)), h.view(Seat(0)));
    // After seat 1's 7S, seat 2 shows out of spades; everyone sees it.
    for _ in 0..2 {
        let c = h.legal_actions().cards().last().unwrap();
        h.apply(Action::Play(c));
    }
    let v = h.view(Seat(0)).state().to_owned();
    assert_eq!(v.played_by(Seat(1)), cards("7S"));
    assert_eq!(v.voids(Seat(2)), 1 << Suit::Spades.index());
    play_highest(&mut h);
    assert_eq!(h.view(Seat(3)).state().honours_held(Side(0)), 4);
}

#[test]
fn from_hands_refuses_a_bad_deal() {
    let s = setup(|_| {});
    let good = [
        CardSet::suit_mask(Suit::Clubs),
        CardSet::suit_mask(Suit::Diamonds),
        CardSet::suit_mask(Suit::Hearts),
        CardSet::suit_mask(Suit::Spades),
    ];
    assert!(Whist::from_hands(s, Seat(0), &[0, 0], &good, card("2C")).is_ok());
    let err = |hands: &[CardSet; 4], turned: &str, scores: &[i32]| {
        Whist::from_hands(s, Seat(0), scores, hands, card(turned))
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err(&good, "2D", &[0, 0]),
        "the turned card 2D is not in the dealer's hand"
    );
    let mut twice = good;
    twice[1] = (twice[1] - cards("2D")) | cards("2C");
    assert_eq!(err(&twice, "2C", &[0, 0]), "card(s) 2C dealt twice");
    let mut short = good;
    short[3] -= cards("AS");
    assert_eq!(
        err(&short, "2C", &[0, 0]),
        "seat 3 holds 12 cards, expected 13"
    );
    assert_eq!(
        err(&good, "2C", &[5, 0]),
        "a score of 5 cannot start a hand of a game to 5"
    );
    assert_eq!(err(&good, "2C", &[0]), "1 scores given for 2 sides");
}

#[test]
fn rewards_for_search() {
    use tricklab::games::{RewardKind, Rewarded};
    // W-05's hand: side 0 takes 8 tricks from 3 and wins the game.
    let s = setup(|o| o.honours = true);
    let mut won = two_suit_deal(s, [3, 2], "TS 9S 8S 7S 6S 5S 4S 3S 2S", "AH KH QH 2H", "TS");
    play_highest(&mut won);
    assert_eq!(won.reward(Side(0), RewardKind::Points), 2.0 / 7.0);
    assert_eq!(won.reward(Side(1), RewardKind::Points), 0.0);
    assert_eq!(won.match_reward(Side(0)), 1.0);
    assert_eq!(won.match_reward(Side(1)), 0.0);
    // From 0 to 0 without honours the same hand leaves side 0 ahead by 2: an estimate above
    // one half. With honours side 1 scores its four and leads 4 to 2 instead.
    let play_from_nil = |s: Setup| {
        let mut h = two_suit_deal(s, [0, 0], "TS 9S 8S 7S 6S 5S 4S 3S 2S", "AH KH QH 2H", "TS");
        play_highest(&mut h);
        (h.match_reward(Side(0)), h.match_reward(Side(1)))
    };
    let (a, b) = play_from_nil(setup(|_| {}));
    assert!(a > 0.5 && a < 1.0 && (a + b - 1.0).abs() < 1e-12, "{a} {b}");
    let (a, b) = play_from_nil(s);
    assert!(b > a, "{a} {b}");
}
