//! `tricklab bots bench CMD`: how fast a bot plays. Single hands with the bot at seat 0 and
//! tricklab's random agent at the other seats, on one thread, then the same hands with the
//! random agent at seat 0 too; the bot's decisions per second of wall time and of its own CPU
//! time, and what the protocol costs tricklab.

use std::time::{Duration, Instant};

use clap::Args;

use crate::agents::external::{self, ExternalSpec};
use crate::agents::{AgentFactory, AgentSpec};
use crate::experiment::{Experiment, Measured};
use crate::games::GameKind;
use crate::games::record::replay_line;

use super::error::user;

/// Arguments of `tricklab bots bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// The command that starts the bot, e.g. "python3 examples/bots/random_bot.py".
    pub cmd: String,
    /// The game.
    #[arg(long, default_value = "whist")]
    pub game: String,
    /// The player count (default: the game's).
    #[arg(long)]
    pub players: Option<usize>,
    /// Single hands to play.
    #[arg(long, default_value_t = 2000)]
    pub hands: u64,
    /// The seed of the deals.
    #[arg(long, default_value_t = 1)]
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

fn pass<R>(rules: &R, seats: &[AgentSpec], args: &BenchArgs) -> anyhow::Result<Pass>
where
    R: Measured,
    R::Hand: AgentFactory,
{
    let exp = Experiment::single_hands("bots", rules.game(), seats.to_vec(), args.seed, args.hands);
    let (own0, bots0) = cpu();
    let t = Instant::now();
    let log = crate::bots::hand_records(rules, exp)?;
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

/// Runs `tricklab bots bench`.
pub fn bench(args: &BenchArgs) -> anyhow::Result<()> {
    if args.hands == 0 {
        return Err(user("--hands must be at least 1"));
    }
    if external::split_command(&args.cmd).is_empty() {
        return Err(user("the bot's command is empty"));
    }
    let game: GameKind = args.game.parse().map_err(user)?;
    let game = game.load_words(args.players, &[]).map_err(user)?;
    game.jobs().bots_bench(&game, args)
}

/// Benchmarks the bot at the table of `rules` (the game `R`'s half of `bots bench`).
pub(crate) fn bench_game<R>(rules: &R, args: &BenchArgs) -> anyhow::Result<()>
where
    R: Measured,
    R::Hand: AgentFactory,
{
    let (game, players) = (rules.game(), rules.players());
    let spec = ExternalSpec {
        name: "bot".into(),
        budget_ms: 10_000,
        ..ExternalSpec::command(&args.cmd)
    };
    let mut seats = vec![AgentSpec::Random; rules.sides().num_seats()];
    let random = pass(rules, &seats, args)?;
    seats[0] = AgentSpec::External(Box::new(spec));
    let bot = pass(rules, &seats, args)?;
    let per_s = |n: usize, d: Duration| n as f64 / d.as_secs_f64().max(1e-9);
    let us = |d: Duration, n: usize| d.as_secs_f64() * 1e6 / n.max(1) as f64;
    println!(
        "{} hands of {game} ({players} players), one thread; the bot at seat 0, random elsewhere",
        args.hands
    );
    println!(
        "bot: {} decisions, {:.0} a second of wall time, {:.0} a second of the bot's CPU time (start-up included)",
        bot.decisions,
        per_s(bot.decisions, bot.wall),
        per_s(bot.decisions, bot.bots)
    );
    println!(
        "tricklab's CPU: {:.1} µs a decision with the bot, {:.1} µs with random at seat 0",
        us(bot.own, bot.decisions),
        us(random.own, random.decisions)
    );
    println!(
        "wall: {:.3} s with the bot, {:.3} s with random at seat 0 ({:.0}× slower)",
        bot.wall.as_secs_f64(),
        random.wall.as_secs_f64(),
        bot.wall.as_secs_f64() / random.wall.as_secs_f64().max(1e-9)
    );
    Ok(())
}
