//! The exchange (RULES.md §2.4): who gives how many cards to whom, in what order, and the forced
//! returns.

use crate::cards::{Card, CardSet, Suit};
use crate::games::Seat;

/// One batch of the exchange: a plus player gives `count` cards to a minus player, who returns
/// as many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Batch {
    /// The plus player, who gives.
    pub giver: Seat,
    /// The minus player, who receives and returns.
    pub receiver: Seat,
    /// How many cards pass each way.
    pub count: u8,
}

/// The exchange of one hand: at most two batches, in the order they are given, with the cards
/// given and returned so far. The batches follow from the previous hand's public results, so
/// everyone knows them; the cards of a batch are known only to its giver and receiver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exchange {
    batches: [Batch; 2],
    len: u8,
    current: u8,
    answered: u8,
    passed: [u8; 2],
    given: [CardSet; 2],
    returned: [CardSet; 2],
}

impl Exchange {
    /// No exchange (the first hand of a game, or nobody was plus).
    pub const NONE: Exchange = Exchange {
        batches: [Batch {
            giver: Seat(0),
            receiver: Seat(0),
            count: 0,
        }; 2],
        len: 0,
        current: 0,
        answered: 0,
        passed: [0; 2],
        given: [CardSet::EMPTY; 2],
        returned: [CardSet::EMPTY; 2],
    };

    /// The exchange that follows a hand in which each seat made `previous` (`tricks − target`),
    /// for a coming hand with the targets `targets` (by seat).
    ///
    /// - One plus, one minus: one batch.
    /// - One plus, two minus: the plus player gives both batches before any return; the batch
    ///   for the minus player with the higher coming target is given first.
    /// - Two plus, one minus: the plus player with the higher coming target gives first (and
    ///   receives its returns before the other gives, except under `SwappedTargets`).
    ///
    /// ```
    /// use tricklab::games::Seat;
    /// use tricklab::games::nine_five_two::Exchange;
    /// // RULES.md N-02: Dan (seat 0) −2, Anna +1, Ben +1; Anna deals next (targets 2, 9, 5).
    /// let x = Exchange::plan([-2, 1, 1], [2, 9, 5]);
    /// let b: Vec<_> = x.batches().iter().map(|b| (b.giver, b.receiver, b.count)).collect();
    /// assert_eq!(b, [(Seat(1), Seat(0), 1), (Seat(2), Seat(0), 1)]);
    /// ```
    pub fn plan(previous: [i32; 3], targets: [u8; 3]) -> Exchange {
        let mut x = Exchange::NONE;
        // At most two seats are plus, or two minus, because the results add up to 0.
        let (mut plus, mut minus) = ([0usize; 2], [0usize; 2]);
        let (mut n_plus, mut n_minus) = (0, 0);
        for (s, &d) in previous.iter().enumerate() {
            if d > 0 && n_plus < 2 {
                plus[n_plus] = s;
                n_plus += 1;
            } else if d < 0 && n_minus < 2 {
                minus[n_minus] = s;
                n_minus += 1;
            }
        }
        for (pair, n) in [(&mut plus, n_plus), (&mut minus, n_minus)] {
            if n == 2 && targets[pair[1]] > targets[pair[0]] {
                pair.swap(0, 1);
            }
        }
        let batch = |g: usize, r: usize, count: i32| Batch {
            giver: Seat(g as u8),
            receiver: Seat(r as u8),
            count: count.unsigned_abs() as u8,
        };
        let ([p1, p2], [m1, m2]) = (plus, minus);
        match (n_plus, n_minus) {
            (1, 1) => {
                x.batches[0] = batch(p1, m1, previous[p1]);
                x.len = 1;
            }
            (1, 2) => {
                x.batches = [batch(p1, m1, previous[m1]), batch(p1, m2, previous[m2])];
                x.len = 2;
            }
            (2, 1) => {
                x.batches = [batch(p1, m1, previous[p1]), batch(p2, m1, previous[p2])];
                x.len = 2;
            }
            _ => debug_assert!(
                n_plus == 0 && n_minus == 0,
                "previous results {previous:?} do not add up to 0"
            ),
        }
        x
    }

    /// The batches, in the order they are given.
    #[inline]
    pub fn batches(&self) -> &[Batch] {
        &self.batches[..self.len as usize]
    }

    /// Whether nothing is exchanged.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The batch being given, while cards remain to be given.
    #[inline]
    pub const fn current(&self) -> Option<Batch> {
        if self.current < self.len {
            Some(self.batches[self.current as usize])
        } else {
            None
        }
    }

    /// The index of the batch being given (the number of batches given in full).
    #[inline]
    pub const fn batches_given(&self) -> usize {
        self.current as usize
    }

    /// How many cards have passed so far in batch `b` (public: the cards pass face down).
    #[inline]
    pub const fn passed(&self, b: usize) -> usize {
        self.passed[b] as usize
    }

    /// How many batches have been answered with their returns.
    #[inline]
    pub const fn batches_answered(&self) -> usize {
        self.answered as usize
    }

    /// The cards given so far in batch `b`.
    #[inline]
    pub const fn given(&self, b: usize) -> CardSet {
        self.given[b]
    }

    /// The cards returned so far in batch `b`.
    #[inline]
    pub const fn returned(&self, b: usize) -> CardSet {
        self.returned[b]
    }

    /// Every card given and every card returned so far, in all batches.
    #[inline]
    pub const fn cards_moved(&self) -> CardSet {
        CardSet(self.given[0].0 | self.given[1].0 | self.returned[0].0 | self.returned[1].0)
    }

    /// Records `card` as given in the current batch; returns whether that completed the batch.
    #[inline]
    pub(super) fn give(&mut self, card: Card) -> bool {
        let b = self.current as usize;
        self.given[b].insert(card);
        self.passed[b] += 1;
        if self.passed[b] == self.batches[b].count {
            self.current += 1;
            true
        } else {
            false
        }
    }

    /// Whether the batch just completed ends its giver's turn to give: the next batch (if any)
    /// has another giver.
    #[inline]
    pub(super) fn giver_done(&self) -> bool {
        match (self.current(), self.current.checked_sub(1)) {
            (Some(next), Some(done)) => next.giver != self.batches[done as usize].giver,
            _ => true,
        }
    }

    /// Carries out the forced returns of every batch given in full and not yet answered, in
    /// batch order, on the seats' `hands`. For each card received, in card order, the receiver
    /// returns the highest card of that suit then in hand, received cards included (§2.4, §7.8).
    pub(super) fn return_due(&mut self, hands: &mut [CardSet]) {
        for b in self.answered as usize..self.current as usize {
            let Batch {
                giver, receiver, ..
            } = self.batches[b];
            for card in self.given[b] {
                let top = hands[receiver.index()]
                    .highest_in(card.suit())
                    .expect("the receiver holds at least the card received");
                hands[receiver.index()].remove(top);
                hands[giver.index()].insert(top);
                self.returned[b].insert(top);
            }
        }
        self.answered = self.current;
    }

    /// Replaces the cards given so far in batch `b` (world sampling: a batch the observer
    /// takes no part in).
    pub(crate) fn set_given(&mut self, b: usize, cards: CardSet) {
        debug_assert_eq!(cards.len(), self.passed[b] as usize);
        self.given[b] = cards;
    }

    /// The cards of batches `seat` takes no part in, hidden: what `seat` may see of the
    /// exchange.
    pub(super) fn masked_for(&self, seat: Seat) -> Exchange {
        let mut x = *self;
        for (b, batch) in self.batches().iter().enumerate() {
            if batch.giver != seat && batch.receiver != seat {
                x.given[b] = CardSet::EMPTY;
                x.returned[b] = CardSet::EMPTY;
            }
        }
        x
    }
}

/// The cards of `returned` in the order the engine returns them: suits in suit order, and
/// within a suit the highest first (each return takes the highest card then held).
pub fn return_order(returned: CardSet) -> impl Iterator<Item = Card> {
    Suit::ALL
        .into_iter()
        .flat_map(move |s| returned.suit(s).iter().rev())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats(x: &Exchange) -> Vec<(u8, u8, u8)> {
        x.batches()
            .iter()
            .map(|b| (b.giver.0, b.receiver.0, b.count))
            .collect()
    }

    #[test]
    fn plans() {
        assert!(Exchange::plan([0, 0, 0], [9, 5, 2]).is_empty());
        assert_eq!(seats(&Exchange::plan([2, -2, 0], [2, 9, 5])), [(0, 1, 2)]);
        // One plus, two minus: the minus player with the higher coming target first.
        assert_eq!(
            seats(&Exchange::plan([3, -1, -2], [5, 2, 9])),
            [(0, 2, 2), (0, 1, 1)]
        );
        // Two plus: the plus player with the higher coming target first.
        assert_eq!(
            seats(&Exchange::plan([1, 2, -3], [9, 2, 5])),
            [(0, 2, 1), (1, 2, 2)]
        );
    }

    #[test]
    fn returns_are_the_highest_of_each_suit() {
        let mut x = Exchange::plan([1, -1, 0], [2, 9, 5]);
        let mut hands: [CardSet; 3] = [
            "3C".parse().unwrap(),
            "KC 7C AD".parse().unwrap(),
            CardSet::EMPTY,
        ];
        let c: Card = "3C".parse().unwrap();
        hands[0].remove(c);
        hands[1].insert(c);
        assert!(x.give(c));
        assert!(x.giver_done());
        x.return_due(&mut hands);
        assert_eq!(x.returned(0), "KC".parse().unwrap());
        assert_eq!(hands[0], "KC".parse().unwrap());
        assert_eq!(hands[1], "7C 3C AD".parse().unwrap());
        let order: Vec<String> = return_order("2C KC AS 3S".parse().unwrap())
            .map(|c| c.to_string())
            .collect();
        assert_eq!(order, ["KC", "2C", "AS", "3S"]);
    }
}
