//! What one seat knows, and worlds consistent with it.
//!
//! A seat's [`Knowledge`] is derived from the public history and its private observations: its
//! own cards, every card played and by whom, the suits each player has shown out of, the cards
//! known to be in a given place (Catch the Ten's turned card, 9-5-2 cards given and returned,
//! the kitty and discards for the dealer), and the hidden places with the number of cards each
//! holds. Every constraint is expressed the same way: a place holds a fixed number of hidden
//! cards, some cards are known to be in it, and some cards cannot be in it (a shown void rules
//! out a suit; a 9-5-2 return rules out the cards of a suit above the returned card).
//!
//! [`WorldSampler`] deals the unknown cards into the hidden places **uniformly** over all
//! consistent worlds, exactly, by counting them with dynamic programming (see
//! [`sampler`](WorldSampler) for the method), and never fixes a card the observer cannot know.
//! [`Observable`] ties this to the games: `knowledge(seat)`, and `sample_world(seat, rng)`
//! which returns a full state ready to play on whose view from `seat` is unchanged.

mod catch_the_ten;
pub mod learned;
mod nine_five_two;
mod sampler;
mod whist;

pub use sampler::{Inconsistent, WorldSampler};

use std::fmt;

use crate::cards::{Card, CardSet, Suit};
use crate::games::{Game, Seat};
use crate::rng::GameRng;

/// A place where cards can be that the observer cannot see.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlaceKind {
    /// A player's current hand.
    Hand(Seat),
    /// Catch the Ten with 2 or 3 players: a seat's hand for a set not yet picked up (0-based
    /// set number), hidden even from its owner.
    LaterSet {
        /// The seat the set was dealt to.
        seat: Seat,
        /// The set (0-based).
        set: u8,
    },
    /// The 9-5-2 kitty, before the dealer takes it up.
    Kitty,
    /// The 9-5-2 dealer's four discards.
    Discards,
    /// 9-5-2: the cards given so far in an exchange batch the observer takes no part in, not
    /// yet answered (they are in the receiver's hand).
    Given {
        /// The batch (0 or 1).
        batch: u8,
    },
}

impl fmt::Display for PlaceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlaceKind::Hand(s) => write!(f, "hand of seat {s}"),
            PlaceKind::LaterSet { seat, set } => write!(f, "set {} of seat {seat}", set + 1),
            PlaceKind::Kitty => write!(f, "kitty"),
            PlaceKind::Discards => write!(f, "discards"),
            PlaceKind::Given { batch } => write!(f, "cards given in batch {}", batch + 1),
        }
    }
}

/// One hidden place and what the observer knows about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// Which place.
    pub kind: PlaceKind,
    /// How many cards it holds in all.
    pub size: usize,
    /// Cards known to be in it.
    pub known: CardSet,
    /// Cards that cannot be in it (shown voids, 9-5-2 return caps).
    pub excluded: CardSet,
}

impl Place {
    /// How many of its cards are unknown.
    pub fn hidden(&self) -> usize {
        self.size - self.known.len()
    }
}

/// What one seat knows of a hand in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Knowledge {
    /// The observer.
    pub observer: Seat,
    /// The observer's own cards in hand.
    pub own: CardSet,
    /// The cards each seat has played (indexed by seat).
    pub played: Vec<CardSet>,
    /// The suits each seat has shown out of, as bit masks over suit indices (indexed by seat).
    pub voids: Vec<u8>,
    /// The hidden places.
    pub places: Vec<Place>,
    /// The cards whose place the observer does not know; they fill the places' hidden slots.
    pub unknown: CardSet,
    /// Cards out of play that everyone knows (removed from the pack, laid aside).
    pub out_of_play: CardSet,
}

impl Knowledge {
    /// Checks that the places' hidden slots add up to the unknown cards.
    pub fn is_balanced(&self) -> bool {
        self.places.iter().map(Place::hidden).sum::<usize>() == self.unknown.len()
    }

    /// The one place an unknown `card` can be in (a place with hidden slots that does not
    /// exclude it), if there is only one; `None` if there are several or the card is not
    /// unknown.
    pub fn only_place(&self, card: Card) -> Option<PlaceKind> {
        if !self.unknown.contains(card) {
            return None;
        }
        let mut may = self
            .places
            .iter()
            .filter(|p| p.hidden() > 0 && !p.excluded.contains(card));
        match (may.next(), may.next()) {
            (Some(p), None) => Some(p.kind),
            _ => None,
        }
    }

    /// The cards the observer knows to be in each hidden place, in the order of
    /// [`Knowledge::places`] and leaving out places with none: each place's known cards, and
    /// those of `seen` (cards the observer saw, such as 9-5-2 cards it passed to another
    /// seat, see [`Observable::passed_on`]) that can be in that place only.
    pub fn located(&self, seen: CardSet) -> Vec<(PlaceKind, CardSet)> {
        let seen = seen & self.unknown;
        self.places
            .iter()
            .map(|p| {
                let only_here = seen
                    .iter()
                    .filter(|&c| self.only_place(c) == Some(p.kind))
                    .fold(CardSet::EMPTY, |a, c| a | CardSet::single(c));
                (p.kind, p.known | only_here)
            })
            .filter(|(_, cards)| !cards.is_empty())
            .collect()
    }
}

impl fmt::Display for Knowledge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "seat {} holds {}", self.observer, self.own)?;
        for (seat, p) in self.played.iter().enumerate() {
            if !p.is_empty() {
                writeln!(f, "seat {seat} has played {p}")?;
            }
        }
        for (seat, &v) in self.voids.iter().enumerate() {
            if v != 0 {
                let suits: Vec<String> = crate::cards::Suit::ALL
                    .iter()
                    .filter(|s| v & (1 << s.index()) != 0)
                    .map(|s| s.to_string())
                    .collect();
                writeln!(f, "seat {seat} has shown out of {}", suits.join(" "))?;
            }
        }
        for p in &self.places {
            write!(f, "{}: {} cards", p.kind, p.size)?;
            if !p.known.is_empty() {
                write!(f, ", known {}", p.known)?;
            }
            let excluded = p.excluded & self.unknown;
            if !excluded.is_empty() {
                write!(f, ", cannot hold {excluded}")?;
            }
            writeln!(f)?;
        }
        if !self.out_of_play.is_empty() {
            writeln!(f, "out of play: {}", self.out_of_play)?;
        }
        write!(f, "unknown: {} cards", self.unknown.len())
    }
}

/// The cards of the suits in `mask` (bit `i` is `Suit::ALL[i]`): what a seat that has shown
/// out of those suits cannot hold.
pub fn suits_of(mask: u8) -> CardSet {
    Suit::ALL
        .iter()
        .filter(|s| mask & (1 << s.index()) != 0)
        .fold(CardSet::EMPTY, |a, &s| a | CardSet::suit_mask(s))
}

/// The current hands of every seat but `observer`, as hidden places: each as large as it is
/// now, none holding a suit in its `voids` mask, and `known` (a place and a card, such as the
/// turned card in the dealer's hand) placed.
fn other_hands<G: Game>(
    state: &G,
    observer: Seat,
    voids: impl Fn(Seat) -> u8,
    known: Option<(PlaceKind, Card)>,
) -> Vec<Place> {
    Seat::all(state.num_seats())
        .filter(|&q| q != observer)
        .map(|q| {
            let kind = PlaceKind::Hand(q);
            Place {
                kind,
                size: state.hand(q).len(),
                known: match known {
                    Some((k, c)) if k == kind => CardSet::single(c),
                    _ => CardSet::EMPTY,
                },
                excluded: suits_of(voids(q)),
            }
        })
        .collect()
}

/// A game whose seats' knowledge can be derived and whose hidden cards can be redealt.
pub trait Observable: Game {
    /// What `observer` knows now.
    fn knowledge(&self, observer: Seat) -> Knowledge;

    /// The same state with the hidden places of `knowledge` holding `hidden[i]` (the unknown
    /// cards placed in place `i`) besides their known cards. Everything `observer` sees stays.
    fn redeal(&self, knowledge: &Knowledge, hidden: &[CardSet]) -> Self;

    /// The cards `observer` has handed to another seat and saw go (9-5-2 gives and returns,
    /// RULES.md §2.8); none in games without an exchange. [`Knowledge::located`] tells which
    /// of them the observer knows to be still where it sent them.
    fn passed_on(&self, observer: Seat) -> CardSet {
        let _ = observer;
        CardSet::EMPTY
    }

    /// A world drawn uniformly from those consistent with what `observer` knows.
    ///
    /// Builds a [`WorldSampler`] each call; a search that samples many worlds from one position
    /// should build the sampler once and call [`WorldSampler::sample`].
    fn sample_world(&self, observer: Seat, rng: &mut GameRng) -> Self {
        let k = self.knowledge(observer);
        let sampler =
            WorldSampler::new(&k).expect("the true state is consistent with its knowledge");
        let hidden = sampler.sample(rng);
        self.redeal(&k, &hidden)
    }
}

/// Every way to deal the unknown cards of `k` into its places, by brute force: the reference
/// the tests of samplers and searchers count worlds against.
#[cfg(test)]
pub(crate) fn every_world(k: &Knowledge) -> Vec<Vec<CardSet>> {
    fn go(k: &Knowledge, cards: &[Card], row: &mut Vec<CardSet>, out: &mut Vec<Vec<CardSet>>) {
        let Some((&c, rest)) = cards.split_first() else {
            out.push(row.clone());
            return;
        };
        for p in 0..row.len() {
            let place = &k.places[p];
            if row[p].len() < place.hidden() && !place.excluded.contains(c) {
                row[p].insert(c);
                go(k, rest, row, out);
                row[p].remove(c);
            }
        }
    }
    let cards: Vec<Card> = k.unknown.iter().collect();
    let mut out = Vec::new();
    go(
        k,
        &cards,
        &mut vec![CardSet::EMPTY; k.places.len()],
        &mut out,
    );
    out
}
