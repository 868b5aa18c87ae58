//! The parallel runner: plays games in chunks on a rayon pool and writes their rows in game
//! order.

use std::io::{self, Write};

use indicatif::ProgressBar;
use rayon::prelude::*;

use crate::agents::{
    Agent, AgentFactory, AgentSpec, build_agent, play_seated, seat_agents, table_info,
};
use crate::games::matches::{MatchState, PlayedHand};
use crate::games::record::record_hand;
use crate::games::{Game as _, Seat};
use crate::rng::GameStreams;
use crate::stats::MeanAcc;

use super::Stream;
use super::tally::Tabulate;

/// What to run.
#[derive(Clone, Debug)]
pub struct SimConfig {
    /// The run's seed.
    pub seed: u64,
    /// How many games (matches, or single hands with `single_hands`).
    pub games: u64,
    /// Play one hand per game instead of a match.
    pub single_hands: bool,
    /// The most hands a match may take before it is abandoned.
    pub max_hands: u32,
    /// Games per chunk of work (fixed, so that output does not depend on threads).
    pub chunk: u64,
    /// Times each deal is played, with the agents moved round one seat more each time (1: no
    /// duplicate; see [`duplicate_rotations`]).
    pub rotations: usize,
}

/// The rotations that replay a deal with every agent in every side's place: one per side when
/// sides are teams or pairs, one per seat when everyone plays alone.
pub fn duplicate_rotations(sides: &crate::games::Sides) -> usize {
    if sides.num_sides() < sides.num_seats() {
        sides.num_sides()
    } else {
        sides.num_seats()
    }
}

/// With duplicate deals: the paired difference between the first two agents of the seating.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Paired {
    /// The first agent.
    pub first: String,
    /// The second agent.
    pub second: String,
    /// Per deal: the first agent's mean points per seat and hand minus the second's, over all
    /// rotations.
    pub diffs: MeanAcc,
}

impl Default for SimConfig {
    fn default() -> SimConfig {
        SimConfig {
            seed: 0,
            games: 1000,
            single_hands: false,
            max_hands: 10_000,
            chunk: 256,
            rotations: 1,
        }
    }
}

/// Where rows go: a CSV of hand rows and a JSON-lines record log, each optional.
#[derive(Default)]
pub struct Sinks<'a> {
    /// The per-hand CSV.
    pub csv: Option<&'a mut (dyn Write + Send)>,
    /// The record log.
    pub log: Option<&'a mut (dyn Write + Send)>,
}

struct ChunkOut<S> {
    csv: Vec<u8>,
    log: Vec<u8>,
    summary: S,
    paired: MeanAcc,
}

fn play_chunk<R>(
    rules: &R,
    seats: &[AgentSpec],
    cfg: &SimConfig,
    games: std::ops::Range<u64>,
    want_csv: bool,
    want_log: bool,
) -> ChunkOut<R::Summary>
where
    R: Tabulate,
    R::Hand: AgentFactory,
{
    let n = rules.sides().num_seats();
    let mut out = ChunkOut {
        csv: Vec::new(),
        log: Vec::new(),
        summary: R::Summary::default(),
        paired: MeanAcc::default(),
    };
    let mut csv = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    let mut agents: Vec<Box<dyn Agent<R::Hand>>> = seats
        .iter()
        .map(|s| build_agent::<R::Hand>(s).expect("specs are checked before the run"))
        .collect();
    // The first two distinct agents, for the paired difference of duplicate deals.
    let mut distinct: Vec<&AgentSpec> = Vec::new();
    for spec in seats {
        if !distinct.contains(&spec) {
            distinct.push(spec);
        }
    }
    for game in games {
        let mut sums = [(0.0f64, 0u32); 2];
        for r in 0..cfg.rotations {
            // Rotation r moves the seating r seats round the table.
            let agent_of = |seat: usize| (seat + n - r) % n;
            let GameStreams {
                agents: mut rngs,
                deal: mut deal_rng,
                first_dealer,
            } = GameStreams::new(cfg.seed, game, n, 0, |seat| {
                Stream::SimulateAgent { rotation: r, seat }.sub()
            });
            let first = Seat(first_dealer);
            let max_hands = if cfg.single_hands { 1 } else { cfg.max_hands };
            let mut on_hand = |played: &PlayedHand<'_, R::Hand>| {
                if want_csv {
                    rules
                        .csv_rows(game, r, played, &mut csv)
                        .expect("writing to memory");
                }
                if want_log {
                    let rec = record_hand(rules, game, played);
                    serde_json::to_writer(&mut out.log, &rec).expect("writing to memory");
                    out.log.push(b'\n');
                }
                rules.tally_hand(&mut out.summary, played);
                if cfg.rotations > 1 {
                    for s in Seat::all(n) {
                        let spec = &seats[agent_of(s.index())];
                        if let Some(g) = distinct.iter().take(2).position(|d| *d == spec) {
                            sums[g].0 += played.last.seat_points(s) as f64;
                            sums[g].1 += 1;
                        }
                    }
                }
            };
            let end = play_seated(
                rules,
                &table_info(rules, game),
                MatchState::new(first),
                &mut deal_rng,
                max_hands,
                &mut seat_agents(&mut agents, agent_of),
                &mut rngs,
                &mut on_hand,
            );
            if !cfg.single_hands {
                rules.tally_match(&mut out.summary, &end);
            }
        }
        if sums[0].1 > 0 && sums[1].1 > 0 {
            out.paired
                .add(sums[0].0 / sums[0].1 as f64 - sums[1].0 / sums[1].1 as f64);
        }
    }
    out.csv = csv.into_inner().expect("flushing memory");
    out
}

/// Plays `cfg.games` games of `rules` with the agents `seats` (one spec per seat) on the
/// current rayon pool, writing rows in game order to `sinks` and ticking `progress`. Returns
/// the tally.
///
/// # Errors
/// Only from writing to the sinks.
pub fn simulate<R>(
    rules: &R,
    seats: &[AgentSpec],
    cfg: &SimConfig,
    mut sinks: Sinks<'_>,
    progress: Option<&ProgressBar>,
) -> io::Result<SimResult<R::Summary>>
where
    R: Tabulate,
    R::Hand: AgentFactory,
{
    assert_eq!(seats.len(), rules.sides().num_seats(), "one agent per seat");
    if let Some(w) = sinks.csv.as_deref_mut() {
        let mut h = csv::Writer::from_writer(Vec::new());
        h.write_record(rules.csv_header())
            .map_err(io::Error::other)?;
        w.write_all(
            &h.into_inner()
                .map_err(|e| io::Error::other(e.to_string()))?,
        )?;
    }
    let mut total = R::Summary::default();
    let mut paired = MeanAcc::default();
    let chunks = cfg.games.div_ceil(cfg.chunk);
    let window = (rayon::current_num_threads() as u64 * 4).max(1);
    let mut next = 0;
    while next < chunks {
        let upto = (next + window).min(chunks);
        let (want_csv, want_log) = (sinks.csv.is_some(), sinks.log.is_some());
        let outs: Vec<ChunkOut<R::Summary>> = (next..upto)
            .into_par_iter()
            .map(|c| {
                let range = c * cfg.chunk..((c + 1) * cfg.chunk).min(cfg.games);
                play_chunk(rules, seats, cfg, range, want_csv, want_log)
            })
            .collect();
        for o in outs {
            if let Some(w) = sinks.csv.as_deref_mut() {
                w.write_all(&o.csv)?;
            }
            if let Some(w) = sinks.log.as_deref_mut() {
                w.write_all(&o.log)?;
            }
            rules.merge(&mut total, o.summary);
            paired.merge(&o.paired);
        }
        if let Some(p) = progress {
            p.set_position((upto * cfg.chunk).min(cfg.games));
        }
        next = upto;
    }
    if let Some(w) = sinks.csv.as_deref_mut() {
        w.flush()?;
    }
    if let Some(w) = sinks.log.as_deref_mut() {
        w.flush()?;
    }
    let mut distinct: Vec<String> = Vec::new();
    for spec in seats.iter().map(|s| s.to_string()) {
        if !distinct.contains(&spec) {
            distinct.push(spec);
        }
    }
    let paired = (cfg.rotations > 1 && distinct.len() >= 2).then(|| Paired {
        first: distinct[0].clone(),
        second: distinct[1].clone(),
        diffs: paired,
    });
    Ok(SimResult {
        summary: total,
        paired,
    })
}

/// What a run of [`simulate`] tallied.
#[derive(Clone, Debug)]
pub struct SimResult<S> {
    /// The game's summary.
    pub summary: S,
    /// With duplicate deals and two agents or more: their paired difference.
    pub paired: Option<Paired>,
}
