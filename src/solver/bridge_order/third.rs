//! Third hand: DDS's `WeightAllocTrumpNotvoid2`, `WeightAllocNTNotvoid2`,
//! `WeightAllocTrumpVoid2` and `WeightAllocNTVoid2`, with `RankForcesAce`.

use super::view::*;

/// Which move forces out fourth hand's top card most cheaply (DDS's `RankForcesAce`), as
/// an index into `mv` (which is in descending rank order).
fn rank_forces_ace(
    v: &View,
    mv: &[Mv],
    cards4th: u64,
    move1_rank: i32,
    high1: usize,
) -> Option<usize> {
    // Fourth hand's classes: touching cards with only gone cards between them.
    let led = v.p.led();
    let live = v.p.live_lane(led);
    if cards4th == 0 {
        return None;
    }
    let top = 63 - cards4th.leading_zeros();
    // The top class reaches down over cards of the fourth hand with nothing live between.
    let mut low = top;
    let mut rest = cards4th & !(1u64 << top);
    loop {
        if rest == 0 {
            return None;
        }
        let next = 63 - rest.leading_zeros();
        let between = live & ((1u64 << low) - 1) & !((2u64 << next) - 1);
        if between != 0 {
            break;
        }
        low = next;
        rest &= !(1u64 << next);
    }
    let second_rho = 65 - rest.leading_zeros() as i32;
    let index_above = |r: i32| {
        let k = mv.iter().take_while(|m| m.rank > r).count();
        (k > 0).then(|| k - 1)
    };
    if second_rho > move1_rank {
        index_above(second_rho)
    } else if high1 == 1 {
        index_above(move1_rank)
    } else {
        None
    }
}

/// What third hand's weights look at when it follows suit: fourth hand's cards of the suit
/// led, third hand's highest, the card led and the card winning so far.
struct Follow<'a> {
    v: &'a View<'a>,
    /// Third hand's moves, highest first.
    mv: &'a [Mv],
    /// Fourth hand's cards of the suit led, and the highest of them (DDS rank, 0 if none).
    cards4th: u64,
    max4th: i32,
    /// Third hand's highest card of the suit led.
    max3rd: i32,
    /// The rank of the card led.
    lead0: i32,
    /// The card winning so far (suit, rank) and its hand relative to the leader.
    move1_suit: u8,
    move1_rank: i32,
    high1: usize,
    /// Third hand cannot beat fourth hand's lowest card or the card winning so far.
    too_low: bool,
}

impl<'a> Follow<'a> {
    #[inline]
    fn of(v: &'a View<'a>, mv: &'a [Mv]) -> Follow<'a> {
        let led = v.p.led();
        let cards4th = v.ris(rho(v.lead), led);
        let max3rd = mv[0].rank;
        let (move1_suit, move1_rank, high1) = winning_so_far(v);
        let min4th = lowest(cards4th);
        Follow {
            v,
            mv,
            cards4th,
            max4th: highest(cards4th),
            max3rd,
            lead0: lead0(v),
            move1_suit,
            move1_rank,
            high1,
            too_low: max3rd < min4th || max3rd < move1_rank,
        }
    }

    /// Every card weighed by its rank alone, lowest first.
    #[inline]
    fn low(&self, w: &mut [i16]) {
        for (x, m) in w.iter_mut().zip(self.mv) {
            *x = -m.rank as i16;
        }
    }

    /// The card that forces out fourth hand's top card most cheaply (DDS's `RankForcesAce`).
    #[inline]
    fn forces_ace(&self) -> Option<usize> {
        rank_forces_ace(self.v, self.mv, self.cards4th, self.move1_rank, self.high1)
    }

    /// The cards above both the card winning so far and fourth hand's cards weighed
    /// `margin - rank`, the others by rank; the card that forces fourth hand's top card out
    /// gains 20.
    #[inline]
    fn force(&self, w: &mut [i16], margin: i32) {
        let bonus = self.forces_ace();
        for (x, m) in w.iter_mut().zip(self.mv) {
            *x = if m.rank > self.move1_rank && m.rank > self.max4th {
                (margin - m.rank) as i16
            } else {
                -m.rank as i16
            };
        }
        if let Some(k) = bonus {
            w[k] += 20;
        }
    }

    /// The cards above fourth hand's (and, if `beat_second`, above the card winning so far)
    /// weighed `58 - rank`, the others by rank.
    #[inline]
    fn win_over(&self, w: &mut [i16], beat_second: bool) {
        for (x, m) in w.iter_mut().zip(self.mv) {
            *x = if m.rank > self.max4th && (!beat_second || m.rank > self.move1_rank) {
                (58 - m.rank) as i16
            } else {
                -m.rank as i16
            };
        }
    }
}

/// Third hand follows suit, no trumps in play (DDS's `WeightAllocNTNotvoid2`): play low when
/// the trick is safe or cannot be won; otherwise win it as cheaply as beats fourth hand, or
/// force out fourth hand's top card.
pub(super) fn weight_alloc_nt_notvoid2(v: &View, mv: &[Mv], w: &mut [i16]) {
    let f = Follow::of(v, mv);
    if f.high1 == 0 && f.lead0 > f.max4th {
        f.low(w);
    } else if f.too_low {
        f.low(w);
    } else {
        let bonus = if f.max4th > f.max3rd && f.max4th > f.move1_rank {
            f.forces_ace()
        } else {
            None
        };
        for (x, m) in w.iter_mut().zip(mv) {
            *x = if m.rank > f.move1_rank && m.rank > f.max4th {
                (60 - m.rank) as i16
            } else {
                -m.rank as i16
            };
        }
        if let Some(k) = bonus {
            w[k] += 20;
        }
    }
}

/// Third hand follows suit, trumps in play (DDS's `WeightAllocTrumpNotvoid2`): as without
/// trumps, and low when the trick is already ruffed.
pub(super) fn weight_alloc_trump_notvoid2(v: &View, mv: &[Mv], w: &mut [i16]) {
    let f = Follow::of(v, mv);
    let (trump, led) = (v.trump, v.p.led());
    if led == trump {
        if (f.high1 == 0 && f.lead0 > f.max4th) || f.too_low {
            f.low(w);
        } else if f.max3rd > f.max4th {
            f.win_over(w, true);
        } else {
            f.low(w);
            if let Some(k) = f.forces_ace() {
                w[k] += 20;
            }
        }
    } else if f.move1_suit == trump {
        f.low(w);
    } else if f.high1 == 0 {
        if f.max4th == 0 || f.lead0 > f.max4th || f.too_low {
            f.low(w);
        } else if f.max3rd > f.max4th {
            f.win_over(w, false);
        } else {
            f.force(w, 60);
        }
    } else if f.max4th == 0 {
        for (x, m) in w.iter_mut().zip(mv) {
            *x = if m.rank > f.move1_rank {
                (20 - m.rank) as i16
            } else {
                -m.rank as i16
            };
        }
    } else if f.too_low {
        f.low(w);
    } else if f.max3rd > f.max4th {
        f.win_over(w, true);
    } else {
        f.force(w, 60);
    }
}

/// Third hand is void in the suit led, trumps in play (DDS's `WeightAllocTrumpVoid2`): ruff
/// or discard, by who is winning the trick and what fourth hand holds.
pub(super) fn weight_alloc_trump_void2(v: &View, m: Mv) -> i16 {
    let (lead, trump, s) = (v.lead, v.trump, m.suit);
    let led = v.p.led();
    let rh_l = rho(lead);
    let count = v.len(v.curr, s);
    let max4th = highest(v.ris(rh_l, led));
    let lead0 = lead0(v);
    let (move1_suit, move1_rank, high1) = winning_so_far(v);
    let w = if led == trump || s != trump {
        -m.rank + (count << 6) / 40
    } else if high1 == 0 && lead0 > max4th && (max4th != 0 || v.len(rh_l, trump) == 0) {
        -m.rank - 50
    } else if move1_suit == trump && m.rank < move1_rank {
        -32 + v.rel_rank(s, m.rank) + (count << 6) / 40
    } else if high1 == 0 {
        let add = (count << 6) / 50;
        if max4th != 0 {
            if v.nth_top(led, 1).hand == lead {
                36 - m.rank + add
            } else {
                48 - m.rank + add
            }
        } else if (1u64 << (m.rank - 2)) > v.ris(rh_l, trump) {
            48 - m.rank + add
        } else {
            -12 - m.rank + add
        }
    } else if max4th != 0 {
        72 - m.rank + (count << 6) / 50
    } else if (1u64 << (m.rank - 2)) > v.ris(rh_l, trump) {
        48 - m.rank + (count << 6) / 50
    } else {
        36 - m.rank + (count << 6) / 50
    };
    w as i16
}

/// Third hand is void without trumps (DDS's `WeightAllocNTVoid2`): discard low from long
/// suits.
pub(super) fn weight_alloc_nt_void2(v: &View, m: Mv) -> i16 {
    let s = m.suit;
    let count = v.len(v.curr, s);
    let mut add = (count << 6) / 24;
    if kx(v, s, count) {
        add -= 4;
    }
    if count == 1 && v.nth_top(s, 0).hand == v.curr {
        add -= 4;
    }
    (-m.rank + add) as i16
}
