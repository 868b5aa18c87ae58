//! `tricklab worlds`: what a seat knows at a point of a recorded hand, and worlds consistent
//! with it.

use std::path::PathBuf;

use clap::Args;

use crate::games::Game;
use crate::games::record::RecordRules;
use crate::knowledge::{Observable, WorldSampler};
use crate::rng::{Purpose, stream};
use crate::words::counted;

use super::position::{position, record_line};
use super::seat_arg::parse_seat;
use super::which_hand::{WhichHand, head_of};

/// Arguments of `tricklab worlds`.
#[derive(Debug, Args)]
pub struct WorldsArgs {
    /// A record file (from `simulate --log`).
    #[arg(long)]
    pub log: PathBuf,
    /// Which hand of the file.
    #[command(flatten)]
    pub which: WhichHand,
    /// After how many decisions of the hand.
    #[arg(long, default_value_t = 0)]
    pub after: usize,
    /// The observing seat: a seat number from 0, or N, E, S, W at a table of four.
    #[arg(long)]
    pub seat: String,
    /// How many worlds to draw and print.
    #[arg(long, default_value_t = 3)]
    pub samples: usize,
    /// Seed for the draws.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Runs `tricklab worlds`.
pub fn run(args: WorldsArgs) -> anyhow::Result<()> {
    let (game, line) = record_line(&args.log, &args.which)?;
    game.jobs().worlds(&args, &line)
}

/// Prints the knowledge and sample worlds of a hand of the game `R`.
pub(crate) fn show<R>(args: &WorldsArgs, line: &str) -> anyhow::Result<()>
where
    R: RecordRules,
    R::Hand: Observable,
{
    let (_, hand) = position::<R>(line, args.after)?;
    let n = hand.num_seats();
    let seat = parse_seat("--seat", &args.seat, n)?;
    let k = hand.knowledge(seat);
    println!(
        "{} · after {} · as seat {seat} knows it",
        head_of(line).unwrap_or_default(),
        counted(args.after as u64, "decision")
    );
    println!("{k}");
    let sampler = WorldSampler::new(&k).map_err(|e| anyhow::anyhow!("{e}"))?;
    println!("consistent worlds: {}", sampler.count());
    let mut rng = stream(args.seed, 0, Purpose::Other, 0);
    // With a single consistent world (every card known, as at the end of a hand) every draw
    // would print the same world: print it once.
    let samples = if sampler.count() <= 1 {
        args.samples.min(1)
    } else {
        args.samples
    };
    for i in 0..samples {
        println!("world {}:", i + 1);
        for (p, h) in k.places.iter().zip(sampler.sample(&mut rng)) {
            println!("  {}: {}", p.kind, p.known | h);
        }
    }
    Ok(())
}
