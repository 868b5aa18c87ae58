//! The information-state tensor: everything one seat has seen in a hand, in order, as a
//! fixed-size vector (perfect recall), for learning agents and OpenSpiel.
//!
//! # Layout
//!
//! `n` is the player count; "seat `k`" is `k` seats to the observer's left (0 is the
//! observer); cards and actions are indexed as action ids (`suit * 13 + rank`, `52 + suit`).
//! In order:
//!
//! | part | size | value |
//! |---|---|---|
//! | observation | `216 + 164 n` | the observation vector (see `observe`): own cards, the trump, the turned card and other known cards, voids, hand sizes, tricks won, … |
//! | scores | n | the match score of seat `k`'s side before this hand |
//! | tricks | T × (n + n × 52) | per trick in order: who led (one-hot) and the card seat `k` played to it; `T = 52 / n` (rounded down), later tricks all 0 |
//! | exchange | D × (n + 56) | the other decisions the observer saw, in order (naming the trump; its own discards and gives): who (one-hot) and the action (one-hot); `D = 21` for 9-5-2, 0 for the other games |
//!
//! Built only from the observer's knowledge, the public state and the decisions it has seen
//! (those of [`Play::seen_history`]): two states the observer cannot tell apart have the same
//! tensor, and states with different histories seen have different tensors.

use tricklab::games::{Decision, Game as _, GameKind, Seat};

use crate::observe::vector_len;
use crate::play::{Play, action_id, card_id};
use crate::table::Table;

/// Tricks the tensor has room for with `n` seats: each card is played at most once.
pub const fn tricks(n: usize) -> usize {
    52 / n
}

/// Non-play decisions the tensor has room for in `game`: as many as the game declares a seat
/// sees in a hand (9-5-2's trump, the dealer's discards and at most a hand of cards given in
/// the exchange; none in the other games).
pub fn exchange_slots(game: GameKind) -> usize {
    game.facts().other_decisions
}

/// The parts of the tensor for `game` with `n` seats, as `(name, start, end)`.
pub fn layout(game: GameKind, n: usize) -> Vec<(&'static str, usize, usize)> {
    let parts = [
        ("observation", vector_len(n)),
        ("scores", n),
        ("tricks", tricks(n) * (n + n * 52)),
        ("exchange", exchange_slots(game) * (n + 56)),
    ];
    let mut at = 0;
    parts
        .iter()
        .map(|&(name, len)| {
            at += len;
            (name, at - len, at)
        })
        .collect()
}

/// The tensor's length for `game` with `n` seats.
pub fn tensor_len(game: GameKind, n: usize) -> usize {
    layout(game, n).last().map_or(0, |p| p.2)
}

impl<R: Table> Play<R> {
    /// The information-state tensor of `seat` (see the module's layout).
    pub fn information_state_tensor(&self, seat: Seat) -> Vec<f32> {
        let g = &self.hand;
        let n = g.num_seats();
        let rel = |s: Seat| (s.index() + n - seat.index()) % n;
        let mut v = self.observation_vector(seat);
        v.resize(tensor_len(g.kind(), n), 0.0);
        let parts = layout(g.kind(), n);
        let (scores, trick_part, exchange) = (parts[1], parts[2], parts[3]);
        let sides = g.sides();
        for s in Seat::all(n) {
            v[scores.1 + rel(s)] = self.before.scores[sides.side(s).index()] as f32;
        }
        let (mut plays, mut others) = (0usize, 0usize);
        for (s, a) in self.seen_history(seat) {
            if a.decision() == Decision::Play {
                let (t, place) = (plays / n, plays % n);
                plays += 1;
                debug_assert!(t < tricks(n), "more tricks than cards");
                if t >= tricks(n) {
                    continue;
                }
                let at = trick_part.1 + t * (n + n * 52);
                if place == 0 {
                    v[at + rel(s)] = 1.0;
                }
                let card = a.card().expect("a play is a card");
                v[at + n + rel(s) * 52 + card_id(card)] = 1.0;
            } else {
                debug_assert!(
                    others < exchange_slots(g.kind()),
                    "more decisions than slots"
                );
                if others >= exchange_slots(g.kind()) {
                    continue;
                }
                let at = exchange.1 + others * (n + 56);
                others += 1;
                v[at + rel(s)] = 1.0;
                v[at + n + action_id(a)] = 1.0;
            }
        }
        v
    }
}
