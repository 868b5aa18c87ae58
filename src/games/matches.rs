//! Match play: hands until the game's end rule fires, the deal passing to the left.
//!
//! The driver knows nothing of agents: it asks a closure for each decision and reports each
//! finished hand to another, so the runner, the tests and the CLI all play matches the same way.

use crate::rng::GameRng;

use super::deal_source::DealSource;
use super::{Action, Game, MAX_SEATS, Seat, Sides};

/// The score of a match between hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchState {
    /// The dealer of the next hand.
    pub dealer: Seat,
    /// Hands dealt so far (a voided deal counts).
    pub hands_dealt: u32,
    /// Scores per side (9-5-2: per seat, which is the side).
    pub scores: [i32; MAX_SEATS],
    /// Points each side made in the previous hand (9-5-2's exchange needs `tricks − target`).
    pub previous: Option<[i32; MAX_SEATS]>,
    /// When the match is over: the winning sides as a bit mask (two bits: a shared win).
    pub winners: Option<u8>,
    /// Whether the match was stopped by the hand limit before its end rule fired.
    pub abandoned: bool,
}

impl MatchState {
    /// A match about to start with `dealer` dealing first.
    pub const fn new(dealer: Seat) -> MatchState {
        MatchState {
            dealer,
            hands_dealt: 0,
            scores: [0; MAX_SEATS],
            previous: None,
            winners: None,
            abandoned: false,
        }
    }

    /// Whether the match has ended.
    pub const fn is_over(&self) -> bool {
        self.winners.is_some() || self.abandoned
    }
}

/// A game's match rules: how to deal the next hand and how a finished hand changes the match.
pub trait MatchRules: Clone + Send + Sync {
    /// The hand state.
    type Hand: Game;

    /// The sides of the table.
    fn sides(&self) -> Sides;

    /// Deals the next hand of `m`.
    fn deal(&self, m: &MatchState, rng: &mut GameRng) -> Self::Hand;

    /// Updates `m` after `hand` is over: scores, the next dealer, and the winners if the game
    /// ended.
    fn settle(&self, m: &mut MatchState, hand: &Self::Hand);
}

/// One finished hand, as the driver reports it.
pub struct PlayedHand<'a, G> {
    /// The state as dealt.
    pub initial: &'a G,
    /// Every decision in order.
    pub actions: &'a [(Seat, Action)],
    /// The state at the end of the hand.
    pub last: &'a G,
    /// The match before the hand.
    pub before: &'a MatchState,
    /// The match after the hand was settled.
    pub after: &'a MatchState,
}

/// Plays a match from `start` to its end (or `max_hands` hands, after which it is marked
/// abandoned: `on_hand` sees `after.abandoned` set with the last hand). `deals` deals each hand
/// (a generator, or a book's deal first: [`DealSource`]); `choose` makes every decision;
/// `on_hand` sees every finished hand.
pub fn play_match<R: MatchRules>(
    rules: &R,
    start: MatchState,
    deals: &mut impl DealSource<R>,
    max_hands: u32,
    mut choose: impl FnMut(&R::Hand, Seat) -> Action,
    on_hand: impl FnMut(&PlayedHand<'_, R::Hand>),
) -> MatchState {
    play_match_with(
        rules,
        start,
        deals,
        max_hands,
        |h, s| Turn::Act(choose(h, s)),
        on_hand,
    )
}

/// What happens when a seat is to act: its action, or a concession of the rest of the hand by
/// a seat's side (a forfeit; see [`Game::concede`]). The conceding seat need not be the seat
/// to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// The seat to act takes this action.
    Act(Action),
    /// This seat's side concedes the rest of the hand.
    Concede(Seat),
}

/// As [`play_match`], with `choose` free to end a hand by a concession
/// ([`Turn::Concede`]); the finished hand's `last` state then says who conceded
/// ([`Game::conceded`]), and `actions` holds the decisions before it.
pub fn play_match_with<R: MatchRules>(
    rules: &R,
    start: MatchState,
    deals: &mut impl DealSource<R>,
    max_hands: u32,
    choose: impl FnMut(&R::Hand, Seat) -> Turn,
    on_hand: impl FnMut(&PlayedHand<'_, R::Hand>),
) -> MatchState {
    let mut actions = Vec::with_capacity(64);
    play_match_in(
        rules,
        start,
        deals,
        max_hands,
        choose,
        on_hand,
        &mut actions,
    )
}

/// [`play_match`] keeping the hands' decisions in `actions` (cleared first), so that a caller
/// that plays match after match allocates nothing per match.
pub fn play_match_reusing<R: MatchRules>(
    rules: &R,
    start: MatchState,
    deals: &mut impl DealSource<R>,
    max_hands: u32,
    mut choose: impl FnMut(&R::Hand, Seat) -> Action,
    on_hand: impl FnMut(&PlayedHand<'_, R::Hand>),
    actions: &mut Vec<(Seat, Action)>,
) -> MatchState {
    play_match_in(
        rules,
        start,
        deals,
        max_hands,
        |h, s| Turn::Act(choose(h, s)),
        on_hand,
        actions,
    )
}

#[inline]
fn play_match_in<R: MatchRules>(
    rules: &R,
    start: MatchState,
    deals: &mut impl DealSource<R>,
    max_hands: u32,
    mut choose: impl FnMut(&R::Hand, Seat) -> Turn,
    mut on_hand: impl FnMut(&PlayedHand<'_, R::Hand>),
    actions: &mut Vec<(Seat, Action)>,
) -> MatchState {
    let mut m = start;
    while !m.is_over() {
        if m.hands_dealt >= max_hands {
            m.abandoned = true;
            break;
        }
        let initial = deals.next_hand(rules, &m);
        let mut hand = initial.clone();
        actions.clear();
        while let Some(seat) = hand.to_act() {
            match choose(&hand, seat) {
                Turn::Act(a) => {
                    actions.push((seat, a));
                    debug_assert!(hand.accepts(a), "{a} is not legal here");
                    hand.apply(a);
                }
                Turn::Concede(s) => hand.concede(s),
            }
        }
        let before = m;
        rules.settle(&mut m, &hand);
        // Cut at the limit: `on_hand` sees the match abandoned with its last hand, so that a
        // record can say so.
        if !m.is_over() && m.hands_dealt >= max_hands {
            m.abandoned = true;
        }
        on_hand(&PlayedHand {
            initial: &initial,
            actions,
            last: &hand,
            before: &before,
            after: &m,
        });
    }
    m
}

/// Plays `hand` to its end, asking `choose` for every decision.
///
/// # Panics
/// If `choose` returns an action the hand does not accept.
#[inline]
pub fn play_hand<G: Game>(hand: &mut G, mut choose: impl FnMut(&G, Seat) -> Action) {
    while let Some(seat) = hand.to_act() {
        let a = choose(hand, seat);
        debug_assert!(hand.accepts(a), "{a} is not legal here");
        hand.apply(a);
    }
}
