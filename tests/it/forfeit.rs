//! Forfeits: a side that concedes the rest of a hand (an external bot's fault under
//! `on_fault = "forfeit"`) gives every trick not yet played to the first opposing seat on the
//! conceding seat's left; tricks already won stay won; the hand is scored by the game's own rules
//! from that outcome. Records carry the concession, and replay carries it out again rather than
//! trusting it.

use tricklab::cards::CardSet;
use tricklab::games::catch_the_ten::{self, CatchTheTen, DealEnd, HandsBySet, MAX_SETS};
use tricklab::games::matches::{MatchState, Turn, play_match_with};
use tricklab::games::nine_five_two::{self, NineFiveTwo, Phase};
use tricklab::games::record::{RecordRules, record_hand, replay_line};
use tricklab::games::whist::{self, Whist};
use tricklab::games::{Action, Game, MAX_SEATS, Seat, Side};
use tricklab::rng::{Purpose, stream};

use crate::common::{card, cards};

fn play(g: &mut impl Game, list: &str) {
    for c in list.split_whitespace() {
        g.try_apply(Action::Play(card(c))).unwrap();
    }
}

fn first_legal(g: &mut impl Game, decisions: usize) {
    for _ in 0..decisions {
        let a = g.legal_actions().nth(0).unwrap();
        g.apply(a);
    }
}

/// Whist, dealer 3, spades trumps (AS turned); the honours split two and two, so that only
/// tricks score.
fn whist_hand() -> Whist {
    let setup = whist::Setup::new(4, whist::Options::default()).unwrap();
    let hands = [
        cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC JS"),
        cards("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"),
        cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH QS"),
        cards("2S 3S 4S 5S 6S 7S 8S 9S TS KS AS AC AH"),
    ];
    Whist::from_hands(setup, Seat(3), &[0, 0], &hands, card("AS")).unwrap()
}

#[test]
fn whist_concession_at_the_first_trick_gives_the_left_hand_opponent_all_thirteen() {
    let mut h = whist_hand();
    assert_eq!(h.concession_receiver(Seat(0)), Seat(1));
    h.concede(Seat(0));
    assert!(h.is_over());
    assert_eq!(h.conceded(), Some(Seat(0)));
    assert_eq!(
        Seat::all(4).map(|s| h.tricks_won(s)).collect::<Vec<_>>(),
        [0, 13, 0, 0]
    );
    // 13 tricks: 7 points for tricks, which reach the target of 5; no honours are added.
    let s = h.settlement();
    assert_eq!(
        (s.trick_points, s.scores_after, s.winner),
        ([0, 7], [0, 7], Some(1))
    );
}

#[test]
fn whist_concession_mid_trick_keeps_the_tricks_won() {
    let mut h = whist_hand();
    play(&mut h, "KC 2D 2H AC"); // seat 3 wins
    play(&mut h, "2S JS 3D QS"); // seat 3 leads; seat 2's QS wins
    play(&mut h, "3H AH"); // seat 2 leads, seat 3 plays; seat 0 is to act
    assert_eq!(h.to_act(), Some(Seat(0)));
    // Seat 2 concedes (not the seat to act): seat 3 takes the trick in progress and 10 more.
    h.concede(Seat(2));
    assert_eq!(
        Seat::all(4).map(|s| h.tricks_won(s)).collect::<Vec<_>>(),
        [0, 0, 1, 12]
    );
    let s = h.settlement();
    assert_eq!(
        (s.trick_points, s.scores_after, s.winner),
        ([0, 6], [0, 6], Some(1))
    );
    let before = h;
    h.concede(Seat(0));
    assert_eq!(h, before, "a finished hand has nothing left to concede");
}

/// Catch the Ten, 4 players in two pairs, dealer 3, spades trumps (6S turned): every trump is
/// seat 3's.
fn ctt_pairs() -> CatchTheTen {
    let setup = catch_the_ten::Setup::new(4, catch_the_ten::Options::default()).unwrap();
    let mut hands: HandsBySet = [[CardSet::EMPTY; MAX_SETS]; MAX_SEATS];
    for (seat, h) in [
        "6C 7C 8C 9C TC JC QC KC AC",
        "6D 7D 8D 9D TD JD QD KD AD",
        "6H 7H 8H 9H TH JH QH KH AH",
        "6S 7S 8S 9S TS JS QS KS AS",
    ]
    .iter()
    .enumerate()
    {
        hands[seat][0] = cards(h);
    }
    CatchTheTen::from_hands(setup, Seat(3), &[0, 0], &hands, card("6S"), None).unwrap()
}

#[test]
fn catch_the_ten_concession_at_the_first_trick_hands_the_opponents_every_card() {
    let mut h = ctt_pairs();
    // Seat 3 (side 1, all the trumps) concedes before a card is played: side 0 wins all 36
    // cards, 30 for honours and 18 beyond its share; the count-out reaches 41 at the Jack.
    assert_eq!(h.concession_receiver(Seat(3)), Seat(0));
    h.concede(Seat(3));
    assert_eq!(h.end(), DealEnd::GameOver { winners: 0b01 });
    assert_eq!(h.scores(), [48, 0]);
    assert_eq!(h.won(Side(0)).len(), 36);
    let r = h.set_result(0);
    assert_eq!(
        (r.tricks, r.honours, r.points),
        (vec![9, 0], vec![30, 0], vec![48, 0])
    );
}

#[test]
fn catch_the_ten_concession_mid_hand_keeps_the_cards_won() {
    let mut h = ctt_pairs();
    play(&mut h, "6C 6D 6H 6S"); // seat 3 ruffs: side 1 takes four cards, no honours
    h.concede(Seat(3));
    // Side 0 wins the other 32 cards: all five counting trumps (30) and 14 cards beyond its
    // share of 18: 44, counted out at the Jack.
    assert_eq!(h.end(), DealEnd::GameOver { winners: 0b01 });
    assert_eq!(h.scores(), [44, 0]);
    let r = h.set_result(0);
    assert_eq!(
        (r.tricks, r.cards, r.points),
        (vec![8, 1], vec![32, 4], vec![44, 0])
    );
}

#[test]
fn catch_the_ten_concession_with_two_players_gives_every_set_still_to_play() {
    let setup = catch_the_ten::Setup::new(2, catch_the_ten::Options::default()).unwrap();
    for seed in 0..20 {
        let mut h = CatchTheTen::deal(
            setup,
            Seat(1),
            &[0, 0],
            &mut stream(seed, 0, Purpose::Deal, 0),
        );
        // Seat 0 leads the first set and concedes at once: seat 1 takes every card of every set
        // until the count-out ends the game (or the deal is complete), and seat 0 scores nothing.
        h.concede(Seat(0));
        assert!(h.is_over(), "seed {seed}");
        assert_eq!(h.won(Side(0)), CardSet::EMPTY, "seed {seed}");
        let sets = h.sets_settled();
        let dealt = (0..sets).fold(CardSet::EMPTY, |a, k| a | h.set_cards(k));
        assert_eq!(h.won(Side(1)), dealt, "seed {seed}");
        assert_eq!(h.scores()[0], 0, "seed {seed}");
        match h.end() {
            DealEnd::GameOver { winners } => assert_eq!(winners, 0b10, "seed {seed}"),
            end => assert_eq!((end, sets), (DealEnd::Complete, 3), "seed {seed}"),
        }
        // Each set settled gives seat 1 every honour of it and 6 cards beyond its share.
        for k in 0..sets {
            let r = h.set_result(k);
            assert_eq!(r.tricks, [0, 6], "seed {seed} set {k}");
        }
    }
}

fn n952(seed: u64) -> NineFiveTwo {
    let setup = nine_five_two::Setup::new(3, nine_five_two::Options::default()).unwrap();
    NineFiveTwo::deal(
        setup.variant(),
        Seat(0),
        None,
        &mut stream(seed, 0, Purpose::Deal, 0),
    )
}

#[test]
fn nine_five_two_concession_before_play_gives_all_sixteen_tricks() {
    let mut h = n952(7);
    // Dealer 0 (target 9) is to name trumps and concedes: seat 1 (target 5) takes all 16.
    assert_eq!((h.phase(), h.to_act()), (Phase::NameTrump, Some(Seat(0))));
    assert_eq!(h.targets(), [9, 5, 2]);
    h.concede(Seat(0));
    assert_eq!(h.phase(), Phase::Over);
    assert_eq!(h.tricks(), [0, 16, 0]);
    assert_eq!(h.diffs(), [-9, 11, -2]);
    assert_eq!(h.trump(), None);
}

#[test]
fn nine_five_two_concession_mid_hand_keeps_the_tricks_won() {
    let mut h = n952(8);
    first_legal(&mut h, 1 + 4); // trumps, four discards
    assert_eq!(h.phase(), Phase::Play);
    first_legal(&mut h, 3 * 5 + 1); // five tricks and a card
    let before = h.tricks();
    let conceding = Seat(2);
    let to = h.concession_receiver(conceding);
    assert_eq!(to, Seat(0));
    h.concede(conceding);
    let mut want = before;
    want[0] += 11;
    assert_eq!(h.tricks(), want);
    assert_eq!(h.diffs(), [0, 1, 2].map(|s| want[s] as i32 - [9, 5, 2][s]));
}

/// One hand of `rules` played with first legal actions, the seat to act conceding after
/// `decisions` decisions; its record as a JSON value.
fn conceded_record<R: RecordRules>(rules: &R, seed: u64, decisions: usize) -> serde_json::Value {
    let mut taken = 0;
    let mut line = None;
    play_match_with(
        rules,
        MatchState::new(Seat(0)),
        &mut stream(seed, 0, Purpose::Deal, 0),
        1,
        |h, s| {
            taken += 1;
            if taken > decisions {
                Turn::Concede(s)
            } else {
                Turn::Act(h.legal_actions().nth(0).unwrap())
            }
        },
        |played| line = Some(serde_json::to_value(record_hand(rules, 0, played)).unwrap()),
    );
    line.expect("one hand")
}

fn replay_checks_the_concession<R: RecordRules>(rules: R, decisions: usize) {
    let n = rules.players() as u64;
    let rec = conceded_record(&rules, 5, decisions);
    let f = &rec["forfeit"];
    let seat = f["seat"].as_u64().expect("a forfeit marker");
    assert_eq!(f["to"].as_u64(), Some((seat + 1) % n), "{rec}");
    let text = rec.to_string();
    replay_line::<R>(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    // Tampered: another seat concedes, another receiver, no concession at all.
    let mut other_seat = rec.clone();
    other_seat["forfeit"]["seat"] = ((seat + 2) % n).into();
    let mut other_to = rec.clone();
    other_to["forfeit"]["to"] = ((seat + 2) % n).into();
    let mut none = rec.clone();
    none.as_object_mut().unwrap().remove("forfeit");
    let mut out_of_range = rec.clone();
    out_of_range["forfeit"]["seat"] = n.into();
    for (what, bad) in [
        ("another seat", other_seat),
        ("another receiver", other_to),
        ("no forfeit", none),
        ("no such seat", out_of_range),
    ] {
        let text = bad.to_string();
        assert!(replay_line::<R>(&text).is_err(), "{what} replayed: {text}");
    }
}

#[test]
fn a_conceded_hand_replays_and_a_tampered_concession_is_refused() {
    let ctt = catch_the_ten::Setup::new(4, catch_the_ten::Options::default()).unwrap();
    replay_checks_the_concession(ctt, 0);
    replay_checks_the_concession(ctt, 13);
    let ctt3 = catch_the_ten::Setup::new(3, catch_the_ten::Options::default()).unwrap();
    replay_checks_the_concession(ctt3, 4);
    let n952 = nine_five_two::Setup::new(3, nine_five_two::Options::default()).unwrap();
    replay_checks_the_concession(n952, 0);
    replay_checks_the_concession(n952, 20);
    let w = whist::Setup::new(4, whist::Options::default()).unwrap();
    replay_checks_the_concession(w, 0);
    replay_checks_the_concession(w, 22);
}
