//! The trick rules shared by all three games (RULES.md §0.2): follow suit if you can, otherwise
//! play anything; the highest trump wins, or else the highest card of the suit led.

use rand::Rng;

use crate::cards::{Card, CardSet, Rank, Suit};

use super::seat::{MAX_SEATS, Seat};

/// How the ranks of the trump suit compare: a power `0..13` per rank. Side suits always rank
/// aces high.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrumpOrder([u8; 13]);

impl TrumpOrder {
    /// Aces high, as in 9-5-2 and Whist.
    pub const ACES_HIGH: TrumpOrder = TrumpOrder([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    /// Catch the Ten's trump order `J A K Q T 9 8 7 6 …`: the Jack on top.
    pub const JACK_HIGH: TrumpOrder = TrumpOrder([0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 9, 10, 11]);

    /// The power of `rank` within the trump suit.
    #[inline]
    pub const fn power(&self, rank: Rank) -> u8 {
        self.0[rank as usize]
    }

    /// The highest trump of `trumps` (cards of the trump suit) in this order.
    #[inline]
    pub fn highest(&self, trumps: CardSet) -> Option<Card> {
        trumps.iter().max_by_key(|c| self.power(c.rank()))
    }

    /// The lowest trump of `trumps` in this order.
    #[inline]
    pub fn lowest(&self, trumps: CardSet) -> Option<Card> {
        trumps.iter().min_by_key(|c| self.power(c.rank()))
    }
}

/// The power of `card` in a trick where `led` was led and `trump` is trumps: a trump beats every
/// card of the suit led, which beats every discard (power 0).
#[inline]
pub const fn power(card: Card, trump: Suit, led: Suit, order: &TrumpOrder) -> u8 {
    // Without branches: in random play which case applies is a coin toss, and a mispredicted
    // branch costs more than computing both.
    let suit = card.suit() as u8;
    let is_trump = (suit == trump as u8) as u8;
    let is_led = (suit == led as u8) as u8 & !is_trump;
    is_trump * (32 + order.power(card.rank())) + is_led * (16 + card.rank() as u8)
}

/// The cards of `hand` that may be played to a trick in which `led` was led (`None`: on lead).
#[inline]
pub const fn follow(hand: CardSet, led: Option<Suit>) -> CardSet {
    match led {
        Some(s) => {
            let same = hand.suit(s);
            if same.is_empty() { hand } else { same }
        }
        None => hand,
    }
}

/// A trick in progress: who led, the cards in the order played, and who is winning so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trick {
    leader: Seat,
    next: Seat,
    len: u8,
    best_pos: u8,
    best_power: u8,
    winner: Seat,
    cards: [Card; MAX_SEATS],
    set: CardSet,
}

impl Trick {
    /// An empty trick led by `leader`.
    #[inline]
    pub const fn new(leader: Seat) -> Trick {
        Trick {
            leader,
            next: leader,
            len: 0,
            best_pos: 0,
            best_power: 0,
            winner: leader,
            cards: [Card::new(Suit::Clubs, Rank::Two); MAX_SEATS],
            set: CardSet::EMPTY,
        }
    }

    /// The seat that led (or is to lead).
    #[inline]
    pub const fn leader(&self) -> Seat {
        self.leader
    }

    /// How many cards have been played.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no card has been played yet.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The suit led, once a card is down.
    #[inline]
    pub const fn led(&self) -> Option<Suit> {
        if self.len == 0 {
            None
        } else {
            Some(self.cards[0].suit())
        }
    }

    /// The cards of `hand` that may be played to this trick: any on lead, otherwise those of
    /// the suit led if `hand` holds one, else any (as [`follow`], without a branch on
    /// whether the trick has begun).
    #[inline]
    pub const fn playable(&self, hand: CardSet) -> CardSet {
        let on_lead = ((self.len == 0) as u64).wrapping_neg();
        let same = hand.0 & (CardSet::suit_mask(self.cards[0].suit()).0 | on_lead);
        CardSet(if same == 0 { hand.0 } else { same })
    }

    /// The cards played so far, in order.
    #[inline]
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// The cards played so far, as a set.
    #[inline]
    pub const fn card_set(&self) -> CardSet {
        self.set
    }

    /// The seat winning the trick so far (the leader before any card is down).
    #[inline]
    pub const fn winner(&self) -> Seat {
        self.winner
    }

    /// The card winning the trick so far.
    #[inline]
    pub const fn winning_card(&self) -> Option<Card> {
        if self.len == 0 {
            None
        } else {
            Some(self.cards[self.best_pos as usize])
        }
    }

    /// The power of the winning card so far (see [`power`]); 0 before any card is down.
    #[inline]
    pub const fn best_power(&self) -> u8 {
        self.best_power
    }

    /// The seat to play next (once the trick is complete: the seat after the last to play).
    #[inline]
    pub const fn to_play(&self) -> Seat {
        self.next
    }

    /// Whether `card` would win the trick so far if played now.
    #[inline]
    pub const fn would_win(&self, card: Card, trump: Suit, order: &TrumpOrder) -> bool {
        match self.led() {
            None => true,
            Some(led) => power(card, trump, led, order) > self.best_power,
        }
    }

    /// Plays `card` for the seat whose turn it is at a table of `n`.
    #[inline]
    pub fn play(&mut self, card: Card, n: usize, trump: Suit, order: &TrumpOrder) {
        // Stored first, so that the suit led is always the first card's (the lead's own).
        self.cards[self.len as usize] = card;
        let led = self.cards[0].suit();
        let p = power(card, trump, led, order);
        // The lead's power is at least 16 and an empty trick's best is 0, so the lead always
        // takes the trick so far. Selected by mask rather than branched on: whether a card
        // beats the trick is unpredictable in random play.
        let beats = ((p > self.best_power) as u8).wrapping_neg();
        let pick = |new: u8, old: u8| (new & beats) | (old & !beats);
        self.winner = Seat(pick(self.next.0, self.winner.0));
        self.best_pos = pick(self.len, self.best_pos);
        self.best_power = pick(p, self.best_power);
        self.set.insert(card);
        self.len += 1;
        self.next = if self.next.index() + 1 == n {
            Seat(0)
        } else {
            Seat(self.next.0 + 1)
        };
    }
}

/// What playing one card did (see [`TrickPlay::play`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedCard {
    /// The seat that played the card.
    pub seat: Seat,
    /// Whether the card broke the follow-suit rule (only where a game accepts revokes).
    pub revoke: bool,
    /// The trick, when this card completed it; its winner leads to the next trick.
    pub completed: Option<Trick>,
}

/// The card play of a hand, common to every game: each seat's cards, the trick in progress, and
/// what the whole table has seen so far — the cards each seat played, the suits each seat has
/// shown out of, and the tricks each seat took. A game keeps one of these and adds its deal,
/// scoring and end rules around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrickPlay {
    hands: [CardSet; MAX_SEATS],
    played_by: [CardSet; MAX_SEATS],
    voids: [u8; MAX_SEATS],
    tricks: [u8; MAX_SEATS],
    leads: [u8; MAX_SEATS],
    trick: Trick,
    seats: u8,
    tricks_done: u8,
    trump: Suit,
    order: TrumpOrder,
    conceded: Option<Seat>,
}

impl TrickPlay {
    /// Play about to start at a table of `hands.len()` seats, `leader` to lead, `trump` trumps
    /// ranked by `order`.
    pub fn new(hands: &[CardSet], leader: Seat, trump: Suit, order: TrumpOrder) -> TrickPlay {
        let mut h = [CardSet::EMPTY; MAX_SEATS];
        h[..hands.len()].copy_from_slice(hands);
        TrickPlay {
            hands: h,
            played_by: [CardSet::EMPTY; MAX_SEATS],
            voids: [0; MAX_SEATS],
            tricks: [0; MAX_SEATS],
            leads: [0; MAX_SEATS],
            trick: Trick::new(leader),
            seats: hands.len() as u8,
            tricks_done: 0,
            trump,
            order,
            conceded: None,
        }
    }

    /// The number of seats.
    #[inline]
    pub const fn seats(&self) -> usize {
        self.seats as usize
    }

    /// The trump suit.
    #[inline]
    pub const fn trump(&self) -> Suit {
        self.trump
    }

    /// The cards `seat` holds now.
    #[inline]
    pub const fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    /// The cards `seat` has played (in every set of the deal).
    #[inline]
    pub const fn played_by(&self, seat: Seat) -> CardSet {
        self.played_by[seat.index()]
    }

    /// The suits `seat` has shown out of since the cards were picked up, as a bit mask over
    /// suit indices.
    #[inline]
    pub const fn voids(&self, seat: Seat) -> u8 {
        self.voids[seat.index()]
    }

    /// The tricks `seat` has taken (in every set of the deal).
    #[inline]
    pub const fn tricks_won(&self, seat: Seat) -> u32 {
        self.tricks[seat.index()] as u32
    }

    /// How many tricks `seat` has led since the cards were picked up (the trick in progress
    /// included once its first card is down).
    #[inline]
    pub const fn leads(&self, seat: Seat) -> usize {
        self.leads[seat.index()] as usize
    }

    /// The tricks completed since the cards were picked up.
    #[inline]
    pub const fn tricks_done(&self) -> usize {
        self.tricks_done as usize
    }

    /// The trick in progress.
    #[inline]
    pub const fn trick(&self) -> &Trick {
        &self.trick
    }

    /// The seat to play next.
    #[inline]
    pub const fn to_play(&self) -> Seat {
        self.trick.to_play()
    }

    /// The cards the seat to play may play: it must follow suit if it can.
    #[inline]
    pub const fn legal(&self) -> CardSet {
        self.trick.playable(self.hands[self.to_play().index()])
    }

    /// Plays `card` from the hand of the seat to play, recording a show-out, and closes the
    /// trick when it is full. The card must be in that hand (debug builds check); whether it
    /// follows suit is the caller's business (see [`PlayedCard::revoke`]).
    #[inline(always)]
    pub fn play(&mut self, card: Card) -> PlayedCard {
        let n = self.seats as usize;
        let seat = self.to_play();
        let i = seat.index();
        let hand = self.hands[i];
        debug_assert!(hand.contains(card), "seat {seat} does not hold {card}");
        let mut revoke = false;
        if let Some(led) = self.trick.led() {
            // Whether the seat shows out is a coin toss for the branch predictor: computed, not
            // branched on.
            let shows_out = card.suit() as u8 != led as u8;
            self.voids[i] |= (shows_out as u8) << led.index();
            revoke = shows_out & !hand.suit(led).is_empty();
        }
        self.leads[i] += self.trick.is_empty() as u8;
        self.hands[i] = hand.without(card);
        self.played_by[i].insert(card);
        self.trick.play(card, n, self.trump, &self.order);
        let completed = if self.trick.len() == n {
            let done = self.trick;
            let winner = done.winner();
            self.tricks[winner.index()] += 1;
            self.tricks_done += 1;
            self.trick = Trick::new(winner);
            Some(done)
        } else {
            None
        };
        PlayedCard {
            seat,
            revoke,
            completed,
        }
    }

    /// Plays the cards left with uniformly random legal cards until the seat to play holds
    /// none, for a search's random rollouts: the same cards, the same random numbers and the
    /// same state at the end as choosing each card with [`CardSet::choose`] from
    /// [`TrickPlay::legal`] and playing it with [`TrickPlay::play`], only faster (whole tricks
    /// are played in local variables, and the seat that leads and wins each trick is recorded
    /// once a trick). `record(seat, card, on_lead, first_of_suit)` is told of every card in
    /// order: whether it led its trick, and whether it is the first card of its suit that
    /// `seat` has played. Only for a game whose hand ends when the cards run out (not Catch the
    /// Ten's sets, which pick up new hands).
    pub fn play_out_randomly<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        record: impl FnMut(Seat, Card, bool, bool),
    ) {
        self.play_out::<true, R>(rng, record);
    }

    /// [`TrickPlay::play_out_randomly`] for a score read at once: the same cards and random
    /// numbers, and the same hands, tricks won and seat to lead at the end, but after the trick
    /// in progress the played cards, show-outs and leads are not kept up to date. The state is
    /// then good for counting what each seat won and for nothing else (a search's random
    /// rollout, whose state is scored and dropped).
    pub fn play_out_randomly_for_tricks<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        self.play_out::<false, R>(rng, |_, _, _, _| {});
    }

    /// The loop of both: with `RECORD`, every card is recorded as [`TrickPlay::play`] records
    /// it; without, only the hands and the tricks won are kept after the trick in progress.
    #[inline(always)]
    fn play_out<const RECORD: bool, R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        mut record: impl FnMut(Seat, Card, bool, bool),
    ) {
        let n = self.seats as usize;
        // The trick in progress, card by card.
        while !self.trick.is_empty() {
            let seat = self.to_play();
            let card = self.legal().choose(rng);
            if RECORD {
                let first = self.played_by[seat.index()].suit(card.suit()).is_empty();
                record(seat, card, false, first);
            }
            self.play(card);
        }
        let mut leader = self.trick.leader().index();
        while !self.hands[leader].is_empty() {
            let lead = self.hands[leader].choose(rng);
            let led = lead.suit();
            let (mut best, mut winner) = (power(lead, self.trump, led, &self.order), leader);
            if RECORD {
                self.play_recorded(leader, lead, true, &mut record);
            } else {
                self.hands[leader] = self.hands[leader].without(lead);
            }
            let mut seat = leader;
            for _ in 1..n {
                seat = if seat + 1 == n { 0 } else { seat + 1 };
                let card = follow(self.hands[seat], Some(led)).choose(rng);
                let p = power(card, self.trump, led, &self.order);
                // Branch-free, as `Trick::play`: which card wins is a coin toss.
                let beats = ((p > best) as usize).wrapping_neg();
                winner = (seat & beats) | (winner & !beats);
                best = best.max(p);
                if RECORD {
                    self.voids[seat] |= ((card.suit() as u8 != led as u8) as u8) << led.index();
                    self.play_recorded(seat, card, false, &mut record);
                } else {
                    self.hands[seat] = self.hands[seat].without(card);
                }
            }
            if RECORD {
                self.leads[leader] += 1;
            }
            self.tricks[winner] += 1;
            self.tricks_done += 1;
            leader = winner;
        }
        self.trick = Trick::new(Seat(leader as u8));
    }

    /// Takes `card` from `seat`'s hand into its played cards, and tells `record`.
    #[inline(always)]
    fn play_recorded(
        &mut self,
        seat: usize,
        card: Card,
        on_lead: bool,
        record: &mut impl FnMut(Seat, Card, bool, bool),
    ) {
        let first = self.played_by[seat].suit(card.suit()).is_empty();
        record(Seat(seat as u8), card, on_lead, first);
        self.hands[seat] = self.hands[seat].without(card);
        self.played_by[seat].insert(card);
    }

    /// A concession by `seat`'s side (see `Game::concede`): the trick in progress and the
    /// `tricks` tricks not yet completed go to `receiver` as won, every hand is emptied, and
    /// the cards that changed hands come back (for a game that scores the cards won). Tricks
    /// already won stay won.
    pub fn concede(&mut self, seat: Seat, receiver: Seat, tricks: usize) -> CardSet {
        let n = self.seats as usize;
        let mut cards = self.trick.card_set();
        for h in &mut self.hands[..n] {
            cards |= *h;
            *h = CardSet::EMPTY;
        }
        self.tricks[receiver.index()] += tricks as u8;
        self.tricks_done += tricks as u8;
        self.trick = Trick::new(receiver);
        self.conceded = Some(seat);
        cards
    }

    /// The seat whose side conceded the rest of the hand, if one did.
    #[inline]
    pub const fn conceded(&self) -> Option<Seat> {
        self.conceded
    }

    /// Picks up new hands (the next set of a Catch the Ten deal with 2 or 3 players): no suit
    /// has been shown out of in them yet, and no trick of them has been played.
    pub fn pick_up(&mut self, hands: &[CardSet]) {
        self.hands[..hands.len()].copy_from_slice(hands);
        self.voids = [0; MAX_SEATS];
        self.leads = [0; MAX_SEATS];
        self.tricks_done = 0;
    }

    /// Replaces the seats' current hands with `hands` (a world sampled for search); the cards
    /// played, the show-outs and the trick stay.
    pub fn redeal(&mut self, hands: &[CardSet]) {
        self.hands[..hands.len()].copy_from_slice(hands);
    }

    /// The seats' hands, for a game's own moves of cards before the first trick (an exchange,
    /// a kitty taken up, discards).
    #[inline]
    pub fn hands_mut(&mut self) -> &mut [CardSet] {
        &mut self.hands[..self.seats as usize]
    }

    /// Names `trump` as trumps, for a game that names them after the deal (before the first
    /// card is played).
    #[inline]
    pub fn set_trump(&mut self, trump: Suit) {
        debug_assert!(self.trick.is_empty() && self.tricks_done == 0);
        self.trump = trump;
    }

    /// Empties every hand but `seat`'s (for a seat's view of the state).
    pub fn hide_hands_except(&mut self, seat: Seat) {
        for (s, h) in self.hands.iter_mut().enumerate() {
            if s != seat.index() {
                *h = CardSet::EMPTY;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn jack_is_top_trump_in_catch_the_ten() {
        // CT-12: trumps H, TH led, then AH, JH, KH: the JH wins.
        let mut t = Trick::new(Seat(0));
        for x in ["TH", "AH", "JH", "KH"] {
            t.play(c(x), 4, Suit::Hearts, &TrumpOrder::JACK_HIGH);
        }
        assert_eq!(t.winner(), Seat(2));
        assert_eq!(t.winning_card(), Some(c("JH")));
    }

    #[test]
    fn discard_never_wins_and_trump_beats_led_suit() {
        let mut t = Trick::new(Seat(3));
        for x in ["KC", "AH", "2S", "QC"] {
            t.play(c(x), 4, Suit::Spades, &TrumpOrder::ACES_HIGH);
        }
        assert_eq!(t.winner(), Seat(1)); // 2S by seat 3+2 = 1
        assert_eq!(t.led(), Some(Suit::Clubs));
    }

    #[test]
    fn playable_is_follow() {
        let hand: CardSet = "AS 2H 3H".parse().unwrap();
        let mut t = Trick::new(Seat(1));
        assert_eq!(t.playable(hand), follow(hand, t.led()));
        for (x, led) in [("KH", Suit::Hearts), ("QC", Suit::Clubs)] {
            let mut u = t;
            u.play(c(x), 3, Suit::Spades, &TrumpOrder::ACES_HIGH);
            assert_eq!(u.led(), Some(led));
            assert_eq!(u.playable(hand), follow(hand, Some(led)));
        }
        t.play(c("QC"), 3, Suit::Spades, &TrumpOrder::ACES_HIGH);
        assert_eq!(t.playable(hand), hand);
    }

    #[test]
    fn follow_suit() {
        let hand: CardSet = "AS 2H 3H".parse().unwrap();
        assert_eq!(follow(hand, Some(Suit::Hearts)).len(), 2);
        assert_eq!(follow(hand, Some(Suit::Clubs)), hand);
        assert_eq!(follow(hand, None), hand);
    }

    #[test]
    fn hands_move_and_trumps_are_named_before_the_first_trick() {
        let hands: Vec<CardSet> = ["AC 2D", "KC 3D", "2H"]
            .iter()
            .map(|h| h.parse().unwrap())
            .collect();
        let mut p = TrickPlay::new(&hands, Seat(0), Suit::Clubs, TrumpOrder::ACES_HIGH);
        assert_eq!(p.hands_mut().len(), 3);
        // Seat 2 is given the 3D, then hearts are named: its 2H ruffs the clubs.
        p.hands_mut()[1].remove(c("3D"));
        p.hands_mut()[2].insert(c("3D"));
        p.set_trump(Suit::Hearts);
        p.play(c("AC"));
        p.play(c("KC"));
        let last = p.play(c("2H"));
        assert_eq!(last.completed.map(|t| t.winner()), Some(Seat(2)));
        assert_eq!(p.hand(Seat(2)), CardSet::single(c("3D")));
    }

    #[test]
    fn trick_play_records_show_outs_and_tricks() {
        let hands: Vec<CardSet> = ["AC 2D", "KC 3D", "2H 4D", "QC 5D"]
            .iter()
            .map(|h| h.parse().unwrap())
            .collect();
        let mut p = TrickPlay::new(&hands, Seat(0), Suit::Hearts, TrumpOrder::ACES_HIGH);
        assert_eq!(p.legal(), hands[0]);
        assert_eq!(p.play(c("AC")).completed, None);
        assert_eq!(p.legal(), CardSet::single(c("KC")));
        p.play(c("KC"));
        let ruff = p.play(c("2H"));
        assert_eq!((ruff.seat, ruff.revoke), (Seat(2), false));
        assert_eq!(p.voids(Seat(2)), 1 << Suit::Clubs.index());
        let last = p.play(c("QC"));
        assert_eq!(last.completed.map(|t| t.winner()), Some(Seat(2)));
        assert_eq!((p.tricks_won(Seat(2)), p.tricks_done()), (1, 1));
        assert_eq!(p.to_play(), Seat(2));
        assert_eq!(p.played_by(Seat(0)), CardSet::single(c("AC")));
        p.hide_hands_except(Seat(1));
        assert_eq!(p.hand(Seat(0)), CardSet::EMPTY);
        assert_eq!(p.hand(Seat(1)), CardSet::single(c("3D")));
    }
}
