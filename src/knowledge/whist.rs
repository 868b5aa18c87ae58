//! What a seat knows in Whist (RULES.md §3.5).
//!
//! Hidden places: the other three hands. Known: the turned card is in the dealer's hand until
//! it is played, since everyone saw it. Voids: a seat that did not follow suit holds none of
//! that suit (the engine refuses revokes). Nothing is out of play. The honours each side held
//! are not part of the knowledge until the hand is over; a sampled world counts them again
//! from its own deal.

use crate::cards::CardSet;
use crate::games::whist::{Hands, Setup, Whist};
use crate::games::{Game, Seat};

use super::{Knowledge, Observable, PlaceKind, other_hands};

impl Observable for Whist {
    fn knowledge(&self, observer: Seat) -> Knowledge {
        let seats = Seat::all(Setup::PLAYERS);
        let played: Vec<CardSet> = seats.clone().map(|s| self.played_by(s)).collect();
        let played_all = played.iter().fold(CardSet::EMPTY, |a, &p| a | p);
        let own = self.hand(observer);
        let turned = (self.turned_held() && observer != self.dealer())
            .then(|| (PlaceKind::Hand(self.dealer()), self.turned()));
        let voids: Vec<u8> = seats.map(|s| self.voids(s)).collect();
        let places = other_hands(self, observer, |q| voids[q.index()], turned);
        let known = places.iter().fold(CardSet::EMPTY, |a, p| a | p.known);
        Knowledge {
            observer,
            own,
            unknown: CardSet::ALL - own - played_all - known,
            played,
            voids,
            places,
            out_of_play: CardSet::EMPTY,
        }
    }

    fn redeal(&self, knowledge: &Knowledge, hidden: &[CardSet]) -> Whist {
        let mut hands: Hands = std::array::from_fn(|q| self.hand(Seat(q as u8)));
        for (p, &h) in knowledge.places.iter().zip(hidden) {
            match p.kind {
                PlaceKind::Hand(q) => hands[q.index()] = p.known | h,
                _ => unreachable!("Whist has no {}", p.kind),
            }
        }
        self.redealt(&hands)
    }
}
