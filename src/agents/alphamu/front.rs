//! Pareto fronts: sets of value vectors over the worlds, none dominated by another.
//!
//! A vector holds one entry per world: what the searching side ends with in that world if it
//! follows one strategy (one card at each of its decisions, the same in every world it cannot
//! tell apart). A vector dominates another when it is at least as good in every world; a front
//! keeps only the vectors nothing else dominates.

/// A Pareto front of vectors of `n` entries, stored row after row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Front {
    n: usize,
    rows: Vec<i32>,
}

/// Whether `a` is at least `b` in every entry.
fn dominates(a: &[i32], b: &[i32]) -> bool {
    a.iter().zip(b).all(|(x, y)| x >= y)
}

impl Front {
    /// The empty front over `n` worlds.
    pub fn empty(n: usize) -> Front {
        Front {
            n,
            rows: Vec::new(),
        }
    }

    /// The front of the one vector `v`.
    pub fn single(v: &[i32]) -> Front {
        Front {
            n: v.len(),
            rows: v.to_vec(),
        }
    }

    /// How many vectors it holds.
    pub fn len(&self) -> usize {
        self.rows.len() / self.n.max(1)
    }

    /// The vectors.
    pub fn rows(&self) -> impl Iterator<Item = &[i32]> {
        self.rows.chunks(self.n.max(1))
    }

    /// Adds `v` unless a vector of the front dominates it; drops those `v` dominates.
    pub fn insert(&mut self, v: &[i32]) {
        if self.covers(v) {
            return;
        }
        let n = self.n;
        let mut kept = 0;
        for i in 0..self.len() {
            if !dominates(v, &self.rows[i * n..(i + 1) * n]) {
                self.rows.copy_within(i * n..(i + 1) * n, kept * n);
                kept += 1;
            }
        }
        self.rows.truncate(kept * n);
        self.rows.extend_from_slice(v);
    }

    /// Adds every vector of `other` (a Max node: the side picks one strategy among its
    /// children's).
    pub fn union(&mut self, other: &Front) {
        for r in other.rows() {
            self.insert(r);
        }
    }

    /// Every pair of a vector of `self` and one of `other` combined entry by entry with `op`
    /// (min at an opponent's node: it picks its card in each world; max at a partner's).
    pub fn combine(&self, other: &Front, op: fn(i32, i32) -> i32) -> Front {
        let mut out = Front::empty(self.n);
        let mut v = vec![0; self.n];
        for a in self.rows() {
            for b in other.rows() {
                for ((x, &p), &q) in v.iter_mut().zip(a).zip(b) {
                    *x = op(p, q);
                }
                out.insert(&v);
            }
        }
        out
    }

    /// The same front with the entries of the worlds not in `live` (a bit per world) set to
    /// `value`.
    pub fn with_others(&self, live: u64, value: i32) -> Front {
        let mut out = Front::empty(self.n);
        let mut v = vec![0; self.n];
        for r in self.rows() {
            for (w, (x, &y)) in v.iter_mut().zip(r).enumerate() {
                *x = if live >> w & 1 == 1 { y } else { value };
            }
            out.insert(&v);
        }
        out
    }

    /// Whether a vector of the front is at least `v` in every entry.
    pub fn covers(&self, v: &[i32]) -> bool {
        self.rows().any(|r| dominates(r, v))
    }

    /// Keeps at most `max` vectors (0: no limit), those with the best sums, ties to the
    /// greater vector in entry order, so that what is kept depends only on the vectors and
    /// not on the order they came in (a Max node may try its cards in any order).
    pub fn cap(&mut self, max: usize) {
        if max == 0 || self.len() <= max {
            return;
        }
        let n = self.n;
        let sum = |r: &[i32]| r.iter().map(|&x| i64::from(x)).sum::<i64>();
        let mut order: Vec<&[i32]> = self.rows().collect();
        order.sort_by(|a, b| sum(b).cmp(&sum(a)).then_with(|| b.cmp(a)));
        let mut rows = Vec::with_capacity(max * n);
        for r in &order[..max] {
            rows.extend_from_slice(r);
        }
        self.rows = rows;
    }

    /// The best sum of a vector's entries (`None` when empty).
    pub fn best_sum(&self) -> Option<i64> {
        self.rows()
            .map(|r| r.iter().map(|&x| i64::from(x)).sum())
            .max()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_only_undominated_vectors() {
        let mut f = Front::empty(3);
        f.insert(&[1, 0, 0]);
        f.insert(&[0, 1, 0]);
        f.insert(&[1, 0, 0]);
        assert_eq!(f.len(), 2);
        f.insert(&[1, 1, 0]);
        assert_eq!(f.rows().collect::<Vec<_>>(), vec![&[1, 1, 0][..]]);
        f.insert(&[0, 0, 1]);
        assert_eq!(f.len(), 2);
    }

    #[test]
    fn min_of_fronts_is_the_opponents_choice_per_world() {
        // Two strategies after each of the opponent's two cards: it picks per world.
        let a = Front::single(&[1, 1, 0]);
        let mut b = Front::single(&[0, 1, 1]);
        b.insert(&[1, 0, 1]);
        let m = a.combine(&b, i32::min);
        let rows: Vec<_> = m.rows().collect();
        assert_eq!(rows, vec![&[0, 1, 0][..], &[1, 0, 0][..]]);
        let others = Front::single(&[5, 6, 7]).with_others(0b101, i32::MAX);
        assert_eq!(others.rows().next().unwrap(), &[5, i32::MAX, 7]);
        let mut big = Front::single(&[3, 0]);
        big.insert(&[0, 4]);
        big.insert(&[2, 2]);
        big.cap(1);
        assert_eq!(
            big.rows().next().unwrap(),
            &[2, 2],
            "sums tie: the greater vector"
        );
        assert_eq!(big.best_sum(), Some(4));
        assert!(big.covers(&[1, 2]) && !big.covers(&[0, 3]));
    }

    #[test]
    fn cap_keeps_the_same_vectors_whatever_their_order() {
        let vs = [[3, 1], [1, 3], [2, 2], [4, 0]];
        let mut a = Front::empty(2);
        let mut b = Front::empty(2);
        for v in &vs {
            a.insert(v);
        }
        for v in vs.iter().rev() {
            b.insert(v);
        }
        a.cap(2);
        b.cap(2);
        let mut a: Vec<_> = a.rows().collect();
        let mut b: Vec<_> = b.rows().collect();
        a.sort();
        b.sort();
        assert_eq!(a, vec![&[3, 1][..], &[4, 0][..]]);
        assert_eq!(a, b);
    }
}
