//! The transposition table of fronts: a Max node's front, by the position, the worlds alive
//! there and the searching seat's moves left.
//!
//! Every world at a node shares the public plays, so the position in the first world alive
//! fixes the position in every other (each world's hidden cards less the same plays); the key
//! holds that position whole, and its hash comes from the hands, the side's banked value, the
//! worlds and the moves left. Only exact fronts are stored (a Max node's front always is: the
//! early cuts below it drop only vectors its front dominates).

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

use crate::games::Seat;
use crate::solver::{Position, Solvable};

use super::front::Front;

/// The most fronts a table keeps in one decision; beyond, new fronts are not stored.
const MAX_ENTRIES: usize = 1 << 15;

/// A node's key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Key {
    hash: u64,
    position: Position,
    live: u64,
    m: u32,
}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

impl Key {
    /// The key of the node where `state` is the first world alive, `live` the worlds' bits
    /// and `m` the moves of `me` left to search.
    pub(super) fn new<G: Solvable>(state: &G, me: Seat, live: u64, m: u32) -> Key {
        let position = state.position_for(me).expect("a card to play");
        let mut h = DefaultHasher::new();
        for s in 0..state.num_seats() {
            state.hand(Seat(s as u8)).hash(&mut h);
        }
        position.banked().hash(&mut h);
        live.hash(&mut h);
        m.hash(&mut h);
        Key {
            hash: h.finish(),
            position,
            live,
            m,
        }
    }
}

/// Fronts by key, for one decision.
#[derive(Debug, Default)]
pub(super) struct FrontTable {
    map: HashMap<Key, (Front, bool)>,
}

impl FrontTable {
    /// Forgets every front (the worlds change from one decision to the next).
    pub(super) fn clear(&mut self) {
        self.map.clear();
    }

    /// The front stored for `key`, and whether a front was capped in computing it.
    pub(super) fn get(&self, key: &Key) -> Option<&(Front, bool)> {
        self.map.get(key)
    }

    /// Stores `front` (and whether it was capped) for `key`, unless the table is full.
    pub(super) fn put(&mut self, key: Key, front: (Front, bool)) {
        if self.map.len() < MAX_ENTRIES {
            self.map.insert(key, front);
        }
    }
}
