//! The whole `train` job at one game: the rules read from the option words, the field read,
//! the model file refused before the work if it exists, the model trained and written; and
//! `train --eval`, a model judged on held-out hands of the game it was trained for.

use std::io::Write as _;
use std::path::PathBuf;
use std::sync::Arc;

use crate::agents::{AgentFactory, parse_seating};
use crate::errors::user;
use crate::games::GameKind;
use crate::games::record::RecordRules;
use crate::knowledge::learned::{LearnedModel, TrainSettings};
use crate::report::output::Output;

use super::{TrainRequest, eval, train};

/// A training (or an evaluation) as it was asked for.
#[derive(Clone, Debug)]
pub struct TrainJob {
    /// The player count (`None`: the game's default).
    pub players: Option<usize>,
    /// The option words (`KEY[=VALUE]`).
    pub options: Vec<String>,
    /// The self-play field, as given (`None`: `rules`, or for an evaluation the model's).
    pub field: Option<String>,
    /// Hands of self-play (of an evaluation: held-out hands).
    pub hands: u64,
    /// The seed.
    pub seed: u64,
    /// The model file to write.
    pub out: Option<PathBuf>,
    /// Replace an existing model file.
    pub force: bool,
    /// Hidden units of the network.
    pub hidden: usize,
    /// Epochs, batch and step size.
    pub settings: TrainSettings,
}

/// Trains a model of the game `R` (`game`) as `job` asks and writes it; returns the line that
/// says what it was trained on and its loss by epoch.
///
/// # Errors
/// Bad input (options, field, an existing file without `force`), or a file that cannot be
/// written.
pub fn train_model<R>(job: &TrainJob, game: GameKind) -> anyhow::Result<String>
where
    R: RecordRules,
    R::Hand: AgentFactory,
{
    let opts: R::Options =
        crate::games::registry::parse_options(game.name(), &job.options).map_err(user)?;
    let players = job.players.unwrap_or(game.default_players());
    let rules = R::from_options(players, &opts).map_err(user)?;
    let field =
        parse_seating(job.field.as_deref().unwrap_or("rules"), rules.players()).map_err(user)?;
    let out_path = job.out.as_ref().expect("checked");
    // Refuse an existing file before the work, not after it.
    let mut out = Output::create("--out", out_path, job.force)?;
    let request = TrainRequest {
        field,
        hands: job.hands,
        seed: job.seed,
        hidden: job.hidden,
        settings: job.settings,
    };
    let model = train(&rules, &request).map_err(user)?;
    out.writer().write_all(&model.to_bytes())?;
    out.finish()?;
    let p = &model.header.provenance;
    Ok(format!(
        "trained on {} examples from {} hands; loss by epoch (nats per unseen card): {}",
        p.examples,
        p.hands,
        p.loss
            .iter()
            .map(|l| format!("{l:.4}"))
            .collect::<Vec<_>>()
            .join(" ")
    ))
}

/// Judges `model` of the game `R` on `job.hands` held-out hands; returns the report
/// (markdown).
///
/// # Errors
/// Bad input: a model whose options do not read, the model's training seed, a field that
/// does not read.
pub fn evaluate_model<R>(job: &TrainJob, model: LearnedModel) -> anyhow::Result<String>
where
    R: RecordRules,
    R::Hand: AgentFactory,
{
    let h = &model.header;
    let opts: R::Options = serde_json::from_value(h.options.clone())
        .map_err(|e| user(format!("the model's options do not read: {e}")))?;
    let rules = R::from_options(h.players, &opts).map_err(user)?;
    if job.seed == h.provenance.seed {
        return Err(user(format!(
            "--seed {} is the model's training seed: held-out hands need another seed",
            job.seed
        )));
    }
    let field_text = job
        .field
        .clone()
        .unwrap_or_else(|| h.provenance.field.clone());
    let field = parse_seating(&field_text, rules.players()).map_err(user)?;
    let model = Arc::new(model);
    let judged = eval::judge(&rules, &model, &field, 0..job.hands, job.seed).map_err(user)?;
    Ok(eval::report(
        &model,
        &judged,
        job.hands,
        job.seed,
        &field_text,
    ))
}
