//! Which of the paper's cuts a search makes, and the limit a cut tests a node's bound against.

use super::front::Front;

/// The cuts of an αμ search (all on in play; off one by one in the tests, which check that
/// they do not change the card chosen).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cuts {
    /// Early cuts. An opponent's node stops once an upper bound of its front (its vectors so
    /// far, each entry lowered to the double-dummy value of the cards it has not yet tried)
    /// is dominated by the front its parent Max node holds so far (the paper's early cut),
    /// or, below the root, cannot reach the best mean found so far. A Max node stops once its
    /// front holds a vector reaching the double-dummy value in every world.
    pub early: bool,
    /// The root cut: iterative deepening on `m`, the root's cards tried best first by the
    /// previous iteration's values, stopping once a card reaches the previous iteration's
    /// best (no card can do better: searching deeper only removes fusion).
    pub root: bool,
    /// The transposition table of the Max nodes' fronts, keyed by the position, the worlds
    /// alive and the moves left.
    pub table: bool,
}

impl Cuts {
    /// Every cut.
    pub(crate) const ALL: Cuts = Cuts {
        early: true,
        root: true,
        table: true,
    };

    /// No cut: the exhaustive search.
    #[cfg(test)]
    pub(crate) const NONE: Cuts = Cuts {
        early: false,
        root: false,
        table: false,
    };
}

/// What a node's upper bound is tested against for an early cut.
#[derive(Clone, Copy, Debug)]
pub(super) enum Limit<'a> {
    /// Below the root: cut when no vector of the bound sums to at least this.
    Below(i64),
    /// Below a Max node: cut when every vector of the bound is dominated by one of this front
    /// (the Max node's front so far, which would then absorb the node's whole front).
    Dominated(&'a Front),
}

impl Limit<'_> {
    /// Whether a node whose vectors are each dominated by one of `bound` can be cut.
    pub(super) fn cuts(self, bound: &Front) -> bool {
        match self {
            Limit::Below(t) => bound.best_sum().is_none_or(|s| s < t),
            Limit::Dominated(alpha) => bound.rows().all(|v| alpha.covers(v)),
        }
    }
}
