//! What a seat knows in Catch the Ten (RULES.md §1.9).
//!
//! Hidden places: every other seat's current hand; with 2 or 3 players every seat's hands for
//! the sets not yet picked up, the observer's own included. Known: the turned card stays in the
//! dealer's hand (or the dealer's last set) until played, since everyone saw it. Voids: a seat
//! that did not follow suit in the current set holds none of that suit (not under
//! `allow_revokes`, where not following may be a revoke). Out of play: cards removed from the
//! pack and the card laid aside under `keep_6S`.

use crate::cards::CardSet;
use crate::games::catch_the_ten::{CatchTheTen, HandsBySet, MAX_SETS};
use crate::games::{Game, MAX_SEATS, Seat};

use super::{Knowledge, Observable, Place, PlaceKind, other_hands};

impl Observable for CatchTheTen {
    fn knowledge(&self, observer: Seat) -> Knowledge {
        let setup = self.setup();
        let n = setup.players();
        let set = self.set();
        let last = setup.sets() - 1;
        let played: Vec<CardSet> = Seat::all(n).map(|s| self.played_by(s)).collect();
        let played_all = played.iter().fold(CardSet::EMPTY, |a, &p| a | p);
        let own = self.hand(observer);
        let turned = self.turned();
        // Where the turned card is, if the observer does not hold or see it played.
        let turned_place = (!played_all.contains(turned) && !own.contains(turned)).then(|| {
            if set == last {
                PlaceKind::Hand(self.dealer())
            } else {
                PlaceKind::LaterSet {
                    seat: self.dealer(),
                    set: last as u8,
                }
            }
        });
        let voids_known = !setup.options().allow_revokes;
        let voids: Vec<u8> = Seat::all(n).map(|s| self.voids(s)).collect();
        let voids_of = |q: Seat| if voids_known { voids[q.index()] } else { 0 };
        let mut places = other_hands(self, observer, voids_of, turned_place.map(|k| (k, turned)));
        for k in set + 1..setup.sets() {
            for q in Seat::all(n) {
                let kind = PlaceKind::LaterSet {
                    seat: q,
                    set: k as u8,
                };
                places.push(Place {
                    kind,
                    size: setup.hand_size(),
                    known: if turned_place == Some(kind) {
                        CardSet::single(turned)
                    } else {
                        CardSet::EMPTY
                    },
                    excluded: CardSet::EMPTY,
                });
            }
        }
        let out_of_play = (CardSet::ALL - setup.deck().cards())
            | self.laid_aside().map_or(CardSet::EMPTY, CardSet::single);
        let known = places.iter().fold(CardSet::EMPTY, |a, p| a | p.known);
        let unknown = CardSet::ALL - out_of_play - own - played_all - known;
        Knowledge {
            observer,
            own,
            played,
            voids,
            places,
            unknown,
            out_of_play,
        }
    }

    fn redeal(&self, knowledge: &Knowledge, hidden: &[CardSet]) -> CatchTheTen {
        let n = self.setup().players();
        let mut hands = [CardSet::EMPTY; MAX_SEATS];
        for q in Seat::all(n) {
            hands[q.index()] = self.hand(q);
        }
        let mut later: HandsBySet = [[CardSet::EMPTY; MAX_SETS]; MAX_SEATS];
        for (p, &h) in knowledge.places.iter().zip(hidden) {
            match p.kind {
                PlaceKind::Hand(q) => hands[q.index()] = p.known | h,
                PlaceKind::LaterSet { seat, set } => {
                    later[seat.index()][set as usize] = p.known | h
                }
                _ => unreachable!("Catch the Ten has no {}", p.kind),
            }
        }
        self.redealt(&hands, &later)
    }
}
