//! ISMCTS: iterations per second at the first card-play decision of a hand, one thread, random
//! rollouts. Criterion reports the time of a 10,000-iteration search; iterations per second is
//! 10,000 divided by it. Tree memory per iteration is printed once (nodes × node size over
//! iterations). Each search is checked to have run its budget.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tricklab::agents::AgentFactory;
use tricklab::agents::ismcts::{Ismcts, IsmctsParams, node_bytes};
use tricklab::agents::{AgentSpec, build_agent};
use tricklab::games::catch_the_ten::{CatchTheTen, Options, Setup};
use tricklab::games::matches::{MatchRules, MatchState};
use tricklab::games::nine_five_two::{self, NineFiveTwo};
use tricklab::games::whist::{self, Whist};
use tricklab::games::{Decision, Game, Seat};
use tricklab::rng::{Purpose, stream};

const ITERATIONS: u32 = 10_000;

fn bench_game<G: AgentFactory>(c: &mut Criterion, name: &str, state: G) {
    let seat = state.to_act().unwrap();
    let params = IsmctsParams {
        iterations: ITERATIONS,
        ..IsmctsParams::default()
    };
    let mut agent = Ismcts::<G>::new(params).unwrap();
    let mut rng = stream(5, 0, Purpose::Agent, 0);
    agent.search(&state, seat, &mut rng);
    let st = agent.stats();
    eprintln!(
        "{name}: {} nodes for {} iterations, {} bytes per node: {:.1} bytes of tree per iteration",
        st.nodes,
        st.iterations,
        node_bytes(),
        st.slots as f64 * node_bytes() as f64 / st.iterations as f64
    );
    let mut g = c.benchmark_group("ismcts_first_decision");
    g.throughput(Throughput::Elements(ITERATIONS as u64));
    g.bench_function(name, |b| {
        b.iter(|| {
            let ranked = agent.search(&state, seat, &mut rng);
            assert_eq!(agent.stats().iterations, ITERATIONS as u64);
            black_box(ranked)
        })
    });
    g.finish();
}

fn bench(c: &mut Criterion) {
    let setup = Setup::new(4, Options::default()).unwrap();
    let mut rng = stream(6, 0, Purpose::Other, 0);
    bench_game(
        c,
        "catch_the_ten_4p",
        CatchTheTen::deal(setup, Seat(3), &[0, 0], &mut rng),
    );
    let setup = whist::Setup::new(4, whist::Options::default()).unwrap();
    bench_game(c, "whist", Whist::deal(setup, Seat(3), &[0, 0], &mut rng));
    // 9-5-2 at the first card of play: trumps named and the kitty discarded by B0.
    let rules = nine_five_two::Setup::STANDARD;
    let mut h = rules.deal(&MatchState::new(Seat(2)), &mut rng);
    let mut b0 = build_agent::<NineFiveTwo>(&AgentSpec::Rules(vec![])).unwrap();
    while h.legal_actions().decision() != Decision::Play {
        let seat = h.to_act().unwrap();
        let a = b0.choose(&h, seat, &mut rng);
        h.apply(a);
    }
    bench_game(c, "nine_five_two", h);
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
