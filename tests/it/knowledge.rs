//! World sampling: nothing leaks, every constraint holds, and worlds are uniform.

use crate::common;

use std::collections::HashMap;

use common::worlds::{
    chi_square, chi_square_critical, enumerate, greedy_probabilities, greedy_sample,
};
use tricklab::cards::CardSet;
use tricklab::games::catch_the_ten::{CatchTheTen, Options, Setup};
use tricklab::games::matches::{MatchRules, MatchState};
use tricklab::games::nine_five_two::{self, NineFiveTwo, Variant};
use tricklab::games::whist::{self, Whist};
use tricklab::games::{Game, MAX_SEATS, Seat};
use tricklab::knowledge::{Knowledge, Observable, PlaceKind, WorldSampler};
use tricklab::rng::{GameRng, Purpose, below, stream};

/// Plays `state` randomly for `steps` actions (or to the end).
fn advance<G: Game>(state: &mut G, steps: usize, rng: &mut GameRng) {
    for _ in 0..steps {
        if state.to_act().is_none() {
            return;
        }
        let a = state.legal_actions().choose(rng);
        state.apply(a);
    }
}

/// Checks, for every seat, that a sampled world looks the same from that seat, that the
/// seat's knowledge is the same in it, and that every known card and exclusion holds.
fn check_leaks<G: Observable>(real: &G, rng: &mut GameRng, samples: usize) {
    for seat in Seat::all(real.num_seats()) {
        let k = real.knowledge(seat);
        assert!(k.is_balanced(), "{k}");
        let sampler = WorldSampler::new(&k).unwrap_or_else(|e| panic!("{e}\n{k}"));
        for _ in 0..samples {
            let hidden = sampler.sample(rng);
            for (p, h) in k.places.iter().zip(&hidden) {
                assert_eq!(h.len(), p.hidden(), "{}", p.kind);
                assert!(h.is_disjoint(p.excluded), "{} got an excluded card", p.kind);
                assert!(h.is_subset(k.unknown));
            }
            let world = real.redeal(&k, &hidden);
            assert_eq!(
                world.view(seat),
                real.view(seat),
                "seat {seat} sees a difference"
            );
            assert_eq!(
                world.knowledge(seat),
                k,
                "seat {seat} knows something else in the world"
            );
            assert!(world.legal_actions() == real.legal_actions() || world.to_act() != Some(seat));
            // The world plays on to the end (forced steps included).
            let mut w = world.clone();
            advance(&mut w, 1000, rng);
            assert!(w.to_act().is_none());
        }
    }
}

fn ctt(n: usize, f: impl FnOnce(&mut Options)) -> Setup {
    let mut o = Options::default();
    f(&mut o);
    Setup::new(n, o).unwrap()
}

#[test]
fn catch_the_ten_worlds_leak_nothing() {
    let mut rng = stream(40, 0, Purpose::Other, 0);
    for n in 2..=8 {
        for setup in [ctt(n, |_| {}), ctt(n, |o| o.keep_6s = matches!(n, 5 | 7))] {
            for g in 0..25 {
                let mut s = CatchTheTen::deal(
                    setup,
                    Seat((g % n) as u8),
                    &vec![0; setup.sides().num_sides()],
                    &mut rng,
                );
                let total = setup.cards_per_set() * setup.sets();
                let steps = below(&mut rng, total as u32) as usize;
                advance(&mut s, steps, &mut rng);
                if s.to_act().is_some() {
                    check_leaks(&s, &mut rng, 4);
                }
            }
        }
    }
}

#[test]
fn unknown_cards_are_not_fixed_in_place() {
    // Every unknown card that two places may hold is seen in both across samples.
    let setup = ctt(4, |_| {});
    let mut rng = stream(41, 0, Purpose::Other, 0);
    let mut s = CatchTheTen::deal(setup, Seat(3), &[0, 0], &mut rng);
    advance(&mut s, 14, &mut rng);
    let k = s.knowledge(Seat(0));
    let sampler = WorldSampler::new(&k).unwrap();
    let mut seen: HashMap<tricklab::cards::Card, u32> = HashMap::new();
    for _ in 0..2000 {
        for (i, h) in sampler.sample(&mut rng).iter().enumerate() {
            for c in *h {
                *seen.entry(c).or_default() |= 1 << i;
            }
        }
    }
    for c in k.unknown {
        let may = k
            .places
            .iter()
            .enumerate()
            .filter(|(_, p)| !p.excluded.contains(c) && p.hidden() > 0);
        let may_mask = may.fold(0u32, |m, (i, _)| m | 1 << i);
        assert_eq!(
            seen[&c], may_mask,
            "{c} is pinned: seen in {:b}, may be in {may_mask:b}",
            seen[&c]
        );
    }
}

/// A late position with a known card and a void, on which greedy dealing in seat order is
/// clearly biased (total variation from uniform at least 0.15, computed exactly), so that the
/// chi-square test below must tell the two samplers apart.
fn small_position(rng: &mut GameRng) -> (CatchTheTen, Knowledge) {
    let setup = ctt(4, |_| {});
    loop {
        let mut s = CatchTheTen::deal(setup, Seat(3), &[0, 0], rng);
        advance(&mut s, 36 - 12 - 1, rng); // three tricks left, one card of the trick down
        let k = s.knowledge(Seat(1));
        let has_void = k
            .places
            .iter()
            .any(|p| !(p.excluded & k.unknown).is_empty());
        let has_known = k.places.iter().any(|p| !p.known.is_empty());
        if has_void && has_known && greedy_is_biased(&k) {
            return (s, k);
        }
    }
}

fn histogram(samples: u64, mut draw: impl FnMut() -> Vec<CardSet>) -> HashMap<Vec<CardSet>, u64> {
    let mut h = HashMap::new();
    for _ in 0..samples {
        *h.entry(draw()).or_insert(0) += 1;
    }
    h
}

/// Checks exact counting and uniformity on `k`, and that the test would catch the greedy
/// sampler there.
fn check_uniform(k: &Knowledge, rng: &mut GameRng) {
    let all = enumerate(k);
    let sampler = WorldSampler::new(k).unwrap();
    assert_eq!(sampler.count(), all.len() as u128, "{k}");
    assert!(
        all.len() >= 10,
        "a position with some choice: {}",
        all.len()
    );
    let n = 100_000;
    let h = histogram(n, || sampler.sample(rng));
    assert!(
        h.keys().all(|w| all.contains(w)),
        "every sample is a consistent world"
    );
    let df = (all.len() - 1) as f64;
    let stat = chi_square(&h, all.len(), n);
    assert!(
        stat < chi_square_critical(df),
        "chi-square {stat:.1} for {} worlds",
        all.len()
    );
    let g = histogram(n, || greedy_sample(k, rng));
    let gstat = chi_square(&g, all.len(), n);
    assert!(
        gstat > chi_square_critical(df),
        "greedy chi-square {gstat:.1} should fail for {} worlds",
        all.len()
    );
}

/// Whether greedy dealing in place order is clearly biased on `k` (total variation from
/// uniform at least 0.15, computed exactly over the enumerated worlds).
fn greedy_is_biased(k: &Knowledge) -> bool {
    let worlds = enumerate(k);
    let uniform = 1.0 / worlds.len() as f64;
    let tv: f64 = greedy_probabilities(k, &worlds)
        .iter()
        .map(|p| (p - uniform).abs())
        .sum::<f64>()
        / 2.0;
    worlds.len() >= 10 && tv >= 0.15
}

#[test]
fn catch_the_ten_worlds_are_uniform_and_counted_exactly() {
    let mut rng = stream(42, 0, Purpose::Other, 0);
    let (_, k) = small_position(&mut rng);
    check_uniform(&k, &mut rng);
}

/// A 9-5-2 hand of `variant` opening with the exchange that `previous` calls for.
fn nfw_hand(
    variant: Variant,
    dealer: u8,
    previous: Option<[i32; 3]>,
    rng: &mut GameRng,
) -> NineFiveTwo {
    let rules = nine_five_two::Setup::of(variant);
    let mut m = MatchState::new(Seat(dealer));
    if let Some(p) = previous {
        let mut arr = [0; MAX_SEATS];
        arr[..3].copy_from_slice(&p);
        m.previous = Some(arr);
        m.hands_dealt = 1;
    }
    rules.deal(&m, rng)
}

/// Previous results that make every kind of exchange: none, one-to-one, one plus and two
/// minus, two plus and one minus.
const PREVIOUS: [Option<[i32; 3]>; 5] = [
    None,
    Some([2, -2, 0]),
    Some([3, -1, -2]),
    Some([1, 2, -3]),
    Some([-4, 1, 3]),
];

#[test]
fn nine_five_two_worlds_leak_nothing() {
    let mut rng = stream(43, 0, Purpose::Other, 0);
    for variant in [
        Variant::Standard,
        Variant::SergeantMajor,
        Variant::SwappedTargets,
    ] {
        for (i, previous) in PREVIOUS.into_iter().enumerate() {
            for g in 0..12 {
                let mut s = nfw_hand(variant, ((i + g) % 3) as u8, previous, &mut rng);
                let steps = below(&mut rng, 70) as usize;
                advance(&mut s, steps, &mut rng);
                if s.to_act().is_some() {
                    check_leaks(&s, &mut rng, 3);
                }
            }
        }
    }
}

#[test]
fn nine_five_two_returns_cap_the_returner() {
    // After an exchange, no sampled world gives the returner a card above what it returned in
    // that suit (while the cap holds: the returner is not the dealer who took the kitty since).
    let mut rng = stream(44, 0, Purpose::Other, 0);
    let mut checked = 0;
    for variant in [
        Variant::Standard,
        Variant::SergeantMajor,
        Variant::SwappedTargets,
    ] {
        for previous in PREVIOUS.into_iter().flatten() {
            for dealer in 0..3u8 {
                let mut s = nfw_hand(variant, dealer, Some(previous), &mut rng);
                // Play until the exchange has been answered.
                while s.to_act().is_some()
                    && s.exchange().batches_answered() < s.exchange().batches().len()
                {
                    advance(&mut s, 1, &mut rng);
                }
                advance(&mut s, below(&mut rng, 10) as usize, &mut rng);
                for (b, batch) in s.exchange().batches().iter().enumerate() {
                    let r = batch.receiver;
                    if r == s.dealer() && variant != Variant::SwappedTargets {
                        continue;
                    }
                    let k = s.knowledge(batch.giver);
                    let sampler = WorldSampler::new(&k).unwrap();
                    for _ in 0..50 {
                        let world = s.redeal(&k, &sampler.sample(&mut rng));
                        for t in s.exchange().returned(b) {
                            let above = CardSet::suit_from(t.suit(), t.rank()) - CardSet::single(t);
                            assert!(
                                world.hand(r).is_disjoint(above),
                                "seat {r} holds {} above the returned {t}",
                                world.hand(r) & above
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn nine_five_two_worlds_are_uniform_and_counted_exactly() {
    // The last three tricks, seen by a non-dealer: two hidden hands and the discards, with
    // voids and exchange constraints.
    let mut rng = stream(45, 0, Purpose::Other, 0);
    for attempt in 0.. {
        assert!(attempt < 10_000, "no suitable position");
        let previous = PREVIOUS[1 + attempt % 4];
        let mut s = nfw_hand(Variant::Standard, (attempt % 3) as u8, previous, &mut rng);
        while s.to_act().is_some() && s.tricks_done() < 13 {
            advance(&mut s, 1, &mut rng);
        }
        let Some(seat) = s.to_act() else { continue };
        if seat == s.dealer() {
            continue;
        }
        let k = s.knowledge(seat);
        let constrained = k
            .places
            .iter()
            .any(|p| !(p.excluded & k.unknown).is_empty());
        if constrained && enumerate(&k).len() <= 3000 && greedy_is_biased(&k) {
            check_uniform(&k, &mut rng);
            return;
        }
    }
}

fn whist(f: fn(&mut whist::Options)) -> whist::Setup {
    let mut o = whist::Options::default();
    f(&mut o);
    whist::Setup::new(4, o).unwrap()
}

/// A Whist hand dealt by a random seat with `cards_played` random cards played.
fn whist_position(setup: whist::Setup, rng: &mut GameRng, cards_played: usize) -> Whist {
    let dealer = Seat(below(rng, 4) as u8);
    let mut s = Whist::deal(setup, dealer, &[0, 0], rng);
    advance(&mut s, cards_played, rng);
    s
}

/// The honours each side holds in `w`, counted from what each seat holds and has played.
fn whist_honours(w: &Whist) -> [u32; 2] {
    let honours = whist::honour_cards(w.turned().suit());
    let dealt = |s: u8| (w.hand(Seat(s)) | w.played_by(Seat(s))) & honours;
    [0, 1].map(|side| (dealt(side) | dealt(side + 2)).len() as u32)
}

#[test]
fn whist_worlds_leak_nothing() {
    let mut rng = stream(50, 0, Purpose::Other, 0);
    let setups = [
        whist(|_| {}),
        whist(|o| o.honours = true),
        whist(|o| o.turnup_until_first_play = true),
    ];
    for setup in setups {
        for _ in 0..40 {
            let played = below(&mut rng, 52) as usize;
            check_leaks(&whist_position(setup, &mut rng, played), &mut rng, 4);
        }
    }
}

#[test]
fn whist_knowledge_is_the_other_hands_with_the_turned_card_at_the_dealer() {
    let mut rng = stream(52, 0, Purpose::Other, 0);
    let s = whist_position(whist(|_| {}), &mut rng, 0);
    let observer = s.dealer().left(4);
    let k = s.knowledge(observer);
    assert_eq!(k.own, s.hand(observer));
    assert_eq!(k.unknown.len(), 52 - 13 - 1);
    assert_eq!(k.places.len(), 3);
    for p in &k.places {
        assert_ne!(p.kind, PlaceKind::Hand(observer));
        let at_dealer = p.kind == PlaceKind::Hand(s.dealer());
        let turned = CardSet::single(s.turned());
        assert_eq!(p.known, if at_dealer { turned } else { CardSet::EMPTY });
        assert_eq!(p.size, 13);
    }
    // The dealer holds the turned card itself: nothing is known to be anywhere else.
    let kd = s.knowledge(s.dealer());
    assert!(kd.places.iter().all(|p| p.known.is_empty()));
    assert_eq!(kd.unknown.len(), 39);
}

#[test]
fn whist_worlds_keep_the_turned_card_and_voids_and_count_honours_again() {
    let mut rng = stream(51, 0, Purpose::Other, 0);
    let (mut turned_kept, mut honours_moved) = (0, 0);
    for _ in 0..300 {
        let played = below(&mut rng, 52) as usize;
        let s = whist_position(whist(|o| o.honours = true), &mut rng, played);
        for seat in Seat::all(4) {
            let world = s.sample_world(seat, &mut rng);
            for q in Seat::all(4) {
                assert_eq!(world.hand(q).len(), s.hand(q).len());
                let void = tricklab::knowledge::suits_of(s.voids(q));
                assert!(
                    world.hand(q).is_disjoint(void),
                    "seat {q} holds a suit it showed out of"
                );
            }
            if s.turned_held() {
                assert!(world.hand(s.dealer()).contains(s.turned()));
                turned_kept += 1;
            }
            let held = [0, 1].map(|i| world.honours_held(tricklab::games::Side(i)));
            assert_eq!(
                held,
                whist_honours(&world),
                "honours counted from the world's deal"
            );
            honours_moved += (whist_honours(&world) != whist_honours(&s)) as u32;
        }
    }
    assert!(
        turned_kept > 0 && honours_moved > 0,
        "{turned_kept} {honours_moved}"
    );
}

#[test]
fn whist_worlds_are_uniform_and_counted_exactly() {
    // Three tricks left, one card of the trick down, a void shown.
    let mut rng = stream(53, 0, Purpose::Other, 0);
    for attempt in 0.. {
        assert!(attempt < 10_000, "no suitable position");
        let s = whist_position(whist(|_| {}), &mut rng, 52 - 12 - 1);
        let k = s.knowledge(s.to_act().unwrap());
        let constrained = k
            .places
            .iter()
            .any(|p| !(p.excluded & k.unknown).is_empty());
        if constrained && greedy_is_biased(&k) {
            check_uniform(&k, &mut rng);
            return;
        }
    }
}
