//! `tricklab train`: self-play hands of a field, a small card-location network trained on
//! them, written as a versioned model file; with `--eval MODEL`, that model judged on
//! held-out hands instead (see `learn::eval`).

use std::path::PathBuf;

use clap::Args;

use crate::games::GameKind;
use crate::knowledge::learned::{LearnedModel, TrainSettings};
use crate::learn::job::TrainJob;
use crate::report::output::write_stdout;

use super::error::user;

/// Arguments of `tricklab train`.
#[derive(Debug, Args)]
pub struct TrainArgs {
    /// The game: catch-the-ten, nine-five-two or whist (with --eval: the model's).
    #[arg(long, default_value = "catch-the-ten")]
    pub game: String,
    /// The player count (default: 4 for Catch the Ten and Whist, 3 for 9-5-2).
    #[arg(long)]
    pub players: Option<usize>,
    /// A named rule option, `KEY` or `KEY=VALUE` (repeat the flag or separate with commas).
    #[arg(long = "option", value_name = "KEY[=VALUE]")]
    pub options: Vec<String>,
    /// The self-play field: one agent spec for every seat, or one per seat separated by
    /// commas (with --eval, default: the field the model was trained on).
    #[arg(long)]
    pub field: Option<String>,
    /// Hands of self-play (with --eval: held-out hands).
    #[arg(long, default_value_t = 2000)]
    pub hands: u64,
    /// The seed of the deals, the agents, the initial weights and the shuffles (with --eval:
    /// of the held-out hands, which must differ from the model's).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write the model here (refused if it exists, unless --force).
    #[arg(long, value_name = "MODEL")]
    pub out: Option<PathBuf>,
    /// Replace an existing --out.
    #[arg(long)]
    pub force: bool,
    /// Hidden units of the network.
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u16).range(1..=4096))]
    pub hidden: u16,
    /// Passes over the examples.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub epochs: u32,
    /// Examples per training step.
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u32).range(1..=65536))]
    pub batch: u32,
    /// Adam's step size.
    #[arg(long, default_value_t = 0.003)]
    pub learning_rate: f32,
    /// Evaluate this model on held-out hands instead of training: log loss and calibration
    /// against the uniform sampler and policy inference, and the cost per decision (markdown
    /// on standard output).
    #[arg(long, value_name = "MODEL", conflicts_with = "out")]
    pub eval: Option<PathBuf>,
}

/// Runs `tricklab train`.
pub fn run(args: TrainArgs) -> anyhow::Result<()> {
    if let Some(path) = &args.eval {
        let model = LearnedModel::read(path).map_err(user)?;
        let game = model.header.game;
        let report = game.jobs().train_eval(&job_of(&args), model)?;
        return write_stdout(report.as_bytes());
    }
    if args.out.is_none() {
        return Err(user(
            "train needs --out MODEL (the file to write), or --eval MODEL",
        ));
    }
    if !(args.learning_rate.is_finite() && args.learning_rate > 0.0) {
        return Err(user(format!(
            "--learning-rate {}: expected a number above 0",
            args.learning_rate
        )));
    }
    if args.hands == 0 {
        return Err(user("--hands 0: expected at least 1 hand"));
    }
    let game: GameKind = args.game.parse().map_err(user)?;
    let done = game.jobs().train(&job_of(&args), game)?;
    eprintln!("{done}");
    Ok(())
}

/// The job the flags ask for.
fn job_of(args: &TrainArgs) -> TrainJob {
    TrainJob {
        players: args.players,
        options: args.options.clone(),
        field: args.field.clone(),
        hands: args.hands,
        seed: args.seed,
        out: args.out.clone(),
        force: args.force,
        hidden: args.hidden as usize,
        settings: TrainSettings {
            epochs: args.epochs,
            batch: args.batch as usize,
            learning_rate: args.learning_rate,
        },
    }
}
