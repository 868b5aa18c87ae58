//! The 9-5-2 rule-based player: B0 on every decision, each tip on positions where it applies
//! (the tip's choice and the control's differ) and where it does not (they agree); self-play
//! with every switch on every variant; and no decision depends on a hidden card.

use crate::common;

use common::cards;
use common::conformance::{Plan, run};
use common::n952::{ANY, Holding, hand_of};
use tricklab::agents::{Agent, AgentSpec, SpecError, build_agent};
use tricklab::cards::{CardSet, Suit};
use tricklab::experiment::hand_statistic;
use tricklab::games::matches::{MatchState, play_match};
use tricklab::games::nine_five_two::{NineFiveTwo, Options, Phase, Setup, Variant};
use tricklab::games::{Action, Game, Seat};
use tricklab::knowledge::Observable;
use tricklab::rng::{GameRng, Purpose, below, stream};

const DEALER: Seat = Seat(0);
const RIGHT: Seat = Seat(2);

fn agent(spec: &str) -> Box<dyn Agent<NineFiveTwo>> {
    build_agent::<NineFiveTwo>(&spec.parse::<AgentSpec>().unwrap()).unwrap()
}

/// The action `spec` chooses for the seat to act, as text (a card, or a suit letter).
fn choice(spec: &str, s: &NineFiveTwo) -> String {
    let mut rng = stream(0, 0, Purpose::Other, 0);
    let seat = s.to_act().unwrap();
    agent(spec).choose(s, seat, &mut rng).argument()
}

/// The choices of B0 and of `spec`.
fn both(spec: &str, s: &NineFiveTwo) -> [String; 2] {
    [choice("rules", s), choice(spec, s)]
}

/// Applies each action of `actions` (cards or suit letters) to the decision it answers.
fn script(s: &mut NineFiveTwo, actions: &str) {
    for a in actions.split_whitespace() {
        let action = Action::parse(s.legal_actions().decision(), a).unwrap();
        s.try_apply(action).unwrap_or_else(|e| panic!("{a}: {e}"));
    }
}

/// A deal of the whole pack: seat 0 deals and holds `hands[0]`, and so on.
fn deal(
    variant: Variant,
    hands: [&str; 3],
    kitty: &str,
    previous: Option<[i32; 3]>,
) -> NineFiveTwo {
    let h = hands.map(|cards| Holding { cards, exact: &[] });
    hand_of(variant, DEALER, h, kitty, previous)
}

/// A first hand in which the dealer holds `hand` (16 cards) and the kitty `kitty`.
fn dealer_holds(hand: &str, kitty: &str) -> NineFiveTwo {
    let h = Holding {
        cards: hand,
        exact: &[],
    };
    hand_of(Variant::Standard, DEALER, [h, ANY, ANY], kitty, None)
}

/// The four cards `spec` discards, one decision at a time.
fn discards(spec: &str, mut s: NineFiveTwo) -> CardSet {
    for _ in 0..4 {
        assert_eq!(s.phase(), Phase::Discard);
        let c = choice(spec, &s);
        script(&mut s, &c);
    }
    s.discards()
}

#[test]
fn b0_names_the_suit_with_the_most_high_card_points() {
    // Spades AKQ (9 points) against six small hearts.
    let s = dealer_holds("2H 3H 4H 5H 6H 7H AS KS QS 2C 3C 4C 5C 2D 3D 4D", "");
    assert_eq!(choice("rules", &s), "S");
    // Clubs AQ (6 points) and diamonds AK (7); then equal points: the longer suit, then the
    // earlier suit.
    let s = dealer_holds("AC QC 2C AD KD 2D 3D 2H 3H 4H 5H 2S 3S 4S 5S 6S", "");
    assert_eq!(choice("rules", &s), "D", "7 points beat 6");
    let s = dealer_holds("AC QC 2C KD QD JD 3D 2H 3H 4H 5H 2S 3S 4S 5S 6S", "");
    assert_eq!(
        choice("rules", &s),
        "D",
        "6 points each: diamonds are longer"
    );
    let s = dealer_holds("AC QC 2C KD QD JD 2H 3H 4H 5H 6H 2S 3S 4S 5S 6S", "");
    assert_eq!(
        choice("rules", &s),
        "C",
        "6 points and 3 cards each: clubs first"
    );
}

#[test]
fn b0_discards_the_four_lowest_non_trumps() {
    let hand = "AH KH QH JH TH 9C TC JC 2D 3D 4D 5D 6D AD 2S 3S";
    let [b0, _] = discards_with_hearts(hand, "4S 5S 6S AS");
    assert_eq!(b0, cards("2D 2S 3D 3S"));
    // Fewer than four non-trumps (SergeantMajor: discarding 16 cards before taking the kitty):
    // all of them, then the lowest trump.
    let h = Holding {
        cards: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 2C 3C 4C",
        exact: &[],
    };
    let mut s = hand_of(Variant::SergeantMajor, DEALER, [h, ANY, ANY], "", None);
    script(&mut s, "H");
    assert_eq!(discards("rules", s), cards("2C 3C 4C 2H"));
}

/// SwappedTargets: the dealer (seat 0) discards first, then seat 1 gives it one card, then it
/// names trumps before returning.
fn swapped_minus_dealer() -> NineFiveTwo {
    let dealer = Holding {
        cards: "AS KS 2S QH JH TH 9H 3C 4C 5C 6C 7C 8C 9C TC 2D",
        exact: &[],
    };
    let giver = Holding {
        cards: "3S",
        exact: &[],
    };
    hand_of(
        Variant::SwappedTargets,
        DEALER,
        [dealer, giver, ANY],
        "3D 4D 5D 6D",
        Some([-1, 1, 0]),
    )
}

#[test]
fn b0_under_swapped_targets_plans_trumps_and_counts_its_returns() {
    let s = swapped_minus_dealer();
    assert_eq!(s.phase(), Phase::Discard);
    // Before trumps: discards as if spades (7 points) were trumps, so the 2S stays.
    assert_eq!(discards("rules", s), cards("2D 3C 3D 4C"));
    let mut s = s;
    script(&mut s, "2D 3C 3D 4C 3S");
    assert_eq!(s.phase(), Phase::NameTrump);
    // Holding AS KS 3S 2S, it must return the AS for the 3S: spades keep 3 points, as many as
    // the four hearts, which are longer.
    assert_eq!(choice("rules", &s), "H");
}

#[test]
fn b0_gives_its_lowest_ranked_cards_and_plays_as_section_5_0() {
    // Equal ranks go in suit order.
    let mut s = giver("KS 9D QD 2C 3C 4C 5C 6C 7C 2H 3H 4H 5H 6H 7H 8H");
    assert_eq!(choice("rules", &s), "2C");
    script(&mut s, "2C");
    assert_eq!(choice("rules", &s), "2H", "the 2H before the 3C");
    // Play (deal G2 below): lead from the longest side suit, cheapest winner, ruff.
    let mut s = deal_g2();
    script(&mut s, "H 2D 3D 4D 5D");
    for (want, then, why) in [
        ("2C", "2C", "E leads the lowest of its ten clubs"),
        ("QC", "QC", "R plays the cheapest winner"),
        ("6H", "6H 3S 9S", "the dealer, void in clubs, ruffs low"),
        ("JS", "", "R beats the 9S as cheaply as it can"),
    ] {
        assert_eq!(choice("rules", &s), want, "{why}");
        script(&mut s, then);
    }
}

/// The trumps B0 and `longest_suit_trumps` name on a first hand where the dealer holds `hand`.
fn trumps(hand: &str) -> [String; 2] {
    both("rules:longest_suit_trumps", &dealer_holds(hand, ""))
}

#[test]
fn longest_suit_trumps() {
    // N-H1: six small hearts against spades AKQ.
    let hand = "2H 3H 4H 5H 6H 7H AS KS QS 2C 3C 4C 5C 2D 3D 4D";
    assert_eq!(trumps(hand), ["S", "H"]);
    // Clubs and diamonds five each: the one with more points, diamonds (the ace).
    let hand = "2C 3C 4C 5C 6C AD 2D 3D 4D 5D AS KS QS 2H 3H 4H";
    assert_eq!(trumps(hand), ["S", "D"]);
    // The longest suit has the most points: both name it.
    let hand = "AS KS QS JS 2S 3S 2H 3H 4H 5H 2C 3C 4C 2D 3D 4D";
    assert_eq!(trumps(hand), ["S", "S"]);
}

#[test]
fn random_trumps() {
    // N-H1 second control: a uniform suit from the agent's random stream, whatever the hand.
    let s = dealer_holds("AS KS QS JS 2S 3S 2H 3H 4H 5H 2C 3C 4C 2D 3D 4D", "");
    let mut a = agent("rules:random_trumps");
    let mut counts = [0; 4];
    for i in 0..800 {
        let mut rng = stream(5, i, Purpose::Agent, 0);
        let mut same = rng.clone();
        let Action::NameTrump(suit) = a.choose(&s, DEALER, &mut rng) else {
            panic!("not a trump");
        };
        assert_eq!(suit, Suit::from_index(below(&mut same, 4) as usize));
        counts[suit.index()] += 1;
    }
    assert!(
        counts.iter().all(|&n| (150..=250).contains(&n)),
        "{counts:?}"
    );
    assert_eq!(
        choice("rules", &s),
        "S",
        "B0 names the suit with the most points"
    );
}

/// The four discards of B0 and of `discard_to_void`, the dealer holding `hand` and taking
/// `kitty`, hearts trumps.
fn discards_with_hearts(hand: &str, kitty: &str) -> [CardSet; 2] {
    let mut s = dealer_holds(hand, kitty);
    script(&mut s, "H");
    [discards("rules", s), discards("rules:discard_to_void", s)]
}

#[test]
fn discard_to_void() {
    // N-H2: the three clubs go, with the 2D.
    let hand = "AH KH QH JH TH 9C TC JC 2D 3D 4D 5D 6D AD 2S 3S";
    let [b0, tip] = discards_with_hearts(hand, "4S 5S 6S AS");
    assert_eq!((b0, tip), (cards("2D 2S 3D 3S"), cards("9C TC JC 2D")));
    // Clubs and diamonds three each: diamonds, with fewer points, go.
    let hand = "AH KH QH JH TH KC 5C 6C 8D 9D TD 2S 3S 4S 5S 6S";
    let [b0, tip] = discards_with_hearts(hand, "7S 8S 9S TS");
    assert_eq!((b0, tip), (cards("2S 3S 4S 5C"), cards("8D 9D TD 2S")));
    // Every side suit has five cards: the four lowest non-trumps either way.
    let hand = "AH KH QH JH TH 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 2S";
    let [b0, tip] = discards_with_hearts(hand, "3S 4S 5S 6S");
    assert_eq!((b0, tip), (cards("2C 2D 2S 3C"), cards("2C 2D 2S 3C")));
}

#[test]
fn discard_keep_winners() {
    let three = |hand: &str, kitty: &str| {
        let mut s = dealer_holds(hand, kitty);
        script(&mut s, "H");
        [
            discards("rules", s),
            discards("rules:discard_to_void", s),
            discards("rules:discard_keep_winners", s),
        ]
    };
    // N-H2b: the shortest suit (AC 9C) holds an ace, so the diamonds go instead.
    let hand = "AH KH QH JH TH AC 9C 2D 3D 4D 7S 8S 9S TS JS QS";
    let [b0, void, keep] = three(hand, "2S 3S 4S 5S");
    assert_eq!(b0, cards("2D 2S 3D 3S"));
    assert_eq!(void, cards("AC 9C 2D 2S"));
    assert_eq!(keep, cards("2D 3D 4D 2S"));
    // Every side suit holds an A or K: as N-H2.
    let hand = "AH KH QH JH TH AC 9C KD 2D 3D 2S 3S 4S 5S 6S 7S";
    let [_, void, keep] = three(hand, "8S 9S TS AS");
    assert_eq!((void, keep), (cards("AC 9C 2D 2S"), cards("AC 9C 2D 2S")));
}

/// Deal G1, seat 0 dealing: E (seat 1) holds twelve clubs and the top diamonds, R (seat 2) is
/// void in clubs with six small trumps; the dealer names hearts and discards 2C 5D 6D 7D.
fn deal_g1() -> NineFiveTwo {
    let mut s = deal(
        Variant::Standard,
        [
            "AH KH QH JH TH 9H 8H AS KS QS JS TS 9S 5D 6D 7D",
            "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C AD KD QD JD",
            "2H 3H 4H 5H 6H 7H 2S 3S 4S 5S 6S 7S 8S 2D 3D 4D",
        ],
        "2C 8D 9D TD",
        None,
    );
    script(&mut s, "H 2C 5D 6D 7D");
    s
}

/// Deal G2, seat 0 dealing: E (seat 1) holds ten small clubs and TS 9S, R (seat 2) eight
/// spades to the ace; the dealer names hearts and discards its four diamonds.
fn deal_g2() -> NineFiveTwo {
    deal(
        Variant::Standard,
        [
            "AH KH QH JH TH 9H 8H 7H 6H 3S 4S 5S 2D 3D 4D 5D",
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC TS 9S 6D 7D 8D 9D",
            "QC KC AC AS KS QS JS 8S 7S 6S 2S 2H 3H 4H 5H TD",
        ],
        "JD QD KD AD",
        None,
    )
}

#[test]
fn gang_up_on_dealer() {
    const TIP: &str = "rules:gang_up_on_dealer";
    // N-H3: E leads the AC, the highest club unplayed; R does not ruff its ally.
    let mut s = deal_g1();
    script(&mut s, "AC");
    assert_eq!(both(TIP, &s), ["2H", "2D"]);
    // Once the AC has gone, the KC is the highest club unplayed.
    script(&mut s, "2D 9S KC");
    assert_eq!(s.to_act(), Some(RIGHT));
    assert_eq!(both(TIP, &s), ["2H", "2S"]);
    // The dealer has played: E's 9S wins so far and R lets it stand.
    let mut s = deal_g2();
    script(&mut s, "H 2D 3D 4D 5D 2C QC 6H 3S 9S");
    assert_eq!(both(TIP, &s), ["JS", "2S"]);
    // The KC led while the AC is unplayed, with the dealer still to play: R ruffs either way.
    let mut s = deal_g1();
    script(&mut s, "KC");
    assert_eq!(both(TIP, &s), ["2H", "2H"]);
    // The dealer plays B0 with the switch on: it ruffs R's winning QC.
    let mut s = deal_g2();
    script(&mut s, "H 2D 3D 4D 5D 2C QC");
    assert_eq!(s.to_act(), Some(DEALER));
    assert_eq!(both(TIP, &s), ["6H", "6H"]);
}

#[test]
fn satisfice() {
    const CONTROL: &str = "rules:satisfice";
    let mut s = deal_g1();
    // R (target 2) wins the first trick, the dealer the second and E the third.
    script(&mut s, "AC 2H 9S 2S TS 3C 8D JD 2D KC");
    // With one trick, below its target: both ruff.
    assert_eq!(s.tricks()[RIGHT.index()], 1);
    assert_eq!(both(CONTROL, &s), ["3H", "3H"]);
    script(&mut s, "3H JS");
    // Target made, on lead: B0 leads from its long spades, the satisficer its lowest card.
    assert_eq!(s.tricks()[RIGHT.index()], 2);
    assert_eq!(s.to_act(), Some(RIGHT));
    assert_eq!(both(CONTROL, &s), ["3S", "3D"]);
    script(&mut s, "3S QS 4C 9D QD 3D QC");
    // Following a club it could ruff: B0 ruffs, the satisficer discards.
    assert_eq!(s.to_act(), Some(RIGHT));
    assert_eq!(both(CONTROL, &s), ["4H", "4D"]);
}

/// Seat 0, plus 2 after the previous hand, to give two cards to seat 2, holding `hand`.
fn giver(hand: &str) -> NineFiveTwo {
    let h = Holding {
        cards: hand,
        exact: &[],
    };
    let s = hand_of(
        Variant::Standard,
        DEALER,
        [h, ANY, ANY],
        "",
        Some([2, 0, -2]),
    );
    assert_eq!((s.phase(), s.to_act()), (Phase::Give, Some(DEALER)));
    s
}

#[test]
fn shorten_when_giving() {
    const TIP: &str = "rules:shorten_when_giving";
    // N-H4 (b): the singleton KS first, then the low card of the doubleton 9D QD.
    let mut s = giver("KS 9D QD 2C 3C 4C 5C 6C 7C 2H 3H 4H 5H 6H 7H 8H");
    assert_eq!(both(TIP, &s), ["2C", "KS"]);
    script(&mut s, "KS");
    assert_eq!(both(TIP, &s), ["2C", "9D"]);
    // Two singletons: the lower first.
    let s = giver("KS 5D 2C 3C 4C 5C 6C 7C 8C 2H 3H 4H 5H 6H 7H 8H");
    assert_eq!(both(TIP, &s), ["2C", "5D"]);
    // No suit shorter than three: the lowest card either way.
    let s = giver("KS QS JS 5D 6D 7D 2C 3C 4C 5C 6C 2H 3H 4H 5H 6H");
    assert_eq!(both(TIP, &s), ["2C", "2C"]);
}

#[test]
fn next_hand_score_is_the_score_of_the_hand_after_each_hand() {
    // A seeded match of B0 players; seat 1 is the subject.
    let rules = Setup::new(3, Options::default()).unwrap();
    let mut deals = stream(5, 0, Purpose::Deal, 0);
    let mut agents: Vec<_> = (0..3).map(|_| agent("rules")).collect();
    let mut rng = stream(5, 0, Purpose::Agent, 0);
    let subject = [Seat(1)];
    // Per hand: seat 1's tricks − target, and the two statistics.
    let mut hands: Vec<(i32, Option<f64>, Option<f64>)> = Vec::new();
    let end = play_match(
        &rules,
        MatchState::new(DEALER),
        &mut deals,
        40,
        |h, seat| agents[seat.index()].choose(h, seat, &mut rng),
        |p| {
            let score = p.after.scores[1] - p.before.scores[1];
            let stat = |name| hand_statistic(&rules, name, p, &subject);
            hands.push((score, stat("next_hand_score"), stat("after_plus_score")));
        },
    );
    assert!(end.winners.is_some() && hands.len() >= 3, "{end:?}");
    assert!(hands.iter().any(|h| h.0 > 0) && hands.iter().any(|h| h.0 < 0));
    // The first hand is no hand's next hand; each later one is the next hand of the one before,
    // with its own score. `after_plus_score` keeps those after a plus hand.
    assert_eq!(hands[0].1, None);
    for pair in hands.windows(2) {
        let (before, next) = (pair[0], pair[1]);
        assert_eq!(next.1, Some(f64::from(next.0)));
        assert_eq!(next.2, (before.0 > 0).then_some(f64::from(next.0)));
    }
}

#[test]
fn specs_are_checked() {
    let err = |spec: &str| build_agent::<NineFiveTwo>(&spec.parse().unwrap()).err();
    assert_eq!(
        err("rules:longest_suit_trumps,random_trumps"),
        Some(SpecError::Conflict(
            "longest_suit_trumps".into(),
            "random_trumps".into()
        ))
    );
    let Some(SpecError::UnknownSwitch { allowed, .. }) = err("rules:save_ten") else {
        panic!("an unknown switch is an error");
    };
    assert_eq!(
        allowed,
        "longest_suit_trumps, random_trumps, discard_to_void, gang_up_on_dealer, satisfice, \
         shorten_when_giving, discard_keep_winners"
    );
    for spec in SPECS {
        assert_eq!(err(spec), None, "{spec}");
    }
}

const SPECS: [&str; 11] = [
    "rules",
    "rules:longest_suit_trumps",
    "rules:random_trumps",
    "rules:discard_to_void",
    "rules:gang_up_on_dealer",
    "rules:satisfice",
    "rules:shorten_when_giving",
    "rules:longest_suit_trumps,discard_to_void,gang_up_on_dealer,shorten_when_giving",
    "rules:random_trumps,discard_to_void,gang_up_on_dealer,satisfice,shorten_when_giving",
    "rules:discard_keep_winners",
    "rules:longest_suit_trumps,discard_keep_winners,shorten_when_giving",
];

const VARIANTS: [Variant; 3] = [
    Variant::Standard,
    Variant::SergeantMajor,
    Variant::SwappedTargets,
];

#[test]
fn every_switch_in_self_play() {
    for variant in VARIANTS {
        let rules = Setup::new(
            3,
            Options {
                rules: variant,
                end: None,
            },
        )
        .unwrap();
        for (i, spec) in SPECS.iter().enumerate() {
            let mut a = agent(spec);
            let mut chooser =
                |h: &NineFiveTwo, seat: Seat, rng: &mut GameRng| a.choose(h, seat, rng);
            let mut plan = Plan::new(i as u64, 3);
            plan.min_hands = 300;
            plan.reject_every = 7;
            plan.record_every = 5;
            let c = run(&rules, plan, Some(&mut chooser), |_| Ok(()));
            assert!(c.hands >= 300, "{spec} on {variant:?}");
        }
    }
}

#[test]
fn decisions_do_not_depend_on_hidden_cards() {
    let mut worlds = stream(77, 0, Purpose::Other, 0);
    let mut deals = stream(77, 1, Purpose::Deal, 0);
    let mut checked = [0; 4];
    let mut differ = 0;
    for variant in VARIANTS {
        for (g, spec) in SPECS.iter().enumerate() {
            let mut a = agent(spec);
            let mut dealer = Seat((g % 3) as u8);
            let mut previous = None;
            // A few hands in a row, so that exchanges happen.
            for hand in 0..4 {
                let mut s = NineFiveTwo::deal(variant, dealer, previous, &mut deals);
                let mut decision = 0;
                while let Some(seat) = s.to_act() {
                    let rng = stream(g as u64, hand * 100 + decision, Purpose::Agent, 0);
                    let mine = a.choose(&s, seat, &mut rng.clone());
                    for _ in 0..2 {
                        let world = s.sample_world(seat, &mut worlds);
                        differ += (world != s) as usize;
                        assert_eq!(
                            a.choose(&world, seat, &mut rng.clone()),
                            mine,
                            "{spec} on {variant:?} at {:?}",
                            s.view(seat)
                        );
                        checked[mine.decision() as usize] += 1;
                    }
                    s.apply(mine);
                    decision += 1;
                }
                previous = Some(s.diffs());
                dealer = dealer.left(3);
            }
        }
    }
    // Every kind of decision was checked: plays, trumps, discards and gives.
    assert!(checked.iter().all(|&n| n > 20), "{checked:?}");
    let total: usize = checked.iter().sum();
    assert!(differ * 10 > total * 9, "{differ} of {total} worlds differ");
}
