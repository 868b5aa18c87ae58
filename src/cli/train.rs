//! `tricklab train`: self-play hands of a field, a small card-location network trained on
//! them, written as a versioned model file; with `--eval MODEL`, that model judged on
//! held-out hands instead (see `learn::eval`).

use std::io::Write as _;
use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;

use crate::agents::{AgentFactory, parse_seating};
use crate::games::GameKind;
use crate::games::record::RecordRules;
use crate::knowledge::learned::{LearnedModel, TrainSettings};
use crate::learn::{TrainRequest, eval, train};

use super::error::user;
use super::options::parse_options;
use crate::report::output::{Output, write_stdout};

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
        return game.jobs().train_eval(&args, model);
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
    game.jobs().train(&args, game)
}

fn rules_of<R: RecordRules>(args: &TrainArgs, game: GameKind, players: usize) -> anyhow::Result<R> {
    let opts: R::Options = parse_options(game.name(), &args.options)?;
    R::from_options(players, &opts).map_err(user)
}

pub(crate) fn train_rules<R>(args: &TrainArgs, game: GameKind) -> anyhow::Result<()>
where
    R: RecordRules,
    R::Hand: AgentFactory,
{
    let rules: R = rules_of(args, game, args.players.unwrap_or(game.default_players()))?;
    let field =
        parse_seating(args.field.as_deref().unwrap_or("rules"), rules.players()).map_err(user)?;
    let out_path = args.out.as_ref().expect("checked");
    // Refuse an existing file before the work, not after it.
    let out = Output::create("--out", out_path, args.force)?;
    let request = TrainRequest {
        field,
        hands: args.hands,
        seed: args.seed,
        hidden: args.hidden as usize,
        settings: TrainSettings {
            epochs: args.epochs,
            batch: args.batch as usize,
            learning_rate: args.learning_rate,
        },
    };
    let model = train(&rules, &request).map_err(user)?;
    let mut out = out;
    out.writer().write_all(&model.to_bytes())?;
    out.finish()?;
    let p = &model.header.provenance;
    eprintln!(
        "trained on {} examples from {} hands; loss by epoch (nats per unseen card): {}",
        p.examples,
        p.hands,
        p.loss
            .iter()
            .map(|l| format!("{l:.4}"))
            .collect::<Vec<_>>()
            .join(" ")
    );
    Ok(())
}

pub(crate) fn evaluate<R>(args: &TrainArgs, model: LearnedModel) -> anyhow::Result<()>
where
    R: RecordRules,
    R::Hand: AgentFactory,
{
    let h = &model.header;
    let opts: R::Options = serde_json::from_value(h.options.clone())
        .map_err(|e| user(format!("the model's options do not read: {e}")))?;
    let rules = R::from_options(h.players, &opts).map_err(user)?;
    if args.seed == h.provenance.seed {
        return Err(user(format!(
            "--seed {} is the model's training seed: held-out hands need another seed",
            args.seed
        )));
    }
    let field_text = args
        .field
        .clone()
        .unwrap_or_else(|| h.provenance.field.clone());
    let field = parse_seating(&field_text, rules.players()).map_err(user)?;
    let model = Arc::new(model);
    let judged = eval::judge(&rules, &model, &field, 0..args.hands, args.seed).map_err(user)?;
    let text = eval::report(&model, &judged, args.hands, args.seed, &field_text);
    write_stdout(text.as_bytes())
}
