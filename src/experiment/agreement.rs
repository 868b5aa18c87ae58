//! Expert agreement (RULES.md §5, method 2): in positions where a tip player and its control
//! would act differently, reached in self-play of a strong player, how often does a strong
//! searcher choose the tip's action, and what does ignoring the tip cost by the searcher's own
//! estimate?

use std::sync::atomic::{AtomicBool, Ordering};

use indicatif::ProgressBar;
use rayon::prelude::*;

use crate::agents::{AgentFactory, build_agent, build_evaluator};
use crate::games::matches::{MatchRules, MatchState, play_match};
use crate::games::{Action, Game, Seat};
use crate::rng::{GameStreams, Purpose, stream};
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

/// Plays self-play games with the config's `play` agent in every seat and collects the first
/// `positions` decisions at which the tip and control players (the subject-seat agents of the
/// two arms) would act differently. Reproducible from the config's seed.
///
/// In a second-edition config (RULES.md §5.4) each game gives at most one position per seat,
/// its first disagreement there, so that positions are not clustered in a few games and an
/// interval that treats them as independent is honest.
pub fn collect<R: MatchRules>(exp: &Experiment, rules: &R) -> Vec<Disagreement<R::Hand>>
where
    R::Hand: AgentFactory,
{
    let ag = exp.agreement.as_ref().expect("an [agreement] section");
    let n = rules.sides().num_seats();
    let tip_spec = &exp.arms[ag.tip].seats[exp.arms[ag.tip].subject[0].index()];
    let control_spec = &exp.arms[ag.control].seats[exp.arms[ag.control].subject[0].index()];
    let mut tip = build_agent::<R::Hand>(tip_spec).expect("checked");
    let mut control = build_agent::<R::Hand>(control_spec).expect("checked");
    let mut players: Vec<_> = (0..n)
        .map(|_| build_agent::<R::Hand>(&ag.play).expect("checked"))
        .collect();
    let mut found = Vec::new();
    for game in 0..1_000_000u64 {
        if found.len() as u64 >= ag.positions {
            break;
        }
        let GameStreams {
            agents: mut rngs,
            deal: mut deal_rng,
            first_dealer,
        } = GameStreams::new(exp.seed, game, n, Stream::AgreementDeal.sub(), |seat| {
            Stream::AgreementAgent { seat }.sub()
        });
        let first = Seat(first_dealer);
        let mut step = 0u64;
        let once_per_seat = exp.edition >= 2;
        let mut taken = 0u64;
        play_match(
            rules,
            MatchState::new(first),
            &mut deal_rng,
            if exp.matches { exp.max_hands } else { 1 },
            |h, s| {
                step += 1;
                let fresh = !once_per_seat || taken & (1 << s.index()) == 0;
                if fresh && (found.len() as u64) < ag.positions && h.legal_actions().len() > 1 {
                    // Both players answer from the same stream, so a random tie-break cannot make
                    // them differ.
                    let t = tip.choose(h, s, &mut stream(exp.seed, game, Purpose::Other, step));
                    let c = control.choose(h, s, &mut stream(exp.seed, game, Purpose::Other, step));
                    if t != c {
                        taken |= 1 << s.index();
                        found.push(Disagreement {
                            game,
                            state: h.clone(),
                            seat: s,
                            tip: t,
                            control: c,
                        });
                    }
                }
                players[s.index()].choose(h, s, &mut rngs[s.index()])
            },
            |_| {},
        );
    }
    found
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
