//! A perfect-information position: every hand open, the trick in progress, trumps, the side
//! solved for and what it has banked so far.
//!
//! The position is `Copy` and small, and the search copies it for each card it tries
//! (copy-make), so there is nothing to undo. Cards are held in the solver's encoding (see
//! [`encoding`](super::encoding)); the public methods speak real cards.

use thiserror::Error;

use crate::cards::{Card, CardSet, Suit};
use crate::games::{MAX_SEATS, Seat, Side, Sides, TrumpOrder};

mod key;

pub(super) use key::{Pattern, Shape};

use super::encoding::{CardBits, Encoding, NO_TRUMP, SolverCard, bits};
use super::scoring::Scoring;

/// Why a position could not be built or a card not played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The number of hands does not fit the sides.
    #[error("{hands} hands given for a table of {seats} seats")]
    Seats {
        /// Hands given.
        hands: usize,
        /// Seats in the sides.
        seats: usize,
    },
    /// Fewer than two or more than eight seats.
    #[error("a position needs 2 to {MAX_SEATS} seats, not {0}")]
    TableSize(usize),
    /// The hands do not hold the same number of cards at the start of a trick.
    #[error(
        "every hand must hold the same number of cards at the start of a trick: seat {seat} holds {held}, seat 0 holds {expected}"
    )]
    HandSizes {
        /// The seat whose hand differs.
        seat: usize,
        /// Cards it holds.
        held: usize,
        /// Cards seat 0 holds.
        expected: usize,
    },
    /// No cards to play.
    #[error("the hands are empty: there is nothing to solve")]
    Empty,
    /// A card in two hands.
    #[error("card(s) {0} are in more than one hand")]
    Duplicate(CardSet),
    /// A seat or side outside the table.
    #[error("{0}")]
    OutOfRange(String),
    /// More than nine cards of one suit at a table of more than four (the key packs three bits
    /// per card there).
    #[error("at a table of more than four seats a suit may hold at most 9 cards; {0} holds {1}")]
    SuitTooLong(Suit, usize),
    /// Catch the Ten scoring without trumps.
    #[error("honours scoring needs a trump suit")]
    HonoursWithoutTrump,
    /// A card that cannot be played now.
    #[error("{card} cannot be played by seat {seat}: {why}")]
    Illegal {
        /// The card.
        card: Card,
        /// The seat to play.
        seat: Seat,
        /// Why not.
        why: &'static str,
    },
    /// The hand is over.
    #[error("every card has been played")]
    Over,
}

/// A perfect-information position of a trick-taking hand.
///
/// Build one with [`Position::new`] (hands, trumps, leader, sides, scoring) or from a game
/// state (see [`Solvable`](super::Solvable)); play cards with [`Position::play`]. The value the
/// solver computes is the final value for one side, [`Position::side`]: its tricks, or its
/// Catch the Ten points, at the end of the hand, including what it has already banked.
///
/// ```
/// use tricklab::cards::{CardSet, Suit};
/// use tricklab::games::{Seat, Side, Sides, TrumpOrder};
/// use tricklab::solver::{Position, Scoring, Solver};
///
/// let hands: Vec<CardSet> = ["AS KS", "QS 2H", "JS 3H", "AH 4H"]
///     .iter()
///     .map(|h| h.parse().unwrap())
///     .collect();
/// let pos = Position::new(&hands, Some(Suit::Spades), TrumpOrder::ACES_HIGH, Seat(0),
///     Sides::every(4, 2), Side(0), Scoring::Tricks).unwrap();
/// assert_eq!(Solver::new().value(&pos), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// Each seat's cards (solver cards, see [`encoding`](super::encoding)).
    hands: [CardBits; MAX_SEATS],
    /// The cards not yet gone: in a hand or in the trick in progress.
    live: CardBits,
    /// The transposition key's layout: per suit, the owner code of each live card, lowest first
    /// (`code_bits` per card; see [`key`]). Valid at the start of a trick.
    owner_codes: [u32; 4],
    /// Points of each bit of the trump lane, four bits each (honours score at most 11), so
    /// that a position stays within 128 bytes and copies without a call to `memcpy`.
    trump_points: u64,
    /// The cards of the trick in progress, in the order played (the first `trick_len`).
    trick: [SolverCard; MAX_SEATS],
    /// How real cards map to solver cards here.
    encoding: Encoding,
    /// Seats at the table.
    seats: u8,
    /// The seats of the side solved for, as a bit mask.
    side_seats: u8,
    /// The side solved for.
    side: u8,
    /// Bits per owner code in `owner_codes`: 2 up to four seats, 3 beyond.
    code_bits: u8,
    /// What a trick is worth to the side that wins it (1 in every game so far).
    trick_points: u8,
    /// Cards won beyond this score a point each (255: never).
    share: u8,
    /// The trump-lane bits that score points.
    scoring_trumps: u16,
    /// Cards in the trick in progress.
    trick_len: u8,
    /// The seat that led the trick in progress (or leads the next).
    leader: u8,
    /// The seat to play.
    to_move: u8,
    /// The seat whose card wins the trick in progress so far.
    win_seat: u8,
    /// The card that wins the trick in progress so far.
    win_card: SolverCard,
    /// Tricks not yet complete (the one in progress included).
    tricks_left: u8,
    /// Cards the side has won (for Catch the Ten's points beyond the share).
    cards_won: u8,
    /// Points the side has banked that add up trick by trick (tricks, or honours).
    points_banked: i16,
    /// The card that won the last complete trick against another card of its suit, or
    /// [`SolverCard::NONE`] if it won alone in its suit (see [`Position::won_by_rank`]).
    won_card: SolverCard,
}

impl Position {
    /// A position at the start of a trick: `hands[s]` is seat `s`'s hand, `leader` is to lead,
    /// and the value is computed for `side` of `sides` (paranoid when there are more than two
    /// sides: every other seat plays against it). Nothing is banked yet (see
    /// [`Position::bank`]).
    ///
    /// # Errors
    /// Hands that do not fit the table, are of unequal sizes, overlap or are empty; a seat or
    /// side outside the table; honours scoring without trumps.
    pub fn new(
        hands: &[CardSet],
        trump: Option<Suit>,
        order: TrumpOrder,
        leader: Seat,
        sides: Sides,
        side: Side,
        scoring: Scoring,
    ) -> Result<Position, PositionError> {
        let n = hands.len();
        if !(2..=MAX_SEATS).contains(&n) {
            return Err(PositionError::TableSize(n));
        }
        if sides.num_seats() != n {
            return Err(PositionError::Seats {
                hands: n,
                seats: sides.num_seats(),
            });
        }
        if leader.index() >= n {
            return Err(PositionError::OutOfRange(format!(
                "leader {leader} is not a seat of a {n}-seat table"
            )));
        }
        if side.index() >= sides.num_sides() {
            return Err(PositionError::OutOfRange(format!(
                "side {side} is not one of the {} sides",
                sides.num_sides()
            )));
        }
        let size = hands[0].len();
        if let Some((seat, h)) = hands.iter().enumerate().find(|(_, h)| h.len() != size) {
            return Err(PositionError::HandSizes {
                seat,
                held: h.len(),
                expected: size,
            });
        }
        if size == 0 {
            return Err(PositionError::Empty);
        }
        let mut all = CardSet::EMPTY;
        for &h in hands {
            if !all.is_disjoint(h) {
                return Err(PositionError::Duplicate(all & h));
            }
            all |= h;
        }
        if n > 4
            && let Some(s) = Suit::ALL.into_iter().find(|&s| all.suit(s).len() > 9)
        {
            return Err(PositionError::SuitTooLong(s, all.suit(s).len()));
        }
        if matches!(scoring, Scoring::Honours { .. }) && trump.is_none() {
            return Err(PositionError::HonoursWithoutTrump);
        }
        let enc = Encoding::new(trump, order);
        let mut p = Position {
            hands: [CardBits::EMPTY; MAX_SEATS],
            live: CardBits::EMPTY,
            owner_codes: [0; 4],
            trump_points: 0,
            trick: [SolverCard::NONE; MAX_SEATS],
            encoding: enc,
            seats: n as u8,
            side_seats: sides.members_mask(side),
            side: side.0,
            code_bits: if n <= 4 { 2 } else { 3 },
            trick_points: scoring.per_trick(),
            share: scoring.share().unwrap_or(u8::MAX),
            scoring_trumps: 0,
            trick_len: 0,
            leader: leader.0,
            to_move: leader.0,
            win_seat: leader.0,
            win_card: SolverCard::new(0, 0),
            tricks_left: size as u8,
            cards_won: 0,
            points_banked: 0,
            won_card: SolverCard::NONE,
        };
        if let Some(t) = trump {
            for &r in scoring.valued_ranks() {
                let c = Card::new(t, r);
                let bit = enc.card(c).power();
                let v = scoring.card_value(c, trump);
                debug_assert!(v < 16, "a card value fits in four bits");
                p.trump_points |= (v as u64) << (4 * bit);
                p.scoring_trumps |= 1 << bit;
            }
        }
        for (s, &h) in hands.iter().enumerate() {
            p.hands[s] = enc.set(h);
            p.live |= p.hands[s];
        }
        p.build_owner_codes();
        Ok(p)
    }

    /// Adds to what the side has already won in this hand: `points` (tricks, or Catch the Ten
    /// honours) and `cards_won` (the cards in those tricks, which Catch the Ten scores beyond
    /// the share).
    pub fn bank(&mut self, points: i32, cards_won: u32) {
        self.points_banked += points as i16;
        self.cards_won = self.cards_won.saturating_add(cards_won as u8);
    }

    /// Plays `card` for the seat to act.
    ///
    /// # Errors
    /// The hand is over, the seat does not hold the card, or it must follow suit.
    pub fn play(&mut self, card: Card) -> Result<(), PositionError> {
        if self.tricks_left == 0 {
            return Err(PositionError::Over);
        }
        let c = self.encoding.card(card);
        let seat = Seat(self.to_move);
        if !self.hands[seat.index()].contains(c) {
            return Err(PositionError::Illegal {
                card,
                seat,
                why: "the seat does not hold it",
            });
        }
        if !self.legal_bits().contains(c) {
            return Err(PositionError::Illegal {
                card,
                seat,
                why: "the seat must follow suit",
            });
        }
        self.play_bit(c);
        Ok(())
    }

    /// The seat to play.
    pub const fn to_act(&self) -> Seat {
        Seat(self.to_move)
    }

    /// The seat that led (or leads) the trick in progress.
    pub const fn leader(&self) -> Seat {
        Seat(self.leader)
    }

    /// The side solved for.
    pub const fn side(&self) -> Side {
        Side(self.side)
    }

    /// Whether `seat` is on the side solved for.
    pub const fn on_side(&self, seat: Seat) -> bool {
        self.side_seats >> seat.0 & 1 != 0
    }

    /// The number of seats.
    pub const fn seats(&self) -> usize {
        self.seats as usize
    }

    /// The trump suit.
    pub fn trump(&self) -> Option<Suit> {
        (self.encoding.trump != NO_TRUMP).then(|| Suit::from_index(self.encoding.trump as usize))
    }

    /// Tricks still to be completed (the one in progress included).
    pub const fn tricks_left(&self) -> usize {
        self.tricks_left as usize
    }

    /// Whether every card has been played.
    pub const fn is_over(&self) -> bool {
        self.tricks_left == 0
    }

    /// The cards `seat` holds.
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.encoding.real_set(self.hands[seat.index()])
    }

    /// The cards of the trick in progress, in the order played.
    pub fn trick_cards(&self) -> Vec<Card> {
        self.trick[..self.trick_len as usize]
            .iter()
            .map(|&c| self.encoding.real(c))
            .collect()
    }

    /// The cards the seat to act may play (none once the hand is over).
    pub fn legal(&self) -> CardSet {
        self.encoding.real_set(self.legal_bits())
    }

    /// What the side has banked so far: its tricks or honours, and (with Catch the Ten
    /// scoring) a point per card won beyond the share. This is the value once the hand is over.
    pub fn banked(&self) -> i32 {
        self.base()
    }

    /// The least and the most final value the side can still end with: what it has banked,
    /// and that plus everything left to win. Both follow from public information only.
    pub fn value_range(&self) -> (i32, i32) {
        (self.base(), self.base() + self.max_future())
    }

    // ---- The search's primitives (solver cards). ----

    /// Whether `seat` is on the side solved for.
    #[inline]
    pub(super) const fn is_max(&self, seat: u8) -> bool {
        self.side_seats >> seat & 1 != 0
    }

    /// The legal cards of the seat to play.
    #[inline]
    pub(super) fn legal_bits(&self) -> CardBits {
        let hand = self.hands[self.to_move as usize];
        if self.trick_len == 0 {
            return hand;
        }
        let same = hand.of_suit(self.trick[0].suit());
        if same.is_empty() { hand } else { same }
    }

    /// The suit led, once a card is down.
    #[inline]
    pub(super) fn led(&self) -> u8 {
        self.trick[0].suit()
    }

    /// Whether card `c` beats card `w` in a trick (with `w` already in it).
    #[inline]
    pub(super) fn beats(&self, c: SolverCard, w: SolverCard) -> bool {
        let (cs, ws) = (c.suit(), w.suit());
        (cs == ws && c > w) || (cs == self.encoding.trump && ws != self.encoding.trump)
    }

    /// [`Position::beats`] with both halves worked out, for callers that must not branch.
    #[inline]
    fn beats_eagerly(&self, c: SolverCard, w: SolverCard) -> bool {
        let (cs, ws) = (c.suit(), w.suit());
        ((cs == ws) & (c > w)) | ((cs == self.encoding.trump) & (ws != self.encoding.trump))
    }

    /// The seat after `s`.
    #[inline]
    pub(super) fn next_seat(&self, s: u8) -> u8 {
        if s + 1 == self.seats { 0 } else { s + 1 }
    }

    /// Whether the side counts tricks only (Whist, 9-5-2): no card scores, and no share of
    /// cards applies. The search is compiled for that case on its own (`POINTS = false` in
    /// the methods below), without Catch the Ten's arithmetic; `POINTS = true` serves every
    /// scoring.
    #[inline]
    pub(super) const fn tricks_only(&self) -> bool {
        self.scoring_trumps == 0 && self.share == u8::MAX && self.trick_points == 1
    }

    /// Plays solver card `c` for the seat to move (which must hold it legally).
    #[inline(always)]
    pub(super) fn play_bit(&mut self, c: SolverCard) {
        self.play_bit_for::<true>(c);
    }

    /// [`Position::play_bit`], for a position that counts tricks only unless `POINTS`.
    #[inline(always)]
    pub(super) fn play_bit_for<const POINTS: bool>(&mut self, c: SolverCard) {
        let seat = self.to_move;
        debug_assert!(self.hands[seat as usize].contains(c));
        self.hands[seat as usize] = self.hands[seat as usize].without(c);
        self.trick[self.trick_len as usize] = c;
        // Without branches: whether the card takes the lead in the trick is as good as random
        // to a branch predictor.
        let takes = (self.trick_len == 0) | self.beats_eagerly(c, self.win_card);
        let m = (takes as u8).wrapping_neg();
        self.win_seat = (seat & m) | (self.win_seat & !m);
        self.win_card = SolverCard::pick(takes, c, self.win_card);
        self.trick_len += 1;
        self.to_move = self.next_seat(seat);
        if self.trick_len == self.seats {
            self.finish_trick::<POINTS>();
        }
    }

    /// Scores the complete trick, removes its cards and gives the lead to its winner.
    #[inline]
    fn finish_trick<const POINTS: bool>(&mut self) {
        let n = self.seats as usize;
        let win_suit = self.win_card.suit();
        let same_suit = self.trick[..n]
            .iter()
            .filter(|&&c| c.suit() == win_suit)
            .count();
        self.won_card = if same_suit >= 2 {
            self.win_card
        } else {
            SolverCard::NONE
        };
        if self.is_max(self.win_seat) {
            self.points_banked +=
                self.trick_points as i16 + self.trick_value_for::<POINTS>() as i16;
            self.cards_won += self.seats;
        }
        for i in 0..n {
            let c = self.trick[i];
            self.remove_code(c);
            self.live = self.live.without(c);
        }
        self.trick_len = 0;
        self.leader = self.win_seat;
        self.to_move = self.win_seat;
        self.tricks_left -= 1;
    }

    /// Cards left to play at the start of a trick.
    #[inline]
    pub(super) fn cards_left(&self) -> i32 {
        self.tricks_left as i32 * self.seats as i32
    }

    /// The value banked so far, including card points already earned.
    #[inline]
    pub(super) fn base(&self) -> i32 {
        self.base_for::<true>()
    }

    /// [`Position::base`], for a position that counts tricks only unless `POINTS`.
    #[inline(always)]
    pub(super) fn base_for<const POINTS: bool>(&self) -> i32 {
        if POINTS {
            self.points_banked as i32 + (self.cards_won as i32 - self.share as i32).max(0)
        } else {
            self.points_banked as i32
        }
    }

    /// How many more cards the side must win before card points start, clamped to
    /// `0..=cards_left + 1` so that positions that score cards alike share it.
    #[inline]
    pub(super) fn cards_before_points(&self) -> i32 {
        (self.share as i32 - self.cards_won as i32).clamp(0, self.cards_left() + 1)
    }

    /// The points of the cards in the trick in progress (nothing to add up when no card
    /// scores, as in Whist and 9-5-2, or unless `POINTS`).
    #[inline(always)]
    pub(super) fn trick_value_for<const POINTS: bool>(&self) -> i32 {
        if !POINTS || self.scoring_trumps == 0 {
            return 0;
        }
        self.trick[..self.trick_len as usize]
            .iter()
            .map(|&c| self.value_of(c) as i32)
            .sum()
    }

    /// Points still in the live cards (the valued trumps not yet gone).
    #[inline]
    pub(super) fn live_value(&self) -> i32 {
        self.live_value_for::<true>()
    }

    /// [`Position::live_value`], for a position that counts tricks only unless `POINTS`.
    #[inline(always)]
    pub(super) fn live_value_for<const POINTS: bool>(&self) -> i32 {
        if !POINTS || self.scoring_trumps == 0 {
            return 0;
        }
        let t = self.live.lane(self.encoding.trump) as u16 & self.scoring_trumps;
        bits(t as u64).map(|b| self.trump_points_of(b) as i32).sum()
    }

    /// The most the side can still add from the start of a trick.
    #[inline]
    pub(super) fn max_future(&self) -> i32 {
        self.max_future_for::<true>()
    }

    /// [`Position::max_future`], for a position that counts tricks only unless `POINTS`.
    #[inline(always)]
    pub(super) fn max_future_for<const POINTS: bool>(&self) -> i32 {
        if POINTS {
            self.trick_points as i32 * self.tricks_left as i32
                + self.live_value()
                + (self.cards_left() - self.cards_before_points()).max(0)
        } else {
            self.tricks_left as i32
        }
    }

    /// The value the side adds from now on if it wins `tricks` tricks holding `points` in
    /// valued cards (for a position that counts tricks only unless `POINTS`): for bounds.
    #[inline(always)]
    pub(super) fn future_of_for<const POINTS: bool>(&self, tricks: i32, points: i32) -> i32 {
        if POINTS {
            self.trick_points as i32 * tricks
                + points
                + (tricks * self.seats as i32 - self.cards_before_points()).max(0)
        } else {
            tricks
        }
    }

    /// The trump lane index (or [`NO_TRUMP`]).
    #[inline]
    pub(super) const fn trump_lane(&self) -> u8 {
        self.encoding.trump
    }

    /// The encoding of this position's cards.
    #[inline]
    pub(super) const fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// The card that won the last complete trick against another card of its suit, as a
    /// one-bit set (0 if it won alone in its suit): the trick's "win rank".
    #[inline]
    pub(super) fn won_by_rank(&self) -> CardBits {
        if self.won_card.is_none() {
            CardBits::EMPTY
        } else {
            self.won_card.bit()
        }
    }

    /// The points a solver card scores for the side that wins it.
    #[inline]
    pub(super) fn value_of(&self, c: SolverCard) -> u8 {
        // A mask rather than a branch: whether a card is a trump is hard to predict.
        self.trump_points_of(c.power()) & ((c.suit() == self.encoding.trump) as u8).wrapping_neg()
    }

    /// The points of bit `bit` of the trump lane.
    #[inline]
    pub(super) fn trump_points_of(&self, bit: u8) -> u8 {
        (self.trump_points >> (4 * bit as u32)) as u8 & 15
    }

    /// The live cards of suit `s` as a lane.
    #[inline]
    pub(super) fn live_lane(&self, s: u8) -> u64 {
        self.live.lane(s)
    }
    // ---- The search's view of the position (solver cards, seats as indices). ----

    /// The cards seat `seat` holds.
    #[inline(always)]
    pub(super) fn hand_bits(&self, seat: usize) -> CardBits {
        self.hands[seat]
    }

    /// Every seat's cards (seats beyond the table hold none).
    #[inline(always)]
    pub(super) const fn hands_bits(&self) -> [CardBits; MAX_SEATS] {
        self.hands
    }

    /// The cards not yet gone: in a hand or in the trick in progress.
    #[inline(always)]
    pub(super) const fn live_bits(&self) -> CardBits {
        self.live
    }

    /// Seats at the table.
    #[inline(always)]
    pub(super) const fn seat_count(&self) -> u8 {
        self.seats
    }

    /// The seats of the side solved for, as a bit mask.
    #[inline(always)]
    pub(super) const fn side_seats(&self) -> u8 {
        self.side_seats
    }

    /// The seat that led the trick in progress (or leads the next one).
    #[inline(always)]
    pub(super) const fn leader_seat(&self) -> u8 {
        self.leader
    }

    /// The seat to play.
    #[inline(always)]
    pub(super) const fn seat_to_play(&self) -> u8 {
        self.to_move
    }

    /// Cards in the trick in progress (0 at the start of a trick).
    #[inline(always)]
    pub(super) const fn trick_len(&self) -> u8 {
        self.trick_len
    }

    /// The cards of the trick in progress, in the order played.
    #[inline(always)]
    pub(super) fn trick_so_far(&self) -> &[SolverCard] {
        &self.trick[..self.trick_len as usize]
    }

    /// The seat whose card wins the trick in progress so far.
    #[inline(always)]
    pub(super) const fn winning_seat(&self) -> u8 {
        self.win_seat
    }

    /// The card that wins the trick in progress so far.
    #[inline(always)]
    pub(super) const fn winning_card(&self) -> SolverCard {
        self.win_card
    }

    /// What a trick is worth to the side that wins it.
    #[inline(always)]
    pub(super) const fn trick_points(&self) -> u8 {
        self.trick_points
    }

    /// Cards won beyond this score a point each (255: never).
    #[inline(always)]
    pub(super) const fn share(&self) -> u8 {
        self.share
    }

    /// The trump-lane bits that score points (none outside Catch the Ten).
    #[inline(always)]
    pub(super) const fn scoring_trumps(&self) -> u16 {
        self.scoring_trumps
    }
}

#[cfg(test)]
impl Position {
    /// A Whist-like test position: four seats in two partnerships, one hand per seat in card
    /// notation, aces high, North–South the side solved for, tricks counted.
    pub(super) fn partnership(hands: [&str; 4], trump: Option<Suit>, leader: u8) -> Position {
        let hands: Vec<CardSet> = hands.iter().map(|h| h.parse().unwrap()).collect();
        Position::dealt(&hands, trump, leader)
    }

    /// A test position of three or four hands (`hands`), aces high, tricks counted, seat 0's
    /// side solved for: at four seats two partnerships (seats 0 and 2 against 1 and 3), at
    /// three everyone alone (seat 0 against the other two, as in 9-5-2).
    pub(super) fn dealt(hands: &[CardSet], trump: Option<Suit>, leader: u8) -> Position {
        let sides = if hands.len() == 4 {
            Sides::every(4, 2)
        } else {
            Sides::alone(3)
        };
        Position::new(
            hands,
            trump,
            TrumpOrder::ACES_HIGH,
            Seat(leader),
            sides,
            Side(0),
            Scoring::Tricks,
        )
        .unwrap()
    }
}
