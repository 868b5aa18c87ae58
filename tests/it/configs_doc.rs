//! `docs/configs.md` describes the config formats that `run` and `tournament` read: each
//! example marked `<!-- example: experiment -->` or `<!-- example: tournament -->` parses with
//! the code those commands use, and every field its tables name appears in a parsed example (a
//! config's unknown field is refused, so a field documented but not read would fail here).

use std::path::Path;

use tricklab::experiment::{Experiment, TournamentConfig};

fn doc() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/configs.md");
    std::fs::read_to_string(path).expect("docs/configs.md exists")
}

/// The TOML blocks of `text` marked as examples of `kind`.
fn examples(text: &str, kind: &str) -> Vec<String> {
    let marker = format!("<!-- example: {kind} -->\n```toml\n");
    text.match_indices(&marker)
        .map(|(i, _)| {
            let body = &text[i + marker.len()..];
            body[..body.find("```").expect("the example block ends")].to_string()
        })
        .collect()
}

/// The field each table row of `section` documents: the first name in backticks of its first
/// column, without brackets or a `.NAME` part (`[bots.NAME]` → `bots`).
fn documented_fields(section: &str) -> Vec<String> {
    section
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            let name = l[3..].split('`').next().unwrap_or_default();
            let name = name.trim_matches(|c| c == '[' || c == ']');
            name.split('.').next().unwrap_or_default().to_string()
        })
        .collect()
}

fn assert_every_field_used(section: &str, examples: &[String]) {
    let all = examples.join("\n");
    for field in documented_fields(section) {
        let used = all.lines().any(|l| {
            let l = l.trim_start_matches('[');
            l.starts_with(&format!("{field} ="))
                || l.starts_with(&format!("{field}]"))
                || l.starts_with(&format!("{field}."))
                || l.contains(&format!(" {field} = "))
        });
        assert!(
            used,
            "docs/configs.md documents `{field}`, which no example sets"
        );
    }
}

#[test]
fn the_experiment_examples_parse_and_use_every_documented_field() {
    let text = doc();
    let (experiments, tournaments) = text
        .split_once("## Tournament configs")
        .expect("docs/configs.md has its tournament section");
    let found = examples(experiments, "experiment");
    assert!(found.len() >= 2, "{} experiment examples", found.len());
    for (i, e) in found.iter().enumerate() {
        Experiment::parse(&format!("docs/configs.md example {i}"), e)
            .unwrap_or_else(|err| panic!("{err}\n{e}"));
    }
    assert_every_field_used(experiments, &found);
    let complete = Experiment::parse("complete", &found[0]).unwrap();
    assert_eq!(
        (
            complete.arms.len(),
            complete.hypotheses.len(),
            complete.claims.len()
        ),
        (3, 1, 1)
    );
    assert!(complete.agreement.is_some());
    assert!(examples(tournaments, "experiment").is_empty());
}

#[test]
fn the_tournament_example_parses_and_uses_every_documented_field() {
    let text = doc();
    let (_, tournaments) = text
        .split_once("## Tournament configs")
        .expect("docs/configs.md has its tournament section");
    let found = examples(tournaments, "tournament");
    assert_eq!(found.len(), 1);
    let c = TournamentConfig::parse("docs/configs.md", &found[0])
        .unwrap_or_else(|err| panic!("{err}\n{}", found[0]));
    assert_eq!(
        (c.agents.len(), c.baseline, c.ceiling),
        (4, Some(1), Some(3))
    );
    assert_every_field_used(tournaments, &found);
}

/// A field the parser does not know is refused, so the examples above prove the fields exist.
#[test]
fn a_misspelt_field_in_an_example_is_refused() {
    let text = doc();
    let e = &examples(&text, "experiment")[0];
    let bad = e.replacen("hand_rows = true", "hand_row = true", 1);
    assert_ne!(&bad, e);
    let err = Experiment::parse("x.toml", &bad).unwrap_err().to_string();
    assert!(err.contains("hand_row"), "{err}");
    let t = &examples(&text, "tournament")[0];
    let bad = t.replacen("ceiling =", "celing =", 1);
    assert!(TournamentConfig::parse("t.toml", &bad).is_err());
}
