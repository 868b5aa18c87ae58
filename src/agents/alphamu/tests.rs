//! αμ against PIMC: the same choice at `m=1`, and a position where PIMC fuses strategies.

use super::*;
use crate::agents::pimc::{Pimc, PimcParams};
use crate::games::matches::{MatchRules, MatchState};
use crate::games::whist::{Options, Setup, Whist};
use crate::games::{catch_the_ten, nine_five_two};
use crate::knowledge::Observable;
use crate::rng::{Purpose, stream};
use crate::solver::Solvable;

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
    am.cuts = Cuts::NONE;
    assert_eq!(
        am.search(&worlds, me),
        vec![(card("5C"), 162.0 / n), (card("KC"), 160.0 / n)],
        "searched to the end: 5♣, and K♣ is worth less than PIMC thought"
    );
    am.cuts = Cuts::ALL;
    assert_eq!(
        am.search(&worlds, me)[0],
        (card("5C"), 162.0 / n),
        "with the cuts"
    );
    am.params.m = 2;
    assert_eq!(am.search(&worlds, me)[0].0, card("5C"));
    // The 0/1 goal (make 6 tricks, PIMC's best mean rounded) also prefers 5♣.
    am.params.goal = Goal::Target;
    am.params.m = 3;
    let target = am.search(&worlds, me);
    assert_eq!(target[0].0, card("5C"), "{target:?}");
}

/// A hand of `rules` played by B0 at every seat until `me` is to play a card holding `left`.
fn position_at<R: MatchRules>(rules: &R, seed: u64, me: Seat, left: usize) -> R::Hand
where
    R::Hand: AgentFactory,
{
    let mut state = rules.deal(
        &MatchState::new(Seat(0)),
        &mut stream(seed, 0, Purpose::Deal, 0),
    );
    let mut b0 = fallback_agent::<R::Hand>();
    let mut rng = stream(seed, 0, Purpose::Other, 0);
    while !(state.to_act() == Some(me)
        && state.hand(me).len() == left
        && state.position_for(me).is_ok())
    {
        let seat = state.to_act().expect("the hand goes on");
        let a = b0.choose(&state, seat, &mut rng);
        state.apply(a);
    }
    state
}

/// Searches `state` for `me` over the same worlds exhaustively and with `cuts`, checks that the
/// card chosen and its value are the same, that every card searched to the end has its
/// exhaustive value and (fronts not capped) that every other card's value is an upper bound of
/// it; returns the solves of each.
fn same_choice<G: AgentFactory>(
    state: &G,
    me: Seat,
    params: &AlphaMuParams,
    cuts: Cuts,
    what: &str,
) -> (u64, u64) {
    let mut full = AlphaMu::<G>::new(params.clone());
    full.cuts = Cuts::NONE;
    let mut cut = AlphaMu::<G>::new(params.clone());
    cut.cuts = cuts;
    let worlds = full.sample(state, me, &mut stream(7, 1, Purpose::Other, 0));
    let a = full.root_cards(&worlds, me);
    let a_solves = full.solves();
    let b = cut.root_cards(&worlds, me);
    let b_solves = cut.solves();
    assert!(a.iter().all(|c| c.exact || params.m == 1), "{what}");
    assert_eq!(
        ranked(&a, worlds.len())[0],
        ranked(&b, worlds.len())[0],
        "{what} {cuts:?}: {a:?} against {b:?}"
    );
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x.card, y.card);
        if y.exact {
            assert_eq!(x.sum, y.sum, "{what} {cuts:?} {}", x.card);
        } else if params.front == 0 {
            assert!(y.sum >= x.sum, "{what} {cuts:?} {}: a bound", x.card);
        }
    }
    (a_solves, b_solves)
}

/// Each cut alone and all together.
const EACH_CUT: [Cuts; 4] = [
    Cuts::ALL,
    Cuts {
        early: true,
        ..Cuts::NONE
    },
    Cuts {
        root: true,
        ..Cuts::NONE
    },
    Cuts {
        table: true,
        ..Cuts::NONE
    },
];

#[test]
fn cuts_choose_as_the_exhaustive_search_in_whist_endings() {
    let (mut full, mut cut) = (0, 0);
    let mut some_cut = false;
    for seed in 0..8u64 {
        let me = Seat((seed % 4) as u8);
        let left = 3 + (seed % 3) as usize;
        let state = whist_at(seed, me, left);
        // Uncapped fronts (front=0) at m=3 only in the shorter endings: they grow fast.
        let runs: &[(u32, u32)] = if left <= 4 {
            &[(2, 0), (2, 64), (3, 0), (3, 64)]
        } else {
            &[(2, 0), (2, 64), (3, 16)]
        };
        for &(m, front) in runs {
            let params = AlphaMuParams {
                m,
                worlds: 12,
                front,
                ..AlphaMuParams::default()
            };
            let each: &[Cuts] = if front == 0 {
                &EACH_CUT
            } else {
                &EACH_CUT[..1]
            };
            for &cuts in each {
                let what = format!("seed {seed}, {left} cards, {params}, front {front}");
                let (a, b) = same_choice(&state, me, &params, cuts, &what);
                if cuts == Cuts::ALL {
                    full += a;
                    cut += b;
                    some_cut |= b < a;
                }
            }
        }
    }
    assert!(
        some_cut && cut < full,
        "the cuts save solves: {cut} of {full}"
    );
}

#[test]
fn cuts_choose_as_the_exhaustive_search_in_catch_the_ten_and_nine_five_two() {
    let ct = catch_the_ten::Setup::new(4, catch_the_ten::Options::default()).unwrap();
    let nfts = nine_five_two::Setup::new(3, nine_five_two::Options::default()).unwrap();
    for seed in 0..5u64 {
        for m in [2, 3] {
            let params = AlphaMuParams {
                m,
                worlds: 10,
                front: 0,
                ..AlphaMuParams::default()
            };
            let me = Seat((seed % 4) as u8);
            let state = position_at(&ct, seed, me, 4);
            for cuts in EACH_CUT {
                same_choice(&state, me, &params, cuts, &format!("CT seed {seed}, m={m}"));
            }
            let me = Seat((seed % 3) as u8);
            let state = position_at(&nfts, seed, me, 4);
            for cuts in EACH_CUT {
                same_choice(
                    &state,
                    me,
                    &params,
                    cuts,
                    &format!("952 seed {seed}, m={m}"),
                );
            }
        }
    }
}

#[test]
fn cuts_keep_m1_as_pimc_and_capped_fronts_choose_alike() {
    let ct = catch_the_ten::Setup::new(4, catch_the_ten::Options::default()).unwrap();
    for seed in 10..14u64 {
        let me = Seat((seed % 4) as u8);
        let state = position_at(&ct, seed, me, 5);
        for (m, front) in [(1, 64), (2, 64), (2, 4), (3, 8)] {
            let params = AlphaMuParams {
                m,
                worlds: 10,
                front,
                ..AlphaMuParams::default()
            };
            same_choice(&state, me, &params, Cuts::ALL, &format!("CT seed {seed}"));
        }
    }
}
