//! The three games behind one enum, and their rules read from a Python options dict exactly as
//! the command line reads `--option`.

use tricklab::agents::AgentFactory;
use tricklab::experiment::Measured;
use tricklab::games::record::RecordRules;
use tricklab::games::{GameKind, catch_the_ten, nine_five_two, whist};

use crate::any::AnyPlay;
use crate::play::Play;

/// A game's rules with everything the bindings need: records, statistics (with the points a
/// game adds after the play, `Measured::bonus`) and agents.
pub trait Table: Measured<Hand: AgentFactory> + Send + Sync + 'static {
    /// The hand as one of the three games.
    fn wrap(play: Play<Self>) -> AnyPlay;
}

impl Table for catch_the_ten::Setup {
    fn wrap(play: Play<Self>) -> AnyPlay {
        AnyPlay::CatchTheTen(play)
    }
}

impl Table for nine_five_two::Setup {
    fn wrap(play: Play<Self>) -> AnyPlay {
        AnyPlay::NineFiveTwo(play)
    }
}

impl Table for whist::Setup {
    fn wrap(play: Play<Self>) -> AnyPlay {
        AnyPlay::Whist(play)
    }
}

/// The checked rules of one of the three games.
#[derive(Clone, Debug)]
pub enum AnyRules {
    /// Catch the Ten.
    CatchTheTen(catch_the_ten::Setup),
    /// 9-5-2.
    NineFiveTwo(nine_five_two::Setup),
    /// Whist.
    Whist(whist::Setup),
}

/// Runs `$body` with `$r` bound to the rules inside an [`AnyRules`], whatever the game.
macro_rules! each_rules {
    ($v:expr, $r:ident => $body:expr) => {
        match $v {
            $crate::table::AnyRules::CatchTheTen($r) => $body,
            $crate::table::AnyRules::NineFiveTwo($r) => $body,
            $crate::table::AnyRules::Whist($r) => $body,
        }
    };
}
pub(crate) use each_rules;

impl AnyRules {
    /// Reads the game, player count and `KEY[=VALUE]` options as `tricklab simulate` does; the
    /// error is the command line's one-line message.
    pub fn new(game: &str, players: Option<usize>, options: &[String]) -> Result<AnyRules, String> {
        let kind: GameKind = game.parse().map_err(|e| format!("{e}"))?;
        Ok(if kind == GameKind::CATCH_THE_TEN {
            AnyRules::CatchTheTen(checked(kind, players, options)?)
        } else if kind == GameKind::NINE_FIVE_TWO {
            AnyRules::NineFiveTwo(checked(kind, players, options)?)
        } else if kind == GameKind::WHIST {
            AnyRules::Whist(checked(kind, players, options)?)
        } else {
            return Err(format!("the Python package does not play {kind}"));
        })
    }

    /// Which game.
    pub fn kind(&self) -> GameKind {
        each_rules!(self, r => r.game())
    }

    /// The player count.
    pub fn players(&self) -> usize {
        each_rules!(self, r => r.players())
    }

    /// The options as the records write them (JSON).
    pub fn options_json(&self) -> String {
        each_rules!(self, r => serde_json::to_string(&r.options()).unwrap_or_default())
    }
}

/// The rules of `kind` at a table of `players` (`None`: the game's default, as the library's
/// game facts declare it) with the `KEY[=VALUE]` `options`.
fn checked<R: RecordRules>(
    kind: GameKind,
    players: Option<usize>,
    options: &[String],
) -> Result<R, String> {
    let opts: R::Options = parse_options(kind.name(), options)?;
    R::from_options(players.unwrap_or(kind.default_players()), &opts).map_err(|e| e.to_string())
}

/// Reads `KEY[=VALUE]` items into a game's options with the library's parser (the one behind
/// the command line's `--option`), so the rules and the one-line messages are the same.
pub fn parse_options<O: serde::de::DeserializeOwned>(
    game: &str,
    items: &[String],
) -> Result<O, String> {
    tricklab::games::registry::parse_options(game, items)
        .map_err(|e| e.to_string().replace('\n', " "))
}
