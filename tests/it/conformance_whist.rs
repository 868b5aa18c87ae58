//! Whist under the shared conformance suite: random matches for every option, each hand
//! checked against RULES.md §3 recomputed here from the deal and the tricks, independently of
//! the engine's scoring.

use crate::common;

use common::conformance::{Plan, run};
use tricklab::cards::{CardSet, Rank};
use tricklab::games::matches::PlayedHand;
use tricklab::games::whist::{Options, Setup, Whist};
use tricklab::games::{Game, Seat, Side};

/// At least this many hands per option combination.
const HANDS: u64 = 10_000;

/// The honours of `trump` dealt to the side of `seats`, counted card by card.
fn honours_dealt(h: &Whist, side: usize) -> u32 {
    let trump = h.turned().suit();
    [side, side + 2]
        .iter()
        .flat_map(|&s| h.hand(Seat(s as u8)).iter())
        .filter(|c| {
            c.suit() == trump
                && matches!(c.rank(), Rank::Ace | Rank::King | Rank::Queen | Rank::Jack)
        })
        .count() as u32
}

/// §3.3–3.4 recomputed: (scores after the hand, honours added, the winning side).
fn expected(
    o: &Options,
    before: [i32; 2],
    tricks: [u32; 2],
    held: [u32; 2],
) -> ([i32; 2], [i32; 2], Option<usize>) {
    let target = o.target as i32;
    let mut after = before;
    for s in 0..2 {
        if tricks[s] >= 7 {
            after[s] += tricks[s] as i32 - 6;
        }
    }
    if let Some(w) = (0..2).find(|&s| after[s] >= target) {
        return (after, [0, 0], Some(w));
    }
    let mut added = [0, 0];
    if o.honours {
        for s in 0..2 {
            let at_bar = before[s] >= target - 1;
            added[s] = match held[s] {
                4 if !at_bar => 4,
                3 if !at_bar => 2,
                _ => 0,
            };
            after[s] += added[s];
        }
    }
    (after, added, (0..2).find(|&s| after[s] >= target))
}

fn check(o: &Options, p: &PlayedHand<'_, Whist>) -> Result<(), String> {
    let (first, last) = (p.initial, p.last);
    if !last.is_over() || last.tricks_done() != 13 {
        return Err(format!("hand ended after {} tricks", last.tricks_done()));
    }
    if p.actions.len() != 52 {
        return Err(format!("{} cards played, expected 52", p.actions.len()));
    }
    let mut all = CardSet::EMPTY;
    for seat in Seat::all(4) {
        let dealt = first.hand(seat);
        if dealt.len() != 13 || last.played_by(seat) != dealt || !last.hand(seat).is_empty() {
            return Err(format!("seat {seat} did not play exactly its 13 cards"));
        }
        all |= dealt;
    }
    if all != CardSet::ALL || !first.hand(first.dealer()).contains(first.turned()) {
        return Err("the deal is not the pack with the turned card in the dealer's hand".into());
    }
    if first.to_act() != Some(first.dealer().left(4)) {
        return Err("the eldest hand did not lead".into());
    }
    let tricks: [u32; 2] = [0, 1].map(|s| last.tricks_won(Seat(s)) + last.tricks_won(Seat(s + 2)));
    if tricks[0] + tricks[1] != 13 {
        return Err(format!("tricks {tricks:?} do not sum to 13"));
    }
    let held = [honours_dealt(first, 0), honours_dealt(first, 1)];
    if held[0] + held[1] != 4 || held != [0, 1].map(|s| last.honours_held(Side(s))) {
        return Err(format!("honours held {held:?} differ from the engine's"));
    }
    let r = last.result();
    let points: Vec<i32> = tricks.iter().map(|&t| t.saturating_sub(6) as i32).collect();
    if r.tricks != tricks
        || r.trick_points != points
        || points.iter().filter(|&&x| x > 0).count() != 1
    {
        return Err(format!("tricks {:?} scored {:?}", r.tricks, r.trick_points));
    }
    let before = [p.before.scores[0], p.before.scores[1]];
    let (after, honours, winner) = expected(o, before, tricks, held);
    if r.honours != honours {
        return Err(format!(
            "honours {:?}, expected {honours:?} (held {held:?}, before {before:?})",
            r.honours
        ));
    }
    if p.after.scores[..2] != after || p.after.winners != winner.map(|w| 1u8 << w) {
        return Err(format!(
            "match after {:?} {:?}, expected {after:?} {winner:?}",
            &p.after.scores[..2],
            p.after.winners
        ));
    }
    if p.after.dealer != p.before.dealer.left(4) {
        return Err("the deal did not pass to the left".into());
    }
    Ok(())
}

fn conform(name: &str, o: Options) {
    let setup = Setup::new(4, o).unwrap();
    let mut honours_scored = 0u64;
    // Random matches last two to four hands.
    let plan = Plan::new(0x3157 ^ o.target as u64, HANDS / 2);
    let counts = run(&setup, plan, None, |p| {
        honours_scored += p.last.result().honours.iter().filter(|&&x| x > 0).count() as u64;
        check(&o, p)
    });
    assert!(counts.hands >= HANDS, "{name}: only {} hands", counts.hands);
    assert_eq!(
        counts.matches_ended, plan.games,
        "{name}: a match did not end"
    );
    assert!(counts.rejected > 0);
    assert_eq!(
        honours_scored > 0,
        o.honours,
        "{name}: honours scored {honours_scored} times"
    );
}

#[test]
fn default_rules() {
    conform("default", Options::default());
}

#[test]
fn honours() {
    conform(
        "honours",
        Options {
            honours: true,
            ..Options::default()
        },
    );
}

#[test]
fn target_seven() {
    conform(
        "target 7",
        Options {
            target: 7,
            ..Options::default()
        },
    );
}

#[test]
fn honours_to_seven() {
    conform(
        "honours, target 7",
        Options {
            honours: true,
            target: 7,
            ..Options::default()
        },
    );
}

#[test]
fn turnup_until_first_play() {
    conform(
        "turn-up",
        Options {
            turnup_until_first_play: true,
            ..Options::default()
        },
    );
}

#[test]
fn views_change_only_with_what_a_seat_sees() {
    // Along random hands, a seat's view changes with its own card plays and public events
    // only: the other hands never show in it, the turned card always does.
    let setup = Setup::new(
        4,
        Options {
            honours: true,
            ..Options::default()
        },
    )
    .unwrap();
    let plan = Plan {
        single_hands: true,
        ..Plan::new(11, 300)
    };
    run(&setup, plan, None, |p| {
        let mut h = *p.initial;
        for &(seat, a) in p.actions {
            for s in Seat::all(4) {
                let v = *h.view(s).state();
                if s != seat && v.hand(seat) != CardSet::EMPTY {
                    return Err(format!("seat {s} sees seat {seat}'s hand"));
                }
                if v.turned() != p.initial.turned()
                    || v.honours_held(Side(0)) + v.honours_held(Side(1)) != 0
                {
                    return Err("turned card hidden or honours shown during play".into());
                }
            }
            h.apply(a);
        }
        if h.trump() != Some(p.initial.turned().suit()) {
            return Err("trumps are not the turned card's suit".into());
        }
        Ok(())
    });
}
