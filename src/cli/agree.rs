//! `tricklab agree`: the expert-agreement half of a tip study.

use std::io::IsTerminal;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use crate::agents::AgentFactory;
use crate::experiment::agreement::{agreement_markdown, ask, collect, summarise_answers};
use crate::experiment::{AllGames, Experiment, Measured, rules_from_table};
use crate::games::GameKind;
use crate::games::catch_the_ten;
use crate::games::nine_five_two;
use crate::games::whist;

use super::error::user;

/// Arguments of `tricklab agree`.
#[derive(Debug, Args)]
pub struct AgreeArgs {
    /// An experiment config with an `[agreement]` section.
    pub config: PathBuf,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// The output folder (default: results/<name>).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Runs `tricklab agree`.
pub fn run(args: AgreeArgs) -> anyhow::Result<()> {
    let exp = Experiment::load::<AllGames>(&args.config).map_err(user)?;
    if exp.agreement.is_none() {
        return Err(user(format!(
            "{} has no [agreement] section",
            args.config.display()
        )));
    }
    if args.threads == Some(0) {
        return Err(user("--threads must be at least 1"));
    }
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("results").join(&exp.name));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .context("threads")?;
    pool.install(|| match exp.game {
        GameKind::CatchTheTen => go::<catch_the_ten::Setup>(&exp, &out),
        GameKind::NineFiveTwo => go::<nine_five_two::Rules>(&exp, &out),
        GameKind::Whist => go::<whist::Setup>(&exp, &out),
    })
}

fn go<R: Measured>(exp: &Experiment, out: &std::path::Path) -> anyhow::Result<()>
where
    R::Hand: AgentFactory,
{
    let rules: R = rules_from_table(exp.players, &exp.options).map_err(user)?;
    let ag = exp.agreement.as_ref().expect("checked");
    let positions = collect(exp, &rules);
    let tips: Vec<_> = positions.iter().map(|p| p.tip).collect();
    let controls: Vec<_> = positions.iter().map(|p| p.control).collect();
    let mut csv = csv::Writer::from_writer(Vec::new());
    csv.write_record([
        "position",
        "seat",
        "tip_action",
        "control_action",
        "searcher",
        "choice",
        "value_tip",
        "value_control",
        "value_best",
    ])?;
    let mut results = Vec::new();
    let progress = std::io::stderr().is_terminal().then(|| {
        let p = ProgressBar::new((positions.len() * ag.searchers.len()) as u64);
        p.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} answers  {per_sec}  eta {eta}")
                .expect("valid template"),
        );
        p
    });
    for (k, searcher) in ag.searchers.iter().enumerate() {
        let answers = ask::<R::Hand>(exp, k, &positions, progress.as_ref());
        for (i, (p, a)) in positions.iter().zip(&answers).enumerate() {
            let v = |x: Option<f64>| x.map(|x| format!("{x:.6}")).unwrap_or_default();
            csv.write_record([
                i.to_string(),
                p.seat.to_string(),
                p.tip.to_string(),
                p.control.to_string(),
                searcher.to_string(),
                a.choice.to_string(),
                v(a.tip),
                v(a.control),
                format!("{:.6}", a.best),
            ])?;
        }
        results.push(summarise_answers(
            searcher.to_string(),
            &answers,
            &tips,
            &controls,
        ));
    }
    if let Some(p) = &progress {
        p.finish_and_clear();
    }
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    std::fs::write(out.join("agreement.csv"), csv.into_inner()?)?;
    let md = agreement_markdown(exp, &results);
    std::fs::write(out.join("agreement.md"), &md)?;
    print!("{md}");
    println!("\nresults: {}", out.display());
    Ok(())
}
