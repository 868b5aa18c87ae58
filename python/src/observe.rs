//! What one seat sees, as a fixed-size vector, as parts for a dict, and as a string.
//!
//! Everything here is built from the seat's [`Knowledge`] and the public state (trick, trump,
//! tricks won, who is to act), never from a card the seat may not know.
//!
//! # Vector layout
//!
//! `n` is the player count; "seat `k`" is `k` seats to the observer's left (0 is the observer).
//! Cards are indexed `suit * 13 + rank` (clubs, diamonds, hearts, spades; two … ace). In order:
//!
//! | part | size | value |
//! |---|---|---|
//! | hand | 52 | 1 for each card the observer holds |
//! | played | n × 52 | 1 for each card seat `k` has played in this hand (current trick included) |
//! | trick | n × 52 | 1 for the card seat `k` has played to the trick in progress |
//! | known | n × 52 | 1 for each card known to be in seat `k`'s hand (e.g. a turned card), observer's row empty |
//! | known elsewhere | 52 | cards known to be in another hidden place (kitty, discards, cards given, later sets) |
//! | out of play | 52 | cards everyone knows are out of play |
//! | unknown | 52 | cards whose place the observer does not know |
//! | voids | n × 4 | 1 for each suit seat `k` has shown out of |
//! | hand sizes | n | cards in seat `k`'s hand now |
//! | tricks won | n | tricks seat `k` has won |
//! | trump | 4 | one-hot, all 0 while unknown |
//! | decision | 4 | one-hot play, trump, discard, give, when the observer is to act |
//! | to act | n | one-hot: which seat is to act (all 0 when the hand is over) |
//! | dealer | n | one-hot |

use std::fmt::Write as _;

use tricklab::cards::{CardSet, Suit};
use tricklab::games::registry::DynHand;
use tricklab::games::{Decision, Seat};
use tricklab::knowledge::{Knowledge, PlaceKind};

use crate::play::card_id;

/// The vector's length for `n` seats.
pub const fn vector_len(n: usize) -> usize {
    52 + 3 * n * 52 + 52 * 3 + 4 * n + n + n + 4 + 4 + n + n
}

const DECISIONS: [Decision; 4] = [
    Decision::Play,
    Decision::NameTrump,
    Decision::Discard,
    Decision::Give,
];

fn put_cards(out: &mut [f32], cards: CardSet) {
    for c in cards {
        out[card_id(c)] = 1.0;
    }
}

/// The seat `k` places to the left of `observer`.
fn rel(observer: Seat, k: usize, n: usize) -> Seat {
    observer.plus(k, n)
}

/// Cards known to be in each hand (by seat index) and in the other hidden places.
fn known_cards(k: &Knowledge, n: usize) -> (Vec<CardSet>, CardSet) {
    let mut hands = vec![CardSet::EMPTY; n];
    let mut elsewhere = CardSet::EMPTY;
    for p in &k.places {
        match p.kind {
            PlaceKind::Hand(s) => hands[s.index()] |= p.known,
            _ => elsewhere |= p.known,
        }
    }
    (hands, elsewhere)
}

/// Cards in each seat's hand now, by seat index, as the observer can count them.
fn hand_sizes(k: &Knowledge, n: usize) -> Vec<usize> {
    let mut sizes = vec![0; n];
    sizes[k.observer.index()] = k.own.len();
    for p in &k.places {
        if let PlaceKind::Hand(s) = p.kind {
            sizes[s.index()] = p.size;
        }
    }
    sizes
}

/// The cards played to the trick in progress, by seat index.
fn trick_cards(play: &dyn DynHand, n: usize) -> Vec<CardSet> {
    let trick = play.trick();
    let mut by_seat = vec![CardSet::EMPTY; n];
    for (i, &c) in trick.cards().iter().enumerate() {
        by_seat[trick.leader().plus(i, n).index()].insert(c);
    }
    by_seat
}

/// The observation vector of `seat` in `g` (see the module's layout).
pub fn observation_vector(g: &dyn DynHand, seat: Seat) -> Vec<f32> {
    let n = g.num_seats();
    let k = g.knowledge(seat);
    let mut v = vec![0.0f32; vector_len(n)];
    let mut at = 0;
    let mut take = |len: usize| {
        let r = at..at + len;
        at += len;
        r
    };
    put_cards(&mut v[take(52)], k.own);
    for i in 0..n {
        put_cards(&mut v[take(52)], k.played[rel(seat, i, n).index()]);
    }
    let trick = trick_cards(g, n);
    for i in 0..n {
        put_cards(&mut v[take(52)], trick[rel(seat, i, n).index()]);
    }
    let (known, elsewhere) = known_cards(&k, n);
    for i in 0..n {
        put_cards(&mut v[take(52)], known[rel(seat, i, n).index()]);
    }
    put_cards(&mut v[take(52)], elsewhere);
    put_cards(&mut v[take(52)], k.out_of_play);
    put_cards(&mut v[take(52)], k.unknown);
    for i in 0..n {
        let voids = k.voids[rel(seat, i, n).index()];
        let r = take(4);
        for s in Suit::ALL {
            if voids & (1 << s.index()) != 0 {
                v[r.start + s.index()] = 1.0;
            }
        }
    }
    let sizes = hand_sizes(&k, n);
    let r = take(n);
    for i in 0..n {
        v[r.start + i] = sizes[rel(seat, i, n).index()] as f32;
    }
    let r = take(n);
    for i in 0..n {
        v[r.start + i] = g.tricks_won(rel(seat, i, n)) as f32;
    }
    let r = take(4);
    if let Some(t) = g.trump() {
        v[r.start + t.index()] = 1.0;
    }
    let r = take(4);
    if g.to_act() == Some(seat) {
        let d = g.legal_actions().decision();
        let i = DECISIONS.iter().position(|&x| x == d).expect("a decision");
        v[r.start + i] = 1.0;
    }
    let r = take(n);
    if let Some(s) = g.to_act() {
        v[r.start + (s.index() + n - seat.index()) % n] = 1.0;
    }
    let r = take(n);
    v[r.start + (g.dealer().index() + n - seat.index()) % n] = 1.0;
    debug_assert_eq!(r.end, v.len());
    v
}

/// A string that is equal for two states exactly when `seat` cannot tell them apart: its
/// knowledge, the public state and the decisions it has seen, in order.
pub fn information_state_string(g: &dyn DynHand, seat: Seat) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}", g.kind());
    let _ = writeln!(s, "observer {seat}, dealer {}", g.dealer());
    match g.trump() {
        Some(t) => {
            let _ = writeln!(s, "trump {t}");
        }
        None => s.push_str("trump unknown\n"),
    }
    let _ = writeln!(s, "{}", g.knowledge(seat));
    let n = g.num_seats();
    let tricks: Vec<String> = Seat::all(n).map(|q| g.tricks_won(q).to_string()).collect();
    let _ = writeln!(s, "tricks won {}", tricks.join(" "));
    s.push_str("history");
    for (q, a) in g.seen_history(seat) {
        let _ = write!(s, " {q}:{a}");
    }
    s.push('\n');
    match g.to_act() {
        Some(q) if q == seat => {
            let _ = write!(s, "to act: seat {q}, {}", g.legal_actions());
        }
        Some(q) => {
            let _ = write!(s, "to act: seat {q}");
        }
        None => s.push_str("hand over"),
    }
    s
}
