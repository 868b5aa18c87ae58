//! What the weights look at: the position seen from the hand to play, the moves as DDS
//! sees them (suit, rank `2..=14`, sequence), and the trick so far.

use crate::solver::encoding::{NO_TRUMP, SolverCard};
use crate::solver::moves::MoveList;
use crate::solver::position::Position;

/// The left-hand opponent, partner and right-hand opponent of `h`.
#[inline]
pub(super) const fn lho(h: usize) -> usize {
    (h + 1) & 3
}
#[inline]
pub(super) const fn partner(h: usize) -> usize {
    (h + 2) & 3
}
#[inline]
pub(super) const fn rho(h: usize) -> usize {
    (h + 3) & 3
}

/// DDS's rank of the highest card of a lane (0 when empty).
#[inline]
pub(super) fn highest(l: u64) -> i32 {
    if l == 0 {
        0
    } else {
        65 - l.leading_zeros() as i32
    }
}

/// DDS's rank of the lowest card of a lane (0 when empty).
#[inline]
pub(super) fn lowest(l: u64) -> i32 {
    if l == 0 {
        0
    } else {
        l.trailing_zeros() as i32 + 2
    }
}

/// A card of some hand: its DDS rank and its holder (hand 4 when there is none).
#[derive(Clone, Copy)]
pub(super) struct Top {
    pub(super) rank: i32,
    pub(super) hand: usize,
}

pub(super) const NONE: Top = Top { rank: 0, hand: 4 };

/// What the weights look at, computed once per node.
pub(super) struct View<'a> {
    pub(super) p: &'a Position,
    pub(super) trump: u8,
    pub(super) lead: usize,
    pub(super) curr: usize,
    /// Tricks left, counting the one in progress.
    pub(super) tricks: i32,
}

impl View<'_> {
    /// The cards hand `h` holds in suit `s`.
    #[inline]
    pub(super) fn ris(&self, h: usize, s: u8) -> u64 {
        if s == NO_TRUMP || h > 3 {
            0
        } else {
            self.p.hand_bits(h).lane(s)
        }
    }

    /// How many cards hand `h` holds in suit `s`.
    #[inline]
    pub(super) fn len(&self, h: usize, s: u8) -> i32 {
        self.ris(h, s).count_ones() as i32
    }

    /// The holder of live card `bit` of suit `s` (a hand, or the seat that played it to the
    /// trick in progress).
    pub(super) fn owner(&self, s: u8, bit: u32) -> usize {
        let c = SolverCard::new(s, bit as u8);
        // Which hand holds it, without a branch per hand (that would be as good as random).
        let held = (0..4).fold(0, |a, h| a | (self.p.hand_bits(h).contains(c) as u32) << h);
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
    pub(super) fn nth_top(&self, s: u8, n: u32) -> Top {
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
    pub(super) fn third_hand(&self, s: u8) -> usize {
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
    pub(super) fn held(&self, s: u8) -> u64 {
        (0..4).fold(0, |a, h| a | self.ris(h, s))
    }

    /// The rank of `rank` among the cards of suit `s` in hands, from the top (1 is highest).
    #[inline]
    pub(super) fn rel_rank(&self, s: u8, rank: i32) -> i32 {
        rank_among(self.held(s), rank)
    }
}

/// The rank of DDS rank `rank` among the cards `held` (one suit's cards in hands), from the
/// top (1 is highest).
#[inline]
pub(super) fn rank_among(held: u64, rank: i32) -> i32 {
    (held >> (rank - 2)).count_ones() as i32
}

/// One move as the weights see it: suit, DDS rank (the top of its class), and whether its
/// class holds more than one card.
///
/// The fields fill eight bytes with no padding, so that the array of moves starts zeroed in a
/// few wide stores.
#[derive(Clone, Copy)]
pub(super) struct Mv {
    pub(super) rank: i32,
    pub(super) suit: u8,
    pub(super) sequence: bool,
    pub(super) _unused: u16,
}

pub(super) fn moves_of(list: &MoveList) -> [Mv; 16] {
    let mut out = [Mv {
        rank: 0,
        suit: 0,
        sequence: false,
        _unused: 0,
    }; 16];
    for (i, &class) in list.classes().iter().enumerate() {
        let top = class.highest();
        out[i] = Mv {
            suit: top.suit(),
            rank: top.power() as i32 + 2,
            sequence: !class.at_most_one(),
            _unused: 0,
        };
    }
    out
}

// ---- The trick so far, as DDS tracks it. ----

/// The rank of the card led.
pub(super) fn lead0(v: &View) -> i32 {
    v.p.trick_so_far()[0].power() as i32 + 2
}

/// The winning card of the trick so far (as the position keeps it): its suit, DDS rank and
/// hand relative to the leader.
#[inline]
pub(super) fn winning_so_far(v: &View) -> (u8, i32, usize) {
    let p = v.p;
    let best = p.winning_card();
    let who = (p.winning_seat() as usize + 4 - v.lead) & 3;
    (best.suit(), best.power() as i32 + 2, who)
}

/// Discourages throwing from a doubleton headed by the second-highest card.
pub(super) fn kx(v: &View, s: u8, count: i32) -> bool {
    count == 2 && v.nth_top(s, 1).hand == v.curr
}
