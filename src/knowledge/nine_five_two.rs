//! What a seat knows in 9-5-2 (RULES.md §2.8).
//!
//! Hidden places: the other two hands; the kitty until the dealer takes it (hidden from the
//! dealer too until then); the discards for the other two seats. Constraints:
//! - voids shown in play;
//! - a card the observer gave is in its receiver's hand, or (once the batch is answered) was
//!   passed on where the rules allow: returned to the other giver when that batch is answered
//!   later (two plus players, or any order under `SwappedTargets`), or discarded when the
//!   receiver is the dealer and discards after the exchange;
//! - a card the observer returned is in its giver's hand or, when the giver is the dealer and
//!   discards after the exchange, among the discards;
//! - the return rule as knowledge: a giver that got back `r` of suit `s` knows its receiver
//!   holds no card of `s` above `r`. This cap is exact until the receiver takes cards it has
//!   not returned from (the kitty, when the receiver is the dealer and takes the kitty after
//!   the exchange); from then on the cap is dropped for that seat, so worlds stay consistent
//!   but the sampler knows a little less than a perfect reasoner would (it may put more than
//!   the four kitty cards above the cap in the dealer's hand).
//! - while a batch the observer takes no part in has been given but not yet answered, which of
//!   the receiver's cards it was is unknown: those cards form a place of their own, so that the
//!   engine's forced returns work in the sampled world.

use crate::cards::CardSet;
use crate::games::nine_five_two::{NineFiveTwo, PLAYERS, Variant};
use crate::games::{Game, Seat};

use super::{Knowledge, Observable, Place, PlaceKind, suits_of};

/// Whether the dealer discards after the exchange (so cards that passed in it may be among the
/// discards).
fn discards_after_exchange(g: &NineFiveTwo) -> bool {
    g.variant() != Variant::SwappedTargets
}

impl Observable for NineFiveTwo {
    fn knowledge(&self, observer: Seat) -> Knowledge {
        let o = observer;
        let dealer = self.dealer();
        let x = self.exchange();
        let played: Vec<CardSet> = Seat::all(PLAYERS).map(|s| self.played_by(s)).collect();
        let played_all = played.iter().fold(CardSet::EMPTY, |a, &p| a | p);
        let own = self.hand(o);
        let voids: Vec<u8> = Seat::all(PLAYERS).map(|s| self.voids(s)).collect();
        // The dealer knows its own discards, and the kitty once taken (it is then in hand or
        // among the discards).
        let own_out = if o == dealer {
            self.discards()
        } else {
            CardSet::EMPTY
        };
        let mut places: Vec<Place> = Vec::new();
        // A batch the observer takes no part in, given (partly) and not answered.
        let foreign = (x.batches_answered()..x.batches().len()).find(|&b| {
            let batch = x.batches()[b];
            batch.giver != o && batch.receiver != o && x.passed(b) > 0
        });
        for q in Seat::all(PLAYERS).filter(|&q| q != o) {
            let mut size = self.hand(q).len();
            if let Some(b) = foreign.filter(|&b| x.batches()[b].receiver == q) {
                let n = x.passed(b);
                size -= n;
                places.push(Place {
                    kind: PlaceKind::Given { batch: b as u8 },
                    size: n,
                    known: CardSet::EMPTY,
                    excluded: suits_of(voids[q.index()]),
                });
            }
            places.push(Place {
                kind: PlaceKind::Hand(q),
                size,
                known: CardSet::EMPTY,
                excluded: suits_of(voids[q.index()]),
            });
        }
        if !self.kitty_taken() {
            places.push(Place {
                kind: PlaceKind::Kitty,
                size: 4,
                known: CardSet::EMPTY,
                excluded: CardSet::EMPTY,
            });
        }
        if o != dealer && self.discards_made() > 0 {
            places.push(Place {
                kind: PlaceKind::Discards,
                size: self.discards_made(),
                known: CardSet::EMPTY,
                excluded: CardSet::EMPTY,
            });
        }
        // Constraints from the exchange. `allow[card]` lists the places a card may be in.
        let mut limits: Vec<(CardSet, Vec<PlaceKind>)> = Vec::new();
        let batches = x.batches();
        let answered = x.batches_answered();
        let dealer_discards = |seat: Seat| seat == dealer && discards_after_exchange(self);
        for (b, batch) in batches.iter().enumerate() {
            if batch.giver == o {
                let r = batch.receiver;
                let away = x.given(b) - x.returned(b) - played_all;
                let mut may = vec![PlaceKind::Hand(r)];
                if b < answered {
                    // Passed on to the other giver, if that batch is answered after this one
                    // was given.
                    for (b2, other) in batches.iter().enumerate() {
                        let later = if self.variant() == Variant::SwappedTargets {
                            b2 != b
                        } else {
                            b2 > b
                        };
                        if other.receiver == r && other.giver != o && later {
                            may.push(PlaceKind::Hand(other.giver));
                        }
                    }
                    if dealer_discards(r) {
                        may.push(PlaceKind::Discards);
                    }
                }
                limits.push((away, may));
            }
            if batch.receiver == o {
                let p = batch.giver;
                let back = x.returned(b) - played_all;
                let mut may = vec![PlaceKind::Hand(p)];
                if dealer_discards(p) {
                    may.push(PlaceKind::Discards);
                }
                limits.push((back, may));
            }
        }
        let out_of_play = own_out;
        let unknown = CardSet::ALL - own - played_all - out_of_play;
        for (cards, may) in limits.iter().filter(|(_, may)| !may.is_empty()) {
            for p in places.iter_mut() {
                if !may.contains(&p.kind) {
                    p.excluded |= *cards & unknown;
                }
            }
        }
        // Return caps: the receiver's hand holds nothing above each returned card.
        for (b, batch) in batches.iter().enumerate() {
            let r = batch.receiver;
            let cap_holds = !(r == dealer && self.kitty_taken() && discards_after_exchange(self));
            if batch.giver == o
                && cap_holds
                && let Some(i) = places.iter().position(|p| p.kind == PlaceKind::Hand(r))
            {
                for t in x.returned(b) {
                    let above = CardSet::suit_from(t.suit(), t.rank()) - CardSet::single(t);
                    places[i].excluded |= above & unknown;
                }
            }
        }
        Knowledge {
            observer: o,
            own,
            played,
            voids,
            places,
            unknown,
            out_of_play,
        }
    }

    fn passed_on(&self, observer: Seat) -> CardSet {
        let x = self.exchange();
        x.batches()
            .iter()
            .enumerate()
            .fold(CardSet::EMPTY, |a, (b, batch)| {
                let gave = if batch.giver == observer {
                    x.given(b)
                } else {
                    CardSet::EMPTY
                };
                let returned = if batch.receiver == observer {
                    x.returned(b)
                } else {
                    CardSet::EMPTY
                };
                a | gave | returned
            })
    }

    fn redeal(&self, knowledge: &Knowledge, hidden: &[CardSet]) -> NineFiveTwo {
        let mut hands = [CardSet::EMPTY; 3];
        for q in Seat::all(PLAYERS) {
            hands[q.index()] = self.hand(q);
        }
        let (mut kitty, mut discards) = (self.kitty(), self.discards());
        let mut batch = None;
        let x = self.exchange();
        for q in Seat::all(PLAYERS).filter(|&q| q != knowledge.observer) {
            hands[q.index()] = CardSet::EMPTY;
        }
        for (p, &h) in knowledge.places.iter().zip(hidden) {
            match p.kind {
                PlaceKind::Hand(q) => hands[q.index()] |= h,
                PlaceKind::Given { batch: b } => {
                    hands[x.batches()[b as usize].receiver.index()] |= h;
                    batch = Some((b as usize, h));
                }
                PlaceKind::Kitty => kitty = h,
                PlaceKind::Discards => discards = h,
                PlaceKind::LaterSet { .. } => unreachable!("9-5-2 has no sets"),
            }
        }
        self.redealt(hands, kitty, discards, batch)
    }
}
