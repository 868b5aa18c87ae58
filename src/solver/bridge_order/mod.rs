//! Move ordering for four seats in two partnerships (Whist; Catch the Ten in two teams of
//! two): the weights of DDS's heuristic sorting (Bo Haglund and Søren Hein,
//! `heuristic_sorting.cpp` of DDS 2.9/3, Apache-2.0), rewritten for this solver's positions.
//!
//! The weights depend on who holds the highest and second-highest cards of each suit (as at
//! the start of the trick), on the lengths of the four hands, and on the trick so far. On
//! lead they also prefer suits in which the opponents have few cards (a smaller search).
//! Ranks are DDS's (`2..=14`, the bit plus 2), so that the constants keep their meaning. Only
//! the speed of the search depends on these numbers, never its result.
//!
//! Some branches give equal weights; they are kept apart as DDS writes them, so that each
//! case can be checked against its source.
//!
//! One function per case of DDS's `Moves` class (`Moves.cpp`), named after it, one file per
//! hand of the trick:
//!
//! | hand | follows suit | void in the suit led |
//! |---|---|---|
//! | [`lead`] (first) | `weight_alloc_trump0`, `weight_alloc_nt0` | |
//! | [`second`] | `weight_alloc_trump_notvoid1`, `weight_alloc_nt_notvoid1` | `weight_alloc_trump_void1`, `weight_alloc_nt_void1` |
//! | [`third`] | `weight_alloc_trump_notvoid2`, `weight_alloc_nt_notvoid2` | `weight_alloc_trump_void2`, `weight_alloc_nt_void2` |
//! | [`fourth`] | `weight_alloc_combined_notvoid3` | `weight_alloc_trump_void3`, `weight_alloc_nt_void3` |
//!
//! "Trump" means that a trump is still live (in a hand or in the trick), "NT"
//! that none is. [`view`] holds what they all look at.
#![allow(clippy::if_same_then_else)]

mod fourth;
mod lead;
mod second;
mod third;
mod view;

use super::encoding::{NO_TRUMP, SolverCard};
use super::moves::MoveList;
use super::position::Position;

use fourth::{weight_alloc_combined_notvoid3, weight_alloc_nt_void3, weight_alloc_trump_void3};
use lead::{nt0_suit, trump0_suit, weight_alloc_nt0, weight_alloc_trump0};
use second::{
    weight_alloc_nt_notvoid1, weight_alloc_nt_void1, weight_alloc_trump_notvoid1,
    weight_alloc_trump_void1,
};
use third::{
    weight_alloc_nt_notvoid2, weight_alloc_nt_void2, weight_alloc_trump_notvoid2,
    weight_alloc_trump_void2,
};
use view::{View, moves_of};

/// Weighs the moves of the seat to play at a four-seat partnership table. `killer` is the
/// move that last cut off at this depth; `remembered` the table's best move. Returns whether
/// the list is in order already (fourth hand following suit, whose order comes straight from
/// the position), so that it needs no sort (its weights are then left unset).
pub(super) fn weigh(
    p: &Position,
    list: &mut MoveList,
    killer: SolverCard,
    remembered: Option<SolverCard>,
) -> bool {
    if p.trick_len() == 3 && list.cards[0].suit() == p.led() {
        weight_alloc_combined_notvoid3(p, list);
        return true;
    }
    let v = View {
        p,
        trump: p.trump_lane(),
        lead: p.leader_seat() as usize,
        curr: p.seat_to_play() as usize,
        tricks: p.tricks_left() as i32,
    };
    let mv = moves_of(list);
    let n = list.len;
    let trump_live = v.trump != NO_TRUMP && p.live_lane(v.trump) != 0;
    let w = &mut list.weights;
    match p.trick_len() {
        0 => {
            let is = |i: usize, c: Option<SolverCard>| c.is_some_and(|c| c == list.cards[i]);
            // The moves come suit by suit: what a suit's cards share is worked out once.
            let mut i = 0;
            while i < n {
                let s = mv[i].suit;
                let tops = (v.nth_top(s, 0), v.nth_top(s, 1));
                let mut suit = if trump_live {
                    trump0_suit(&v, s, tops)
                } else {
                    nt0_suit(&v, s, tops)
                };
                while i < n && mv[i].suit == s {
                    let (k, t) = (killer == list.cards[i], is(i, remembered));
                    w[i] = if trump_live {
                        weight_alloc_trump0(&v, &mut suit, mv[i], k, t)
                    } else {
                        weight_alloc_nt0(&v, &mut suit, mv[i], k, t)
                    };
                    i += 1;
                }
            }
        }
        1 => {
            let led = p.led();
            for i in 0..n {
                w[i] = match (mv[i].suit == led, trump_live) {
                    (true, true) => weight_alloc_trump_notvoid1(&v, mv[i]),
                    (true, false) => weight_alloc_nt_notvoid1(&v, mv[i]),
                    (false, true) => weight_alloc_trump_void1(&v, mv[i]),
                    (false, false) => weight_alloc_nt_void1(&v, mv[i]),
                };
            }
        }
        2 => {
            let led = p.led();
            let follows = n > 0 && mv[0].suit == led;
            if follows {
                if trump_live {
                    weight_alloc_trump_notvoid2(&v, &mv[..n], &mut w[..n]);
                } else {
                    weight_alloc_nt_notvoid2(&v, &mv[..n], &mut w[..n]);
                }
            } else {
                for i in 0..n {
                    w[i] = if trump_live {
                        weight_alloc_trump_void2(&v, mv[i])
                    } else {
                        weight_alloc_nt_void2(&v, mv[i])
                    };
                }
            }
        }
        _ => {
            // Following suit was weighed by `weight_alloc_combined_notvoid3`: the fourth hand is void here.
            for i in 0..n {
                w[i] = if trump_live {
                    weight_alloc_trump_void3(&v, mv[i])
                } else {
                    weight_alloc_nt_void3(&v, mv[i])
                };
            }
        }
    }
    false
}

#[cfg(test)]
mod tests;
