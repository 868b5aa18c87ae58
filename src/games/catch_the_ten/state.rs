//! The state of one Catch the Ten deal, and its [`Game`] implementation.

use rand::Rng;

use crate::cards::{Card, CardSet, Suit};
use crate::games::deal::DealError;
use crate::games::{
    Action, ActionSet, Game, GameKind, MAX_SEATS, Masked, Seat, Side, Sides, Trick, TrickPlay,
    TrumpOrder,
};
use crate::rng::shuffle;

use super::options::{RevokePenalty, Setup};
use super::scoring::{HandScore, SidePoints, TARGET, count_out, leaders};

/// The most sets in a deal (two players play three sets of six).
pub const MAX_SETS: usize = 3;

/// How a deal ended, or that it is still being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealEnd {
    /// Cards remain to be played.
    Playing,
    /// Every set was played and the game goes on.
    Complete,
    /// The game ended during this deal; the bit mask names the winning sides (more than one bit
    /// is a shared win).
    GameOver {
        /// Winning sides as a bit mask.
        winners: u8,
    },
    /// Every side revoked in a set: the rest of the deal is void and the same dealer deals again
    /// (§1.7, §7.1).
    Void,
}

/// One Catch the Ten deal in play: every seat's cards (including sets not yet picked up), the
/// trick, what each side has won, and the running scores of the game.
///
/// Build one with [`CatchTheTen::deal`] (a shuffled deal) or [`CatchTheTen::from_hands`] (a
/// given deal), then drive it through [`Game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CatchTheTen {
    setup: Setup,
    dealer: Seat,
    turned: Card,
    turned_visible: bool,
    laid_aside: Option<Card>,
    play: TrickPlay,
    later: [CardSet; MAX_SEATS],
    set_cards: [CardSet; MAX_SETS],
    set: u8,
    won: [CardSet; MAX_SEATS],
    revoked: u8,
    start_scores: [i16; MAX_SEATS],
    scores: [i16; MAX_SEATS],
    set_scores: [[i16; MAX_SEATS]; MAX_SETS],
    sets_settled: u8,
    end: DealEnd,
}

/// The cards of one deal: for each seat, its hand in each set (one set with 4 or more players).
pub type HandsBySet = [[CardSet; MAX_SETS]; MAX_SEATS];

impl CatchTheTen {
    /// Shuffles the pack with `rng` and deals it singly (RULES.md §1.3), `dealer` dealing, with
    /// the sides' game scores before the deal in `scores` (indexed by side).
    pub fn deal<R: Rng + ?Sized>(
        setup: Setup,
        dealer: Seat,
        scores: &[i32],
        rng: &mut R,
    ) -> CatchTheTen {
        let mut order = [Card::new(Suit::Clubs, crate::cards::Rank::Two); 36];
        let pack = setup.deck().cards();
        for (slot, c) in order.iter_mut().zip(pack.iter()) {
            *slot = c;
        }
        let n = pack.len();
        shuffle(rng, &mut order[..n]);
        CatchTheTen::from_order(setup, dealer, scores, &order[..n])
    }

    /// Deals `order` (the pack from top to bottom) singly as RULES.md §1.3 prescribes.
    ///
    /// # Panics
    /// If `order` is not the setup's pack.
    pub fn from_order(setup: Setup, dealer: Seat, scores: &[i32], order: &[Card]) -> CatchTheTen {
        assert_eq!(
            order.len(),
            setup.deck().len(),
            "the order must hold the whole pack"
        );
        let n = setup.players();
        let eldest = dealer.left(n);
        let mut hands: HandsBySet = [[CardSet::EMPTY; MAX_SETS]; MAX_SEATS];
        let dealt = setup.cards_per_set() * setup.sets();
        let per_set = setup.cards_per_set();
        // Card k goes to set k / per_set, seat (E + k mod per_set) mod n; counted up without
        // division, since dealing is on the playout hot path.
        for (set, cards) in order[..dealt].chunks_exact(per_set).enumerate() {
            let mut seat = eldest.index();
            for &c in cards {
                hands[seat][set].insert(c);
                seat = if seat + 1 == n { 0 } else { seat + 1 };
            }
        }
        let turned = order[dealt - 1];
        let laid_aside = (order.len() > dealt).then(|| order[dealt]);
        CatchTheTen::build(setup, dealer, scores, &hands, turned, laid_aside)
    }

    /// A deal from given hands (e.g. from a record), checked: every seat must hold the right
    /// number of cards in each set, no card twice, the pack complete (with the laid-aside card
    /// under `keep_6S`), and the turned card in the dealer's last set.
    ///
    /// # Errors
    /// [`DealError`]: what is wrong with the deal.
    pub fn from_hands(
        setup: Setup,
        dealer: Seat,
        scores: &[i32],
        hands: &HandsBySet,
        turned: Card,
        laid_aside: Option<Card>,
    ) -> Result<CatchTheTen, DealError> {
        let n = setup.players();
        if dealer.index() >= n {
            return Err(DealError::Dealer { dealer, players: n });
        }
        if scores.len() != setup.sides().num_sides() {
            return Err(DealError::Scores {
                given: scores.len(),
                sides: setup.sides().num_sides(),
            });
        }
        let mut all = CardSet::EMPTY;
        for (seat, sets) in hands.iter().enumerate() {
            for (set, &h) in sets.iter().enumerate() {
                let want = if seat < n && set < setup.sets() {
                    setup.hand_size()
                } else {
                    0
                };
                if h.len() != want {
                    return Err(DealError::SetSize {
                        seat,
                        set: set + 1,
                        got: h.len(),
                        want,
                    });
                }
                if !(all & h).is_empty() {
                    return Err(DealError::Twice(all & h));
                }
                all |= h;
            }
        }
        if let Some(c) = laid_aside {
            if all.contains(c) {
                return Err(DealError::LaidAsideInHand(c));
            }
            all.insert(c);
        } else if setup.options().keep_6s {
            return Err(DealError::NoLaidAside);
        }
        if all != setup.deck().cards() {
            return Err(DealError::NotThePack {
                size: setup.deck().len(),
                missing: setup.deck().cards() - all,
                extra: all - setup.deck().cards(),
            });
        }
        if !hands[dealer.index()][setup.sets() - 1].contains(turned) {
            return Err(DealError::TurnedNotInLastSet(turned));
        }
        Ok(CatchTheTen::build(
            setup, dealer, scores, hands, turned, laid_aside,
        ))
    }

    fn build(
        setup: Setup,
        dealer: Seat,
        scores: &[i32],
        hands_by_set: &HandsBySet,
        turned: Card,
        laid_aside: Option<Card>,
    ) -> CatchTheTen {
        let n = setup.players();
        let mut hands = [CardSet::EMPTY; MAX_SEATS];
        let mut later = [CardSet::EMPTY; MAX_SEATS];
        let mut set_cards = [CardSet::EMPTY; MAX_SETS];
        for seat in 0..n {
            hands[seat] = hands_by_set[seat][0];
            for (set, &h) in hands_by_set[seat].iter().enumerate() {
                set_cards[set] |= h;
                if set > 0 {
                    later[seat] |= h;
                }
            }
        }
        let mut start = [0i16; MAX_SEATS];
        for (s, &v) in scores.iter().enumerate() {
            start[s] = v as i16;
        }
        CatchTheTen {
            setup,
            dealer,
            turned,
            turned_visible: true,
            laid_aside,
            play: TrickPlay::new(
                &hands[..n],
                dealer.left(n),
                turned.suit(),
                TrumpOrder::JACK_HIGH,
            ),
            later,
            set_cards,
            set: 0,
            won: [CardSet::EMPTY; MAX_SEATS],
            revoked: 0,
            start_scores: start,
            scores: start,
            set_scores: [start; MAX_SETS],
            sets_settled: 0,
            end: DealEnd::Playing,
        }
    }

    /// The table.
    #[inline]
    pub const fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The turned card (its suit is trumps). Public at the deal; see
    /// [`CatchTheTen::turned_visible`] for whether it still lies face up.
    #[inline]
    pub const fn turned(&self) -> Card {
        self.turned
    }

    /// Whether the turned card still lies face up (until the dealer plays to trick 1 with 4 or
    /// more players; until the last set begins with 2 or 3).
    #[inline]
    pub const fn turned_visible(&self) -> bool {
        self.turned_visible
    }

    /// The card shown and laid aside under `keep_6S`.
    #[inline]
    pub const fn laid_aside(&self) -> Option<Card> {
        self.laid_aside
    }

    /// The set being played (0-based; always 0 with 4 or more players).
    #[inline]
    pub const fn set(&self) -> usize {
        self.set as usize
    }

    /// Tricks completed in the current set.
    #[inline]
    pub const fn tricks_done(&self) -> usize {
        self.play.tricks_done()
    }

    /// The cards dealt in `set` (every seat's hand of that set).
    #[inline]
    pub const fn set_cards(&self, set: usize) -> CardSet {
        self.set_cards[set]
    }

    /// The cards `seat` has been dealt for sets not yet picked up (hidden even from its owner).
    #[inline]
    pub const fn later_sets(&self, seat: Seat) -> CardSet {
        self.later[seat.index()]
    }

    /// The cards `side` has won in the whole deal.
    #[inline]
    pub const fn won(&self, side: Side) -> CardSet {
        self.won[side.index()]
    }

    /// The cards `seat` has played in the whole deal.
    #[inline]
    pub const fn played_by(&self, seat: Seat) -> CardSet {
        self.play.played_by(seat)
    }

    /// How many tricks `seat` has led in the current set (the current trick included once its
    /// first card is down).
    #[inline]
    pub const fn leads(&self, seat: Seat) -> usize {
        self.play.leads(seat)
    }

    /// The cards `seat` was dealt for the current set: its hand now and what it has played in
    /// this set.
    pub fn dealt_this_set(&self, seat: Seat) -> CardSet {
        let earlier = (0..self.set as usize).fold(CardSet::EMPTY, |a, k| a | self.set_cards[k]);
        self.play.hand(seat) | (self.play.played_by(seat) - earlier)
    }

    /// The suits `seat` has shown out of in the current set, as a bit mask over suit indices.
    #[inline]
    pub const fn voids(&self, seat: Seat) -> u8 {
        self.play.voids(seat)
    }

    /// The seats that revoked in the current set, as a bit mask (only under `allow_revokes`).
    #[inline]
    pub const fn revoked_seats(&self) -> u8 {
        self.revoked
    }

    /// The game score of `side` before this deal.
    #[inline]
    pub const fn start_score(&self, side: Side) -> i32 {
        self.start_scores[side.index()] as i32
    }

    /// The game score of `side` now (see [`CatchTheTen::scores`]).
    #[inline]
    pub const fn score(&self, side: Side) -> i32 {
        self.scores[side.index()] as i32
    }

    /// The game scores per side before this deal.
    pub fn start_scores(&self) -> Vec<i32> {
        self.side_values(&self.start_scores)
    }

    /// The game scores per side now: after the sets settled so far (and, when the game ended
    /// during a hand under `game_at_once`, the running totals at that moment).
    pub fn scores(&self) -> Vec<i32> {
        self.side_values(&self.scores)
    }

    /// The scores after set `set` was settled.
    pub fn scores_after_set(&self, set: usize) -> Vec<i32> {
        self.side_values(&self.set_scores[set])
    }

    /// How many sets have been settled (a set stopped early by the end of the game counts).
    #[inline]
    pub const fn sets_settled(&self) -> usize {
        self.sets_settled as usize
    }

    /// How the deal ended (or [`DealEnd::Playing`]).
    #[inline]
    pub const fn end(&self) -> DealEnd {
        self.end
    }

    fn side_values(&self, v: &[i16; MAX_SEATS]) -> Vec<i32> {
        v[..self.setup.sides().num_sides()]
            .iter()
            .map(|&x| x as i32)
            .collect()
    }

    /// The cards each side has won in `set`.
    pub fn won_in_set(&self, set: usize) -> [CardSet; MAX_SEATS] {
        let mut w = [CardSet::EMPTY; MAX_SEATS];
        for (side, slot) in w
            .iter_mut()
            .enumerate()
            .take(self.setup.sides().num_sides())
        {
            *slot = self.won[side] & self.set_cards[set];
        }
        w
    }

    /// What each side made in `set` (honours and cards; a set still in play counts so far).
    pub fn set_score(&self, set: usize) -> HandScore {
        let sides = self.setup.sides();
        let won = self.won_in_set(set);
        let ns = sides.num_sides();
        HandScore::new(&won[..ns], &self.setup.shares()[..ns], self.play.trump())
    }

    /// The seat holding `card` now, in its current hand or a set not yet picked up. On a fresh
    /// deal this is the seat the card was dealt to.
    pub fn holder(&self, card: Card) -> Option<Seat> {
        Seat::all(self.setup.players())
            .find(|&s| self.play.hand(s).contains(card) || self.later[s.index()].contains(card))
    }

    fn revoked_sides(&self) -> u8 {
        let sides = self.setup.sides();
        Seat::all(self.setup.players())
            .filter(|s| self.revoked & (1 << s.index()) != 0)
            .fold(0, |m, s| m | 1 << sides.side(s).index())
    }

    fn all_sides(&self) -> u8 {
        ((1u16 << self.setup.sides().num_sides()) - 1) as u8
    }

    fn points_i32(&self) -> SidePoints {
        let mut p = [0; MAX_SEATS];
        for (i, &v) in self.scores.iter().enumerate() {
            p[i] = v as i32;
        }
        p
    }

    fn store_scores(&mut self, p: &SidePoints) {
        for (slot, &v) in self.scores.iter_mut().zip(p) {
            *slot = v as i16;
        }
    }

    /// After a trick under `game_at_once`: stops the game if a side's running total reached 41.
    fn check_game_at_once(&mut self) -> bool {
        let n_sides = self.setup.sides().num_sides();
        let hs = self.set_score(self.set as usize);
        let revoked = self.revoked_sides();
        let excluded = match self.setup.options().penalty() {
            RevokePenalty::LoseHandPoints => revoked,
            RevokePenalty::LoseGame => 0,
        };
        let mut running = self.points_i32();
        for (side, r) in running.iter_mut().enumerate().take(n_sides) {
            if excluded & (1 << side) == 0 {
                *r += hs.total(side);
            }
        }
        let reached = (0..n_sides)
            .filter(|&s| running[s] >= TARGET)
            .fold(0u8, |m, s| m | 1 << s);
        if reached == 0 {
            return false;
        }
        if revoked == self.all_sides() {
            self.end = DealEnd::Void;
        } else if revoked != 0 && self.setup.options().penalty() == RevokePenalty::LoseGame {
            self.lose_game(&hs, revoked);
        } else {
            self.store_scores(&running);
            self.end = DealEnd::GameOver {
                winners: leaders(&running, reached),
            };
        }
        self.settle_record();
        true
    }

    /// §1.7 `LoseGame` (§7.2): the other sides add this hand's points and the best of them wins.
    fn lose_game(&mut self, hs: &HandScore, revoked: u8) {
        let n_sides = self.setup.sides().num_sides();
        let mut p = self.points_i32();
        for (side, v) in p.iter_mut().enumerate().take(n_sides) {
            if revoked & (1 << side) == 0 {
                *v += hs.total(side);
            }
        }
        self.store_scores(&p);
        self.end = DealEnd::GameOver {
            winners: leaders(&p, self.all_sides() & !revoked),
        };
    }

    fn settle_record(&mut self) {
        self.set_scores[self.set as usize] = self.scores;
        self.sets_settled = self.set + 1;
    }

    /// Settles the set whose last trick was just played, then picks up the next set.
    fn end_set(&mut self) {
        let n_sides = self.setup.sides().num_sides();
        let hs = self.set_score(self.set as usize);
        let revoked = self.revoked_sides();
        if revoked != 0 && revoked == self.all_sides() {
            self.end = DealEnd::Void;
        } else if revoked != 0 && self.setup.options().penalty() == RevokePenalty::LoseGame {
            self.lose_game(&hs, revoked);
        } else {
            let mut p = self.points_i32();
            if self.setup.options().game_at_once {
                for (side, v) in p.iter_mut().enumerate().take(n_sides) {
                    if revoked & (1 << side) == 0 {
                        *v += hs.total(side);
                    }
                }
            } else if let Some(winners) = count_out(&mut p, n_sides, &hs, revoked) {
                self.end = DealEnd::GameOver { winners };
            }
            self.store_scores(&p);
        }
        self.settle_record();
        if self.end != DealEnd::Playing {
            return;
        }
        if (self.set as usize) + 1 < self.setup.sets() {
            self.set += 1;
            self.revoked = 0;
            let cards = self.set_cards[self.set as usize];
            let mut hands = [CardSet::EMPTY; MAX_SEATS];
            for (hand, later) in hands.iter_mut().zip(&mut self.later) {
                *hand = *later & cards;
                *later -= cards;
            }
            self.play.pick_up(&hands[..self.setup.players()]);
            if self.set as usize + 1 == self.setup.sets() {
                self.turned_visible = false;
            }
        } else {
            self.end = DealEnd::Complete;
        }
    }

    #[inline]
    fn finish_trick(&mut self, trick: &Trick) {
        let side = self.setup.sides().side(trick.winner()).index();
        self.won[side] |= trick.card_set();
        if self.setup.options().game_at_once && self.check_game_at_once() {
            return;
        }
        if self.play.tricks_done() == self.setup.hand_size() {
            self.end_set();
        }
    }

    /// The same deal with the current hands and the sets not yet picked up replaced (world
    /// sampling). `hands[s]` is seat `s`'s current hand and `later[s][k]` its hand for set `k`
    /// (only sets after the current one are read). Everything public stays as it is.
    pub(crate) fn redealt(&self, hands: &[CardSet; MAX_SEATS], later: &HandsBySet) -> CatchTheTen {
        let mut s = *self;
        let set = self.set as usize;
        let earlier = (0..set).fold(CardSet::EMPTY, |a, k| a | self.set_cards[k]);
        let played =
            Seat::all(self.setup.players()).fold(CardSet::EMPTY, |a, q| a | self.play.played_by(q));
        s.play.redeal(&hands[..self.setup.players()]);
        s.set_cards[set] = (played - earlier) | hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
        for k in set + 1..MAX_SETS {
            s.set_cards[k] = later.iter().fold(CardSet::EMPTY, |a, h| a | h[k]);
        }
        for (seat, l) in s.later.iter_mut().enumerate() {
            *l = (set + 1..MAX_SETS).fold(CardSet::EMPTY, |a, k| a | later[seat][k]);
        }
        s
    }

    /// A copy with everything `seat` cannot see removed: the other seats' hands, every set not
    /// yet picked up (the seat's own included), which cards make up the current and later sets,
    /// and other seats' revokes.
    fn masked_for(&self, seat: Seat) -> CatchTheTen {
        let mut v = *self;
        v.play.hide_hands_except(seat);
        v.later = [CardSet::EMPTY; MAX_SEATS];
        for k in self.set as usize..MAX_SETS {
            v.set_cards[k] = CardSet::EMPTY;
        }
        v.revoked &= 1 << seat.index();
        v
    }
}

/// What one seat can see of a Catch the Ten deal (see [`Game::view`]).
pub type CatchTheTenView = Masked<CatchTheTen>;

impl Game for CatchTheTen {
    type View = CatchTheTenView;

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
        match self.end {
            DealEnd::Playing => Some(self.play.to_play()),
            _ => None,
        }
    }

    #[inline]
    fn legal_actions(&self) -> ActionSet {
        match self.end {
            DealEnd::Playing => ActionSet::plays(self.play.legal()),
            _ => ActionSet::NONE,
        }
    }

    fn accepts(&self, action: Action) -> bool {
        match (self.to_act(), action) {
            (Some(seat), Action::Play(c)) if self.setup.options().allow_revokes => {
                self.play.hand(seat).contains(c)
            }
            _ => self.legal_actions().contains(action),
        }
    }

    #[inline]
    fn apply(&mut self, action: Action) {
        let Action::Play(card) = action else {
            panic!("Catch the Ten has only card plays, not {action}");
        };
        let played = self.play.play(card);
        if played.revoke {
            self.revoked |= 1 << played.seat.index();
        }
        if played.seat == self.dealer && self.setup.players() >= 4 {
            self.turned_visible = false;
        }
        if let Some(trick) = played.completed {
            self.finish_trick(&trick);
        }
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
        let last = (self.set as usize).min(self.setup.sets() - 1);
        (0..=last)
            .map(|k| self.set_score(k).total(side.index()))
            .sum()
    }

    fn tricks_won(&self, seat: Seat) -> u32 {
        self.play.tricks_won(seat)
    }

    fn view(&self, seat: Seat) -> CatchTheTenView {
        Masked::new(self.masked_for(seat))
    }

    /// Every set still to play goes, with all its cards, to the receiver's side at once (a
    /// running total under `game_at_once` is checked once, after the set's cards are taken),
    /// and each set is settled as its last trick would have settled it.
    fn concede(&mut self, seat: Seat) {
        let to = self.concession_receiver(seat);
        let side = self.setup.sides().side(to).index();
        while self.end == DealEnd::Playing {
            let tricks = self.setup.hand_size() - self.play.tricks_done();
            self.won[side] |= self.play.concede(seat, to, tricks);
            if self.setup.options().game_at_once && self.check_game_at_once() {
                break;
            }
            self.end_set();
        }
    }

    fn conceded(&self) -> Option<Seat> {
        self.play.conceded()
    }
}
