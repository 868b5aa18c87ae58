//! The transposition table: bounds on the value still to come from a position at the start of
//! a trick, stored under the position's [`Shape`] with the [`Pattern`] of the cards that
//! mattered (see [`key`](super::position::key)), and the move that last proved a bound.
//!
//! As in DDS, the entries of one shape are kept together: an index maps each shape to a chain
//! of blocks of its entries, newest first, and a probe walks the chain testing each pattern
//! (two masked compares per entry, done for a whole block at once). The index holds only a tag
//! and the head block (which holds the shape), eight bytes a slot, so that it stays in the
//! cache; it starts each generation small and doubles when half full. A shape may have many
//! patterns (every layout of the cards that mattered), and all of them stay reachable; a table
//! keyed by shape alone with a few entries per bucket would make them evict each other (it
//! searched fifteen times as many nodes on 52-card Whist deals). A store narrows the bounds of
//! an entry with the same pattern or adds one; a chain of 128 blocks recycles its oldest block,
//! which bounds the walk on the few shapes (in 9-5-2's hardest deals) that gather hundreds of
//! patterns. Blocks live in one arena; when it (or the index) is full, the table starts a new
//! generation and forgets everything, which costs speed but never correctness. Bounds are facts
//! about every position with the shape and pattern, so entries stay valid across deals as long
//! as trumps, the side and the scoring are unchanged.

use super::encoding::NO_CARD;
use super::position::{Pattern, Shape};

/// Index slots per block of the arena, as a shift: the index has half as many slots.
const INDEX_SHIFT: u32 = 1;

/// The same for a table split by top owners ([`TopOwners`]): as many slots as blocks, since
/// a shape then has a chain for each set of top owners met, and most chains stay short.
const SPLIT_INDEX_SHIFT: u32 = 0;

/// How many times more blocks a split table holds, as a shift. Its chains are many and
/// short, so their blocks are often part-empty; at the plain size the arena filled and the
/// table started afresh in the hardest 9-5-2 deals (bench deal 62: 61.3M positions searched,
/// 25.9M with four times the blocks).
const SPLIT_ARENA_SHIFT: u32 = 2;

/// Entries per block.
const PER_BLOCK: usize = 6;

/// The most blocks a shape's chain holds (768 entries): beyond that the oldest is recycled.
const MAX_CHAIN: u32 = 128;

/// Entries per block as the table is sized, as a shift: `2^bits` entries are `2^(bits - 3)`
/// blocks.
const BLOCK_SHIFT: u32 = 3;

/// Slots of the index at the start of a generation (32 KiB): it doubles whenever it is half
/// full, up to its full size. A median 52-card Whist deal stores about 2,000 shapes, whose
/// slots then stay in the first-level cache, and a fresh generation clears only what the last
/// one grew to.
const FIRST_INDEX_LEN: usize = 1 << 12;

/// Up to [`PER_BLOCK`] stored bounds of one shape, newest last. The patterns are stored by
/// field (all masks of the first owner word, then their codes, …), so that a probe tests
/// every entry of the block at once, without a branch per entry.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
struct Block {
    shape: Shape,
    /// The sub-key of the chain (see [`Keyed::with_sub`]).
    sub: u16,
    /// `mask[w][j]`: word `w` of entry `j`'s pattern mask.
    mask: [[u64; PER_BLOCK]; 2],
    /// `codes[w][j]`: word `w` of entry `j`'s owner codes.
    codes: [[u64; PER_BLOCK]; 2],
    /// The value to come is at least `lo`.
    lo: [u8; PER_BLOCK],
    /// The value to come is at most `hi`.
    hi: [u8; PER_BLOCK],
    /// The best move found, as stored by `Position::top_index`.
    best: [u8; PER_BLOCK],
    /// Entries in use.
    len: u8,
    /// Blocks in the chain from this one to its end (kept up to date in the head block).
    chain: u16,
    /// The next (older) block of the same shape plus one, or 0.
    next: u32,
}

impl Block {
    /// A block of `shape` holding one entry, before block `next` (plus one; 0: none), at the
    /// head of a chain of `chain` blocks.
    fn holding(
        key: &Keyed,
        (pattern, lo, hi, best): (&Pattern, u8, u8, u8),
        next: u32,
        chain: u16,
    ) -> Block {
        let mut block = Block {
            shape: key.shape,
            sub: key.sub,
            mask: [[0; PER_BLOCK]; 2],
            codes: [[0; PER_BLOCK]; 2],
            lo: [0; PER_BLOCK],
            hi: [0; PER_BLOCK],
            best: [NO_CARD; PER_BLOCK],
            len: 0,
            chain,
            next,
        };
        block.push(pattern, lo, hi, best);
        block
    }

    /// Entry `j`'s pattern.
    #[inline]
    fn pattern(&self, j: usize) -> Pattern {
        Pattern {
            mask: [self.mask[0][j], self.mask[1][j]],
            codes: [self.codes[0][j], self.codes[1][j]],
        }
    }

    /// Adds an entry (the block must have room).
    #[inline]
    fn push(&mut self, pattern: &Pattern, lo: u8, hi: u8, best: u8) {
        let j = self.len as usize;
        for w in 0..2 {
            self.mask[w][j] = pattern.mask[w];
            self.codes[w][j] = pattern.codes[w];
        }
        (self.lo[j], self.hi[j], self.best[j]) = (lo, hi, best);
        self.len += 1;
    }

    /// The entries whose patterns a position with owner words `layout` has, as bits.
    #[inline]
    fn matching(&self, layout: [u64; 2]) -> u32 {
        let mut hits = 0u32;
        for j in 0..PER_BLOCK {
            let ok = (layout[0] & self.mask[0][j] == self.codes[0][j])
                & (layout[1] & self.mask[1][j] == self.codes[1][j]);
            hits |= (ok as u32) << j;
        }
        hits & ((1u32 << self.len) - 1)
    }

    /// The entry with exactly `pattern`, if any (tested for all entries at once, as in
    /// [`Block::matching`]).
    #[inline]
    fn find(&self, pattern: &Pattern) -> Option<usize> {
        let mut same = 0u32;
        for j in 0..PER_BLOCK {
            let eq = (self.mask[0][j] == pattern.mask[0])
                & (self.mask[1][j] == pattern.mask[1])
                & (self.codes[0][j] == pattern.codes[0])
                & (self.codes[1][j] == pattern.codes[1]);
            same |= (eq as u32) << j;
        }
        same &= (1u32 << self.len) - 1;
        (same != 0).then(|| same.trailing_zeros() as usize)
    }
}

/// A shape and a sub-key with their hash, worked out once for the probe and the store of a
/// node. The sub-key is 0 unless the table is split by the owners of the top cards (see
/// [`TopOwners`]).
#[derive(Clone, Copy, Debug)]
pub struct Keyed {
    shape: Shape,
    sub: u16,
    hash: u64,
}

impl Keyed {
    /// `shape` (sub-key 0) and its hash.
    #[inline]
    pub fn new(shape: Shape) -> Keyed {
        Keyed {
            hash: TransTable::hash(&shape),
            shape,
            sub: 0,
        }
    }

    /// The same shape under sub-key `sub` (sub-key 0 keeps the shape's own hash).
    #[inline]
    pub fn with_sub(&self, sub: u16) -> Keyed {
        Keyed {
            shape: self.shape,
            sub,
            hash: self.hash ^ (sub as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
        }
    }
}

/// The owner of each suit's top live card, for a table split by them: four bits a suit
/// (suit `s` at bit `4s`), the owner's code in the low three and bit 3 set when the suit has
/// a live card.
///
/// With one seat against two (9-5-2) a shape gathers hundreds of patterns, and a probe that
/// tests every one of them costs more than the rest of the search. Split, the entries of a
/// shape are chained by the suits whose top card their pattern fixes and the owners of those
/// top cards ([`TopOwners::sub_of`]); a probe walks only the chains whose top owners the
/// position has, one for each set of suits that holds a live card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct TopOwners(pub u16);

impl TopOwners {
    /// The suits with a live card, as a four-bit mask.
    #[inline]
    pub fn live_suits(self) -> u8 {
        let mut m = 0;
        for s in 0..4 {
            m |= ((self.0 >> (4 * s + 3) & 1) as u8) << s;
        }
        m
    }

    /// The sub-key of the chain for the suits `fixed` (a mask of suits with a live card):
    /// the mask and the top owners of those suits.
    #[inline]
    pub fn sub(self, fixed: u8) -> u16 {
        let mut sub = fixed as u16;
        for s in 0..4 {
            if fixed >> s & 1 != 0 {
                sub |= (self.0 >> (4 * s) & 7) << (4 + 3 * s);
            }
        }
        sub
    }

    /// The sub-key of the chain that holds `pattern`: the suits in which it fixes a card
    /// (it fixes cards from the top down, so then the top card).
    #[inline]
    pub fn sub_of(self, pattern: &Pattern) -> u16 {
        let mut fixed = 0u8;
        for s in 0..4 {
            let lane = pattern.mask[s / 2] >> (32 * (s % 2)) & 0xFFFF_FFFF;
            fixed |= ((lane != 0) as u8) << s;
        }
        self.sub(fixed)
    }
}

/// Directory slots of a split table, as a shift below the blocks: each shape of a split
/// table has a slot, found by its hash, saying which of its chains exist.
const DIR_SHIFT: u32 = 3;

/// A directory slot: a tag from a shape's hash, and which sets of fixed suits (bit `F` for
/// the set `F`, see [`TopOwners::sub`]) have a chain. A slot claimed by two shapes keeps
/// the union of their chains: a probe may then look for a chain that is not there, but never
/// misses one that is.
#[derive(Clone, Copy, Debug, Default)]
struct Dir {
    tag: u32,
    present: u16,
    /// Claimed by two shapes: every chain may exist, for any shape.
    shared: bool,
}

/// A shape's place in the index: a tag from its hash and its head block plus one (0: an
/// empty slot).
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    tag: u32,
    head: u32,
}

/// A stored bound that applies to a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Hit {
    /// Lower bound on the value to come.
    pub lo: u8,
    /// Upper bound on the value to come.
    pub hi: u8,
    /// The best move, or [`NO_CARD`].
    pub best: u8,
    /// The pattern the bound was stored with.
    pub pattern: Pattern,
}

/// A transposition table of about `2^bits` entries, allocated on first use.
#[derive(Clone, Debug)]
pub(super) struct TransTable {
    slots: Vec<Slot>,
    /// Room for the index's slots while it grows.
    old_slots: Vec<Slot>,
    blocks: Vec<Block>,
    bits: u32,
    /// A split table's directory (empty unless split).
    dir: Vec<Dir>,
    /// Extra blocks, as a shift (0, or [`SPLIT_ARENA_SHIFT`] for a split table).
    arena_shift: u32,
    /// Index slots per block, as a shift ([`INDEX_SHIFT`], or [`SPLIT_INDEX_SHIFT`] for a
    /// split table).
    index_shift: u32,
    /// Shapes in the index.
    shapes: usize,
}

impl TransTable {
    /// A table of about `2^bits` entries (`bits` at least 6: eight blocks, four slots).
    pub fn new(bits: u32) -> TransTable {
        TransTable {
            slots: Vec::new(),
            old_slots: Vec::new(),
            blocks: Vec::new(),
            bits: bits.max(6),
            dir: Vec::new(),
            arena_shift: 0,
            index_shift: INDEX_SHIFT,
            shapes: 0,
        }
    }

    /// The most blocks the arena holds.
    fn capacity(&self) -> usize {
        1 << (self.bits - BLOCK_SHIFT + self.arena_shift)
    }

    /// The most slots of the index (a power of two).
    fn max_index_len(&self) -> usize {
        1 << (self.bits - BLOCK_SHIFT - self.index_shift)
    }

    /// Slots of the index at the start of a generation.
    fn first_index_len(&self) -> usize {
        FIRST_INDEX_LEN.min(self.max_index_len())
    }

    /// The table's size in bytes when full.
    pub fn bytes(&self) -> usize {
        self.capacity() * std::mem::size_of::<Block>()
            + self.max_index_len() * std::mem::size_of::<Slot>()
    }

    /// Sizes the index for a table split by top owners, or not, and forgets every entry.
    /// (The index grows to its new full size without moving when it is next allocated.)
    pub fn set_split(&mut self, split: bool) {
        let shift = if split {
            SPLIT_INDEX_SHIFT
        } else {
            INDEX_SHIFT
        };
        if shift != self.index_shift {
            self.index_shift = shift;
            self.arena_shift = if split { SPLIT_ARENA_SHIFT } else { 0 };
            self.slots = Vec::new();
            self.old_slots = Vec::new();
            self.blocks.clear();
        }
        let dir_len = if split {
            1 << (self.bits - BLOCK_SHIFT + self.arena_shift - DIR_SHIFT)
        } else {
            0
        };
        if self.dir.len() != dir_len {
            self.dir = vec![Dir::default(); dir_len];
        }
        self.new_generation();
    }

    /// The directory slot of `shape` (a split table's).
    #[inline]
    fn dir_slot(&self, shape: &Keyed) -> usize {
        (shape.hash >> (64 - self.dir.len().trailing_zeros())) as usize
    }

    /// Which sets of fixed suits have a chain for `shape` (sub-key 0) in a split table, as
    /// bits: a superset of those that do.
    #[inline]
    pub fn chains_of(&self, shape: &Keyed) -> u16 {
        let d = self.dir[self.dir_slot(shape)];
        if d.shared {
            u16::MAX
        } else if d.tag == (shape.hash >> 32) as u32 {
            d.present
        } else {
            0
        }
    }

    /// Records in the directory that `key`'s chain exists.
    #[inline]
    fn enter_chain(&mut self, key: &Keyed) {
        let shape = Keyed::new(key.shape);
        let i = self.dir_slot(&shape);
        let tag = (shape.hash >> 32) as u32;
        let bit = 1u16 << (key.sub & 15);
        let d = &mut self.dir[i];
        if d.present == 0 {
            d.tag = tag;
        } else if d.tag != tag {
            d.shared = true;
        }
        d.present |= bit;
    }

    /// Forgets every entry.
    pub fn new_generation(&mut self) {
        self.blocks.clear();
        if !self.slots.is_empty() {
            self.slots.truncate(self.first_index_len());
            self.slots.fill(Slot::default());
        }
        self.shapes = 0;
        self.dir.fill(Dir::default());
    }

    /// Doubles the index, placing each shape anew. (Both vectors were allocated at their
    /// full size with the table, so this allocates nothing.)
    fn grow_index(&mut self) {
        self.old_slots.clear();
        self.old_slots.extend_from_slice(&self.slots);
        let len = 2 * self.slots.len();
        self.slots.clear();
        self.slots.resize(len, Slot::default());
        for k in 0..self.old_slots.len() {
            let slot = self.old_slots[k];
            if slot.head != 0 {
                let head = &self.blocks[slot.head as usize - 1];
                let key = Keyed::new(head.shape).with_sub(head.sub);
                let Err(i) = self.find(&key) else {
                    unreachable!("each shape has one slot");
                };
                self.slots[i] = slot;
            }
        }
    }

    #[inline]
    fn hash(s: &Shape) -> u64 {
        let h = s.dist[0].wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ s.dist[1]
                .rotate_left(23)
                .wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
            ^ (s.c as u64).wrapping_mul(0x1656_67b1_9e37_79f9);
        let h = h ^ (h >> 31);
        h.wrapping_mul(0xd6e8_feb8_6659_fd93)
    }

    /// The slot of `key`'s shape: `Ok` where it is, or `Err` with the empty slot where it would go
    /// (linear probing).
    #[inline]
    fn find(&self, key: &Keyed) -> Result<usize, usize> {
        let h = key.hash;
        let index_bits = self.slots.len().trailing_zeros();
        let mask = self.slots.len() - 1;
        let tag = h as u32;
        let mut i = (h >> (64 - index_bits)) as usize;
        loop {
            let slot = self.slots[i];
            if slot.head == 0 {
                return Err(i);
            }
            let head = &self.blocks[slot.head as usize - 1];
            if slot.tag == tag && head.shape == key.shape && head.sub == key.sub {
                return Ok(i);
            }
            i = (i + 1) & mask;
        }
    }

    /// Calls `f` with each stored bound of `key`'s shape whose pattern the position with owner words
    /// `layout` has, newest first, until `f` returns `true`; returns the entry `f` accepted.
    #[inline]
    pub fn probe(
        &self,
        key: &Keyed,
        layout: [u64; 2],
        mut f: impl FnMut(&Hit) -> bool,
    ) -> Option<Hit> {
        if self.blocks.is_empty() {
            return None;
        }
        let Ok(slot) = self.find(key) else {
            return None;
        };
        let mut i = self.slots[slot].head;
        while i != 0 {
            let b = &self.blocks[i as usize - 1];
            let mut hits = b.matching(layout);
            // Newest first.
            while hits != 0 {
                let j = (31 - hits.leading_zeros()) as usize;
                hits &= !(1 << j);
                let hit = Hit {
                    lo: b.lo[j],
                    hi: b.hi[j],
                    best: b.best[j],
                    pattern: b.pattern(j),
                };
                if f(&hit) {
                    return Some(hit);
                }
            }
            i = b.next;
        }
        None
    }

    /// Narrows the bounds stored for `key`'s shape and `pattern` to `lo..=hi` (intersected with
    /// what is there) and records `best` unless it is [`NO_CARD`]. `unseen` says that the
    /// probe of this position met no entry it matches (and the table has not started a new
    /// generation since, or only gained other shapes), so that no entry can have `pattern`
    /// and the walk along the chain to look for one is saved.
    #[inline]
    pub fn store(
        &mut self,
        key: &Keyed,
        pattern: &Pattern,
        (lo, hi, best): (u8, u8, u8),
        unseen: bool,
    ) {
        if self.slots.is_empty() {
            self.slots = Vec::with_capacity(self.max_index_len());
            self.slots.resize(self.first_index_len(), Slot::default());
            self.old_slots = Vec::with_capacity(self.max_index_len() / 2);
            if self.blocks.capacity() < self.capacity() {
                self.blocks = Vec::with_capacity(self.capacity());
            }
        }
        let entry = (pattern, lo, hi, best);
        let found = self.find(key);
        if let Ok(slot) = found {
            let head = self.slots[slot].head;
            let mut i = if unseen { 0 } else { head };
            while i != 0 {
                let b = &mut self.blocks[i as usize - 1];
                if let Some(j) = b.find(pattern) {
                    b.lo[j] = b.lo[j].max(lo);
                    b.hi[j] = b.hi[j].min(hi);
                    if best != NO_CARD {
                        b.best[j] = best;
                    }
                    return;
                }
                i = b.next;
            }
            let b = &mut self.blocks[head as usize - 1];
            if (b.len as usize) < PER_BLOCK {
                b.push(pattern, lo, hi, best);
                return;
            }
            let chain = b.chain;
            if chain as u32 >= MAX_CHAIN {
                // A long chain recycles its oldest block as its new head, so that probes
                // stay short.
                let (mut last, mut before_last, mut i) = (0, 0, head);
                while i != 0 {
                    (before_last, last) = (last, i);
                    i = self.blocks[i as usize - 1].next;
                }
                self.blocks[before_last as usize - 1].next = 0;
                self.blocks[last as usize - 1] = Block::holding(key, entry, head, chain);
                self.slots[slot].head = last;
                return;
            }
        }
        // A new block: a full arena, or an index more than half full at its full size,
        // starts afresh first; a smaller index half full grows.
        if self.blocks.len() == self.capacity()
            || (found.is_err() && 2 * self.shapes >= self.max_index_len())
        {
            self.new_generation();
            return self.store(key, pattern, (lo, hi, best), true);
        }
        if found.is_err() && 2 * self.shapes >= self.slots.len() {
            self.grow_index();
            return self.store(key, pattern, (lo, hi, best), true);
        }
        let (next, chain) = match found {
            Ok(slot) => {
                let head = self.slots[slot].head;
                (head, self.blocks[head as usize - 1].chain + 1)
            }
            Err(_) => (0, 1),
        };
        self.blocks.push(Block::holding(key, entry, next, chain));
        let head = self.blocks.len() as u32;
        match found {
            Ok(slot) => self.slots[slot].head = head,
            Err(slot) => {
                self.slots[slot] = Slot {
                    tag: key.hash as u32,
                    head,
                };
                self.shapes += 1;
                if !self.dir.is_empty() {
                    self.enter_chain(key);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_narrow_and_generations_forget() {
        let mut t = TransTable::new(8);
        let shape = Keyed::new(Shape { dist: [1, 2], c: 3 });
        let pattern = Pattern {
            mask: [0b1111, 0],
            codes: [0b0110, 0],
        };
        let layout = [0b1_0110, 7];
        assert_eq!(t.probe(&shape, layout, |_| true), None);
        t.store(&shape, &pattern, (2, 9, NO_CARD), false);
        t.store(&shape, &pattern, (0, 5, 0x12), false);
        let hit = t.probe(&shape, layout, |_| true).unwrap();
        assert_eq!((hit.lo, hit.hi, hit.best), (2, 5, 0x12));
        // Another layout under the mask, or another shape, does not match.
        assert_eq!(t.probe(&shape, [0b0111, 0], |_| true), None);
        assert_eq!(
            t.probe(&Keyed::new(Shape { dist: [1, 2], c: 4 }), layout, |_| true),
            None
        );
        t.new_generation();
        assert_eq!(t.probe(&shape, layout, |_| true), None);
    }

    #[test]
    fn the_index_grows_and_keeps_every_shape_until_it_is_full() {
        // 2^18 entries: 2^15 blocks, an index of 2^14 slots at full size, starting at 2^12.
        let mut t = TransTable::new(18);
        let pattern = Pattern {
            mask: [0b11, 0],
            codes: [0b01, 0],
        };
        let shape = |i: u64| Keyed::new(Shape { dist: [i, 0], c: 1 });
        let shapes = 3 * FIRST_INDEX_LEN as u64 / 2;
        for i in 0..shapes {
            t.store(&shape(i), &pattern, (1, 2, NO_CARD), false);
        }
        // Two doublings so far, every shape still found.
        assert_eq!(t.slots.len(), 4 * FIRST_INDEX_LEN);
        for i in 0..shapes {
            assert!(t.probe(&shape(i), [0b01, 0], |_| true).is_some(), "{i}");
        }
        // Half the full index holds as many shapes as it may: the next new shape starts a
        // new generation, which starts from a small index again.
        for i in shapes..t.max_index_len() as u64 / 2 {
            t.store(&shape(i), &pattern, (1, 2, NO_CARD), false);
        }
        assert_eq!(t.slots.len(), t.max_index_len());
        assert!(t.probe(&shape(0), [0b01, 0], |_| true).is_some());
        t.store(&shape(u64::MAX), &pattern, (1, 2, NO_CARD), false);
        assert_eq!(t.slots.len(), FIRST_INDEX_LEN);
        assert!(t.probe(&shape(0), [0b01, 0], |_| true).is_none());
        assert!(t.probe(&shape(u64::MAX), [0b01, 0], |_| true).is_some());
    }

    #[test]
    fn the_default_table_is_32_and_a_half_mib() {
        // A block is four cache lines, an index slot eight bytes (as the docs say).
        assert_eq!(std::mem::size_of::<Block>(), 256);
        assert_eq!(std::mem::size_of::<Slot>(), 8);
        assert_eq!(TransTable::new(20).bytes(), (32 << 20) + (512 << 10));
    }

    #[test]
    fn a_split_table_holds_four_times_the_blocks() {
        let mut t = TransTable::new(20);
        t.set_split(true);
        assert_eq!(t.bytes(), (128 << 20) + (1 << 20));
        t.set_split(false);
        assert_eq!(t.bytes(), (32 << 20) + (512 << 10));
    }

    #[test]
    fn a_long_chain_recycles_its_oldest_block() {
        let mut t = TransTable::new(14);
        let shape = Keyed::new(Shape { dist: [5, 5], c: 2 });
        let cap = MAX_CHAIN as u64 * PER_BLOCK as u64;
        let pattern = |code: u64| Pattern {
            mask: [0xFFFF, 0],
            codes: [code, 0],
        };
        for code in 0..cap + PER_BLOCK as u64 {
            t.store(&shape, &pattern(code), (1, 1, NO_CARD), false);
        }
        // The first block's entries made room for the newest block's.
        for code in 0..PER_BLOCK as u64 {
            assert_eq!(t.probe(&shape, [code, 0], |_| true), None, "{code}");
        }
        for code in PER_BLOCK as u64..cap + PER_BLOCK as u64 {
            assert!(t.probe(&shape, [code, 0], |_| true).is_some(), "{code}");
        }
        assert_eq!(t.blocks.len(), MAX_CHAIN as usize);
    }

    #[test]
    fn a_split_table_finds_each_chain_through_the_directory() {
        let mut t = TransTable::new(12);
        t.set_split(true);
        let shape = Keyed::new(Shape { dist: [3, 4], c: 5 });
        // Top owners: suit 0's top card held by seat 2, suit 1's by seat 1, suits 2 and 3
        // empty.
        let tops = TopOwners(0b1010 | 0b1001 << 4);
        assert_eq!(tops.live_suits(), 0b11);
        assert_eq!(t.chains_of(&shape), 0);
        // A pattern fixing suit 0's top card only, and one fixing nothing.
        let top0 = Pattern {
            mask: [0b11 << 4, 0],
            codes: [0b10 << 4, 0],
        };
        let none = Pattern::default();
        assert_eq!(tops.sub_of(&top0), tops.sub(0b01));
        assert_eq!(tops.sub_of(&none), 0);
        t.store(
            &shape.with_sub(tops.sub_of(&top0)),
            &top0,
            (3, 3, NO_CARD),
            true,
        );
        t.store(&shape.with_sub(0), &none, (1, 9, NO_CARD), true);
        assert_eq!(t.chains_of(&shape), 1 << 0b01 | 1);
        let layout = [0b10 << 4 | 0b0101, 0];
        let hit = t.probe(&shape.with_sub(tops.sub(0b01)), layout, |_| true);
        assert_eq!(hit.map(|h| h.lo), Some(3));
        // Another owner of suit 0's top card has another chain.
        let other = TopOwners(0b1001 | 0b1001 << 4);
        assert_ne!(other.sub(0b01), tops.sub(0b01));
        assert_eq!(
            t.probe(&shape.with_sub(other.sub(0b01)), layout, |_| true),
            None
        );
        // A new generation forgets the directory too.
        t.new_generation();
        assert_eq!(t.chains_of(&shape), 0);
    }

    #[test]
    fn many_patterns_of_one_shape_all_stay() {
        let mut t = TransTable::new(12);
        let shape = Keyed::new(Shape { dist: [9, 9], c: 1 });
        for code in 0..200u64 {
            let pattern = Pattern {
                mask: [0xFF, 0],
                codes: [code, 0],
            };
            t.store(&shape, &pattern, (code as u8, code as u8, NO_CARD), false);
        }
        for code in 0..200u64 {
            let hit = t.probe(&shape, [code | 0x300, 0], |_| true).unwrap();
            assert_eq!(hit.lo, code as u8);
        }
    }
}
