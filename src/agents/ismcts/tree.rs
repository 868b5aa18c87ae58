//! The search tree: nodes in an arena with `u32` links, cleared for every decision.

use crate::games::Action;

/// No node.
pub const NONE: u32 = u32::MAX;

/// One node: the action that leads to it, who took it, and its statistics.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// The action from the parent.
    pub action: Action,
    /// The seat that took the action.
    pub mover: u8,
    /// The first child, or [`NONE`].
    pub first_child: u32,
    /// The next sibling, or [`NONE`].
    pub next_sibling: u32,
    /// Times this node was selected.
    pub visits: u32,
    /// Times this node was available (legal in the iteration's world) when its parent was
    /// visited: the availability count of SO-ISMCTS.
    pub avail: u32,
    /// Sum of the mover's side's rewards.
    pub reward: f32,
}

/// The arena.
#[derive(Clone, Debug, Default)]
pub struct Tree {
    /// Node 0 is the root.
    pub nodes: Vec<Node>,
    /// The most nodes the tree may hold.
    pub cap: usize,
}

impl Tree {
    /// A tree holding only the root.
    pub fn reset(&mut self, cap: usize) {
        self.nodes.clear();
        self.cap = cap.max(1);
        self.nodes.push(Node {
            action: Action::Play(crate::cards::Card::new(
                crate::cards::Suit::Clubs,
                crate::cards::Rank::Two,
            )),
            mover: u8::MAX,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            avail: 0,
            reward: 0.0,
        });
    }

    /// Whether the cap stops the tree from growing.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.nodes.len() >= self.cap
    }

    /// Adds a child of `parent` for `action` taken by `mover`; returns its index.
    #[inline]
    pub fn add_child(&mut self, parent: u32, action: Action, mover: u8) -> u32 {
        let idx = self.nodes.len() as u32;
        let p = &mut self.nodes[parent as usize];
        let next = p.first_child;
        p.first_child = idx;
        self.nodes.push(Node {
            action,
            mover,
            first_child: NONE,
            next_sibling: next,
            visits: 0,
            avail: 0,
            reward: 0.0,
        });
        idx
    }

    /// The children of `parent`.
    pub fn children(&self, parent: u32) -> impl Iterator<Item = u32> + '_ {
        let mut c = self.nodes[parent as usize].first_child;
        std::iter::from_fn(move || {
            if c == NONE {
                return None;
            }
            let here = c;
            c = self.nodes[c as usize].next_sibling;
            Some(here)
        })
    }
}
