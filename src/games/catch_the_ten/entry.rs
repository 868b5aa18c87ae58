//! Catch the Ten in the game registry: the facts the layers above ask of it.

use crate::games::registry::{GameEntry, GameFacts};
use crate::games::{Decision, GameKind, OpenTable, TrumpOrder};

use super::Setup;

/// Catch the Ten as the registry holds it.
pub static GAME: GameEntry = GameEntry::new::<Setup>(GameFacts {
    name: "catch-the-ten",
    aliases: &["scotch-whist"],
    about: "Catch the Ten (Scotch Whist), 2 to 8 players, 4 by default",
    min_players: 2,
    max_players: 8,
    default_players: 4,
    open_table: OpenTable {
        order: TrumpOrder::JACK_HIGH,
        counts_honours: true,
        no_trump: false,
        table_options: true,
    },
    later_hands_differ: false,
    decisions: &[Decision::Play],
    other_decisions: 0,
    unset_options: &[(
        "revoke_penalty",
        "LoseGame or LoseHandPoints, only with allow_revokes; unset means LoseGame",
    )],
    option_sets: &[
        "",
        "pairs",
        "everyone_alone",
        "keep_6S",
        "game_at_once",
        "allow_revokes,revoke_penalty=LoseHandPoints",
    ],
});

impl Setup {
    /// The game of this configuration.
    pub const KIND: GameKind = GameKind::of(&GAME);
}
