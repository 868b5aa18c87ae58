//! `tricklab play`: sit down at the table against the bots (the match is
//! [`play::session`](crate::play::session)).

use std::path::PathBuf;

use clap::Args;

use crate::games::GameKind;
use crate::play::session::Session;

use super::card_style::CardStyleArgs;
use super::error::user;

/// Arguments of `tricklab play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game: catch-the-ten, nine-five-two or whist.
    #[arg(long, default_value = "whist")]
    pub game: String,
    /// The player count (default: 4 for Catch the Ten and Whist, 3 for 9-5-2).
    #[arg(long)]
    pub players: Option<usize>,
    /// A named rule option, `KEY` or `KEY=VALUE` (repeat the flag or separate with commas).
    #[arg(long = "option", value_name = "KEY[=VALUE]")]
    pub options: Vec<String>,
    /// Who sits where, seat 0 first, separated by `;`: `human` for you, an agent spec for a
    /// bot. `human;rules` puts you in seat 0 and `rules` in every other seat.
    #[arg(long, default_value = "human;ismcts:iterations=20000")]
    pub agents: String,
    /// The search that answers `hint` (`?`): PIMC over at most this many worlds.
    #[arg(long, default_value = "pimc:worlds=200")]
    pub hint: String,
    /// The hint's time limit in milliseconds: fewer worlds are solved when it runs out.
    #[arg(long, default_value_t = 2000)]
    pub hint_ms: u64,
    /// Analysis with open cards: `why` shows a bot's values (and so its cards) during the
    /// hand. The records note it.
    #[arg(long)]
    pub open: bool,
    /// The seed of the deals and the bots (default: from the clock; printed at the start).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Write the record of every hand here (default: a new file under
    /// ~/.local/share/tricklab/games/). An existing file is appended to.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// The line mode: one command a line (automatic when standard input is not a terminal).
    #[arg(long)]
    pub plain: bool,
    /// How cards are written: suit symbols or ASCII, red suits in colour or not.
    #[command(flatten)]
    pub cards: CardStyleArgs,
    /// Stop the match after this many hands.
    #[arg(long, default_value_t = 1000)]
    pub max_hands: u32,
    /// The match number written in the records.
    #[arg(long = "match", default_value_t = 0)]
    pub match_index: u64,
    /// Play this deal book's deal (`tricklab deals`, or a PBN file of Whist deals) as the
    /// match's first hand: deal --board, or 0 (docs/deals.md).
    #[arg(long, value_name = "FILE", visible_alias = "book")]
    pub deals: Option<PathBuf>,
    /// The deal of --deals to play first, from 0.
    #[arg(long, requires = "deals", default_value_t = 0)]
    pub board: u64,
    /// Continue the match saved in --log (stopped early): its hands are checked and played
    /// again without a word, and the match goes on with the next hand. Give the same game,
    /// seats, --seed and --match it was played with (the message at the stop prints them).
    #[arg(long, requires = "log")]
    pub resume: bool,
}

/// Runs `tricklab play`.
pub fn run(args: PlayArgs) -> anyhow::Result<()> {
    let game: GameKind = args.game.parse().map_err(user)?;
    let game = game.load_words(args.players, &args.options).map_err(user)?;
    let session = Session {
        style: args.cards.style(),
        game: args.game,
        players: args.players,
        options: args.options,
        agents: args.agents,
        hint: args.hint,
        hint_ms: args.hint_ms,
        open: args.open,
        seed: args.seed,
        log: args.log,
        plain: args.plain,
        max_hands: args.max_hands,
        match_index: args.match_index,
        deals: args.deals,
        board: args.board,
        resume: args.resume,
    };
    game.jobs().play(&game, &session)
}
