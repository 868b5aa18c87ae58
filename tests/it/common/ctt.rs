//! Helpers for building and playing Catch the Ten positions in tests.

use tricklab::cards::{Card, CardSet};
use tricklab::games::catch_the_ten::{CatchTheTen, HandsBySet, MAX_SETS, Options, Setup};
use tricklab::games::{Action, Game, MAX_SEATS, Seat};
use tricklab::rng::{Purpose, stream};

use super::{card, cards};

/// A table of `n` players with `options`.
pub fn setup(n: usize, options: Options) -> Setup {
    Setup::new(n, options).unwrap_or_else(|e| panic!("{e}"))
}

/// A 4-or-more-player deal whose tricks are given in full: `tricks[t]` lists the card each
/// seat (in seat order 0, 1, …) plays to trick `t`. Each seat's hand is the union of its cards.
pub fn deal_from_tricks(
    setup: Setup,
    dealer: usize,
    scores: &[i32],
    tricks: &[&str],
    turned: &str,
) -> CatchTheTen {
    let n = setup.players();
    let mut hands: HandsBySet = [[CardSet::EMPTY; MAX_SETS]; MAX_SEATS];
    for t in tricks {
        let cs: Vec<Card> = t.split_whitespace().map(card).collect();
        assert_eq!(cs.len(), n, "trick `{t}` needs one card per seat");
        for (seat, c) in cs.into_iter().enumerate() {
            hands[seat][0].insert(c);
        }
    }
    CatchTheTen::from_hands(
        setup,
        Seat(dealer as u8),
        scores,
        &hands,
        card(turned),
        None,
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

/// Deals given hands (one card list per seat, one set).
pub fn deal_hands(
    setup: Setup,
    dealer: usize,
    scores: &[i32],
    hands: &[&str],
    turned: &str,
) -> CatchTheTen {
    let mut h: HandsBySet = [[CardSet::EMPTY; MAX_SETS]; MAX_SEATS];
    for (seat, s) in hands.iter().enumerate() {
        h[seat][0] = cards(s);
    }
    CatchTheTen::from_hands(setup, Seat(dealer as u8), scores, &h, card(turned), None)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Four players, seat 3 deals and turns KH (hearts are trumps); seats 0, 1 and 2 hold one heart
/// each (7H, 8H, 9H) and seat 3 every other heart, the Ten among them: hearts led round, seat 3
/// plays last to a trick its Ten wins.
pub fn ten_last_to_play() -> CatchTheTen {
    let hands = [
        "7H 6S 7S 8S 9S TS JS QS KS",
        "8H 6C 7C 8C 9C TC JC QC AS",
        "9H 6H KC AC 6D 7D 8D 9D TD",
        "TH KH AH JH QH JD QD KD AD",
    ];
    deal_hands(setup(4, Options::default()), 3, &[0, 0], &hands, "KH")
}

/// Plays one trick: `trick` lists each seat's card in seat order; play starts with whoever is
/// to lead. Panics if a card is refused.
pub fn play_trick(state: &mut CatchTheTen, trick: &str) {
    let cs: Vec<Card> = trick.split_whitespace().map(card).collect();
    let n = state.num_seats();
    let leader = state.to_act().expect("someone to lead");
    for i in 0..n {
        let seat = leader.plus(i, n);
        let c = cs[seat.index()];
        state
            .try_apply(Action::Play(c))
            .unwrap_or_else(|e| panic!("trick `{trick}`, seat {seat}: {e}"));
    }
}

/// Plays the hand out with uniformly random legal cards; returns the cards in play order.
pub fn play_out_randomly(state: &mut CatchTheTen, seed: u64) -> Vec<Card> {
    let mut rng = stream(seed, 0, Purpose::Other, 0);
    let mut played = Vec::new();
    while state.to_act().is_some() {
        let a = state.legal_actions().choose(&mut rng);
        played.push(a.card().expect("a card play"));
        state.apply(a);
    }
    played
}

/// `count` four-player positions from seed `seed`: deal `i` played on by `moves(i)` uniformly
/// random legal actions, keeping those where a seat is still to act.
pub fn random_positions(
    count: usize,
    seed: u64,
    moves: impl Fn(usize) -> usize,
) -> Vec<CatchTheTen> {
    let t = setup(4, Options::default());
    let mut rng = stream(seed, 0, Purpose::Other, 0);
    (0..count)
        .map(|i| {
            let mut s = CatchTheTen::deal(t, Seat(3), &[0, 0], &mut rng);
            for _ in 0..moves(i) {
                let a = s.legal_actions().choose(&mut rng);
                s.apply(a);
            }
            s
        })
        .filter(|s| s.to_act().is_some())
        .collect()
}

/// Plays `cards` in order.
pub fn play_cards(state: &mut CatchTheTen, cards: &[Card]) {
    for &c in cards {
        state
            .try_apply(Action::Play(c))
            .unwrap_or_else(|e| panic!("{c}: {e}"));
    }
}

/// A fresh one-set deal's hands, to rebuild it with other scores.
pub fn hands_of(initial: &CatchTheTen) -> HandsBySet {
    let mut h: HandsBySet = [[CardSet::EMPTY; MAX_SETS]; MAX_SEATS];
    for seat in Seat::all(initial.num_seats()) {
        h[seat.index()][0] = initial.hand(seat);
    }
    h
}

/// Deals and plays random hands (game `i` of `seed`) until one satisfies `found`, trying at most
/// `tries`. Returns the initial and the finished state and the cards in play order.
pub fn find_hand(
    setup: Setup,
    dealer: usize,
    scores: &[i32],
    seed: u64,
    tries: u64,
    mut found: impl FnMut(&CatchTheTen) -> bool,
) -> (CatchTheTen, CatchTheTen, Vec<Card>) {
    for i in 0..tries {
        let mut rng = stream(seed, i, Purpose::Deal, 0);
        let initial = CatchTheTen::deal(setup, Seat(dealer as u8), scores, &mut rng);
        let mut s = initial;
        let played = play_out_randomly(&mut s, seed ^ i);
        if found(&s) {
            return (initial, s, played);
        }
    }
    panic!("no hand in {tries} tries satisfied the scenario");
}
