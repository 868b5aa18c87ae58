//! What a bound counts: tricks one coalition is sure of, the points of its own cards in them
//! and the cards the count relies on. Both bounds make one ([`quick_tricks`] and
//! [`top_trumps`]); it has a file of its own so that neither imports the other for it.
//!
//! [`quick_tricks`]: super::quick_tricks::quick_tricks
//! [`top_trumps`]: super::bounds::top_trumps

/// Tricks one coalition is sure of, and the points of its own cards in them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Sure {
    /// Tricks.
    pub tricks: i32,
    /// Points of the coalition's own cards in those tricks.
    pub points: i32,
    /// The cards the count relies on.
    pub ranks: super::encoding::CardBits,
}
