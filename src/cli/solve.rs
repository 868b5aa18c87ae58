//! `tricklab solve`: the double-dummy value of a deal with every card open, for the leader's
//! side, and the value after each card the leader can play.

use std::fmt::Write as _;

use clap::Args;

use crate::cards::{CardSet, Deck, Suit, parse_cards_by_seat};
use crate::games::{GameKind, Sides, TrumpOrder};
use crate::solver::{Position, Scoring, Solver};

use super::error::user;

/// Arguments of `tricklab solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The game: whist, catch-the-ten or nine-five-two.
    #[arg(long, default_value = "whist")]
    pub game: String,
    /// One hand per seat in seat order, separated by `/`, e.g. `AS KS 2D … / … / … / …`.
    #[arg(long, required_unless_present = "deals")]
    pub deal: Option<String>,
    /// The trump suit: C, D, H or S (`N` for none, Whist and 9-5-2 only).
    #[arg(long, required_unless_present = "deals")]
    pub trump: Option<String>,
    /// Solve a deal of this Whist deal book (`tricklab deals`, or PBN) instead of --deal: its
    /// hands, the turned card's suit as trumps and the eldest hand on lead (docs/deals.md).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["deal", "trump", "leader"])]
    pub deals: Option<std::path::PathBuf>,
    /// Which deal of --deals, from 0.
    #[arg(long, default_value_t = 0, requires = "deals")]
    pub board: u64,
    /// The seat on lead: a seat number from 0, or N, E, S, W at a table of four.
    #[arg(long, default_value = "0")]
    pub leader: String,
    /// The player count for Catch the Ten (default 4).
    #[arg(long)]
    pub players: Option<usize>,
    /// A Catch the Ten side layout option (`pairs`, `everyone_alone`), as in `simulate`.
    #[arg(long = "option", value_name = "KEY[=VALUE]")]
    pub options: Vec<String>,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// Runs `tricklab solve`.
pub fn run(mut args: SolveArgs) -> anyhow::Result<()> {
    if let Some(path) = &args.deals {
        let (deal, trump, leader) = super::deals::whist_position(path, args.board)?;
        (args.game, args.deal, args.trump, args.leader) =
            ("whist".into(), Some(deal), Some(trump), leader);
    }
    let game: GameKind = args.game.parse().map_err(user)?;
    let hands = parse_cards_by_seat(args.deal.as_deref().unwrap_or_default())
        .map_err(|e| user(format!("--deal: {e}")))?;
    let trump = parse_trump(args.trump.as_deref().unwrap_or_default(), game)?;
    let (seats, sides, order, deck) = table(game, &args)?;
    let outside = hands.iter().fold(CardSet::EMPTY, |acc, h| acc | *h) - deck.cards();
    if !outside.is_empty() {
        return Err(user(format!(
            "--deal: {outside} {} not in the pack of {game} here ({} cards, {})",
            if outside.len() == 1 { "is" } else { "are" },
            deck.len(),
            deck.describe()
        )));
    }
    if hands.len() != seats {
        return Err(user(format!(
            "--deal has {} hands; {game} here needs {seats}, one per seat separated by `/`",
            hands.len()
        )));
    }
    let leader = crate::games::parse_seat("--leader", &args.leader, seats).map_err(user)?;
    let side = sides.side(leader);
    let scoring = if game.open_table().counts_honours {
        let share: usize = sides.members(side).map(|s| hands[s.index()].len()).sum();
        Scoring::Honours { share: share as u8 }
    } else {
        Scoring::Tricks
    };
    let p = Position::new(&hands, trump, order, leader, sides, side, scoring)
        .map_err(|e| user(format!("--deal: {e}")))?;
    let solution = Solver::new().solve(&p);
    let what = match scoring {
        Scoring::Tricks => "tricks",
        Scoring::Honours { .. } => "points",
    };
    let mut out = String::new();
    if args.json {
        let cards: serde_json::Map<String, serde_json::Value> = solution
            .cards()
            .map(|(c, v)| (c.to_string(), v.into()))
            .collect();
        let json = serde_json::json!({
            "game": game.to_string(),
            "leader": leader.index(),
            "side": sides.label(side),
            "counts": what,
            "value": solution.value,
            "cards": cards,
        });
        writeln!(out, "{json}")?;
    } else {
        writeln!(
            out,
            "{game}: {} {} for side {} (seat {leader} on lead)",
            solution.value,
            if solution.value == 1 {
                what.trim_end_matches('s')
            } else {
                what
            },
            sides.label(side)
        )?;
        for (c, v) in solution.cards() {
            writeln!(out, "{:<4} {v}", c.to_string())?;
        }
    }
    crate::report::output::write_stdout(out.as_bytes())?;
    Ok(())
}

/// The table of `game`: its seat count, sides, trump order and pack.
fn table(game: GameKind, args: &SolveArgs) -> anyhow::Result<(usize, Sides, TrumpOrder, Deck)> {
    if !game.open_table().table_options && (args.players.is_some() || !args.options.is_empty()) {
        return Err(user(format!(
            "--players and --option apply to catch-the-ten only, not {game}"
        )));
    }
    let table = game.load_words(args.players, &args.options).map_err(user)?;
    Ok((
        table.players(),
        table.sides(),
        game.open_table().order,
        table.deck(),
    ))
}

/// Reads `--trump`: a suit, or `N` (none) where the game allows it.
fn parse_trump(s: &str, game: GameKind) -> anyhow::Result<Option<Suit>> {
    let t = s.trim();
    if t.eq_ignore_ascii_case("n") || t.eq_ignore_ascii_case("none") {
        if !game.open_table().no_trump {
            return Err(user(format!(
                "--trump: {game} always has a trump suit; give C, D, H or S"
            )));
        }
        return Ok(None);
    }
    t.parse::<Suit>().map(Some).map_err(|_| {
        user(format!(
            "--trump `{t}`: expected C, D, H, S or N (no trumps)"
        ))
    })
}
