//! What every game checks in a deal from given hands (a worked example, or a record).

use crate::cards::CardSet;

/// Checks that each seat of `hands` holds `size` cards and that no card is dealt twice, and
/// returns the cards dealt.
///
/// # Errors
/// The first seat holding another number of cards, or the cards dealt twice.
pub fn check_hands(hands: &[CardSet], size: usize) -> Result<CardSet, String> {
    let mut all = CardSet::EMPTY;
    for (seat, &h) in hands.iter().enumerate() {
        if h.len() != size {
            return Err(format!(
                "seat {seat} holds {} cards, expected {size}",
                h.len()
            ));
        }
        if !all.is_disjoint(h) {
            return Err(format!("card(s) {} dealt twice", all & h));
        }
        all |= h;
    }
    Ok(all)
}
