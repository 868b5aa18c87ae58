//! A finished agreement's files in its output folder: `agreement.csv` (every answer),
//! `agreement.md` (the table) and `agreement.json` (the provenance, vouching for both by
//! length and SHA-256); and `--rebuild`, the table written again from `agreement.csv` alone.

use std::path::Path;

use crate::errors::{run_error, user};
use crate::games::Game;
use crate::report::{CommandRecord, Provenance, write_record, write_whole};

use super::agreement::{Answer, Disagreement};
use super::agreement_report::{
    Scored, agreement_markdown, csv_header, csv_row, scored_from_csv, summarise_answers,
};
use super::config::Experiment;
use super::durable::FolderLock;
use super::vouched::{check_record, digests_of};

/// The answers, one row per position and searcher.
const CSV: &str = "agreement.csv";

/// The table, one row per searcher.
const MARKDOWN: &str = "agreement.md";

/// The provenance of the agreement files: not `run.json`, which in the same folder belongs to
/// the experiment's `tricklab run`.
pub(super) const AGREEMENT_JSON: &str = "agreement.json";

/// The agreement's lock file in its output folder.
pub(super) const AGREE_LOCK: &str = ".tricklab-agree.lock";

/// Writes `agreement.csv` and `agreement.md` from a full set of answers, and the record that
/// vouches for them (the agreement started as `provenance` says); returns the table.
///
/// # Errors
/// A file that cannot be written.
pub(super) fn write_results<G: Game>(
    exp: &Experiment,
    out: &Path,
    positions: &[Disagreement<G>],
    answers: &[Vec<Option<Answer>>],
    provenance: Provenance,
) -> anyhow::Result<String> {
    let ag = exp.agreement.as_ref().expect("checked");
    let mut csv = csv::Writer::from_writer(Vec::new());
    csv.write_record(csv_header(exp.edition))?;
    let game = |p: &Disagreement<G>| (exp.edition >= 3).then_some(p.game);
    let mut scored = Vec::new();
    for (searcher, answers) in ag.searchers.iter().zip(answers) {
        let searcher = searcher.to_string();
        let mut mine = Vec::new();
        for (i, (p, a)) in positions.iter().zip(answers.iter().flatten()).enumerate() {
            csv.write_record(csv_row(
                i,
                game(p),
                p.seat,
                (p.tip, p.control),
                &searcher,
                a,
            ))?;
            mine.push(Scored::of(a, p.tip, p.control, game(p)));
        }
        scored.push(mine);
    }
    write_whole(&out.join(CSV), &csv.into_inner()?)?;
    let md = write_table(exp, out, &scored)?;
    let mut record = CommandRecord::new(exp.seed, Some(exp.source.clone()), provenance);
    record.files = digests_of(out, &[CSV, MARKDOWN]).map_err(|e| run_error(e, out))?;
    write_record(&out.join(AGREEMENT_JSON), &record)?;
    Ok(md)
}

/// Writes `agreement.md` from each searcher's scored answers and returns it.
fn write_table(exp: &Experiment, out: &Path, scored: &[Vec<Scored>]) -> anyhow::Result<String> {
    let ag = exp.agreement.as_ref().expect("checked");
    let results: Vec<_> = ag
        .searchers
        .iter()
        .zip(scored)
        .map(|(s, answers)| summarise_answers(s.to_string(), answers))
        .collect();
    let md = agreement_markdown(exp, &results);
    write_whole(&out.join(MARKDOWN), md.as_bytes())?;
    Ok(md)
}

/// `agree --rebuild`: the table of the finished agreement of `exp` in `out` written again
/// from its `agreement.csv`, asking no searcher; returns it.
///
/// # Errors
/// A folder in use, files changed since the agreement vouched for them, an `agreement.csv`
/// that does not read, or a file that cannot be written.
pub fn rebuild_agreement(exp: &Experiment, out: &Path) -> anyhow::Result<String> {
    let _lock = FolderLock::take_for(out, AGREE_LOCK).map_err(|e| run_error(e, out))?;
    let ag = exp.agreement.as_ref().expect("checked");
    let searchers: Vec<String> = ag.searchers.iter().map(|s| s.to_string()).collect();
    check_record(out, AGREEMENT_JSON, &[CSV]).map_err(|e| run_error(e, out))?;
    let scored = scored_from_csv(&out.join(CSV), &searchers).map_err(user)?;
    let md = write_table(exp, out, &scored)?;
    revouch_table(out)?;
    Ok(md)
}

/// After `--rebuild`: the record vouches for the new `agreement.md` (where it vouches for
/// files at all; an older record is left as it is).
fn revouch_table(out: &Path) -> anyhow::Result<()> {
    let path = out.join(AGREEMENT_JSON);
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok(());
    };
    let mut record: CommandRecord =
        serde_json::from_str(&text).map_err(|e| user(format!("{}: {e}", path.display())))?;
    if record.files.is_empty() {
        return Ok(());
    }
    record
        .files
        .extend(digests_of(out, &[MARKDOWN]).map_err(|e| run_error(e, out))?);
    write_record(&path, &record)?;
    Ok(())
}
