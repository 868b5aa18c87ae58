//! The learned card-location models shipped with tricklab: `infer=model` without a path.

use std::sync::OnceLock;

use crate::games::GameKind;
use crate::knowledge::learned::LearnedModel;

/// The shipped models' tables and files (`models/`; how each was trained and how it scores
/// on held-out hands: `results/learned-inference/README.md`).
const SHIPPED: [(GameKind, usize, &[u8]); 3] = [
    (
        GameKind::CATCH_THE_TEN,
        4,
        include_bytes!("../../../models/catch-the-ten-4p.tlmodel"),
    ),
    (
        GameKind::NINE_FIVE_TWO,
        3,
        include_bytes!("../../../models/nine-five-two-3p.tlmodel"),
    ),
    (
        GameKind::WHIST,
        4,
        include_bytes!("../../../models/whist-4p.tlmodel"),
    ),
];

/// The model shipped for `game` with `players` seats, if there is one.
pub fn model(game: GameKind, players: usize) -> Option<&'static LearnedModel> {
    static MODELS: OnceLock<Vec<(GameKind, usize, LearnedModel)>> = OnceLock::new();
    MODELS
        .get_or_init(|| {
            SHIPPED
                .iter()
                .map(|&(g, n, bytes)| {
                    let m = LearnedModel::from_bytes(bytes).expect("a shipped model reads");
                    (g, n, m)
                })
                .collect()
        })
        .iter()
        .find(|(g, n, _)| *g == game && *n == players)
        .map(|(_, _, m)| m)
}

/// The tables a model is shipped for, for messages: `shipped: whist 4p, …`.
pub fn list() -> String {
    let names: Vec<String> = SHIPPED
        .iter()
        .map(|(g, n, _)| format!("{} {n}p", g.name()))
        .collect();
    if names.is_empty() {
        "none is shipped".into()
    } else {
        format!("shipped: {}", names.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_model_reads_and_serves_its_table() {
        for (game, players, _) in SHIPPED {
            let m = model(game, players).expect("shipped");
            assert!(m.check_table(game, players).is_ok());
            assert!(m.header.provenance.hands > 0);
        }
        assert!(model(GameKind::CATCH_THE_TEN, 6).is_none());
        assert_eq!(
            list(),
            "shipped: catch-the-ten 4p, nine-five-two 3p, whist 4p"
        );
    }
}
