//! A position of a recorded hand: the record file opened, the hand of a record line as dealt
//! with its first decisions applied, and the line's match and hand in words. `worlds` and
//! `analyze` look at such a position ([`worlds`](super::worlds), [`analysis`](super::analysis)).

use crate::errors::user;
use crate::games::matches::MatchState;
use crate::games::record::{RecordOf, RecordRules};
use crate::games::{Game, MAX_SEATS, Seat};
use crate::words::{counted, hand_named};

/// The hand of `line` as dealt, with its first `after` decisions applied. Forced steps are
/// not counted.
pub fn position<R: RecordRules>(line: &str, after: usize) -> anyhow::Result<(R, R::Hand)> {
    let rec: RecordOf<R> =
        serde_json::from_str(line).map_err(|e| user(format!("not a record: {e}")))?;
    let rules = R::from_options(rec.players, &rec.options).map_err(user)?;
    let n_sides = rules.sides().num_sides();
    let mut m = MatchState::new(Seat(rec.dealer));
    m.hands_dealt = rec.hand;
    if rec.scores_before.len() != n_sides {
        return Err(user("scores_before does not fit the table"));
    }
    m.scores[..n_sides].copy_from_slice(&rec.scores_before);
    if let Some(p) = &rec.previous {
        let mut arr = [0; MAX_SEATS];
        arr[..p.len().min(MAX_SEATS)].copy_from_slice(&p[..p.len().min(MAX_SEATS)]);
        m.previous = Some(arr);
    }
    let mut hand = rules
        .restore(&m, &rec.deal)
        .map_err(|e| user(format!("bad deal: {e}")))?;
    let decisions: Vec<_> = rec
        .actions
        .iter()
        .filter_map(|a| a.step.decision())
        .collect();
    if after > decisions.len() {
        return Err(user(format!(
            "the hand has only {}, not {after}",
            counted(decisions.len() as u64, "decision")
        )));
    }
    for (i, a) in decisions.into_iter().take(after).enumerate() {
        hand.try_apply(a)
            .map_err(|e| user(format!("action {i}: {e}")))?;
    }
    Ok((rules, hand))
}

/// The match and hand a record line names.
#[derive(serde::Deserialize)]
struct Head {
    #[serde(rename = "match")]
    match_index: u64,
    hand: u32,
}

/// The head of a record line for people (match 0 · hand 1 (the record's `hand` 0)), or
/// nothing where the line names no match and hand.
pub fn head_of(line: &str) -> Option<String> {
    let at: Head = serde_json::from_str(line).ok()?;
    Some(format!(
        "match {} · {}",
        at.match_index,
        hand_named(at.hand)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_head_counts_hands_from_one() {
        assert_eq!(
            head_of("{\"match\":2,\"hand\":4}").as_deref(),
            Some("match 2 · hand 5 (the record's `hand` 4)")
        );
        assert_eq!(head_of("{}"), None);
    }
}
