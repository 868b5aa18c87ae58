//! Counters of the search, kept in a value the solver owns.

/// What the solver has done since it was made or its counters were reset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions visited (one per card played in the search, plus each root).
    pub nodes: u64,
    /// Of those, positions at the start of a trick (what DDS reports as `futureTricks.nodes`).
    pub trick_nodes: u64,
    /// Zero-window tests run by the driver.
    pub tests: u64,
    /// Positions decided by a bound: quick or later tricks at the start of a trick, a trick
    /// one side is sure to win inside one.
    pub bound_cuts: u64,
    /// Positions at the start of a trick decided by the transposition table.
    pub tt_cuts: u64,
    /// Moves not searched because a lower-ranked card of their suit that did not matter
    /// had already been tried.
    pub small_skips: u64,
}
