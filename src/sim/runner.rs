//! The parallel runner: plays games in chunks on a rayon pool and writes their rows in game
//! order.

use std::io::{self, Write};

use indicatif::ProgressBar;
use rayon::prelude::*;

use crate::agents::{Agent, AgentFactory, AgentSpec, build_agent};
use crate::games::Seat;
use crate::games::matches::{MatchState, PlayedHand, play_match};
use crate::games::record::record_hand;
use crate::rng::{Purpose, below, stream};

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
}

impl Default for SimConfig {
    fn default() -> SimConfig {
        SimConfig {
            seed: 0,
            games: 1000,
            single_hands: false,
            max_hands: 10_000,
            chunk: 256,
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
    };
    let mut csv = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    let mut agents: Vec<Box<dyn Agent<R::Hand>>> = seats
        .iter()
        .map(|s| build_agent::<R::Hand>(s).expect("specs are checked before the run"))
        .collect();
    for game in games {
        let mut rngs: Vec<_> = (0..n)
            .map(|k| stream(cfg.seed, game, Purpose::Agent, k as u64))
            .collect();
        let mut deal_rng = stream(cfg.seed, game, Purpose::Deal, 0);
        let first = Seat(below(
            &mut stream(cfg.seed, game, Purpose::FirstDealer, 0),
            n as u32,
        ) as u8);
        let max_hands = if cfg.single_hands { 1 } else { cfg.max_hands };
        let mut on_hand = |played: &PlayedHand<'_, R::Hand>| {
            if want_csv {
                rules
                    .csv_rows(game, played, &mut csv)
                    .expect("writing to memory");
            }
            if want_log {
                let rec = record_hand(rules, game, played);
                serde_json::to_writer(&mut out.log, &rec).expect("writing to memory");
                out.log.push(b'\n');
            }
            rules.tally_hand(&mut out.summary, played);
        };
        let end = play_match(
            rules,
            MatchState::new(first),
            &mut deal_rng,
            max_hands,
            |h, s| agents[s.index()].choose(h, s, &mut rngs[s.index()]),
            &mut on_hand,
        );
        if !cfg.single_hands {
            rules.tally_match(&mut out.summary, &end);
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
) -> io::Result<R::Summary>
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
    Ok(total)
}
