//! The conformance suite for Catch the Ten: random play at every player count and with every
//! option, checking RULES.md's invariants (CT-14) and an independent settlement of every hand.

use crate::common;

use common::conformance::{Plan, run};
use tricklab::cards::{Card, CardSet, Rank, Suit};
use tricklab::games::catch_the_ten::{CatchTheTen, DealEnd, Options, RevokePenalty, Setup};
use tricklab::games::matches::PlayedHand;
use tricklab::games::{Action, Game, MAX_SEATS, Seat, Side};
use tricklab::rng::{GameRng, below};

const HANDS: u64 = 10_000;

/// Honour values written out again, independently of the library.
fn value(c: Card, trump: Suit) -> i32 {
    if c.suit() != trump {
        return 0;
    }
    match c.rank() {
        Rank::Jack => 11,
        Rank::Ten => 10,
        Rank::Ace => 4,
        Rank::King => 3,
        Rank::Queen => 2,
        _ => 0,
    }
}

/// Replays a hand from its deal, trick by trick, and settles it from the rule text alone:
/// honours and cards per set, the count-out order (or the running total under
/// `game_at_once`), the revoke penalties, and when the game ends.
fn check_hand(setup: &Setup, p: &PlayedHand<'_, CatchTheTen>) -> Result<(), String> {
    let opts = *setup.options();
    let sides = setup.sides();
    let ns = sides.num_sides();
    let n = setup.players();
    let trump = p.initial.turned().suit();
    let mut scores: Vec<i32> = p.initial.start_scores();
    let mut state = *p.initial;
    let mut hands: Vec<CardSet> = Seat::all(n)
        .map(|s| p.initial.hand(s) | p.initial.later_sets(s))
        .collect();
    let share: Vec<i32> = sides.all().map(|s| setup.share(s) as i32).collect();
    let mut set_won = vec![CardSet::EMPTY; ns];
    let mut revoked = vec![false; ns];
    let mut trick_cards: Vec<(Seat, Card)> = Vec::new();
    let mut expected_end: Option<DealEnd> = None;
    let mut dealt_cards = 0usize;

    let hand_points = |won: &[CardSet]| -> Vec<i32> {
        (0..ns)
            .map(|s| {
                won[s].iter().map(|c| value(c, trump)).sum::<i32>()
                    + (won[s].len() as i32 - share[s]).max(0)
            })
            .collect()
    };

    for (i, &(seat, action)) in p.actions.iter().enumerate() {
        if expected_end.is_some() {
            return Err(format!("action {i} after the game should have ended"));
        }
        let Action::Play(card) = action else {
            return Err(format!("{action} is not a play"));
        };
        if !hands[seat.index()].contains(card) {
            return Err(format!("seat {seat} played {card}, which it does not hold"));
        }
        if let Some(&(_, lead)) = trick_cards.first()
            && card.suit() != lead.suit()
            && !(hands[seat.index()] & CardSet::suit_mask(lead.suit()) & state.hand(seat))
                .is_empty()
        {
            if !opts.allow_revokes {
                return Err(format!("seat {seat} revoked with {card}"));
            }
            revoked[sides.side(seat).index()] = true;
        }
        hands[seat.index()].remove(card);
        state.apply(action);
        trick_cards.push((seat, card));
        if trick_cards.len() < n {
            continue;
        }
        // A trick is complete: who won it is the engine's (tested in CT-01/CT-12); which side's
        // pile grew tells us.
        let trick: CardSet = trick_cards.iter().map(|&(_, c)| c).collect();
        let winner_side = (0..ns)
            .find(|&s| (state.won(Side(s as u8)) & trick) == trick)
            .ok_or("no side took the trick")?;
        set_won[winner_side] |= trick;
        dealt_cards += n;
        trick_cards.clear();
        let set_over = set_won.iter().map(|w| w.len()).sum::<usize>() == setup.cards_per_set();
        let pts = hand_points(&set_won);
        let all_revoked = revoked.iter().all(|&r| r);
        let any_revoked = revoked.iter().any(|&r| r);
        let lose_game = opts.penalty() == RevokePenalty::LoseGame;
        if opts.game_at_once {
            let running: Vec<i32> = (0..ns)
                .map(|s| scores[s] + if revoked[s] && !lose_game { 0 } else { pts[s] })
                .collect();
            if running.iter().any(|&v| v >= 41) {
                let (end, new_scores) = if all_revoked {
                    (DealEnd::Void, scores.clone())
                } else if any_revoked && lose_game {
                    lose_game_end(&scores, &pts, &revoked)
                } else {
                    let best = *running.iter().max().unwrap();
                    let w = (0..ns)
                        .filter(|&s| running[s] == best)
                        .fold(0u8, |m, s| m | 1 << s);
                    (DealEnd::GameOver { winners: w }, running)
                };
                expected_end = Some(end);
                scores = new_scores;
                continue;
            }
        }
        if !set_over {
            continue;
        }
        if all_revoked {
            expected_end = Some(DealEnd::Void);
        } else if any_revoked && lose_game {
            let (end, s) = lose_game_end(&scores, &pts, &revoked);
            expected_end = Some(end);
            scores = s;
        } else if opts.game_at_once {
            for s in 0..ns {
                if !revoked[s] {
                    scores[s] += pts[s];
                }
            }
        } else {
            // The count-out: Ten, cards, Ace, King, Queen, Jack.
            let captor =
                |rank: Rank| (0..ns).find(|&s| set_won[s].contains(Card::new(trump, rank)));
            let steps: Vec<Vec<i32>> = vec![
                honour_step(captor(Rank::Ten), 10, ns),
                (0..ns)
                    .map(|s| (set_won[s].len() as i32 - share[s]).max(0))
                    .collect(),
                honour_step(captor(Rank::Ace), 4, ns),
                honour_step(captor(Rank::King), 3, ns),
                honour_step(captor(Rank::Queen), 2, ns),
                honour_step(captor(Rank::Jack), 11, ns),
            ];
            for step in steps {
                for s in 0..ns {
                    if !revoked[s] {
                        scores[s] += step[s];
                    }
                }
                let reached: Vec<usize> = (0..ns).filter(|&s| scores[s] >= 41).collect();
                if !reached.is_empty() {
                    let best = reached.iter().map(|&s| scores[s]).max().unwrap();
                    let w = reached
                        .iter()
                        .filter(|&&s| scores[s] == best)
                        .fold(0u8, |m, &s| m | 1 << s);
                    expected_end = Some(DealEnd::GameOver { winners: w });
                    break;
                }
            }
        }
        set_won = vec![CardSet::EMPTY; ns];
        revoked = vec![false; ns];
    }
    let expected_end = expected_end.unwrap_or(DealEnd::Complete);
    if p.last.end() != expected_end {
        return Err(format!(
            "the deal ended {:?}, expected {expected_end:?}",
            p.last.end()
        ));
    }
    if expected_end != DealEnd::Void && p.last.scores() != scores {
        return Err(format!("scores {:?}, expected {scores:?}", p.last.scores()));
    }
    // CT-14: whole deals played to the last trick.
    let whole = dealt_cards == setup.cards_per_set() * setup.sets();
    if whole {
        let won: Vec<CardSet> = sides.all().map(|s| p.last.won(s)).collect();
        let honours_total: i32 = won
            .iter()
            .flat_map(|w| w.iter())
            .map(|c| value(c, trump))
            .sum();
        let cards_total: usize = won.iter().map(|w| w.len()).sum();
        let aside = p.initial.laid_aside().map_or(0, |c| value(c, trump));
        if honours_total + aside != 30 {
            return Err(format!(
                "honours sum to {honours_total} (+{aside} laid aside), not 30"
            ));
        }
        if cards_total != dealt_cards {
            return Err(format!("{cards_total} cards won of {dealt_cards} played"));
        }
        let jack = Card::new(trump, Rank::Jack);
        if let Some(holder) = p.initial.holder(jack) {
            let side = sides.side(holder);
            if !p.last.won(side).contains(jack) {
                return Err(format!("the side dealt {jack} did not capture it"));
            }
        }
    }
    Ok(())
}

fn honour_step(captor: Option<usize>, v: i32, ns: usize) -> Vec<i32> {
    let mut s = vec![0; ns];
    if let Some(c) = captor {
        s[c] = v;
    }
    s
}

fn lose_game_end(scores: &[i32], pts: &[i32], revoked: &[bool]) -> (DealEnd, Vec<i32>) {
    let new: Vec<i32> = (0..scores.len())
        .map(|s| scores[s] + if revoked[s] { 0 } else { pts[s] })
        .collect();
    let best = (0..scores.len())
        .filter(|&s| !revoked[s])
        .map(|s| new[s])
        .max()
        .unwrap();
    let w = (0..scores.len())
        .filter(|&s| !revoked[s] && new[s] == best)
        .fold(0u8, |m, s| m | 1 << s);
    (DealEnd::GameOver { winners: w }, new)
}

fn conform(n: usize, options: Options, seed: u64) {
    let setup = Setup::new(n, options).unwrap();
    let mut plan = Plan::new(seed, 1);
    plan.min_hands = HANDS;
    plan.reject_every = 3;
    plan.record_every = 4;
    let revoke = |h: &CatchTheTen, seat: Seat, rng: &mut GameRng| -> Action {
        // One play in ten is any card in hand: a revoke when it breaks follow-suit.
        if below(rng, 10) == 0 {
            let hand = h.hand(seat);
            Action::Play(hand.nth(below(rng, hand.len() as u32) as usize).unwrap())
        } else {
            h.legal_actions().choose(rng)
        }
    };
    let mut chooser = revoke;
    let choose: Option<common::conformance::Chooser<'_, CatchTheTen>> = if options.allow_revokes {
        Some(&mut chooser)
    } else {
        None
    };
    let counts = run(&setup, plan, choose, |p| check_hand(&setup, p));
    assert!(counts.hands >= HANDS);
    assert!(counts.rejected > 0 || options.allow_revokes);
    assert!(counts.matches_ended > 0);
}

fn with(f: impl FnOnce(&mut Options)) -> Options {
    let mut o = Options::default();
    f(&mut o);
    o
}

#[test]
fn ct_14_invariants_on_random_deals() {
    for n in 2..=8 {
        conform(n, Options::default(), 1400 + n as u64);
    }
}

#[test]
fn conformance_game_at_once() {
    for n in 2..=8 {
        conform(n, with(|o| o.game_at_once = true), 1500 + n as u64);
    }
}

#[test]
fn conformance_sides_options() {
    for n in [4, 6, 8] {
        conform(n, with(|o| o.everyone_alone = true), 1600 + n as u64);
    }
    for n in [6, 8] {
        conform(n, with(|o| o.pairs = true), 1700 + n as u64);
        conform(
            n,
            with(|o| {
                o.pairs = true;
                o.game_at_once = true
            }),
            1750 + n as u64,
        );
    }
    for n in [5, 7] {
        conform(n, with(|o| o.keep_6s = true), 1800 + n as u64);
    }
}

#[test]
fn conformance_revokes_lose_game() {
    for n in 2..=8 {
        conform(n, with(|o| o.allow_revokes = true), 1900 + n as u64);
    }
    conform(
        4,
        with(|o| {
            o.allow_revokes = true;
            o.game_at_once = true
        }),
        1990,
    );
}

#[test]
fn conformance_revokes_lose_hand_points() {
    for n in 2..=8 {
        conform(
            n,
            with(|o| {
                o.allow_revokes = true;
                o.revoke_penalty = Some(RevokePenalty::LoseHandPoints)
            }),
            2000 + n as u64,
        );
    }
    conform(
        6,
        with(|o| {
            o.pairs = true;
            o.allow_revokes = true;
            o.game_at_once = true;
            o.revoke_penalty = Some(RevokePenalty::LoseHandPoints)
        }),
        2090,
    );
}

#[test]
fn illegal_plays_are_rejected_without_revoke_option() {
    // Every card in hand that breaks follow-suit is refused and changes nothing.
    let setup = Setup::new(4, Options::default()).unwrap();
    let mut rng = tricklab::rng::stream(5, 0, tricklab::rng::Purpose::Other, 0);
    let mut checked = 0;
    for _ in 0..200 {
        let mut s = CatchTheTen::deal(setup, Seat(0), &[0, 0], &mut rng);
        while let Some(seat) = s.to_act() {
            let legal = s.legal_actions().cards();
            for c in s.hand(seat) - legal {
                let before = s;
                assert!(s.try_apply(Action::Play(c)).is_err());
                assert_eq!(s, before);
                checked += 1;
            }
            let a = s.legal_actions().choose(&mut rng);
            s.apply(a);
        }
    }
    assert!(checked > 100);
    let _ = MAX_SEATS;
}
