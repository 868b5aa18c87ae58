//! αμ against PIMC: the same choice at `m=1`, and a position where PIMC fuses strategies.

use super::*;
use crate::agents::pimc::{Pimc, PimcParams};
use crate::games::whist::{Options, Setup, Whist};
use crate::knowledge::Observable;
use crate::rng::{Purpose, stream};

/// A Whist hand played by B0 at every seat until `me` is to play with `left` cards.
fn whist_at(seed: u64, me: Seat, left: usize) -> Whist {
    let setup = Setup::new(4, Options::default()).unwrap();
    let mut state = Whist::deal(
        setup,
        Seat(3),
        &[0, 0],
        &mut stream(seed, 0, Purpose::Deal, 0),
    );
    let mut b0 = fallback_agent::<Whist>();
    let mut rng = stream(seed, 0, Purpose::Other, 0);
    while !(state.to_act() == Some(me) && state.hand(me).len() == left) {
        let seat = state.to_act().unwrap();
        let a = b0.choose(&state, seat, &mut rng);
        state.apply(a);
    }
    state
}

#[test]
fn m1_is_pimc_world_by_world() {
    for seed in 0..12u64 {
        let me = Seat((seed % 4) as u8);
        let state = whist_at(seed, me, 4 + (seed % 4) as usize);
        let mut pimc = Pimc::<Whist>::new(PimcParams {
            worlds: 12,
            ..PimcParams::default()
        });
        let mut am = AlphaMu::<Whist>::new(AlphaMuParams {
            m: 1,
            worlds: 12,
            ..AlphaMuParams::default()
        });
        let p = pimc.card_means(&state, me, &mut stream(seed, 1, Purpose::Other, 0));
        let a = am.card_values(&state, me, &mut stream(seed, 1, Purpose::Other, 0));
        let p: Vec<(Card, f64)> = p.into_iter().map(|s| (s.card, s.mean)).collect();
        assert_eq!(p, a, "seed {seed}");
    }
}

/// Every world consistent with what `me` knows at `state`, in the sampler's terms.
fn all_worlds(state: &Whist, me: Seat) -> Vec<(usize, Whist)> {
    let k = state.knowledge(me);
    let rows = crate::knowledge::every_world(&k);
    rows.iter()
        .enumerate()
        .map(|(i, r)| (i, state.redeal(&k, r)))
        .collect()
}

/// Strategy fusion in a Whist ending, found by comparing PIMC (`m=1`) with αμ searching to the
/// end of the hand (`m=3`, which is then exact: the best strategy of seat 1 that cannot see the
/// hidden cards, against opponents who can) on every world seat 1 cannot rule out.
///
/// Trumps are clubs; ten tricks are done, seats 0 and 2 have six, seats 1 and 3 four. Seat 3 led
/// the 9♣, seat 0 followed with the 3♣; seat 1 holds Q♠ K♣ 5♣ and must follow with K♣ or 5♣.
/// Hidden from it: A♥ K♦ (seat 0), K♠ A♦ 8♣ (seat 2), A♣ T♣ (seat 3). What it knows from the
/// voids (seat 0 has shown out of spades, seat 2 of hearts, seat 3 of diamonds and spades): K♠
/// is with seat 2, the partner holds two of A♥ 8♣ A♣ T♣, and the clubs above the 9♣ (A♣, T♣)
/// may be anywhere: 27 worlds.
///
/// PIMC prefers K♣ (mean 164/27 tricks against 162/27 for 5♣). After K♣ seat 1 is left with
/// Q♠ 5♣, and its right card at tricks 12 and 13 depends on where A♣ and T♣ lie, which PIMC,
/// solving each world apart, always gets right (the partner's play is double-dummy in both
/// searches, so the difference is seat 1's own later decisions). Playing one strategy in all
/// worlds, as it must, the best seat 1 can do after K♣ is 160/27; after 5♣, keeping K♣ (beaten
/// only by A♣), the best strategy reaches 162/27. αμ over the same worlds plays 5♣ at `m=3`, and at `m=2` already, while at `m=1`
/// it is PIMC and plays K♣.
#[test]
fn alphamu_avoids_strategy_fusion_that_misleads_pimc() {
    let me = Seat(1);
    let state = whist_at(1112, me, 3);
    let card = |s: &str| s.parse::<Card>().unwrap();
    let cards = |s: &str| s.split(' ').map(card).collect::<CardSet>();
    assert_eq!(
        state.hand(me),
        cards("QS KC 5C"),
        "the position moved: {state:?}"
    );
    assert_eq!(state.hand(Seat(0)), cards("AH KD"));
    assert_eq!(state.hand(Seat(2)), cards("KS AD 8C"));
    assert_eq!(state.hand(Seat(3)), cards("AC TC"));
    let worlds = all_worlds(&state, me);
    assert_eq!(worlds.len(), 27);
    let mut am = AlphaMu::<Whist>::new(AlphaMuParams {
        m: 1,
        worlds: 64,
        front: 0,
        ..AlphaMuParams::default()
    });
    let n = 27.0;
    assert_eq!(
        am.search(&worlds, me),
        vec![(card("KC"), 164.0 / n), (card("5C"), 162.0 / n)],
        "m=1 is PIMC: K♣"
    );
    am.params.m = 3;
    assert_eq!(
        am.search(&worlds, me),
        vec![(card("5C"), 162.0 / n), (card("KC"), 160.0 / n)],
        "searched to the end: 5♣, and K♣ is worth less than PIMC thought"
    );
    am.params.m = 2;
    assert_eq!(am.search(&worlds, me)[0].0, card("5C"));
    // The 0/1 goal (make 6 tricks, PIMC's best mean rounded) also prefers 5♣.
    am.params.goal = Goal::Target;
    am.params.m = 3;
    let target = am.search(&worlds, me);
    assert_eq!(target[0].0, card("5C"), "{target:?}");
}
