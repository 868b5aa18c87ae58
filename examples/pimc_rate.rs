//! PIMC's speed on Whist: decisions per second of `pimc:worlds=50` at the first card of a hand
//! (wall and CPU, for each thread count asked for), and at endings of 3, 2 and 1 tricks left
//! the cost of one PIMC decision and of one solver call (the per-call overhead: sampling,
//! redealing and solving one world with the agent's kept solver).
//!
//! `cargo run --release --example pimc_rate -- [threads,…] [hands]`, e.g. `-- 1,2 4`: the
//! first card of `hands` deals (seed fixed), each decided once per thread count.

use tricklab::agents::Agent;
use tricklab::agents::pimc::{Pimc, PimcParams};
use tricklab::games::whist::{self, Whist};
use tricklab::games::{Game, Seat};
use tricklab::rng::{Purpose, stream};
use tricklab::solver::{Solvable, Solver};

mod timing;
use timing::{number_list, timed};

fn deal(i: u64) -> Whist {
    let setup = whist::Setup::new(4, whist::Options::default()).expect("standard whist");
    Whist::deal(
        setup,
        Seat(3),
        &[0, 0],
        &mut stream(6, i, Purpose::Other, 0),
    )
}

fn main() {
    let mut args = std::env::args().skip(1);
    let threads = number_list(args.next(), &[1, 2]);
    let hands = number_list(args.next(), &[4])[0].max(1);
    println!("pimc:worlds=50 at the first card of {hands} Whist deals");
    println!(
        "{:>7} {:>12} {:>12} {:>12}",
        "threads", "wall dec/s", "cpu dec/s", "ms/decision"
    );
    for &t in &threads {
        let params = PimcParams {
            threads: t as u32,
            ..PimcParams::default()
        };
        let mut agent = Pimc::<Whist>::new(params);
        let ((), took) = timed(|| {
            for i in 0..hands {
                let s = deal(i);
                let seat = s.to_act().expect("first card");
                agent.choose(&s, seat, &mut stream(5, i, Purpose::Agent, 0));
            }
        });
        let (wall, cpu) = took.rates(hands as f64);
        println!(
            "{t:>7} {wall:>12.2} {cpu:>12.2} {:>12.1}",
            took.wall * 1000.0 / hands as f64
        );
    }
    println!("endings, one thread: 200 deals played out by PIMC-50's own choices are too slow,");
    println!("so each deal is played out at random to the ending, then PIMC-50 decides");
    println!(
        "{:>11} {:>9} {:>14} {:>14}",
        "tricks left", "decisions", "us/decision", "us/solve"
    );
    for left in [3usize, 2, 1] {
        let mut agent = Pimc::<Whist>::new(PimcParams::default());
        let mut solver = Solver::with_table_bits(PimcParams::default().tt_bits);
        let mut endings = Vec::new();
        for i in 0..200u64 {
            let mut s = deal(1000 + i);
            let mut rng = stream(7, i, Purpose::Other, 0);
            while let Some(seat) = s.to_act() {
                let left_now = s.hand(seat).len();
                if left_now == left && s.trick().cards().is_empty() {
                    break;
                }
                let a = s.legal_actions().choose(&mut rng);
                s.apply(a);
            }
            endings.push(s);
        }
        let ((), took) = timed(|| {
            for (i, s) in endings.iter().enumerate() {
                let seat = s.to_act().expect("in play");
                agent.choose(s, seat, &mut stream(5, i as u64, Purpose::Agent, 0));
            }
        });
        let per_decision = took.wall * 1e6 / endings.len() as f64;
        let positions: Vec<_> = endings
            .iter()
            .map(|s| {
                s.position_for(s.to_act().expect("in play"))
                    .expect("a position")
            })
            .collect();
        let reps = 50;
        let ((), took) = timed(|| {
            for _ in 0..reps {
                for p in &positions {
                    std::hint::black_box(solver.solve(p));
                }
            }
        });
        let per_solve = took.wall * 1e6 / (reps * positions.len()) as f64;
        println!(
            "{left:>11} {:>9} {per_decision:>14.1} {per_solve:>14.2}",
            endings.len()
        );
    }
}
