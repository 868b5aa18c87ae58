//! Times the solver on the stored DDS deals (development aid).
use std::time::Instant;
use tricklab::cards::{Suit, parse_cards_by_seat};
use tricklab::games::{Seat, Sides, TrumpOrder};
use tricklab::solver::{Position, Scoring, Solver};

fn main() {
    let text = std::fs::read_to_string("tests/data/whist_dds.txt").unwrap();
    let skip: usize = std::env::args().nth(1).map_or(0, |s| s.parse().unwrap());
    let count: usize = std::env::args().nth(2).map_or(5, |s| s.parse().unwrap());
    let mut solver =
        Solver::with_table_bits(std::env::var("BITS").map_or(20, |b| b.parse().unwrap()));
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(skip)
        .take(count)
    {
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let hands = parse_cards_by_seat(f[0]).unwrap();
        let trump = match f[1] {
            "N" => None,
            s => Some(s.parse::<Suit>().unwrap()),
        };
        let leader = Seat(f[2].parse().unwrap());
        let sides = Sides::every(4, 2);
        let p = Position::new(
            &hands,
            trump,
            TrumpOrder::ACES_HIGH,
            leader,
            sides,
            sides.side(leader),
            Scoring::Tricks,
        )
        .unwrap();
        solver.clear();
        solver.reset_stats();
        let t = Instant::now();
        let v = solver.value(&p);
        let dt = t.elapsed();
        println!(
            "value {v} (dds {}) {:8.2} ms {:?}",
            f[3],
            dt.as_secs_f64() * 1e3,
            solver.stats()
        );
        if std::env::var("CARDS").is_ok() {
            let sol = solver.solve(&p);
            for cv in f[4].split_whitespace() {
                let (c, v) = cv.split_once(':').unwrap();
                let c: tricklab::cards::Card = c.parse().unwrap();
                let v: i32 = v.parse().unwrap();
                if sol.card_value(c) != Some(v) {
                    println!("  card {c}: {:?} (dds {v})", sol.card_value(c));
                }
            }
        }
    }
}
