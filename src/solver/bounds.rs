//! Bounds at the start of a trick, without search: quick tricks (what the side on lead can cash
//! at once) and later tricks (top trumps that must win a trick whenever they are played).
//!
//! Both are sound for every scoring: a trick a side is sure of brings it the trick point, the
//! cards in the trick (for Catch the Ten's card count) and at least the points of its own cards
//! named here. Each bound is the value of one strategy for one coalition, so it holds whatever
//! the other coalition does. Each also names the cards it relied on (its win ranks): a bound
//! holds in every position with the same suit lengths and the same owners of those cards and
//! the cards above them.

use super::encoding::{NO_TRUMP, lane};
use super::position::Position;

/// Tricks one coalition is sure of, and the points of its own cards in them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Sure {
    /// Tricks.
    pub tricks: i32,
    /// Points of the coalition's own cards in those tricks.
    pub points: i32,
    /// The cards the count relies on.
    pub ranks: u64,
}

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
    let mut x = run & p.valued as u64;
    let mut sum = 0;
    while x != 0 {
        sum += p.vals[x.trailing_zeros() as usize] as i32;
        x &= x - 1;
    }
    sum
}

/// Quick tricks: what the leader's coalition can cash at once with the leader's own top cards.
///
/// The leader first draws trumps with its unbroken run of top trumps (`t` rounds; every
/// opponent with `t` or fewer trumps is then out of them), then cashes in each side suit its
/// unbroken run of top cards. With opponents still holding trumps, a side suit counts only as
/// many rounds as every such opponent can follow. A partner who still holds trumps is never
/// forced to ruff the leader's winner as long as it has a card outside trumps to play, so the
/// side-suit rounds are capped by the partners' cards outside trumps.
pub(super) fn quick_tricks(p: &Position) -> Sure {
    debug_assert_eq!(p.trick_len, 0);
    let leader = p.leader;
    let mine = p.hands[leader as usize];
    let ours = p.is_max(leader);
    let trump = p.trump_lane();
    let mut sure = Sure::default();
    let mut drawn = 0u32;
    if trump != NO_TRUMP {
        let (t, run, matters) = top_run(lane(mine, trump), p.live_lane(trump));
        drawn = t;
        sure.tricks = t as i32;
        sure.points = points_of(p, run);
        sure.ranks = matters << (16 * trump as u32);
    }
    // Opponents that keep trumps after the draw, as a seat mask; the most side-suit rounds
    // the partners can follow without being forced to ruff.
    let mut ruffers = 0u8;
    let mut partner_cap = u32::MAX;
    if trump != NO_TRUMP {
        for s in 0..p.n {
            if s == leader {
                continue;
            }
            let h = p.hands[s as usize];
            let trumps = lane(h, trump).count_ones();
            if p.is_max(s) != ours {
                if trumps > drawn {
                    ruffers |= 1 << s;
                }
            } else if trumps > drawn {
                let outside =
                    (h.count_ones() - trumps).saturating_sub(drawn.saturating_sub(trumps));
                partner_cap = partner_cap.min(outside);
            }
        }
    }
    let mut side_rounds = 0u32;
    for s in 0..4u8 {
        if s == trump {
            continue;
        }
        let (run_len, _, mut run) = top_run(lane(mine, s), p.live_lane(s));
        let mut k = run_len;
        let mut r = ruffers;
        while r != 0 && k != 0 {
            let o = r.trailing_zeros() as usize;
            r &= r - 1;
            k = k.min(lane(p.hands[o], s).count_ones());
        }
        for _ in k..run_len {
            run &= run.wrapping_sub(1);
        }
        side_rounds += k;
        sure.ranks |= run << (16 * s as u32);
    }
    sure.tricks += side_rounds.min(partner_cap) as i32;
    sure.tricks = sure.tricks.min(p.tricks_left as i32);
    sure
}

/// Later tricks for the coalition of the side solved for (`max == true`) or of its opponents:
/// the unbroken run of top trumps that coalition holds wins a trick for each card of it that
/// one hand holds (two cards of the run in different hands might fall in the same trick).
pub(super) fn top_trumps(p: &Position, max: bool) -> Sure {
    let trump = p.trump_lane();
    if trump == NO_TRUMP {
        return Sure::default();
    }
    let mut held = 0u64;
    for s in 0..p.n {
        if p.is_max(s) == max {
            held |= lane(p.hands[s as usize], trump);
        }
    }
    let (count, run, matters) = top_run(held, p.live_lane(trump));
    if count == 0 {
        return Sure::default();
    }
    let mut best = Sure::default();
    for s in 0..p.n {
        if p.is_max(s) == max {
            let mine = lane(p.hands[s as usize], trump) & run;
            let tricks = mine.count_ones() as i32;
            if tricks > best.tricks {
                best = Sure {
                    tricks,
                    points: points_of(p, mine),
                    ranks: matters << (16 * trump as u32),
                };
            }
        }
    }
    best
}

/// A bound on the value still to come, and the cards it relies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Bound {
    /// The bound.
    pub value: i32,
    /// The cards it relies on.
    pub ranks: u64,
}

/// Bounds on the value still to come for the side solved for, from the start of a trick:
/// `(least, most)`.
#[inline]
pub(super) fn future_bounds(p: &Position) -> (Bound, Bound) {
    let left = p.tricks_left as i32;
    let live = p.live_value();
    let mut lo = Bound { value: 0, ranks: 0 };
    let mut hi = Bound {
        value: p.max_future(),
        ranks: 0,
    };
    let mut raise = |sure: Sure| {
        let v = p.future_of(sure.tricks, sure.points);
        if v > lo.value {
            lo = Bound {
                value: v,
                ranks: sure.ranks,
            };
        }
    };
    let quick = quick_tricks(p);
    let leader_ours = p.is_max(p.leader);
    if leader_ours {
        raise(quick);
    }
    raise(top_trumps(p, true));
    let mut lower = |sure: Sure| {
        let v = p.future_of(left - sure.tricks, live - sure.points);
        if v < hi.value {
            hi = Bound {
                value: v,
                ranks: sure.ranks,
            };
        }
    };
    if !leader_ours {
        lower(quick);
    }
    lower(top_trumps(p, false));
    (lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{CardSet, Suit};
    use crate::games::{Seat, Side, Sides, TrumpOrder};
    use crate::solver::Scoring;

    fn pos(hands: [&str; 4], trump: Option<Suit>, leader: u8) -> Position {
        let hands: Vec<CardSet> = hands.iter().map(|h| h.parse().unwrap()).collect();
        Position::new(
            &hands,
            trump,
            TrumpOrder::ACES_HIGH,
            Seat(leader),
            Sides::every(4, 2),
            Side(0),
            Scoring::Tricks,
        )
        .unwrap()
    }

    #[test]
    fn cashes_top_cards_and_draws_trumps() {
        // North holds the top two spades (trumps) and the top three hearts; East and West
        // hold at most two trumps, so after two rounds the hearts are safe.
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
        assert_eq!(quick_tricks(&p).tricks, 5);
        // Without trumps only the hearts and spades runs count: all five.
        let nt = pos(
            [
                "AS KS AH KH QH",
                "QS JS 2H 3H 4H",
                "2S 3S 5H 6H 7H",
                "TS 9S 8H 9H TH",
            ],
            None,
            0,
        );
        assert_eq!(quick_tricks(&nt).tricks, 5);
    }

    #[test]
    fn side_winners_count_only_while_ruffers_follow() {
        // East keeps a trump and holds one heart: only one heart round is safe.
        let p = pos(
            ["AH KH QH 2C", "2S 3H 3C 4C", "4H 5H 5C 6C", "6H 7H 8H 7C"],
            Some(Suit::Spades),
            0,
        );
        assert_eq!(quick_tricks(&p).tricks, 1);
    }
}
