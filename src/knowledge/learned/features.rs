//! What a learned model reads: a seat's information state as numbers, and where each unseen
//! card is, as a class the model predicts.
//!
//! Everything here is built from the seat's [`Knowledge`] and the public part of the state
//! (the trump suit, the trick in progress, the dealer, the tricks each seat has taken), never
//! from another seat's cards: the true deal enters only through [`labels`], the training target.
//!
//! Seats are relative to the observer (0 is the observer, 1 its left-hand neighbour, …), so one
//! model serves every seat. A card is in one of `players` *classes*: class `r − 1` is the hand
//! of the seat `r` places to the observer's left (`r` from 1 to `players − 1`), and the last
//! class, *elsewhere*, is every hidden place that is not another seat's current hand (9-5-2's
//! kitty, discards and cards given in an exchange the observer takes no part in; Catch the
//! Ten's later sets with 2 or 3 players).
//!
//! # Layout (feature version 1)
//!
//! Per card (52 cards, `suit * 13 + rank`), one block of 52 inputs per channel:
//! own hand, unknown, out of play, in the trick in progress, played by relative seat `r` (one
//! channel per seat), known to be in class `k` (one channel per class). Then per relative seat
//! the four suits it has shown out of, per class its hidden cards (÷ 13), per relative seat its
//! tricks (÷ 13), the trump suit (four suits or none), the suit led to the trick in progress
//! (four or none), the dealer's and the trick leader's relative seats.

use crate::cards::{Card, CardSet, Suit};
use crate::games::{Game, Seat};
use crate::knowledge::{Knowledge, PlaceKind};

/// The version of the feature layout; a model file records it, and one of another version is
/// refused.
pub const FEATURE_VERSION: u32 = 1;

/// Cards in the pack (every game indexes all 52, whatever its deck).
pub const CARDS: usize = 52;

/// A label for a card that is not unknown to the observer (no prediction is made for it).
pub const NO_LABEL: u8 = u8::MAX;

/// The 0-based index of `card` among the 52.
#[inline]
pub const fn card_slot(card: Card) -> usize {
    card.suit().index() * 13 + card.rank().index()
}

/// The class of a hidden place for `observer` at a table of `players`: the relative seat of a
/// hand less one, or the last class (*elsewhere*) for every other place.
#[inline]
pub fn place_class(kind: PlaceKind, observer: Seat, players: usize) -> usize {
    match kind {
        PlaceKind::Hand(q) => relative(q, observer, players) - 1,
        _ => players - 1,
    }
}

/// How many places to the left of `observer` seat `q` sits.
#[inline]
pub fn relative(q: Seat, observer: Seat, players: usize) -> usize {
    (q.index() + players - observer.index()) % players
}

/// The number of inputs for a table of `players`.
pub const fn input_len(players: usize) -> usize {
    CARDS * (4 + 2 * players) + 4 * players + players + players + 5 + 5 + players + players
}

/// A seat's information state as sparse inputs, with which classes each unknown card may be in.
#[derive(Clone, Debug, PartialEq)]
pub struct InfoState {
    /// The inputs that are not zero, as `(index, value)`, in increasing index order.
    pub inputs: Vec<(u32, f32)>,
    /// For each of the 52 cards: the classes it may be in, as a bit mask (0 for a card the
    /// observer is not uncertain of).
    pub allowed: [u8; CARDS],
}

impl Default for InfoState {
    fn default() -> InfoState {
        InfoState {
            inputs: Vec::new(),
            allowed: [0; CARDS],
        }
    }
}

impl InfoState {
    /// The cards the model predicts for: those with a class to choose.
    pub fn unknown_slots(&self) -> impl Iterator<Item = usize> + '_ {
        (0..CARDS).filter(|&c| self.allowed[c] != 0)
    }
}

/// Builds the information state of `k.observer` at `state` into `out` (reusing its storage).
pub fn info_state<G: Game>(state: &G, k: &Knowledge, out: &mut InfoState) {
    let n = state.num_seats();
    let me = k.observer;
    out.inputs.clear();
    out.allowed = [0; CARDS];
    let block = |ch: usize| (ch * CARDS) as u32;
    let push_set = |inputs: &mut Vec<(u32, f32)>, ch: usize, set: CardSet| {
        for c in set {
            inputs.push((block(ch) + card_slot(c) as u32, 1.0));
        }
    };
    push_set(&mut out.inputs, 0, k.own);
    push_set(&mut out.inputs, 1, k.unknown);
    push_set(&mut out.inputs, 2, k.out_of_play);
    push_set(&mut out.inputs, 3, state.trick().card_set());
    for q in Seat::all(n) {
        push_set(&mut out.inputs, 4 + relative(q, me, n), k.played[q.index()]);
    }
    let mut known = [CardSet::EMPTY; 8];
    let mut hidden = [0usize; 8];
    for p in &k.places {
        let class = place_class(p.kind, me, n);
        known[class] |= p.known;
        hidden[class] += p.hidden();
        if p.hidden() > 0 {
            for c in k.unknown - p.excluded {
                out.allowed[card_slot(c)] |= 1 << class;
            }
        }
    }
    for (class, &set) in known.iter().take(n).enumerate() {
        push_set(&mut out.inputs, 4 + n + class, set);
    }
    // Per-card blocks came in channel order, but cards within a block in card order, which is
    // the slot order only within a suit; sort so that the inputs are in index order.
    out.inputs.sort_unstable_by_key(|&(i, _)| i);
    let mut at = block(4 + 2 * n);
    for q in Seat::all(n) {
        let r = relative(q, me, n) as u32;
        let voids = k.voids[q.index()];
        for s in 0..4 {
            if voids & (1 << s) != 0 {
                out.inputs.push((at + r * 4 + s, 1.0));
            }
        }
    }
    at += 4 * n as u32;
    for (class, &h) in hidden.iter().take(n).enumerate() {
        if h > 0 {
            out.inputs.push((at + class as u32, h as f32 / 13.0));
        }
    }
    at += n as u32;
    for q in Seat::all(n) {
        let t = state.tricks_won(q);
        if t > 0 {
            let r = relative(q, me, n) as u32;
            out.inputs.push((at + r, t as f32 / 13.0));
        }
    }
    at += n as u32;
    out.inputs.push((at + suit_or_none(state.trump()), 1.0));
    at += 5;
    out.inputs
        .push((at + suit_or_none(state.trick().led()), 1.0));
    at += 5;
    out.inputs
        .push((at + relative(state.dealer(), me, n) as u32, 1.0));
    at += n as u32;
    if !state.trick().is_empty() {
        out.inputs
            .push((at + relative(state.trick().leader(), me, n) as u32, 1.0));
    }
    debug_assert!(out.inputs.iter().all(|&(i, _)| (i as usize) < input_len(n)));
}

fn suit_or_none(s: Option<Suit>) -> u32 {
    s.map_or(4, |s| s.index() as u32)
}

/// The training target: for each of the 52 cards, the class it is in in the true `state`
/// ([`NO_LABEL`] for a card `k.observer` is not uncertain of). Used only as a label.
pub fn labels<G: Game>(state: &G, k: &Knowledge) -> [u8; CARDS] {
    let n = state.num_seats();
    let mut out = [NO_LABEL; CARDS];
    for c in k.unknown {
        out[card_slot(c)] = (n - 1) as u8;
    }
    for q in Seat::all(n).filter(|&q| q != k.observer) {
        let class = (relative(q, k.observer, n) - 1) as u8;
        for c in state.hand(q) & k.unknown {
            out[card_slot(c)] = class;
        }
    }
    out
}
