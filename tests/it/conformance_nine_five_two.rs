//! The shared conformance suite on 9-5-2, every variant, with the game's invariants checked
//! after every hand by replaying its decisions one at a time:
//!
//! - the deal: 16 cards a seat and a kitty of 4, the whole pack;
//! - the phases come in the variant's order (RULES.md §2.3, §2.7) and the hands hold the right
//!   number of cards as each phase begins;
//! - the exchange: the batches the previous hand calls for (§2.4), in the right order, each
//!   given and returned in full, every returned card the highest of its suit in the returner's
//!   hand at that moment, and no return before its time (after the giver's last card, or under
//!   SwappedTargets after trumps);
//! - under SergeantMajor the dealer never holds a kitty card while discarding;
//! - 16 tricks, `tricks − target` adding up to 0, targets as the variant says;
//! - the settlement, and the end of the game recomputed here from §2.6, §2.7 and §7.7;
//! - what each seat's view hides (§2.8).

use crate::common;

use common::conformance::{Plan, run};
use tricklab::cards::{CardSet, Suit};
use tricklab::games::matches::PlayedHand;
use tricklab::games::nine_five_two::{End, NineFiveTwo, Options, Phase, Setup, Variant};
use tricklab::games::{Game, Seat};

const HANDS: u64 = 10_000;

fn check_deal(h: &NineFiveTwo) -> Result<(), String> {
    let kitty = h.kitty();
    let dealt: Vec<CardSet> = Seat::all(3).map(|s| h.hand(s) - kitty).collect();
    if kitty.len() != 4 || dealt.iter().any(|d| d.len() != 16) {
        return Err(format!("deal of {dealt:?} and kitty {kitty}"));
    }
    if dealt.iter().fold(kitty, |a, &b| a | b) != CardSet::ALL {
        return Err("the deal is not the pack".into());
    }
    Ok(())
}

/// The targets of dealer, left, right (RULES.md §2.1, §2.7).
fn targets(variant: Variant, dealer: Seat) -> [u8; 3] {
    let by_position = match variant {
        Variant::Standard => [9, 5, 2],
        Variant::SergeantMajor => [8, 5, 3],
        Variant::SwappedTargets => [9, 2, 5],
    };
    let mut t = [0; 3];
    for (pos, target) in by_position.into_iter().enumerate() {
        t[(dealer.index() + pos) % 3] = target;
    }
    t
}

/// The phases in order, as §2.3 and §2.7 list them.
fn phase_order(variant: Variant, exchange: bool) -> Vec<Phase> {
    let order = match variant {
        Variant::SwappedTargets => vec![Phase::Discard, Phase::Give, Phase::NameTrump],
        _ => vec![Phase::Give, Phase::NameTrump, Phase::Discard],
    };
    order
        .into_iter()
        .filter(|&p| exchange || p != Phase::Give)
        .chain([Phase::Play, Phase::Over])
        .collect()
}

/// How many cards each seat should hold as `phase` begins, `moved[s]` being what seat `s` has
/// received less what it has given and not yet had back.
fn expected_counts(variant: Variant, phase: Phase, dealer: Seat, moved: [i32; 3]) -> [i32; 3] {
    let mut n = [16; 3];
    match (variant, phase) {
        (_, Phase::Over) => n = [0; 3],
        (Variant::SwappedTargets, Phase::Discard) => n[dealer.index()] = 20,
        (Variant::Standard, Phase::Discard) => n[dealer.index()] = 20,
        (Variant::SwappedTargets, Phase::NameTrump) => {
            for s in 0..3 {
                n[s] += moved[s];
            }
        }
        _ => {}
    }
    n
}

/// The cards of `seat` that `viewer` may not see, checked against its view.
fn check_views(h: &NineFiveTwo) -> Result<(), String> {
    for viewer in Seat::all(3) {
        let v = *h.view(viewer).state();
        for s in Seat::all(3) {
            let want = if s == viewer {
                h.hand(s)
            } else {
                CardSet::EMPTY
            };
            if v.hand(s) != want {
                return Err(format!("seat {viewer} sees seat {s}'s hand"));
            }
        }
        let dealer = viewer == h.dealer();
        let kitty_seen = dealer
            && match h.variant() {
                Variant::SwappedTargets => true,
                Variant::Standard => h.trump().is_some(),
                Variant::SergeantMajor => h.discards_made() == 4,
            };
        if v.kitty()
            != if kitty_seen {
                h.kitty()
            } else {
                CardSet::EMPTY
            }
        {
            return Err(format!("seat {viewer}'s view of the kitty is wrong"));
        }
        if v.discards() != if dealer { h.discards() } else { CardSet::EMPTY } {
            return Err(format!("seat {viewer}'s view of the discards is wrong"));
        }
        for (b, batch) in h.exchange().batches().iter().enumerate() {
            let party = viewer == batch.giver || viewer == batch.receiver;
            let x = v.exchange();
            let (given, returned) = if party {
                (h.exchange().given(b), h.exchange().returned(b))
            } else {
                (CardSet::EMPTY, CardSet::EMPTY)
            };
            if x.given(b) != given || x.returned(b) != returned {
                return Err(format!("seat {viewer}'s view of batch {b} is wrong"));
            }
            if x.passed(b) != h.exchange().passed(b) {
                return Err("the number of cards passed is public".into());
            }
        }
    }
    Ok(())
}

/// Checks the exchange batches against the previous hand's results.
fn check_plan(h: &NineFiveTwo, previous: Option<[i32; 3]>) -> Result<(), String> {
    let batches = h.exchange().batches();
    let Some(prev) = previous else {
        return if batches.is_empty() {
            Ok(())
        } else {
            Err("an exchange in the first hand".into())
        };
    };
    for s in Seat::all(3) {
        let gives: i32 = batches
            .iter()
            .filter(|b| b.giver == s)
            .map(|b| b.count as i32)
            .sum();
        let gets: i32 = batches
            .iter()
            .filter(|b| b.receiver == s)
            .map(|b| b.count as i32)
            .sum();
        let d = prev[s.index()];
        if gives != d.max(0) || gets != (-d).max(0) {
            return Err(format!(
                "seat {s} gives {gives} and gets {gets} after {d:+}"
            ));
        }
    }
    if let [a, b] = batches {
        let t = h.targets();
        let first = if a.giver == b.giver {
            t[a.receiver.index()] > t[b.receiver.index()]
        } else {
            a.receiver == b.receiver && t[a.giver.index()] > t[b.giver.index()]
        };
        if !first {
            return Err(format!("batches in the wrong order: {batches:?}"));
        }
    }
    Ok(())
}

/// Replays the hand's decisions one by one and checks phases, counts and returns.
fn check_play(p: &PlayedHand<'_, NineFiveTwo>) -> Result<(), String> {
    let mut h = *p.initial;
    let variant = h.variant();
    let dealer = h.dealer();
    let mut phases = vec![h.phase()];
    // The returns as this test computes them, on its own copy of the hands.
    let mut mine: [CardSet; 3] = [0, 1, 2].map(|s| h.hand(Seat(s)));
    let mut moved = [0i32; 3];
    let mut answered = 0;
    for (step, &(seat, action)) in p.actions.iter().enumerate() {
        if h.phase() == Phase::Give {
            let b = h.exchange().current().ok_or("a give with no batch")?;
            let c = action.card().ok_or("a give without a card")?;
            mine[b.giver.index()].remove(c);
            mine[b.receiver.index()].insert(c);
            moved[b.giver.index()] -= 1;
            moved[b.receiver.index()] += 1;
        }
        let before = h;
        h.try_apply(action).map_err(|e| e.to_string())?;
        if before.phase() == Phase::Discard {
            mine[dealer.index()].remove(action.card().unwrap());
            if variant == Variant::SergeantMajor && !before.hand(dealer).is_disjoint(h.kitty()) {
                return Err("the dealer held the kitty while discarding".into());
            }
        }
        if before.phase() == Phase::Play {
            mine[seat.index()].remove(action.card().unwrap());
        }
        let x = h.exchange();
        for b in answered..x.batches_answered() {
            let batch = x.batches()[b];
            let (m, g) = (batch.receiver.index(), batch.giver.index());
            let mut back = CardSet::EMPTY;
            for c in x.given(b) {
                // The highest card of that suit in the returner's hand at this moment.
                let top = mine[m]
                    .suit(c.suit())
                    .iter()
                    .max_by_key(|c| c.rank())
                    .unwrap();
                mine[m].remove(top);
                mine[g].insert(top);
                back.insert(top);
                moved[m] -= 1;
                moved[g] += 1;
            }
            if back != x.returned(b) || x.given(b).len() != batch.count as usize {
                return Err(format!(
                    "batch {b}: gave {}, returned {}, expected {back}",
                    x.given(b),
                    x.returned(b)
                ));
            }
            let due = match variant {
                Variant::SwappedTargets => before.phase() == Phase::NameTrump,
                _ => {
                    before.phase() == Phase::Give
                        && x.current().is_none_or(|n| n.giver != batch.giver)
                }
            };
            if !due {
                return Err(format!("batch {b} answered in phase {:?}", before.phase()));
            }
        }
        answered = x.batches_answered();
        if h.phase() != before.phase() {
            phases.push(h.phase());
            // The dealer takes the kitty as the discard begins, under SergeantMajor once it
            // is over, under SwappedTargets at the deal (already in `mine`).
            let takes = match variant {
                Variant::Standard => h.phase() == Phase::Discard,
                Variant::SergeantMajor => h.phase() == Phase::Play,
                Variant::SwappedTargets => false,
            };
            if takes {
                mine[dealer.index()] |= h.kitty();
            }
            let want = expected_counts(variant, h.phase(), dealer, moved);
            let got = [0, 1, 2].map(|s| h.hand(Seat(s)).len() as i32);
            if got != want {
                return Err(format!(
                    "{:?} begins with {got:?} cards, expected {want:?}",
                    h.phase()
                ));
            }
        }
        for (s, &cards) in mine.iter().enumerate() {
            let held = h.hand(Seat(s as u8));
            if held != cards {
                return Err(format!("seat {s} holds {held}, expected {cards}"));
            }
        }
        if step % 7 == 0 {
            check_views(&h)?;
        }
    }
    let want = phase_order(variant, !h.exchange().is_empty());
    if phases != want {
        return Err(format!("phases {phases:?}, expected {want:?}"));
    }
    if h != *p.last {
        return Err("replaying the decisions does not give the last state".into());
    }
    check_views(&h)
}

/// The winners after a hand, recomputed from RULES.md §2.6, §2.7 and §7.7.
fn expected_winners(o: &Options, totals: [i32; 3], tricks: [u8; 3], hands: u32) -> Option<u8> {
    let twelve = tricks.iter().position(|&t| t >= 12);
    let best = totals.iter().copied().max().unwrap();
    let top: Vec<usize> = (0..3).filter(|&s| totals[s] == best).collect();
    let mask = top.iter().fold(0u8, |m, s| m | 1 << s);
    let fixed = match o.end {
        Some(End::FixedHands(k)) => Some(k),
        _ => None,
    };
    if o.rules != Variant::SwappedTargets
        && let Some(s) = twelve
    {
        return Some(1 << s);
    }
    if let Some(k) = fixed {
        return (hands == k).then_some(mask);
    }
    let over = match (o.rules, o.end) {
        (Variant::Standard, Some(End::FirstTo(t))) => best >= t,
        (Variant::Standard, _) => best >= 10,
        (Variant::SergeantMajor, _) => false,
        (Variant::SwappedTargets, _) => totals.iter().any(|&t| t >= 15 || t <= -15),
    };
    (over && top.len() == 1).then_some(mask)
}

fn check_hand(o: &Options, p: &PlayedHand<'_, NineFiveTwo>) -> Result<(), String> {
    let first = p.initial;
    check_deal(first)?;
    let previous = p.before.previous.map(|v| [v[0], v[1], v[2]]);
    if previous.is_some() != (p.before.hands_dealt > 0) {
        return Err("the exchange must follow every hand but the first".into());
    }
    check_plan(first, previous)?;
    check_play(p)?;
    let last = p.last;
    let tricks = last.tricks();
    let t = targets(o.rules, last.dealer());
    if last.targets() != t || tricks.iter().map(|&x| x as u32).sum::<u32>() != 16 {
        return Err(format!("targets {:?}, tricks {tricks:?}", last.targets()));
    }
    let diff: Vec<i32> = (0..3).map(|s| tricks[s] as i32 - t[s] as i32).collect();
    if diff.iter().sum::<i32>() != 0 || (0..3).any(|s| last.seat_points(Seat(s as u8)) != diff[s]) {
        return Err(format!("scores {diff:?}"));
    }
    let totals = [0, 1, 2].map(|s| p.before.scores[s] + diff[s]);
    let (a, b) = (p.after, p.before);
    if a.scores[..3] != totals || a.scores[3..].iter().any(|&x| x != 0) {
        return Err(format!("totals {:?}, expected {totals:?}", &a.scores[..3]));
    }
    if a.previous.map(|v| v[..3].to_vec()) != Some(diff)
        || a.dealer != b.dealer.left(3)
        || a.hands_dealt != b.hands_dealt + 1
    {
        return Err("the settlement does not carry the hand forward".into());
    }
    let want = expected_winners(o, totals, tricks, a.hands_dealt);
    if a.winners != want {
        return Err(format!(
            "winners {:?}, expected {want:?} (totals {totals:?}, tricks {tricks:?})",
            a.winners
        ));
    }
    Ok(())
}

/// Plays matches under `options` until at least [`HANDS`] hands are checked.
fn conform(options: Options, matches: u64) {
    let rules = Setup::new(3, options).unwrap();
    let mut plan = Plan::new(options.rules as u64 * 1000 + matches, matches);
    plan.reject_every = 3;
    plan.record_every = 2;
    let counts = run(&rules, plan, None, |p| check_hand(&options, p));
    assert!(
        counts.hands >= HANDS,
        "{options:?}: only {} hands in {matches} matches",
        counts.hands
    );
    assert_eq!(
        counts.matches_ended, matches,
        "{options:?}: a match was abandoned"
    );
    assert!(counts.rejected > 0);
}

#[test]
fn standard() {
    conform(Options::default(), 1_600);
}

#[test]
fn standard_first_to_20() {
    conform(
        Options {
            rules: Variant::Standard,
            end: Some(End::FirstTo(20)),
        },
        700,
    );
}

#[test]
fn sergeant_major() {
    conform(
        Options {
            rules: Variant::SergeantMajor,
            end: None,
        },
        380,
    );
}

#[test]
fn swapped_targets() {
    conform(
        Options {
            rules: Variant::SwappedTargets,
            end: None,
        },
        950,
    );
}

#[test]
fn fixed_hands() {
    for (rules, k, matches) in [
        (Variant::Standard, 6, 2_000),
        (Variant::SergeantMajor, 4, 2_800),
        (Variant::SwappedTargets, 5, 2_000),
    ] {
        conform(
            Options {
                rules,
                end: Some(End::FixedHands(k)),
            },
            matches,
        );
    }
}

#[test]
fn trumps_are_named_in_every_hand_and_every_suit_occurs() {
    // A sanity check on the random chooser the suite uses: all four trump suits occur.
    let rules = Setup::STANDARD;
    let mut seen = 0u8;
    run(&rules, Plan::new(5, 50), None, |p| {
        let t: Suit = p.last.trump().ok_or("no trumps")?;
        seen |= 1 << t.index();
        Ok(())
    });
    assert_eq!(seen, 0xF);
}
