//! The state of one 9-5-2 hand, and its [`Game`] implementation.

use rand::Rng;

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::games::deal::{DealError, check_hands};
use crate::games::{
    Action, ActionSet, Decision, Game, GameKind, Masked, Seat, Side, Sides, Trick, TrickPlay,
    TrumpOrder,
};
use crate::rng::{GameRng, shuffle};

use super::exchange::Exchange;
use super::options::{PLAYERS, Setup, Variant};

/// Cards dealt to each player (and tricks in a hand).
pub const HAND_SIZE: usize = 16;
/// Cards in the kitty, and cards the dealer discards.
pub const KITTY_SIZE: usize = 4;

const SIDES: Sides = Sides::alone(PLAYERS);

/// The 52 cards in index order, for shuffling.
const PACK: [Card; 52] = {
    let mut p = [Card::new(Suit::Clubs, Rank::Two); 52];
    let mut i = 0;
    while i < 52 {
        p[i] = Card::new(Suit::ALL[i / 13], Rank::ALL[i % 13]);
        i += 1;
    }
    p
};

/// The decision a hand is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// A plus player gives a card in the exchange.
    Give,
    /// The dealer names trumps.
    NameTrump,
    /// The dealer discards one of four cards.
    Discard,
    /// A card is played to a trick.
    Play,
    /// All 16 tricks have been played.
    Over,
}

/// One 9-5-2 hand in play (RULES.md §2): the card play (every seat's cards, the trick, and what
/// each seat has shown and taken, in the shared [`TrickPlay`]), the kitty and discards, the
/// exchange and trumps. The exchange, the kitty and the discards edit the hands of the card
/// play before its first trick.
///
/// Build one with [`NineFiveTwo::deal`] (a shuffled deal) or [`NineFiveTwo::from_hands`] (a
/// given deal), then drive it through [`Game`]. The exchange that opens the hand follows from
/// `previous`, each seat's `tricks − target` in the previous hand (`None` in the first hand of a
/// game: no exchange).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NineFiveTwo {
    variant: Variant,
    dealer: Seat,
    phase: Phase,
    /// Trumps once named (the card play holds them too, from then on).
    trump: Option<Suit>,
    targets: [u8; 3],
    discarded: u8,
    kitty: CardSet,
    discards: CardSet,
    exchange: Exchange,
    play: TrickPlay,
    context: MatchContext,
}

/// Where the hand stands in its game: the rules, the totals before the hand and the hands
/// played before it. The hand plays the same without it; search uses it to score a hand by
/// whether it wins the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchContext {
    /// The rules of the game (its end rule).
    pub rules: Setup,
    /// Each seat's total before the hand.
    pub totals: [i32; 3],
    /// Hands played before this one.
    pub hands_before: u32,
}

impl NineFiveTwo {
    /// Shuffles the pack with `rng` and deals it (RULES.md §2.2), `dealer` dealing.
    pub fn deal<R: Rng + ?Sized>(
        variant: Variant,
        dealer: Seat,
        previous: Option<[i32; 3]>,
        rng: &mut R,
    ) -> NineFiveTwo {
        let mut order = PACK;
        shuffle(rng, &mut order);
        NineFiveTwo::from_order(variant, dealer, previous, &order)
    }

    /// Deals `order` (the pack from top to bottom): card `k < 48` to seat `(E + k) mod 3`, the
    /// last four to the kitty.
    ///
    /// # Panics
    /// In debug builds, if `order` holds a card twice.
    pub fn from_order(
        variant: Variant,
        dealer: Seat,
        previous: Option<[i32; 3]>,
        order: &[Card; 52],
    ) -> NineFiveTwo {
        // Card 3i + j goes to the seat j places left of the dealer.
        let mut by_position = [CardSet::EMPTY; 3];
        for round in order[..PLAYERS * HAND_SIZE].chunks_exact(PLAYERS) {
            for (h, &c) in by_position.iter_mut().zip(round) {
                h.insert(c);
            }
        }
        let mut hands = [CardSet::EMPTY; 3];
        for (j, h) in by_position.into_iter().enumerate() {
            hands[dealer.plus(j + 1, PLAYERS).index()] = h;
        }
        let kitty: CardSet = order[PLAYERS * HAND_SIZE..].iter().copied().collect();
        debug_assert_eq!(
            hands[0] | hands[1] | hands[2] | kitty,
            CardSet::ALL,
            "not a pack"
        );
        NineFiveTwo::build(variant, dealer, hands, kitty, previous)
    }

    /// A deal from given hands (by seat) and kitty, checked: 16 cards each, 4 in the kitty,
    /// the whole pack once. `previous` (each seat's `tricks − target` in the previous hand)
    /// sets up the exchange and must be a possible result of the previous hand, which
    /// the seat to the dealer's right dealt.
    ///
    /// # Errors
    /// [`DealError`]: what is wrong with the deal or with `previous`.
    pub fn from_hands(
        variant: Variant,
        dealer: Seat,
        hands: [CardSet; 3],
        kitty: CardSet,
        previous: Option<[i32; 3]>,
    ) -> Result<NineFiveTwo, DealError> {
        if dealer.index() >= PLAYERS {
            return Err(DealError::Dealer {
                dealer,
                players: PLAYERS,
            });
        }
        let all = check_hands(&hands, HAND_SIZE)?;
        if kitty.len() != KITTY_SIZE {
            return Err(DealError::KittySize {
                got: kitty.len(),
                want: KITTY_SIZE,
            });
        }
        if !all.is_disjoint(kitty) {
            return Err(DealError::InHandAndKitty(all & kitty));
        }
        if let Some(p) = previous {
            let before = variant.targets_by_seat(dealer.right(PLAYERS));
            let possible =
                (0..PLAYERS).all(|s| (0..=HAND_SIZE as i32).contains(&(p[s] + before[s] as i32)));
            if p.iter().sum::<i32>() != 0 || !possible {
                return Err(DealError::ImpossiblePrevious {
                    previous: p,
                    targets: before,
                });
            }
        }
        Ok(NineFiveTwo::build(variant, dealer, hands, kitty, previous))
    }

    fn build(
        variant: Variant,
        dealer: Seat,
        hands: [CardSet; 3],
        kitty: CardSet,
        previous: Option<[i32; 3]>,
    ) -> NineFiveTwo {
        let targets = variant.targets_by_seat(dealer);
        let mut g = NineFiveTwo {
            variant,
            dealer,
            phase: Phase::Over,
            trump: None,
            targets,
            discarded: 0,
            kitty,
            discards: CardSet::EMPTY,
            exchange: previous.map_or(Exchange::NONE, |p| Exchange::plan(p, targets)),
            // The eldest hand leads the first trick; trumps are set when named.
            play: TrickPlay::new(
                &hands,
                dealer.left(PLAYERS),
                Suit::Clubs,
                TrumpOrder::ACES_HIGH,
            ),
            context: MatchContext {
                rules: Setup::of(variant),
                totals: [0; 3],
                hands_before: 0,
            },
        };
        g.enter(match variant {
            Variant::SwappedTargets => Phase::Discard,
            _ => Phase::Give,
        });
        g
    }

    /// The phase that follows `phase` in this variant (RULES.md §2.3, §2.7).
    const fn after(&self, phase: Phase) -> Phase {
        match (self.variant, phase) {
            (Variant::SwappedTargets, Phase::Discard) => Phase::Give,
            (Variant::SwappedTargets, Phase::Give) => Phase::NameTrump,
            (Variant::SwappedTargets, Phase::NameTrump) => Phase::Play,
            (_, Phase::Give) => Phase::NameTrump,
            (_, Phase::NameTrump) => Phase::Discard,
            (_, Phase::Discard) => Phase::Play,
            (_, p) => p,
        }
    }

    /// Starts `phase`, carrying out what happens as it begins: an empty exchange is skipped;
    /// over; play begins with the eldest hand on lead (the card play's leader from the deal).
    fn enter(&mut self, phase: Phase) {
        self.phase = phase;
        let dealer = self.dealer.index();
        match phase {
            Phase::Give if self.exchange.current().is_none() => self.enter(self.after(phase)),
            Phase::Discard if self.variant != Variant::SergeantMajor => {
                self.play.hands_mut()[dealer] |= self.kitty;
            }
            Phase::Play if self.variant == Variant::SergeantMajor => {
                self.play.hands_mut()[dealer] |= self.kitty;
            }
            _ => {}
        }
    }

    fn give(&mut self, card: Card) {
        let batch = self.exchange.current().expect("a batch to give");
        let hands = self.play.hands_mut();
        hands[batch.giver.index()].remove(card);
        hands[batch.receiver.index()].insert(card);
        if self.exchange.give(card) {
            if self.variant != Variant::SwappedTargets && self.exchange.giver_done() {
                self.exchange.return_due(self.play.hands_mut());
            }
            if self.exchange.current().is_none() {
                self.enter(self.after(Phase::Give));
            }
        }
    }

    fn name_trump(&mut self, suit: Suit) {
        self.trump = Some(suit);
        self.play.set_trump(suit);
        if self.variant == Variant::SwappedTargets {
            self.exchange.return_due(self.play.hands_mut());
        }
        self.enter(self.after(Phase::NameTrump));
    }

    fn discard(&mut self, card: Card) {
        self.play.hands_mut()[self.dealer.index()].remove(card);
        self.discards.insert(card);
        self.discarded += 1;
        if self.discarded as usize == KITTY_SIZE {
            self.enter(self.after(Phase::Discard));
        }
    }

    #[inline]
    fn play(&mut self, card: Card) {
        debug_assert!(self.trump.is_some(), "trumps are named before play");
        if self.play.play(card).completed.is_some() && self.play.tricks_done() == HAND_SIZE {
            self.phase = Phase::Over;
        }
    }

    /// The same hand placed in a game (see [`MatchContext`]).
    pub const fn in_match(mut self, context: MatchContext) -> NineFiveTwo {
        self.context = context;
        self
    }

    /// Where the hand stands in its game.
    #[inline]
    pub const fn context(&self) -> &MatchContext {
        &self.context
    }

    /// The same hand with the hidden cards replaced (world sampling): `hands` by seat, the
    /// kitty and the discards, and the cards given so far in batch `batch.0` if given.
    pub(crate) fn redealt(
        &self,
        hands: [CardSet; 3],
        kitty: CardSet,
        discards: CardSet,
        batch: Option<(usize, CardSet)>,
    ) -> NineFiveTwo {
        let mut s = *self;
        s.play.redeal(&hands);
        s.kitty = kitty;
        s.discards = discards;
        if let Some((b, cards)) = batch {
            s.exchange.set_given(b, cards);
        }
        s
    }

    /// The variant played.
    #[inline]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The decision the hand is waiting for.
    #[inline]
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// The target of `seat` in this hand.
    #[inline]
    pub const fn target(&self, seat: Seat) -> u8 {
        self.targets[seat.index()]
    }

    /// The targets by seat.
    #[inline]
    pub const fn targets(&self) -> [u8; 3] {
        self.targets
    }

    /// Tricks taken by each seat so far.
    #[inline]
    pub const fn tricks(&self) -> [u8; 3] {
        [
            self.play.tricks_won(Seat(0)) as u8,
            self.play.tricks_won(Seat(1)) as u8,
            self.play.tricks_won(Seat(2)) as u8,
        ]
    }

    /// Each seat's `tricks − target` so far (the hand's score once it is over).
    #[inline]
    pub const fn diffs(&self) -> [i32; 3] {
        let t = self.tricks();
        [
            t[0] as i32 - self.targets[0] as i32,
            t[1] as i32 - self.targets[1] as i32,
            t[2] as i32 - self.targets[2] as i32,
        ]
    }

    /// Tricks completed.
    #[inline]
    pub const fn tricks_done(&self) -> usize {
        self.play.tricks_done()
    }

    /// The kitty as dealt (it stays here after the dealer takes it). Seen by the dealer only,
    /// once taken.
    #[inline]
    pub const fn kitty(&self) -> CardSet {
        self.kitty
    }

    /// Whether the dealer has taken the kitty into hand.
    #[inline]
    pub const fn kitty_taken(&self) -> bool {
        match self.variant {
            Variant::SwappedTargets => true,
            Variant::Standard => matches!(self.phase, Phase::Discard | Phase::Play | Phase::Over),
            Variant::SergeantMajor => matches!(self.phase, Phase::Play | Phase::Over),
        }
    }

    /// The cards the dealer has discarded (seen by the dealer only).
    #[inline]
    pub const fn discards(&self) -> CardSet {
        self.discards
    }

    /// How many cards the dealer has discarded (public).
    #[inline]
    pub const fn discards_made(&self) -> usize {
        self.discarded as usize
    }

    /// The exchange: its batches (public) and the cards given and returned (seen by each
    /// batch's giver and receiver).
    #[inline]
    pub const fn exchange(&self) -> &Exchange {
        &self.exchange
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

    /// A copy with everything `seat` cannot see removed (RULES.md §2.8): the other seats'
    /// hands; the kitty unless `seat` is the dealer and has taken it; the discards unless `seat`
    /// is the dealer; the cards of exchange batches `seat` takes no part in.
    fn masked_for(&self, seat: Seat) -> NineFiveTwo {
        let mut v = *self;
        v.play.hide_hands_except(seat);
        if seat != self.dealer {
            v.discards = CardSet::EMPTY;
        }
        if seat != self.dealer || !self.kitty_taken() {
            v.kitty = CardSet::EMPTY;
        }
        v.exchange = self.exchange.masked_for(seat);
        v
    }
}

/// What one seat can see of a 9-5-2 hand (see [`Game::view`]).
pub type NineFiveTwoView = Masked<NineFiveTwo>;

impl Game for NineFiveTwo {
    type View = NineFiveTwoView;

    fn give_receiver(&self) -> Option<Seat> {
        self.exchange.current().map(|b| b.receiver)
    }

    fn kind(&self) -> GameKind {
        Setup::KIND
    }

    #[inline]
    fn sides(&self) -> Sides {
        SIDES
    }

    #[inline]
    fn dealer(&self) -> Seat {
        self.dealer
    }

    #[inline]
    fn to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::Play => Some(self.play.to_play()),
            Phase::Give => self.exchange.current().map(|b| b.giver),
            Phase::NameTrump | Phase::Discard => Some(self.dealer),
            Phase::Over => None,
        }
    }

    #[inline]
    fn legal_actions(&self) -> ActionSet {
        match self.phase {
            Phase::Play => ActionSet::plays(self.play.legal()),
            Phase::Give => match self.exchange.current() {
                Some(b) => ActionSet::from_cards(Decision::Give, self.play.hand(b.giver)),
                None => ActionSet::NONE,
            },
            Phase::NameTrump => ActionSet::trumps(0xF),
            Phase::Discard => ActionSet::from_cards(Decision::Discard, self.play.hand(self.dealer)),
            Phase::Over => ActionSet::NONE,
        }
    }

    #[inline]
    fn apply(&mut self, action: Action) {
        match (self.phase, action) {
            (Phase::Play, Action::Play(c)) => self.play(c),
            (Phase::Give, Action::Give(c)) => self.give(c),
            (Phase::NameTrump, Action::NameTrump(s)) => self.name_trump(s),
            (Phase::Discard, Action::Discard(c)) => self.discard(c),
            (phase, a) => panic!("{a} does not answer the decision of phase {phase:?}"),
        }
    }

    #[inline]
    fn trump(&self) -> Option<Suit> {
        self.trump
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
        self.diffs()[side.index()]
    }

    fn tricks_won(&self, seat: Seat) -> u32 {
        self.play.tricks_won(seat)
    }

    fn view(&self, seat: Seat) -> NineFiveTwoView {
        Masked::new(self.masked_for(seat))
    }

    /// The tricks not yet played go to the receiver; an exchange, trumps or discards not yet
    /// complete stay as they are (trumps unnamed, fewer than four discards).
    fn concede(&mut self, seat: Seat) {
        if self.phase == Phase::Over {
            return;
        }
        let to = self.concession_receiver(seat);
        self.play
            .concede(seat, to, HAND_SIZE - self.play.tricks_done());
        self.phase = Phase::Over;
    }

    fn conceded(&self) -> Option<Seat> {
        self.play.conceded()
    }

    /// Trumps, discards and the exchange one action at a time, then the tricks in
    /// `TrickPlay`'s own loop.
    fn play_out_randomly(&mut self, rng: &mut GameRng) {
        if self.choose_before_play_randomly(rng) {
            self.play.play_out_randomly(rng, |_, _, _, _| {});
            self.phase = Phase::Over;
        }
    }
}

impl NineFiveTwo {
    /// The trumps, discards and exchange still to come, one uniformly random action at a
    /// time; whether the tricks are then to be played.
    fn choose_before_play_randomly(&mut self, rng: &mut GameRng) -> bool {
        while self.phase != Phase::Play && self.to_act().is_some() {
            let a = self.legal_actions().choose(rng);
            self.apply(a);
        }
        debug_assert!(
            self.phase != Phase::Play || self.trump.is_some(),
            "trumps are named before play"
        );
        self.phase == Phase::Play
    }

    /// [`Rewarded::play_out_randomly_for_reward`](crate::games::Rewarded::play_out_randomly_for_reward):
    /// the tricks without the record of who played what.
    pub(super) fn play_out_randomly_for_score(&mut self, rng: &mut GameRng) {
        if self.choose_before_play_randomly(rng) {
            self.play.play_out_randomly_for_tricks(rng);
            self.phase = Phase::Over;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// `play_out_randomly` is the generic loop of `Game` made faster: from every point of 200
    /// hands (half of them with an exchange before play), the same state at the end and the
    /// same random numbers used.
    #[test]
    fn playing_out_randomly_is_the_generic_loop() {
        use crate::games::game::assert_every_point_plays_out_as_the_generic_loop as check;
        for deal in 0..200u64 {
            let mut rng = GameRng::seed_from_u64(deal);
            let dealer = Seat((deal % 3) as u8);
            let mut s = NineFiveTwo::deal(Variant::Standard, dealer, None, &mut rng);
            if deal % 2 == 1 {
                s.play_out_randomly(&mut rng);
                let previous = Some(s.diffs());
                s = NineFiveTwo::deal(Variant::Standard, dealer.plus(1, 3), previous, &mut rng);
            }
            // Trumps, four discards, 48 cards, and any exchange before them.
            assert!(check(s, &mut rng, deal) >= 53, "deal {deal}");
        }
    }
}
