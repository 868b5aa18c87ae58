//! The job of `tricklab bots bench`: how fast a bot plays. Single hands with the bot at seat 0
//! and tricklab's random agent at the other seats, on one thread, then the same hands with the
//! random agent at seat 0 too; the bot's decisions per second of wall time and of its own CPU
//! time, and what the protocol costs tricklab.

use std::time::{Duration, Instant};

use crate::agents::external::{self, ExternalSpec};
use crate::agents::{AgentFactory, AgentSpec};
use crate::experiment::{Experiment, Measured};
use crate::games::record::replay_line;

use super::hand_records;

/// What a benchmark plays with the bot.
#[derive(Clone, Debug)]
pub struct BenchPlan {
    /// The command that starts the bot.
    pub cmd: String,
    /// Single hands to play in each pass.
    pub hands: u64,
    /// The seed of the deals.
    pub seed: u64,
}

/// CPU time of this process and of its reaped children.
fn cpu() -> (Duration, Duration) {
    let of = |who| {
        // SAFETY: getrusage fills the struct it is given.
        let mut u: libc::rusage = unsafe { std::mem::zeroed() };
        unsafe { libc::getrusage(who, &mut u) };
        let t = |v: libc::timeval| {
            Duration::from_secs(v.tv_sec as u64) + Duration::from_micros(v.tv_usec as u64)
        };
        t(u.ru_utime) + t(u.ru_stime)
    };
    (of(libc::RUSAGE_SELF), of(libc::RUSAGE_CHILDREN))
}

/// One timed pass: wall, tricklab's CPU, the bots' CPU, and seat 0's decisions.
struct Pass {
    wall: Duration,
    own: Duration,
    bots: Duration,
    decisions: usize,
}

fn pass<R>(rules: &R, seats: &[AgentSpec], plan: &BenchPlan) -> anyhow::Result<Pass>
where
    R: Measured,
    R::Hand: AgentFactory,
{
    let exp = Experiment::single_hands("bots", rules.game(), seats.to_vec(), plan.seed, plan.hands);
    let (own0, bots0) = cpu();
    let t = Instant::now();
    let log = hand_records(rules, exp)?;
    // The bot is reaped here, so that its CPU time is counted.
    external::shutdown();
    let wall = t.elapsed();
    let (own1, bots1) = cpu();
    let mut decisions = 0;
    for line in String::from_utf8(log)?.lines() {
        let (rec, _) = replay_line::<R>(line).map_err(|e| anyhow::anyhow!("{e}"))?;
        decisions += rec
            .actions
            .iter()
            .filter(|a| a.seat == 0 && a.step.decision().is_some())
            .count();
    }
    Ok(Pass {
        wall,
        own: own1 - own0,
        bots: bots1 - bots0,
        decisions,
    })
}

/// Benchmarks the bot of `plan` at the table of `rules`: the lines `bots bench` prints (what
/// was played, the bot's decisions a second, tricklab's CPU a decision, the wall times).
///
/// # Errors
/// A bot that cannot be started or breaks the protocol, or a record that does not replay.
pub fn bench_table<R>(rules: &R, plan: &BenchPlan) -> anyhow::Result<Vec<String>>
where
    R: Measured,
    R::Hand: AgentFactory,
{
    let (game, players) = (rules.game(), rules.players());
    let spec = ExternalSpec {
        name: "bot".into(),
        budget_ms: 10_000,
        ..ExternalSpec::command(&plan.cmd)
    };
    let mut seats = vec![AgentSpec::Random; rules.sides().num_seats()];
    let random = pass(rules, &seats, plan)?;
    seats[0] = AgentSpec::External(Box::new(spec));
    let bot = pass(rules, &seats, plan)?;
    let per_s = |n: usize, d: Duration| n as f64 / d.as_secs_f64().max(1e-9);
    let us = |d: Duration, n: usize| d.as_secs_f64() * 1e6 / n.max(1) as f64;
    Ok(vec![
        format!(
            "{} hands of {game} ({players} players), one thread; the bot at seat 0, random elsewhere",
            plan.hands
        ),
        format!(
            "bot: {} decisions, {:.0} a second of wall time, {:.0} a second of the bot's CPU time (start-up included)",
            bot.decisions,
            per_s(bot.decisions, bot.wall),
            per_s(bot.decisions, bot.bots)
        ),
        format!(
            "tricklab's CPU: {:.1} µs a decision with the bot, {:.1} µs with random at seat 0",
            us(bot.own, bot.decisions),
            us(random.own, random.decisions)
        ),
        format!(
            "wall: {:.3} s with the bot, {:.3} s with random at seat 0 ({:.0}× slower)",
            bot.wall.as_secs_f64(),
            random.wall.as_secs_f64(),
            bot.wall.as_secs_f64() / random.wall.as_secs_f64().max(1e-9)
        ),
    ])
}
