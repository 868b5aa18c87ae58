//! Actions, and legal actions as a set.

use std::fmt;

use rand::Rng;

use crate::cards::{Card, CardSet, Suit};
use crate::rng::below;

/// The kind of decision a seat faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Play a card to the trick.
    Play,
    /// Name the trump suit (9-5-2 dealer).
    NameTrump,
    /// Discard a card face down (9-5-2 dealer, four times).
    Discard,
    /// Give a card to a minus player (9-5-2 exchange).
    Give,
}

impl Decision {
    /// Every kind of decision, in declaration order, so `ALL[d as usize] == d`.
    pub const ALL: [Decision; 4] = [
        Decision::Play,
        Decision::NameTrump,
        Decision::Discard,
        Decision::Give,
    ];

    /// The word used in records and on screen.
    pub const fn name(self) -> &'static str {
        match self {
            Decision::Play => "play",
            Decision::NameTrump => "trump",
            Decision::Discard => "discard",
            Decision::Give => "give",
        }
    }
}

/// One decision taken by a seat. Small and `Copy`; forced steps (such as 9-5-2 returns) are not
/// actions, the engine carries them out inside `apply`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Play a card to the trick.
    Play(Card),
    /// Name the trump suit.
    NameTrump(Suit),
    /// Discard a card.
    Discard(Card),
    /// Give a card in the exchange; the engine knows the recipient.
    Give(Card),
}

impl Action {
    /// The kind of decision this action answers.
    pub const fn decision(self) -> Decision {
        match self {
            Action::Play(_) => Decision::Play,
            Action::NameTrump(_) => Decision::NameTrump,
            Action::Discard(_) => Decision::Discard,
            Action::Give(_) => Decision::Give,
        }
    }

    /// The card, for actions that move one.
    pub const fn card(self) -> Option<Card> {
        match self {
            Action::Play(c) | Action::Discard(c) | Action::Give(c) => Some(c),
            Action::NameTrump(_) => None,
        }
    }

    /// Builds the action of kind `decision` from its text (`TD`, or a suit for trumps).
    ///
    /// # Errors
    /// [`CardParseError`](crate::cards::CardParseError): the text is not a card (or not a
    /// suit, for trumps).
    pub fn parse(decision: Decision, text: &str) -> Result<Action, crate::cards::CardParseError> {
        Ok(match decision {
            Decision::NameTrump => Action::NameTrump(text.parse::<Suit>()?),
            d => {
                let c: Card = text.parse()?;
                ActionSet::from_cards(d, CardSet::single(c))
                    .nth(0)
                    .expect("one card")
            }
        })
    }

    /// The action's argument as text: the card (`TD`) or the suit letter.
    pub fn argument(self) -> String {
        match self {
            Action::NameTrump(s) => s.letter().to_string(),
            a => a.card().expect("card action").to_string(),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.decision().name(), self.argument())
    }
}

/// The legal actions of one decision: a kind and a bit set (cards, or suits for
/// [`Decision::NameTrump`]). Allocation-free; follow suit is one `&` on a [`CardSet`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionSet {
    decision: Decision,
    bits: u64,
}

impl ActionSet {
    /// No legal action (the hand is over).
    pub const NONE: ActionSet = ActionSet {
        decision: Decision::Play,
        bits: 0,
    };

    /// The actions of kind `decision` (not [`Decision::NameTrump`]) for each card in `cards`.
    #[inline]
    pub const fn from_cards(decision: Decision, cards: CardSet) -> ActionSet {
        ActionSet {
            decision,
            bits: cards.0,
        }
    }

    /// Playing any card of `cards`.
    #[inline]
    pub const fn plays(cards: CardSet) -> ActionSet {
        ActionSet::from_cards(Decision::Play, cards)
    }

    /// Naming any suit whose bit is set in `mask` (bit `i` is `Suit::ALL[i]`).
    #[inline]
    pub const fn trumps(mask: u8) -> ActionSet {
        ActionSet {
            decision: Decision::NameTrump,
            bits: mask as u64 & 0xF,
        }
    }

    /// The kind of decision.
    #[inline]
    pub const fn decision(&self) -> Decision {
        self.decision
    }

    /// The cards, for card decisions (empty for trump naming).
    #[inline]
    pub const fn cards(&self) -> CardSet {
        match self.decision {
            Decision::NameTrump => CardSet::EMPTY,
            _ => CardSet(self.bits),
        }
    }

    /// The number of legal actions.
    #[inline]
    pub const fn len(&self) -> usize {
        self.bits.count_ones() as usize
    }

    /// Whether there is no legal action.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.bits == 0
    }

    /// Whether `a` is one of the actions.
    #[inline]
    pub fn contains(&self, a: Action) -> bool {
        if a.decision() != self.decision {
            return false;
        }
        match a {
            Action::NameTrump(s) => self.bits & (1 << s.index()) != 0,
            _ => CardSet(self.bits).contains(a.card().expect("card action")),
        }
    }

    /// Removes `a` from the set (nothing happens if it is not in it).
    #[inline]
    pub fn remove(&mut self, a: Action) {
        if a.decision() == self.decision {
            let bit = match a {
                Action::NameTrump(s) => s.index() as u8,
                other => other.card().expect("card action").index(),
            };
            self.bits &= !(1u64 << bit);
        }
    }

    #[inline]
    fn make(&self, bit: u8) -> Action {
        match self.decision {
            Decision::NameTrump => Action::NameTrump(Suit::from_index(bit as usize)),
            _ => self.with_card(Card::from_index(bit).expect("valid card bit")),
        }
    }

    /// The action of this set's (card) kind moving `c`.
    #[inline]
    fn with_card(&self, c: Card) -> Action {
        match self.decision {
            Decision::Play => Action::Play(c),
            Decision::Discard => Action::Discard(c),
            _ => Action::Give(c),
        }
    }

    /// The `n`-th action in bit order.
    #[inline]
    pub fn nth(&self, n: usize) -> Option<Action> {
        match self.decision {
            Decision::NameTrump => {
                let mut b = self.bits;
                for _ in 0..n {
                    b &= b.wrapping_sub(1);
                }
                (b != 0).then(|| self.make(b.trailing_zeros() as u8))
            }
            _ => CardSet(self.bits).nth(n).map(|c| self.make(c.index())),
        }
    }

    /// A uniformly chosen action.
    ///
    /// # Panics
    /// If the set is empty.
    #[inline]
    pub fn choose<R: Rng + ?Sized>(&self, rng: &mut R) -> Action {
        if self.decision == Decision::NameTrump {
            let n = self.len() as u32;
            assert!(n > 0, "no legal action to choose from");
            return self.nth(below(rng, n) as usize).expect("index below len");
        }
        // Cards: the same card as `nth` would give for the same index.
        assert!(self.bits != 0, "no legal action to choose from");
        self.with_card(CardSet(self.bits).choose(rng))
    }

    /// The actions in bit order.
    pub fn iter(&self) -> impl Iterator<Item = Action> + '_ {
        let mut b = self.bits;
        std::iter::from_fn(move || {
            if b == 0 {
                return None;
            }
            let i = b.trailing_zeros() as u8;
            b &= b - 1;
            Some(self.make(i))
        })
    }
}

impl fmt::Display for ActionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let args: Vec<String> = self.iter().map(|a| a.argument()).collect();
        write!(f, "{} {{{}}}", self.decision.name(), args.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_decision_sits_at_its_own_index_of_all() {
        for (i, d) in Decision::ALL.iter().enumerate() {
            assert_eq!(*d as usize, i, "{d:?}");
        }
    }

    #[test]
    fn trump_set() {
        let s = ActionSet::trumps(0b1010);
        assert_eq!(s.len(), 2);
        assert!(s.contains(Action::NameTrump(Suit::Spades)));
        assert!(!s.contains(Action::NameTrump(Suit::Clubs)));
        assert_eq!(s.nth(1), Some(Action::NameTrump(Suit::Spades)));
        assert_eq!(s.iter().count(), 2);
    }

    #[test]
    fn card_set_kinds_do_not_mix() {
        let c: Card = "AS".parse().unwrap();
        let s = ActionSet::plays(CardSet::single(c));
        assert!(s.contains(Action::Play(c)));
        assert!(!s.contains(Action::Discard(c)));
        assert_eq!(
            Action::parse(Decision::Give, "as").unwrap(),
            Action::Give(c)
        );
    }
}
