//! Exact uniform sampling of consistent worlds.
//!
//! # Method
//!
//! The unknown cards are grouped into *classes* of cards that may go to exactly the same
//! places (one class per suit when the only constraints are voids; a suit splits in two when a
//! 9-5-2 return caps its ranks for one player). Cards of a class are interchangeable as far as
//! the constraints go, so a world is a table `k[place][class]` (how many cards of each class
//! each place receives, zero where not allowed) together with a choice of which cards those are.
//! The number of worlds with a given table is `Π_class size! / Π k!`, so the total number of
//! worlds is a sum over tables, which a dynamic programme computes exactly in 128-bit integers,
//! filling the table one row at a time: by places (the state is how many cards of each class
//! remain) or by classes (the state is how many slots each place has left), whichever has fewer
//! states. Every node of the programme stores its choices with cumulative weights; sampling
//! walks from the root drawing one uniform integer per level, which picks each table with
//! probability proportional to its number of worlds, then shuffles each class and hands its
//! cards out. Every consistent world therefore has exactly the same probability.

use std::collections::HashMap;

use rand::Rng;
use thiserror::Error;

use crate::cards::{Card, CardSet};
use crate::rng::below;

use super::Knowledge;

mod guided;

/// The knowledge admits no world (it contradicts itself).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("no world is consistent with this knowledge: {0}")]
pub struct Inconsistent(pub String);

/// The most columns (classes or places) the programme handles; 128-bit state keys hold 21
/// six-bit counts.
const MAX_COLUMNS: usize = 21;

/// `C(n, k)` for `n, k ≤ 52`.
static BINOMIAL: [[u64; 53]; 53] = {
    let mut t = [[0u64; 53]; 53];
    let mut n = 0;
    while n < 53 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

#[derive(Clone, Debug)]
struct Choice {
    /// Cumulative weight of this and the earlier choices of the node.
    cum: u128,
    /// Offset of this choice's row in `WorldSampler::splits`.
    split: u32,
    /// The child node (`u32::MAX` at the last level).
    child: u32,
}

#[derive(Clone, Debug)]
struct Node {
    total: u128,
    choices: Vec<Choice>,
}

/// Draws worlds uniformly from those consistent with a [`Knowledge`].
///
/// Build once per position ([`WorldSampler::new`] runs the counting programme), then call
/// [`WorldSampler::sample`] as often as needed.
#[derive(Clone, Debug)]
pub struct WorldSampler {
    /// Hidden slots per place.
    slots: Vec<u8>,
    /// The unknown cards of each class, in index order.
    class_cards: Vec<Vec<Card>>,
    /// Whether the programme's levels are places (else classes).
    by_place: bool,
    nodes: Vec<Node>,
    /// Every choice's split (one count per column), flattened.
    splits: Vec<u8>,
}

struct Builder<'a> {
    levels: usize,
    columns: usize,
    /// Per level: its total (slots of the place, or size of the class).
    level_total: Vec<u8>,
    /// `allowed[level][column]`.
    allowed: Vec<Vec<bool>>,
    by_place: bool,
    memo: HashMap<(usize, u128), u32>,
    nodes: &'a mut Vec<Node>,
    splits: &'a mut Vec<u8>,
}

fn key(state: &[u8]) -> u128 {
    state.iter().fold(0u128, |k, &v| (k << 6) | v as u128)
}

impl Builder<'_> {
    /// Returns the node for `(level, state)`, building it, or `None` if it has no world.
    fn node(&mut self, level: usize, state: &mut Vec<u8>) -> Option<u32> {
        if level == self.levels {
            return None;
        }
        let k = key(state);
        if let Some(&i) = self.memo.get(&(level, k)) {
            return (i != u32::MAX).then_some(i);
        }
        let mut node = Node {
            total: 0,
            choices: Vec::new(),
        };
        let mut split = vec![0u8; self.columns];
        self.enumerate(
            level,
            0,
            self.level_total[level],
            state,
            &mut split,
            &mut node,
        );
        let idx = if node.total == 0 {
            u32::MAX
        } else {
            self.nodes.push(node);
            (self.nodes.len() - 1) as u32
        };
        self.memo.insert((level, k), idx);
        (idx != u32::MAX).then_some(idx)
    }

    /// Tries every split of `need` items over columns `col..` (at most the state's count in
    /// each allowed column), adding each split with a world to `node`.
    fn enumerate(
        &mut self,
        level: usize,
        col: usize,
        need: u8,
        state: &mut Vec<u8>,
        split: &mut Vec<u8>,
        node: &mut Node,
    ) {
        if col == self.columns {
            if need == 0 {
                self.add_choice(level, state, split, node);
            }
            return;
        }
        let room: u32 = (col..self.columns)
            .filter(|&c| self.allowed[level][c])
            .map(|c| state[c] as u32)
            .sum();
        if room < need as u32 {
            return;
        }
        let max = if self.allowed[level][col] {
            need.min(state[col])
        } else {
            0
        };
        for take in 0..=max {
            split[col] = take;
            state[col] -= take;
            self.enumerate(level, col + 1, need - take, state, split, node);
            state[col] += take;
        }
        split[col] = 0;
    }

    fn add_choice(&mut self, level: usize, state: &mut Vec<u8>, split: &[u8], node: &mut Node) {
        // The number of ways to pick this split's cards: by places, which cards of each class
        // the place takes (Π C(remaining, k)); by classes, how the class's cards are shared
        // among the places (a multinomial, Π C(left of the class, k)).
        let mut weight: u128 = 1;
        let mut left = self.level_total[level] as usize;
        for (c, &k) in split.iter().enumerate() {
            let k = k as usize;
            let b = if self.by_place {
                BINOMIAL[state[c] as usize + k][k]
            } else {
                let b = BINOMIAL[left][k];
                left -= k;
                b
            };
            weight *= b as u128;
        }
        let rest = if level + 1 == self.levels {
            if state.iter().all(|&v| v == 0) { 1 } else { 0 }
        } else {
            match self.node(level + 1, state) {
                Some(child) => self.nodes[child as usize].total,
                None => 0,
            }
        };
        if rest == 0 {
            return;
        }
        let child = if level + 1 == self.levels {
            u32::MAX
        } else {
            *self
                .memo
                .get(&(level + 1, key(state)))
                .expect("child built")
        };
        node.total += weight * rest;
        let offset = self.splits.len() as u32;
        self.splits.extend_from_slice(split);
        node.choices.push(Choice {
            cum: node.total,
            split: offset,
            child,
        });
    }
}

/// A uniform integer below `n` (`n > 0`), exactly.
fn below_u128<R: Rng + ?Sized>(rng: &mut R, n: u128) -> u128 {
    if n <= u32::MAX as u128 {
        return below(rng, n as u32) as u128;
    }
    let bits = 128 - (n - 1).leading_zeros();
    loop {
        let x = ((rng.next_u64() as u128) << 64 | rng.next_u64() as u128) >> (128 - bits);
        if x < n {
            return x;
        }
    }
}

impl WorldSampler {
    /// Runs the counting programme for `k`.
    ///
    /// # Errors
    /// If no world is consistent with `k` (which never happens for knowledge derived from a
    /// real state).
    pub fn new(k: &Knowledge) -> Result<WorldSampler, Inconsistent> {
        WorldSampler::build(k, None)
    }

    /// As [`WorldSampler::new`], optionally forcing the programme's levels to be places
    /// (`Some(true)`) or classes (`Some(false)`).
    fn build(k: &Knowledge, force_by_place: Option<bool>) -> Result<WorldSampler, Inconsistent> {
        if !k.is_balanced() {
            return Err(Inconsistent(format!(
                "{} hidden slots for {} unknown cards",
                k.places.iter().map(|p| p.hidden()).sum::<usize>(),
                k.unknown.len()
            )));
        }
        // Group the unknown cards by the places that may hold them.
        let mut groups: Vec<(u32, Vec<Card>)> = Vec::new();
        for c in k.unknown {
            let mask = k
                .places
                .iter()
                .enumerate()
                .filter(|(_, p)| !p.excluded.contains(c) && p.hidden() > 0)
                .fold(0u32, |m, (i, _)| m | 1 << i);
            if mask == 0 {
                return Err(Inconsistent(format!("no place may hold {c}")));
            }
            match groups.iter_mut().find(|g| g.0 == mask) {
                Some(g) => g.1.push(c),
                None => groups.push((mask, vec![c])),
            }
        }
        let slots: Vec<u8> = k.places.iter().map(|p| p.hidden() as u8).collect();
        let class_size: Vec<u8> = groups.iter().map(|g| g.1.len() as u8).collect();
        let n_places = slots.len();
        let n_classes = groups.len();
        let states = |counts: &[u8]| counts.iter().map(|&c| c as f64 + 1.0).product::<f64>();
        let by_place = force_by_place.unwrap_or(states(&class_size) <= states(&slots));
        let (levels, columns) = if by_place {
            (n_places, n_classes)
        } else {
            (n_classes, n_places)
        };
        if columns > MAX_COLUMNS {
            return Err(Inconsistent(format!(
                "{columns} columns exceed the sampler's {MAX_COLUMNS}"
            )));
        }
        let allowed: Vec<Vec<bool>> = (0..levels)
            .map(|l| {
                (0..columns)
                    .map(|c| {
                        let (p, cl) = if by_place { (l, c) } else { (c, l) };
                        groups[cl].0 & (1 << p) != 0
                    })
                    .collect()
            })
            .collect();
        let mut nodes = Vec::new();
        let mut splits = Vec::new();
        let sampler_levels = levels;
        let mut state: Vec<u8> = if by_place {
            class_size.clone()
        } else {
            slots.clone()
        };
        let level_total = if by_place {
            slots.clone()
        } else {
            class_size.clone()
        };
        if levels == 0 {
            return Ok(WorldSampler {
                slots,
                class_cards: Vec::new(),
                by_place,
                nodes: vec![Node {
                    total: 1,
                    choices: Vec::new(),
                }],
                splits,
            });
        }
        let mut b = Builder {
            levels: sampler_levels,
            columns,
            level_total,
            allowed,
            by_place,
            memo: HashMap::new(),
            nodes: &mut nodes,
            splits: &mut splits,
        };
        // Build the root first so that it is node 0.
        b.nodes.push(Node {
            total: 0,
            choices: Vec::new(),
        });
        let mut root = Node {
            total: 0,
            choices: Vec::new(),
        };
        let mut split = vec![0u8; columns];
        b.enumerate(0, 0, b.level_total[0], &mut state, &mut split, &mut root);
        if root.total == 0 {
            return Err(Inconsistent("the constraints leave no world".into()));
        }
        nodes[0] = root;
        Ok(WorldSampler {
            slots,
            class_cards: groups.into_iter().map(|g| g.1).collect(),
            by_place,
            nodes,
            splits,
        })
    }

    /// Draws a world's table (see [`WorldSampler::draw_table`]) into a buffer on the stack
    /// where it fits, and gives it to `then`.
    fn with_table<R: Rng + ?Sized>(&self, rng: &mut R, then: impl FnOnce(&mut R, &[u8])) {
        let cells = self.slots.len() * self.class_cards.len();
        let mut small = [0u8; 64];
        let mut big;
        let table: &mut [u8] = if cells <= 64 {
            &mut small[..cells]
        } else {
            big = vec![0u8; cells];
            &mut big
        };
        self.draw_table(rng, table);
        then(rng, table);
    }

    /// Draws the table of a world with probability proportional to its number of worlds:
    /// `table[place * classes + class]` cards of each class in each place (one uniform
    /// integer per level of the programme).
    fn draw_table<R: Rng + ?Sized>(&self, rng: &mut R, table: &mut [u8]) {
        let n_classes = self.class_cards.len();
        let columns = if self.by_place {
            n_classes
        } else {
            self.slots.len()
        };
        let mut node = 0u32;
        let mut level = 0;
        while node != u32::MAX && !self.nodes[node as usize].choices.is_empty() {
            let n = &self.nodes[node as usize];
            let x = below_u128(rng, n.total);
            let i = n.choices.partition_point(|c| c.cum <= x);
            let ch = &n.choices[i];
            let row = &self.splits[ch.split as usize..ch.split as usize + columns];
            for (col, &v) in row.iter().enumerate() {
                let (p, c) = if self.by_place {
                    (level, col)
                } else {
                    (col, level)
                };
                table[p * n_classes + c] = v;
            }
            node = ch.child;
            level += 1;
        }
    }

    /// The number of consistent worlds.
    pub fn count(&self) -> u128 {
        self.nodes[0].total
    }

    /// Draws a world: for each place of the knowledge, the unknown cards it holds.
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Vec<CardSet> {
        let mut hidden = vec![CardSet::EMPTY; self.slots.len()];
        self.sample_into(rng, &mut hidden);
        hidden
    }

    /// As [`WorldSampler::sample`], into `hidden` (one entry per place), without allocating.
    ///
    /// # Panics
    /// If `hidden` does not have one entry per place.
    pub fn sample_into<R: Rng + ?Sized>(&self, rng: &mut R, hidden: &mut [CardSet]) {
        assert_eq!(hidden.len(), self.slots.len(), "one entry per place");
        hidden.fill(CardSet::EMPTY);
        self.with_table(rng, |rng, table| self.deal_uniformly(rng, table, hidden));
    }

    /// Hands out each class's cards as `table` says, uniformly within the class.
    fn deal_uniformly<R: Rng + ?Sized>(&self, rng: &mut R, table: &[u8], hidden: &mut [CardSet]) {
        let n_classes = self.class_cards.len();
        let mut buf = [Card::from_index(0).expect("2C"); 52];
        for (c, cards) in self.class_cards.iter().enumerate() {
            let buf = &mut buf[..cards.len()];
            buf.copy_from_slice(cards);
            let mut next = 0;
            for (p, place) in hidden.iter_mut().enumerate() {
                for _ in 0..table[p * n_classes + c] {
                    // Partial Fisher–Yates: a uniform card of those still unassigned.
                    let j = next + below(rng, (buf.len() - next) as u32) as usize;
                    buf.swap(next, j);
                    place.insert(buf[next]);
                    next += 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Seat;
    use crate::knowledge::{Place, PlaceKind};
    use crate::rng::{Purpose, stream};

    /// Counts by brute force.
    pub(super) fn brute(k: &Knowledge) -> u128 {
        fn go(k: &Knowledge, cards: &[Card], left: &mut Vec<usize>) -> u128 {
            let Some((&c, rest)) = cards.split_first() else {
                return 1;
            };
            let mut n = 0;
            for (p, place) in k.places.iter().enumerate() {
                if left[p] > 0 && !place.excluded.contains(c) {
                    left[p] -= 1;
                    n += go(k, rest, left);
                    left[p] += 1;
                }
            }
            n
        }
        let cards: Vec<Card> = k.unknown.iter().collect();
        go(
            k,
            &cards,
            &mut k.places.iter().map(|p| p.hidden()).collect(),
        )
    }

    pub(super) fn random_knowledge(rng: &mut crate::rng::GameRng) -> Knowledge {
        let n_cards = 1 + below(rng, 10) as usize;
        let unknown: CardSet = CardSet::ALL
            .iter()
            .filter(|_| below(rng, 4) == 0)
            .take(n_cards)
            .collect();
        let n_places = 1 + below(rng, 4) as usize;
        let mut sizes = vec![0usize; n_places];
        for _ in 0..unknown.len() {
            sizes[below(rng, n_places as u32) as usize] += 1;
        }
        hands_holding(unknown, &sizes, |_| {
            unknown.iter().filter(|_| below(rng, 3) == 0).collect()
        })
    }

    /// Knowledge of `unknown` cards, all in hands of `sizes` hidden cards, hand `i` excluding
    /// `excluded(i)`.
    pub(super) fn hands_holding(
        unknown: CardSet,
        sizes: &[usize],
        mut excluded: impl FnMut(usize) -> CardSet,
    ) -> Knowledge {
        let places = sizes
            .iter()
            .enumerate()
            .map(|(i, &size)| Place {
                kind: PlaceKind::Hand(Seat(i as u8)),
                size,
                known: CardSet::EMPTY,
                excluded: excluded(i),
            })
            .collect();
        Knowledge {
            observer: Seat(7),
            own: CardSet::EMPTY,
            played: vec![],
            voids: vec![],
            places,
            unknown,
            out_of_play: CardSet::EMPTY,
        }
    }

    #[test]
    fn both_programmes_count_exactly() {
        let mut rng = stream(9, 0, Purpose::Other, 0);
        let mut nonzero = 0;
        for _ in 0..3000 {
            let k = random_knowledge(&mut rng);
            let want = brute(&k);
            for axis in [Some(true), Some(false), None] {
                match WorldSampler::build(&k, axis) {
                    Ok(s) => {
                        assert_eq!(s.count(), want, "axis {axis:?}\n{k}");
                        let h = s.sample(&mut rng);
                        for (p, cards) in k.places.iter().zip(&h) {
                            assert_eq!(cards.len(), p.hidden());
                            assert!(cards.is_disjoint(p.excluded));
                        }
                        nonzero += 1;
                    }
                    Err(_) => assert_eq!(want, 0, "axis {axis:?}\n{k}"),
                }
            }
        }
        assert!(nonzero > 3000);
    }
}
