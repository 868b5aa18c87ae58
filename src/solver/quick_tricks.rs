//! Quick tricks: the tricks the side on lead can take at once by cashing winners, found by
//! playing out one line for it that works whatever the opponents do.
//!
//! The hand on lead cashes a winner (a card above every card the opponents hold in the suit)
//! in a suit no opponent can ruff: each opponent either still holds the suit or holds no
//! trumps. Trumps are drawn first while an opponent still holds one. When the hand on lead has
//! no such winner it may cross to a partner's winner by leading a low card of that suit. The
//! partners follow with their lowest card, or throw a card that is not a winner (ruffing only
//! when they hold nothing but trumps); whoever of the side wins the trick leads the next.
//!
//! The opponents' choices cannot spoil the line: their cards are never assumed gone (a winner
//! must beat every card they held), and their lengths only shrink in suits they must follow.
//! An opponent who is out of a suit the line cashes holds no trumps, so its discards never
//! matter. The count is therefore a lower bound on the side's tricks, and the cards it relied
//! on are the winners it played, and the winning card of each trick in which another card of
//! its suit fell (which partner wins decides who leads next). Every position with the same
//! suit lengths and the same owners of those cards and the cards above them allows the same
//! line, played by the same choices (the top card of a suit, the lowest card of a suit): the
//! lengths decide everything else, such as which partner wins a trick in which no other card
//! of the winning card's suit fell.

use crate::games::MAX_SEATS;

use super::encoding::{CardBits, NO_TRUMP, SolverCard, bits};
use super::position::Position;
use super::sure::Sure;

/// The line's view of the table: our side's hands as they shrink, and what the opponents
/// may still hold.
struct Line {
    trump: u8,
    /// Our side's seats, as a mask.
    ours: u8,
    hands: [CardBits; MAX_SEATS],
    /// Every card the opponents held in each suit (never reduced).
    opp_cards: [u64; 4],
    /// Each opponent's length in each suit (reduced when it must follow).
    opp_len: [[u8; 4]; MAX_SEATS],
    /// Per suit, the opponents that may still hold it (their length is not yet 0), as a
    /// mask of seats.
    holding: [u8; 4],
}

impl Line {
    /// Whether `card` (a lane bit of suit `s`) is above every card the opponents held in `s`.
    #[inline]
    fn beats_opponents(&self, s: u8, bit: u32) -> bool {
        self.opp_cards[s as usize] >> bit <= 1
    }

    /// The highest card of `h` in suit `s` if it is a winner, as a lane bit.
    #[inline]
    fn winner(&self, h: usize, s: u8) -> Option<u32> {
        let l = self.hands[h].lane(s);
        if l == 0 {
            return None;
        }
        let top = 63 - l.leading_zeros();
        self.beats_opponents(s, top).then_some(top)
    }

    /// Whether no opponent can ruff a lead of suit `s`.
    #[inline]
    fn safe(&self, s: u8) -> bool {
        if self.trump == NO_TRUMP || s == self.trump {
            return true;
        }
        // No opponent out of the suit still holds a trump.
        self.holding[self.trump as usize] & !self.holding[s as usize] == 0
    }

    /// Whether an opponent still holds a trump.
    #[inline]
    fn opponents_hold_trumps(&self) -> bool {
        self.trump != NO_TRUMP && self.holding[self.trump as usize] != 0
    }

    /// The card partner `m` throws when it cannot follow: its lowest card outside trumps in a
    /// suit where it holds no winner, else its lowest card outside trumps, else its lowest
    /// trump.
    fn discard(&self, m: usize) -> SolverCard {
        let h = self.hands[m];
        let mut best: Option<SolverCard> = None;
        let mut fallback: Option<SolverCard> = None;
        for s in 0..4u8 {
            let l = h.of_suit(s);
            if l.is_empty() || s == self.trump {
                continue;
            }
            let low = l.lowest();
            if self.winner(m, s).is_none() && best.is_none_or(|b| low.power() < b.power()) {
                best = Some(low);
            }
            if fallback.is_none_or(|b| low.power() < b.power()) {
                fallback = Some(low);
            }
        }
        best.or(fallback)
            .unwrap_or_else(|| h.of_suit(self.trump).lowest())
    }

    /// Chooses the next lead for `h`: a card and, when crossing to a partner, that partner and
    /// its winner.
    fn choose(&self, h: usize) -> Option<(SolverCard, Option<(usize, SolverCard)>)> {
        let card = |s: u8, bit: u32| SolverCard::new(s, bit as u8);
        if self.trump != NO_TRUMP
            && self.opponents_hold_trumps()
            && let Some(bit) = self.winner(h, self.trump)
        {
            return Some((card(self.trump, bit), None));
        }
        for s in 0..4u8 {
            if let Some(bit) = self.winner(h, s)
                && self.safe(s)
            {
                return Some((card(s, bit), None));
            }
        }
        for m in bits(self.ours as u64 & !(1 << h)) {
            let m = m as usize;
            for s in 0..4u8 {
                let mine = self.hands[h].of_suit(s);
                if mine.is_empty() || !self.safe(s) {
                    continue;
                }
                if let Some(bit) = self.winner(m, s) {
                    let low = mine.lowest();
                    return Some((low, Some((m, card(s, bit)))));
                }
            }
        }
        None
    }
}

/// The seats of the leader's coalition and of the other, as masks.
#[inline]
fn coalitions(p: &Position) -> (u8, u8) {
    let others = ((1u16 << p.seat_count()) - 1) as u8 & !p.side_seats();
    if p.is_max(p.leader_seat()) {
        (p.side_seats(), others)
    } else {
        (others, p.side_seats())
    }
}

/// An upper bound on the tricks [`quick_tricks`] counts, cheap to work out: each trick of its
/// line is won in the suit led by a card above every card the opponents hold in it, and in a
/// suit the opponents do not hold, every trick takes a card from each of the side's hands
/// that hold it. (Always inlined: the compiler left it a call of its own, from the one place
/// that asks it at every position the table does not answer.)
#[inline(always)]
pub(super) fn quick_tricks_at_most(p: &Position) -> i32 {
    debug_assert_eq!(p.trick_len(), 0);
    let (our_seats, _) = coalitions(p);
    let mut ours = CardBits::EMPTY;
    for seat in bits(our_seats as u64) {
        ours |= p.hand_bits(seat as usize);
    }
    // At the start of a trick every live card is in a hand.
    let theirs = p.live_bits() & !ours;
    let mut tricks = 0;
    for s in 0..4u8 {
        let (mine, opp) = (ours.lane(s), theirs.lane(s));
        if mine == 0 {
            continue;
        }
        tricks += if opp != 0 {
            (mine >> (64 - opp.leading_zeros())).count_ones() as i32
        } else {
            bits(our_seats as u64)
                .map(|seat| p.hand_bits(seat as usize).lane(s).count_ones() as i32)
                .max()
                .unwrap_or(0)
        };
    }
    tricks
}

/// The tricks the leader's side can cash at once, the points of its own cards in them, and
/// the cards the count relies on. The line stops as soon as `enough` holds for its count.
pub(super) fn quick_tricks(p: &Position, enough: impl Fn(&Sure) -> bool) -> Sure {
    debug_assert_eq!(p.trick_len(), 0);
    let (ours, theirs) = coalitions(p);
    let mut line = Line {
        trump: p.trump_lane(),
        ours,
        hands: p.hands_bits(),
        opp_cards: [0; 4],
        opp_len: [[0; 4]; MAX_SEATS],
        holding: [0; 4],
    };
    for seat in bits(theirs as u64) {
        for s in 0..4u8 {
            let l = p.hand_bits(seat as usize).lane(s);
            line.opp_cards[s as usize] |= l;
            line.opp_len[seat as usize][s as usize] = l.count_ones() as u8;
            line.holding[s as usize] |= ((l != 0) as u8) << seat;
        }
    }
    let mut sure = Sure::default();
    let mut h = p.leader_seat() as usize;
    while sure.tricks < p.tricks_left() as i32 && !enough(&sure) {
        let Some((led, cross)) = line.choose(h) else {
            break;
        };
        let s = led.suit();
        // The winner must keep its place above the opponents' cards of the suit (when they
        // hold none, the lengths say so).
        if line.opp_cards[s as usize] != 0 {
            sure.ranks |= cross.map_or(led, |(_, y)| y).bit();
        }
        // Play the trick: the leader, then the others. The order does not matter: the
        // highest card wins whoever plays it, and each seat's card depends on its own hand.
        let mut best = led;
        let mut winner = h;
        let mut points = p.value_of(led) as i32;
        let mut played = led.bit();
        line.hands[h] = line.hands[h].without(led);
        for seat in bits(theirs as u64) {
            let seat = seat as usize;
            let len = &mut line.opp_len[seat][s as usize];
            *len = len.saturating_sub(1);
            if *len == 0 {
                line.holding[s as usize] &= !(1 << seat);
            }
        }
        for seat in bits(ours as u64 & !(1 << h)) {
            let seat = seat as usize;
            let c = match cross {
                Some((m, y)) if m == seat => y,
                _ => {
                    let follow = line.hands[seat].of_suit(s);
                    if !follow.is_empty() {
                        follow.lowest()
                    } else {
                        line.discard(seat)
                    }
                }
            };
            line.hands[seat] = line.hands[seat].without(c);
            played |= c.bit();
            points += p.value_of(c) as i32;
            if p.beats(c, best) {
                best = c;
                winner = seat;
            }
        }
        // Which of the side wins decides who leads next. When another card of the winning
        // card's suit fell (a partner followed, or overruffed), that is a matter of rank,
        // which the winners above need not fix when no opponent held the suit. When none did
        // (the partners threw other suits, or one ruffed alone), the lengths decide it.
        if !played.without(best).of_suit(best.suit()).is_empty() {
            sure.ranks |= best.bit();
        }
        sure.tricks += 1;
        sure.points += points;
        h = winner;
    }
    sure
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::cards::{Card, CardSet, Deck, Suit};
    use crate::solver::Solver;

    fn pos(hands: [&str; 4], trump: Option<Suit>, leader: u8) -> Position {
        Position::partnership(hands, trump, leader)
    }

    #[test]
    fn cashes_top_cards_and_draws_trumps() {
        // North holds the top two spades (trumps) and the top three hearts; East and West
        // hold at most two trumps, so after two rounds the hearts are safe.
        let hands = [
            "AS KS AH KH QH",
            "QS JS 2H 3H 4H",
            "2S 3S 5H 6H 7H",
            "TS 9S 8H 9H TH",
        ];
        assert_eq!(
            quick_tricks(&pos(hands, Some(Suit::Spades), 0), |_| false).tricks,
            5
        );
        assert_eq!(quick_tricks(&pos(hands, None, 0), |_| false).tricks, 5);
    }

    #[test]
    fn side_winners_count_only_while_ruffers_follow() {
        // East keeps a trump and holds one heart: the second heart could be ruffed.
        let p = pos(
            ["AH KH QH 2C", "2S 3H 3C 4C", "4H 5H 5C 6C", "6H 7H 8H 7C"],
            Some(Suit::Spades),
            0,
        );
        assert_eq!(quick_tricks(&p, |_| false).tricks, 1);
    }

    #[test]
    fn only_tricks_won_against_a_card_of_the_same_suit_fix_the_winner() {
        // West leads: the 2D wins alone (nobody else holds a diamond) and the 5S wins over
        // East's 3S. Only the 5S's rank decides anything; where the 2D sits, the lengths say.
        let p = pos(["KC JC", "3S 3C", "AC QC", "5S 2D"], Some(Suit::Spades), 3);
        let sure = quick_tricks(&p, |_| false);
        assert_eq!(sure.tricks, 2);
        let five = p.encoding().card("5S".parse().unwrap());
        assert_eq!(sure.ranks, five.bit());
    }

    #[test]
    fn the_cheap_upper_bound_is_never_below_the_line() {
        let deals = [
            (
                [
                    "AS KS AH KH QH",
                    "QS JS 2H 3H 4H",
                    "2S 3S 5H 6H 7H",
                    "TS 9S 8H 9H TH",
                ],
                0,
            ),
            (
                ["AH KH QH 2C", "2S 3H 3C 4C", "4H 5H 5C 6C", "6H 7H 8H 7C"],
                0,
            ),
            (
                ["2C 3D 4D 5D", "KD QD JD TD", "AC KC QC JC", "9D 8D 7D 6D"],
                0,
            ),
            (["KC JC", "3S 3C", "AC QC", "5S 2D"], 3),
        ];
        for (hands, leader) in deals {
            for trump in [Some(Suit::Spades), None] {
                let p = pos(hands, trump, leader);
                let line = quick_tricks(&p, |_| false).tricks;
                assert!(quick_tricks_at_most(&p) >= line, "{hands:?}");
            }
        }
        // North's five top cards, and nothing else for East–West to beat.
        let p = pos(
            [
                "AS KS AH KH QH",
                "QS JS 2H 3H 4H",
                "2S 3S 5H 6H 7H",
                "TS 9S 8H 9H TH",
            ],
            Some(Suit::Spades),
            0,
        );
        assert_eq!(quick_tricks_at_most(&p), 5);
    }

    /// A position of `seats` hands of `size` cards from the shuffled pack `order`, after
    /// `tricks` complete tricks in which each card is picked by `picks` among the legal ones.
    fn random_position(
        order: &[Card],
        (seats, size, tricks): (usize, usize, usize),
        trump: Option<Suit>,
        leader: usize,
        picks: &[usize],
    ) -> Position {
        let hands: Vec<CardSet> = (0..seats)
            .map(|s| order[s * size..(s + 1) * size].iter().copied().collect())
            .collect();
        let mut p = Position::dealt(&hands, trump, leader as u8);
        for &k in picks.iter().cycle().take(tricks * seats) {
            let legal: Vec<Card> = p.legal().iter().collect();
            p.play(legal[k % legal.len()]).unwrap();
        }
        p
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1024))]

        /// On random deals, part-played, with and without trumps, at tables of three and
        /// four: the cheap bound is never below the line, and the line is never more than
        /// the leader's side makes with best play (solved exactly where few tricks are left).
        #[test]
        fn the_line_is_sound_and_the_cheap_bound_above_it(
            order in Just(Deck::Full52.cards().iter().collect::<Vec<Card>>()).prop_shuffle(),
            seats in 3usize..=4,
            size in 1usize..=13,
            played in 0usize..13,
            trump in 0usize..5,
            leader in 0usize..4,
            picks in proptest::collection::vec(0usize..16, 1..8),
        ) {
            let trump = (trump < 4).then(|| Suit::from_index(trump));
            let tricks = played % size;
            let p = random_position(&order, (seats, size, tricks), trump, leader % seats, &picks);
            let line = quick_tricks(&p, |_| false).tricks;
            prop_assert!(quick_tricks_at_most(&p) >= line);
            if p.tricks_left() <= 5 {
                let future = Solver::with_table_bits(12).value(&p) - p.base();
                if p.is_max(p.leader_seat()) {
                    prop_assert!(future >= line, "the side on lead makes {future} < {line}");
                } else {
                    let left = p.tricks_left() as i32;
                    prop_assert!(future <= left - line, "{future} > {left} - {line}");
                }
            }
        }
    }

    #[test]
    fn crosses_to_partner_and_runs_a_long_suit() {
        // Without trumps North leads a club to South's ace and South runs the clubs.
        let p = pos(
            ["2C 3D 4D 5D", "KD QD JD TD", "AC KC QC JC", "9D 8D 7D 6D"],
            None,
            0,
        );
        assert_eq!(quick_tricks(&p, |_| false).tricks, 4);
    }
}
