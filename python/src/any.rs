//! A hand of any of the three games, behind one enum.

use tricklab::games::{catch_the_ten, nine_five_two, whist};

use crate::play::Play;
use crate::table::AnyRules;

/// A hand of one of the three games.
// Held by value: a state is cloned whole (search, `clone()`), and a box would only add an
// allocation to every clone.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum AnyPlay {
    /// Catch the Ten.
    CatchTheTen(Play<catch_the_ten::Setup>),
    /// 9-5-2.
    NineFiveTwo(Play<nine_five_two::Setup>),
    /// Whist.
    Whist(Play<whist::Setup>),
}

/// Runs `$body` with `$p` bound to the [`Play`] inside an [`AnyPlay`], whatever the game.
macro_rules! each_play {
    ($v:expr, $p:ident => $body:expr) => {
        match $v {
            $crate::any::AnyPlay::CatchTheTen($p) => $body,
            $crate::any::AnyPlay::NineFiveTwo($p) => $body,
            $crate::any::AnyPlay::Whist($p) => $body,
        }
    };
}
pub(crate) use each_play;

impl AnyPlay {
    /// The first hand of game `index` of a run with `seed` (as `tricklab simulate` deals it).
    pub fn deal(rules: &AnyRules, seed: u64, index: u64) -> AnyPlay {
        match rules {
            AnyRules::CatchTheTen(r) => AnyPlay::CatchTheTen(Play::deal(r, seed, index)),
            AnyRules::NineFiveTwo(r) => AnyPlay::NineFiveTwo(Play::deal(r, seed, index)),
            AnyRules::Whist(r) => AnyPlay::Whist(Play::deal(r, seed, index)),
        }
    }

    /// The rules of the hand.
    pub fn rules(&self) -> AnyRules {
        match self {
            AnyPlay::CatchTheTen(p) => AnyRules::CatchTheTen(p.rules),
            AnyPlay::NineFiveTwo(p) => AnyRules::NineFiveTwo(p.rules),
            AnyPlay::Whist(p) => AnyRules::Whist(p.rules),
        }
    }

    /// The hand of a record line, replayed and checked, at its end.
    pub fn from_record(line: &str) -> Result<AnyPlay, String> {
        use tricklab::games::GameKind;
        let kind = tricklab::games::record::game_of_line(line).map_err(|e| e.to_string())?;
        Ok(if kind == GameKind::CATCH_THE_TEN {
            AnyPlay::CatchTheTen(Play::from_record(line)?)
        } else if kind == GameKind::NINE_FIVE_TWO {
            AnyPlay::NineFiveTwo(Play::from_record(line)?)
        } else if kind == GameKind::WHIST {
            AnyPlay::Whist(Play::from_record(line)?)
        } else {
            return Err(format!("the Python package does not play {kind}"));
        })
    }
}
