//! Fourth hand: DDS's `WeightAllocCombinedNotvoid3`, `WeightAllocTrumpVoid3` and
//! `WeightAllocNTVoid3`.

use super::view::*;
use crate::solver::moves::MoveList;
use crate::solver::position::Position;

/// Fourth hand follows suit (DDS's `WeightAllocCombinedNotvoid3`, with or without trumps): its
/// order straight from the position (the most common ordering of all, and the simplest). When its partner is winning or the trick is ruffed,
/// its cards from the lowest up; otherwise the cards that win the trick from the lowest up,
/// then the others from the lowest up.
///
/// The moves come highest first, so the winners are the first of them: reversing the winners
/// and the others in place puts the list in order with no weights and no sort (a sort would
/// move every card past every other).
pub(super) fn weight_alloc_combined_notvoid3(p: &Position, list: &mut MoveList) {
    let partner_wins = p.winning_seat() as usize == lho(p.leader_seat() as usize);
    let ruffed = p.winning_card().suit() != p.led();
    let to_beat = if partner_wins || ruffed {
        15
    } else {
        p.winning_card().power()
    };
    let n = list.len;
    let winners = list.cards[..n]
        .iter()
        .filter(|&&c| c.power() > to_beat)
        .count();
    list.cards[..winners].reverse();
    list.cards[winners..n].reverse();
}

/// Fourth hand is void in the suit led, trumps in play (DDS's `WeightAllocTrumpVoid3`): ruff
/// or discard, by who is winning the trick and with what.
pub(super) fn weight_alloc_trump_void3(v: &View, m: Mv) -> i16 {
    let (trump, s) = (v.trump, m.suit);
    let led = v.p.led();
    let count = v.len(v.curr, s);
    let mut val = (count << 6) / 24;
    if kx(v, s, count) {
        val -= 2;
    }
    let (move2_suit, move2_rank, high2) = winning_so_far(v);
    let w = if led == trump {
        -m.rank + val
    } else if high2 == 1 {
        if s == trump {
            2 - m.rank + val
        } else {
            25 - m.rank + val
        }
    } else if move2_suit == trump {
        if s == trump {
            let r_rank = v.rel_rank(s, m.rank);
            if m.rank > move2_rank {
                33 + r_rank
            } else {
                -13 + r_rank
            }
        } else {
            14 - m.rank + val
        }
    } else if s == trump {
        33 + v.rel_rank(s, m.rank)
    } else {
        14 - m.rank + val
    };
    w as i16
}

/// Fourth hand is void without trumps (DDS's `WeightAllocNTVoid3`): discard low from long
/// suits, keeping a guarded second-highest card and a bare top card.
pub(super) fn weight_alloc_nt_void3(v: &View, m: Mv) -> i16 {
    let s = m.suit;
    let count = v.len(v.curr, s);
    let mut val = (count << 6) / 27;
    if kx(v, s, count) {
        val -= 6;
    } else if count == 1 && v.nth_top(s, 0).hand == v.curr {
        val -= 8;
    }
    (-m.rank + val) as i16
}
