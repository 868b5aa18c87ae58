//! Move ordering: weights that put the moves most likely to cut off first, in the manner of
//! DDS's heuristics (simplified).
//!
//! - On lead: cash a winner that cannot be ruffed; lead low towards a partner's winner;
//!   otherwise lead low, keeping scoring cards back.
//! - Following, with a partner winning: play low if the partner's card is safe (and throw a
//!   scoring card onto it), otherwise make the trick safe if possible.
//! - Following, with an opponent winning: win with the cheapest card that no later opponent
//!   can beat, else play low and keep scoring cards back.
//! - The move the transposition table remembers goes first.

use super::bounds;
use super::bridge_order;
use super::encoding::{NO_TRUMP, SolverCard};
use super::moves::MoveList;
use super::position::Position;

/// The weight of the move the table remembers.
const REMEMBERED: i16 = 1000;

/// The bonus of the move that last cut off at the same depth (the killer move).
const KILLER: i16 = 3;

/// Whether any seat after the seat to play and before the trick ends, on the other coalition
/// from `me`, can play a card that beats solver card `x`.
#[inline]
fn beatable(p: &Position, me: u8, x: SolverCard) -> bool {
    bounds::beatable(
        p,
        p.next_seat(me),
        p.seat_count() - p.trick_len() - 1,
        p.is_max(me),
        x,
    )
}

/// How expensive a card is to give up: trumps above every side card, then rank.
#[inline]
fn strength(p: &Position, c: SolverCard) -> i16 {
    (if c.suit() == p.trump_lane() { 16 } else { 0 }) + c.power() as i16
}

/// Weighs the moves of the seat to play and sorts them; `remembered` (a solver card, if
/// any) goes first.
pub(super) fn order(
    p: &Position,
    list: &mut MoveList,
    remembered: Option<SolverCard>,
    killer: SolverCard,
) {
    if p.seat_count() == 4 && (p.side_seats() == 0b0101 || p.side_seats() == 0b1010) {
        if !bridge_order::weigh(p, list, killer, remembered) {
            list.sort();
        }
        return;
    }
    if p.trick_len() == 0 {
        weigh_leads(p, list);
    } else {
        weigh_follows(p, list);
    }
    for i in 0..list.len {
        if list.cards[i] == killer {
            list.weights[i] += KILLER;
        }
    }
    if let Some(r) = remembered {
        for i in 0..list.len {
            if list.cards[i] == r {
                list.weights[i] = REMEMBERED;
            }
        }
    }
    list.sort();
}

/// The weights of a lead, by what the card is.
struct LeadWeights {
    /// A winner an opponent can ruff.
    ruffable_winner: i16,
    /// A winner nobody can ruff (plus its points).
    winner: i16,
    /// A low card of a suit whose top card a partner holds (less its rank).
    partner_tops: i16,
    /// A card of a suit whose top card an opponent holds (less its rank and twice its points).
    opponent_tops: i16,
    /// How much a lead is discouraged per card the opponents may choose from, in eighths.
    search_size: i16,
}

/// Lead weights for most tables.
const LEADS: LeadWeights = LeadWeights {
    ruffable_winner: 25,
    winner: 70,
    partner_tops: 50,
    opponent_tops: 30,
    search_size: 20,
};

/// Lead weights at a table of three (one seat against two: 9-5-2, Catch the Ten for three).
/// There, cashing a winner cuts off less often than leading towards a partner's top card,
/// and the size of the opponents' choice matters more: on the 100 9-5-2 bench deals these
/// weights search 38% fewer nodes on the 60 deals they were not chosen on (deals 40–99:
/// 290M → 179M), and on 100 random 3-player Catch the Ten deals (12 cards a hand, full points
/// value), which they were not chosen on either, 7% fewer (8.44M → 7.82M).
const LEADS_THREE: LeadWeights = LeadWeights {
    ruffable_winner: 25,
    winner: 50,
    partner_tops: 70,
    opponent_tops: 50,
    search_size: 80,
};

fn weigh_leads(p: &Position, list: &mut MoveList) {
    let k = if p.seat_count() == 3 {
        &LEADS_THREE
    } else {
        &LEADS
    };
    let me = p.seat_to_play();
    let trump = p.trump_lane();
    let mine = p.hand_bits(me as usize);
    for i in 0..list.len {
        let c = list.cards[i];
        let s = c.suit();
        let b = c.power() as i16;
        let live = p.live_lane(s);
        let others = live & !mine.lane(s);
        let value = p.value_of(c) as i16;
        let w = if others >> c.power() <= 1 {
            // A winner: no card of another hand above it.
            let ruffable = trump != NO_TRUMP
                && s != trump
                && (0..p.seat_count()).any(|o| {
                    p.is_max(o) != p.is_max(me)
                        && p.hand_bits(o as usize).lane(s) == 0
                        && p.hand_bits(o as usize).lane(trump) != 0
                });
            if ruffable {
                k.ruffable_winner
            } else {
                k.winner + value
            }
        } else {
            let top_other = SolverCard::new(s, 63 - others.leading_zeros() as u8);
            let holder = (0..p.seat_count())
                .find(|&o| p.hand_bits(o as usize).contains(top_other))
                .unwrap_or(me);
            if p.is_max(holder) == p.is_max(me) {
                k.partner_tops - b
            } else {
                k.opponent_tops - b - 2 * value
            }
        };
        // A smaller search: prefer suits in which the opponents have few cards to choose from
        // (a void can play anything).
        let mut choices = 0i16;
        for o in 0..p.seat_count() {
            if p.is_max(o) != p.is_max(me) {
                let len = p.hand_bits(o as usize).lane(s).count_ones() as i16;
                choices += if len == 0 {
                    p.tricks_left() as i16
                } else {
                    len
                };
            }
        }
        list.weights[i] = w - choices * k.search_size / 8;
    }
}

fn weigh_follows(p: &Position, list: &mut MoveList) {
    let me = p.seat_to_play();
    let winning = p.winning_card();
    let partner_winning = p.is_max(p.winning_seat()) == p.is_max(me);
    let partner_safe = partner_winning && !beatable(p, me, winning);
    for i in 0..list.len {
        let c = list.cards[i];
        let value = p.value_of(c) as i16;
        let st = strength(p, c);
        let w = if partner_safe {
            60 - st + 4 * value
        } else if p.beats(c, winning) {
            if beatable(p, me, c) {
                45 - st - value
            } else {
                80 - st + 3 * value
            }
        } else {
            40 - st - 3 * value
        };
        list.weights[i] = w;
    }
}
