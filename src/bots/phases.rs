//! The check's phases at a table after its hands, each down a path of the protocol that a
//! fault or a setting takes and plain hands never do: a process restarted mid-match (`match`,
//! then a hand other than 0), a hand another seat forfeits (`hand_end` with `forfeit`),
//! pondering (`ponder` and `stop`) and the bot's declared options (`option`). The bot sits at
//! seat 0, tricklab's agents elsewhere. Each returns the line the check prints; a bot's fault
//! unwinds.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::CheckPlan;
use super::seated::{Seated, play_match};
use super::stand_ins::{Conceding, Restarting};
use crate::agents::external::{ExternalAgent, ExternalSpec};
use crate::agents::{Agent, AgentFactory, RandomAgent};
use crate::experiment::Measured;
use crate::games::{Game, Seat};
use crate::words::counted;

/// The most matches a phase plays to meet the situation it checks (a match that ends after one
/// hand has no restart; a voided deal has no concession).
const TRIES: u64 = 8;

/// Single hands in the ponder and options phases.
const HANDS: u64 = 2;

/// `bot` at seat 0 and tricklab's random agent elsewhere: one process of the bot takes each
/// path, as cheaply as it can be taken.
fn at_seat_0<R: Measured>(rules: &R, bot: Box<dyn Agent<R::Hand>>) -> Seated<R::Hand>
where
    R::Hand: AgentFactory,
{
    let mut agents: Seated<R::Hand> = vec![bot];
    for _ in 1..rules.sides().num_seats() {
        agents.push(Box::new(RandomAgent));
    }
    agents
}

/// The bot is replaced by a new process before the second hand of a match.
pub(super) fn restart<R: Measured>(rules: &R, plan: &CheckPlan) -> String
where
    R::Hand: AgentFactory,
{
    let restarts = Arc::new(AtomicU64::new(0));
    let bot = Restarting::new(&plan.spec, restarts.clone());
    let mut agents = at_seat_0(rules, Box::new(bot));
    for m in 0..TRIES {
        play_match(rules, plan.seed, m, 2, &mut agents, |_| {});
        if restarts.load(Ordering::SeqCst) > 0 {
            break;
        }
    }
    match restarts.load(Ordering::SeqCst) {
        0 => format!("no match lasted two hands in {TRIES} matches, not checked"),
        n => format!(
            "{} started mid-match, told `match` and then hand 1, played on",
            counted(n, "new process")
        ),
    }
}

/// The first seat on a side other than seat 0's, which concedes a hand.
fn opponent<R: Measured>(rules: &R) -> Seat
where
    R::Hand: AgentFactory,
{
    let sides = rules.sides();
    Seat::all(sides.num_seats())
        .find(|&s| sides.side(s) != sides.side(Seat(0)))
        .unwrap_or(Seat(1))
}

/// An opponent concedes a hand: the bot is told `hand_end` with `forfeit`, then plays a match
/// more with the same processes.
pub(super) fn forfeit<R: Measured>(rules: &R, plan: &CheckPlan) -> String
where
    R::Hand: AgentFactory,
{
    let by = opponent(rules);
    let bot = ExternalAgent::new(plan.spec.clone());
    let mut agents = at_seat_0(rules, Box::new(bot));
    agents[by.index()] = Box::new(Conceding::new(1));
    let mut conceded = None;
    for m in 0..TRIES {
        let before = conceded.is_some();
        play_match(rules, plan.seed, m, 1, &mut agents, |p| {
            if let Some(s) = p.last.conceded() {
                conceded = Some((m, s, p.last.concession_receiver(s)));
            }
        });
        if before {
            break;
        }
    }
    match conceded {
        None => format!("seat {by} conceded no hand in {TRIES} matches, not checked"),
        Some((m, s, to)) => format!(
            "seat {s} conceded match {m}'s hand to seat {to}: `hand_end` with `forfeit`, then a hand more"
        ),
    }
}

/// A 1.1 bot that offers pondering plays hands seated with `ponder=true`.
pub(super) fn ponder<R: Measured>(rules: &R, plan: &CheckPlan) -> String
where
    R::Hand: AgentFactory,
{
    if !plan.hello.ponder {
        return "not offered (its hello has no \"ponder\": true), not checked".into();
    }
    let spec = ExternalSpec {
        ponder: true,
        ..plan.spec.clone()
    };
    format!(
        "{} with `ponder` after each answer and `stop` before the next line",
        bot_hands(rules, plan, &spec)
    )
}

/// A 1.1 bot that declares options plays hands with each set to a value other than its
/// default.
pub(super) fn options<R: Measured>(rules: &R, plan: &CheckPlan) -> String
where
    R::Hand: AgentFactory,
{
    let set: Vec<(String, String)> = plan
        .hello
        .options
        .iter()
        .filter_map(|d| d.trial_value().map(|v| (d.name.clone(), v)))
        .collect();
    if set.is_empty() {
        return if plan.hello.options.is_empty() {
            "none declared, not checked".into()
        } else {
            "no declared option allows a value, not checked".into()
        };
    }
    let shown: Vec<String> = set.iter().map(|(n, v)| format!("{n}={v}")).collect();
    let spec = ExternalSpec {
        options: set,
        ..plan.spec.clone()
    };
    format!(
        "{} with {} set",
        bot_hands(rules, plan, &spec),
        shown.join(", ")
    )
}

/// Plays [`HANDS`] single hands with the bot of `spec` at seat 0; how many.
fn bot_hands<R: Measured>(rules: &R, plan: &CheckPlan, spec: &ExternalSpec) -> String
where
    R::Hand: AgentFactory,
{
    let mut agents = at_seat_0(rules, Box::new(ExternalAgent::new(spec.clone())));
    let mut hands = 0u64;
    for m in 0..HANDS {
        play_match(rules, plan.seed, m, 1, &mut agents, |_| hands += 1);
    }
    counted(hands, "hand")
}
