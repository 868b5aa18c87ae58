//! The check's first phase at a table: hands with the bot at every seat (at seat 0 only with a
//! transcript), played by the experiments' runner, every record replayed and every kind of
//! decision the game asks counted. 9-5-2 is played in whole matches, since only its later
//! hands ask for gives.

use std::sync::atomic::AtomicBool;

use thiserror::Error;

use super::CheckPlan;
use crate::agents::{AgentFactory, AgentSpec};
use crate::experiment::{Experiment, Measured, Records, play_batches};
use crate::games::Decision;
use crate::games::record::replay_line;
use crate::words::counted;

/// The most hands a checked match may take: that of experiment configs, so a match is played
/// to its end.
const WHOLE_MATCH: u32 = 10_000;

/// The hands of a check asked the bot no decision of a kind its game has: more hands are
/// needed. The user's to fix, not the bot's.
#[derive(Debug, Error)]
#[error("{0}")]
pub struct TooFewHands(pub String);

/// Plays `plan.hands` single hands of `R` with the bot (whole matches where later hands differ)
/// and replays every record; the line that says what was asked.
pub(super) fn hands<R>(rules: &R, plan: &CheckPlan) -> anyhow::Result<String>
where
    R: Measured,
    R::Hand: AgentFactory,
{
    let game = rules.game();
    let bot = AgentSpec::External(Box::new(plan.spec.clone()));
    let seats: Vec<AgentSpec> = (0..rules.sides().num_seats())
        .map(|s| {
            if s == 0 || !plan.one_seat {
                bot.clone()
            } else {
                AgentSpec::Random
            }
        })
        .collect();
    let hands = Experiment::single_hands("bots", game, seats, plan.seed, plan.hands);
    let exp = if game.facts().later_hands_differ {
        Experiment {
            matches: true,
            max_hands: WHOLE_MATCH,
            ..hands
        }
    } else {
        hands
    };
    let text = String::from_utf8(hand_records(rules, exp)?)?;
    let mut asked = [0u64; Decision::ALL.len()];
    for (i, line) in text.lines().enumerate() {
        let (rec, _) =
            replay_line::<R>(line).map_err(|e| anyhow::anyhow!("hand {i} does not replay: {e}"))?;
        for d in rec.actions.iter().filter_map(|a| a.step.decision()) {
            asked[d.decision() as usize] += 1;
        }
    }
    let played = counted(text.lines().count() as u64, "hand");
    if let Some(never) = game
        .facts()
        .decisions
        .iter()
        .find(|&&d| asked[d as usize] == 0)
    {
        return Err(anyhow::Error::new(TooFewHands(format!(
            "{game}: {played} asked the bot no {} decision, so it is not checked: raise --hands (now {})",
            never.name(),
            plan.hands
        ))));
    }
    let total: u64 = asked.iter().sum();
    let each: Vec<String> = Decision::ALL
        .iter()
        .zip(asked)
        .filter(|(_, n)| *n > 0)
        .map(|(d, n)| format!("{} {n}", d.name()))
        .collect();
    let matches = if game.facts().later_hands_differ {
        format!(" in {}", counted(plan.hands, "whole match"))
    } else {
        String::new()
    };
    Ok(format!(
        "{played}{matches}, {} ({}), every record replays",
        counted(total, "decision"),
        each.join(", ")
    ))
}

/// Plays the deals of `exp` on one thread with the experiments' runner and returns their
/// records (JSON lines, as `simulate --log` writes them).
///
/// # Errors
/// A failure of the runner; a bot's fault unwinds (see
/// [`catch_faults`](crate::agents::external::catch_faults)).
pub fn hand_records<R>(rules: &R, exp: Experiment) -> anyhow::Result<Vec<u8>>
where
    R: Measured,
    R::Hand: AgentFactory,
{
    let mut log = Vec::new();
    let never = AtomicBool::new(false);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build()?;
    pool.install(|| {
        play_batches(
            &exp,
            rules,
            0..exp.deals,
            0,
            Records::On,
            &never,
            None,
            |batch, _| {
                log.extend(batch.records);
                Ok(())
            },
        )
    })?;
    Ok(log)
}
