//! Shared helpers for the integration tests.
#![allow(dead_code)]

pub mod conformance;
pub mod ctt;
pub mod worlds;

use tricklab::cards::{Card, CardSet};

/// Parses a card, panicking on bad notation (test input is fixed).
pub fn card(s: &str) -> Card {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Parses a card list.
pub fn cards(s: &str) -> CardSet {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}
