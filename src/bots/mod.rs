//! The job of `tricklab bots check` (the command line only prints it): does a bot follow
//! `tricklab-bot/1`? [`handshake`] starts it and reads its `hello`; [`endings`] checks that it
//! exits when it reads `quit` and when its input ends; [`check_table`] plays each game and
//! player count it says it plays: hands whose records replay (whole matches of 9-5-2, whose
//! exchanges ask for gives), then the paths of the protocol that plain hands never take (a
//! process restarted mid-match, a hand another seat forfeits, pondering, options). A phase the
//! bot fails is an error that names the phase. The job of `tricklab bots bench`,
//! [`bench_table`], times the bot's play against tricklab's random agent.

mod bench;
mod hands;
mod lifecycle;
mod phases;
mod seated;
mod stand_ins;

use crate::agents::AgentFactory;
use crate::agents::external::protocol::Hello;
use crate::agents::external::{self, ExternalSpec, catch_faults};
use crate::experiment::Measured;

pub use bench::{BenchPlan, bench_table};
pub use hands::{TooFewHands, hand_records};
pub use lifecycle::{endings, handshake};

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
    /// transcript is one seat's story; otherwise at every seat. (The phases after the hands
    /// always seat it at seat 0 alone.)
    pub one_seat: bool,
}

impl CheckPlan {
    /// Whether the bot sits at `seat`.
    pub fn bot_at(&self, seat: usize) -> bool {
        seat == 0 || !self.one_seat
    }
}

/// A phase after the hands at the table of `R`: the line it prints.
type Phase<R> = fn(&R, &CheckPlan) -> String;

/// Checks the bot at the table of `rules`: its hands, then each path of the protocol, every
/// bot process stopped after each phase. The lines the check prints: what the hands asked,
/// then one per phase (`restart: …`, `forfeit: …`, `ponder: …`, `options: …`).
///
/// # Errors
/// The first phase the bot fails, named (`forfeit: bot …, match 0, hand 0: …`); a bot's fault
/// is kept as the error's source, so its kind still decides the exit code. [`TooFewHands`]
/// when the hands asked no decision of a kind the game has.
pub fn check_table<R>(rules: &R, plan: &CheckPlan) -> anyhow::Result<Vec<String>>
where
    R: Measured,
    R::Hand: AgentFactory,
{
    let mut lines = vec![phase("hands", || hands::hands(rules, plan))?];
    let others: [(&str, Phase<R>); 4] = [
        ("restart", phases::restart::<R>),
        ("forfeit", phases::forfeit::<R>),
        ("ponder", phases::ponder::<R>),
        ("options", phases::options::<R>),
    ];
    for (name, run) in others {
        let line = phase(name, || Ok(run(rules, plan)))?;
        lines.push(format!("{name}: {line}"));
    }
    Ok(lines)
}

/// Runs one phase: a bot's fault becomes its error, named by the phase; every bot process is
/// stopped after it, so that the next phase starts its own.
fn phase(name: &str, run: impl FnOnce() -> anyhow::Result<String>) -> anyhow::Result<String> {
    let result = catch_faults(run);
    external::shutdown();
    match result {
        Ok(Ok(line)) => Ok(line),
        Ok(Err(e)) if e.is::<TooFewHands>() => Err(e),
        Ok(Err(e)) => Err(e.context(name.to_string())),
        Err(fault) => Err(anyhow::Error::new(fault).context(name.to_string())),
    }
}
