//! Expert agreement (RULES.md §5, method 2): in positions where a tip player and its control
//! would act differently, reached in self-play of a strong player, how often does a strong
//! searcher choose the tip's action, and what does ignoring the tip cost by the searcher's own
//! estimate?

use std::sync::atomic::{AtomicBool, Ordering};

use indicatif::ProgressBar;
use rayon::prelude::*;

use std::sync::{Arc, Mutex};

use crate::agents::{
    Agent, AgentFactory, AgentSpec, TableEvent, build_agent, build_evaluator, play_seated,
    seat_agents, table_info,
};
use crate::games::Action;
use crate::games::Seat;
use crate::games::matches::MatchState;
use crate::games::record::RecordRules;
use crate::rng::{GameRng, GameStreams, Purpose, stream};
use crate::sim::Stream;

use super::config::Experiment;

/// A position where the tip and the control disagree.
#[derive(Clone, Debug)]
pub struct Disagreement<G> {
    /// The self-play game (a deal, or a match of deals) it comes from.
    pub game: u64,
    /// The state, with the seat to act.
    pub state: G,
    /// The seat to act.
    pub seat: Seat,
    /// The tip player's action.
    pub tip: Action,
    /// The control's action.
    pub control: Action,
}

/// The tip and control players and what they found, shared by the [`Asker`]s of every seat.
struct Panel<G> {
    /// The tip player: one agent for every seat, or (an external bot, which must be shown the
    /// game from its seat) one per seat.
    tip: Vec<Box<dyn Agent<G>>>,
    /// The control, likewise.
    control: Vec<Box<dyn Agent<G>>>,
    /// The game being played, and the decisions in it so far.
    game: u64,
    step: u64,
    /// The seats that gave a position in this game (second edition: one each).
    taken: u64,
    found: Vec<Disagreement<G>>,
}

/// The agents of the tip or control player: one per seat for an external bot, else one.
fn panel_agents<G: AgentFactory>(spec: &AgentSpec, n: usize) -> Vec<Box<dyn Agent<G>>> {
    let k = if matches!(spec, AgentSpec::External(_)) {
        n
    } else {
        1
    };
    (0..k)
        .map(|_| build_agent::<G>(spec).expect("checked"))
        .collect()
}

fn of_seat<G>(agents: &mut [Box<dyn Agent<G>>], s: Seat) -> &mut Box<dyn Agent<G>> {
    let i = if agents.len() == 1 { 0 } else { s.index() };
    &mut agents[i]
}

/// A seat of the self-play: its `play` agent chooses; before it does, the tip and control
/// players are asked what they would play. Observing agents among the three are shown the
/// table from this seat.
struct Asker<G> {
    play: Box<dyn Agent<G>>,
    panel: Arc<Mutex<Panel<G>>>,
    seed: u64,
    positions: u64,
    once_per_seat: bool,
    observes: bool,
}

impl<G: AgentFactory> Agent<G> for Asker<G> {
    fn choose(&mut self, h: &G, s: Seat, rng: &mut GameRng) -> Action {
        let mut guard = self.panel.lock().unwrap_or_else(|p| p.into_inner());
        let p = &mut *guard;
        p.step += 1;
        let fresh = !self.once_per_seat || p.taken & (1 << s.index()) == 0;
        if fresh && (p.found.len() as u64) < self.positions && h.legal_actions().len() > 1 {
            // Both players answer from the same stream, so a random tie-break cannot make
            // them differ.
            let (game, step) = (p.game, p.step);
            let t = of_seat(&mut p.tip, s).choose(
                h,
                s,
                &mut stream(self.seed, game, Purpose::Other, step),
            );
            let c = of_seat(&mut p.control, s).choose(
                h,
                s,
                &mut stream(self.seed, game, Purpose::Other, step),
            );
            if t != c {
                p.taken |= 1 << s.index();
                p.found.push(Disagreement {
                    game,
                    state: h.clone(),
                    seat: s,
                    tip: t,
                    control: c,
                });
            }
        }
        drop(guard);
        self.play.choose(h, s, rng)
    }

    fn observes(&self) -> bool {
        self.observes
    }

    fn observe(&mut self, seat: Seat, event: &TableEvent<'_, G>) {
        if self.play.observes() {
            self.play.observe(seat, event);
        }
        let mut p = self.panel.lock().unwrap_or_else(|p| p.into_inner());
        let Panel { tip, control, .. } = &mut *p;
        for agents in [tip, control] {
            if agents.len() > 1 && agents[seat.index()].observes() {
                agents[seat.index()].observe(seat, event);
            }
        }
    }

    fn forfeited(&self) -> bool {
        self.play.forfeited()
    }
}

/// Plays self-play games with the config's `play` agent in every seat and collects the first
/// `positions` decisions at which the tip and control players (the subject-seat agents of the
/// two arms) would act differently. Reproducible from the config's seed.
///
/// An external bot as tip, control or `play` player is shown the self-play from each seat it
/// answers for, as in play (one process per seat); without one the games are played exactly as
/// by [`play_match`](crate::games::matches::play_match).
///
/// In a second-edition config (RULES.md §5.4) each game gives at most one position per seat,
/// its first disagreement there, so that positions are not clustered in a few games and an
/// interval that treats them as independent is honest.
pub fn collect<R: RecordRules>(exp: &Experiment, rules: &R) -> Vec<Disagreement<R::Hand>>
where
    R::Hand: AgentFactory,
{
    collect_until(exp, rules, &AtomicBool::new(false), None)
}

/// [`collect`], stopping between games once `stop` is set, with the positions found so far
/// (fewer than asked: the caller tells an interrupted collection by `stop`). The positions
/// found are counted on `progress` if given, game by game.
pub fn collect_until<R: RecordRules>(
    exp: &Experiment,
    rules: &R,
    stop: &AtomicBool,
    progress: Option<&ProgressBar>,
) -> Vec<Disagreement<R::Hand>>
where
    R::Hand: AgentFactory,
{
    let ag = exp.agreement.as_ref().expect("an [agreement] section");
    let n = rules.sides().num_seats();
    let tip_spec = &exp.arms[ag.tip].seats[ag.seat.index()];
    let control_spec = &exp.arms[ag.control].seats[ag.seat.index()];
    let panel = Arc::new(Mutex::new(Panel {
        tip: panel_agents::<R::Hand>(tip_spec, n),
        control: panel_agents::<R::Hand>(control_spec, n),
        game: 0,
        step: 0,
        taken: 0,
        found: Vec::new(),
    }));
    let external = |s: &AgentSpec| matches!(s, AgentSpec::External(_));
    let observes = external(tip_spec) || external(control_spec) || external(&ag.play);
    let mut players: Vec<Box<dyn Agent<R::Hand>>> = (0..n)
        .map(|_| {
            Box::new(Asker {
                play: build_agent::<R::Hand>(&ag.play).expect("checked"),
                panel: panel.clone(),
                seed: exp.seed,
                positions: ag.positions,
                once_per_seat: exp.edition >= 2,
                observes,
            }) as Box<dyn Agent<R::Hand>>
        })
        .collect();
    for game in 0..1_000_000u64 {
        {
            let mut p = panel.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(bar) = progress {
                bar.set_position(p.found.len() as u64);
            }
            if p.found.len() as u64 >= ag.positions || stop.load(Ordering::SeqCst) {
                break;
            }
            p.game = game;
            p.step = 0;
            p.taken = 0;
        }
        let GameStreams {
            agents: mut rngs,
            deal: mut deal_rng,
            first_dealer,
        } = GameStreams::new(exp.seed, game, n, Stream::AgreementDeal.sub(), |seat| {
            Stream::AgreementAgent { seat }.sub()
        });
        play_seated(
            rules,
            &table_info(rules, game),
            MatchState::new(Seat(first_dealer)),
            &mut deal_rng,
            if exp.matches { exp.max_hands } else { 1 },
            &mut seat_agents(&mut players, |s| s),
            &mut rngs,
            |_| {},
        );
    }
    drop(players);
    let mut p = panel.lock().unwrap_or_else(|p| p.into_inner());
    std::mem::take(&mut p.found)
}

/// One searcher's answer at one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// The searcher's choice.
    pub choice: Action,
    /// Its value of the tip's action (`None` if never tried).
    pub tip: Option<f64>,
    /// Its value of the control's action.
    pub control: Option<f64>,
    /// Its value of its best action.
    pub best: f64,
}

/// Asks searcher `k` of the config at every position whose answer is still `None` in
/// `answers` (in parallel), calling `on_answer` with each answer as it comes and asking no more
/// once `stop` is set. Reproducible: each answer depends only on the seed, `k` and the
/// position, so a run resumed from saved answers gives the same answers as one never stopped.
/// Each answered position is counted on `progress` if given.
pub fn ask<G: AgentFactory>(
    exp: &Experiment,
    k: usize,
    positions: &[Disagreement<G>],
    answers: &mut [Option<Answer>],
    stop: &AtomicBool,
    on_answer: impl Fn(usize, &Answer) + Sync,
    progress: Option<&ProgressBar>,
) {
    let ag = exp.agreement.as_ref().expect("an [agreement] section");
    let progress = progress.cloned().unwrap_or_else(ProgressBar::hidden);
    progress.inc(answers.iter().filter(|a| a.is_some()).count() as u64);
    answers
        .par_iter_mut()
        .zip(positions)
        .enumerate()
        .filter(|(_, (a, _))| a.is_none())
        .for_each(|(i, (slot, p))| {
            if stop.load(Ordering::SeqCst) {
                return;
            }
            let mut ev = build_evaluator::<G>(&ag.searchers[k]).expect("checked");
            let mut rng = stream(
                exp.seed,
                i as u64,
                Purpose::Agent,
                Stream::Searcher { searcher: k }.sub(),
            );
            let values = ev.evaluate(&p.state, p.seat, &mut rng);
            let of = |a: Action| values.iter().find(|v| v.0 == a).map(|v| v.1);
            let (choice, best) = values.first().copied().unwrap_or((p.tip, f64::NAN));
            let answer = Answer {
                choice,
                tip: of(p.tip),
                control: of(p.control),
                best,
            };
            on_answer(i, &answer);
            *slot = Some(answer);
            progress.inc(1);
        });
}
