//! The table: a match in which some seats are people and the others agents.
//!
//! A [`Table`] owns the match and the hand in progress. A person's seat is an agent like any
//! other, except that its decisions come in through [`Table::act`]; the table plays the bots'
//! decisions itself ([`Table::advance`]) until a person is to act. Each bot decision draws from
//! its own stream `(seed, hand, Agent, seat·1024 + decision)`, so taking a card back
//! ([`Table::undo`]) and playing it again brings the same replies.

use crate::agents::{Agent, AgentFactory, AgentSpec, Evaluator, build_agent, build_evaluator};
use crate::cards::Card;
use crate::games::matches::{MatchState, PlayedHand};
use crate::games::record::{RecordRules, record_hand};
use crate::games::{Action, Game, IllegalAction, Seat};
use crate::rng::{GameRng, Purpose, stream};

use super::error::{SeatingError, TableError};
use super::log::{HandNotes, InfoEntry, UndoNote, record_line};

/// Who sits in a seat.
pub enum Player<G> {
    /// A person, who answers through [`Table::act`].
    Human,
    /// An agent.
    Bot(Box<Bot<G>>),
}

/// An agent at the table, with what it needs to say why it chose.
pub struct Bot<G> {
    /// Its spec.
    pub spec: AgentSpec,
    agent: Box<dyn Agent<G>>,
    evaluator: Option<Box<dyn Evaluator<G>>>,
}

/// A seat's values for its legal actions at one decision, best first (the mean reward for its
/// side in `[0, 1]`, as `analyze` shows them).
#[derive(Clone, Debug, PartialEq)]
pub struct Values {
    /// The seat that decided.
    pub seat: Seat,
    /// The decision's number in the hand (0-based, forced steps not counted).
    pub index: usize,
    /// What it chose.
    pub chosen: Action,
    /// The agent that gave the values.
    pub agent: String,
    /// Every valued action, best first.
    pub values: Vec<(Action, f64)>,
}

/// Something that happened at the table, for the screen to tell.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A seat took a decision.
    Acted {
        /// The seat.
        seat: Seat,
        /// What it did.
        action: Action,
    },
    /// A trick was completed.
    TrickWon {
        /// Who won it.
        winner: Seat,
        /// The cards in the order played, with their players.
        cards: Vec<(Seat, Card)>,
    },
    /// A hand ended; its record line was written.
    HandOver {
        /// The hand number in the match.
        hand: u32,
        /// The points each side made in the hand.
        points: Vec<i32>,
        /// The match scores after it.
        scores: Vec<i32>,
    },
    /// The match ended.
    MatchOver {
        /// The winning sides (empty when the hand limit stopped it).
        winners: Vec<usize>,
    },
}

/// How a table is set up.
pub struct TableConfig {
    /// The seed of the deals and of the bots' decisions.
    pub seed: u64,
    /// The match number written in the records.
    pub match_index: u64,
    /// The agent that answers hints.
    pub hint: AgentSpec,
    /// Stop the match after this many hands.
    pub max_hands: u32,
}

/// A match at the table: the rules, the players, the match score and the hand in progress.
pub struct Table<R: RecordRules>
where
    R::Hand: AgentFactory,
{
    rules: R,
    players: Vec<Player<R::Hand>>,
    config: TableConfig,
    hint: Box<dyn Evaluator<R::Hand>>,
    deal_rng: GameRng,
    m: MatchState,
    initial: R::Hand,
    hand: R::Hand,
    actions: Vec<(Seat, Action)>,
    notes: HandNotes,
    last_bot: Option<(Seat, Option<Values>)>,
    lines: Vec<String>,
    forced_last: Option<Seat>,
}

impl<R: RecordRules> Table<R>
where
    R::Hand: AgentFactory,
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
        let mut built = Vec::with_capacity(seats);
        for p in players {
            built.push(match p {
                None => Player::Human,
                Some(spec) => Player::Bot(Box::new(Bot {
                    agent: build_agent::<R::Hand>(spec)?,
                    evaluator: build_evaluator::<R::Hand>(spec).ok(),
                    spec: spec.clone(),
                })),
            });
        }
        let hint = build_evaluator::<R::Hand>(&config.hint).map_err(SeatingError::Hint)?;
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
            hint,
            deal_rng,
            m,
            actions: Vec::new(),
            notes: HandNotes::default(),
            last_bot: None,
            lines: Vec::new(),
            forced_last: None,
            config,
        })
    }

    /// The rules.
    pub fn rules(&self) -> &R {
        &self.rules
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

    /// Whether `seat` is a person's.
    pub fn is_human(&self, seat: Seat) -> bool {
        matches!(self.players.get(seat.index()), Some(Player::Human))
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

    /// The person's seat to act now, if any.
    pub fn human_to_act(&self) -> Option<Seat> {
        if self.is_over() {
            return None;
        }
        self.hand.to_act().filter(|&s| self.is_human(s))
    }

    /// The record lines of the hands finished since the last call, to be written to the log.
    pub fn take_lines(&mut self) -> Vec<String> {
        std::mem::take(&mut self.lines)
    }

    /// The last bot decision's values (`why`).
    ///
    /// # Errors
    /// [`TableError`], why there are none: no bot has decided since your last decision, the
    /// decision was forced, or the bot plays by rules without values.
    pub fn why(&self) -> Result<&Values, TableError> {
        match &self.last_bot {
            None => Err(TableError::NoBotYet),
            Some((_, Some(v))) => Ok(v),
            Some((seat, None)) if self.hand_forced(*seat) => Err(TableError::Forced(*seat)),
            Some((seat, None)) => Err(TableError::NoValues {
                seat: *seat,
                name: self.player_name(*seat),
            }),
        }
    }

    fn hand_forced(&self, seat: Seat) -> bool {
        self.forced_last == Some(seat)
    }

    /// The hint agent's values for each legal action of the person to act, best first.
    pub fn hint(&mut self) -> Option<Values> {
        let seat = self.human_to_act()?;
        let legal = self.hand.legal_actions();
        let mut rng = stream(
            self.config.seed,
            self.m.hands_dealt as u64,
            Purpose::Other,
            self.actions.len() as u64,
        );
        let values = if legal.len() == 1 {
            vec![(legal.nth(0).expect("one action"), 1.0)]
        } else {
            self.hint.evaluate(&self.hand, seat, &mut rng)
        };
        Some(Values {
            seat,
            index: self.actions.len(),
            chosen: values.first().map_or(legal.nth(0)?, |v| v.0),
            agent: self.config.hint.to_string(),
            values,
        })
    }

    /// Plays the bots' decisions until a person is to act or the match is over.
    pub fn advance(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        while !self.is_over() {
            let Some(seat) = self.hand.to_act() else {
                self.finish_hand(&mut events);
                continue;
            };
            if self.is_human(seat) {
                break;
            }
            let action = self.bot_decision(seat);
            self.apply(seat, action, &mut events);
        }
        events
    }

    /// The person to act takes `action`; then the bots reply until a person is to act again.
    ///
    /// # Errors
    /// The action is not legal, or no person is to act.
    pub fn act(&mut self, action: Action) -> Result<Vec<Event>, IllegalAction> {
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

    fn bot_decision(&mut self, seat: Seat) -> Action {
        let index = self.actions.len();
        let mut rng = stream(
            self.config.seed,
            self.m.hands_dealt as u64,
            Purpose::Agent,
            seat.0 as u64 * 1024 + index as u64,
        );
        let legal = self.hand.legal_actions();
        if legal.len() == 1 {
            self.last_bot = Some((seat, None));
            self.forced_last = Some(seat);
            return legal.nth(0).expect("one action");
        }
        self.forced_last = None;
        let Player::Bot(bot) = &mut self.players[seat.index()] else {
            unreachable!("a bot's seat");
        };
        // A searcher that values the actions plays its best one, so `why` can show them.
        let searches = match &bot.spec {
            AgentSpec::Ismcts(_) => true,
            AgentSpec::Pimc(_) => legal.decision() == crate::games::Decision::Play,
            _ => false,
        };
        let valued = match (searches, bot.evaluator.as_mut()) {
            (true, Some(ev)) => {
                let values = ev.evaluate(&self.hand, seat, &mut rng);
                values
                    .first()
                    .map(|&(chosen, _)| chosen)
                    .map(|chosen| Values {
                        seat,
                        index,
                        chosen,
                        agent: bot.spec.to_string(),
                        values,
                    })
            }
            _ => None,
        };
        let action = match &valued {
            Some(v) => v.chosen,
            None => bot.agent.choose(&self.hand, seat, &mut rng),
        };
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
        events.push(Event::Acted { seat, action });
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
        let record = record_hand(
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
        let notes = std::mem::take(&mut self.notes);
        self.lines
            .push(record_line::<R>(&record, &self.seat_specs(), &notes));
        let sides = self.rules.sides();
        events.push(Event::HandOver {
            hand: before.hands_dealt,
            points: sides.all().map(|s| self.hand.side_points(s)).collect(),
            scores: self.m.scores[..sides.num_sides()].to_vec(),
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
    }
}
