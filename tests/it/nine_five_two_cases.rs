//! The 9-5-2 worked examples of RULES.md §4, N-01 to N-13, one test each, plus the end rules of
//! the variants (§2.7, §7.7).
//!
//! Hands are built from the cards a case names; the rest of the pack is filled in card order
//! around them, keeping each named suit exactly as the case gives it. Cases about a whole hand's
//! tricks use a hand found by random play that took exactly those tricks.

use crate::common;

use common::n952::{ANY, Holding, hand_of};
use common::{card, cards};
use tricklab::cards::{CardSet, Suit};
use tricklab::games::matches::{MatchRules, MatchState, play_hand};
use tricklab::games::nine_five_two::{
    End, NineFiveTwo, Options, Phase, Setup, Variant, return_order,
};
use tricklab::games::record::{RecordRules, Step};
use tricklab::games::{Action, Game, MAX_SEATS, Seat};
use tricklab::rng::{Purpose, stream};

const DAN: Seat = Seat(0);
const ANNA: Seat = Seat(1);
const BEN: Seat = Seat(2);

fn apply(h: &mut NineFiveTwo, a: Action) {
    h.try_apply(a).unwrap_or_else(|e| panic!("{a}: {e}"));
}

/// A hand dealt by `dealer`, played at random, in which the seats took exactly `tricks`.
fn hand_with_tricks(variant: Variant, dealer: Seat, tricks: [u8; 3]) -> NineFiveTwo {
    let mut rng = stream(
        952,
        tricks.iter().map(|&t| t as u64).sum(),
        Purpose::Other,
        0,
    );
    for _ in 0..2_000_000 {
        let mut h = NineFiveTwo::deal(variant, dealer, None, &mut rng);
        play_hand(&mut h, |g, _| g.legal_actions().choose(&mut rng));
        if h.tricks() == tricks {
            return h;
        }
    }
    panic!("no random hand took {tricks:?}");
}

/// Settles `hand` on a match whose totals before it were `before`.
fn settle(rules: &Setup, before: [i32; 3], hands_dealt: u32, hand: &NineFiveTwo) -> MatchState {
    let mut m = MatchState::new(hand.dealer());
    m.scores[..3].copy_from_slice(&before);
    m.hands_dealt = hands_dealt;
    rules.settle(&mut m, hand);
    m
}

fn totals(m: &MatchState) -> [i32; 3] {
    [m.scores[0], m.scores[1], m.scores[2]]
}

#[test]
fn n_01_scoring() {
    // Dan (dealer, 9) takes 7, Anna (5) takes 6, Ben (2) takes 3.
    let h = hand_with_tricks(Variant::Standard, DAN, [7, 6, 3]);
    assert_eq!(h.targets(), [9, 5, 2]);
    assert_eq!(h.diffs(), [-2, 1, 1]);
    let points: Vec<i32> = Seat::all(3).map(|s| h.seat_points(s)).collect();
    assert_eq!(points, [-2, 1, 1]);
    let m = settle(&Setup::STANDARD, [0; 3], 0, &h);
    assert_eq!(totals(&m), [-2, 1, 1]);
    assert_eq!(m.scores.iter().sum::<i32>(), 0);
    let mut previous = [0; MAX_SEATS];
    previous[..3].copy_from_slice(&[-2, 1, 1]);
    assert_eq!(m.previous, Some(previous));
    assert_eq!(m.dealer, ANNA, "Anna deals next");
    assert_eq!(m.winners, None);
}

#[test]
fn n_02_two_plus_players_order() {
    // After N-01 Anna deals: Anna 9, Ben 5, Dan 2. Dan's hearts are KH 6H.
    let mut h = hand_of(
        Variant::Standard,
        ANNA,
        [
            Holding {
                cards: "KH 6H",
                exact: &[Suit::Hearts],
            },
            Holding {
                cards: "2H",
                exact: &[],
            },
            Holding {
                cards: "3H",
                exact: &[],
            },
        ],
        "",
        Some([-2, 1, 1]),
    );
    assert_eq!(h.targets(), [2, 9, 5]);
    assert_eq!(h.phase(), Phase::Give);
    assert_eq!(
        h.to_act(),
        Some(ANNA),
        "the higher coming target exchanges first"
    );
    apply(&mut h, Action::Give(card("2H")));
    assert_eq!(h.exchange().returned(0), cards("KH"));
    assert!(h.hand(ANNA).contains(card("KH")));
    assert_eq!(h.hand(DAN).suit(Suit::Hearts), cards("6H 2H"));
    assert_eq!(h.to_act(), Some(BEN));
    apply(&mut h, Action::Give(card("3H")));
    assert_eq!(h.exchange().returned(1), cards("6H"));
    assert!(h.hand(BEN).contains(card("6H")));
    assert_eq!(h.hand(DAN).suit(Suit::Hearts), cards("3H 2H"));
    assert_eq!(h.phase(), Phase::NameTrump);
    assert_eq!(h.to_act(), Some(ANNA));
    for s in Seat::all(3) {
        assert_eq!(h.hand(s).len(), 16);
    }
}

/// N-03's deal: Anna (seat 0) was +2, Ben (seat 1) −2, Carla (seat 2) 0, and Ben deals now.
fn n_03_hand(ben_clubs: &str) -> NineFiveTwo {
    hand_of(
        Variant::Standard,
        Seat(1),
        [
            Holding {
                cards: "3C 4D",
                exact: &[],
            },
            Holding {
                cards: &format!("{ben_clubs} QD 8D 2D"),
                exact: &[Suit::Clubs, Suit::Diamonds],
            },
            ANY,
        ],
        "",
        Some([2, -2, 0]),
    )
}

#[test]
fn n_03_exchange() {
    let mut h = n_03_hand("AC 9C 5C");
    let carla = h.hand(Seat(2));
    assert_eq!(h.exchange().batches().len(), 1);
    apply(&mut h, Action::Give(card("3C")));
    assert!(
        h.exchange().returned(0).is_empty(),
        "nothing returns before the whole batch is given"
    );
    apply(&mut h, Action::Give(card("4D")));
    assert_eq!(h.exchange().returned(0), cards("AC QD"));
    assert!(h.hand(Seat(0)).is_subset(CardSet::ALL - cards("3C 4D")));
    assert!(cards("AC QD").is_subset(h.hand(Seat(0))));
    assert_eq!(h.hand(Seat(1)).suit(Suit::Clubs), cards("9C 5C 3C"));
    assert_eq!(h.hand(Seat(1)).suit(Suit::Diamonds), cards("8D 4D 2D"));
    assert_eq!(h.hand(Seat(2)), carla, "Carla takes no part");
}

#[test]
fn n_04_received_card_is_the_highest() {
    // Anna (seat 0) +1, Ben (seat 1) −1; Ben's only club is 2C.
    let mut h = hand_of(
        Variant::Standard,
        Seat(1),
        [
            Holding {
                cards: "3C",
                exact: &[],
            },
            Holding {
                cards: "2C",
                exact: &[Suit::Clubs],
            },
            ANY,
        ],
        "",
        Some([1, -1, 0]),
    );
    apply(&mut h, Action::Give(card("3C")));
    assert_eq!(h.exchange().returned(0), cards("3C"));
    assert!(h.hand(Seat(0)).contains(card("3C")));
    assert_eq!(h.hand(Seat(1)).suit(Suit::Clubs), cards("2C"));
}

#[test]
fn n_05_same_suit_twice() {
    for (ben_clubs, returned) in [("KC 7C", "KC 7C"), ("KC", "KC 4C")] {
        let initial = hand_of(
            Variant::Standard,
            Seat(1),
            [
                Holding {
                    cards: "3C 4C",
                    exact: &[],
                },
                Holding {
                    cards: ben_clubs,
                    exact: &[Suit::Clubs],
                },
                ANY,
            ],
            "",
            Some([2, -2, 0]),
        );
        let mut h = initial;
        let gives = [Action::Give(card("3C")), Action::Give(card("4C"))];
        for a in gives {
            apply(&mut h, a);
        }
        assert_eq!(
            h.exchange().returned(0),
            cards(returned),
            "clubs {ben_clubs}"
        );
        // The record names both returns, highest first, from Ben to Anna (§7.10).
        let steps =
            Setup::STANDARD.action_records(&initial, &[(Seat(0), gives[0]), (Seat(0), gives[1])]);
        let recorded: Vec<(u8, Step, Option<u8>)> =
            steps.iter().map(|r| (r.seat, r.step, r.to)).collect();
        let want: Vec<(u8, Step, Option<u8>)> = [(0, gives[0]), (0, gives[1])]
            .iter()
            .map(|&(s, a)| (s, Step::of(a), Some(1)))
            .chain(return_order(cards(returned)).map(|c| (1, Step::Return(c), Some(0))))
            .collect();
        assert_eq!(recorded, want);
        assert_eq!(
            return_order(cards(returned)).next(),
            Some(card("KC")),
            "the highest club goes first"
        );
    }
}

#[test]
fn n_06_one_plus_two_minus() {
    // Carla (seat 0, dealt, 9) took 11, Anna (seat 1, 5) took 4, Ben (seat 2, 2) took 1. Anna
    // deals now: Anna 9, Ben 5, Carla 2.
    let (carla, anna, ben) = (Seat(0), Seat(1), Seat(2));
    let mut h = hand_of(
        Variant::Standard,
        anna,
        [
            Holding {
                cards: "2C 2D",
                exact: &[],
            },
            Holding {
                cards: "AC",
                exact: &[],
            },
            Holding {
                cards: "AD",
                exact: &[],
            },
        ],
        "",
        Some([2, -1, -1]),
    );
    let batches: Vec<(Seat, Seat, u8)> = h
        .exchange()
        .batches()
        .iter()
        .map(|b| (b.giver, b.receiver, b.count))
        .collect();
    assert_eq!(batches, [(carla, anna, 1), (carla, ben, 1)]);
    apply(&mut h, Action::Give(card("2C")));
    // Both choices are made before either return is revealed.
    assert_eq!(h.to_act(), Some(carla));
    assert_eq!(h.phase(), Phase::Give);
    assert!(h.exchange().returned(0).is_empty());
    assert_eq!(h.hand(carla).len(), 15);
    assert_eq!(h.legal_actions().cards(), h.hand(carla));
    assert!(!h.hand(carla).contains(card("AC")));
    assert!(h.view(carla).state().exchange().returned(0).is_empty());
    apply(&mut h, Action::Give(card("2D")));
    assert_eq!(h.exchange().returned(0), cards("AC"));
    assert_eq!(h.exchange().returned(1), cards("AD"));
    assert!(cards("AC AD").is_subset(h.hand(carla)));
    assert_eq!(h.phase(), Phase::NameTrump);
    for s in Seat::all(3) {
        assert_eq!(h.hand(s).len(), 16);
    }
}

/// Settles a hand dealt by seat 2 (C) in which A (seat 0, left, 5) and B (seat 1, right, 2)
/// made the given differences.
fn end_case(before: [i32; 3], diff: [i32; 3]) -> MatchState {
    let targets = Variant::Standard.targets_by_seat(Seat(2));
    let tricks = [0, 1, 2].map(|s| (diff[s] + targets[s] as i32) as u8);
    let h = hand_with_tricks(Variant::Standard, Seat(2), tricks);
    assert_eq!(h.diffs(), diff);
    settle(&Setup::STANDARD, before, 4, &h)
}

#[test]
fn n_07_first_to_ten_wins() {
    let m = end_case([9, -3, -6], [1, 2, -3]);
    assert_eq!(totals(&m), [10, -1, -9]);
    assert_eq!(m.winners, Some(0b001), "A on 10 wins");
}

#[test]
fn n_08_higher_total_wins() {
    let m = end_case([8, 9, -17], [3, 1, -4]);
    assert_eq!(totals(&m), [11, 10, -21]);
    assert_eq!(m.winners, Some(0b001), "A on 11 beats B on 10");
}

#[test]
fn n_09_tie_plays_another_hand() {
    let m = end_case([9, 9, -18], [1, 1, -2]);
    assert_eq!(totals(&m), [10, 10, -20]);
    assert_eq!(
        m.winners, None,
        "a tie for the highest total means another hand"
    );
    assert!(!m.is_over());
}

#[test]
fn n_10_twelve_tricks_win_first() {
    // X (seat 0) deals: X 12 tricks, Y 0, Z 4.
    let h = hand_with_tricks(Variant::Standard, Seat(0), [12, 0, 4]);
    assert_eq!(h.diffs(), [3, -5, 2]);
    let m = settle(&Setup::STANDARD, [0, -9, 9], 7, &h);
    assert_eq!(totals(&m), [3, -14, 11]);
    assert_eq!(
        m.winners,
        Some(0b001),
        "X wins with 12 tricks although Z is on 11"
    );
}

#[test]
fn n_11_no_trumps_and_sergeant_major_discard() {
    // No no-trump: the dealer must name one of the four suits, and nothing else is accepted.
    let mut h = hand_of(Variant::Standard, DAN, [ANY, ANY, ANY], "", None);
    assert_eq!(h.phase(), Phase::NameTrump, "no exchange in the first hand");
    let legal = h.legal_actions();
    assert_eq!(legal.len(), 4);
    for s in Suit::ALL {
        assert!(legal.contains(Action::NameTrump(s)));
    }
    let any = h.hand(DAN).first().unwrap();
    for a in [Action::Play(any), Action::Discard(any), Action::Give(any)] {
        let before = h;
        assert!(h.try_apply(a).is_err(), "{a} accepted in place of trumps");
        assert_eq!(h, before);
    }
    // Standard: the kitty joins the dealer's hand once trumps are named.
    apply(&mut h, Action::NameTrump(Suit::Spades));
    assert_eq!(h.phase(), Phase::Discard);
    assert_eq!(h.hand(DAN).len(), 20);
    assert!(h.kitty().is_subset(h.hand(DAN)));

    // SergeantMajor: the dealer discards four of sixteen before the kitty is revealed.
    let mut h = hand_of(
        Variant::SergeantMajor,
        DAN,
        [ANY, ANY, ANY],
        "AS KS QS JS",
        None,
    );
    let kitty = cards("AS KS QS JS");
    apply(&mut h, Action::NameTrump(Suit::Spades));
    assert_eq!(h.phase(), Phase::Discard);
    let dealt = h.hand(DAN);
    assert_eq!(dealt.len(), 16);
    assert!(dealt.is_disjoint(kitty));
    assert!(h.legal_actions().cards().is_disjoint(kitty));
    assert!(h.try_apply(Action::Discard(card("AS"))).is_err());
    for _ in 0..4 {
        assert!(
            h.view(DAN).state().kitty().is_empty(),
            "kitty seen before discarding"
        );
        let c = h.legal_actions().cards().first().unwrap();
        apply(&mut h, Action::Discard(c));
    }
    assert_eq!(h.phase(), Phase::Play);
    assert_eq!(h.hand(DAN).len(), 16);
    assert!(kitty.is_subset(h.hand(DAN)));
    assert_eq!(h.discards().len(), 4);
    assert!(h.discards().is_subset(dealt));
    assert_eq!(h.view(DAN).state().kitty(), kitty);
    assert!(h.view(ANNA).state().kitty().is_empty());
    assert!(h.view(ANNA).state().discards().is_empty());
}

#[test]
fn n_12_swapped_targets_return_after_trumps() {
    // Seat 2 dealt the previous hand (9-2-5: seat 2 9, seat 0 2, seat 1 5); seat 0 took 1
    // (−1) and seat 1 took 6 (+1). Seat 0 deals now; the kitty holds AS.
    let dealer = Seat(0);
    let giver = Seat(1);
    let mut h = hand_of(
        Variant::SwappedTargets,
        dealer,
        [
            ANY,
            Holding {
                cards: "5S",
                exact: &[],
            },
            ANY,
        ],
        "AS",
        Some([-1, 1, 0]),
    );
    assert_eq!(h.targets(), [9, 2, 5]);
    assert_eq!(
        h.phase(),
        Phase::Discard,
        "the dealer takes the kitty and discards first"
    );
    assert_eq!(h.hand(dealer).len(), 20);
    assert!(h.hand(dealer).contains(card("AS")));
    assert_eq!(h.view(dealer).state().kitty(), h.kitty());
    for _ in 0..4 {
        let c = (h.legal_actions().cards() - cards("AS")).first().unwrap();
        apply(&mut h, Action::Discard(c));
    }
    assert_eq!(h.phase(), Phase::Give);
    assert_eq!(h.to_act(), Some(giver));
    assert_eq!(
        h.view(giver).state().trump(),
        None,
        "gives are chosen before trumps"
    );
    apply(&mut h, Action::Give(card("5S")));
    assert_eq!(h.phase(), Phase::NameTrump);
    assert!(
        cards("AS 5S").is_subset(h.hand(dealer)),
        "no return before trumps"
    );
    apply(&mut h, Action::NameTrump(Suit::Hearts));
    assert_eq!(h.exchange().returned(0), cards("AS"));
    assert!(h.hand(giver).contains(card("AS")));
    assert!(h.hand(dealer).contains(card("5S")));
    assert_eq!(h.phase(), Phase::Play);
    for s in Seat::all(3) {
        assert_eq!(h.hand(s).len(), 16);
    }
}

#[test]
fn n_13_sergeant_major_chips() {
    // Dealer (8) takes 10, left (5) 2, right (3) 4.
    let rules = Setup::of(Variant::SergeantMajor);
    let h = hand_with_tricks(Variant::SergeantMajor, DAN, [10, 2, 4]);
    assert_eq!(h.targets(), [8, 5, 3]);
    assert_eq!(h.diffs(), [2, -3, 1]);
    let chips = [5, -2, -3];
    let m = settle(&rules, chips, 12, &h);
    assert_eq!(totals(&m), [7, -5, -2], "chips change by the hand's score");
    assert_eq!(m.winners, None, "SergeantMajor has no score target");
}

fn rules(variant: Variant, end: Option<End>) -> Setup {
    Setup::new(
        3,
        Options {
            rules: variant,
            end,
        },
    )
    .unwrap()
}

#[test]
fn sergeant_major_ends_only_on_twelve_tricks() {
    let r = rules(Variant::SergeantMajor, None);
    assert_eq!(r.winners([40, -20, -20], [8, 4, 4], 50), None);
    assert_eq!(r.winners([4, -2, -2], [2, 12, 2], 3), Some(0b010));
}

#[test]
fn swapped_targets_end_at_fifteen_without_twelve_trick_rule() {
    let r = rules(Variant::SwappedTargets, None);
    assert_eq!(
        r.winners([3, -1, -2], [12, 2, 2], 2),
        None,
        "no 12-trick rule"
    );
    assert_eq!(r.winners([14, 0, -14], [5, 5, 6], 5), None);
    assert_eq!(r.winners([15, -5, -10], [5, 5, 6], 5), Some(0b001));
    // Reaching −15 ends the game too; the highest total wins.
    assert_eq!(r.winners([7, 8, -15], [5, 5, 6], 5), Some(0b010));
    assert_eq!(
        r.winners([8, 8, -16], [5, 5, 6], 5),
        None,
        "a tie means another hand"
    );
}

#[test]
fn fixed_hands_share_ties_and_keep_the_twelve_trick_rule() {
    let r = rules(Variant::Standard, Some(End::FixedHands(6)));
    assert_eq!(
        r.winners([12, -6, -6], [5, 5, 6], 5),
        None,
        "no score target"
    );
    assert_eq!(
        r.winners([3, 3, -6], [5, 5, 6], 6),
        Some(0b011),
        "a tie shares the win"
    );
    assert_eq!(r.winners([1, 2, -3], [12, 2, 2], 2), Some(0b001));
    let r = rules(Variant::SwappedTargets, Some(End::FixedHands(6)));
    assert_eq!(
        r.winners([20, -6, -14], [12, 2, 2], 2),
        None,
        "±15 and 12 tricks replaced"
    );
    assert_eq!(r.winners([20, -6, -14], [5, 5, 6], 6), Some(0b001));
}

#[test]
fn first_to_twenty() {
    let r = rules(Variant::Standard, Some(End::FirstTo(20)));
    assert_eq!(r.winners([19, 1, -20], [5, 5, 6], 9), None);
    assert_eq!(r.winners([20, 1, -21], [5, 5, 6], 9), Some(0b001));
}
