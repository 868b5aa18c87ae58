//! 9-5-2 in the game registry: the facts the layers above ask of it.

use crate::games::registry::{GameEntry, GameFacts};
use crate::games::{Decision, GameKind, OpenTable, TrumpOrder};

use super::Setup;

/// 9-5-2 as the registry holds it.
pub static GAME: GameEntry = GameEntry::new::<Setup>(GameFacts {
    name: "nine-five-two",
    aliases: &["9-5-2", "sergeant-major"],
    about: "9-5-2 (Sergeant Major), 3 players",
    min_players: super::PLAYERS,
    max_players: super::PLAYERS,
    default_players: super::PLAYERS,
    open_table: OpenTable {
        order: TrumpOrder::ACES_HIGH,
        counts_honours: false,
        no_trump: true,
        table_options: false,
    },
    later_hands_differ: true,
    decisions: &[
        Decision::NameTrump,
        Decision::Discard,
        Decision::Give,
        Decision::Play,
    ],
    other_decisions: 1 + super::KITTY_SIZE + super::HAND_SIZE,
    unset_options: &[(
        "end",
        "FirstTo(10), FirstTo(20) or FixedHands(k) with k at least 1; unset means the variant's own end",
    )],
    option_sets: &[
        "",
        "rules=SergeantMajor",
        "rules=SwappedTargets",
        "end=FixedHands(3)",
    ],
});

impl Setup {
    /// The game of this configuration.
    pub const KIND: GameKind = GameKind::of(&GAME);
}
