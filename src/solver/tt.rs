//! The transposition table: bounds on the value still to come from a position at the start of
//! a trick, stored under the position's [`Shape`] with the [`Pattern`] of the cards that
//! mattered (see [`key`](super::key)), and the move that last proved a bound.
//!
//! A shape hashes to a bucket of eight entries, which may hold several patterns of one shape.
//! A store narrows the bounds of an entry with the same shape and pattern, or takes an empty
//! or stale slot, or else replaces the entry with the fewest tricks left (the cheapest to
//! recompute). A new generation invalidates every entry at once; the table is cleared only
//! when the generation counter wraps. Bounds are facts about every position with the shape and
//! pattern, so entries stay valid across deals as long as trumps, the side and the scoring are
//! unchanged.

use super::key::{Pattern, Shape};

/// Entries per bucket.
const WAYS: usize = 8;

/// "No best move recorded."
pub(super) const NO_MOVE: u8 = 0xFF;

/// One stored bound.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    shape: Shape,
    pattern: Pattern,
    /// The value to come is at least `lo`.
    lo: u8,
    /// The value to come is at most `hi`.
    hi: u8,
    /// The best move found, as stored by `Position::top_index`.
    best: u8,
    /// The generation; 0 marks an empty entry.
    generation: u8,
}

/// A stored bound that applies to a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Hit {
    /// Lower bound on the value to come.
    pub lo: u8,
    /// Upper bound on the value to come.
    pub hi: u8,
    /// The best move, or [`NO_MOVE`].
    pub best: u8,
    /// The pattern the bound was stored with.
    pub pattern: Pattern,
}

/// A transposition table of `2^bits` entries, allocated on first use.
#[derive(Clone, Debug)]
pub(super) struct TransTable {
    entries: Vec<Entry>,
    bits: u32,
    generation: u8,
}

impl TransTable {
    /// A table of `2^bits` entries (at least one bucket).
    pub fn new(bits: u32) -> TransTable {
        TransTable {
            entries: Vec::new(),
            bits: bits.max(WAYS.trailing_zeros()),
            generation: 1,
        }
    }

    /// The table's size in bytes once allocated.
    pub fn bytes(&self) -> usize {
        (1usize << self.bits) * std::mem::size_of::<Entry>()
    }

    /// Forgets every entry.
    pub fn new_generation(&mut self) {
        if self.generation == u8::MAX {
            self.entries.iter_mut().for_each(|e| *e = Entry::default());
            self.generation = 1;
        } else {
            self.generation += 1;
        }
    }

    #[inline]
    fn bucket(&self, s: &Shape) -> usize {
        let h = s.dist[0].wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ s.dist[1]
                .rotate_left(23)
                .wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
            ^ (s.c as u64).wrapping_mul(0x1656_67b1_9e37_79f9);
        let h = h ^ (h >> 31);
        let bucket_bits = self.bits - WAYS.trailing_zeros();
        ((h.wrapping_mul(0xd6e8_feb8_6659_fd93)) >> (64 - bucket_bits)) as usize * WAYS
    }

    /// Calls `f` with each stored bound of `shape` whose pattern `has` accepts, until `f`
    /// returns `true`; returns the entry `f` accepted.
    #[inline]
    pub fn probe(
        &self,
        shape: &Shape,
        has: impl Fn(&Pattern) -> bool,
        mut f: impl FnMut(&Hit) -> bool,
    ) -> Option<Hit> {
        if self.entries.is_empty() {
            return None;
        }
        let i = self.bucket(shape);
        for e in &self.entries[i..i + WAYS] {
            if e.generation == self.generation && e.shape == *shape && has(&e.pattern) {
                let hit = Hit {
                    lo: e.lo,
                    hi: e.hi,
                    best: e.best,
                    pattern: e.pattern,
                };
                if f(&hit) {
                    return Some(hit);
                }
            }
        }
        None
    }

    /// Narrows the bounds stored for `shape` and `pattern` to `lo..=hi` (intersected with
    /// what is there) and records `best` unless it is [`NO_MOVE`].
    #[inline]
    pub fn store(&mut self, shape: &Shape, pattern: &Pattern, lo: u8, hi: u8, best: u8) {
        if self.entries.is_empty() {
            self.entries = vec![Entry::default(); 1 << self.bits];
        }
        let i = self.bucket(shape);
        let generation = self.generation;
        let bucket = &mut self.entries[i..i + WAYS];
        if let Some(e) = bucket
            .iter_mut()
            .find(|e| e.generation == generation && e.shape == *shape && e.pattern == *pattern)
        {
            e.lo = e.lo.max(lo);
            e.hi = e.hi.min(hi);
            if best != NO_MOVE {
                e.best = best;
            }
            return;
        }
        let slot = match bucket.iter().position(|e| e.generation != generation) {
            Some(j) => j,
            None => (0..WAYS)
                .min_by_key(|&j| bucket[j].shape.depth())
                .expect("a bucket has entries"),
        };
        bucket[slot] = Entry {
            shape: *shape,
            pattern: *pattern,
            lo,
            hi,
            best,
            generation,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_narrow_and_generations_forget() {
        let mut t = TransTable::new(8);
        let shape = Shape { dist: [1, 2], c: 3 };
        let pattern = Pattern {
            ks: 1,
            tops: [1, 0, 0, 0],
        };
        let any = |_: &Pattern| true;
        assert_eq!(t.probe(&shape, any, |_| true), None);
        t.store(&shape, &pattern, 2, 9, NO_MOVE);
        t.store(&shape, &pattern, 0, 5, 0x12);
        let hit = t.probe(&shape, any, |_| true).unwrap();
        assert_eq!((hit.lo, hit.hi, hit.best), (2, 5, 0x12));
        assert_eq!(t.probe(&shape, |p| p.ks == 2, |_| true), None);
        t.new_generation();
        assert_eq!(t.probe(&shape, any, |_| true), None);
    }
}
