//! `tricklab analyze`: why this card? Runs a search agent for the seat to act at a point of a
//! recorded hand and prints every legal action with its visits and mean reward.

use std::path::PathBuf;

use clap::Args;

use crate::agents::ismcts::Ismcts;
use crate::agents::{AgentFactory, AgentSpec};
use crate::games::Game;
use crate::games::record::RecordRules;
use crate::rng::{Purpose, stream};
use crate::words::counted;

use super::error::user;
use super::position::{position, record_line};
use super::which_hand::{WhichHand, head_of};

/// Arguments of `tricklab analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// A record file (from `simulate --log`).
    #[arg(long)]
    pub log: PathBuf,
    /// Which hand of the file.
    #[command(flatten)]
    pub which: WhichHand,
    /// After how many decisions of the hand.
    #[arg(long, default_value_t = 0)]
    pub after: usize,
    /// The search agent.
    #[arg(long, default_value = "ismcts:iterations=10000")]
    pub agent: String,
    /// Seed for the search.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Runs `tricklab analyze`.
pub fn run(args: AnalyzeArgs) -> anyhow::Result<()> {
    let (game, line) = record_line(&args.log, &args.which)?;
    game.jobs().analyze(&args, &line)
}

/// Analyzes a decision of a hand of the game `R`.
pub(crate) fn analyze<R>(args: &AnalyzeArgs, line: &str) -> anyhow::Result<()>
where
    R: RecordRules,
    R::Hand: AgentFactory,
{
    let params = match args.agent.parse::<AgentSpec>().map_err(user)? {
        AgentSpec::Ismcts(p) => *p,
        other => {
            return Err(user(format!(
                "analyze needs a search agent (ismcts:…), not `{other}`"
            )));
        }
    };
    let (_, state) = position::<R>(line, args.after)?;
    let seat = state.to_act().ok_or_else(|| {
        user(format!(
            "the hand is over after {}",
            counted(args.after as u64, "decision")
        ))
    })?;
    let mut agent = Ismcts::<R::Hand>::new(params).map_err(user)?;
    let mut rng = stream(args.seed, 0, Purpose::Agent, 0);
    let ranked = agent.search(&state, seat, &mut rng);
    let st = agent.stats();
    println!(
        "{} · after {}: seat {seat} to act; holds {}",
        head_of(line).unwrap_or_default(),
        counted(args.after as u64, "decision"),
        state.hand(seat)
    );
    println!(
        "{} ({} iterations, {} nodes{}, {} consistent worlds, {:.3} s)",
        agent.params(),
        st.iterations,
        st.nodes,
        if st.cap_reached {
            ", node cap reached"
        } else {
            ""
        },
        st.worlds,
        st.seconds
    );
    println!(
        "{:<12} {:>10} {:>10} {:>12}",
        "action", "visits", "available", "mean reward"
    );
    for s in &ranked {
        println!(
            "{:<12} {:>10} {:>10} {:>12.4}",
            s.action.to_string(),
            s.visits,
            s.avail,
            s.mean
        );
    }
    Ok(())
}
