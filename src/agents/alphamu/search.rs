//! One αμ search over a set of worlds: Max nodes (the searching seat's decisions, one card for
//! every world), the other seats' nodes (each world its own card), double-dummy leaves, and the
//! paper's cuts (see [`Cuts`]).

use crate::cards::{Card, CardSet};
use crate::games::{Action, Seat, Sides};
use crate::solver::{Solvable, Solver};

use super::cuts::{Cuts, Limit};
use super::front::Front;
use super::params::Goal;
use super::table::{FrontTable, Key};

/// What a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Double-dummy solves (one per world and node solved).
    pub solves: u64,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes stopped by an early cut.
    pub early_cuts: u64,
    /// Root cards not searched (or not to the end) at an iteration: the root cut.
    pub root_cuts: u64,
    /// Max nodes' fronts found in the table.
    pub table_hits: u64,
}

/// A root card's value: the best sum over the worlds of a vector of its front.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct RootCard {
    /// The card.
    pub card: Card,
    /// The best sum; where `exact` is false, an upper bound that a cut found not to beat the
    /// card chosen.
    pub sum: i64,
    /// Whether the card was searched to the end.
    pub exact: bool,
}

/// Each card's entries over the worlds at a node, from one double-dummy solve per world.
struct Rows {
    n: usize,
    legal: CardSet,
    values: Vec<i32>,
}

impl Rows {
    fn row(&self, c: Card) -> &[i32] {
        let i = c.index() as usize * self.n;
        &self.values[i..i + self.n]
    }

    fn sum(&self, c: Card) -> i64 {
        self.row(c).iter().map(|&x| i64::from(x)).sum()
    }
}

/// The worlds' bits.
fn live<G>(worlds: &[(usize, G)]) -> u64 {
    worlds.iter().fold(0, |m, &(w, _)| m | 1 << w)
}

/// The worlds where `card` is legal, after it.
fn play<G: Solvable>(worlds: &[(usize, G)], card: Card) -> Vec<(usize, G)> {
    worlds
        .iter()
        .filter(|(_, s)| s.legal_actions().cards().contains(card))
        .map(|(w, s)| {
            let mut s = s.clone();
            s.apply(Action::Play(card));
            (*w, s)
        })
        .collect()
}

/// One αμ search: the solver, whose side searches, how vectors are scored, and the cuts.
pub(super) struct Search<'s> {
    pub solver: &'s mut Solver,
    pub table: &'s mut FrontTable,
    pub me: Seat,
    pub sides: Sides,
    pub n: usize,
    pub goal: Goal,
    pub target: i32,
    pub cap: usize,
    pub cuts: Cuts,
    pub stats: SearchStats,
    /// Whether a front was capped (in this iteration, or below this node).
    pub capped: bool,
}

impl Search<'_> {
    /// A world's entry for the side's final value `v`.
    fn score(&self, v: i32) -> i32 {
        match self.goal {
            Goal::Mean => v,
            Goal::Target => i32::from(v >= self.target),
        }
    }

    /// Every card's double-dummy value (scored when `scored`) in each of `worlds`; `fill`
    /// where a card is not legal or a world not at the node.
    fn rows<G: Solvable>(&mut self, worlds: &[(usize, G)], fill: i32, scored: bool) -> Rows {
        let mut values = vec![fill; 64 * self.n];
        let mut legal = CardSet::EMPTY;
        for (w, s) in worlds {
            let pos = s.position_for(self.me).expect("a card to play");
            self.stats.solves += 1;
            let solution = self.solver.solve(&pos);
            for (c, v) in solution.cards() {
                legal.insert(c);
                values[c.index() as usize * self.n + *w] = if scored { self.score(v) } else { v };
            }
        }
        Rows {
            n: self.n,
            legal,
            values,
        }
    }

    /// Each legal card of the searching seat (to play in every one of `worlds`, all of them
    /// alive) with the best sum of its front, `m` of its moves searched.
    pub(super) fn root<G: Solvable>(&mut self, worlds: &[(usize, G)], m: u32) -> Vec<RootCard> {
        self.table.clear();
        self.capped = false;
        let mut rows = self.rows(worlds, 0, false);
        if self.goal == Goal::Target {
            // PIMC's best mean, rounded.
            let best = rows.legal.iter().map(|c| rows.sum(c)).max().unwrap_or(0);
            self.target = (best as f64 / self.n as f64).round() as i32;
            for v in &mut rows.values {
                *v = self.score(*v);
            }
        }
        let mut cards: Vec<RootCard> = rows
            .legal
            .iter()
            .map(|card| RootCard {
                card,
                sum: rows.sum(card),
                exact: true,
            })
            .collect();
        if m <= 1 || worlds[0].1.hand(self.me).len() <= 1 {
            return cards;
        }
        for c in &mut cards {
            c.exact = false;
        }
        let first = if self.cuts.root { 2 } else { m };
        for depth in first..=m {
            self.iteration(worlds, depth, &rows, &mut cards);
        }
        cards
    }

    /// One iteration of the root's search, to `depth` moves; `cards` holds the previous
    /// iteration's sums and receives this one's.
    ///
    /// The root cut: searching deeper only removes fusion, so a card's sum at the previous
    /// iteration bounds its sum at this one, unless a front was capped there (then its PIMC sum,
    /// the double-dummy bound, is used). The cards are tried by their bounds, best first, and a
    /// card whose bound cannot beat the best card so far is not searched.
    fn iteration<G: Solvable>(
        &mut self,
        worlds: &[(usize, G)],
        depth: u32,
        rows: &Rows,
        cards: &mut [RootCard],
    ) {
        let sound = !self.capped;
        self.capped = false;
        let bounds: Vec<i64> = cards
            .iter()
            .map(|c| if sound { c.sum } else { rows.sum(c.card) })
            .collect();
        let mut order: Vec<usize> = (0..cards.len()).collect();
        if self.cuts.root {
            order.sort_by(|&a, &b| {
                bounds[b]
                    .cmp(&bounds[a])
                    .then(cards[a].card.cmp(&cards[b].card))
            });
        }
        let mut best: Option<(i64, Card)> = None;
        for i in order {
            let card = cards[i].card;
            // The least sum with which this card would be chosen over the best so far.
            let need = best.map(|(s, b)| s + i64::from(card > b));
            if self.cuts.root && need.is_some_and(|t| bounds[i] < t) {
                self.stats.root_cuts += 1;
                cards[i] = RootCard {
                    card,
                    sum: bounds[i],
                    exact: false,
                };
                continue;
            }
            let next = play(worlds, card);
            let limit = need.filter(|_| self.cuts.early).map(Limit::Below);
            let (front, cut) = self.node(&next, depth - 1, limit, Some(rows.row(card)));
            let sum = front.best_sum().unwrap_or(i64::MIN);
            cards[i] = RootCard {
                card,
                sum,
                exact: !cut,
            };
            if !cut && best.is_none_or(|(s, b)| sum > s || (sum == s && card < b)) {
                best = Some((sum, card));
            }
        }
    }

    /// Caps `front` to the search's size, noting whether it dropped a vector.
    fn cap(&mut self, front: &mut Front) {
        if self.cap > 0 && front.len() > self.cap {
            self.capped = true;
            front.cap(self.cap);
        }
    }

    /// The front of a Max node (the searching seat to play in every one of `worlds`), with `m`
    /// of its moves left to search.
    fn max_node<G: Solvable>(&mut self, worlds: &[(usize, G)], m: u32) -> Front {
        let key = self
            .cuts
            .table
            .then(|| Key::new(&worlds[0].1, self.me, live(worlds), m));
        if let Some((f, capped)) = key.as_ref().and_then(|k| self.table.get(k)) {
            self.stats.table_hits += 1;
            self.capped |= *capped;
            return f.clone();
        }
        let outer = std::mem::replace(&mut self.capped, false);
        let first = &worlds[0].1;
        let mut front = Front::empty(self.n);
        if m <= 1 || first.hand(self.me).len() <= 1 {
            // Leaves: every world solved double-dummy, one solve valuing every card.
            let rows = self.rows(worlds, 0, true);
            for c in rows.legal {
                front.insert(rows.row(c));
            }
        } else if self.cuts.early {
            // Each card's double-dummy values bound its front: try the best first, and stop
            // once a vector reaches the double-dummy value of every world.
            let rows = self.rows(worlds, 0, true);
            let mut top = vec![0; self.n];
            for c in rows.legal {
                for (t, &v) in top.iter_mut().zip(rows.row(c)) {
                    *t = (*t).max(v);
                }
            }
            let mut order: Vec<Card> = rows.legal.iter().collect();
            order.sort_by_key(|&c| (std::cmp::Reverse(rows.sum(c)), c));
            for c in order {
                if front.covers(&top) {
                    self.stats.early_cuts += 1;
                    break;
                }
                let next = play(worlds, c);
                let limit = Some(Limit::Dominated(&front));
                let (f, _) = self.node(&next, m - 1, limit, Some(rows.row(c)));
                front.union(&f);
            }
        } else {
            for c in first.legal_actions().cards() {
                let (f, _) = self.node(&play(worlds, c), m - 1, None, None);
                front.union(&f);
            }
        }
        self.cap(&mut front);
        let capped = self.capped;
        self.capped |= outer;
        if let Some(k) = key {
            self.table.put(k, (front.clone(), capped));
        }
        front
    }

    /// The front of a node (every world in `worlds` at the same public point of the hand),
    /// with `m` of the searching seat's moves left, and whether a cut stopped it against
    /// `limit` (then the front returned is an upper bound, each of the node's vectors
    /// dominated by one of it). `hint`: an upper bound of the node's value in each world.
    fn node<G: Solvable>(
        &mut self,
        worlds: &[(usize, G)],
        m: u32,
        limit: Option<Limit<'_>>,
        hint: Option<&[i32]>,
    ) -> (Front, bool) {
        self.stats.nodes += 1;
        let actor = worlds[0]
            .1
            .to_act()
            .expect("the searching seat plays again before the hand ends");
        if actor == self.me {
            return (self.max_node(worlds, m), false);
        }
        let partner = self.sides.side(actor) == self.sides.side(self.me);
        // Only an opponent's node is cut: its front can only fall as its cards are tried.
        let limit = limit.filter(|_| !partner);
        let alive = live(worlds);
        if let (Some(l), Some(h)) = (limit, hint) {
            let bound = Front::single(h).with_others(alive, 0);
            if l.cuts(&bound) {
                self.stats.early_cuts += 1;
                return (bound, true);
            }
        }
        let (neutral, op): (i32, fn(i32, i32) -> i32) = if partner {
            (i32::MIN, i32::max)
        } else {
            (i32::MAX, i32::min)
        };
        let moves = worlds
            .iter()
            .fold(CardSet::EMPTY, |a, (_, s)| a | s.legal_actions().cards());
        let dd = match limit {
            Some(_) if moves.len() > 1 => Some(self.rows(worlds, i32::MAX, true)),
            _ => None,
        };
        let mut acc = Front::single(&vec![neutral; self.n]);
        let mut left = moves;
        for c in moves {
            let next = play(worlds, c);
            let (child, _) = self.node(&next, m, None, None);
            acc = acc.combine(&child.with_others(live(&next), neutral), op);
            self.cap(&mut acc);
            left.remove(c);
            if let (Some(l), Some(dd)) = (limit, &dd)
                && !left.is_empty()
            {
                let bound = self.bound(&acc, dd, left, alive);
                if l.cuts(&bound) {
                    self.stats.early_cuts += 1;
                    return (bound, true);
                }
            }
        }
        // Worlds not at this node: 0, so that they do not tell vectors apart.
        (acc.with_others(alive, 0), false)
    }

    /// An upper bound of an opponent's node's front: each vector of `acc` (the cards tried so
    /// far) with each world's entry lowered to the least double-dummy value of the cards
    /// `left` to try there; 0 in the worlds not at the node.
    fn bound(&self, acc: &Front, dd: &Rows, left: CardSet, live: u64) -> Front {
        let mut rest = vec![i32::MAX; self.n];
        for c in left {
            for (r, &x) in rest.iter_mut().zip(dd.row(c)) {
                *r = (*r).min(x);
            }
        }
        let mut out = Front::empty(self.n);
        let mut v = vec![0; self.n];
        for a in acc.rows() {
            for (w, (x, (&y, &r))) in v.iter_mut().zip(a.iter().zip(&rest)).enumerate() {
                *x = if live >> w & 1 == 1 { y.min(r) } else { 0 };
            }
            out.insert(&v);
        }
        out
    }
}
