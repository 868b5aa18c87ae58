//! How an inferring ISMCTS agent's pool spreads its iterations (issue 34): at every decision
//! with more than one legal action, the weighted pool's effective sample size
//! `ESS = (Σw)² / Σw²`, the heaviest candidate's share of the iterations and the distinct
//! candidates the iterations are expected to draw ([`PoolStats`]), the pool's size, and how
//! often the agent played the card B0 would have played in its place (how well B0 models the
//! agent as a partner), by how far the hand is.
//!
//! The agent sits as in a duplicate tournament against B0 (`rules`): Catch the Ten and Whist
//! with four players, the agent at seats 0 and 2 or 1 and 3 by turns; 9-5-2 with three, the
//! agent at one seat or two by turns; one hand a deal, seed fixed.
//!
//! `cargo run --release --example infer_ess -- GAME SPEC [deals]`, GAME `catch-the-ten`,
//! `whist` or `nine-five-two`, e.g. `-- catch-the-ten "ismcts:iterations=10000,infer=rules" 20`.

use std::sync::{Arc, Mutex};

use tricklab::agents::ismcts::{Ismcts, IsmctsParams, PoolStats};
use tricklab::agents::{
    Agent, AgentFactory, AgentSpec, TableEvent, build_agent, play_seated, seat_agents, table_info,
};
use tricklab::games::matches::MatchState;
use tricklab::games::record::RecordRules;
use tricklab::games::{Action, Game, Seat, catch_the_ten, nine_five_two, whist};
use tricklab::rng::{GameRng, Purpose, stream};

/// One decision's pool: the cards played in the hand before it, the statistics, and whether
/// the agent played the card B0 would have played in its place.
type Row = (u32, PoolStats, bool);

/// An ISMCTS agent that keeps its pool's statistics after each searched decision.
struct Watched<G: Game> {
    inner: Ismcts<G>,
    /// B0, asked what it would have done (with a generator of its own).
    b0: Box<dyn Agent<G>>,
    b0_rng: GameRng,
    rows: Arc<Mutex<Vec<Row>>>,
}

impl<G: AgentFactory> Agent<G> for Watched<G> {
    fn choose(&mut self, state: &G, seat: Seat, rng: &mut GameRng) -> Action {
        let a = self.inner.choose(state, seat, rng);
        if let Some(pool) = self.inner.stats().pool {
            let played = state
                .knowledge(seat)
                .played
                .iter()
                .map(|p| p.len() as u32)
                .sum();
            let same = self.b0.choose(state, seat, &mut self.b0_rng) == a;
            self.rows
                .lock()
                .expect("not poisoned")
                .push((played, pool, same));
        }
        a
    }

    fn observes(&self) -> bool {
        self.inner.observes()
    }

    fn observe(&mut self, seat: Seat, event: &TableEvent<'_, G>) {
        self.inner.observe(seat, event);
    }
}

/// Plays `deals` deals of `rules` and returns every decision's row.
fn play<R: RecordRules>(rules: &R, spec: &str, deals: u64) -> Vec<Row>
where
    R::Hand: AgentFactory,
{
    let n = rules.players();
    let params = IsmctsParams::parse(
        &spec
            .trim_start_matches("ismcts:")
            .split(',')
            .map(String::from)
            .collect::<Vec<_>>(),
    )
    .expect("an ismcts spec");
    let b0: AgentSpec = "rules".parse().expect("rules");
    let rows = Arc::new(Mutex::new(Vec::new()));
    for deal in 0..deals {
        // The agent's seats: partners in four-player games, one or two of three in 9-5-2.
        let mine = |s: usize| {
            if n == 4 {
                s % 2 == (deal % 2) as usize
            } else {
                s == deal as usize % n || (deal % 2 == 1 && s == (deal as usize + 1) % n)
            }
        };
        let mut agents: Vec<Box<dyn Agent<R::Hand>>> = (0..n)
            .map(|s| -> Box<dyn Agent<R::Hand>> {
                if mine(s) {
                    Box::new(Watched {
                        inner: Ismcts::new(params.clone()).expect("an agent"),
                        b0: build_agent::<R::Hand>(&b0).expect("B0"),
                        b0_rng: stream(34, deal, Purpose::Other, s as u64),
                        rows: Arc::clone(&rows),
                    })
                } else {
                    build_agent::<R::Hand>(&b0).expect("B0")
                }
            })
            .collect();
        let mut rngs: Vec<GameRng> = (0..n)
            .map(|s| stream(34, deal, Purpose::Agent, s as u64))
            .collect();
        play_seated(
            rules,
            &table_info(rules, deal),
            MatchState::new(Seat((deal % n as u64) as u8)),
            &mut stream(34, deal, Purpose::Deal, 0),
            1,
            &mut seat_agents(&mut agents, |s| s),
            &mut rngs,
            |_| {},
        );
    }
    rows.lock().expect("not poisoned").clone()
}

/// The `q` quantile of sorted `xs`.
fn quantile(xs: &[f64], q: f64) -> f64 {
    xs[((xs.len() - 1) as f64 * q).round() as usize]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = args.get(1).map_or("catch-the-ten", String::as_str);
    let spec = args
        .get(2)
        .map_or("ismcts:iterations=10000,infer=rules", String::as_str);
    let deals: u64 = args.get(3).and_then(|d| d.parse().ok()).unwrap_or(10);
    let rows = match game {
        "catch-the-ten" => play(
            &catch_the_ten::Setup::new(4, catch_the_ten::Options::default()).expect("4p"),
            spec,
            deals,
        ),
        "whist" => play(
            &whist::Setup::new(4, whist::Options::default()).expect("4p"),
            spec,
            deals,
        ),
        "nine-five-two" => play(
            &nine_five_two::Setup::new(3, nine_five_two::Options::default()).expect("3p"),
            spec,
            deals,
        ),
        _ => {
            eprintln!("error: GAME is catch-the-ten, whist or nine-five-two");
            std::process::exit(2);
        }
    };
    println!("{game}, {spec}, {deals} deals: {} decisions", rows.len());
    println!(
        "{:>13} {:>6} {:>8} {:>8} {:>8} {:>8} {:>9} {:>9} {:>9} {:>6}",
        "cards played",
        "n",
        "ESS q10",
        "q50",
        "q90",
        "mean",
        "top mean",
        "distinct",
        "pool mean",
        "as B0"
    );
    let most = rows.iter().map(|r| r.0).max().unwrap_or(0);
    let width = 8;
    let mut from = 0;
    while from <= most {
        let part: Vec<&Row> = rows
            .iter()
            .filter(|r| (from..from + width).contains(&r.0))
            .collect();
        line(&format!("{from}-{}", from + width - 1), &part);
        from += width;
    }
    line("all", &rows.iter().collect::<Vec<_>>());
}

/// One line of the table for `rows`.
fn line(label: &str, rows: &[&Row]) {
    if rows.is_empty() {
        return;
    }
    let mut ess: Vec<f64> = rows.iter().map(|r| r.1.ess).collect();
    ess.sort_by(f64::total_cmp);
    let n = rows.len() as f64;
    println!(
        "{label:>13} {:>6} {:>8.1} {:>8.1} {:>8.1} {:>8.1} {:>9.3} {:>9.1} {:>9.0} {:>6.2}",
        rows.len(),
        quantile(&ess, 0.1),
        quantile(&ess, 0.5),
        quantile(&ess, 0.9),
        ess.iter().sum::<f64>() / n,
        rows.iter().map(|r| r.1.top).sum::<f64>() / n,
        rows.iter().map(|r| r.1.distinct).sum::<f64>() / n,
        rows.iter().map(|r| f64::from(r.1.candidates)).sum::<f64>() / n,
        rows.iter().filter(|r| r.2).count() as f64 / n,
    );
}
