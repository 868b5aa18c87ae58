//! What the table tells of itself: the rules and the hand, who sits where, whose turn it is,
//! the last bot's values (`why`) and the hint.

use crate::agents::AgentSpec;
use crate::games::matches::MatchState;
use crate::games::record::{ActionRecord, RecordRules};
use crate::games::{Action, Game, Seat};

use super::{Table, TableConfig};
use crate::play::bots::{DecisionAt, Player};
use crate::play::error::TableError;
use crate::play::event::Values;
use crate::play::hint::{Hint, search};
use crate::play::log::LogLine;
use crate::play::table_game::TableGame;

impl<R: RecordRules> Table<R>
where
    R::Hand: TableGame,
{
    /// The rules.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// How the table was set up.
    pub fn config(&self) -> &TableConfig {
        &self.config
    }

    /// The hand in progress (or the last hand, once the match is over).
    pub fn hand(&self) -> &R::Hand {
        &self.hand
    }

    /// The hand in progress as dealt.
    pub fn initial(&self) -> &R::Hand {
        &self.initial
    }

    /// The match: scores, dealer, hands dealt.
    pub fn match_state(&self) -> &MatchState {
        &self.m
    }

    /// The decisions of the hand in progress so far.
    pub fn actions(&self) -> &[(Seat, Action)] {
        &self.actions
    }

    /// The steps of the hand in progress so far as the record writes them (the engine's
    /// forced returns included, with each give's and return's receiver).
    pub fn steps(&self) -> Vec<ActionRecord> {
        self.rules.action_records(&self.initial, &self.actions)
    }

    /// Whether `seat` is a person's.
    pub fn is_human(&self, seat: Seat) -> bool {
        matches!(self.players.get(seat.index()), Some(Player::Human))
    }

    /// The first person's seat (the one the screen is drawn for).
    pub fn first_human(&self) -> Seat {
        Seat::all(self.players.len())
            .find(|&s| self.is_human(s))
            .unwrap_or(Seat(0))
    }

    /// What sits in `seat`, in a few words: `you`, or the agent's spec up to its first comma
    /// (`ismcts:iterations=20000`; the full spec is in the record's `seats`).
    pub fn player_name(&self, seat: Seat) -> String {
        match &self.players[seat.index()] {
            Player::Human => "you".to_string(),
            Player::Bot(b) => {
                let full = b.spec.to_string();
                full.split(',').next().unwrap_or_default().to_string()
            }
        }
    }

    /// Whether the bot in `seat` takes a while over its next decision: a searcher (or an
    /// outside program) with a choice to make, not `random` or `rules`, nor a forced step.
    pub fn searches(&self, seat: Seat) -> bool {
        let choice = self.hand.to_act() == Some(seat) && self.hand.legal_actions().len() > 1;
        match &self.players[seat.index()] {
            Player::Human => false,
            Player::Bot(b) => choice && !matches!(b.spec, AgentSpec::Random | AgentSpec::Rules(_)),
        }
    }

    /// The seat names for the record: `human` or the agent's spec.
    pub fn seat_specs(&self) -> Vec<String> {
        self.players
            .iter()
            .map(|p| match p {
                Player::Human => "human".to_string(),
                Player::Bot(b) => b.spec.to_string(),
            })
            .collect()
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.m.is_over()
    }

    /// Whether a hand is in progress: someone has decided in it and it is not over.
    pub fn hand_in_progress(&self) -> bool {
        !self.is_over() && !self.actions.is_empty()
    }

    /// The person's seat to act now, if any.
    pub fn human_to_act(&self) -> Option<Seat> {
        if self.is_over() {
            return None;
        }
        self.hand.to_act().filter(|&s| self.is_human(s))
    }

    /// The bot to decide next, before any person acts (`None` when a person is to act, a
    /// hand is to be settled or the match is over).
    pub fn bot_to_act(&self) -> Option<Seat> {
        if self.is_over() {
            return None;
        }
        self.hand.to_act().filter(|&s| !self.is_human(s))
    }

    /// The record lines of the hands finished since the last call, to be written to the log.
    pub fn take_lines(&mut self) -> Vec<LogLine> {
        std::mem::take(&mut self.lines)
    }

    /// The last bot decision's values (`why`).
    ///
    /// # Errors
    /// [`TableError`], why there are none: the values would show a bot's cards during the
    /// hand (unless the table is open), no bot has decided since your last decision, the
    /// decision was forced, or the bot plays by rules without values.
    pub fn why(&self) -> Result<&Values, TableError> {
        match &self.last_bot {
            None => Err(TableError::NoBotYet),
            Some((seat, _)) if !self.config.open => Err(TableError::Hidden(*seat)),
            Some((_, Some(v))) => Ok(v),
            Some((seat, None)) if self.forced_last == Some(*seat) => Err(TableError::Forced(*seat)),
            Some((seat, None)) => Err(TableError::NoValues {
                seat: *seat,
                name: self.player_name(*seat),
            }),
        }
    }

    /// The hint for the person to act: each legal action's value in the game's units.
    pub fn hint(&self) -> Option<Hint> {
        let seat = self.human_to_act()?;
        Some(search(
            &self.hand,
            seat,
            self.config.hint,
            self.decision_at(),
        ))
    }

    /// The hand's number and the decision's, for the hint's stream.
    pub(super) fn decision_at(&self) -> DecisionAt {
        DecisionAt {
            seed: self.config.seed,
            hand: self.m.hands_dealt as u64,
            index: self.actions.len(),
        }
    }
}
