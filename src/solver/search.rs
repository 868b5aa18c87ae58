//! The alpha-beta search, as a zero-window test: can the side solved for reach at least
//! `target` (its final value) from this position?
//!
//! At the start of each trick the search first tries what costs no search: the hand is over
//! or the target is out of reach either way; the transposition table; the quick-trick and
//! later-trick bounds. Only then does it try the moves, best first, stopping at the first that
//! decides the question for the coalition to move.
//!
//! Every answer comes with the cards it relied on (the *win ranks*): the card that won each
//! trick against another card of its suit, the cards a bound counted, the cards a stored entry
//! held. At a node that stops at its first good move these are that move's; at a node that
//! had to try every move they are the union, widened so that no class of equivalent cards the
//! node pruned is split by it (the proof tried one card of the class for all of them, so all
//! of them must keep their identity in the positions that share the entry). Catch the Ten's
//! live scoring trumps always keep theirs. Each answer at the start of a trick is stored as a
//! bound for every position with the same suit lengths and the same owners of those cards.

use super::Solver;
use super::bounds::{decide, trick_winner};
use super::encoding::{CardBits, NO_CARD, SolverCard};
use super::moves::{MoveList, generate};
use super::ordering::order;
use super::position::Position;
use super::tt::{Hit, Keyed};

/// An answer and the cards it relied on.
type Answer = (bool, CardBits);

impl Solver {
    /// Whether the side solved for can make at least `target` from `p`, and the cards that
    /// answer relies on.
    pub(super) fn search(&mut self, p: &Position, target: i32) -> Answer {
        if p.tricks_only() {
            self.search_for::<false>(p, target)
        } else {
            self.search_for::<true>(p, target)
        }
    }

    /// [`Solver::search`], compiled for positions that count tricks only unless `POINTS`
    /// (see [`Position::tricks_only`]).
    fn search_for<const POINTS: bool>(&mut self, p: &Position, target: i32) -> Answer {
        self.stats.nodes += 1;
        if p.trick_len() != 0 {
            // Whether winning this trick would make the target, or losing it would miss it:
            // only then is it worth asking whether one coalition is sure to win it.
            let points = p.trick_value_for::<POINTS>();
            let base = p.base_for::<POINTS>();
            let makes = base + p.future_of_for::<POINTS>(1, points) >= target;
            let rest = p.future_of_for::<POINTS>(
                p.tricks_left() as i32 - 1,
                p.live_value_for::<POINTS>() - points,
            );
            let misses = base + rest < target;
            if (makes || misses)
                && let Some((max_wins, ranks)) = trick_winner(p)
                && (if max_wins { makes } else { misses })
            {
                self.stats.bound_cuts += 1;
                return (max_wins, ranks | p.honour_ranks_for::<POINTS>());
            }
            let (ok, _, ranks) = self.try_moves::<POINTS>(p, target, None);
            return (ok, ranks);
        }
        self.stats.trick_nodes += 1;
        let honours = p.honour_ranks_for::<POINTS>();
        let need = target - p.base_for::<POINTS>();
        if need <= 0 {
            return (true, honours);
        }
        let max_future = p.max_future_for::<POINTS>();
        if p.tricks_left() == 0 || need > max_future {
            return (false, honours);
        }
        if p.tricks_left() == 1 {
            let (v, ranks) = last_trick::<POINTS>(p);
            return (v >= target, ranks | honours);
        }
        let shape = Keyed::new(p.shape_for::<POINTS>());
        let tops = if self.split_table {
            Some(p.top_owners())
        } else {
            None
        };
        let mut best_stored = NO_CARD;
        let mut unseen = true;
        let mut accept = |hit: &Hit| {
            unseen = false;
            if hit.best != NO_CARD {
                best_stored = hit.best;
            }
            hit.lo as i32 >= need || (hit.hi as i32) < need
        };
        let hit = match tops {
            None => self.tt.probe(&shape, p.layout(), &mut accept),
            Some(tops) => {
                // The chains of every set of suits with a live card that the shape has, the
                // largest set first.
                let present = self.tt.chains_of(&shape);
                let live = tops.live_suits();
                let mut fixed = live;
                loop {
                    if present >> fixed & 1 != 0 {
                        let key = shape.with_sub(tops.sub(fixed));
                        if let Some(hit) = self.tt.probe(&key, p.layout(), &mut accept) {
                            break Some(hit);
                        }
                    }
                    if fixed == 0 {
                        break None;
                    }
                    fixed = (fixed - 1) & live;
                }
            }
        };
        if let Some(hit) = hit {
            self.stats.tt_cuts += 1;
            return (hit.lo as i32 >= need, p.ranks_of(&hit.pattern) | honours);
        }
        // The bounds come after the table: it answers more of the positions that get this
        // far, and each of its answers saves the bounds' work.
        if let Some((ok, ranks)) = decide::<POINTS>(p, need) {
            self.stats.bound_cuts += 1;
            return (ok, ranks | honours);
        }
        let remembered = if best_stored == NO_CARD {
            None
        } else {
            p.card_from_top(best_stored)
        };
        let (ok, best, ranks) = self.try_moves::<POINTS>(p, target, remembered);
        let ranks = ranks | honours;
        let (lo, hi) = if ok {
            (need, max_future)
        } else {
            (0, need - 1)
        };
        let best = best.map_or(NO_CARD, |c| p.top_index(c));
        let bounds = (lo.clamp(0, 255) as u8, hi.clamp(0, 255) as u8, best);
        let pattern = p.pattern(ranks);
        let key = tops.map_or(shape, |tops| shape.with_sub(tops.sub_of(&pattern)));
        self.tt.store(&key, &pattern, bounds, unseen);
        (ok, ranks)
    }

    /// Tries the moves of the seat to play, best first. Returns the answer, the move that
    /// decided it (if one did) and the cards the answer relies on.
    #[inline]
    fn try_moves<const POINTS: bool>(
        &mut self,
        p: &Position,
        target: i32,
        remembered: Option<SolverCard>,
    ) -> (bool, Option<SolverCard>, CardBits) {
        let maxing = p.is_max(p.seat_to_play());
        let mut list = MoveList::new();
        generate(p, &mut list);
        if list.len > 1 {
            let k = self.killers[p.tricks_left()][p.trick_len() as usize];
            order(p, &mut list, remembered, k);
        }
        // The scoring trumps live here (also those in the trick) keep their identity in every
        // answer: which of them a trick holds decides its points.
        let honours = p.honour_ranks_for::<POINTS>();
        let mut all = CardBits::EMPTY;
        // Per suit, the cards below this bit need no search: a card of the suit below every
        // card that mattered has already been tried, and any other such card leads to a
        // position that differs from it only in cards that did not matter.
        let mut settled = [0u8; 4];
        for &c in list.as_slice() {
            let (s, bit) = (c.suit() as usize, c.power());
            if bit < settled[s] {
                self.stats.small_skips += 1;
                continue;
            }
            let mut child = *p;
            child.play_bit_for::<POINTS>(c);
            let (ok, mut ranks) = self.search_for::<POINTS>(&child, target);
            ranks |= honours;
            if child.trick_len() == 0 {
                ranks |= child.won_by_rank();
            }
            if ok == maxing {
                self.killers[p.tricks_left()][p.trick_len() as usize] = c;
                return (ok, Some(c), ranks);
            }
            all |= ranks;
            let mattered = all.lane(s as u8);
            let low = if mattered == 0 {
                16
            } else {
                mattered.trailing_zeros() as u8
            };
            if bit < low {
                settled[s] = settled[s].max(low);
            }
        }
        (!maxing, None, keep_classes_whole(&list, all))
    }
}

/// Widens `ranks` so that no class of equivalent moves is split: in each suit, a class with
/// cards at or above the lowest card of `ranks` and cards below it brings its lowest card in.
#[inline]
fn keep_classes_whole(list: &MoveList, mut ranks: CardBits) -> CardBits {
    for &class in list.classes() {
        if class.at_most_one() {
            continue;
        }
        let s = class.lowest().suit();
        let r = ranks.lane(s);
        if r == 0 {
            continue;
        }
        let threshold = CardBits::from_lane(s, r).lowest_alone();
        let lowest = class.lowest_alone();
        if lowest < threshold && class >= threshold {
            ranks |= lowest;
        }
    }
    ranks
}

/// The final value when one card is left in each hand (the cards play themselves), and the
/// trick's win rank.
#[inline]
fn last_trick<const POINTS: bool>(p: &Position) -> (i32, CardBits) {
    let mut q = *p;
    for _ in 0..q.seat_count() {
        let c = q.hand_bits(q.seat_to_play() as usize).lowest();
        q.play_bit_for::<POINTS>(c);
    }
    (q.base_for::<POINTS>(), q.won_by_rank())
}
