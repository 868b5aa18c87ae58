//! On lead: DDS's `WeightAllocTrump0` and `WeightAllocNT0`.

use super::view::*;

/// What the lead weights of the cards of one suit share: everything that does not depend on
/// the card's rank, worked out once per suit.
pub(super) struct LeadSuit {
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

/// The part of DDS's `WeightAllocTrump0` that the cards of suit `s` share, worked out once per
/// suit: who holds its top two cards, the opponents' lengths and ruffs, whether a lead wins.
pub(super) fn trump0_suit(v: &View, s: u8, (winner, second): (Top, Top)) -> LeadSuit {
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

/// On lead with trumps in play (DDS's `WeightAllocTrump0`): the weight of `m` from what its
/// suit's cards share ([`trump0_suit`]), its rank among the suit's cards, whether it wins the
/// trick, and the killer move and the table's best move.
pub(super) fn weight_alloc_trump0(
    v: &View,
    ls: &mut LeadSuit,
    m: Mv,
    killer: bool,
    remembered: bool,
) -> i16 {
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

/// The part of DDS's `WeightAllocNT0` that the cards of suit `s` share, worked out once per
/// suit.
pub(super) fn nt0_suit(v: &View, s: u8, (winner, second): (Top, Top)) -> LeadSuit {
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

/// On lead without trumps in play (DDS's `WeightAllocNT0`): the weight of `m` from what its
/// suit's cards share ([`nt0_suit`]), its rank, whether it wins, and the killer and best move.
pub(super) fn weight_alloc_nt0(
    v: &View,
    ls: &mut LeadSuit,
    m: Mv,
    killer: bool,
    remembered: bool,
) -> i16 {
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
