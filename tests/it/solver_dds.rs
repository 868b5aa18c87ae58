//! Whist's play is the bridge problem (four seats, partners 0+2 and 1+3, aces high, one trump
//! suit, a leader), so its double-dummy values must equal those of DDS, the standard bridge
//! solver. `tests/data/whist_dds.txt` holds 300 deals (200 of 52 cards with trumps, 40 of 52
//! cards without, 60 of 36 cards 6–A) with the values DDS 3 computed for the side on lead and
//! for every card the leader holds; `tools/dds_reference` is the program that wrote it (real
//! DDS output, not this solver's).

use tricklab::cards::{Card, Suit, parse_cards_by_seat};
use tricklab::games::{Seat, Sides, TrumpOrder};
use tricklab::solver::{Position, Scoring, Solver};

/// One line of the reference file.
struct Reference {
    position: Position,
    value: i32,
    cards: Vec<(Card, i32)>,
}

fn references() -> Vec<Reference> {
    let text = include_str!("../data/whist_dds.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split('|').map(str::trim).collect();
            assert_eq!(f.len(), 5, "{line}");
            let hands = parse_cards_by_seat(f[0]).unwrap();
            let trump = match f[1] {
                "N" => None,
                s => Some(s.parse::<Suit>().unwrap()),
            };
            let leader = Seat(f[2].parse().unwrap());
            let sides = Sides::every(4, 2);
            let position = Position::new(
                &hands,
                trump,
                TrumpOrder::ACES_HIGH,
                leader,
                sides,
                sides.side(leader),
                Scoring::Tricks,
            )
            .unwrap();
            let cards = f[4]
                .split_whitespace()
                .map(|cv| {
                    let (c, v) = cv.split_once(':').unwrap();
                    (c.parse().unwrap(), v.parse().unwrap())
                })
                .collect();
            Reference {
                position,
                value: f[3].parse().unwrap(),
                cards,
            }
        })
        .collect()
}

/// Checks deal `i`: its value, and the value after each card of the leader.
fn check(solver: &mut Solver, i: usize, r: &Reference) {
    assert_eq!(solver.value(&r.position), r.value, "deal {i}: value");
    let sol = solver.solve(&r.position);
    assert_eq!(sol.value, r.value, "deal {i}: value from solve");
    assert_eq!(
        sol.legal().len(),
        r.cards.len(),
        "deal {i}: every card of the leader"
    );
    for &(c, v) in &r.cards {
        assert_eq!(sol.card_value(c), Some(v), "deal {i}: card {c}");
    }
}

/// Checks every card of the deals `range`.
fn check_range(range: std::ops::Range<usize>) {
    let refs = references();
    let mut solver = Solver::new();
    for i in range {
        check(&mut solver, i, &refs[i]);
    }
}

#[test]
fn the_reference_holds_200_deals_of_52_cards_with_trumps() {
    let refs = references();
    assert_eq!(refs.len(), 300);
    let with_trumps = refs
        .iter()
        .filter(|r| r.position.trump().is_some() && r.position.hand(Seat(0)).len() == 13)
        .count();
    assert_eq!(with_trumps, 200);
}

// Four parts, so that the test harness runs them side by side.

#[test]
fn every_card_equals_dds_deals_0_to_74() {
    check_range(0..75);
}

#[test]
fn every_card_equals_dds_deals_75_to_149() {
    check_range(75..150);
}

#[test]
fn every_card_equals_dds_deals_150_to_224() {
    check_range(150..225);
}

#[test]
fn every_card_equals_dds_deals_225_to_299() {
    check_range(225..300);
}
