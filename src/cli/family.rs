//! `tricklab family`: Holm's correction over a pre-registered family (RULES.md §5.4), from the
//! configs that declare it and the runs they wrote.

use std::collections::BTreeMap;
use std::path::PathBuf;

use clap::Args;

use crate::experiment::{
    Experiment, FamilyMember, StatDef, complete_run, holm_family, members_of, statistics_of,
    summarise,
};
use crate::games::GameKind;
use crate::report::{family_csv, family_markdown};

use super::error::user;

/// Arguments of `tricklab family`.
#[derive(Debug, Args)]
pub struct FamilyArgs {
    /// The folder of configs (every `*.toml` in it that names a family is read).
    pub configs: PathBuf,
    /// The folder holding one result folder per config name.
    #[arg(long, default_value = "results")]
    pub results: PathBuf,
    /// The family-wise error rate.
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
}

fn defs(game: GameKind, matches: bool) -> Vec<StatDef> {
    crate::with_game!(game, R => statistics_of::<R>(matches))
}

/// Runs `tricklab family`: writes `family-<name>.md` and `.csv` into the results folder for
/// each family found, and prints the markdown.
pub fn run(args: FamilyArgs) -> anyhow::Result<()> {
    if !(args.alpha > 0.0 && args.alpha < 1.0) {
        return Err(user(format!(
            "--alpha {}: expected a level strictly between 0 and 1",
            args.alpha
        )));
    }
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&args.configs)
        .map_err(|e| user(format!("{}: {e}", args.configs.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    let mut families: BTreeMap<String, Vec<FamilyMember>> = BTreeMap::new();
    for p in &paths {
        let exp = Experiment::load(p).map_err(user)?;
        let Some(family) = exp.family.clone() else {
            continue;
        };
        let dir = args.results.join(&exp.name);
        let summary = if complete_run(&dir) {
            Some(
                summarise(&exp, &defs(exp.game, exp.matches), &dir.join("deals.csv"))
                    .map_err(user)?,
            )
        } else {
            None
        };
        families.entry(family).or_default().extend(members_of(
            &exp,
            summary.as_ref().map(|s| &s.differences[..]),
        ));
    }
    if families.is_empty() {
        return Err(user(format!(
            "{}: no config there names a `family`",
            args.configs.display()
        )));
    }
    std::fs::create_dir_all(&args.results)?;
    for (name, members) in &families {
        let rows = holm_family(members, args.alpha);
        let md = family_markdown(name, args.alpha, &rows);
        std::fs::write(args.results.join(format!("family-{name}.md")), &md)?;
        std::fs::write(
            args.results.join(format!("family-{name}.csv")),
            family_csv(&rows),
        )?;
        print!("{md}");
    }
    Ok(())
}
