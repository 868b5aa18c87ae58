//! The report of an agreement run: `agreement.csv` (one row per position and searcher) and
//! `agreement.md` (one row per searcher: how often it chose the tip's action, how often the
//! tip's action was among its best, and what ignoring the tip costs by its estimate).
//!
//! The table can also be rebuilt from `agreement.csv` alone ([`scored_from_csv`]), without
//! asking the searchers again.

use std::fmt::Write as _;
use std::path::Path;

use thiserror::Error;

use crate::games::{Action, Seat};
use crate::report::{bounds, fixed};
use crate::stats::{Interval, MeanAcc, Z95, clustered_mean, wilson};

use super::agreement::Answer;
use super::config::Experiment;

/// One answer as the report counts it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scored {
    /// The searcher chose the tip's action.
    pub chose_tip: bool,
    /// The searcher chose the control's action.
    pub chose_control: bool,
    /// Its value of the tip's action (`None` if never tried).
    pub tip: Option<f64>,
    /// Its value of the control's action.
    pub control: Option<f64>,
    /// Its value of its best action.
    pub best: f64,
    /// The self-play game the position comes from, where `agreement.csv` records it (third
    /// edition): the cluster of its intervals.
    pub game: Option<u64>,
}

/// A value as `agreement.csv` writes it: six decimals, empty for none.
pub fn six(x: Option<f64>) -> String {
    x.map(|x| format!("{x:.6}")).unwrap_or_default()
}

/// A value as the answer files write it: a number, or empty for none.
///
/// # Errors
/// [`BadValue`] with the text if it is neither.
pub fn read_value(x: &str) -> Result<Option<f64>, BadValue> {
    if x.is_empty() {
        Ok(None)
    } else {
        x.parse().map(Some).map_err(|_| BadValue(x.to_string()))
    }
}

/// A value in an agreement file that is neither a number nor empty.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("value `{0}`")]
pub struct BadValue(pub String);

/// Why `agreement.csv` cannot be read back ([`scored_from_csv`]): each message is one line
/// naming the file and the problem.
#[derive(Debug, Error)]
pub enum AgreementCsvError {
    /// The file cannot be opened, or a row cannot be read as CSV.
    #[error("{file}: {source}")]
    Csv {
        /// The file.
        file: String,
        /// What the CSV reader said.
        source: csv::Error,
    },
    /// The header is not `agreement.csv`'s.
    #[error("{file}: not an agreement.csv (another header)")]
    Header {
        /// The file.
        file: String,
    },
    /// A row of a searcher the config does not have.
    #[error("{file}: line {line}: searcher `{searcher}` is not in the config")]
    UnknownSearcher {
        /// The file.
        file: String,
        /// The line, counting the header as line 1.
        line: usize,
        /// The searcher's name as written.
        searcher: String,
    },
    /// A value that is neither a number nor empty.
    #[error("{file}: line {line}: {source}")]
    Value {
        /// The file.
        file: String,
        /// The line, counting the header as line 1.
        line: usize,
        /// The value.
        source: BadValue,
    },
    /// A searcher of the config with no row.
    #[error("{file}: no answers of searcher `{searcher}`; run the agreement again")]
    NoAnswers {
        /// The file.
        file: String,
        /// The searcher.
        searcher: String,
    },
}

impl Scored {
    /// `answer` at a position where the tip plays `tip` and the control `control`, from
    /// self-play game `game` where it is recorded.
    pub fn of(answer: &Answer, tip: Action, control: Action, game: Option<u64>) -> Scored {
        Scored {
            chose_tip: answer.choice == tip,
            chose_control: answer.choice == control,
            tip: answer.tip,
            control: answer.control,
            best: answer.best,
            game,
        }
    }
}

/// What one searcher said over all positions.
#[derive(Clone, Debug, PartialEq)]
pub struct AgreementResult {
    /// The searcher.
    pub searcher: String,
    /// Positions asked.
    pub positions: u64,
    /// Share of positions where it chose the tip's action (Wilson interval).
    pub agrees_with_tip: Interval,
    /// Share where it chose the control's action.
    pub agrees_with_control: Interval,
    /// Share where it valued the tip's action as highly as the action it chose, to the six
    /// decimals of `agreement.csv` (as it does if it chose it; searchers break ties by a
    /// fixed rule, e.g. the lowest card).
    pub tip_among_best: Interval,
    /// Share where it valued the control's action as highly as the action it chose.
    pub control_among_best: Interval,
    /// Mean of value(tip action) − value(best action), in reward units (t interval).
    pub cost_of_tip: Interval,
    /// Mean of value(tip action) − value(control action).
    pub tip_minus_control: Interval,
    /// Whether the intervals are clustered by self-play game (cluster-robust; third edition)
    /// rather than Wilson (shares) and t (means) over independent positions.
    pub clustered: bool,
}

/// Summarises the answers of one searcher.
pub fn summarise_answers(searcher: String, answers: &[Scored]) -> AgreementResult {
    let n = answers.len() as u64;
    // Third edition (RULES.md §5.5): positions of one self-play game are correlated, so every
    // interval is clustered by game when the games are recorded.
    let clustered = !answers.is_empty() && answers.iter().all(|a| a.game.is_some());
    let share = |f: &dyn Fn(&Scored) -> bool| {
        if clustered {
            let obs: Vec<(u64, f64)> = answers
                .iter()
                .map(|a| (a.game.unwrap_or(0), if f(a) { 1.0 } else { 0.0 }))
                .collect();
            let i = clustered_mean(&obs);
            Interval {
                estimate: i.estimate,
                low: i.low.max(0.0),
                high: i.high.min(1.0),
            }
        } else {
            wilson(answers.iter().filter(|a| f(a)).count() as u64, n, Z95)
        }
    };
    // Ties are judged at the six decimals of agreement.csv, so that a table rebuilt from it
    // is the table of the run.
    let as_best = |v: Option<f64>, a: &Scored| six(v) == six(Some(a.best));
    let mut cost = MeanAcc::default();
    let mut diff = MeanAcc::default();
    let (mut cost_obs, mut diff_obs) = (Vec::new(), Vec::new());
    for a in answers {
        if let Some(t) = a.tip {
            cost.add(t - a.best);
            cost_obs.push((a.game.unwrap_or(0), t - a.best));
            if let Some(c) = a.control {
                diff.add(t - c);
                diff_obs.push((a.game.unwrap_or(0), t - c));
            }
        }
    }
    let mean = |acc: &MeanAcc, obs: &[(u64, f64)]| {
        if clustered {
            clustered_mean(obs)
        } else {
            acc.t_interval(0.95)
        }
    };
    AgreementResult {
        searcher,
        positions: n,
        agrees_with_tip: share(&|a| a.chose_tip),
        agrees_with_control: share(&|a| a.chose_control),
        tip_among_best: share(&|a| as_best(a.tip, a)),
        control_among_best: share(&|a| as_best(a.control, a)),
        cost_of_tip: mean(&cost, &cost_obs),
        tip_minus_control: mean(&diff, &diff_obs),
        clustered,
    }
}

/// The header of `agreement.csv` before the third edition.
pub const CSV_HEADER: [&str; 9] = [
    "position",
    "seat",
    "tip_action",
    "control_action",
    "searcher",
    "choice",
    "value_tip",
    "value_control",
    "value_best",
];

/// The header of `agreement.csv` in the third edition (RULES.md §5.5): the self-play game of
/// each position after its number.
pub const CSV_HEADER_GAMES: [&str; 10] = [
    "position",
    "game",
    "seat",
    "tip_action",
    "control_action",
    "searcher",
    "choice",
    "value_tip",
    "value_control",
    "value_best",
];

/// The header `agreement.csv` has in a config of `edition`.
pub fn csv_header(edition: u8) -> &'static [&'static str] {
    if edition >= 3 {
        &CSV_HEADER_GAMES
    } else {
        &CSV_HEADER
    }
}

/// One row of `agreement.csv`: position `i` (from self-play game `game` where the edition
/// records it), where `seat` acts and the tip plays `tip` and the control `control`, and what
/// `searcher` answered (values to six decimals).
pub fn csv_row(
    i: usize,
    game: Option<u64>,
    seat: Seat,
    (tip, control): (Action, Action),
    searcher: &str,
    a: &Answer,
) -> Vec<String> {
    let mut row = vec![i.to_string()];
    row.extend(game.map(|g| g.to_string()));
    row.extend([
        seat.to_string(),
        tip.to_string(),
        control.to_string(),
        searcher.to_string(),
        a.choice.to_string(),
        six(a.tip),
        six(a.control),
        six(Some(a.best)),
    ]);
    row
}

/// Reads `agreement.csv` back into each searcher's scored answers, in the order of
/// `searchers`.
///
/// # Errors
/// [`AgreementCsvError`]: the file is unreadable, has another header, a searcher not in the
/// config, a bad value, or no answers of one of the searchers.
pub fn scored_from_csv(
    path: &Path,
    searchers: &[String],
) -> Result<Vec<Vec<Scored>>, AgreementCsvError> {
    let file = || path.display().to_string();
    let bad = |source| AgreementCsvError::Csv {
        file: file(),
        source,
    };
    let mut r = csv::Reader::from_path(path).map_err(bad)?;
    let header = r.headers().map_err(bad)?.clone();
    let games = header.iter().eq(CSV_HEADER_GAMES);
    if !games && header.iter().ne(CSV_HEADER) {
        return Err(AgreementCsvError::Header { file: file() });
    }
    // The column of the field after the position: one further right when `game` is there.
    let at = |k: usize| if games { k + 1 } else { k };
    let mut out = vec![Vec::new(); searchers.len()];
    for (n, row) in r.records().enumerate() {
        let row = row.map_err(bad)?;
        let line = n + 2;
        let Some(k) = searchers.iter().position(|s| s == &row[at(4)]) else {
            return Err(AgreementCsvError::UnknownSearcher {
                file: file(),
                line,
                searcher: row[at(4)].to_string(),
            });
        };
        let value = |x: &str| {
            read_value(x).map_err(|source| AgreementCsvError::Value {
                file: file(),
                line,
                source,
            })
        };
        let game = if games {
            Some(
                row[1]
                    .parse::<u64>()
                    .map_err(|_| AgreementCsvError::Value {
                        file: file(),
                        line,
                        source: BadValue(row[1].to_string()),
                    })?,
            )
        } else {
            None
        };
        out[k].push(Scored {
            chose_tip: row[at(5)] == row[at(2)],
            chose_control: row[at(5)] == row[at(3)],
            tip: value(&row[at(6)])?,
            control: value(&row[at(7)])?,
            best: value(&row[at(8)])?.unwrap_or(f64::NAN),
            game,
        });
    }
    if let Some(k) = out.iter().position(Vec::is_empty) {
        return Err(AgreementCsvError::NoAnswers {
            file: file(),
            searcher: searchers[k].clone(),
        });
    }
    Ok(out)
}

/// The agreement table as markdown.
pub fn agreement_markdown(exp: &Experiment, results: &[AgreementResult]) -> String {
    if exp.edition >= 2 {
        return second_edition_markdown(exp, results);
    }
    let mut t = preamble(exp, "");
    let _ = writeln!(
        t,
        "A searcher chooses one action (ISMCTS: the most visited; PIMC: the best mean, ties to the lowest card or the first legal action). \"Among its best\" counts the positions where it valued the action as highly as the one it chose (to the six decimals of `agreement.csv`), so a tie counts for both actions.\n"
    );
    let _ = writeln!(
        t,
        "| searcher | positions | chooses the tip's action | chooses the control's | tip's action among its best | control's among its best | value(tip) − value(best) | value(tip) − value(control) |"
    );
    let _ = writeln!(t, "|---|---:|---|---|---|---|---|---|");
    for r in results {
        table_row(
            &mut t,
            r,
            &[
                cell(r.agrees_with_tip),
                cell(r.agrees_with_control),
                cell(r.tip_among_best),
                cell(r.control_among_best),
                cell(r.cost_of_tip),
                cell(r.tip_minus_control),
            ],
        );
    }
    t
}

/// The second edition's agreement table (RULES.md §5.4): the headline contrast value(tip's
/// action) − value(control's action) first; value(tip) − value(best) labelled as the shortfall
/// from the searcher's best, biased downward.
fn second_edition_markdown(exp: &Experiment, results: &[AgreementResult]) -> String {
    let clustered = results.iter().any(|r| r.clustered);
    let how = if clustered {
        ", at most one per game and seat (the first disagreement there); `agreement.csv` names each position's game, and every interval is clustered by game (cluster-robust standard error, t with games − 1 degrees of freedom), since positions of one game are correlated"
    } else {
        ", at most one per game and seat (the first disagreement there), so positions come from distinct deals"
    };
    let mut t = preamble(exp, how);
    let _ = writeln!(
        t,
        "**Headline**: value(tip's action) − value(control's action), mean with a 95% interval: above 0, the searcher prefers the tip's action. The *shortfall from the searcher's best*, value(tip's action) − value(best action), is at most 0 by construction and biased downward (the best is the maximum of noisy means); it is shown for reference only. A searcher chooses one action (ISMCTS: the most visited; PIMC: the best mean); \"among its best\" counts ties (to six decimals) for both actions.\n"
    );
    let _ = writeln!(
        t,
        "| searcher | positions | value(tip) − value(control) | chooses the tip's action | chooses the control's | tip's action among its best | control's among its best | shortfall from the searcher's best (biased downward) |"
    );
    let _ = writeln!(t, "|---|---:|---|---|---|---|---|---|");
    for r in results {
        table_row(
            &mut t,
            r,
            &[
                format!("**{}**", cell(r.tip_minus_control)),
                cell(r.agrees_with_tip),
                cell(r.agrees_with_control),
                cell(r.tip_among_best),
                cell(r.control_among_best),
                cell(r.cost_of_tip),
            ],
        );
    }
    t
}

/// Both editions' heading and the sentence on where the positions come from, with `how` (how
/// they were chosen) after the seed.
fn preamble(exp: &Experiment, how: &str) -> String {
    let ag = exp.agreement.as_ref().expect("an [agreement] section");
    let mut t = String::new();
    let _ = writeln!(t, "# {}: expert agreement\n", exp.name);
    let _ = writeln!(
        t,
        "Positions where `{}` (tip) and `{}` (control) act differently, reached in self-play of `{}` (seed {}){how}. Values are the searcher's own estimates in reward units (`[0, 1]`).\n",
        exp.arms[ag.tip].seats[ag.seat.index()],
        exp.arms[ag.control].seats[ag.seat.index()],
        ag.play,
        exp.seed
    );
    t
}

/// An interval as the agreement tables show it: `0.512 [0.480, 0.544]`.
fn cell(i: Interval) -> String {
    format!("{} {}", fixed(i.estimate, 3), bounds(i, 3))
}

/// One row of an agreement table: the searcher, its positions, then `cells`.
fn table_row(t: &mut String, r: &AgreementResult, cells: &[String]) {
    let _ = writeln!(
        t,
        "| {} | {} | {} |",
        r.searcher,
        r.positions,
        cells.join(" | ")
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scored(chose_tip: bool, tip: f64, control: f64, best: f64) -> Scored {
        Scored {
            chose_tip,
            chose_control: !chose_tip && control == best,
            tip: Some(tip),
            control: Some(control),
            best,
            game: None,
        }
    }

    #[test]
    fn ties_count_for_both_actions_but_the_choice_for_one() {
        // 1: chose the tip; 2: the control tied with the tip and was chosen; 3: a third action
        // was best; 4: the control was chosen, the tip worse.
        let answers = [
            scored(true, 0.5, 0.4, 0.5),
            scored(false, 0.5, 0.5, 0.5),
            scored(false, 0.3, 0.3, 0.6),
            scored(false, 0.2, 0.4, 0.4),
        ];
        let r = summarise_answers("s".into(), &answers);
        assert_eq!(r.positions, 4);
        assert_eq!(r.agrees_with_tip.estimate, 0.25);
        assert_eq!(r.agrees_with_control.estimate, 0.5);
        assert_eq!(r.tip_among_best.estimate, 0.5);
        assert_eq!(r.control_among_best.estimate, 0.5);
        assert!((r.cost_of_tip.estimate - (-0.5 / 4.0)).abs() < 1e-12);
        assert!((r.tip_minus_control.estimate - (-0.1 / 4.0)).abs() < 1e-12);
    }

    #[test]
    fn a_csv_of_another_kind_is_refused() {
        let dir = std::env::temp_dir().join(format!("tricklab-report-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("agreement.csv");
        std::fs::write(&path, "deal,arm\n1,2\n").unwrap();
        let e = scored_from_csv(&path, &["pimc".into()]).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{}: not an agreement.csv (another header)", path.display())
        );
        let row = "0,0,play 2C,play 3C,pimc,play 2C,0.5,0.25,0.5\n";
        std::fs::write(&path, format!("{}\n{row}", CSV_HEADER.join(","))).unwrap();
        let s = scored_from_csv(&path, &["pimc".into()]).unwrap();
        assert_eq!(s, vec![vec![scored(true, 0.5, 0.25, 0.5)]]);
        let e = scored_from_csv(&path, &["pimc".into(), "ismcts".into()]).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "{}: no answers of searcher `ismcts`; run the agreement again",
                path.display()
            )
        );
        let e = scored_from_csv(&path, &["ismcts".into()]).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "{}: line 2: searcher `pimc` is not in the config",
                path.display()
            )
        );
        let bad = row.replace("0.25", "1/4");
        std::fs::write(&path, format!("{}\n{bad}", CSV_HEADER.join(","))).unwrap();
        let e = scored_from_csv(&path, &["pimc".into()]).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{}: line 2: value `1/4`", path.display())
        );
        let missing = dir.join("none.csv");
        let e = scored_from_csv(&missing, &["pimc".into()]).unwrap_err();
        assert!(matches!(e, AgreementCsvError::Csv { .. }), "{e:?}");
        let message = e.to_string();
        assert!(
            message.starts_with(&format!("{}: ", missing.display())),
            "{message}"
        );
        assert!(!message.contains('\n'), "{message}");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn third_edition_rows_name_their_game_and_the_intervals_cluster_by_it() {
        let dir = std::env::temp_dir().join(format!("tricklab-report3-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("agreement.csv");
        let card = |c: &str| Action::Play(c.parse().unwrap());
        let answer = |choice: &str, tip: f64, control: f64| Answer {
            choice: card(choice),
            tip: Some(tip),
            control: Some(control),
            best: tip.max(control),
        };
        let (t, c) = (card("2C"), card("3C"));
        // Ten games; each position repeated at three seats of its game.
        let mut text = CSV_HEADER_GAMES.join(",") + "\n";
        let mut i = 0;
        for g in 0..10u64 {
            let (v, choice) = if g % 3 == 0 { (0.2, "3C") } else { (0.6, "2C") };
            for s in 0..3 {
                let a = answer(choice, v, 0.4);
                text += &(csv_row(i, Some(g), Seat(s), (t, c), "pimc", &a).join(",") + "\n");
                i += 1;
            }
        }
        std::fs::write(&path, &text).unwrap();
        let scored = scored_from_csv(&path, &["pimc".into()]).unwrap();
        assert_eq!(scored[0].len(), 30);
        assert_eq!(scored[0][4].game, Some(1));
        let clustered = summarise_answers("pimc".into(), &scored[0]);
        assert!(clustered.clustered);
        let independent: Vec<Scored> = scored[0]
            .iter()
            .map(|s| Scored { game: None, ..*s })
            .collect();
        let naive = summarise_answers("pimc".into(), &independent);
        assert!(!naive.clustered);
        assert!(
            (clustered.tip_minus_control.estimate - naive.tip_minus_control.estimate).abs() < 1e-12
        );
        // Three copies of each game's answer are one observation, not three.
        assert!(
            clustered.tip_minus_control.half_width() > 1.5 * naive.tip_minus_control.half_width(),
            "{clustered:?} {naive:?}"
        );
        let bad = text.replacen("\n0,0,", "\n0,zero,", 1);
        std::fs::write(&path, bad).unwrap();
        let e = scored_from_csv(&path, &["pimc".into()]).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{}: line 2: value `zero`", path.display())
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}
