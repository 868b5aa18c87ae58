//! The conformance suite every game plugs into: random play with checks after every step.
//!
//! [`run`] plays random matches (or single hands) of any game and checks, at every decision,
//! that the legal set is non-empty, that an action outside it is rejected by `try_apply` and
//! changes nothing, and after every hand that its record round-trips through `replay`. The
//! game's own invariants come in as a closure over each finished hand.

use tricklab::games::matches::{MatchState, PlayedHand, play_match};
use tricklab::games::record::{RecordRules, record_hand, replay_line};
use tricklab::games::{Action, ActionSet, Decision, Game, Seat};
use tricklab::rng::{GameRng, Purpose, below, stream};

/// A chooser of actions other than uniform random play (e.g. one that revokes on purpose).
pub type Chooser<'a, G> = &'a mut dyn FnMut(&G, Seat, &mut GameRng) -> Action;

/// How many games to play, and how.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Random seed.
    pub seed: u64,
    /// Games to play.
    pub games: u64,
    /// One hand per game instead of a whole match.
    pub single_hands: bool,
    /// Check a rejected illegal action at every `reject_every`-th decision (1: every one).
    pub reject_every: u64,
    /// Check the record round trip for every `record_every`-th hand.
    pub record_every: u64,
    /// Keep playing games past `games` until at least this many hands were played.
    pub min_hands: u64,
}

impl Plan {
    /// `games` hands or matches, with every check at every step.
    pub fn new(seed: u64, games: u64) -> Plan {
        Plan {
            seed,
            games,
            single_hands: false,
            reject_every: 1,
            record_every: 1,
            min_hands: 0,
        }
    }
}

/// What the suite counted.
#[derive(Debug, Default, Clone, Copy)]
pub struct Counts {
    /// Hands played.
    pub hands: u64,
    /// Decisions taken.
    pub decisions: u64,
    /// Illegal actions rejected.
    pub rejected: u64,
    /// Matches that ended by their end rule.
    pub matches_ended: u64,
}

/// Every action of the same kind that is not legal now (cards: every card of the 52 not in the
/// set; trumps: every suit not offered).
fn illegal_candidates(legal: ActionSet) -> Vec<Action> {
    let all = match legal.decision() {
        Decision::NameTrump => ActionSet::trumps(0xF),
        d => ActionSet::from_cards(d, tricklab::cards::CardSet::ALL),
    };
    all.iter().filter(|a| !legal.contains(*a)).collect()
}

/// Plays `plan.games` games of `rules`, choosing each action with `choose` (uniform random
/// when `None`), checking the generic invariants and then `check` on every finished hand.
///
/// # Panics
/// On the first broken invariant, naming the game and hand.
pub fn run<R: RecordRules>(
    rules: &R,
    plan: Plan,
    mut choose: Option<Chooser<'_, R::Hand>>,
    mut check: impl FnMut(&PlayedHand<'_, R::Hand>) -> Result<(), String>,
) -> Counts {
    let n = rules.sides().num_seats();
    let mut counts = Counts::default();
    let mut probe = stream(plan.seed, u64::MAX, Purpose::Other, 0);
    let mut game = 0;
    while game < plan.games || counts.hands < plan.min_hands {
        let mut rng = stream(plan.seed, game, Purpose::Agent, 0);
        let mut deal_rng = stream(plan.seed, game, Purpose::Deal, 0);
        let first = Seat(below(&mut rng, n as u32) as u8);
        let max = if plan.single_hands { 1 } else { 10_000 };
        let mut failure: Option<String> = None;
        let end = play_match(
            rules,
            MatchState::new(first),
            &mut deal_rng,
            max,
            |h, seat| {
                let legal = h.legal_actions();
                assert!(
                    !legal.is_empty(),
                    "game {game}: seat {seat} to act with no legal action"
                );
                counts.decisions += 1;
                if counts.decisions % plan.reject_every == 0 {
                    let bad: Vec<Action> = illegal_candidates(legal)
                        .into_iter()
                        .filter(|a| !h.accepts(*a))
                        .collect();
                    if !bad.is_empty() {
                        let a = bad[below(&mut probe, bad.len() as u32) as usize];
                        let mut copy = h.clone();
                        assert!(
                            copy.try_apply(a).is_err(),
                            "game {game}: illegal {a} accepted"
                        );
                        assert_eq!(&copy, h, "game {game}: a rejected {a} changed the state");
                        counts.rejected += 1;
                    }
                }
                let a = match choose.as_deref_mut() {
                    Some(f) => f(h, seat, &mut rng),
                    None => legal.choose(&mut rng),
                };
                assert!(
                    h.accepts(a),
                    "game {game}: the chooser returned {a}, which is not accepted"
                );
                a
            },
            |played| {
                counts.hands += 1;
                if failure.is_some() {
                    return;
                }
                if let Err(e) = check(played) {
                    failure = Some(format!(
                        "game {game} hand {}: {e}",
                        played.before.hands_dealt
                    ));
                    return;
                }
                if counts.hands % plan.record_every == 0 {
                    let rec = record_hand(rules, game, played);
                    let line = serde_json::to_string(&rec).expect("serialise");
                    if let Err(e) = replay_line::<R>(&line) {
                        failure = Some(format!("game {game}: record does not replay: {e}\n{line}"));
                    }
                }
            },
        );
        if let Some(f) = failure {
            panic!("{f}");
        }
        if end.winners.is_some() {
            counts.matches_ended += 1;
        }
        game += 1;
    }
    counts
}
