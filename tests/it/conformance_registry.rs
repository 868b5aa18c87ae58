//! Every game in the registry under the shared conformance suite, reached only through
//! `with_game!`: a game added to the registry is played, checked and replayed here without a
//! line of this file changing.

use crate::common;

use common::conformance::{Plan, run};
use tricklab::experiment::rules_from_table;
use tricklab::games::GameKind;
use tricklab::games::record::RecordRules;

/// Random matches of `R` with its default options and player count: every generic invariant
/// (legal sets, rejected illegal actions, record round trips), returning the hands played.
fn conform<R: RecordRules>(kind: GameKind) -> u64 {
    let rules: R = rules_from_table(kind.default_players(), &toml::Table::new())
        .unwrap_or_else(|e| panic!("{kind}: default rules: {e}"));
    assert_eq!(
        rules.game(),
        kind,
        "the registry maps {kind} to another game"
    );
    let plan = Plan::new(0x5E61 ^ kind.name().len() as u64, 40);
    let counts = run(&rules, plan, None, |_| Ok(()));
    assert_eq!(
        counts.matches_ended, plan.games,
        "{kind}: a match did not end"
    );
    assert!(counts.rejected > 0, "{kind}: no illegal action was tried");
    counts.hands
}

#[test]
fn every_registered_game_conforms() {
    use tricklab::games::{catch_the_ten, nine_five_two, whist};
    for (kind, hands) in [
        (GameKind::CATCH_THE_TEN, conform::<catch_the_ten::Setup>(GameKind::CATCH_THE_TEN)),
        (GameKind::NINE_FIVE_TWO, conform::<nine_five_two::Setup>(GameKind::NINE_FIVE_TWO)),
        (GameKind::WHIST, conform::<whist::Setup>(GameKind::WHIST)),
    ] {
        assert!(hands >= 40, "{kind}: only {hands} hands");
        assert_eq!(kind.name().parse::<GameKind>(), Ok(kind), "{kind}: name");
    }
}
