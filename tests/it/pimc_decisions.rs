//! PIMC's values of decisions that are not card plays (9-5-2's trumps and discards): every
//! legal action is valued by simulation, the values are reproducible and blind to hidden
//! cards, and an obvious choice comes out best.

use crate::common;

use common::n952::{ANY, Holding, hand_of};
use tricklab::agents::pimc::Pimc;
use tricklab::agents::{AgentSpec, Evaluator};
use tricklab::cards::Suit;
use tricklab::games::nine_five_two::{NineFiveTwo, Phase, Variant};
use tricklab::games::{Action, Game, Seat};
use tricklab::knowledge::Observable;
use tricklab::rng::{Purpose, stream};

fn pimc(spec: &str) -> Pimc<NineFiveTwo> {
    match spec.parse::<AgentSpec>().unwrap() {
        AgentSpec::Pimc(p) => Pimc::new(p),
        other => panic!("{other}"),
    }
}

/// Seat 0 deals and holds every spade but the two, and the top three hearts.
fn spade_hand() -> NineFiveTwo {
    let dealer = Holding {
        cards: "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S AH KH QH AD",
        exact: &[],
    };
    hand_of(Variant::Standard, Seat(0), [dealer, ANY, ANY], "", None)
}

#[test]
fn pimc_values_every_trump_and_names_the_long_solid_suit() {
    let s = spade_hand();
    assert_eq!(s.phase(), Phase::NameTrump);
    let seat = s.to_act().unwrap();
    assert_eq!(seat, Seat(0));
    let mut a = pimc("pimc:worlds=4");
    let (means, (lo, hi)) = a.action_means(&s, seat, &mut stream(5, 0, Purpose::Agent, 0));
    assert_eq!((lo, hi), (0, 16), "tricks of a whole 9-5-2 hand");
    assert_eq!(means.len(), s.legal_actions().len(), "every trump valued");
    assert_eq!(means[0].0, Action::NameTrump(Suit::Spades), "{means:?}");
    // Twelve top trumps win twelve tricks whatever the discards and the play.
    assert!(means[0].1 >= 12.0, "{means:?}");
    assert!(means.iter().all(|&(_, m)| (0.0..=16.0).contains(&m)));
    assert!(means[1..].iter().all(|&(_, m)| m < means[0].1), "{means:?}");
    // The evaluator scales the same values into [0, 1], best first.
    let scaled = a.evaluate(&s, seat, &mut stream(5, 0, Purpose::Agent, 0));
    assert_eq!(scaled.len(), means.len());
    for ((a1, v), (a2, m)) in scaled.iter().zip(&means) {
        assert_eq!(a1, a2);
        assert!((v - m / 16.0).abs() < 1e-12, "{v} against {m}");
    }
}

#[test]
fn pimc_discard_values_are_reproducible_and_blind_to_hidden_cards() {
    let mut s = spade_hand();
    s.apply(Action::NameTrump(Suit::Spades));
    assert_eq!(s.phase(), Phase::Discard);
    let seat = s.to_act().unwrap();
    let mut a = pimc("pimc:worlds=2");
    let decide = |a: &mut Pimc<NineFiveTwo>, state: &NineFiveTwo| {
        a.action_means(state, seat, &mut stream(9, 1, Purpose::Agent, 0))
            .0
    };
    let first = decide(&mut a, &s);
    assert_eq!(first.len(), s.legal_actions().len(), "every discard valued");
    assert!(
        first
            .iter()
            .all(|&(act, _)| s.legal_actions().contains(act))
    );
    assert_eq!(decide(&mut a, &s), first, "same seed, same values");
    let mut rng = stream(8, 0, Purpose::Other, 0);
    let mut differ = 0;
    for _ in 0..2 {
        let world = s.sample_world(seat, &mut rng);
        differ += usize::from(world != s);
        assert_eq!(
            decide(&mut a, &world),
            first,
            "the values changed with hidden cards"
        );
    }
    assert!(differ > 0, "the resampled worlds differ from the real deal");
    // Card plays are not this method's business.
    let play = {
        let mut p = s;
        while p.phase() != Phase::Play {
            let act = p.legal_actions().nth(0).unwrap();
            p.apply(act);
        }
        p
    };
    let actor = play.to_act().unwrap();
    assert!(
        a.action_means(&play, actor, &mut stream(1, 0, Purpose::Agent, 0))
            .0
            .is_empty()
    );
}
