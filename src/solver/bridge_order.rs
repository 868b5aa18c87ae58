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
#![allow(clippy::if_same_then_else)]

use super::encoding::{NO_TRUMP, lane};
use super::moves::MoveList;
use super::position::Position;

/// The left-hand opponent, partner and right-hand opponent of `h`.
#[inline]
const fn lho(h: usize) -> usize {
    (h + 1) & 3
}
#[inline]
const fn partner(h: usize) -> usize {
    (h + 2) & 3
}
#[inline]
const fn rho(h: usize) -> usize {
    (h + 3) & 3
}

/// DDS's rank of the highest card of a lane (0 when empty).
#[inline]
fn highest(l: u64) -> i32 {
    if l == 0 {
        0
    } else {
        65 - l.leading_zeros() as i32
    }
}

/// DDS's rank of the lowest card of a lane (0 when empty).
#[inline]
fn lowest(l: u64) -> i32 {
    if l == 0 {
        0
    } else {
        l.trailing_zeros() as i32 + 2
    }
}

/// A card of some hand: its DDS rank and its holder (hand 4 when there is none).
#[derive(Clone, Copy)]
struct Top {
    rank: i32,
    hand: usize,
}

const NONE: Top = Top { rank: 0, hand: 4 };

/// What the weights look at, computed once per node.
struct View<'a> {
    p: &'a Position,
    trump: u8,
    lead: usize,
    curr: usize,
    /// Tricks left, counting the one in progress.
    tricks: i32,
}

impl View<'_> {
    /// The cards hand `h` holds in suit `s`.
    #[inline]
    fn ris(&self, h: usize, s: u8) -> u64 {
        if s == NO_TRUMP || h > 3 {
            0
        } else {
            lane(self.p.hand_bits(h), s)
        }
    }

    /// How many cards hand `h` holds in suit `s`.
    #[inline]
    fn len(&self, h: usize, s: u8) -> i32 {
        self.ris(h, s).count_ones() as i32
    }

    /// The holder of live card `bit` of suit `s` (a hand, or the seat that played it to the
    /// trick in progress).
    fn owner(&self, s: u8, bit: u32) -> usize {
        let c = (s << 4) | bit as u8;
        // Which hand holds it, without a branch per hand (that would be as good as random).
        let held = (0..4).fold(0, |a, h| a | (self.p.hand_bits(h) >> c & 1) << h);
        if held != 0 {
            return held.trailing_zeros() as usize;
        }
        let i = self
            .p
            .trick_so_far()
            .iter()
            .position(|&t| t == c)
            .unwrap_or(0);
        (self.lead + i) & 3
    }

    /// The `n`-th highest card (0: the highest) of suit `s` among the cards live at the start
    /// of the trick.
    fn nth_top(&self, s: u8, n: u32) -> Top {
        let mut l = self.p.live_lane(s);
        for _ in 0..n {
            if l == 0 {
                return NONE;
            }
            l &= !(1u64 << (63 - l.leading_zeros()));
        }
        if l == 0 {
            return NONE;
        }
        let bit = 63 - l.leading_zeros();
        Top {
            rank: bit as i32 + 2,
            hand: self.owner(s, bit),
        }
    }

    /// The hand holding the third-highest card of suit `s` among the cards in hands.
    fn third_hand(&self, s: u8) -> usize {
        let mut l = (0..4).fold(0, |a, h| a | self.ris(h, s));
        for _ in 0..2 {
            if l == 0 {
                return 4;
            }
            l &= !(1u64 << (63 - l.leading_zeros()));
        }
        if l == 0 {
            4
        } else {
            self.owner(s, 63 - l.leading_zeros())
        }
    }

    /// The cards of suit `s` in hands.
    #[inline]
    fn held(&self, s: u8) -> u64 {
        (0..4).fold(0, |a, h| a | self.ris(h, s))
    }

    /// The rank of `rank` among the cards of suit `s` in hands, from the top (1 is highest).
    #[inline]
    fn rel_rank(&self, s: u8, rank: i32) -> i32 {
        rank_among(self.held(s), rank)
    }
}

/// The rank of DDS rank `rank` among the cards `held` (one suit's cards in hands), from the
/// top (1 is highest).
#[inline]
fn rank_among(held: u64, rank: i32) -> i32 {
    (held >> (rank - 2)).count_ones() as i32
}

/// One move as the weights see it: suit, DDS rank (the top of its class), and whether its
/// class holds more than one card.
///
/// The fields fill eight bytes with no padding, so that the array of moves starts zeroed in a
/// few wide stores.
#[derive(Clone, Copy)]
struct Mv {
    rank: i32,
    suit: u8,
    sequence: bool,
    _unused: u16,
}

fn moves_of(list: &MoveList) -> [Mv; 16] {
    let mut out = [Mv {
        rank: 0,
        suit: 0,
        sequence: false,
        _unused: 0,
    }; 16];
    for (i, &class) in list.classes().iter().enumerate() {
        let top = 63 - class.leading_zeros();
        out[i] = Mv {
            suit: (top / 16) as u8,
            rank: (top % 16) as i32 + 2,
            sequence: class.count_ones() > 1,
            _unused: 0,
        };
    }
    out
}

/// Weighs the moves of the seat to play at a four-seat partnership table. `killer` is the
/// move that last cut off at this depth; `remembered` the table's best move. Returns whether
/// the list is in order already (fourth hand following suit, whose order comes straight from
/// the position), so that it needs no sort (its weights are then left unset).
pub(super) fn weigh(p: &Position, list: &mut MoveList, killer: u8, remembered: Option<u8>) -> bool {
    if p.trick_len() == 3 && list.cards[0] >> 4 == p.led() {
        fourth_follows(p, list);
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
            let is = |i: usize, c: Option<u8>| c.is_some_and(|c| c == list.cards[i]);
            // The moves come suit by suit: what a suit's cards share is worked out once.
            let mut i = 0;
            while i < n {
                let s = mv[i].suit;
                let tops = (v.nth_top(s, 0), v.nth_top(s, 1));
                let mut suit = if trump_live {
                    lead_trump_suit(&v, s, tops)
                } else {
                    lead_nt_suit(&v, s, tops)
                };
                while i < n && mv[i].suit == s {
                    let (k, t) = (killer == list.cards[i], is(i, remembered));
                    w[i] = if trump_live {
                        lead_trump(&v, &mut suit, mv[i], k, t)
                    } else {
                        lead_nt(&v, &mut suit, mv[i], k, t)
                    };
                    i += 1;
                }
            }
        }
        1 => {
            let led = p.led();
            for i in 0..n {
                w[i] = match (mv[i].suit == led, trump_live) {
                    (true, true) => second_trump_follow(&v, mv[i]),
                    (true, false) => second_nt_follow(&v, mv[i]),
                    (false, true) => second_trump_void(&v, mv[i]),
                    (false, false) => second_nt_void(&v, mv[i]),
                };
            }
        }
        2 => {
            let led = p.led();
            let follows = n > 0 && mv[0].suit == led;
            if follows {
                third_follow(&v, &mv[..n], &mut w[..n], trump_live);
            } else {
                for i in 0..n {
                    w[i] = if trump_live {
                        third_trump_void(&v, mv[i])
                    } else {
                        third_nt_void(&v, mv[i])
                    };
                }
            }
        }
        _ => {
            // Following suit was weighed by `fourth_follows`: the fourth hand is void here.
            for i in 0..n {
                w[i] = if trump_live {
                    fourth_trump_void(&v, mv[i])
                } else {
                    fourth_nt_void(&v, mv[i])
                };
            }
        }
    }
    false
}

// ---- The trick so far, as DDS tracks it. ----

/// The rank of the card led.
fn lead0(v: &View) -> i32 {
    (v.p.trick_so_far()[0] & 15) as i32 + 2
}

/// The winning card of the trick so far (as the position keeps it): its suit, DDS rank and
/// hand relative to the leader.
#[inline]
fn winning_so_far(v: &View) -> (u8, i32, usize) {
    let p = v.p;
    let best = p.winning_card();
    let who = (p.winning_seat() as usize + 4 - v.lead) & 3;
    (best >> 4, (best & 15) as i32 + 2, who)
}

// ---- On lead. ----

/// What the lead weights of the cards of one suit share: everything that does not depend on
/// the card's rank, worked out once per suit.
struct LeadSuit {
    /// The holders and ranks of the suit's highest and second-highest cards.
    winner: Top,
    second: Top,
    /// The suit's cards in hands (for relative ranks).
    held: u64,
    /// Whether a lead of the suit's highest card wins the trick.
    top_wins: bool,
    /// Whether a lead of a lower card wins it.
    other_wins: bool,
    /// An opponent's singleton is the suit's highest card.
    singleton_top: bool,
    /// The suit's weight before what depends on whether the lead wins.
    base: i32,
    /// The suit's weight when the lead wins.
    swd_win: i32,
    /// The suit's weight when it does not. It needs the holder of the third-highest card, so
    /// it is worked out when a card of the suit first does not win.
    swd_lose: Option<i32>,
    /// The right-hand opponent's length.
    count_rh: i32,
}

impl LeadSuit {
    /// Whether a lead of `m` wins the trick.
    #[inline]
    fn wins(&self, m: Mv) -> bool {
        if self.winner.rank == m.rank {
            self.top_wins
        } else {
            self.other_wins
        }
    }

    /// `m`'s rank among the suit's cards in hands, from the top (1 is highest).
    #[inline]
    fn rel_rank(&self, m: Mv) -> i32 {
        rank_among(self.held, m.rank)
    }
}

/// Whether an opponent of the leader holds the suit's highest card (`winner`) bare; the
/// opponents hold `count_lh` and `count_rh` cards of the suit.
#[inline]
fn singleton_top(v: &View, winner: Top, count_lh: i32, count_rh: i32) -> bool {
    (count_lh == 1 && winner.hand == lho(v.lead)) || (count_rh == 1 && winner.hand == rho(v.lead))
}

/// The opponents' lengths in a suit as DDS weighs them against a lead (a void counts as the
/// tricks left, since it can play anything), scaled by 128.
#[inline]
fn opponents_choice(v: &View, count_lh: i32, count_rh: i32) -> i32 {
    let c_lh = (if count_lh == 0 { v.tricks } else { count_lh }) << 2;
    let c_rh = (if count_rh == 0 { v.tricks } else { count_rh }) << 2;
    (c_lh + c_rh) << 5
}

/// The part of the lead weights of suit `s` that its cards share, with trumps in play.
fn lead_trump_suit(v: &View, s: u8, (winner, second): (Top, Top)) -> LeadSuit {
    let (lead, trump) = (v.lead, v.trump);
    let (lh, rh, pd) = (lho(lead), rho(lead), partner(lead));
    let suit_count = v.len(lead, s);
    let count_lh = v.len(lh, s);
    let count_rh = v.len(rh, s);
    let suit_weight_d = -(opponents_choice(v, count_lh, count_rh) / 13);
    let mut bonus = 0;
    if s != trump
        && ((v.ris(lh, s) == 0 && v.ris(lh, trump) != 0)
            || (v.ris(rh, s) == 0 && v.ris(rh, trump) != 0))
    {
        bonus = -12;
    }
    if s != trump && v.len(pd, s) == 0 && v.len(pd, trump) > 0 && count_rh > 0 {
        bonus += 17;
    }
    if winner.hand == rh || second.hand == rh {
        if count_rh != 1 {
            bonus -= 12;
        }
    } else if winner.hand == lh && second.hand == pd && v.len(pd, s) != 1 {
        bonus += 27;
    }
    if s != trump
        && suit_count == 1
        && v.len(lead, trump) > 0
        && v.len(pd, s) > 1
        && winner.hand == pd
    {
        bonus += 19;
    }
    let follows_or_cannot_ruff = |h: usize| v.len(h, s) != 0 || v.len(h, trump) == 0;
    let top_wins = if s == trump {
        true
    } else if v.len(pd, s) != 0 || v.len(pd, trump) == 0 {
        follows_or_cannot_ruff(lh) && follows_or_cannot_ruff(rh)
    } else {
        (v.len(lh, s) != 0 || v.ris(pd, trump) > v.ris(lh, trump))
            && (v.len(rh, s) != 0 || v.ris(pd, trump) > v.ris(rh, trump))
    };
    let other_wins = if v.ris(pd, s) > (v.ris(lh, s) | v.ris(rh, s)) {
        s == trump || (follows_or_cannot_ruff(lh) && follows_or_cannot_ruff(rh))
    } else if s != trump && v.len(pd, s) == 0 && v.len(pd, trump) != 0 {
        let lh_ruffs = v.len(lh, s) == 0 && v.len(lh, trump) != 0;
        let rh_ruffs = v.len(rh, s) == 0 && v.len(rh, trump) != 0;
        match (lh_ruffs, rh_ruffs) {
            (true, true) => v.ris(pd, trump) > (v.ris(lh, trump) | v.ris(rh, trump)),
            (true, false) => v.ris(pd, trump) > v.ris(lh, trump),
            (false, true) => v.ris(pd, trump) > v.ris(rh, trump),
            (false, false) => true,
        }
    } else {
        false
    };
    let swd = bonus + suit_weight_d;
    LeadSuit {
        winner,
        second,
        held: v.held(s),
        top_wins,
        other_wins,
        singleton_top: singleton_top(v, winner, count_lh, count_rh),
        base: swd,
        swd_win: swd,
        swd_lose: None,
        count_rh,
    }
}

/// The lead weight of `m` with trumps in play, from the part its suit's cards share.
fn lead_trump(v: &View, ls: &mut LeadSuit, m: Mv, killer: bool, remembered: bool) -> i16 {
    let lead = v.lead;
    let pd = partner(lead);
    let (winner, second) = (ls.winner, ls.second);
    let r_rank = ls.rel_rank(m);
    let win = ls.wins(m);
    let mut w = if win {
        let swd = ls.swd_win;
        if ls.singleton_top {
            swd + 35 + r_rank
        } else if winner.hand == lead {
            if second.hand == pd {
                swd + 48 + r_rank
            } else if winner.rank == m.rank {
                swd + 31
            } else {
                swd - 3 + r_rank
            }
        } else if winner.hand == pd {
            if second.hand == lead {
                swd + 42 + r_rank
            } else {
                swd + 28 + r_rank
            }
        } else if m.sequence && m.rank == second.rank {
            swd + 40
        } else if m.sequence {
            swd + 22 + r_rank
        } else {
            swd + 11 + r_rank
        }
    } else {
        let swd = ls.base + losing_bonus(v, ls, m.suit, true);
        if ls.singleton_top {
            swd + r_rank + 2
        } else if winner.hand == lead {
            if second.hand == pd {
                swd + 33 + r_rank
            } else if winner.rank == m.rank {
                swd + 38
            } else {
                swd - 14 + r_rank
            }
        } else if winner.hand == pd {
            swd + 34 + r_rank
        } else if m.sequence && m.rank == second.rank {
            swd + 35
        } else {
            swd + 17 - m.rank
        }
    };
    if killer {
        w += if win { 55 } else { 18 };
    } else if remembered && win {
        w += 18;
    }
    w as i16
}

/// What a suit's weight gains when its lead does not win (worked out once per suit): for
/// the partnership's holding of the second- and third-highest cards, and without trumps
/// also for where the top two cards lie.
fn losing_bonus(v: &View, ls: &mut LeadSuit, s: u8, trumps: bool) -> i32 {
    *ls.swd_lose.get_or_insert_with(|| {
        let lead = v.lead;
        let (lh, rh, pd) = (lho(lead), rho(lead), partner(lead));
        let (winner, second) = (ls.winner, ls.second);
        let pd_len = v.len(pd, s);
        let (both, split) = if trumps { (20, 13) } else { (35, 25) };
        // With trumps the top two cards' places are in the base already.
        let mut bonus = if trumps {
            0
        } else if winner.hand == rh || second.hand == rh {
            if ls.count_rh != 1 { -10 } else { 0 }
        } else if winner.hand == lh && second.hand == pd && pd_len != 1 {
            31
        } else {
            0
        };
        let third = v.third_hand(s);
        if second.hand == pd && pd == third {
            bonus += both;
        } else if (second.hand == lead && pd == third && pd_len > 1)
            || (second.hand == pd && lead == third && pd_len > 1)
        {
            bonus += split;
        }
        bonus
    })
}

/// The part of the lead weights of suit `s` that its cards share, without trumps in play.
fn lead_nt_suit(v: &View, s: u8, (winner, second): (Top, Top)) -> LeadSuit {
    let lead = v.lead;
    let (lh, rh, pd) = (lho(lead), rho(lead), partner(lead));
    let count_lh = v.len(lh, s);
    let count_rh = v.len(rh, s);
    let mut base = -(opponents_choice(v, count_lh, count_rh) / 19);
    if v.len(pd, s) == 0 {
        base -= 9;
    }
    let mut swd_win = base;
    if second.hand == rh {
        if count_rh != 1 {
            swd_win -= 1;
        }
    } else if second.hand == lh {
        swd_win += if count_lh != 1 { 22 } else { 16 };
    }
    swd_win += if (second.hand != lh || count_lh == 1) && (second.hand != rh || count_rh == 1) {
        45
    } else {
        18
    };
    LeadSuit {
        winner,
        second,
        held: v.held(s),
        top_wins: true,
        other_wins: v.ris(pd, s) > (v.ris(lh, s) | v.ris(rh, s)),
        singleton_top: singleton_top(v, winner, count_lh, count_rh),
        base,
        swd_win,
        swd_lose: None,
        count_rh,
    }
}

/// The lead weight of `m` without trumps in play, from the part its suit's cards share.
fn lead_nt(v: &View, ls: &mut LeadSuit, m: Mv, killer: bool, remembered: bool) -> i16 {
    let r_rank = ls.rel_rank(m);
    let can_win = ls.wins(m);
    let mut w = if can_win {
        ls.swd_win + r_rank
    } else {
        let swd = ls.base + losing_bonus(v, ls, m.suit, false);
        if ls.singleton_top {
            swd + 28 + r_rank
        } else if ls.winner.hand == v.lead {
            swd - 17 + r_rank
        } else if !m.sequence {
            swd + 12 + r_rank
        } else if m.rank == ls.second.rank {
            swd + 48
        } else {
            swd + 29 - r_rank
        }
    };
    if killer {
        w += if can_win { 126 } else { 47 };
    } else if remembered {
        w += if can_win { 32 } else { 19 };
    }
    w as i16
}

// ---- Second hand. ----

fn second_trump_follow(v: &View, m: Mv) -> i16 {
    let (lead, trump) = (v.lead, v.trump);
    let led = v.p.led();
    let (pd_l, rh_l) = (partner(lead), rho(lead));
    let lead0 = lead0(v);
    let max3rd = highest(v.ris(pd_l, led));
    let maxpd = highest(v.ris(rh_l, led));
    let min3rd = lowest(v.ris(pd_l, led));
    let minpd = lowest(v.ris(rh_l, led));
    let r_rank = v.rel_rank(led, m.rank);
    let mut win = false;
    if led == trump {
        win = (maxpd > lead0 && maxpd > max3rd) || (m.rank > lead0 && m.rank > max3rd);
    } else if m.rank > lead0 && m.rank > max3rd {
        if max3rd != 0 || v.len(pd_l, trump) == 0 {
            win = true;
        } else if maxpd == 0 && v.len(rh_l, trump) != 0 && v.ris(rh_l, trump) > v.ris(pd_l, trump) {
            win = true;
        }
    } else if maxpd > lead0 && maxpd > max3rd {
        win = max3rd != 0 || v.len(pd_l, trump) == 0;
    } else if lead0 > maxpd && lead0 > max3rd && lead0 > m.rank {
        if maxpd == 0 && v.len(rh_l, trump) != 0 {
            win = max3rd != 0 || v.len(pd_l, trump) == 0 || v.ris(rh_l, trump) > v.ris(pd_l, trump);
        }
    } else if maxpd == 0 && v.len(rh_l, trump) != 0 {
        win = true;
    }
    let w = if win {
        if min3rd > m.rank {
            40 + r_rank
        } else if maxpd > lead0 && v.ris(lead, led) > v.ris(rh_l, led) {
            41 + r_rank
        } else if m.rank > lead0 {
            if m.rank < maxpd {
                78 - m.rank
            } else if m.rank > max3rd {
                73 - m.rank
            } else if m.sequence {
                62 - m.rank
            } else {
                49 - m.rank
            }
        } else if maxpd > 0 {
            47 - m.rank
        } else {
            40 - m.rank
        }
    } else if m.rank < min3rd || m.rank < minpd {
        -9 + r_rank
    } else if m.rank < lead0 {
        -16 + r_rank
    } else if m.sequence {
        22 - m.rank
    } else {
        10 - m.rank
    };
    w as i16
}

fn second_nt_follow(v: &View, m: Mv) -> i16 {
    let lead = v.lead;
    let led = v.p.led();
    let lead0 = lead0(v);
    let max3rd = highest(v.ris(partner(lead), led));
    let maxpd = highest(v.ris(rho(lead), led));
    if maxpd > lead0 && maxpd > max3rd {
        return (-m.rank) as i16;
    }
    let min3rd = lowest(v.ris(partner(lead), led));
    let minpd = lowest(v.ris(rho(lead), led));
    let r_rank = v.rel_rank(led, m.rank);
    let w = if m.rank > lead0 && m.rank > max3rd {
        81 - m.rank
    } else if min3rd > m.rank || minpd > m.rank {
        -3 + r_rank
    } else if m.rank < lead0 {
        -11 + r_rank
    } else if m.sequence {
        10 + r_rank
    } else {
        13 - m.rank
    };
    w as i16
}

/// Discourages throwing from a doubleton headed by the second-highest card.
fn kx(v: &View, s: u8, count: i32) -> bool {
    count == 2 && v.nth_top(s, 1).hand == v.curr
}

fn second_trump_void(v: &View, m: Mv) -> i16 {
    let (lead, trump, s) = (v.lead, v.trump, m.suit);
    let led = v.p.led();
    let (pd_l, rh_l) = (partner(lead), rho(lead));
    let lead_bit = 1u64 << (lead0(v) - 2);
    let count = v.len(v.curr, s);
    let low_add = |div: i32, pen: i32| (count << 6) / div + if kx(v, s, count) { pen } else { 0 };
    let rho_wins = v.ris(rh_l, led) > (v.ris(pd_l, led) | lead_bit);
    let w = if led == trump {
        let add = if rho_wins {
            (count << 6) / 44
        } else {
            low_add(36, -4)
        };
        -m.rank + add
    } else if s != trump {
        let add = if v.len(pd_l, led) != 0 {
            if rho_wins || (v.len(rh_l, led) == 0 && v.len(rh_l, trump) != 0) {
                60 + (count << 6) / 44
            } else {
                -2 + low_add(36, -4)
            }
        } else if v.len(rh_l, led) == 0 && v.ris(rh_l, trump) > v.ris(pd_l, trump) {
            60 + (count << 6) / 44
        } else if v.len(pd_l, trump) == 0 && v.ris(rh_l, led) > lead_bit {
            60 + (count << 6) / 44
        } else {
            -2 + low_add(36, -4)
        };
        -m.rank + add
    } else if v.len(pd_l, led) != 0
        || (v.len(rh_l, led) == 0
            && v.len(rh_l, trump) != 0
            && v.ris(rh_l, trump) > v.ris(pd_l, trump))
    {
        24 - m.rank + (count << 6) / 44
    } else if (1u64 << (m.rank - 2)) > v.ris(pd_l, trump) {
        24 - m.rank + (count << 6) / 44
    } else {
        15 - m.rank + low_add(36, -4)
    };
    w as i16
}

fn second_nt_void(v: &View, m: Mv) -> i16 {
    let (lead, s) = (v.lead, m.suit);
    let led = v.p.led();
    let lead_bit = 1u64 << (lead0(v) - 2);
    let count = v.len(v.curr, s);
    let top = v.nth_top(s, 0);
    let add = if v.ris(rho(lead), led) > (v.ris(partner(lead), led) | lead_bit) {
        let mut a = (count << 6) / 23;
        if kx(v, s, count) {
            a -= 2;
        } else if count == 1 && top.hand == v.curr {
            a -= 3;
        }
        a
    } else {
        let mut a = (count << 6) / 33;
        if kx(v, s, count) {
            a -= 6;
        } else if count == 1 && top.hand == v.curr {
            a -= 8;
        }
        a
    };
    (-m.rank + add) as i16
}

// ---- Third hand. ----

/// Which move forces out fourth hand's top card most cheaply (DDS's `rank_forces_ace`), as
/// an index into `mv` (which is in descending rank order).
fn forces_ace(v: &View, mv: &[Mv], cards4th: u64, move1_rank: i32, high1: usize) -> Option<usize> {
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

fn third_follow(v: &View, mv: &[Mv], w: &mut [i16], trump_live: bool) {
    let (lead, trump) = (v.lead, v.trump);
    let led = v.p.led();
    let cards4th = v.ris(rho(lead), led);
    let max4th = highest(cards4th);
    let min4th = lowest(cards4th);
    let max3rd = mv[0].rank;
    let lead0 = lead0(v);
    let (move1_suit, move1_rank, high1) = winning_so_far(v);
    let low = |w: &mut [i16]| {
        for (x, m) in w.iter_mut().zip(mv) {
            *x = -m.rank as i16;
        }
    };
    let too_low = max3rd < min4th || max3rd < move1_rank;
    let force = |w: &mut [i16], margin: i32| {
        let bonus = forces_ace(v, mv, cards4th, move1_rank, high1);
        for (x, m) in w.iter_mut().zip(mv) {
            *x = if m.rank > move1_rank && m.rank > max4th {
                (margin - m.rank) as i16
            } else {
                -m.rank as i16
            };
        }
        if let Some(k) = bonus {
            w[k] += 20;
        }
    };
    let win_over = |w: &mut [i16], beat_second: bool| {
        for (x, m) in w.iter_mut().zip(mv) {
            *x = if m.rank > max4th && (!beat_second || m.rank > move1_rank) {
                (58 - m.rank) as i16
            } else {
                -m.rank as i16
            };
        }
    };
    if !trump_live {
        if high1 == 0 && lead0 > max4th {
            low(w);
        } else if too_low {
            low(w);
        } else {
            let bonus = if max4th > max3rd && max4th > move1_rank {
                forces_ace(v, mv, cards4th, move1_rank, high1)
            } else {
                None
            };
            for (x, m) in w.iter_mut().zip(mv) {
                *x = if m.rank > move1_rank && m.rank > max4th {
                    (60 - m.rank) as i16
                } else {
                    -m.rank as i16
                };
            }
            if let Some(k) = bonus {
                w[k] += 20;
            }
        }
        return;
    }
    if led == trump {
        if (high1 == 0 && lead0 > max4th) || too_low {
            low(w);
        } else if max3rd > max4th {
            win_over(w, true);
        } else {
            low(w);
            if let Some(k) = forces_ace(v, mv, cards4th, move1_rank, high1) {
                w[k] += 20;
            }
        }
    } else if move1_suit == trump {
        low(w);
    } else if high1 == 0 {
        if max4th == 0 || lead0 > max4th || too_low {
            low(w);
        } else if max3rd > max4th {
            win_over(w, false);
        } else {
            force(w, 60);
        }
    } else if max4th == 0 {
        for (x, m) in w.iter_mut().zip(mv) {
            *x = if m.rank > move1_rank {
                (20 - m.rank) as i16
            } else {
                -m.rank as i16
            };
        }
    } else if too_low {
        low(w);
    } else if max3rd > max4th {
        win_over(w, true);
    } else {
        force(w, 60);
    }
}

fn third_trump_void(v: &View, m: Mv) -> i16 {
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

fn third_nt_void(v: &View, m: Mv) -> i16 {
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

// ---- Fourth hand. ----

/// The fourth hand's order when it follows suit, straight from the position (the most common
/// ordering of all, and the simplest). When its partner is winning or the trick is ruffed,
/// its cards from the lowest up; otherwise the cards that win the trick from the lowest up,
/// then the others from the lowest up.
///
/// The moves come highest first, so the winners are the first of them: reversing the winners
/// and the others in place puts the list in order with no weights and no sort (a sort would
/// move every card past every other).
fn fourth_follows(p: &Position, list: &mut MoveList) {
    let partner_wins = p.winning_seat() as usize == lho(p.leader_seat() as usize);
    let ruffed = p.winning_card() >> 4 != p.led();
    let to_beat = if partner_wins || ruffed {
        15
    } else {
        p.winning_card() & 15
    };
    let n = list.len;
    let winners = list.cards[..n]
        .iter()
        .filter(|&&c| c & 15 > to_beat)
        .count();
    list.cards[..winners].reverse();
    list.cards[winners..n].reverse();
}

fn fourth_trump_void(v: &View, m: Mv) -> i16 {
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

fn fourth_nt_void(v: &View, m: Mv) -> i16 {
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
