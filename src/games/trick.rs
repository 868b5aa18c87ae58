//! The trick rules shared by all three games (RULES.md §0.2): follow suit if you can, otherwise
//! play anything; the highest trump wins, or else the highest card of the suit led.

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
}
