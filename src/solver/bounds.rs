//! Bounds without search. At the start of a trick: quick tricks (what the side on lead can
//! cash at once, see [`quick_tricks`](super::quick_tricks)) and later tricks (tricks that the
//! top trumps must win, see [`top_trumps`], and that a hand's trumps win because the other
//! coalition has too few higher trumps to beat them all, see [`trump_length`]). Inside a trick:
//! a trick one side is sure to win.
//!
//! Both are sound for every scoring: a trick a side is sure of brings it the trick point, the
//! cards in the trick (for Catch the Ten's card count) and at least the points of its own cards
//! named here. Each bound is the value of one strategy for one coalition, so it holds whatever
//! the other coalition does. Each also names the cards it relied on (its win ranks): a bound
//! holds in every position with the same suit lengths and the same owners of those cards and
//! the cards above them.

use super::encoding::{CardBits, NO_TRUMP, SolverCard};
use super::position::Position;
use super::quick_tricks::{quick_tricks, quick_tricks_at_most};
use super::sure::Sure;

/// The number of top cards of `live` (a lane) that `held` holds, in an unbroken run from the
/// top, and the run as a lane. When `held` is all of `live` the lengths alone say so, and the
/// run is reported with no card that matters (the third value is 0); otherwise the third
/// value is the run itself.
#[inline]
fn top_run(held: u64, live: u64) -> (u32, u64, u64) {
    let others = live & !held;
    if others == 0 {
        return (held.count_ones(), held, 0);
    }
    let top_other = 63 - others.leading_zeros();
    let run = held & !((2u64 << top_other) - 1);
    (run.count_ones(), run, run)
}

/// The points of the trump-lane bits in `run`.
#[inline]
fn points_of(p: &Position, run: u64) -> i32 {
    let mut x = run & p.scoring_trumps() as u64;
    let mut sum = 0;
    while x != 0 {
        sum += p.trump_points_of(x.trailing_zeros() as u8) as i32;
        x &= x - 1;
    }
    sum
}

/// The cards of suit lane `s` that the coalition of the side solved for (`max == true`) or of
/// its opponents holds, as a lane.
#[inline]
fn coalition_lane(p: &Position, max: bool, s: u8) -> u64 {
    let mut held = 0u64;
    for seat in 0..p.seat_count() {
        if p.is_max(seat) == max {
            held |= p.hand_bits(seat as usize).lane(s);
        }
    }
    held
}

/// Later tricks for the coalition of the side solved for (`max == true`) or of its opponents,
/// from the top trumps (at the start of a trick):
///
/// - the unbroken run of top trumps that coalition holds wins a trick for each card of it that
///   one hand holds (two cards of the run in different hands might fall in the same trick);
/// - the top two trumps in two of its hands, one of which holds another trump, win two tricks:
///   the coalition never has to spend both in one trick;
///
/// and, when the other coalition is on lead (so that this one leads only after it has won a
/// trick), one trick when it lacks the top trump but holds
///
/// - the second trump with another trump, in the hand that plays right after the top trump's
///   holder: it plays its second trump as soon as that holder has played another card, and a
///   low one under the top trump;
/// - the second and third trumps in one hand: the top trump can take only one of them.
pub(super) fn top_trumps(p: &Position, max: bool) -> Sure {
    let trump = p.trump_lane();
    if trump == NO_TRUMP {
        return Sure::default();
    }
    let held = coalition_lane(p, max, trump);
    let live = p.live_lane(trump);
    let (count, run, matters) = top_run(held, live);
    let mut best = Sure::default();
    for s in 0..p.seat_count() {
        if p.is_max(s) == max {
            let mine = p.hand_bits(s as usize).lane(trump) & run;
            let tricks = mine.count_ones() as i32;
            if tricks > best.tricks {
                best = Sure {
                    tricks,
                    points: points_of(p, mine),
                    ranks: CardBits::from_lane(trump, matters),
                };
            }
        }
    }
    if best.tricks >= 2 || live.count_ones() < 2 {
        return best;
    }
    // The top three live trumps (as lane bits) and their holders.
    let top = 63 - live.leading_zeros();
    let rest = live & !(1u64 << top);
    let second = 63 - rest.leading_zeros();
    let holder = |bit: u32| {
        (0..p.seat_count())
            .find(|&s| p.hand_bits(s as usize).lane(trump) >> bit & 1 != 0)
            .unwrap_or(0)
    };
    let (x, y) = (holder(top), holder(second));
    let trumps = |s: u8| p.hand_bits(s as usize).lane(trump).count_ones();
    let fixed = |bit: u32| SolverCard::new(trump, bit as u8).bit();
    if count >= 2 {
        // The top two are ours, in two hands (one hand holding both counts two above).
        if trumps(x) >= 2 || trumps(y) >= 2 {
            return Sure {
                tricks: 2,
                points: 0,
                ranks: fixed(second),
            };
        }
        return best;
    }
    if count == 1 || p.is_max(p.leader_seat()) == max || p.is_max(y) != max {
        return best;
    }
    if trumps(y) >= 2 && p.next_seat(x) == y {
        return Sure {
            tricks: 1,
            points: 0,
            ranks: fixed(second),
        };
    }
    let rest = rest & !(1u64 << second);
    if rest != 0 {
        let third = 63 - rest.leading_zeros();
        if holder(third) == y {
            return Sure {
                tricks: 1,
                points: 0,
                ranks: fixed(third),
            };
        }
    }
    best
}

/// Tricks the coalition of the side solved for (`max == true`) or of its opponents is sure of
/// from the length of one of its hands' trumps (at the start of a trick).
///
/// Each trump of hand `x` is played in a trick of its own, and the only cards that beat a
/// trump are higher trumps. So each of them is in a trick the coalition wins, or in one where
/// a higher trump of the other coalition beats it, and each trump of the other coalition
/// beats at most one of `x`'s (`x` plays one card a trick). The coalition is therefore sure of
/// `x`'s trumps less the most of them the other coalition's higher trumps can be matched
/// with one each; the best hand `x` counts. The count relies on the owners of the live trumps
/// from `x`'s lowest up.
pub(super) fn trump_length(p: &Position, max: bool) -> Sure {
    let trump = p.trump_lane();
    if trump == NO_TRUMP {
        return Sure::default();
    }
    let theirs = coalition_lane(p, !max, trump);
    let mut best = Sure::default();
    for s in 0..p.seat_count() {
        if p.is_max(s) != max {
            continue;
        }
        let mine = p.hand_bits(s as usize).lane(trump);
        if mine.count_ones() as i32 <= best.tricks {
            continue;
        }
        // Match each trump of theirs with a lower one of ours not yet matched, lowest first:
        // the most pairs a higher trump of theirs can make with one of ours.
        let from_lowest = !((1u64 << mine.trailing_zeros()) - 1);
        let (mut open, mut beaten) = (0, 0);
        let mut both = (mine | theirs) & from_lowest;
        while both != 0 {
            let bit = both & both.wrapping_neg();
            if mine & bit != 0 {
                open += 1;
            } else if open > 0 {
                open -= 1;
                beaten += 1;
            }
            both &= both - 1;
        }
        let tricks = mine.count_ones() as i32 - beaten;
        if tricks > best.tricks {
            best = Sure {
                tricks,
                points: 0,
                ranks: CardBits::from_lane(trump, p.live_lane(trump) & from_lowest),
            };
        }
    }
    best
}

/// Whether the bounds at the start of a trick decide if the side solved for can still add
/// `need` (the value still to come that the search asks about): `Some((answer, cards relied
/// on))`. The quick-trick line stops as soon as it decides, so that it relies on no more
/// winners than the answer needs.
#[inline]
pub(super) fn decide<const POINTS: bool>(p: &Position, need: i32) -> Option<(bool, CardBits)> {
    let left = p.tricks_left() as i32;
    let live = p.live_value_for::<POINTS>();
    let makes = |s: &Sure| p.future_of_for::<POINTS>(s.tricks, s.points) >= need;
    let defeats = |s: &Sure| p.future_of_for::<POINTS>(left - s.tricks, live - s.points) < need;
    // The most the quick-trick line could count, with every live point in it: when even that
    // decides nothing, the line need not be played out.
    let most = Sure {
        tricks: quick_tricks_at_most(p),
        points: live,
        ranks: CardBits::EMPTY,
    };
    if p.is_max(p.leader_seat()) {
        if makes(&most) {
            let quick = quick_tricks(p, makes);
            if makes(&quick) {
                return Some((true, quick.ranks));
            }
        }
    } else if defeats(&most) {
        let quick = quick_tricks(p, defeats);
        if defeats(&quick) {
            return Some((false, quick.ranks));
        }
    }
    // Likewise for the trumps: neither coalition makes more tricks from them than its longest
    // trump holding.
    let trump = p.trump_lane();
    if trump == NO_TRUMP {
        return None;
    }
    let (mut ours_most, mut theirs_most) = (0, 0);
    for seat in 0..p.seat_count() {
        let trumps = p.hand_bits(seat as usize).lane(trump).count_ones() as i32;
        if p.is_max(seat) {
            ours_most = ours_most.max(trumps);
        } else {
            theirs_most = theirs_most.max(trumps);
        }
    }
    let most = |tricks| Sure {
        tricks,
        points: live,
        ranks: CardBits::EMPTY,
    };
    if makes(&most(ours_most))
        && let Some(ranks) = trumps_decide(p, true, makes)
    {
        return Some((true, ranks));
    }
    if defeats(&most(theirs_most))
        && let Some(ranks) = trumps_decide(p, false, defeats)
    {
        return Some((false, ranks));
    }
    None
}

/// Whether the trumps of the coalition of the side solved for (`max == true`) or of its
/// opponents decide the question (`decides`), and the cards that answer relies on. The top
/// trumps are asked first: their count relies on fewer cards, and the trumps' length is worked
/// out only when they do not decide.
#[inline]
fn trumps_decide(p: &Position, max: bool, decides: impl Fn(&Sure) -> bool) -> Option<CardBits> {
    let top = top_trumps(p, max);
    if decides(&top) {
        return Some(top.ranks);
    }
    let length = trump_length(p, max);
    decides(&length).then_some(length.ranks)
}

/// Inside a trick: whether one coalition is sure to win the trick in progress (`Some(true)`:
/// the side solved for), and the card that makes it sure.
///
/// Sure when nobody of the other coalition still to play can beat the winning card, or when
/// the seat to play, or a partner who plays last, can beat it with a card that nobody of the
/// other coalition still to play can beat.
pub(super) fn trick_winner(p: &Position) -> Option<(bool, CardBits)> {
    debug_assert!(p.trick_len() > 0);
    let left = p.seat_count() - p.trick_len();
    let me = p.seat_to_play();
    let w = p.winning_card();
    let holder = p.is_max(p.winning_seat());
    if !beatable(p, me, left, holder, w) {
        return Some((holder, w.bit()));
    }
    let mine = p.is_max(me);
    if mine != holder {
        // The seat to play beats the winning card with its best card, or a partner who plays
        // last does (as in DDS's quick tricks for second hand), and nobody of the other
        // coalition still to play can beat that card.
        let last = (p.leader_seat() + p.seat_count() - 1) % p.seat_count();
        let partner_last = left >= 2 && p.is_max(last) == mine;
        let sure = |s: u8| {
            best_card(p, s)
                .filter(|&b| p.beats(b, w) && !beatable(p, p.next_seat(me), left - 1, mine, b))
        };
        if let Some(b) = sure(me).or_else(|| if partner_last { sure(last) } else { None }) {
            return Some((mine, b.bit()));
        }
    }
    None
}

/// The best card seat `s` can play to the trick in progress: its highest card of the suit led,
/// else its highest trump, if any.
#[inline]
fn best_card(p: &Position, s: u8) -> Option<SolverCard> {
    let hand = p.hand_bits(s as usize);
    let led = p.led();
    let follow = hand.of_suit(led);
    let pool = if !follow.is_empty() {
        follow
    } else if p.trump_lane() != NO_TRUMP {
        hand.of_suit(p.trump_lane())
    } else {
        CardBits::EMPTY
    };
    (!pool.is_empty()).then(|| pool.highest())
}

/// Whether a seat of the coalition other than `holder`'s, among the `count` seats from
/// `first` on, can play a card that beats `x` in the trick in progress.
#[inline]
pub(super) fn beatable(p: &Position, first: u8, count: u8, holder: bool, x: SolverCard) -> bool {
    let led = p.led();
    let trump = p.trump_lane();
    let xs = x.suit();
    let mut s = first;
    for _ in 0..count {
        if p.is_max(s) != holder {
            let h = p.hand_bits(s as usize);
            let follow = h.lane(led);
            let beats = if follow != 0 {
                xs == led && follow >> x.power() > 1
            } else if trump != NO_TRUMP {
                let t = h.lane(trump);
                if xs == trump {
                    t >> x.power() > 1
                } else {
                    t != 0
                }
            } else {
                false
            };
            if beats {
                return true;
            }
        }
        s = p.next_seat(s);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Card, CardSet, Deck, Suit};
    use proptest::prelude::*;

    /// Spades trumps, `leader` on lead, North–South the side solved for.
    fn pos(hands: [&str; 4], leader: u8) -> Position {
        Position::partnership(hands, Some(Suit::Spades), leader)
    }

    #[test]
    fn the_top_two_trumps_in_two_hands_win_two_tricks_when_one_has_a_third() {
        let p = pos(["AS 2S", "3H 4H", "KS 5H", "6H 7H"], 1);
        assert_eq!(top_trumps(&p, true).tricks, 2);
        // Two bare top trumps can be made to fall together.
        let p = pos(["AS 2H", "3H 4H", "KS 5H", "6H 7H"], 1);
        assert_eq!(top_trumps(&p, true).tricks, 1);
    }

    #[test]
    fn a_guarded_second_trump_behind_the_top_trump_wins_a_trick() {
        // East holds the ace, South (who plays right after East) the guarded king.
        let p = pos(["2H 3H", "AS 4H", "KS 2S", "5H 6H"], 3);
        let sure = top_trumps(&p, true);
        assert_eq!(sure.tricks, 1);
        let king = p.encoding().card("KS".parse().unwrap());
        assert_eq!(sure.ranks, king.bit());
        // Not when the king's side is on lead: it may have to lead from the king.
        let p = pos(["2H 3H", "AS 4H", "KS 2S", "5H 6H"], 0);
        assert_eq!(top_trumps(&p, true).tricks, 0);
        // Not when the ace sits after the king: West may hold it back for the king.
        let p = pos(["3S 3H", "5H 6H", "KS 2S", "AS 4H"], 1);
        assert_eq!(top_trumps(&p, true).tricks, 0);
    }

    #[test]
    fn second_hand_is_sure_of_the_trick_when_fourth_hand_holds_the_top_card() {
        // West leads the king of hearts; North cannot beat it, but South, playing last,
        // holds the ace and East can only follow below it.
        let mut p = pos(["2H 3C", "QH 4C", "AH 5C", "KH 6C"], 3);
        p.play("KH".parse().unwrap()).unwrap();
        let ace = p.encoding().card("AH".parse().unwrap());
        assert_eq!(trick_winner(&p), Some((true, ace.bit())));
        // Not when East, void in hearts, can ruff.
        let mut p = pos(["2H 3C", "2S 4C", "AH 5C", "KH 6C"], 3);
        p.play("KH".parse().unwrap()).unwrap();
        assert_eq!(trick_winner(&p), None);
    }

    /// Spades trumps, `leader` on lead, seat 0 alone against the other two (as in 9-5-2).
    fn alone(hands: [&str; 3], leader: u8) -> Position {
        let hands: Vec<CardSet> = hands.iter().map(|h| h.parse().unwrap()).collect();
        Position::dealt(&hands, Some(Suit::Spades), leader)
    }

    #[test]
    fn long_trumps_win_all_but_those_the_higher_trumps_can_beat() {
        // The ace and the jack can beat two of the six; the other four win whatever happens,
        // though the top trump is not the lone seat's (the top trumps promise one trick: the
        // ace can take only one of the king and queen).
        let p = alone(
            [
                "KS QS 5S 4S 3S 2S",
                "AS 2H 3H 4H 5H 6H",
                "JS 2C 3C 4C 5C 6C",
            ],
            1,
        );
        assert_eq!(top_trumps(&p, true).tricks, 1);
        let sure = trump_length(&p, true);
        assert_eq!(sure.tricks, 4);
        let trump = p.trump_lane();
        assert_eq!(sure.ranks, CardBits::from_lane(trump, p.live_lane(trump)));
        // The king, jack and three against the queen, ten and eight: the queen beats the
        // jack, the ten or the eight the three, and only the king is sure.
        let p = alone(["KS JS 3S", "QS 2H 3H", "TS 8S 4H"], 0);
        assert_eq!(trump_length(&p, true).tricks, 1);
        // The two opponents' best hand: the queen and ten against the king and jack above
        // them, and the ace beats one of them: one trick. The other hand's lone eight, none.
        let p = alone(["AS KS JS 2H", "QS TS 3H 4H", "8S 5H 6H 7H"], 0);
        assert_eq!(trump_length(&p, false).tricks, 0);
        let p = alone(["AS 4S 2H 3H", "QS TS 9S 4H", "8S 5H 6H 7H"], 0);
        assert_eq!(trump_length(&p, false).tricks, 2);
    }

    /// The final value for the side solved for by trying every line of play.
    fn minimax(p: &Position) -> i32 {
        if p.is_over() {
            return p.banked();
        }
        let ours = p.is_max(p.seat_to_play());
        let values = p.legal().iter().map(|c| {
            let mut q = *p;
            q.play(c).unwrap();
            minimax(&q)
        });
        if ours { values.max() } else { values.min() }.expect("a legal card")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// On random endings of up to four tricks, with trumps, at tables of three and four:
        /// each coalition makes at least the tricks its trumps' length promises, whatever the
        /// other does (checked against every line of play).
        #[test]
        fn the_trumps_length_is_a_sound_bound(
            order in Just(Deck::Full52.cards().iter().collect::<Vec<Card>>()).prop_shuffle(),
            seats in 3usize..=4,
            size in 1usize..=4,
            trump in 0usize..4,
            leader in 0usize..4,
        ) {
            let hands: Vec<CardSet> = (0..seats)
                .map(|s| order[s * size..(s + 1) * size].iter().copied().collect())
                .collect();
            let p = Position::dealt(&hands, Some(Suit::from_index(trump)), (leader % seats) as u8);
            let future = minimax(&p) - p.banked();
            let left = p.tricks_left() as i32;
            prop_assert!(future >= trump_length(&p, true).tricks);
            prop_assert!(future <= left - trump_length(&p, false).tricks);
        }
    }

    #[test]
    fn the_second_and_third_trumps_in_one_hand_win_a_trick() {
        let p = pos(["KS QS", "AS 2H", "3H 4H", "5H 6H"], 1);
        assert_eq!(top_trumps(&p, true).tricks, 1);
    }
}
