//! Second hand: DDS's `WeightAllocTrumpNotvoid1`, `WeightAllocNTNotvoid1`,
//! `WeightAllocTrumpVoid1` and `WeightAllocNTVoid1`.

use super::view::*;

/// Second hand follows suit, trumps in play (DDS's `WeightAllocTrumpNotvoid1`): by
/// whether the card (or partner, playing fourth) can win the trick, minding who can ruff.
pub(super) fn weight_alloc_trump_notvoid1(v: &View, m: Mv) -> i16 {
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

/// Second hand follows suit without trumps (DDS's `WeightAllocNTNotvoid1`): low when fourth
/// hand (partner) wins anyway, a card above the lead and third hand when it can, else low.
pub(super) fn weight_alloc_nt_notvoid1(v: &View, m: Mv) -> i16 {
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

/// Second hand is void in the suit led, trumps in play (DDS's `WeightAllocTrumpVoid1`): ruff
/// or discard, by what partner and fourth hand hold; discards from long suits first.
pub(super) fn weight_alloc_trump_void1(v: &View, m: Mv) -> i16 {
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

/// Second hand is void without trumps (DDS's `WeightAllocNTVoid1`): discard low from long
/// suits, keeping a guarded second-highest card and a bare top card.
pub(super) fn weight_alloc_nt_void1(v: &View, m: Mv) -> i16 {
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
