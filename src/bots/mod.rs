//! The job of `tricklab bots check` (the command line only prints it): does a bot follow
//! `tricklab-bot/1`? [`check_table`] plays each game and player count it says it plays: hands
//! whose records replay (whole matches of 9-5-2, whose exchanges ask for gives), every kind of
//! decision the game has asked and counted.

mod hands;

use crate::agents::AgentFactory;
use crate::agents::external::ExternalSpec;
use crate::agents::external::protocol::Hello;
use crate::experiment::Measured;

pub use hands::{TooFewHands, hand_records};

/// What a check plays with the bot.
#[derive(Clone, Debug)]
pub struct CheckPlan {
    /// The bot, named as its `hello` names itself.
    pub spec: ExternalSpec,
    /// Its `hello`: what it plays, its protocol, options and pondering.
    pub hello: Hello,
    /// Single hands per game and player count (whole matches where later hands differ).
    pub hands: u64,
    /// The seed of the deals.
    pub seed: u64,
    /// The bot's hands put it at seat 0 only (tricklab's agents elsewhere), so that a
    /// transcript is one seat's story; otherwise at every seat.
    pub one_seat: bool,
}

impl CheckPlan {
    /// Whether the bot sits at `seat`.
    pub fn bot_at(&self, seat: usize) -> bool {
        seat == 0 || !self.one_seat
    }
}

/// Checks the bot at the table of `rules`: the lines the check prints (what the hands asked).
///
/// # Errors
/// A record that does not replay; [`TooFewHands`] when the hands asked no decision of a kind
/// the game has. A bot's fault unwinds (see
/// [`catch_faults`](crate::agents::external::catch_faults)).
pub fn check_table<R>(rules: &R, plan: &CheckPlan) -> anyhow::Result<Vec<String>>
where
    R: Measured,
    R::Hand: AgentFactory,
{
    Ok(vec![hands::hands(rules, plan)?])
}
