//! Where a match's hands come from: shuffled from a seed's deal stream, or the first one given
//! (a deal book's, see [`book`](super::book)) and the rest shuffled.
//!
//! The match driver ([`play_match_with`](super::matches::play_match_with)) asks a
//! [`DealSource`] for each hand, so a runner plays a book's deal by handing it a
//! [`FirstGiven`] instead of its generator; a plain [`GameRng`] is a source too, so every
//! caller that passes its generator keeps playing as before.

use crate::rng::GameRng;

use super::Seat;
use super::matches::{MatchRules, MatchState};

/// Deals the hands of a match, one by one.
pub trait DealSource<R: MatchRules> {
    /// The next hand of the match `m` (its dealer, scores and hands dealt so far).
    fn next_hand(&mut self, rules: &R, m: &MatchState) -> R::Hand;
}

/// A generator deals every hand by the rules' shuffle.
impl<R: MatchRules> DealSource<R> for GameRng {
    #[inline]
    fn next_hand(&mut self, rules: &R, m: &MatchState) -> R::Hand {
        rules.deal(m, self)
    }
}

/// The first hand given (a deal book's), every later one shuffled from `rest`.
///
/// The first hand's shuffle is still drawn from `rest` and thrown away, so the later hands of
/// the match are the ones the seed deals without a book: a book written from seed `S` (see
/// [`book`](super::book)) played with seed `S` plays exactly what the seed alone plays.
pub struct FirstGiven<'a, H> {
    first: Option<H>,
    rest: &'a mut GameRng,
}

impl<'a, H> FirstGiven<'a, H> {
    /// Deals `first` (if any) as the match's first hand and the rest from `rest`.
    pub fn new(first: Option<H>, rest: &'a mut GameRng) -> FirstGiven<'a, H> {
        FirstGiven { first, rest }
    }
}

impl<'a, H: Clone> FirstGiven<'a, H> {
    /// The first dealer and the source of a match whose first hand is a book's deal `booked`
    /// (its dealer and hand) if any, else the seed's: `seed_dealer` and every hand from `rest`.
    pub fn booked(
        booked: Option<&(Seat, H)>,
        seed_dealer: u8,
        rest: &'a mut GameRng,
    ) -> (Seat, FirstGiven<'a, H>) {
        let first = booked.map_or(Seat(seed_dealer), |(d, _)| *d);
        (first, FirstGiven::new(booked.map(|(_, h)| h.clone()), rest))
    }
}

impl<R: MatchRules> DealSource<R> for FirstGiven<'_, R::Hand> {
    fn next_hand(&mut self, rules: &R, m: &MatchState) -> R::Hand {
        let shuffled = rules.deal(m, self.rest);
        self.first.take().unwrap_or(shuffled)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;
    use crate::games::whist::Setup;
    use crate::rng::{Purpose, stream};

    #[test]
    fn the_given_hand_comes_first_and_the_rest_are_the_seeds() {
        let rules = Setup::new(4, Default::default()).unwrap();
        let m = MatchState::new(Seat(1));
        let mut plain = stream(3, 0, Purpose::Deal, 0);
        let seed_first = plain.next_hand(&rules, &m);
        let seed_second = plain.next_hand(&rules, &m);
        let other = stream(9, 0, Purpose::Deal, 0).next_hand(&rules, &m);
        assert_ne!(other.hand(Seat(0)), seed_first.hand(Seat(0)));
        let mut rng = stream(3, 0, Purpose::Deal, 0);
        let mut given = FirstGiven::new(Some(other), &mut rng);
        let first = DealSource::<Setup>::next_hand(&mut given, &rules, &m);
        let second = DealSource::<Setup>::next_hand(&mut given, &rules, &m);
        assert_eq!(first.hand(Seat(0)), other.hand(Seat(0)));
        assert_eq!(second.hand(Seat(0)), seed_second.hand(Seat(0)));
    }
}
