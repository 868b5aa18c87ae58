//! The table: a match in which some seats are people and the others agents.
//!
//! A [`Table`] owns the match and the hand in progress. A person's seat is an agent like any
//! other, except that its decisions come in through [`Table::act`]; the table plays the bots'
//! decisions itself ([`Table::step`], [`Table::advance`]) until a person is to act. Taking a
//! card back ([`Table::undo`]) and playing it again brings the same replies (see
//! [`bots`](super::bots)).

use crate::agents::AgentSpec;
use crate::cards::Card;
use crate::games::matches::{MatchState, PlayedHand};
use crate::games::record::{RecordRules, record_hand};
use crate::games::{Action, Game, IllegalAction, Seat};
use crate::rng::{GameRng, Purpose, stream};

mod restore;
mod seats;

pub use restore::RestoreError;

use super::bots::Player;
use super::error::{SeatingError, TableError};
use super::event::{Event, Values};
use super::hint::HintConfig;
use super::log::{HandNotes, InfoEntry, LogLine, UndoNote, record_line};
use super::table_game::TableGame;

/// How a table is set up.
pub struct TableConfig {
    /// The seed of the deals and of the bots' decisions.
    pub seed: u64,
    /// The match number written in the records.
    pub match_index: u64,
    /// How hints search.
    pub hint: HintConfig,
    /// Stop the match after this many hands.
    pub max_hands: u32,
    /// Analysis with open cards: `why` shows a bot's values during the hand (they name the
    /// cards it holds). The records note it.
    pub open: bool,
}

/// A match at the table: the rules, the players, the match score and the hand in progress.
pub struct Table<R: RecordRules>
where
    R::Hand: TableGame,
{
    rules: R,
    players: Vec<Player<R::Hand>>,
    config: TableConfig,
    deal_rng: GameRng,
    m: MatchState,
    initial: R::Hand,
    hand: R::Hand,
    actions: Vec<(Seat, Action)>,
    /// How many of the hand's record steps have been told.
    told: usize,
    /// Whether the hand in progress has been announced.
    announced: bool,
    notes: HandNotes,
    last_bot: Option<(Seat, Option<Values>)>,
    lines: Vec<LogLine>,
    forced_last: Option<Seat>,
}

impl<R: RecordRules> Table<R>
where
    R::Hand: TableGame,
{
    /// Seats `players` (one per seat; `None` for a person) at a new match of `rules`.
    ///
    /// # Errors
    /// [`SeatingError`]: an agent that cannot play this game, a hint agent that is not a
    /// searcher, or a seat count that does not fit.
    pub fn new(
        rules: R,
        players: &[Option<AgentSpec>],
        config: TableConfig,
    ) -> Result<Table<R>, SeatingError> {
        let seats = rules.sides().num_seats();
        if players.len() != seats {
            return Err(SeatingError::Count {
                players: players.len(),
                seats,
            });
        }
        let built = players
            .iter()
            .map(|p| Player::of(p.as_ref()))
            .collect::<Result<Vec<_>, _>>()?;
        let mut first = stream(config.seed, config.match_index, Purpose::FirstDealer, 0);
        let dealer = Seat(crate::rng::below(&mut first, seats as u32) as u8);
        let m = MatchState::new(dealer);
        let mut deal_rng = stream(config.seed, config.match_index, Purpose::Deal, 0);
        let initial = rules.deal(&m, &mut deal_rng);
        Ok(Table {
            hand: initial.clone(),
            initial,
            rules,
            players: built,
            deal_rng,
            m,
            actions: Vec::new(),
            told: 0,
            announced: false,
            notes: HandNotes {
                open: config.open,
                ..HandNotes::default()
            },
            last_bot: None,
            lines: Vec::new(),
            forced_last: None,
            config,
        })
    }

    /// Makes `hand`, dealt by `dealer`, the match's first hand (a deal book's, `play --deals`);
    /// the later hands are the seed's, as without it. Call it before the first step.
    pub fn deal_first(&mut self, dealer: Seat, hand: R::Hand) {
        self.m = MatchState::new(dealer);
        self.hand = hand.clone();
        self.initial = hand;
    }

    /// One step of the table: announces a hand not yet announced, then lets the bot to act
    /// decide or settles a finished hand (the next hand is announced by the next step).
    /// Nothing else happens while a person is to act.
    pub fn step(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        self.announce(&mut events);
        if self.is_over() {
            return events;
        }
        match self.hand.to_act() {
            None => self.finish_hand(&mut events),
            Some(seat) if !self.is_human(seat) => {
                let action = self.bot_decision(seat);
                self.apply(seat, action, &mut events);
            }
            Some(_) => {}
        }
        events
    }

    /// Whether the table has a step to take before a person acts: a new hand to announce, a
    /// bot to decide or a finished hand to settle.
    pub fn busy(&self) -> bool {
        !self.is_over()
            && (!self.announced || self.hand.to_act().is_none() || self.bot_to_act().is_some())
    }

    /// Plays the bots' decisions until a person is to act or the match is over.
    pub fn advance(&mut self) -> Vec<Event> {
        let mut events = self.step();
        while self.busy() {
            events.extend(self.step());
        }
        events
    }

    /// The person to act takes `action`, and nothing else happens ([`Table::step`] goes on).
    ///
    /// # Errors
    /// The action is not legal, or no person is to act.
    pub fn decide(&mut self, action: Action) -> Result<Vec<Event>, IllegalAction> {
        let seat = self.human_to_act().ok_or(IllegalAction::HandOver)?;
        if !self.hand.accepts(action) {
            return Err(IllegalAction::NotLegal {
                action,
                seat,
                legal: self.hand.legal_actions(),
            });
        }
        let mut events = Vec::new();
        self.apply(seat, action, &mut events);
        Ok(events)
    }

    /// The person to act takes `action`; then the bots reply until a person is to act again.
    ///
    /// # Errors
    /// The action is not legal, or no person is to act.
    pub fn act(&mut self, action: Action) -> Result<Vec<Event>, IllegalAction> {
        let mut events = self.decide(action)?;
        events.extend(self.advance());
        Ok(events)
    }

    /// Takes back the last decision a person took in this hand and every bot reply after it.
    /// The record of the hand notes it. Returns the decisions taken back.
    ///
    /// # Errors
    /// [`TableError::NothingToUndo`] when no person has decided yet in this hand.
    pub fn undo(&mut self) -> Result<Vec<(Seat, Action)>, TableError> {
        let at = self
            .actions
            .iter()
            .rposition(|&(s, _)| self.is_human(s))
            .ok_or(TableError::NothingToUndo)?;
        let taken: Vec<(Seat, Action)> = self.actions.drain(at..).collect();
        let mut hand = self.initial.clone();
        for &(_, a) in &self.actions {
            hand.apply(a);
        }
        self.hand = hand;
        self.told = self.steps().len();
        self.notes.undo.push(UndoNote {
            at,
            taken_back: taken
                .iter()
                .map(|&(s, a)| format!("seat {s} {a}"))
                .collect(),
        });
        self.notes.info.retain(|i| i.index < at);
        self.last_bot = None;
        Ok(taken)
    }

    fn announce(&mut self, events: &mut Vec<Event>) {
        if !self.announced && !self.is_over() {
            self.announced = true;
            events.push(Event::HandStarted {
                hand: self.m.hands_dealt,
                dealer: self.hand.dealer(),
            });
        }
    }

    fn bot_decision(&mut self, seat: Seat) -> Action {
        let legal = self.hand.legal_actions();
        if legal.len() == 1 {
            self.last_bot = Some((seat, None));
            self.forced_last = Some(seat);
            return legal.nth(0).expect("one action");
        }
        self.forced_last = None;
        let at = self.decision_at();
        let Player::Bot(bot) = &mut self.players[seat.index()] else {
            unreachable!("a bot's seat");
        };
        let (action, valued) = bot.decide(&self.hand, seat, at);
        if let Some(v) = &valued {
            self.notes.info.push(InfoEntry::of(v));
        }
        self.last_bot = Some((seat, valued));
        action
    }

    fn apply(&mut self, seat: Seat, action: Action, events: &mut Vec<Event>) {
        let n = self.hand.num_seats();
        let before: Vec<u32> = Seat::all(n).map(|s| self.hand.tricks_won(s)).collect();
        let trick = self.hand.trick();
        let mut cards: Vec<(Seat, Card)> = trick
            .cards()
            .iter()
            .enumerate()
            .map(|(i, &c)| (trick.leader().plus(i, n), c))
            .collect();
        self.hand.apply(action);
        self.actions.push((seat, action));
        let steps = self.steps();
        events.extend(steps[self.told..].iter().map(|&r| Event::Step(r)));
        self.told = steps.len();
        if let Action::Play(c) = action {
            cards.push((seat, c));
            if let Some(winner) =
                Seat::all(n).find(|&s| self.hand.tricks_won(s) > before[s.index()])
            {
                events.push(Event::TrickWon { winner, cards });
            }
        }
    }

    fn finish_hand(&mut self, events: &mut Vec<Event>) {
        let before = self.m;
        self.rules.settle(&mut self.m, &self.hand);
        // Abandoned at the hand limit before the record is written, which marks the cut.
        if !self.m.is_over() && self.m.hands_dealt >= self.config.max_hands {
            self.m.abandoned = true;
        }
        let mut record = record_hand(
            &self.rules,
            self.config.match_index,
            &PlayedHand {
                initial: &self.initial,
                actions: &self.actions,
                last: &self.hand,
                before: &before,
                after: &self.m,
            },
        );
        let notes = std::mem::replace(
            &mut self.notes,
            HandNotes {
                open: self.config.open,
                ..HandNotes::default()
            },
        );
        let seats = self.seat_specs();
        let line = record_line::<R>(&record, &seats, &notes);
        record.cut = true;
        let cut = record_line::<R>(&record, &seats, &notes);
        self.lines.push(LogLine { line, cut });
        let sides = self.rules.sides();
        let n = sides.num_seats();
        events.push(Event::HandOver {
            hand: before.hands_dealt,
            tricks: Seat::all(n).map(|s| self.hand.tricks_won(s)).collect(),
            targets: self.hand.targets(),
            points: sides.all().map(|s| self.hand.side_points(s)).collect(),
            scores: self.m.scores[..sides.num_sides()].to_vec(),
            next_dealer: self.m.dealer,
        });
        self.last_bot = None;
        if self.m.is_over() {
            events.push(Event::MatchOver {
                winners: (0..8)
                    .filter(|i| self.m.winners.unwrap_or(0) & (1 << i) != 0)
                    .collect(),
            });
            return;
        }
        self.initial = self.rules.deal(&self.m, &mut self.deal_rng);
        self.hand = self.initial.clone();
        self.actions.clear();
        self.told = 0;
        self.announced = false;
    }
}
