//! The solver against brute-force minimax, written here independently of it: every line of
//! play of small endings (up to four tricks) of random positions of Catch the Ten (several
//! tables, three sides and pairs included), 9-5-2 and Whist (whose full deals are also checked
//! against DDS in `solver_dds.rs`). The brute force plays the game states through
//! the `Game` trait and scores them with the games' own scoring; the solver must give the same
//! value for the position and for every legal card.

use tricklab::games::catch_the_ten::{CatchTheTen, Options, Setup};
use tricklab::games::nine_five_two::{NineFiveTwo, Phase, Variant};
use tricklab::games::whist::{self, Whist};
use tricklab::games::{Action, Game, Seat, Side};
use tricklab::rng::{GameRng, Purpose, below, stream};
use tricklab::solver::{Solvable, Solver};

/// The side's final value by trying every line of play: `over` says when the part being
/// solved is over, `score` what the side then has.
fn minimax<G: Game>(
    s: &G,
    side: Side,
    over: &impl Fn(&G) -> bool,
    score: &impl Fn(&G) -> i32,
) -> i32 {
    if over(s) {
        return score(s);
    }
    let seat = s.to_act().expect("a seat to act before the end");
    let ours = s.sides().side(seat) == side;
    let legal = s.legal_actions();
    let values = legal.iter().map(|a| {
        let mut child = s.clone();
        child.apply(a);
        minimax(&child, side, over, score)
    });
    if ours {
        values.max().expect("a legal action")
    } else {
        values.min().expect("a legal action")
    }
}

/// Checks the solver on `s` for every side: the value, and the value after each legal card.
fn check<G: Game + Solvable>(
    solver: &mut Solver,
    s: &G,
    over: &impl Fn(&G) -> bool,
    score: &impl Fn(&G, Side) -> i32,
) -> usize {
    let mut checked = 0;
    for side in s.sides().all() {
        let pos = s.position(side).expect("a position in play");
        let sol = solver.solve(&pos);
        let score_side = |g: &G| score(g, side);
        let want = minimax(s, side, over, &score_side);
        assert_eq!(sol.value, want, "value for side {side} of {s:?}");
        assert_eq!(solver.value(&pos), want, "value() for side {side}");
        for a in s.legal_actions().iter() {
            let Action::Play(c) = a else {
                panic!("only card plays in an ending")
            };
            let mut child = s.clone();
            child.apply(a);
            let want = minimax(&child, side, over, &score_side);
            assert_eq!(
                sol.card_value(c),
                Some(want),
                "{c} for side {side} of {s:?}"
            );
            checked += 1;
        }
    }
    checked
}

/// Plays random legal actions until `stop` holds.
fn play_until<G: Game>(s: &mut G, rng: &mut GameRng, stop: impl Fn(&G) -> bool) {
    while !stop(s) {
        let a = s.legal_actions().choose(rng);
        s.apply(a);
    }
}

/// A random Catch the Ten position with `tricks` tricks left in a random set and a random
/// number of cards already in the trick.
fn catch_the_ten_ending(setup: Setup, tricks: usize, rng: &mut GameRng) -> CatchTheTen {
    let n = setup.players();
    let dealer = Seat(below(rng, n as u32) as u8);
    let zeros = vec![0; setup.sides().num_sides()];
    let mut s = CatchTheTen::deal(setup, dealer, &zeros, rng);
    let set = below(rng, setup.sets() as u32) as usize;
    let in_trick = below(rng, n as u32) as usize;
    let done = setup.hand_size() - tricks;
    play_until(&mut s, rng, |s| {
        s.set() == set && s.tricks_done() == done && s.trick().len() == in_trick
    });
    s
}

fn catch_the_ten_table(n: usize, options: Options, max_tricks: usize, positions: usize) {
    let setup = Setup::new(n, options).unwrap();
    let mut rng = stream(7, n as u64, Purpose::Other, max_tricks as u64);
    let mut solver = Solver::new();
    let mut small = Solver::with_table_bits(4);
    let mut checked = 0;
    for i in 0..positions {
        let tricks = 1 + i % max_tricks;
        let s = catch_the_ten_ending(setup, tricks, &mut rng);
        let set = s.set();
        let over = move |g: &CatchTheTen| g.is_over() || g.set() != set;
        let score = move |g: &CatchTheTen, side: Side| g.set_score(set).total(side.index());
        checked += check(&mut solver, &s, &over, &score);
        check(&mut small, &s, &over, &score);
    }
    assert!(checked > positions, "{checked} cards checked");
}

#[test]
fn catch_the_ten_two_players() {
    catch_the_ten_table(2, Options::default(), 4, 300);
}

#[test]
fn catch_the_ten_three_players() {
    catch_the_ten_table(3, Options::default(), 4, 300);
}

#[test]
fn catch_the_ten_four_players_in_teams() {
    catch_the_ten_table(4, Options::default(), 4, 300);
}

#[test]
fn catch_the_ten_four_players_alone() {
    let options = Options {
        everyone_alone: true,
        ..Options::default()
    };
    catch_the_ten_table(4, options, 4, 200);
}

#[test]
fn catch_the_ten_five_players() {
    catch_the_ten_table(5, Options::default(), 4, 100);
}

#[test]
fn catch_the_ten_six_players_in_three_pairs() {
    let options = Options {
        pairs: true,
        ..Options::default()
    };
    catch_the_ten_table(6, options, 3, 100);
}

#[test]
fn catch_the_ten_six_players_in_two_teams() {
    catch_the_ten_table(6, Options::default(), 3, 100);
}

#[test]
fn catch_the_ten_eight_players_in_four_pairs() {
    let options = Options {
        pairs: true,
        ..Options::default()
    };
    catch_the_ten_table(8, options, 3, 60);
}

/// A random 9-5-2 position in play with `tricks` tricks left: random trumps and discards.
fn nine_five_two_ending(tricks: usize, rng: &mut GameRng) -> NineFiveTwo {
    let dealer = Seat(below(rng, 3) as u8);
    let mut s = NineFiveTwo::deal(Variant::Standard, dealer, None, rng);
    play_until(&mut s, rng, |s| s.phase() == Phase::Play);
    let in_trick = below(rng, 3) as usize;
    play_until(&mut s, rng, |s| {
        s.tricks_done() == 16 - tricks && s.trick().len() == in_trick
    });
    s
}

#[test]
fn nine_five_two_one_seat_against_two() {
    let mut rng = stream(8, 0, Purpose::Other, 0);
    let mut solver = Solver::new();
    let mut checked = 0;
    for i in 0..300 {
        let s = nine_five_two_ending(1 + i % 4, &mut rng);
        let over = |g: &NineFiveTwo| g.is_over();
        let score = |g: &NineFiveTwo, side: Side| g.tricks()[side.index()] as i32;
        checked += check(&mut solver, &s, &over, &score);
    }
    assert!(checked > 300);
}

/// A random Whist position with `tricks` tricks left and a random number of cards in the trick.
fn whist_ending(tricks: usize, rng: &mut GameRng) -> Whist {
    let setup = whist::Setup::new(4, whist::Options::default()).unwrap();
    let dealer = Seat(below(rng, 4) as u8);
    let mut s = Whist::deal(setup, dealer, &[0, 0], rng);
    let in_trick = below(rng, 4) as usize;
    play_until(&mut s, rng, |s| {
        s.tricks_done() == 13 - tricks && s.trick().len() == in_trick
    });
    s
}

#[test]
fn whist_two_partnerships() {
    let mut rng = stream(9, 0, Purpose::Other, 0);
    let mut solver = Solver::new();
    let mut checked = 0;
    for i in 0..300 {
        let s = whist_ending(1 + i % 4, &mut rng);
        let over = |g: &Whist| g.is_over();
        let score = |g: &Whist, side: Side| g.side_tricks(side) as i32;
        checked += check(&mut solver, &s, &over, &score);
    }
    assert!(checked > 300);
}
