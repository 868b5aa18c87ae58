//! Every game in the registry under the conformance suite ([`LoadedGame::conformance`]), at
//! every player count and option set it declares, reached only through the registry: the
//! built-in games and Tiny Tricks, a test-only game registered from this crate. A game added
//! to the registry is played, checked and replayed here without a line of this file changing.
//!
//! [`LoadedGame::conformance`]: tricklab::games::LoadedGame::conformance

use crate::common::tiny;

use tricklab::games::{GameEntry, GameFacts, GameKind, RulesError};

/// Matches played at each table.
const MATCHES: u64 = 3;

/// The conformance suite at every table of `kind`: returns the tables played.
fn conform(kind: GameKind) -> usize {
    assert_eq!(kind.name().parse::<GameKind>(), Ok(kind), "{kind}: name");
    let facts = kind.facts();
    let mut tables = 0;
    for (i, set) in facts.option_sets.iter().enumerate() {
        let mut fits = 0;
        for players in facts.min_players..=facts.max_players {
            let game = match kind.load_words(Some(players), &[set.to_string()]) {
                Ok(g) => g,
                // An option set that does not fit this count (`pairs` with 5 players).
                Err(RulesError::Option(_)) => continue,
                Err(e) => panic!("{kind} with {players} players, options `{set}`: {e}"),
            };
            fits += 1;
            assert_eq!((game.kind(), game.players()), (kind, players));
            let seed = 0x5E61 ^ (players as u64) << 8 ^ i as u64;
            let c = game
                .conformance(seed, MATCHES)
                .unwrap_or_else(|e| panic!("{game}: {e}"));
            assert!(c.hands >= MATCHES, "{game}: {c:?}");
            assert_eq!(c.records, c.hands, "{game}: every hand's record replays");
            assert!(c.refused > 0, "{game}: no illegal action was tried");
            assert!(c.worlds > 0, "{game}: no world was sampled");
            assert!(c.endings > 0, "{game}: no ending was solved");
            assert!(c.matches_ended > 0, "{game}: no match ended");
        }
        assert!(
            fits > 0,
            "{kind}: the option set `{set}` fits no player count"
        );
        tables += fits;
    }
    tables
}

#[test]
fn every_registered_game_conforms_at_every_table() {
    let tiny = tiny::register();
    let all = GameKind::all();
    assert!(all.contains(&tiny), "{all:?}");
    let tables: usize = all.into_iter().map(conform).sum();
    assert!(tables > 10, "{tables} tables");
}

#[test]
fn a_registered_game_loads_by_name_and_its_records_tell_their_story() {
    let kind = tiny::register();
    assert_eq!(tiny::register(), kind, "registering again changes nothing");
    let game = tricklab::load("tiny(target=3)").unwrap();
    assert_eq!(game.kind(), kind);
    assert_eq!(game.to_string(), "tiny-tricks(players=2,target=3)");
    assert_eq!(
        tricklab::load("tiny-tricks(players=3)")
            .unwrap_err()
            .to_string(),
        "tiny-tricks is played by 2 players, not 3"
    );
    assert!(
        "no-such-game"
            .parse::<GameKind>()
            .unwrap_err()
            .to_string()
            .ends_with(", whist or tiny-tricks"),
        "the registered game is named among those expected"
    );
    // A hand played by the experiments' runner replays and tells its story.
    let seats = vec![tricklab::agents::AgentSpec::Random; 2];
    let exp = tricklab::experiment::Experiment::single_hands("tiny", kind, seats, 7, 4);
    let never = std::sync::atomic::AtomicBool::new(false);
    let mut records = Vec::new();
    game.play_batches(
        &exp,
        0..4,
        0,
        tricklab::experiment::Records::On,
        &never,
        None,
        &mut |batch, _| {
            records.extend(batch.records);
            Ok(())
        },
    )
    .unwrap();
    let text = String::from_utf8(records).unwrap();
    assert_eq!(text.lines().count(), 4);
    for line in text.lines() {
        let story = tricklab::show::story_of_line(line).unwrap_or_else(|e| panic!("{e}\n{line}"));
        assert_eq!(story.game, kind);
    }
}

/// A game whose name another game already has.
static IMPOSTOR: GameEntry = GameEntry::new::<tiny::Setup>(GameFacts {
    name: "impostor",
    aliases: &["whist"],
    ..*tiny::GAME.facts()
});

#[test]
fn a_game_cannot_take_a_registered_name() {
    let e = tricklab::games::register(&IMPOSTOR).unwrap_err();
    assert_eq!(
        e.to_string(),
        "cannot register impostor: the name is taken by whist"
    );
    assert!(!GameKind::all().iter().any(|k| k.name() == "impostor"));
}

/// Tiny Tricks, registered from this crate, played through the game-erased hand and guests the
/// Python package uses: dealt, stepped by an agent, recorded and read back, and run with a
/// function of the hand in a seat, without naming the game's types.
#[test]
fn a_registered_game_plays_through_the_game_erased_hand() {
    use std::sync::atomic::AtomicBool;
    use tricklab::agents::AgentSpec;
    use tricklab::games::registry::{DynGuests, DynHand, Guest, hand_from_record};

    let kind = tiny::register();
    let game = tricklab::load("tiny-tricks").unwrap();
    let mut hand = game.deal_hand(3, 0);
    assert_eq!((hand.kind(), hand.num_seats()), (kind, 2));
    assert!(hand.game().to_string().starts_with("tiny-tricks("));
    let mut agent = kind.agent(&AgentSpec::Random).unwrap();
    let mut rng = tricklab::rng::stream(1, 0, tricklab::rng::Purpose::Other, 1);
    while let Some(seat) = hand.to_act() {
        let a = agent.choose(&*hand, seat, &mut rng);
        assert!(hand.accepts(a));
        hand.apply(a).unwrap();
    }
    let (lo, hi) = game.points_range();
    let returns = hand.returns();
    assert!(
        returns
            .iter()
            .all(|&r| r >= f64::from(lo) && r <= f64::from(hi))
    );
    let line = hand.to_record().unwrap();
    let again = hand_from_record(&line).unwrap();
    assert_eq!(again.actions(), hand.actions());
    assert_eq!(again.returns(), returns);
    assert!(
        again
            .sample_world(tricklab::games::Seat(0), 1)
            .to_record()
            .is_err()
    );

    /// Seat 0 is a function of the hand that plays its first legal action.
    struct FirstLegal;
    impl DynGuests for FirstLegal {
        fn guest(&self, _arm: usize, seat: usize) -> Option<Guest> {
            (seat == 0).then(|| {
                Guest::Function(Box::new(|h: Box<dyn DynHand>| {
                    h.legal_actions().iter().next().unwrap()
                }))
            })
        }
        fn name(&self, _arm: usize, seat: usize) -> Option<String> {
            (seat == 0).then(|| "first".to_string())
        }
    }
    let seats = vec![AgentSpec::Random; 2];
    let mut exp = tricklab::experiment::Experiment::single_hands("tiny", kind, seats, 7, 4);
    exp.hand_rows = true;
    let never = AtomicBool::new(false);
    let mut hands = Vec::new();
    game.play_batches_with(
        &exp,
        0..4,
        0,
        tricklab::experiment::Want::default(),
        &FirstLegal,
        &never,
        None,
        &mut |batch, _| {
            hands.extend(batch.hands);
            Ok(())
        },
    )
    .unwrap();
    assert!(String::from_utf8(hands).unwrap().contains(",first,"));
}
