//! The state of one Whist hand, and its [`Game`] implementation.

use rand::Rng;

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::games::deal::{DealError, check_hands};
use crate::games::trick::TrickPlay;
use crate::games::{
    Action, ActionSet, Game, GameKind, Masked, Rewarded, Seat, Side, Sides, Trick, TrumpOrder,
    win_estimate,
};
use crate::rng::{GameRng, shuffle};

use super::options::Setup;
use super::scoring::{SIDES, Settlement, TRICKS, honour_cards, trick_points};

/// Cards dealt to each seat.
pub const HAND_SIZE: usize = 13;

/// The 52 cards in index order: the pack before it is shuffled.
const PACK: [Card; 52] = {
    let mut pack = [Card::new(Suit::Clubs, Rank::Two); 52];
    let mut i = 0;
    while i < 52 {
        pack[i] = Card::new(Suit::ALL[i / 13], Rank::ALL[i % 13]);
        i += 1;
    }
    pack
};

/// The seats' hands as dealt, indexed by seat.
pub type Hands = [CardSet; Setup::PLAYERS];

/// One Whist hand in play: every seat's cards, the trick, the tricks taken, the turned card, the
/// honours each side was dealt and the game score before the hand, and the little of the order of
/// play that the cards each seat played do not show (which cards were led, and each seat's first
/// card of each suit), so that a player can read signals from the public history.
///
/// Build one with [`Whist::deal`] (a shuffled deal), [`Whist::from_order`] (a given pack order)
/// or [`Whist::from_hands`] (given hands, checked), then drive it through [`Game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Whist {
    setup: Setup,
    dealer: Seat,
    turned: Card,
    turned_face_up: bool,
    play: TrickPlay,
    /// Every card led to a trick so far (public).
    led: CardSet,
    /// For each seat and suit, the first card of the suit that the seat played (public; a card
    /// is played by one seat only, so one set serves the four seats).
    firsts: CardSet,
    honours_held: [u8; SIDES],
    scores_before: [u8; SIDES],
}

/// The two scores a hand starts from: one per side, each from 0 to below the target.
fn check_scores(setup: &Setup, scores: &[i32]) -> Result<[i32; SIDES], DealError> {
    let &[a, b] = scores else {
        return Err(DealError::Scores {
            given: scores.len(),
            sides: SIDES,
        });
    };
    for score in [a, b] {
        if !(0..setup.target()).contains(&score) {
            return Err(DealError::Score {
                score,
                target: setup.target(),
            });
        }
    }
    Ok([a, b])
}

/// The honours of `trump` each side was dealt (seat `i` is on side `i mod 2`).
fn honours_dealt(dealt: &Hands, trump: Suit) -> [u8; SIDES] {
    let mut held = [0; SIDES];
    for (seat, &h) in dealt.iter().enumerate() {
        held[seat % SIDES] += (h & honour_cards(trump)).len() as u8;
    }
    held
}

impl Whist {
    /// Shuffles the 52 cards with `rng` and deals them (RULES.md §3.1), `dealer` dealing, with
    /// the sides' game scores before the hand in `scores`.
    ///
    /// # Panics
    /// If `scores` is not a pair of scores below the target (see [`Whist::from_hands`]).
    pub fn deal<R: Rng + ?Sized>(setup: Setup, dealer: Seat, scores: &[i32], rng: &mut R) -> Whist {
        let mut order = PACK;
        shuffle(rng, &mut order);
        Whist::from_order(setup, dealer, scores, &order)
    }

    /// Deals `order` (the pack from top to bottom) singly: card `k` goes to seat
    /// `(E + k) mod 4`, E being the eldest hand, left of the dealer; the last card is the
    /// dealer's and is turned.
    ///
    /// # Panics
    /// If `dealer` is not a seat or `scores` are not two scores below the target (see
    /// [`Whist::from_hands`]). `order` must hold each card once (debug builds check).
    pub fn from_order(setup: Setup, dealer: Seat, scores: &[i32], order: &[Card; 52]) -> Whist {
        let n = Setup::PLAYERS;
        let eldest = dealer.left(n);
        let mut hands = [CardSet::EMPTY; Setup::PLAYERS];
        for (k, &c) in order.iter().enumerate() {
            hands[eldest.plus(k, n).index()].insert(c);
        }
        assert!(
            dealer.index() < Setup::PLAYERS,
            "dealer {dealer} is not a seat"
        );
        let scores = check_scores(&setup, scores).unwrap_or_else(|e| panic!("{e}"));
        debug_assert_eq!(
            hands.iter().fold(CardSet::EMPTY, |a, &h| a | h),
            CardSet::ALL
        );
        Whist::build(setup, dealer, scores, &hands, order[51])
    }

    /// A hand from given cards (a worked example, or a record), checked: the dealer is a seat,
    /// the two scores are below the target, each seat holds 13 cards, the hands together are
    /// the 52-card pack, and the turned card is in the dealer's hand.
    ///
    /// # Errors
    /// [`DealError`]: what is wrong with the deal.
    pub fn from_hands(
        setup: Setup,
        dealer: Seat,
        scores: &[i32],
        hands: &Hands,
        turned: Card,
    ) -> Result<Whist, DealError> {
        if dealer.index() >= Setup::PLAYERS {
            return Err(DealError::Dealer {
                dealer,
                players: Setup::PLAYERS,
            });
        }
        let scores = check_scores(&setup, scores)?;
        let all = check_hands(hands, HAND_SIZE)?;
        debug_assert_eq!(all, CardSet::ALL, "4 disjoint hands of 13 are the pack");
        if !hands[dealer.index()].contains(turned) {
            return Err(DealError::TurnedNotInHand(turned));
        }
        Ok(Whist::build(setup, dealer, scores, hands, turned))
    }

    /// The hand as dealt, from hands known to be a deal of the pack.
    fn build(
        setup: Setup,
        dealer: Seat,
        scores: [i32; SIDES],
        hands: &Hands,
        turned: Card,
    ) -> Whist {
        let trump = turned.suit();
        let honours_held = honours_dealt(hands, trump);
        Whist {
            setup,
            dealer,
            turned,
            turned_face_up: setup.options().turnup_until_first_play,
            play: TrickPlay::new(
                hands,
                dealer.left(Setup::PLAYERS),
                trump,
                TrumpOrder::ACES_HIGH,
            ),
            led: CardSet::EMPTY,
            firsts: CardSet::EMPTY,
            honours_held,
            scores_before: scores.map(|s| s as u8),
        }
    }

    /// The table and its options.
    #[inline]
    pub const fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The turned card; its suit is trumps. Everyone saw it at the deal.
    #[inline]
    pub const fn turned(&self) -> Card {
        self.turned
    }

    /// Whether the turned card still lies face up on the table: only under
    /// `turnup_until_first_play`, until the dealer plays to trick 1.
    #[inline]
    pub const fn turned_face_up(&self) -> bool {
        self.turned_face_up
    }

    /// Whether the dealer still holds the turned card, which everyone knows until it is played.
    #[inline]
    pub const fn turned_held(&self) -> bool {
        !self.play.played_by(self.dealer).contains(self.turned)
    }

    /// The cards `seat` has played.
    #[inline]
    pub const fn played_by(&self, seat: Seat) -> CardSet {
        self.play.played_by(seat)
    }

    /// The suits `seat` has shown out of, as a bit mask over suit indices.
    #[inline]
    pub const fn voids(&self, seat: Seat) -> u8 {
        self.play.voids(seat)
    }

    /// Every card played so far, the trick in progress included.
    #[inline]
    pub const fn played(&self) -> CardSet {
        let mut all = 0;
        let mut q = 0;
        while q < Setup::PLAYERS {
            all |= self.play.played_by(Seat(q as u8)).0;
            q += 1;
        }
        CardSet(all)
    }

    /// The cards `seat` has not seen: neither played nor in its hand. (The turned card is among
    /// them for the other seats while the dealer holds it.)
    #[inline]
    pub const fn unseen_by(&self, seat: Seat) -> CardSet {
        CardSet(CardSet::ALL.0 & !self.played().0 & !self.play.hand(seat).0)
    }

    /// Every card led to a trick so far, the trick in progress included. Public: everyone saw
    /// who led what.
    #[inline]
    pub const fn led_cards(&self) -> CardSet {
        self.led
    }

    /// The first card of `suit` that `seat` played, if it has played one. Public, like every
    /// play: together with [`Whist::played_by`] it shows whether a seat played a suit high
    /// first and low second.
    #[inline]
    pub const fn first_played(&self, seat: Seat, suit: Suit) -> Option<Card> {
        CardSet(self.firsts.0 & self.play.played_by(seat).0)
            .suit(suit)
            .first()
    }

    /// Whether `seat` has *echoed* in `suit`: the suit has been led exactly twice, both times by
    /// another seat; `seat` followed suit both times (it has played exactly two cards of the
    /// suit and has not shown out of it) and played the higher card first. Read from the public
    /// history only.
    pub fn echoed(&self, seat: Seat, suit: Suit) -> bool {
        let mine = self.played_by(seat).suit(suit);
        let led = self.led.suit(suit);
        let t = self.play.trick();
        let yet_to_follow = t.led() == Some(suit) && t.card_set().is_disjoint(mine);
        led.len() == 2
            && !yet_to_follow
            && mine.len() == 2
            && mine.is_disjoint(led)
            && self.voids(seat) & (1 << suit.index()) == 0
            && self.first_played(seat, suit) == mine.last()
    }

    /// Tricks completed.
    #[inline]
    pub const fn tricks_done(&self) -> usize {
        self.play.tricks_done()
    }

    /// The tricks `side` has taken: its two seats' together.
    #[inline]
    pub const fn side_tricks(&self, side: Side) -> u32 {
        let s = Seat(side.0);
        self.play.tricks_won(s) + self.play.tricks_won(s.plus(2, Setup::PLAYERS))
    }

    /// The honours (A, K, Q, J of trumps) dealt to `side`'s two hands, the turned card
    /// counting for the dealer. In a seat's [`Game::view`] this is 0 until the hand is over.
    #[inline]
    pub const fn honours_held(&self, side: Side) -> u32 {
        self.honours_held[side.index()] as u32
    }

    /// The game score of `side` before this hand.
    #[inline]
    pub const fn score_before(&self, side: Side) -> i32 {
        self.scores_before[side.index()] as i32
    }

    /// How the hand changes the game's score: complete once the hand is over (before that, as
    /// if it ended now).
    pub fn settlement(&self) -> Settlement {
        let side = |i: u8| Side(i);
        Settlement::new(
            self.setup.options(),
            [0, 1].map(|i| self.score_before(side(i))),
            [0, 1].map(|i| self.side_tricks(side(i))),
            [0, 1].map(|i| self.honours_held(side(i))),
        )
    }

    /// The same hand with the seats' current hands replaced by `hands` (a world sampled for
    /// search): the play so far stays, and the honours held are counted again from what each
    /// seat was dealt in this world (its hand and the cards it played).
    pub(crate) fn redealt(&self, hands: &Hands) -> Whist {
        let mut w = *self;
        w.play.redeal(hands);
        let dealt = std::array::from_fn(|q| hands[q] | self.play.played_by(Seat(q as u8)));
        w.honours_held = honours_dealt(&dealt, self.turned.suit());
        w
    }

    /// A copy with everything `seat` cannot see removed: the other seats' hands, and the
    /// honours each side held until the hand is over.
    fn masked_for(&self, seat: Seat) -> Whist {
        let mut v = *self;
        v.play.hide_hands_except(seat);
        if !self.is_over() {
            v.honours_held = [0; SIDES];
        }
        v
    }
}

/// What one seat can see of a Whist hand (see [`Game::view`]): other seats' cards are absent,
/// and so are the honours held until the hand is over.
pub type WhistView = Masked<Whist>;

impl Game for Whist {
    type View = WhistView;

    fn kind(&self) -> GameKind {
        Setup::KIND
    }

    #[inline]
    fn sides(&self) -> Sides {
        self.setup.sides()
    }

    #[inline]
    fn dealer(&self) -> Seat {
        self.dealer
    }

    #[inline]
    fn to_act(&self) -> Option<Seat> {
        (self.play.tricks_done() < TRICKS as usize).then(|| self.play.to_play())
    }

    #[inline]
    fn legal_actions(&self) -> ActionSet {
        if self.play.tricks_done() < TRICKS as usize {
            ActionSet::plays(self.play.legal())
        } else {
            ActionSet::NONE
        }
    }

    #[inline]
    fn apply(&mut self, action: Action) {
        let Action::Play(card) = action else {
            panic!("Whist has only card plays, not {action}");
        };
        debug_assert!(self.play.legal().contains(card), "{card} is not legal");
        // The public record of the order of play, kept without branches (as `TrickPlay` keeps
        // its show-outs): the card is led when the trick is empty, and it is its seat's first
        // of its suit when that seat has played none of the suit yet.
        let bit = CardSet::single(card).0;
        let on_lead = (self.play.trick().is_empty() as u64).wrapping_neg();
        let before = self.play.played_by(self.play.to_play()).suit(card.suit());
        let first = (before.is_empty() as u64).wrapping_neg();
        self.led.0 |= bit & on_lead;
        self.firsts.0 |= bit & first;
        let played = self.play.play(card);
        self.turned_face_up &= played.seat != self.dealer;
    }

    /// Whole tricks in `TrickPlay`'s own loop, with the record of leads and first cards of a
    /// suit kept as `apply` keeps it.
    fn play_out_randomly(&mut self, rng: &mut GameRng) {
        let (mut led, mut firsts) = (self.led.0, self.firsts.0);
        let dealer = self.dealer;
        let mut dealer_played = false;
        self.play
            .play_out_randomly(rng, |seat, card, on_lead, first| {
                let bit = CardSet::single(card).0;
                led |= bit & (on_lead as u64).wrapping_neg();
                firsts |= bit & (first as u64).wrapping_neg();
                dealer_played |= seat == dealer;
            });
        self.led.0 = led;
        self.firsts.0 = firsts;
        self.turned_face_up &= !dealer_played;
    }

    #[inline]
    fn trump(&self) -> Option<Suit> {
        Some(self.play.trump())
    }

    #[inline]
    fn trick(&self) -> &Trick {
        self.play.trick()
    }

    #[inline]
    fn hand(&self, seat: Seat) -> CardSet {
        self.play.hand(seat)
    }

    fn side_points(&self, side: Side) -> i32 {
        trick_points(self.side_tricks(side))
    }

    fn tricks_won(&self, seat: Seat) -> u32 {
        self.play.tricks_won(seat)
    }

    fn view(&self, seat: Seat) -> WhistView {
        Masked::new(self.masked_for(seat))
    }

    /// The tricks not yet played go to the receiver, the next seat on the left (an opponent);
    /// honours count as dealt, as always.
    fn concede(&mut self, seat: Seat) {
        let done = self.play.tricks_done();
        if done >= TRICKS as usize {
            return;
        }
        let to = self.concession_receiver(seat);
        self.play.concede(seat, to, TRICKS as usize - done);
    }

    fn conceded(&self) -> Option<Seat> {
        self.play.conceded()
    }
}

impl Rewarded for Whist {
    /// Seven points for all thirteen tricks (honours come with the deal, not the play).
    fn most_points(&self, _side: Side) -> i32 {
        trick_points(TRICKS)
    }

    /// Exact when the hand ends the game; otherwise the chance of a side that leads by `d`
    /// points after the hand, taken as a logistic curve of scale 2 points on the lead (a hand
    /// moves about one point per side, and the game is to 5 or 7).
    fn match_reward(&self, side: Side) -> f64 {
        let s = self.settlement();
        match s.winner {
            Some(w) => (w == side.index()) as u8 as f64,
            None => {
                let other = 1 - side.index();
                win_estimate(
                    (s.scores_after[side.index()] - s.scores_after[other]) as f64,
                    2.0,
                )
            }
        }
    }

    /// The tricks without Whist's record of leads and first cards of a suit, or
    /// `TrickPlay`'s of who played what: the score reads only the tricks (and the honours,
    /// which come with the deal).
    fn play_out_randomly_for_reward(&mut self, rng: &mut GameRng) {
        self.play.play_out_randomly_for_tricks(rng);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// `play_out_randomly` is the generic loop of `Game` made faster: from every point of 200
    /// hands, the same state at the end (cards, tricks, show-outs, leads, the record of play)
    /// and the same random numbers used.
    #[test]
    fn playing_out_randomly_is_the_generic_loop() {
        use crate::games::game::assert_every_point_plays_out_as_the_generic_loop as check;
        for deal in 0..200u64 {
            let mut rng = GameRng::seed_from_u64(deal);
            let s = Whist::deal(Setup::default(), Seat((deal % 4) as u8), &[0, 0], &mut rng);
            assert_eq!(check(s, &mut rng, deal), 52);
        }
    }
}
