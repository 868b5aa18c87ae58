//! ISMCTS: legal, reproducible, blind to hidden cards, sensible on constructed positions.

use crate::common;

use common::card;
use common::conformance::{Plan, run};
use common::ctt::{random_positions, setup, ten_last_to_play};
use tricklab::agents::ismcts::Ismcts;
use tricklab::agents::{Agent, AgentSpec};
use tricklab::games::catch_the_ten::{CatchTheTen, Options};
use tricklab::games::{Action, Game, Seat};
use tricklab::knowledge::Observable;
use tricklab::rng::{GameRng, Purpose, stream};

fn ismcts(spec: &str) -> Ismcts<CatchTheTen> {
    match spec.parse::<AgentSpec>().unwrap() {
        AgentSpec::Ismcts(p) => Ismcts::new(*p).unwrap(),
        other => panic!("{other}"),
    }
}

#[test]
fn self_play_is_legal_at_every_table() {
    for (n, opts) in [
        (2, Options::default()),
        (4, Options::default()),
        (
            6,
            Options {
                pairs: true,
                ..Options::default()
            },
        ),
        (5, Options::default()),
    ] {
        let t = setup(n, opts);
        let mut a = ismcts("ismcts:iterations=60");
        let mut chooser = |h: &CatchTheTen, seat: Seat, rng: &mut GameRng| a.choose(h, seat, rng);
        let mut plan = Plan::new(n as u64, 2);
        plan.single_hands = true;
        plan.reject_every = 11;
        let c = run(&t, plan, Some(&mut chooser), |_| Ok(()));
        assert!(c.decisions > 0);
    }
}

#[test]
fn same_seed_same_decision_and_blind_to_hidden_cards() {
    let mut a = ismcts("ismcts:iterations=300,rollout=rules");
    let mut differ = 0;
    for (i, s) in random_positions(30, 5, |i| (i * 7) % 30)
        .into_iter()
        .enumerate()
    {
        let seat = s.to_act().unwrap();
        let decide = |a: &mut Ismcts<CatchTheTen>, state: &CatchTheTen| {
            let mut rng = stream(99, i as u64, Purpose::Agent, 0);
            (
                a.choose(state, seat, &mut rng),
                a.search(state, seat, &mut stream(99, i as u64, Purpose::Agent, 0)),
            )
        };
        let (first, stats) = decide(&mut a, &s);
        assert!(s.legal_actions().contains(first));
        assert_eq!(decide(&mut a, &s).0, first, "same seed, same decision");
        // Resample the hidden cards: the search sees only the seat's knowledge.
        let mut rng = stream(7, i as u64, Purpose::Other, 0);
        for _ in 0..3 {
            let world = s.sample_world(seat, &mut rng);
            if world != s {
                differ += 1;
            }
            let (again, stats_again) = decide(&mut a, &world);
            assert_eq!(again, first, "the decision changed with the hidden cards");
            assert_eq!(stats_again, stats);
        }
    }
    assert!(
        differ > 50,
        "the resampled worlds differ from the real deal"
    );
}

#[test]
fn one_legal_card_is_played_without_searching() {
    let mut s = ten_last_to_play();
    s.try_apply(Action::Play(card("7H"))).unwrap();
    let mut a = ismcts("ismcts:iterations=500");
    let mut rng = stream(1, 0, Purpose::Other, 0);
    assert_eq!(a.choose(&s, Seat(1), &mut rng), Action::Play(card("8H")));
    assert_eq!(a.stats().iterations, 0);
}

#[test]
fn takes_a_trick_worth_points() {
    // Trumps hearts; after seven tricks seat 3 leads KH, seat 0 drops the TH, seat 1 the QH.
    // Seat 2 holds JH and 7H: the JH takes 26 points for its side now (the AH then goes to the
    // opponents), the 7H gives the opponents 15 and keeps the JH for the AH (15 each).
    let tricks = [
        "AS 6S 7S 8S",
        "KS 9S TS JS",
        "AC 6C 7C 8C",
        "KC 9C TC JC",
        "AD 6D 7D 8D",
        "KD 9D TD JD",
        "QS QC QD 6H",
    ];
    let mut s = common::ctt::deal_from_tricks(
        setup(4, Options::default()),
        3,
        &[0, 0],
        &[tricks.as_slice(), &["TH QH JH KH", "8H 9H 7H AH"]].concat(),
        "6H",
    );
    for t in tricks {
        common::ctt::play_trick(&mut s, t);
    }
    assert_eq!(s.to_act(), Some(Seat(3)));
    for c in ["KH", "TH", "QH"] {
        s.try_apply(Action::Play(card(c))).unwrap();
    }
    let mut a = ismcts("ismcts:iterations=2000");
    let mut rng = stream(3, 0, Purpose::Other, 0);
    assert_eq!(a.choose(&s, Seat(2), &mut rng), Action::Play(card("JH")));
    let ranked = a.search(&s, Seat(2), &mut rng);
    assert_eq!(ranked[0].action, Action::Play(card("JH")));
    assert!(ranked[0].mean > ranked[1].mean);
}
