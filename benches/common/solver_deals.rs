//! The solver bench's fixed deals, shared by `benches/solver.rs`, `examples/solver_tail.rs` and
//! the test that pins their values (`tests/it/solver_bench_values.rs`), each of which includes
//! this file with `#[path]`: 100 deals a game, drawn from one stream a game.
//!
//! - `whist_52`: 52 cards, one trump suit (cycling C D H S), one leader (cycling);
//! - `catch_the_ten_4p_36`: 4 players in two teams, 36 cards, full points value;
//! - `nine_five_two_48`: 9-5-2 after the kitty (48 cards), tricks for the seat on lead
//!   against the other two.
#![allow(dead_code)]

use tricklab::cards::{Card, CardSet, Deck, Suit};
use tricklab::games::{Seat, Sides, TrumpOrder};
use tricklab::rng::{GameRng, Purpose, below, stream};
use tricklab::solver::{Position, Scoring};

/// Deals per game.
pub const DEALS: usize = 100;

/// The three games' names, as the bench names its groups.
pub const GAMES: [&str; 3] = ["whist_52", "catch_the_ten_4p_36", "nine_five_two_48"];

/// One deal of the bench.
pub struct BenchDeal {
    /// Each seat's hand.
    pub hands: Vec<CardSet>,
    /// The trump suit.
    pub trump: Suit,
    /// The seat on lead.
    pub leader: Seat,
    /// The position, solved for the leader's side.
    pub position: Position,
}

/// `per` cards of `pack` for each of `seats` hands, at random.
fn deal(pack: Deck, seats: usize, per: usize, rng: &mut GameRng) -> Vec<CardSet> {
    let mut order: Vec<Card> = pack.cards().iter().collect();
    for i in (1..order.len()).rev() {
        order.swap(i, below(rng, i as u32 + 1) as usize);
    }
    (0..seats)
        .map(|s| order[s * per..(s + 1) * per].iter().copied().collect())
        .collect()
}

/// The [`DEALS`] deals of game `name` (one of [`GAMES`]; any other name gives 9-5-2's).
pub fn bench_deals(name: &str) -> Vec<BenchDeal> {
    // Pack, seats, cards a seat, trump order, scoring. 9-5-2's kitty (four cards) is out of
    // play after the discards; its seats play alone, the others in two partnerships.
    let (pack, seats, per, order, scoring) = match name {
        "whist_52" => (Deck::Full52, 4, 13, TrumpOrder::ACES_HIGH, Scoring::Tricks),
        "catch_the_ten_4p_36" => (
            Deck::SixToAce,
            4,
            9,
            TrumpOrder::JACK_HIGH,
            Scoring::Honours { share: 18 },
        ),
        _ => (Deck::Full52, 3, 16, TrumpOrder::ACES_HIGH, Scoring::Tricks),
    };
    let sides = if seats == 3 {
        Sides::alone(3)
    } else {
        Sides::every(4, 2)
    };
    let mut rng = stream(2026, 0, Purpose::Other, name.len() as u64);
    (0..DEALS)
        .map(|i| {
            let trump = Suit::from_index(i % 4);
            let hands = deal(pack, seats, per, &mut rng);
            let leader = Seat((i % seats) as u8);
            let position = Position::new(
                &hands,
                Some(trump),
                order,
                leader,
                sides,
                sides.side(leader),
                scoring,
            )
            .expect("a valid deal");
            BenchDeal {
                hands,
                trump,
                leader,
                position,
            }
        })
        .collect()
}

/// The positions of [`bench_deals`].
pub fn positions(name: &str) -> Vec<Position> {
    bench_deals(name).into_iter().map(|d| d.position).collect()
}
