//! The search tree: nodes in one arena with `u32` links, the children of a node side by side.
//!
//! A node's children live in one contiguous block of the arena (`first .. first + len`, room
//! for `cap`), so selection reads them in a few consecutive cache lines instead of chasing a
//! sibling list across a tree of millions of nodes (at 1M iterations the list version ran at a
//! third of its 10k rate). In ISMCTS a node's children are not known in advance (an opponent's
//! node gains a child whenever a world gives it a card not yet tried), so a block that is full
//! moves to a block with twice the room. The block it leaves goes on a free list of blocks of
//! its size, and a block that needs that room later takes it from there before the arena grows
//! (without the lists, the slots left behind took 42.5 bytes of arena per iteration at 1M
//! iterations, against 20 for the nodes). Children are visited newest first, the order of the
//! old sibling list, so that ties in selection fall as they did and a seed plays exactly as
//! before; where a block lies changes no choice.
//!
//! An action is one byte: its kind in the top two bits, its card (or suit) bit below, so a
//! child's legality in the iteration's world is one test against the legal actions' bits.

use crate::cards::{Card, CardSet, Suit};
use crate::games::{Action, ActionSet, Decision};

/// One node, 20 bytes: its statistics, its children's block, and the action that leads to it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Node {
    /// Times this node was selected.
    pub visits: u32,
    /// Times this node was available (legal in the iteration's world) when its parent was
    /// visited: the availability count of SO-ISMCTS.
    pub avail: u32,
    /// Sum of the mover's side's rewards.
    pub reward: f32,
    /// The first slot of the children's block (meaningless while `cap` is 0).
    pub first: u32,
    /// The action from the parent ([`encode`]).
    pub code: u8,
    /// The seat that took the action.
    pub mover: u8,
    /// Children in the block.
    pub len: u8,
    /// Room in the block.
    pub cap: u8,
}

/// The arena.
#[derive(Clone, Debug, Default)]
pub struct Tree {
    /// Node 0 is the root; the other slots are children's blocks (some left behind by moves).
    pub nodes: Vec<Node>,
    /// The most slots the arena may hold.
    pub cap: usize,
    /// Nodes in the tree (the root and every child added), not counting empty slots.
    pub live: usize,
    /// Whether a search wanted to add a child and the arena had no room.
    pub stopped: bool,
    /// For each block size, the first free block of that size ([`NONE`] if none); a free
    /// block's first slot holds the next one's start in `first`.
    free: Vec<u32>,
}

/// No block: the end of a free list.
const NONE: u32 = u32::MAX;

/// The one-byte code of `a`: the decision kind in bits 6–7, the card's (or suit's) bit below.
#[inline]
pub fn encode(a: Action) -> u8 {
    match a {
        Action::Play(c) => c.index(),
        Action::NameTrump(s) => 64 | s.index() as u8,
        Action::Discard(c) => 128 | c.index(),
        Action::Give(c) => 192 | c.index(),
    }
}

/// The action coded as `code` by [`encode`].
#[inline]
pub fn decode(code: u8) -> Action {
    let bit = code & 63;
    let card = || Card::from_index(bit).expect("a card's code");
    match code >> 6 {
        0 => Action::Play(card()),
        1 => Action::NameTrump(Suit::from_index(bit as usize)),
        2 => Action::Discard(card()),
        _ => Action::Give(card()),
    }
}

/// The bits of `legal` in the place [`encode`] puts them (card or suit index).
#[inline]
pub fn action_bits(legal: ActionSet) -> u64 {
    match legal.decision() {
        Decision::NameTrump => Suit::ALL
            .iter()
            .filter(|&&s| legal.contains(Action::NameTrump(s)))
            .fold(0, |m, &s| m | 1 << s.index()),
        _ => legal.cards().0,
    }
}

/// The actions of kind `decision` whose bits are set in `bits` (inverse of [`action_bits`]).
#[inline]
pub fn action_set(decision: Decision, bits: u64) -> ActionSet {
    match decision {
        Decision::NameTrump => ActionSet::trumps(bits as u8),
        d => ActionSet::from_cards(d, CardSet(bits)),
    }
}

impl Tree {
    /// A tree holding only the root; the arena keeps its memory.
    pub fn reset(&mut self, cap: usize) {
        self.nodes.clear();
        self.cap = cap.max(1);
        self.nodes.push(Node {
            code: 0,
            mover: u8::MAX,
            ..Node::default()
        });
        self.live = 1;
        self.stopped = false;
        self.free.clear();
        self.free.resize(256, NONE);
    }

    /// Whether the arena has no room to add a child to `parent` (a block that is full would
    /// have to move); `room` as for [`Tree::add_child`].
    #[inline]
    pub fn is_full(&self, parent: u32, room: usize) -> bool {
        let p = &self.nodes[parent as usize];
        if p.len < p.cap {
            return false;
        }
        let cap = grown(p.cap, room);
        self.free[cap as usize] == NONE && self.nodes.len() + cap as usize > self.cap
    }

    /// Asks the processor to bring slot `i` (and so its cache line) into cache; a hint only.
    #[inline]
    pub fn prefetch(&self, i: u32) {
        if let Some(node) = self.nodes.get(i as usize) {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: a prefetch reads nothing the program sees and cannot fault; the pointer
            // is a live element's besides. `unsafe` only because the intrinsic is declared
            // with `#[target_feature(enable = "sse")]`, which every x86-64 has.
            unsafe {
                use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
                _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(node).cast());
            }
            #[cfg(not(target_arch = "x86_64"))]
            let _ = node;
        }
    }

    /// Adds a child of `parent` for the action coded `code` taken by `mover`; returns its
    /// index. `room` (at least 1) is the block's size if `parent` has none yet: the number of
    /// actions legal in this world is a good guess. Check [`Tree::is_full`] first.
    #[inline]
    pub fn add_child(&mut self, parent: u32, code: u8, mover: u8, room: usize) -> u32 {
        let p = self.nodes[parent as usize];
        if p.len == p.cap {
            let cap = grown(p.cap, room);
            let old = p.first as usize..(p.first + p.len as u32) as usize;
            let first = match self.free[cap as usize] {
                NONE => {
                    let first = self.nodes.len();
                    self.nodes.extend_from_within(old.clone());
                    self.nodes.resize(first + cap as usize, Node::default());
                    first
                }
                reused => {
                    self.free[cap as usize] = self.nodes[reused as usize].first;
                    self.nodes.copy_within(old.clone(), reused as usize);
                    reused as usize
                }
            };
            if p.cap > 0 {
                self.nodes[old.start].first = self.free[p.cap as usize];
                self.free[p.cap as usize] = old.start as u32;
            }
            let q = &mut self.nodes[parent as usize];
            q.first = first as u32;
            q.cap = cap;
        }
        let q = &mut self.nodes[parent as usize];
        let idx = q.first + q.len as u32;
        // A reused block holds what its last owner left in the slots past `len`; the new
        // child's slot is written whole here.
        q.len += 1;
        self.nodes[idx as usize] = Node {
            code,
            mover,
            ..Node::default()
        };
        self.live += 1;
        idx
    }

    /// The children of `parent`, newest first.
    #[inline]
    pub fn children(&self, parent: u32) -> std::iter::Rev<std::ops::Range<u32>> {
        let p = &self.nodes[parent as usize];
        (p.first..p.first + p.len as u32).rev()
    }
}

/// The room of a first block: most nodes are near the leaves and never gain more children.
const FIRST_ROOM: usize = 2;

/// The room of a block that replaces a full one of `cap` slots: twice as much, and at least
/// `room` (the actions legal in this world) once the node has shown it branches.
#[inline]
fn grown(cap: u8, room: usize) -> u8 {
    if cap == 0 {
        room.clamp(1, FIRST_ROOM) as u8
    } else {
        (cap as usize * 2).max(room).min(255) as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for i in 0..64u8 {
            if let Some(c) = Card::from_index(i) {
                for a in [Action::Play(c), Action::Discard(c), Action::Give(c)] {
                    assert_eq!(decode(encode(a)), a);
                }
            }
        }
        for s in Suit::ALL {
            assert_eq!(decode(encode(Action::NameTrump(s))), Action::NameTrump(s));
        }
        let legal = ActionSet::trumps(0b1010);
        assert_eq!(action_bits(legal), 0b1010);
        assert_eq!(action_set(Decision::NameTrump, 0b1010), legal);
    }

    #[test]
    fn blocks_move_when_full_and_keep_their_children() {
        let mut t = Tree::default();
        t.reset(100);
        let a = t.add_child(0, 1, 0, 2);
        let b = t.add_child(0, 2, 0, 2);
        assert_eq!(t.nodes.len(), 3, "a block of two");
        t.nodes[a as usize].visits = 7;
        let g = t.add_child(a, 9, 1, 1);
        let c = t.add_child(0, 3, 0, 2);
        assert_eq!(
            t.nodes[0].cap, 4,
            "the full block moved with twice the room"
        );
        assert_eq!(grown(4, 13), 13, "room for every legal action");
        assert_eq!(grown(0, 13), 2);
        let codes: Vec<u8> = t.children(0).map(|i| t.nodes[i as usize].code).collect();
        assert_eq!(codes, [3, 2, 1], "newest first");
        let moved_a = t.children(0).next_back().unwrap();
        assert_eq!(t.nodes[moved_a as usize].visits, 7);
        assert_eq!(t.children(moved_a).collect::<Vec<_>>(), [g]);
        assert!(c > b);
        assert_eq!(t.live, 5);
        t.reset(7);
        t.add_child(0, 1, 0, 2);
        t.add_child(0, 2, 0, 2);
        assert_eq!(t.nodes.len(), 3);
        assert!(!t.is_full(0, 1), "a block of four fits in seven slots");
        assert!(t.is_full(0, 13), "a block of thirteen does not");
        t.add_child(0, 3, 0, 1);
        t.add_child(0, 4, 0, 1);
        assert!(t.is_full(0, 1), "a fifth child would need a block of eight");
    }

    #[test]
    fn a_block_left_behind_is_taken_by_the_next_block_of_its_size() {
        let mut t = Tree::default();
        t.reset(100);
        let a = t.add_child(0, 1, 0, 2);
        t.add_child(0, 2, 0, 2);
        // The root's block of two (slots 1–2) moves to a block of four (3–6).
        t.add_child(0, 3, 0, 2);
        assert_eq!((t.nodes[0].first, t.nodes.len()), (3, 7));
        // A first child elsewhere needs a block of two: it takes slots 1–2.
        let a_now = t.children(0).next_back().unwrap();
        assert_eq!(t.nodes[a_now as usize].code, 1);
        let g = t.add_child(a_now, 9, 1, 5);
        assert_eq!(g, a, "the slot left behind is reused");
        assert_eq!(t.nodes.len(), 7, "the arena did not grow");
        assert_eq!(t.children(a_now).collect::<Vec<_>>(), [g]);
        // Its block full, the root's children all still there, newest first.
        for code in 4..6 {
            t.add_child(0, code, 0, 2);
        }
        let codes: Vec<u8> = t.children(0).map(|i| t.nodes[i as usize].code).collect();
        assert_eq!(codes, [5, 4, 3, 2, 1]);
        assert_eq!(t.live, 7);
        // No room in the arena, but a free block of the size asked for: not full.
        t.reset(7);
        t.add_child(0, 1, 0, 2);
        t.add_child(0, 2, 0, 2);
        t.add_child(0, 3, 0, 2);
        assert_eq!(t.nodes.len(), 7);
        let first = t.children(0).next_back().unwrap();
        assert!(!t.is_full(first, 2), "the free block of two has room");
        t.add_child(first, 7, 1, 2);
        t.add_child(first, 8, 1, 2);
        assert!(t.is_full(first, 2), "a block of four has none");
    }
}
