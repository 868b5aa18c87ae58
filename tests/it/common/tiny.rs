//! Tiny Tricks, a test-only game registered from the test crate (not built into tricklab): two
//! players, the twelve cards A K Q of each suit, six each, spades trumps; follow suit, the
//! highest trump or else the highest card of the suit led wins, the winner leads; a trick is
//! a point, and the match goes to `target` points (option, 10 by default). It proves that a
//! game is one folder and one registry line: [`register`] makes every command, config and the
//! conformance suite reach it.

use serde::{Deserialize, Serialize};

use tricklab::agents::{Agent, AgentFactory, RandomAgent, SpecError};
use tricklab::cards::{Card, CardSet, Rank, Suit};
use tricklab::experiment::{CsvRows, Measured, StatDef};
use tricklab::games::deal::DealError;
use tricklab::games::matches::{MatchRules, MatchState, PlayedHand};
use tricklab::games::record::RecordRules;
use tricklab::games::{
    Action, ActionSet, Game, GameEntry, GameFacts, GameKind, OpenTable, Rewarded, RulesError, Seat,
    Side, Sides, Trick, TrickPlay, TrumpOrder,
};
use tricklab::knowledge::{Knowledge, Observable, Place, PlaceKind, suits_of};
use tricklab::play::TableGame;
use tricklab::rng::{GameRng, shuffle};
use tricklab::solver::{Position, Scoring, Solvable, SolveError};

/// The players.
pub const PLAYERS: usize = 2;
/// Cards a hand.
pub const HAND: usize = 6;
/// The trump suit.
pub const TRUMP: Suit = Suit::Spades;

/// The pack: A, K and Q of each suit.
pub fn pack() -> CardSet {
    let mut p = CardSet::EMPTY;
    for s in Suit::ALL {
        for r in [Rank::Ace, Rank::King, Rank::Queen] {
            p.insert(Card::new(s, r));
        }
    }
    p
}

/// Tiny Tricks as the registry holds it.
pub static GAME: GameEntry = GameEntry::new::<Setup>(GameFacts {
    name: "tiny-tricks",
    aliases: &["tiny"],
    about: "Tiny Tricks, a test-only game: 2 players, 12 cards",
    min_players: PLAYERS,
    max_players: PLAYERS,
    default_players: PLAYERS,
    open_table: OpenTable {
        order: TrumpOrder::ACES_HIGH,
        counts_honours: false,
        no_trump: false,
        table_options: false,
    },
    later_hands_differ: false,
    decisions: &[tricklab::games::Decision::Play],
    other_decisions: 0,
    unset_options: &[],
    option_sets: &["", "target=3"],
});

/// Registers Tiny Tricks (once; later calls do nothing).
pub fn register() -> GameKind {
    tricklab::games::register(&GAME).expect("tiny-tricks registers")
}

/// The options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// The points that win the match.
    pub target: u32,
}

impl Default for Options {
    fn default() -> Options {
        Options { target: 10 }
    }
}

/// The cards of a deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    /// Each seat's hand.
    pub hands: Vec<CardSet>,
}

/// The table: its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    options: Options,
}

impl Setup {
    /// The game of this configuration.
    pub const KIND: GameKind = GameKind::of(&GAME);
}

/// One hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tiny {
    play: TrickPlay,
    dealer: Seat,
}

/// What a seat sees: its hand, every card played, the trick, the tricks won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TinyView {
    seat: Seat,
    hand: CardSet,
    played: [CardSet; PLAYERS],
    trick: Trick,
    tricks: [u32; PLAYERS],
    conceded: Option<Seat>,
}

impl Tiny {
    fn new(hands: [CardSet; PLAYERS], dealer: Seat) -> Tiny {
        Tiny {
            play: TrickPlay::new(&hands, dealer.left(PLAYERS), TRUMP, TrumpOrder::ACES_HIGH),
            dealer,
        }
    }
}

impl Game for Tiny {
    type View = TinyView;

    fn kind(&self) -> GameKind {
        Setup::KIND
    }

    fn sides(&self) -> Sides {
        Sides::alone(PLAYERS)
    }

    fn dealer(&self) -> Seat {
        self.dealer
    }

    fn to_act(&self) -> Option<Seat> {
        (self.play.tricks_done() < HAND).then(|| self.play.to_play())
    }

    fn legal_actions(&self) -> ActionSet {
        if self.play.tricks_done() < HAND {
            ActionSet::plays(self.play.legal())
        } else {
            ActionSet::plays(CardSet::EMPTY)
        }
    }

    fn apply(&mut self, action: Action) {
        if let Action::Play(c) = action {
            self.play.play(c);
        }
    }

    fn trump(&self) -> Option<Suit> {
        Some(TRUMP)
    }

    fn trick(&self) -> &Trick {
        self.play.trick()
    }

    fn hand(&self, seat: Seat) -> CardSet {
        self.play.hand(seat)
    }

    fn side_points(&self, side: Side) -> i32 {
        self.play.tricks_won(Seat(side.0)) as i32
    }

    fn tricks_won(&self, seat: Seat) -> u32 {
        self.play.tricks_won(seat)
    }

    fn view(&self, seat: Seat) -> TinyView {
        TinyView {
            seat,
            hand: self.hand(seat),
            played: [self.play.played_by(Seat(0)), self.play.played_by(Seat(1))],
            trick: *self.trick(),
            tricks: [self.tricks_won(Seat(0)), self.tricks_won(Seat(1))],
            conceded: self.conceded(),
        }
    }

    fn concede(&mut self, seat: Seat) {
        let done = self.play.tricks_done();
        if done < HAND {
            let to = self.concession_receiver(seat);
            self.play.concede(seat, to, HAND - done);
        }
    }

    fn conceded(&self) -> Option<Seat> {
        self.play.conceded()
    }
}

impl Rewarded for Tiny {
    fn most_points(&self, _side: Side) -> i32 {
        HAND as i32
    }

    fn match_reward(&self, side: Side) -> f64 {
        let (mine, theirs) = (self.side_points(side), self.best_other_points(side));
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        }
    }
}

impl Solvable for Tiny {
    fn position(&self, side: Side) -> Result<Position, SolveError> {
        self.to_act()
            .ok_or(SolveError::NoCardToPlay("the hand is over"))?;
        let trick = self.trick();
        let mut hands = [self.hand(Seat(0)), self.hand(Seat(1))];
        let mut seat = trick.leader();
        for &c in trick.cards() {
            hands[seat.index()].insert(c);
            seat = seat.left(PLAYERS);
        }
        let mut p = Position::new(
            &hands,
            Some(TRUMP),
            TrumpOrder::ACES_HIGH,
            trick.leader(),
            self.sides(),
            side,
            Scoring::Tricks,
        )?;
        p.bank(self.side_points(side), 0);
        for &c in trick.cards() {
            p.play(c)?;
        }
        Ok(p)
    }
}

impl Observable for Tiny {
    fn knowledge(&self, observer: Seat) -> Knowledge {
        let other = observer.left(PLAYERS);
        let played = vec![self.play.played_by(Seat(0)), self.play.played_by(Seat(1))];
        let own = self.hand(observer);
        let voids = vec![self.play.voids(Seat(0)), self.play.voids(Seat(1))];
        let places = vec![Place {
            kind: PlaceKind::Hand(other),
            size: self.hand(other).len(),
            known: CardSet::EMPTY,
            excluded: suits_of(voids[other.index()]),
        }];
        Knowledge {
            observer,
            own,
            unknown: pack() - own - played[0] - played[1],
            played,
            voids,
            places,
            out_of_play: CardSet::EMPTY,
        }
    }

    fn redeal(&self, knowledge: &Knowledge, hidden: &[CardSet]) -> Tiny {
        let mut hands = [self.hand(Seat(0)), self.hand(Seat(1))];
        for (p, &h) in knowledge.places.iter().zip(hidden) {
            if let PlaceKind::Hand(q) = p.kind {
                hands[q.index()] = p.known | h;
            }
        }
        let mut world = *self;
        world.play.redeal(&hands);
        world
    }
}

impl AgentFactory for Tiny {
    /// Tiny Tricks has no rule-based player of its own: `rules` plays at random.
    fn baseline_agent(switches: &[String]) -> Result<Box<dyn Agent<Tiny>>, SpecError> {
        match switches.first() {
            Some(s) => Err(SpecError::UnknownSwitch {
                game: Setup::KIND.name().to_string(),
                switch: s.clone(),
                allowed: "none".into(),
            }),
            None => Ok(Box::new(RandomAgent)),
        }
    }
}

impl TableGame for Tiny {
    fn goal(&self) -> String {
        "one hand, most tricks".to_string()
    }
}

impl MatchRules for Setup {
    type Hand = Tiny;

    fn sides(&self) -> Sides {
        Sides::alone(PLAYERS)
    }

    fn deal(&self, m: &MatchState, rng: &mut GameRng) -> Tiny {
        let mut cards: Vec<Card> = pack().iter().collect();
        shuffle(rng, &mut cards);
        let hand = |k: usize| cards[k * HAND..(k + 1) * HAND].iter().copied().collect();
        Tiny::new([hand(0), hand(1)], m.dealer)
    }

    fn settle(&self, m: &mut MatchState, hand: &Tiny) {
        for s in 0..PLAYERS {
            m.scores[s] += hand.tricks_won(Seat(s as u8)) as i32;
        }
        m.hands_dealt += 1;
        m.dealer = m.dealer.left(PLAYERS);
        let best = m.scores[..PLAYERS].iter().copied().max().unwrap_or(0);
        if best >= self.options.target as i32 {
            let mask = (0..PLAYERS)
                .filter(|&s| m.scores[s] == best)
                .fold(0u8, |acc, s| acc | 1 << s);
            m.winners = Some(mask);
        }
    }
}

impl RecordRules for Setup {
    type Options = Options;
    type Deal = Deal;
    type Result = Vec<u32>;

    fn game(&self) -> GameKind {
        Setup::KIND
    }

    fn players(&self) -> usize {
        PLAYERS
    }

    fn options(&self) -> Options {
        self.options
    }

    fn from_options(players: usize, options: &Options) -> Result<Setup, RulesError> {
        if players != PLAYERS {
            return Err(RulesError::Players {
                game: Setup::KIND,
                players,
                allowed: "2",
            });
        }
        if options.target == 0 {
            return Err(RulesError::Option("target must be at least 1".into()));
        }
        Ok(Setup { options: *options })
    }

    fn deal_record(&self, initial: &Tiny) -> Deal {
        Deal {
            hands: vec![initial.hand(Seat(0)), initial.hand(Seat(1))],
        }
    }

    fn restore(&self, m: &MatchState, deal: &Deal) -> Result<Tiny, DealError> {
        let [a, b] = deal.hands[..] else {
            return Err(DealError::Hands {
                given: deal.hands.len(),
                players: PLAYERS,
            });
        };
        for (seat, h) in [a, b].into_iter().enumerate() {
            if h.len() != HAND {
                return Err(DealError::HandSize {
                    seat,
                    got: h.len(),
                    want: HAND,
                });
            }
        }
        if !(a & b).is_empty() {
            return Err(DealError::Twice(a & b));
        }
        if (a | b) != pack() {
            return Err(DealError::NotThePack {
                size: pack().len(),
                missing: pack() - (a | b),
                extra: (a | b) - pack(),
            });
        }
        Ok(Tiny::new([a, b], m.dealer))
    }

    fn result_record(&self, last: &Tiny) -> Vec<u32> {
        vec![last.tricks_won(Seat(0)), last.tricks_won(Seat(1))]
    }
}

impl Measured for Setup {
    const STATISTICS: &'static [StatDef] = &[];
    const FACTS: &'static [&'static str] = &[];

    fn statistic(&self, _: &str, _: &PlayedHand<'_, Tiny>, _: &[Seat]) -> Option<f64> {
        None
    }

    fn facts(&self, _: &PlayedHand<'_, Tiny>, _: Seat, _: &mut CsvRows<'_>) {}
}
