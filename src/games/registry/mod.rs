//! The game registry: every game tricklab can load, each declared once in its own folder.
//!
//! A game is a [`GameEntry`]: the facts it declares ([`GameFacts`]: name, players, options
//! unset by default, the option sets its conformance runs) and its configuration type, the
//! type that implements [`Rules`] (`catch_the_ten::Setup`, `nine_five_two::Setup`,
//! `whist::Setup`). [`GameEntry::new`] turns that type into the game's engine: one generic
//! implementation of every job the layers above ask (statistics, agents, runs, records,
//! worlds, solving), reached through one dynamic call per job, never per card. Code above
//! the games holds a [`GameKind`] (a game) or a [`LoadedGame`] (a game at a table: players
//! and options) and calls their methods; nothing else dispatches on the game.
//!
//! # Adding a game
//!
//! 1. Write the game in its own folder under `src/games/` (or in another crate): a hand state
//!    implementing [`Game`](super::Game) and the layers' traits (`Observable`, `Rewarded`,
//!    `Solvable`, `AgentFactory`, `TableGame`), and a configuration type implementing
//!    `RecordRules` (and so `MatchRules`) and `Measured`: it is then [`Rules`].
//! 2. Declare it in that folder: a `static GAME: GameEntry = GameEntry::new::<Setup>(…)`
//!    with its [`GameFacts`], and `Setup::KIND = GameKind::of(&GAME)` for its hands and
//!    records to name it.
//! 3. One registry line: a game from another crate calls [`register`] with its entry; a
//!    built-in game is added to [`GameKind::BUILT_IN`] (with a `GameKind` constant for code
//!    that names it, and its name in the list of names a config may spell, `BUILT_IN_NAMES`
//!    in `kind.rs`).
//!
//! Every command, config validation and the conformance suite over the registry
//! (`tests/it/conformance_registry.rs`, which registers Tiny Tricks, a test-only game, from
//! the test crate) then reach it. Still per game, outside this checklist: the baseline
//! agent's switches in `tricklab list switches`, the `--game` help texts, and the Python
//! package's Python layer, which names 9-5-2 in its warning of slow searches. The Python
//! package's native module holds a hand as a [`DynHand`] (made by
//! [`LoadedGame::deal_hand`] or [`hand_from_record`]), asks agents through [`DynAgent`] and
//! runs its bulk calls through [`LoadedGame::play_batches_with`] and
//! [`LoadedGame::play_chunk_with`] with its guests as [`DynGuests`], so it names no game.

mod conformance;
mod guests;
mod hand;
mod jobs;
pub mod listing;
mod loaded;

use std::marker::PhantomData;
use std::sync::RwLock;

use crate::experiment::Measured;
use crate::play::TableGame;

use super::kind::{GameKind, OpenTable, RulesError};

pub use conformance::{Conformance, ENDING_CARDS};
pub use guests::{DynGuests, Guest, GuestsStopped, HandFunction};
pub use hand::{DynAgent, DynHand, HandPlay, hand_from_record, seen_by};
pub(crate) use jobs::Jobs;
pub use loaded::{LoadedGame, load, option_table, parse_options};

/// A game's configuration with everything the layers above ask of it: records and match play
/// ([`RecordRules`](super::record::RecordRules)), statistics ([`Measured`]) and a hand the
/// agents, the solver, worlds and the table can take ([`TableGame`]). Implemented for every
/// type that has those traits.
pub trait Rules: Measured<Hand: TableGame> + 'static {}

impl<R: Measured<Hand: TableGame> + 'static> Rules for R {}

/// What a game declares of itself in its folder.
#[derive(Clone, Copy, Debug)]
pub struct GameFacts {
    /// The name used on the command line, in configs and in records (kebab-case).
    pub name: &'static str,
    /// Other names the command line accepts (lower case, `-` for spaces).
    pub aliases: &'static [&'static str],
    /// The game in a line, for `tricklab list games`.
    pub about: &'static str,
    /// The fewest players.
    pub min_players: usize,
    /// The most players.
    pub max_players: usize,
    /// The player count when none is given.
    pub default_players: usize,
    /// How the game is solved with every card open.
    pub open_table: OpenTable,
    /// Whether later hands of a match ask decisions the first does not (9-5-2's exchange
    /// from the second hand on): `bots check` then plays whole matches.
    pub later_hands_differ: bool,
    /// Every kind of decision a seat is asked in the game (in a match, with every option):
    /// `bots check` fails a check that never asked one.
    pub decisions: &'static [crate::games::Decision],
    /// The most decisions other than card plays that one seat sees in a hand (9-5-2: naming
    /// the trump, the dealer's four discards and at most a hand of cards given; 0 where every
    /// decision is a play): the room a fixed-size record of a seat's history keeps for them
    /// (the Python package's information-state tensor).
    pub other_decisions: usize,
    /// Options unset by default, which the serialised defaults leave out: the option's name
    /// and what it takes (and means when unset), for `tricklab list options`.
    pub unset_options: &'static [(&'static str, &'static str)],
    /// Option sets the conformance suite plays, as `--option` words (`""`: the defaults); a
    /// set that does not fit a player count is played at the counts it fits.
    pub option_sets: &'static [&'static str],
    /// Where the double-dummy searches (PIMC, αμ) are known to cost seconds to minutes a card
    /// decision, so that the Python package warns before one; `None`: nowhere.
    pub slow_search: Option<SlowSearch>,
}

/// Card decisions a game's double-dummy searches (PIMC, αμ) are known to be slow at (see
/// [`GameFacts::slow_search`]).
#[derive(Clone, Copy, Debug)]
pub struct SlowSearch {
    /// The decisions to play a card with more than this many cards in hand.
    pub above_cards: usize,
    /// Why, in words that follow the agent and game: `its first card decisions solve …`.
    pub why: &'static str,
}

impl SlowSearch {
    /// Whether the agent `spec` playing a card from a hand of `cards` cards is one of these
    /// slow decisions.
    pub fn slow(&self, spec: &crate::agents::AgentSpec, cards: usize) -> bool {
        use crate::agents::AgentSpec;
        matches!(spec, AgentSpec::Pimc(_) | AgentSpec::AlphaMu(_)) && cards > self.above_cards
    }
}

/// A registered game: its facts and its engine.
pub struct GameEntry {
    facts: GameFacts,
    jobs: &'static dyn Jobs,
}

impl GameEntry {
    /// The entry of the game whose configuration type is `R`.
    pub const fn new<R: Rules>(facts: GameFacts) -> GameEntry {
        GameEntry {
            facts,
            jobs: const { &Engine::<R>(PhantomData) },
        }
    }

    /// What the game declares of itself.
    pub const fn facts(&self) -> &GameFacts {
        &self.facts
    }

    /// The game's engine.
    pub(crate) fn jobs(&self) -> &'static dyn Jobs {
        self.jobs
    }
}

/// The engine of the game whose configuration type is `R`: the one generic implementation of
/// [`Jobs`].
pub(crate) struct Engine<R>(PhantomData<fn() -> R>);

/// The games built into tricklab.
const BUILT_IN: [GameKind; 3] = GameKind::BUILT_IN;

/// Games registered at run time, after the built-in ones.
static REGISTERED: RwLock<Vec<GameKind>> = RwLock::new(Vec::new());

/// Every registered game, built-in ones first.
pub(super) fn all() -> Vec<GameKind> {
    let more = REGISTERED.read().unwrap_or_else(|e| e.into_inner());
    BUILT_IN.iter().chain(more.iter()).copied().collect()
}

/// Registers a game from outside tricklab (a test-only game, say): from then on it is parsed,
/// listed, loaded and replayed like the built-in games. Registering the same entry again does
/// nothing.
///
/// # Errors
/// [`RulesError::Option`] when another game already has its name or one of its aliases.
pub fn register(entry: &'static GameEntry) -> Result<GameKind, RulesError> {
    let kind = GameKind::of(entry);
    let mut more = REGISTERED.write().unwrap_or_else(|e| e.into_inner());
    let taken = |k: &GameKind| {
        let names = |f: &GameFacts| {
            let mut v = vec![f.name];
            v.extend(f.aliases);
            v
        };
        let mine = names(entry.facts());
        names(k.facts()).iter().any(|n| mine.contains(n))
    };
    if let Some(k) = BUILT_IN.iter().chain(more.iter()).find(|k| taken(k)) {
        if std::ptr::eq(k.entry(), entry) {
            return Ok(kind);
        }
        return Err(RulesError::Option(format!(
            "cannot register {}: the name is taken by {k}",
            entry.facts().name
        )));
    }
    more.push(kind);
    Ok(kind)
}
