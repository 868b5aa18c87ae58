//! Times the solver on 9-5-2 hands after the kitty (development aid).
use std::time::Instant;
use tricklab::games::nine_five_two::{NineFiveTwo, Phase, Variant};
use tricklab::games::{Game, Seat};
use tricklab::rng::{Purpose, stream};
use tricklab::solver::{Solvable, Solver};

fn main() {
    let count: u64 = std::env::args().nth(1).map_or(5, |s| s.parse().unwrap());
    let skip_tricks: usize = std::env::args().nth(2).map_or(0, |s| s.parse().unwrap());
    let mut solver = Solver::new();
    for i in 0..count {
        let mut rng = stream(3, i, Purpose::Other, 0);
        let mut s = NineFiveTwo::deal(Variant::Standard, Seat(0), None, &mut rng);
        while s.phase() != Phase::Play || s.tricks_done() < skip_tricks {
            let a = s.legal_actions().choose(&mut rng);
            s.apply(a);
        }
        let seat = s.to_act().unwrap();
        let p = s.position_for(seat).unwrap();
        solver.clear();
        solver.reset_stats();
        let t = Instant::now();
        let v = solver.value(&p);
        println!(
            "value {v} {:8.2} ms {:?}",
            t.elapsed().as_secs_f64() * 1e3,
            solver.stats()
        );
    }
}
