//! One hand in progress, with what its record needs: the rules, the match before it, the deal
//! and every decision so far.

use tricklab::cards::{Card, Rank, Suit};
use tricklab::games::matches::{MatchState, PlayedHand};
use tricklab::games::record::{FORMAT, RecordOf, RecordRules, record_hand, replay_record};
use tricklab::games::{Action, ActionSet, Decision, Game, MAX_SEATS, Seat};
use tricklab::knowledge::Observable;
use tricklab::rng::{GameRng, GameStreams, Purpose, stream};

use crate::table::Table;

/// The number of action ids: 52 cards (`suit * 13 + rank`, suits C D H S, ranks 2…A) and the
/// four suits a trump can be named in (`52 + suit`).
pub const NUM_ACTION_IDS: usize = 56;

/// A card's compact index, `suit * 13 + rank` (clubs, diamonds, hearts, spades; two … ace).
pub fn card_id(c: Card) -> usize {
    c.suit().index() * Rank::NUM + c.rank().index()
}

/// The card with compact index `id` (below 52).
pub fn card_of_id(id: usize) -> Card {
    Card::new(
        Suit::from_index(id / Rank::NUM),
        Rank::from_index(id % Rank::NUM),
    )
}

/// An action's id (see [`NUM_ACTION_IDS`]).
pub fn action_id(a: Action) -> usize {
    match a {
        Action::NameTrump(s) => 52 + s.index(),
        other => card_id(other.card().expect("card action")),
    }
}

/// The legal action with id `id`, or the message naming what is legal.
pub fn action_of_id(legal: ActionSet, id: i64) -> Result<Action, String> {
    let found = legal.iter().find(|&a| action_id(a) as i64 == id);
    found.ok_or_else(|| {
        let ids: Vec<String> = legal.iter().map(|a| action_id(a).to_string()).collect();
        format!(
            "action id {id} is not legal here: legal are {}",
            ids.join(" ")
        )
    })
}

/// The legal action written `text`: its argument (`TD`, or a suit for a trump) or the full
/// form (`play TD`).
pub fn action_of_text(legal: ActionSet, text: &str) -> Result<Action, String> {
    let text = text.trim();
    let arg = match text.split_once(' ') {
        Some((word, arg)) if word == legal.decision().name() => arg.trim(),
        Some((word, _)) => {
            return Err(format!(
                "`{word}` is not the decision here: it is `{}`",
                legal.decision().name()
            ));
        }
        None => text,
    };
    Action::parse(legal.decision(), arg).map_err(|e| e.to_string())
}

/// One hand of the game `R` in progress.
#[derive(Clone, Debug)]
pub struct Play<R: Table> {
    /// The rules.
    pub rules: R,
    /// The match before this hand.
    pub before: MatchState,
    /// The match number written in the record.
    pub match_index: u64,
    /// The hand as dealt, where known (a sampled world has none).
    pub initial: Option<R::Hand>,
    /// The hand now.
    pub hand: R::Hand,
    /// Every decision so far.
    pub actions: Vec<(Seat, Action)>,
}

impl<R: Table> Play<R> {
    /// The first hand of game `index` of a run with `seed`: the deal and first dealer that
    /// `tricklab simulate --seed SEED` plays in its game `index`.
    pub fn deal(rules: &R, seed: u64, index: u64) -> Play<R> {
        let n = rules.sides().num_seats();
        let GameStreams {
            deal: mut deal_rng,
            first_dealer,
            ..
        } = GameStreams::new(seed, index, n, 0, |k| k as u64);
        let before = MatchState::new(Seat(first_dealer));
        let hand = rules.deal(&before, &mut deal_rng);
        Play::from_deal(rules.clone(), before, index, hand)
    }

    /// A hand as dealt.
    pub fn from_deal(rules: R, before: MatchState, match_index: u64, hand: R::Hand) -> Play<R> {
        Play {
            rules,
            before,
            match_index,
            initial: Some(hand.clone()),
            hand,
            actions: Vec::new(),
        }
    }

    /// Applies a legal action, or says why not (the command line's message).
    pub fn apply(&mut self, action: Action) -> Result<(), String> {
        let seat = self.hand.to_act();
        self.hand.try_apply(action).map_err(|e| e.to_string())?;
        self.actions
            .push((seat.expect("an accepted action has a seat"), action));
        Ok(())
    }

    /// Each seat's points for the finished hand (its side's), zeros while the hand goes on:
    /// the play's points and the bonus the rules add after it (Whist's honours).
    pub fn returns(&self) -> Vec<f64> {
        let n = self.hand.num_seats();
        if !self.hand.is_over() {
            return vec![0.0; n];
        }
        let sides = self.hand.sides();
        Seat::all(n)
            .map(|s| {
                f64::from(self.hand.seat_points(s) + self.rules.bonus(&self.hand, sides.side(s)))
            })
            .collect()
    }

    /// A world drawn uniformly from those consistent with what `seat` knows; it has no deal
    /// of its own, so no record.
    pub fn sample_world(&self, seat: Seat, seed: u64) -> Play<R> {
        let mut rng: GameRng = stream(seed, 0, Purpose::Other, seat.0 as u64);
        Play {
            rules: self.rules.clone(),
            before: self.before,
            match_index: self.match_index,
            initial: None,
            hand: self.hand.sample_world(seat, &mut rng),
            actions: self.actions.clone(),
        }
    }

    /// The finished hand as one `tricklab-hand/1` line.
    pub fn to_record(&self) -> Result<String, String> {
        let Some(initial) = &self.initial else {
            return Err("a sampled world has no record: its deal is not known".into());
        };
        if !self.hand.is_over() {
            return Err("the hand is not over: only a finished hand has a record".into());
        }
        let mut after = self.before;
        self.rules.settle(&mut after, &self.hand);
        let rec = record_hand(
            &self.rules,
            self.match_index,
            &PlayedHand {
                initial,
                actions: &self.actions,
                last: &self.hand,
                before: &self.before,
                after: &after,
            },
        );
        serde_json::to_string(&rec).map_err(|e| e.to_string())
    }

    /// The hand of a record line, replayed and checked, at its end.
    pub fn from_record(line: &str) -> Result<Play<R>, String> {
        let rec: RecordOf<R> =
            serde_json::from_str(line).map_err(|e| format!("not a tricklab record: {e}"))?;
        let replayed = replay_record::<R>(&rec).map_err(|e| e.to_string())?;
        let before = before_of::<R>(&rec);
        let initial = replayed
            .rules
            .restore(&before, &rec.deal)
            .map_err(|e| e.to_string())?;
        let mut play = Play::from_deal(replayed.rules, before, rec.match_index, initial);
        for step in &rec.actions {
            if let Some(action) = step.step.decision() {
                play.apply(action)?;
            }
        }
        debug_assert_eq!(play.hand, replayed.last);
        Ok(play)
    }
}

/// The match before a record's hand (the record is checked already).
fn before_of<R: RecordRules>(rec: &RecordOf<R>) -> MatchState {
    debug_assert_eq!(rec.format, FORMAT);
    let mut before = MatchState::new(Seat(rec.dealer));
    before.hands_dealt = rec.hand;
    before.scores[..rec.scores_before.len()].copy_from_slice(&rec.scores_before);
    if let Some(p) = &rec.previous {
        let mut arr = [0; MAX_SEATS];
        arr[..p.len()].copy_from_slice(p);
        before.previous = Some(arr);
    }
    before
}

/// Whether `action` (taken by `seat`) is seen by `observer`: plays and trump naming are public;
/// discards and gives only the seat that makes them sees as actions (what a receiver learns is
/// in its hand and its knowledge).
pub fn seen_by(seat: Seat, action: Action, observer: Seat) -> bool {
    match action.decision() {
        Decision::Play | Decision::NameTrump => true,
        Decision::Discard | Decision::Give => seat == observer,
    }
}
