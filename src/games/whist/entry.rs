//! Whist in the game registry: the facts the layers above ask of it.

use crate::games::registry::{GameEntry, GameFacts};
use crate::games::{Decision, GameKind, OpenTable, TrumpOrder};

use super::Setup;

/// Whist as the registry holds it.
pub static GAME: GameEntry = GameEntry::new::<Setup>(GameFacts {
    name: "whist",
    aliases: &[],
    about: "Whist, 4 players in two partnerships",
    min_players: Setup::PLAYERS,
    max_players: Setup::PLAYERS,
    default_players: Setup::PLAYERS,
    open_table: OpenTable {
        order: TrumpOrder::ACES_HIGH,
        counts_honours: false,
        no_trump: true,
        table_options: false,
    },
    later_hands_differ: false,
    decisions: &[Decision::Play],
    other_decisions: 0,
    unset_options: &[],
    option_sets: &["", "honours", "target=7", "turnup_until_first_play"],
});

impl Setup {
    /// The game of this configuration.
    pub const KIND: GameKind = GameKind::of(&GAME);
}
