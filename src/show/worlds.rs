//! What a seat knows at a position of a recorded hand, and worlds consistent with it
//! (`tricklab worlds`), as text.

use std::fmt::Write as _;

use crate::errors::user;
use crate::games::record::RecordRules;
use crate::games::{Game, parse_seat};
use crate::knowledge::{Observable, WorldSampler};
use crate::rng::{Purpose, stream};
use crate::words::counted;

use super::position::{head_of, position};

/// Which seat's knowledge, where, and how many worlds to draw.
#[derive(Clone, Debug)]
pub struct WorldsQuery {
    /// After how many decisions of the hand.
    pub after: usize,
    /// The observing seat, as given (`--seat`: a number from 0, or N, E, S, W at four).
    pub seat: String,
    /// How many worlds to draw and show.
    pub samples: usize,
    /// The seed of the draws.
    pub seed: u64,
}

/// The knowledge and sample worlds of the hand of record `line` of the game `R`, as text.
///
/// # Errors
/// Bad input: a line that is not a record of `R`, a position past the hand's end, a seat
/// that is not one.
pub fn worlds_text<R>(query: &WorldsQuery, line: &str) -> anyhow::Result<String>
where
    R: RecordRules,
    R::Hand: Observable,
{
    let (_, hand) = position::<R>(line, query.after)?;
    let n = hand.num_seats();
    let seat = parse_seat("--seat", &query.seat, n).map_err(user)?;
    let k = hand.knowledge(seat);
    let mut text = String::new();
    writeln!(
        text,
        "{} · after {} · as seat {seat} knows it",
        head_of(line).unwrap_or_default(),
        counted(query.after as u64, "decision")
    )?;
    writeln!(text, "{k}")?;
    let sampler = WorldSampler::new(&k).map_err(|e| anyhow::anyhow!("{e}"))?;
    writeln!(text, "consistent worlds: {}", sampler.count())?;
    let mut rng = stream(query.seed, 0, Purpose::Other, 0);
    // With a single consistent world (every card known, as at the end of a hand) every draw
    // would print the same world: print it once.
    let samples = if sampler.count() <= 1 {
        query.samples.min(1)
    } else {
        query.samples
    };
    for i in 0..samples {
        writeln!(text, "world {}:", i + 1)?;
        for (p, h) in k.places.iter().zip(sampler.sample(&mut rng)) {
            writeln!(text, "  {}: {}", p.kind, p.known | h)?;
        }
    }
    Ok(text)
}
