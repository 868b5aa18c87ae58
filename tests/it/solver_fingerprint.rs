//! The solver's search, pinned: on fixed deals of every game (from the start of a trick and
//! after one, two and three cards of it), the value of every legal card and the search's
//! counters (positions visited, tests, cuts) must match `tests/data/solver_fingerprint.txt`.
//!
//! A change that only makes the solver's code clearer must leave every line alone: the values
//! *and* the node counts. A change meant to alter the search (a new bound, a new ordering)
//! regenerates the file with `TRICKLAB_BLESS=1 cargo test --test it solver_fingerprint` and says
//! in its commit what the counts did.

use std::fmt::Write;

use tricklab::cards::{Card, CardSet, Deck, Suit};
use tricklab::games::{Seat, Sides, TrumpOrder};
use tricklab::solver::{Position, Scoring, Solver};

/// The golden file.
const GOLDEN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/solver_fingerprint.txt"
);

/// SplitMix64: the deals depend on nothing but this file.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// One kind of deal: pack, seats, cards a seat, trumps, trump order, sides, scoring.
struct Table {
    name: &'static str,
    pack: Deck,
    seats: usize,
    per: usize,
    trumps: bool,
    order: TrumpOrder,
    sides: Sides,
    scoring: Scoring,
    deals: usize,
}

fn tables() -> Vec<Table> {
    vec![
        Table {
            name: "whist",
            pack: Deck::Full52,
            seats: 4,
            per: 13,
            trumps: true,
            order: TrumpOrder::ACES_HIGH,
            sides: Sides::every(4, 2),
            scoring: Scoring::Tricks,
            deals: 5,
        },
        Table {
            name: "whist_nt",
            pack: Deck::Full52,
            seats: 4,
            per: 13,
            trumps: false,
            order: TrumpOrder::ACES_HIGH,
            sides: Sides::every(4, 2),
            scoring: Scoring::Tricks,
            deals: 3,
        },
        Table {
            name: "catch_the_ten_4p",
            pack: Deck::SixToAce,
            seats: 4,
            per: 9,
            trumps: true,
            order: TrumpOrder::JACK_HIGH,
            sides: Sides::every(4, 2),
            scoring: Scoring::Honours { share: 18 },
            deals: 5,
        },
        Table {
            name: "catch_the_ten_3p",
            pack: Deck::SixToAce,
            seats: 3,
            per: 8,
            trumps: true,
            order: TrumpOrder::JACK_HIGH,
            sides: Sides::alone(3),
            scoring: Scoring::Honours { share: 12 },
            deals: 3,
        },
        Table {
            name: "catch_the_ten_6p",
            pack: Deck::SixToAce,
            seats: 6,
            per: 6,
            trumps: true,
            order: TrumpOrder::JACK_HIGH,
            sides: Sides::every(6, 3),
            scoring: Scoring::Honours { share: 18 },
            deals: 2,
        },
        Table {
            name: "nine_five_two",
            pack: Deck::Full52,
            seats: 3,
            per: 16,
            trumps: true,
            order: TrumpOrder::ACES_HIGH,
            sides: Sides::alone(3),
            scoring: Scoring::Tricks,
            deals: 3,
        },
    ]
}

/// `per` cards of `pack` for each of `seats` hands, at random.
fn deal(pack: Deck, seats: usize, per: usize, rng: &mut Mix) -> Vec<CardSet> {
    let mut order: Vec<Card> = pack.cards().iter().collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    (0..seats)
        .map(|s| order[s * per..(s + 1) * per].iter().copied().collect())
        .collect()
}

/// The fingerprint of every position of every table, one line each.
fn fingerprint() -> String {
    let mut out = String::new();
    let mut solver = Solver::new();
    let mut rng = Mix(2026);
    for t in tables() {
        for d in 0..t.deals {
            let hands = deal(t.pack, t.seats, t.per, &mut rng);
            let trump = t.trumps.then(|| Suit::from_index(d % 4));
            let leader = Seat((d % t.seats) as u8);
            let mut pos = Position::new(
                &hands,
                trump,
                t.order,
                leader,
                t.sides,
                t.sides.side(leader),
                t.scoring,
            )
            .expect("a valid deal");
            for played in 0..t.seats {
                solver.clear();
                solver.reset_stats();
                let s = solver.solve(&pos);
                let st = solver.stats();
                let cards: Vec<String> = s.cards().map(|(c, v)| format!("{c}={v}")).collect();
                writeln!(
                    out,
                    "{} {d} +{played} | {} | {} | nodes {} trick_nodes {} tests {} bound_cuts {} tt_cuts {} small_skips {}",
                    t.name,
                    s.value,
                    cards.join(" "),
                    st.nodes,
                    st.trick_nodes,
                    st.tests,
                    st.bound_cuts,
                    st.tt_cuts,
                    st.small_skips
                )
                .unwrap();
                let legal: Vec<Card> = pos.legal().iter().collect();
                pos.play(legal[rng.below(legal.len())]).unwrap();
            }
        }
    }
    out
}

#[test]
fn values_and_node_counts_match_the_golden_file() {
    let got = fingerprint();
    if std::env::var_os("TRICKLAB_BLESS").is_some() {
        std::fs::write(GOLDEN, &got).expect("the golden file is writable");
        return;
    }
    let want = std::fs::read_to_string(GOLDEN).expect("tests/data/solver_fingerprint.txt");
    for (i, (g, w)) in got.lines().zip(want.lines()).enumerate() {
        assert_eq!(g, w, "line {} of the fingerprint differs", i + 1);
    }
    assert_eq!(
        got.lines().count(),
        want.lines().count(),
        "line counts differ"
    );
}
