//! Tournaments: every pair of agents on duplicate deals, pairwise results with intervals, and
//! Bradley–Terry ratings on the Elo scale with bootstrap intervals.
//!
//! For each pair `(x, y)` every deal is played with `x` in some seats and `y` in the others, in
//! every rotation that matters: with sides of several seats, `x` holds every seat of one side and
//! the deal is replayed with the sides' agents moved round; with everyone alone, the seats
//! alternate `x, y, x, …` and the deal is replayed in every rotation of both that pattern and its
//! mirror. A deal's score is `x`'s mean points per seat minus `y`'s (match mode: `x`'s match
//! win minus `y`'s), averaged over the rotations; `x` *wins* the deal when it is positive.

use std::ops::Range;
use std::sync::Arc;

use rayon::prelude::*;

use crate::agents::external::take_forfeits;
use crate::agents::{Agent, AgentFactory, AgentSpec, build_agent, play_seated, table_info};
use crate::games::book::DealBook;
use crate::games::deal_source::FirstGiven;
use crate::games::matches::MatchState;
use crate::games::record::RecordRules;
use crate::games::{Game, Seat};
use crate::report::{LadderRow, PairRow, TournamentTables};
use crate::rng::{GameStreams, Purpose, below, stream};
use crate::sim::Stream;

use super::decision_clock::{DecisionClock, Timed};
use super::hand_log::{HandLog, Records, Seating};
use super::run::{Guests, NoGuests, csv_line};
use crate::stats::{Interval, MeanAcc, Rating, bradley_terry};

/// The seatings (agent index per seat: 0 for `x`, 1 for `y`) a pair plays every deal in.
pub fn pair_seatings(sides: &crate::games::Sides) -> Vec<Vec<usize>> {
    let n = sides.num_seats();
    if sides.num_sides() < n {
        (0..sides.num_sides())
            .map(|r| {
                (0..n)
                    .map(|s| usize::from(sides.side(Seat(((s + n - r) % n) as u8)).index() != 0))
                    .collect()
            })
            .collect()
    } else {
        let mut v = Vec::new();
        for mirror in [0, 1] {
            for r in 0..n {
                v.push((0..n).map(|s| ((s + n - r) % n + mirror) % 2).collect());
            }
        }
        v
    }
}

/// How a pair plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairPlan<'a> {
    /// The pair's number (part of its agents' random streams).
    pub pair: u64,
    /// The seed.
    pub seed: u64,
    /// Whole matches instead of single hands.
    pub matches: bool,
    /// The most hands of a match.
    pub max_hands: u32,
    /// The deal book whose deal `i` is the first hand of deal `i` in every seating (checked
    /// for the game: [`DealBook::check`]); `None`: the seed's deals.
    pub book: Option<&'a DealBook>,
}

/// Deals are played in chunks of this many; a chunk's agents are built once and kept across its
/// deals, so the chunks (not the threads) decide the results, and a chunk is the unit a
/// tournament keeps when it is interrupted.
pub const CHUNK: u64 = 64;

/// The chunks of `deals`: ranges of [`CHUNK`] deals from its start (the last may be shorter).
pub fn chunks_of(deals: Range<u64>) -> Vec<Range<u64>> {
    deals
        .clone()
        .step_by(CHUNK as usize)
        .map(|a| a..(a + CHUNK).min(deals.end))
        .collect()
}

/// The per-deal scores (`x` minus `y`) of the pair `(x, y)` on deals `deals`.
pub fn play_pair<R: RecordRules>(
    rules: &R,
    x: &AgentSpec,
    y: &AgentSpec,
    deals: Range<u64>,
    plan: PairPlan<'_>,
) -> Vec<f64>
where
    R::Hand: AgentFactory,
{
    chunks_of(deals)
        .into_par_iter()
        .flat_map_iter(|chunk| {
            let clocks = [Arc::default(), Arc::default()];
            play_chunk(rules, [x, y], chunk, plan, &clocks, None)
        })
        .collect()
}

/// What a chunk notes besides its scores, under the pair's name: the hands its bots forfeited
/// (`on_fault = "forfeit"`) as `faults.csv` rows (the columns of `run`'s, see `docs/csv.md`,
/// the pair's name in the `arm` column), and the record of every hand (`--log`).
#[derive(Debug)]
pub struct PairNotes<'a> {
    /// The pair's name, `X vs Y` with the agents' labels.
    pub name: &'a str,
    /// The two agents' labels, as the records name each seat's agent.
    pub labels: [&'a str; 2],
    /// Where the `faults.csv` rows go, in deal, rotation (seating) and hand order; `None`
    /// where no bot may forfeit.
    pub faults: Option<&'a mut Vec<u8>>,
    /// Which hand records are written.
    pub records: Records,
    /// The records, one `tricklab-hand/1` JSON line a hand, in deal, rotation and hand order.
    pub record_lines: &'a mut Vec<u8>,
}

/// The per-deal scores (`x` minus `y`) of the pair `[x, y]` on one chunk of deals (see
/// [`chunks_of`]), each agent's decisions timed on its clock; with `notes`, the hands a bot
/// forfeited and the hands' records are noted there.
pub fn play_chunk<R: RecordRules>(
    rules: &R,
    pair: [&AgentSpec; 2],
    chunk: Range<u64>,
    plan: PairPlan<'_>,
    clocks: &[Arc<DecisionClock>; 2],
    notes: Option<PairNotes<'_>>,
) -> Vec<f64>
where
    R::Hand: AgentFactory,
{
    play_chunk_with(rules, pair, chunk, plan, clocks, notes, &NoGuests)
}

/// [`play_chunk`] with `guests` seated in place of some of the pair's agents: in `seat`,
/// `guests.agent(0, seat)` stands for `x` and `guests.agent(1, seat)` for `y` (the Python
/// package seats its functions so), on the same seatings, deals and random streams as the
/// agents the specs name; a spec still names its guest in `faults.csv`.
#[allow(clippy::too_many_arguments)]
pub fn play_chunk_with<R: RecordRules>(
    rules: &R,
    [x, y]: [&AgentSpec; 2],
    chunk: Range<u64>,
    plan: PairPlan<'_>,
    clocks: &[Arc<DecisionClock>; 2],
    mut notes: Option<PairNotes<'_>>,
    guests: &dyn Guests<R::Hand>,
) -> Vec<f64>
where
    R::Hand: AgentFactory,
{
    let PairPlan {
        pair,
        seed,
        matches,
        max_hands,
        book,
    } = plan;
    let sides = rules.sides();
    let n = sides.num_seats();
    let seatings = pair_seatings(&sides);
    let log = HandLog::new(notes.as_ref().map_or(Records::Off, |n| n.records));
    // Each seating's agent label per seat, as the records name them.
    let seat_labels: Vec<Vec<String>> = match notes.as_ref().filter(|_| log.is_on()) {
        Some(n) => seatings
            .iter()
            .map(|s| s.iter().map(|&a| n.labels[a].to_string()).collect())
            .collect(),
        None => vec![Vec::new(); seatings.len()],
    };
    // Agent `a` of the pair (0: `x`, 1: `y`) for `seat`: a guest, or the agent its spec names.
    let timed = |a: usize, seat: usize| -> Box<dyn Agent<R::Hand>> {
        let agent = guests
            .agent(a, seat)
            .unwrap_or_else(|| build_agent::<R::Hand>([x, y][a]).expect("checked"));
        log.seat(Box::new(Timed::new(agent, clocks[a].clone())))
    };
    let mut agents: [Vec<Box<dyn Agent<R::Hand>>>; 2] =
        [0, 1].map(|a| (0..n).map(|seat| timed(a, seat)).collect());
    let mut out = Vec::with_capacity(chunk.clone().count());
    for deal in chunk {
        let booked = book.map(|b| b.hand(rules, deal));
        let mut total = 0.0;
        for (r, seating) in seatings.iter().enumerate() {
            let GameStreams {
                agents: mut rngs,
                deal: mut deal_rng,
                first_dealer,
            } = GameStreams::new(seed, deal, n, 0, |seat| {
                Stream::TournamentAgent {
                    pair,
                    rotation: r,
                    seat,
                }
                .sub()
            });
            let (first, mut dealt) =
                FirstGiven::booked(booked.as_ref(), first_dealer, &mut deal_rng);
            let mut points = [0.0f64; 2];
            let [ax, ay] = &mut agents;
            let mut seated: Vec<&mut Box<dyn Agent<R::Hand>>> = ax
                .iter_mut()
                .zip(ay.iter_mut())
                .enumerate()
                .map(|(s, (a, b))| if seating[s] == 0 { a } else { b })
                .collect();
            let end = play_seated(
                rules,
                &table_info(rules, deal),
                MatchState::new(first),
                &mut dealt,
                if matches { max_hands } else { 1 },
                &mut seated,
                &mut rngs,
                |p| {
                    for s in Seat::all(n) {
                        points[seating[s.index()]] += p.last.seat_points(s) as f64;
                    }
                    // Taken whether or not they are kept, so that none is left on the thread.
                    let noted = take_forfeits(deal, p.before.hands_dealt);
                    let Some(notes) = notes.as_mut() else {
                        return;
                    };
                    if let Some(rows) = notes.faults.as_mut() {
                        for f in noted {
                            rows.extend(csv_line(&[
                                deal.to_string(),
                                notes.name.to_string(),
                                r.to_string(),
                                p.before.hands_dealt.to_string(),
                                f.seat.to_string(),
                                sides.side(f.seat).to_string(),
                                [x, y][seating[f.seat.index()]].to_string(),
                                f.fault.kind.name().to_string(),
                                f.fault.message.clone(),
                            ]));
                        }
                    }
                    let seating = Seating {
                        arm: notes.name,
                        rotation: r,
                        agents: &seat_labels[r],
                    };
                    log.write(notes.record_lines, rules, deal, p, seating);
                },
            );
            let count = |a: usize| seating.iter().filter(|&&v| v == a).count().max(1) as f64;
            total += if matches {
                let won = |a: usize| {
                    Seat::all(n)
                        .filter(|s| seating[s.index()] == a)
                        .map(|s| {
                            end.winners.map_or(0.0, |w| {
                                let side = sides.side(s).index();
                                if w & (1 << side) != 0 {
                                    1.0 / w.count_ones() as f64
                                } else {
                                    0.0
                                }
                            })
                        })
                        .sum::<f64>()
                        / count(a)
                };
                won(0) - won(1)
            } else {
                points[0] / count(0) - points[1] / count(1)
            };
        }
        out.push(total / seatings.len() as f64);
    }
    out
}

/// The result of one pair.
#[derive(Clone, Debug, PartialEq)]
pub struct PairResult {
    /// The first agent (index).
    pub x: usize,
    /// The second agent.
    pub y: usize,
    /// Per-deal scores, `x` minus `y`.
    pub scores: Vec<f64>,
}

impl PairResult {
    /// The mean score with a t interval.
    pub fn mean(&self) -> Interval {
        let mut m = MeanAcc::default();
        self.scores.iter().for_each(|&s| m.add(s));
        m.t_interval(0.95)
    }

    /// Deals won by `x`, drawn, won by `y`.
    pub fn record(&self) -> (u64, u64, u64) {
        let w = self.scores.iter().filter(|&&s| s > 0.0).count() as u64;
        let d = self.scores.iter().filter(|&&s| s == 0.0).count() as u64;
        (w, d, self.scores.len() as u64 - w - d)
    }
}

/// Bradley–Terry ratings of `k` agents from pair results, each with a 95% bootstrap interval
/// (deals resampled within each pair, `resamples` times, with the stream of `seed`).
pub fn ratings(
    k: usize,
    pairs: &[PairResult],
    resamples: usize,
    seed: u64,
) -> Vec<(Rating, Interval)> {
    let wins_of = |scores: &[&[f64]]| {
        let mut w = vec![vec![0.0; k]; k];
        for (p, sc) in pairs.iter().zip(scores) {
            for &s in *sc {
                let (a, b) = if s > 0.0 {
                    (1.0, 0.0)
                } else if s < 0.0 {
                    (0.0, 1.0)
                } else {
                    (0.5, 0.5)
                };
                w[p.x][p.y] += a;
                w[p.y][p.x] += b;
            }
        }
        w
    };
    let all: Vec<&[f64]> = pairs.iter().map(|p| p.scores.as_slice()).collect();
    let point = bradley_terry(&wins_of(&all));
    let mut rng = stream(seed, 0, Purpose::Other, Stream::RatingBootstrap.sub());
    let mut draws: Vec<Vec<f64>> = vec![Vec::with_capacity(resamples); k];
    for _ in 0..resamples {
        let sample: Vec<Vec<f64>> = pairs
            .iter()
            .map(|p| {
                let n = p.scores.len();
                (0..n)
                    .map(|_| p.scores[below(&mut rng, n as u32) as usize])
                    .collect()
            })
            .collect();
        let refs: Vec<&[f64]> = sample.iter().map(Vec::as_slice).collect();
        for (a, x) in bradley_terry(&wins_of(&refs)).iter().enumerate() {
            draws[a].push(x.elo);
        }
    }
    point
        .into_iter()
        .zip(draws)
        .map(|(r, mut d)| {
            d.sort_by(f64::total_cmp);
            let at = |q: f64| {
                d.get(((q * d.len() as f64) as usize).min(d.len().saturating_sub(1)))
                    .copied()
                    .unwrap_or(r.elo)
            };
            (
                r,
                Interval {
                    estimate: r.elo,
                    low: at(0.025),
                    high: at(0.975),
                },
            )
        })
        .collect()
}

/// One agent's place on the ladder: its score over the baseline and its share of the ceiling's
/// edge over the baseline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LadderStanding {
    /// Mean points (or match wins) per seat and deal over the baseline, with a t interval
    /// (`None` for the baseline itself, or without a pair against it).
    pub over_baseline: Option<Interval>,
    /// Its mean over the baseline divided by the ceiling's, on the same deals, with a 95%
    /// percentile bootstrap interval (deals resampled, the two pairs' scores kept together);
    /// `None` without a ceiling or a pair against the baseline, and where the ceiling has no
    /// edge over the baseline on those deals (its mean over it is not above 0: then there is
    /// no edge to take a share of).
    pub share: Option<Interval>,
}

/// Agent `a`'s per-deal scores over agent `b` (from their pair, turned round if needed).
fn scores_over(pairs: &[PairResult], a: usize, b: usize) -> Option<Vec<f64>> {
    pairs.iter().find_map(|p| {
        if (p.x, p.y) == (a, b) {
            Some(p.scores.clone())
        } else if (p.x, p.y) == (b, a) {
            Some(p.scores.iter().map(|s| -s).collect())
        } else {
            None
        }
    })
}

/// Each of `k` agents' standing over `baseline`, and its share of `ceiling`'s edge (bootstrap
/// with `resamples` draws from the stream of `seed`).
pub fn ladder_standings(
    k: usize,
    pairs: &[PairResult],
    baseline: usize,
    ceiling: Option<usize>,
    resamples: usize,
    seed: u64,
) -> Vec<LadderStanding> {
    let top = ceiling.and_then(|c| scores_over(pairs, c, baseline));
    let mut rng = stream(seed, 0, Purpose::Other, Stream::ShareBootstrap.sub());
    (0..k)
        .map(|a| {
            let own = (a != baseline)
                .then(|| scores_over(pairs, a, baseline))
                .flatten();
            let over_baseline = own.as_ref().map(|s| {
                let mut m = MeanAcc::default();
                s.iter().for_each(|&v| m.add(v));
                m.t_interval(0.95)
            });
            let share = match (&own, &top) {
                (Some(own), Some(top))
                    if own.len() == top.len() && top.iter().sum::<f64>() > 0.0 =>
                {
                    Some(ratio_interval(own, top, resamples, &mut rng))
                }
                _ => None,
            };
            LadderStanding {
                over_baseline,
                share,
            }
        })
        .collect()
}

/// The ratio of the means of `num` and `den` (paired by index), with a percentile bootstrap
/// interval over the indices.
fn ratio_interval(
    num: &[f64],
    den: &[f64],
    resamples: usize,
    rng: &mut crate::rng::GameRng,
) -> Interval {
    let n = num.len();
    let ratio = |pick: &mut dyn FnMut() -> usize| {
        let (mut a, mut b) = (0.0, 0.0);
        for _ in 0..n {
            let i = pick();
            a += num[i];
            b += den[i];
        }
        a / b
    };
    let mut i = 0;
    let estimate = ratio(&mut || {
        i += 1;
        i - 1
    });
    let mut draws: Vec<f64> = (0..resamples)
        .map(|_| ratio(&mut || below(rng, n as u32) as usize))
        .filter(|r| r.is_finite())
        .collect();
    draws.sort_by(f64::total_cmp);
    let at = |q: f64| {
        draws
            .get(((q * draws.len() as f64) as usize).min(draws.len().saturating_sub(1)))
            .copied()
            .unwrap_or(estimate)
    };
    Interval {
        estimate,
        low: at(0.025),
        high: at(0.975),
    }
}

/// What a finished tournament reports: the pairs, the ratings (200 bootstrap resamples, as ever)
/// and, with a baseline, each agent's standing (1,000 resamples for the share's interval).
pub struct Finished<'a> {
    /// The game's name.
    pub game: String,
    /// Seats at the table.
    pub seats: usize,
    /// Deals (or matches) per pair.
    pub deals: u64,
    /// Whole matches.
    pub matches: bool,
    /// The seed.
    pub seed: u64,
    /// The agents' names.
    pub names: Vec<String>,
    /// The pairs' results.
    pub pairs: &'a [PairResult],
    /// The baseline and ceiling, by index.
    pub baseline: Option<usize>,
    /// The ceiling.
    pub ceiling: Option<usize>,
    /// Where the sequential test of the one pair ended (`--sprt`).
    pub sprt: Option<crate::stats::SprtOutcome>,
}

/// The report tables of a finished tournament.
pub fn tournament_tables(f: Finished<'_>) -> TournamentTables {
    let k = f.names.len();
    let rated = ratings(k, f.pairs, 200, f.seed);
    let ladder = f.baseline.map(|b| {
        let rows = ladder_standings(k, f.pairs, b, f.ceiling, 1000, f.seed)
            .into_iter()
            .map(|s| LadderRow {
                over_baseline: s.over_baseline,
                share: s.share,
            })
            .collect();
        (b, f.ceiling, rows)
    });
    TournamentTables {
        game: f.game,
        seats: f.seats,
        deals: f.deals,
        matches: f.matches,
        seed: f.seed,
        names: f.names,
        pairs: f
            .pairs
            .iter()
            .map(|p| PairRow {
                x: p.x,
                y: p.y,
                deals: p.scores.len(),
                mean: p.mean(),
                record: p.record(),
                los: super::tournament_sprt::deal_results(&p.scores).los(),
            })
            .collect(),
        ratings: rated.into_iter().map(|(_, ci)| ci).collect(),
        ladder,
        sprt: f.sprt,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standings_count_over_the_baseline_and_share_the_ceilings_edge_on_paired_deals() {
        let pairs = [
            PairResult {
                x: 0,
                y: 1,
                scores: vec![1.0, 2.0, 3.0],
            },
            PairResult {
                x: 1,
                y: 2,
                scores: vec![-2.0, -4.0, -6.0],
            },
        ];
        let s = ladder_standings(3, &pairs, 1, Some(2), 100, 9);
        assert_eq!(s[1].over_baseline, None);
        assert_eq!(s[1].share, None);
        assert_eq!(s[0].over_baseline.unwrap().estimate, 2.0);
        assert_eq!(s[2].over_baseline.unwrap().estimate, 4.0);
        // Agent 0 scores exactly half the ceiling on every deal: every resample says 0.5.
        let half = s[0].share.unwrap();
        assert_eq!((half.estimate, half.low, half.high), (0.5, 0.5, 0.5));
        let full = s[2].share.unwrap();
        assert_eq!((full.estimate, full.low, full.high), (1.0, 1.0, 1.0));
        // Without a ceiling there is no share.
        assert_eq!(ladder_standings(3, &pairs, 1, None, 100, 9)[0].share, None);
    }

    #[test]
    fn a_ceiling_without_an_edge_over_the_baseline_gives_no_share() {
        // The ceiling ties the baseline on the deals (a one-deal tournament can), or loses to
        // it: a share of its edge would be a division by zero or a sign-flipped ratio.
        for ceiling in [vec![0.0, 0.0], vec![1.0, -1.0], vec![-1.0, -2.0]] {
            let pairs = [
                PairResult {
                    x: 0,
                    y: 1,
                    scores: vec![1.0, 2.0],
                },
                PairResult {
                    x: 2,
                    y: 1,
                    scores: ceiling.clone(),
                },
            ];
            let s = ladder_standings(3, &pairs, 1, Some(2), 100, 9);
            assert_eq!(s[0].share, None, "{ceiling:?}");
            assert_eq!(s[2].share, None, "{ceiling:?}");
            assert_eq!(s[0].over_baseline.unwrap().estimate, 1.5);
        }
    }
}
