//! Why this card? A search agent run for the seat to act at a position of a recorded hand
//! (`tricklab analyze`): every legal action with its visits and mean reward, as text.

use std::fmt::Write as _;

use crate::agents::ismcts::Ismcts;
use crate::agents::{AgentFactory, AgentSpec};
use crate::errors::user;
use crate::games::Game;
use crate::games::record::RecordRules;
use crate::rng::{Purpose, stream};
use crate::words::counted;

use super::position::{head_of, position};

/// Where to search, with what, and from which seed.
#[derive(Clone, Debug)]
pub struct AnalyzeQuery {
    /// After how many decisions of the hand.
    pub after: usize,
    /// The search agent, as an agent spec (`ismcts:…`).
    pub agent: String,
    /// The seed of the search.
    pub seed: u64,
}

/// The search's view of the decision of the hand of record `line` of the game `R`, as text.
///
/// # Errors
/// Bad input: an agent that is not a search agent, a line that is not a record of `R`, a
/// position past the hand's end.
pub fn analysis_text<R>(query: &AnalyzeQuery, line: &str) -> anyhow::Result<String>
where
    R: RecordRules,
    R::Hand: AgentFactory,
{
    let params = match query.agent.parse::<AgentSpec>().map_err(user)? {
        AgentSpec::Ismcts(p) => *p,
        other => {
            return Err(user(format!(
                "analyze needs a search agent (ismcts:…), not `{other}`"
            )));
        }
    };
    let (_, state) = position::<R>(line, query.after)?;
    let seat = state.to_act().ok_or_else(|| {
        user(format!(
            "the hand is over after {}",
            counted(query.after as u64, "decision")
        ))
    })?;
    let mut agent = Ismcts::<R::Hand>::new(params).map_err(user)?;
    let mut rng = stream(query.seed, 0, Purpose::Agent, 0);
    let ranked = agent.search(&state, seat, &mut rng);
    let st = agent.stats();
    let mut text = String::new();
    writeln!(
        text,
        "{} · after {}: seat {seat} to act; holds {}",
        head_of(line).unwrap_or_default(),
        counted(query.after as u64, "decision"),
        state.hand(seat)
    )?;
    writeln!(
        text,
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
    )?;
    writeln!(
        text,
        "{:<12} {:>10} {:>10} {:>12}",
        "action", "visits", "available", "mean reward"
    )?;
    for s in &ranked {
        writeln!(
            text,
            "{:<12} {:>10} {:>10} {:>12.4}",
            s.action.to_string(),
            s.visits,
            s.avail,
            s.mean
        )?;
    }
    Ok(text)
}
