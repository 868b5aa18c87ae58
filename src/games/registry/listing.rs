//! The registered games, their options and their statistics, one line each, as `tricklab list
//! games`, `list options` and `list statistics` print them.

use crate::games::GameKind;

/// One line per game: its name and what it is.
pub fn game_lines() -> Vec<String> {
    GameKind::all()
        .iter()
        .map(|g| format!("{g}  {}", g.about()))
        .collect()
}

/// One line per option of every game, in name order per game: `game name=default`, or for an
/// option unset by default `game name=(unset)  what it takes`.
pub fn option_lines() -> Vec<String> {
    let mut v = Vec::new();
    for game in GameKind::all() {
        v.extend(options(game));
    }
    v
}

/// One line per statistic of every game, for single hands and then for matches: `game unit
/// name  what it measures`.
pub fn statistic_lines() -> Vec<String> {
    let mut v = Vec::new();
    for matches in [false, true] {
        let unit = if matches { "matches" } else { "hands" };
        for game in GameKind::all() {
            let defs = game.statistics(matches);
            v.extend(
                defs.iter()
                    .map(|d| format!("{game} {unit} {}  {}", d.name, d.about)),
            );
        }
    }
    v
}

/// One line per option of `game`, in name order: `game name=default`, or for an option unset
/// by default `game name=(unset)  what it takes`.
fn options(game: GameKind) -> Vec<String> {
    let table = game.option_defaults();
    let mut lines: Vec<(&str, String)> = table
        .iter()
        .map(|(k, v)| {
            (
                k.as_str(),
                format!("{game} {k}={}", v.to_string().trim_matches('"')),
            )
        })
        .collect();
    lines.extend(
        game.facts()
            .unset_options
            .iter()
            .filter(|u| !table.contains_key(u.0))
            .map(|&(name, takes)| (name, format!("{game} {name}=(unset)  {takes}"))),
    );
    lines.sort_by(|a, b| a.0.cmp(b.0));
    lines.into_iter().map(|l| l.1).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_statistics_and_options_are_listed() {
        assert!(game_lines().iter().any(|l| l.starts_with("whist ")));
        assert!(!statistic_lines().is_empty());
        assert!(
            option_lines()
                .iter()
                .any(|l| l.starts_with("catch-the-ten allow_revokes=false"))
        );
    }

    #[test]
    fn options_unset_by_default_are_listed_with_every_other_option() {
        use crate::games::{catch_the_ten, nine_five_two};
        let listed = option_lines();
        let names = |game: GameKind| -> Vec<String> {
            let mut v: Vec<String> = listed
                .iter()
                .filter_map(|l| l.strip_prefix(&format!("{game} ")))
                .map(|l| l.split('=').next().unwrap().to_string())
                .collect();
            v.sort();
            v
        };
        for game in GameKind::all() {
            let mut accepted = game.option_names();
            // `keep_6s` is an alias of `keep_6S`.
            accepted.retain(|n| n != "keep_6s");
            accepted.sort();
            assert_eq!(names(game), accepted, "{game}");
        }
        assert!(listed.contains(
            &"catch-the-ten revoke_penalty=(unset)  LoseGame or LoseHandPoints, only with allow_revokes; unset means LoseGame".to_string()
        ));
        assert!(
            listed
                .iter()
                .any(|l| l.starts_with("nine-five-two end=(unset)  FirstTo(10)"))
        );
        // What the lines say is taken is taken.
        let ct: catch_the_ten::Options = super::super::parse_options(
            "catch-the-ten",
            &["allow_revokes,revoke_penalty=LoseHandPoints".to_string()],
        )
        .unwrap();
        assert!(catch_the_ten::Setup::new(4, ct).is_ok());
        for end in ["FirstTo(10)", "FirstTo(20)", "FixedHands(3)"] {
            let o: nine_five_two::Options =
                super::super::parse_options("nine-five-two", &[format!("end={end}")]).unwrap();
            assert!(o.end.is_some(), "{end}");
        }
    }
}
