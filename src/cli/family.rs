//! `tricklab family`: Holm's correction over a pre-registered family (RULES.md §5.4), from the
//! configs that declare it and the runs they wrote.

use std::collections::BTreeMap;
use std::path::PathBuf;

use clap::Args;

use crate::experiment::{
    Experiment, FamilyMember, StatDef, complete_run, deals_played, field_interactions, holm_family,
    members_of, run_folder_of, summarise,
};
use crate::games::GameKind;
use crate::report::{
    by_tip_markdown, every_hypothesis_csv, every_hypothesis_markdown, family_csv, family_markdown,
    interaction_csv, interaction_markdown,
};

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
    game.statistics(matches)
}

/// Runs `tricklab family`: writes `family-<name>.md` and `.csv`, `hypotheses-<name>.csv`
/// (every hypothesis, unadjusted) and `interactions-<name>.csv` (the field × tip
/// interactions of the primaries), into the results folder for each family found, and prints
/// the markdown. A config's run is read from `RESULTS/<name>`, or from `RESULTS/<name>/merged`
/// when only that holds a complete run. A result folder may hold a shard of its config
/// (a prefix of the planned deals, to be extended with `--shard` and `merge`): its rows say how
/// many deals were played of how many planned. The markdown ends with every hypothesis of the
/// configs, primary or not, unadjusted, with the labels at ε/2 and 2ε.
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
        let exp = Experiment::load(p).map_err(super::error::config_error)?;
        let Some(family) = exp.family.clone() else {
            continue;
        };
        let dir = run_folder_of(&args.results, &exp.name);
        let (summary, played) = if complete_run(&dir) {
            let deals = dir.join("deals.csv");
            (
                Some(summarise(&exp, &defs(exp.game, exp.matches), &deals).map_err(user)?),
                deals_played(&deals).map_err(user)?,
            )
        } else {
            (None, 0)
        };
        families.entry(family).or_default().extend(members_of(
            &exp,
            summary.as_ref().map(|s| &s.differences[..]),
            played,
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
        let primaries: Vec<FamilyMember> = members.iter().filter(|m| m.primary).cloned().collect();
        let rows = holm_family(&primaries, args.alpha);
        let interactions = field_interactions(&primaries);
        let md = family_markdown(name, args.alpha, &rows)
            + &by_tip_markdown(&rows)
            + &interaction_markdown(&interactions)
            + &every_hypothesis_markdown(members);
        let whole = crate::report::write_whole;
        whole(
            &args.results.join(format!("family-{name}.md")),
            md.as_bytes(),
        )?;
        whole(
            &args.results.join(format!("family-{name}.csv")),
            family_csv(&rows).as_bytes(),
        )?;
        whole(
            &args.results.join(format!("hypotheses-{name}.csv")),
            every_hypothesis_csv(members).as_bytes(),
        )?;
        whole(
            &args.results.join(format!("interactions-{name}.csv")),
            interaction_csv(&interactions).as_bytes(),
        )?;
        print!("{md}");
    }
    Ok(())
}
