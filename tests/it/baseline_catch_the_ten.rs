//! The Catch the Ten rule-based player: each tip on positions where it applies (the tip's card
//! and the control's differ) and where it does not (they agree); self-play with every switch;
//! and no decision depends on a hidden card.

use crate::common;

use common::card;
use common::conformance::{Plan, run};
use common::ctt::{deal_hands, setup, ten_last_to_play};
use tricklab::agents::{Agent, AgentSpec, SpecError, build_agent};
use tricklab::games::catch_the_ten::{CatchTheTen, Options};
use tricklab::games::{Action, Game, Seat};
use tricklab::knowledge::Observable;
use tricklab::rng::{GameRng, Purpose, stream};

fn agent(spec: &str) -> Box<dyn Agent<CatchTheTen>> {
    build_agent::<CatchTheTen>(&spec.parse::<AgentSpec>().unwrap()).unwrap()
}

fn choice(spec: &str, s: &CatchTheTen) -> String {
    let mut rng = stream(0, 0, Purpose::Other, 0);
    let seat = s.to_act().unwrap();
    match agent(spec).choose(s, seat, &mut rng) {
        Action::Play(c) => c.to_string(),
        a => panic!("{a}"),
    }
}

fn play(s: &mut CatchTheTen, cards: &str) {
    for c in cards.split_whitespace() {
        s.try_apply(Action::Play(card(c)))
            .unwrap_or_else(|e| panic!("{c}: {e}"));
    }
}

/// Trumps hearts; seat 1 holds `TH` and `other` as its only hearts.
fn deal_ten_second(other: &str, scores: [i32; 2]) -> CatchTheTen {
    let (s1_other, s3_other) = if other == "AH" {
        ("AH", "JH")
    } else {
        ("JH", "AH")
    };
    let hands = [
        "8H 6S 7S 8S 9S TS JS QS KS".to_string(),
        format!("TH {s1_other} 6C 7C 8C 9C TC JC QC"),
        "6H 7H KC AC 6D 7D 8D 9D TD".to_string(),
        format!("9H {s3_other} QH KH AS JD QD KD AD"),
    ];
    let hands: Vec<&str> = hands.iter().map(String::as_str).collect();
    deal_hands(setup(4, Options::default()), 3, &scores, &hands, "9H")
}

#[test]
fn save_ten() {
    // Second to play after 8H: B0 plays the cheapest winner, the Ten; the tip keeps it back.
    let mut s = deal_ten_second("AH", [0, 0]);
    play(&mut s, "8H");
    assert_eq!(choice("rules", &s), "TH");
    assert_eq!(choice("rules:save_ten", &s), "AH");
    let mut s = deal_ten_second("JH", [0, 0]);
    play(&mut s, "8H");
    assert_eq!(choice("rules", &s), "TH");
    assert_eq!(choice("rules:save_ten", &s), "JH");
    // Last to play, the Ten wins the trick: the tip allows it, and both play it.
    let mut s = ten_last_to_play();
    play(&mut s, "7H 8H 9H");
    assert_eq!(choice("rules", &s), "TH");
    assert_eq!(choice("rules:save_ten", &s), "TH");
}

/// Trumps hearts; seat 0 is dealt `s0` (two trumps and seven side cards) and leads.
fn deal_hunter(s0_trumps: &str, s2_trump: &str) -> CatchTheTen {
    let hands = [
        format!("{s0_trumps} 6S 7S 8S 9S TS 6C 9C"),
        "TH KH 7C 8C TC JC QC KC AC".to_string(),
        format!("{s2_trump} 6H 7H JS QS KS AS 6D 7D"),
        "8H 9H 8D 9D TD JD QD KD AD".to_string(),
    ];
    let hands: Vec<&str> = hands.iter().map(String::as_str).collect();
    deal_hands(setup(4, Options::default()), 3, &[0, 0], &hands, "9H")
}

#[test]
fn hunt_ten() {
    let mut s = deal_hunter("JH AH", "QH");
    assert_eq!(choice("rules", &s), "6S");
    assert_eq!(
        choice("rules:hunt_ten", &s),
        "JH",
        "first lead: the highest trump"
    );
    play(&mut s, "JH KH 6H 8H");
    assert_eq!(s.to_act(), Some(Seat(0)));
    assert_eq!(choice("rules", &s), "6S");
    assert_eq!(
        choice("rules:hunt_ten", &s),
        "AH",
        "second lead: the highest remaining trump"
    );
    play(&mut s, "AH TH 7H 9H");
    assert_eq!(s.to_act(), Some(Seat(0)));
    assert_eq!(
        choice("rules:hunt_ten", &s),
        choice("rules", &s),
        "third lead: B0 again"
    );
    assert_eq!(choice("rules", &s), "6S");
}

#[test]
fn honours_only() {
    // 9C led: B0 contests with the cheapest winner, the control plays its lowest card.
    let mut s = deal_hunter("JH AH", "QH");
    play(&mut s, "9C");
    assert_eq!(choice("rules", &s), "TC");
    assert_eq!(choice("rules:honours_only", &s), "7C");
    // Ruffing: seat 1 is void in spades; B0 ruffs with the Ten, the control discards.
    let mut s = deal_hunter("JH AH", "QH");
    play(&mut s, "6S");
    assert_eq!(choice("rules", &s), "TH");
    assert_eq!(choice("rules:honours_only", &s), "7C");
    // A counting trump is in the trick: both contest.
    let mut s = deal_hunter("JH QH", "AH");
    play(&mut s, "QH");
    assert_eq!(choice("rules", &s), "KH");
    assert_eq!(choice("rules:honours_only", &s), "KH");
}

#[test]
fn watch_score() {
    // Seat 0 holds KH and 7H (no hunting pair), the Ten is out: near 41 it leads the KH.
    let hands = [
        "KH 7H 6S 7S 8S 9S TS 6C 7C",
        "TH JH 8C 9C TC JC QC KC AC",
        "AH QH 6H JS QS KS AS 6D 7D",
        "8H 9H 8D 9D TD JD QD KD AD",
    ];
    let t = setup(4, Options::default());
    let near = deal_hands(t, 3, &[31, 10], &hands, "9H");
    assert_eq!(choice("rules", &near), "6S");
    assert_eq!(choice("rules:watch_score", &near), "KH");
    // Near 41 it also saves the Ten.
    let mut s = deal_ten_second("AH", [10, 35]);
    play(&mut s, "8H");
    assert_eq!(choice("rules", &s), "TH");
    assert_eq!(choice("rules:watch_score", &s), "AH");
    // Far from 41 it is B0.
    let far = deal_hands(t, 3, &[20, 25], &hands, "9H");
    assert_eq!(choice("rules:watch_score", &far), choice("rules", &far));
    let mut s = deal_ten_second("AH", [10, 30]);
    play(&mut s, "8H");
    assert_eq!(choice("rules:watch_score", &s), "TH");
}

/// Trumps hearts, seat 0 to lead; seat 2 holds `TH 6H` and is void in spades.
fn deal_partner_leads() -> CatchTheTen {
    let hands = [
        "QH 6S 7S 8S 9S TS JS QS KS",
        "7H 6C 7C 8C 9C TC JC QC KC",
        "TH 6H AC 6D 7D 8D 9D TD JD",
        "8H 9H KH AH JH AS QD KD AD",
    ];
    deal_hands(setup(4, Options::default()), 3, &[0, 0], &hands, "9H")
}

#[test]
fn save_ten_active_on_a_trick_the_partner_wins_with_a_higher_trump() {
    // The partner's QH (above the Ten) is winning: the active tip plays the Ten into it; B0
    // and the restriction-only arm play the lowest card.
    let mut s = deal_partner_leads();
    play(&mut s, "QH 7H");
    assert_eq!(choice("rules", &s), "6H");
    assert_eq!(choice("rules:save_ten", &s), "6H");
    assert_eq!(choice("rules:save_ten_active", &s), "TH");
    assert_eq!(choice("rules:take_the_risk", &s), "TH");
}

#[test]
fn save_ten_active_not_on_a_side_suit_win() {
    // The partner's KS is winning and seat 2 is void in spades: the active tip does not play
    // the Ten; taking the risk (no trump in the trick) it does.
    let mut s = deal_partner_leads();
    play(&mut s, "KS 6C");
    assert_eq!(choice("rules", &s), "6D");
    assert_eq!(choice("rules:save_ten_active", &s), "6D");
    assert_eq!(choice("rules:take_the_risk", &s), "TH");
}

/// Seat 0 holds every spade, seat 1 every club, seat 2 every diamond, seat 3 every heart.
const ONE_SUIT_EACH: [&str; 4] = [
    "6S 7S 8S 9S TS JS QS KS AS",
    "6C 7C 8C 9C TC JC QC KC AC",
    "6D 7D 8D 9D TD JD QD KD AD",
    "6H 7H 8H 9H TH JH QH KH AH",
];

/// Trumps hearts; the 6S led, seat 1 holds the Ten and is void in spades, second to play.
fn ten_second_and_void() -> CatchTheTen {
    let hands = [
        "6S 7S 8S 9S TS JS QS KS AS",
        "TH 6H 7H 8H 6C 7C 8C 9C TC",
        "6D 7D 8D 9D TD JD QD KD AD",
        "9H JH QH KH AH JC QC KC AC",
    ];
    let mut s = deal_hands(setup(4, Options::default()), 3, &[0, 0], &hands, "9H");
    play(&mut s, "6S");
    s
}

#[test]
fn save_ten_active_trumps_with_the_ten_when_last_and_void() {
    // Seat 3, last to play and void in spades, holds only trumps: the Ten wins the trick. B0
    // takes the cheapest winner (6H), and so does the restriction-only arm; the tip trumps
    // with the Ten.
    let hands = ONE_SUIT_EACH;
    let t = setup(4, Options::default());
    let mut s = deal_hands(t, 3, &[0, 0], &hands, "9H");
    play(&mut s, "6S 6C 6D");
    assert_eq!(choice("rules", &s), "6H");
    assert_eq!(choice("rules:save_ten", &s), "6H");
    assert_eq!(choice("rules:save_ten_active", &s), "TH");
    // CT-H4 (ii) on the active tip: near 41 it acts, far from it it is B0.
    let mut near = deal_hands(t, 3, &[31, 10], &hands, "9H");
    play(&mut near, "6S 6C 6D");
    assert_eq!(choice("rules:watch_score_active", &near), "TH");
    assert_eq!(choice("rules:watch_score", &near), "6H");
    assert_eq!(choice("rules:watch_score_active", &s), "6H");
}

#[test]
fn save_ten_active_keeps_the_ten_when_not_last_unless_taking_the_risk() {
    // Seat 1, second to play and void in spades: the Ten would win, but two players follow.
    let s = ten_second_and_void();
    assert_eq!(choice("rules", &s), "6H");
    assert_eq!(choice("rules:save_ten_active", &s), "6H");
    assert_eq!(choice("rules:take_the_risk", &s), "TH");
}

/// Trumps hearts; `dealer` deals and turns `turned`, one of its hearts. The four seats hold
/// `hearts` (two, two, three and one cards; seat 2 the trump Ten besides) and fixed side cards:
/// seat 0 spades, seat 1 clubs, seat 2 diamonds, seat 3 the rest.
fn deal_safe(hearts: [&str; 4], dealer: usize, turned: &str) -> CatchTheTen {
    let hands = [
        format!("{} 6S 7S 8S 9S TS JS QS", hearts[0]),
        format!("{} 6C 7C 8C 9C TC JC QC", hearts[1]),
        format!("TH {} 6D 7D 8D 9D TD", hearts[2]),
        format!("{} KS AS KC AC JD QD KD AD", hearts[3]),
    ];
    let hands: Vec<&str> = hands.iter().map(String::as_str).collect();
    deal_hands(
        setup(4, Options::default()),
        dealer,
        &[0, 0],
        &hands,
        turned,
    )
}

#[test]
fn ct_h1_safe_keeps_ten_when_ace_out() {
    // The partner's QH is winning; the JH and KH are the Ten holder's own, but the AH is out
    // and seat 3, an opponent, is still to play: the safe tip keeps the Ten (and plays the
    // lowest heart, as B0); the partner-higher tip plays it.
    let mut s = deal_safe(["QH 9H", "7H 8H", "6H KH JH", "AH"], 3, "AH");
    play(&mut s, "QH 7H");
    assert_eq!(choice("rules", &s), "6H");
    assert_eq!(choice("rules:save_ten_active", &s), "TH");
    assert_eq!(choice("rules:save_ten_safe", &s), "6H");
}

#[test]
fn ct_h1_safe_plays_ten_when_ace_played() {
    // The same hearts, but the partner cashed the AH first: its QH is now the highest trump
    // not yet played outside the holder's hand, and the safe tip plays the Ten into it (B0
    // plays its cheapest heart, the KH).
    let mut s = deal_safe(["AH QH", "7H 8H", "6H KH JH", "9H"], 3, "9H");
    play(&mut s, "AH 7H 6H 9H");
    assert_eq!(s.to_act(), Some(Seat(0)));
    play(&mut s, "QH 8H");
    assert_eq!(choice("rules", &s), "KH");
    assert_eq!(choice("rules:save_ten_active", &s), "TH");
    assert_eq!(choice("rules:save_ten_safe", &s), "TH");
}

#[test]
fn ct_h1_safe_plays_ten_under_the_partners_jack() {
    // The partner leads the JH, the highest trump: nothing can beat it, the Ten goes in.
    let mut s = deal_safe(["JH 9H", "7H 8H", "6H KH QH", "AH"], 3, "AH");
    play(&mut s, "JH 7H");
    assert_eq!(choice("rules", &s), "6H");
    assert_eq!(choice("rules:save_ten_safe", &s), "TH");
}

#[test]
fn ct_h1_safe_plays_ten_when_no_opponent_is_left_to_play() {
    // Seat 2 deals, so seat 3 leads, the KC; the partner ruffs with the QH, seat 1 follows and
    // seat 2, void in clubs, plays last. The AH is still out (with seat 3, which has played),
    // but no opponent is left to play: the Ten goes in. (The Ten would not win the trick, so
    // this is (a), not the last-to-play rule (b).)
    let mut s = deal_safe(["QH 9H", "7H 8H", "6H KH JH", "AH"], 2, "6H");
    play(&mut s, "KC QH 6C");
    assert_eq!(s.to_act(), Some(Seat(2)));
    assert_eq!(choice("rules", &s), "6D");
    assert_eq!(choice("rules:save_ten_safe", &s), "TH");
}

#[test]
fn ct_h1_safe_keeps_the_last_to_play_rule() {
    // (b) as CT-H1 (active): last to play and void, the Ten wins: trump with it.
    let hands = ONE_SUIT_EACH;
    let mut s = deal_hands(setup(4, Options::default()), 3, &[0, 0], &hands, "9H");
    play(&mut s, "6S 6C 6D");
    assert_eq!(choice("rules", &s), "6H");
    assert_eq!(choice("rules:save_ten_safe", &s), "TH");
    // Second to play and void: two players follow, the Ten is kept.
    let s = ten_second_and_void();
    assert_eq!(choice("rules:save_ten_safe", &s), "6H");
}

#[test]
fn ct_h1_safe_is_an_arm_of_its_own() {
    let err = |spec: &str| build_agent::<CatchTheTen>(&spec.parse().unwrap()).err();
    for other in [
        "save_ten",
        "save_ten_active",
        "take_the_risk",
        "watch_score",
    ] {
        let Some(SpecError::Conflict(a, b)) = err(&format!("rules:{other},save_ten_safe")) else {
            panic!("{other} and save_ten_safe are different arms");
        };
        let mut pair = [a, b];
        pair.sort();
        let mut want = [other.to_string(), "save_ten_safe".to_string()];
        want.sort();
        assert_eq!(pair, want);
    }
    assert_eq!(err("rules:save_ten_safe,hunt_ten"), None);
}

const SPECS: [&str; 13] = [
    "rules",
    "rules:save_ten",
    "rules:hunt_ten",
    "rules:honours_only",
    "rules:watch_score",
    "rules:save_ten,hunt_ten",
    "rules:honours_only,save_ten,hunt_ten,watch_score",
    "rules:save_ten_active",
    "rules:take_the_risk",
    "rules:watch_score_active",
    "rules:take_the_risk,hunt_ten,watch_score_active",
    "rules:save_ten_safe",
    "rules:save_ten_safe,hunt_ten,honours_only",
];

#[test]
fn every_switch_in_self_play() {
    for n in 2..=8 {
        for spec in SPECS {
            let t = setup(n, Options::default());
            let mut a = agent(spec);
            let mut chooser =
                |h: &CatchTheTen, seat: Seat, rng: &mut GameRng| a.choose(h, seat, rng);
            let mut plan = Plan::new(n as u64, 1);
            plan.min_hands = 600;
            plan.reject_every = 7;
            plan.record_every = 5;
            let c = run(&t, plan, Some(&mut chooser), |_| Ok(()));
            assert!(c.hands >= 600);
        }
    }
}

#[test]
fn decisions_do_not_depend_on_hidden_cards() {
    let mut rng = stream(77, 0, Purpose::Other, 0);
    let mut checked = 0;
    for n in [2, 4, 5, 6] {
        let t = setup(n, Options::default());
        for g in 0..60 {
            let mut s = CatchTheTen::deal(
                t,
                Seat((g % n) as u8),
                &vec![31; t.sides().num_sides()],
                &mut rng,
            );
            let mut a = agent(SPECS[g % SPECS.len()]);
            while let Some(seat) = s.to_act() {
                let mine = a.choose(&s, seat, &mut rng);
                for _ in 0..3 {
                    let world = s.sample_world(seat, &mut rng);
                    assert_eq!(
                        a.choose(&world, seat, &mut rng),
                        mine,
                        "{} at {:?}",
                        SPECS[g % SPECS.len()],
                        s.view(seat)
                    );
                    checked += 1;
                }
                s.apply(mine);
            }
        }
    }
    assert!(checked > 10_000);
}
