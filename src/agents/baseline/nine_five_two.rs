//! The 9-5-2 rule-based player: B0 of RULES.md §5.0 and the tips of §5.2.

use std::cmp::Reverse;

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::games::nine_five_two::{NineFiveTwo, PLAYERS, Phase};
use crate::games::{Action, Game, Seat, TrumpOrder};
use crate::rng::{GameRng, below};

use super::super::{Agent, AgentFactory, SpecError};
use super::switches::{Switch, parse_switches};
use super::{follow_b0, lead_from_longest_side_suit, lowest_trumps_last as lowest};

const ORDER: TrumpOrder = TrumpOrder::ACES_HIGH;

/// The tips of RULES.md §5.2 (and their controls) as switches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NineFiveTwoSwitch {
    /// N-H1 "as dealer, make your longest suit trumps": name the longest suit (ties → more
    /// high-card points → suit order).
    LongestSuitTrumps,
    /// N-H1 second control: name a uniformly random suit, drawn from the agent's random stream.
    RandomTrumps,
    /// N-H2 "discard to create a void": discard every card of the shortest non-trump suit if it
    /// has at most 4 cards (ties → fewer high-card points → suit order), and fill the four with
    /// the lowest non-trumps.
    DiscardToVoid,
    /// N-H3 "play together against the dealer": a non-dealer treats the other non-dealer as a
    /// partner in B0 rule (1) once the dealer has played to the trick, or when the other
    /// non-dealer's winning card is the highest card of its suit still unplayed.
    GangUpOnDealer,
    /// N-H4 (a) control, the "satisficer": play the lowest legal card once the seat's tricks
    /// reach its target.
    Satisfice,
    /// N-H4 (b) "which suit to upgrade" (RULES.md §5.4): when giving, give the cards of the
    /// shortest suits (singletons first, then doubletons, the lowest card first). The return
    /// rule gives back the receiver's highest card of each suit given, so this never shortens
    /// a suit: it chooses which suits get a higher card back.
    ShortenWhenGiving,
    /// N-H2b "keep the winners" (RULES.md §5.4): as `discard_to_void`, but the suit voided is
    /// the shortest non-trump suit holding no A or K (if every such suit holds one, as N-H2).
    DiscardKeepWinners,
}

impl Switch for NineFiveTwoSwitch {
    const ALL: &'static [NineFiveTwoSwitch] = &[
        NineFiveTwoSwitch::LongestSuitTrumps,
        NineFiveTwoSwitch::RandomTrumps,
        NineFiveTwoSwitch::DiscardToVoid,
        NineFiveTwoSwitch::GangUpOnDealer,
        NineFiveTwoSwitch::Satisfice,
        NineFiveTwoSwitch::ShortenWhenGiving,
        NineFiveTwoSwitch::DiscardKeepWinners,
    ];
    const GAME: &'static str = "nine-five-two";

    fn name(self) -> &'static str {
        match self {
            NineFiveTwoSwitch::LongestSuitTrumps => "longest_suit_trumps",
            NineFiveTwoSwitch::RandomTrumps => "random_trumps",
            NineFiveTwoSwitch::DiscardToVoid => "discard_to_void",
            NineFiveTwoSwitch::GangUpOnDealer => "gang_up_on_dealer",
            NineFiveTwoSwitch::Satisfice => "satisfice",
            NineFiveTwoSwitch::ShortenWhenGiving => "shorten_when_giving",
            NineFiveTwoSwitch::DiscardKeepWinners => "discard_keep_winners",
        }
    }

    fn about(self) -> &'static str {
        match self {
            NineFiveTwoSwitch::LongestSuitTrumps => {
                "N-H1: as dealer, name the longest suit trumps (ties: more high-card points, then suit order)"
            }
            NineFiveTwoSwitch::RandomTrumps => {
                "N-H1 second control: as dealer, name a uniformly random suit trumps"
            }
            NineFiveTwoSwitch::DiscardToVoid => {
                "N-H2: discard the whole shortest non-trump suit of at most 4 cards, then the lowest non-trumps"
            }
            NineFiveTwoSwitch::GangUpOnDealer => {
                "N-H3: a non-dealer treats the other as a partner once the dealer has played, or when its card is the suit's highest unplayed"
            }
            NineFiveTwoSwitch::Satisfice => {
                "N-H4 (a) control: play the lowest legal card once the seat's tricks reach its target"
            }
            NineFiveTwoSwitch::ShortenWhenGiving => {
                "N-H4 (b) which suit to upgrade: give from the shortest suits (singletons, then doubletons), lowest first"
            }
            NineFiveTwoSwitch::DiscardKeepWinners => {
                "N-H2b: discard_to_void, voiding the shortest non-trump suit that holds no A or K"
            }
        }
    }

    fn conflicts(self) -> &'static [NineFiveTwoSwitch] {
        match self {
            NineFiveTwoSwitch::LongestSuitTrumps => &[NineFiveTwoSwitch::RandomTrumps],
            NineFiveTwoSwitch::DiscardToVoid => &[NineFiveTwoSwitch::DiscardKeepWinners],
            _ => &[],
        }
    }
}

/// The 9-5-2 rule-based player, for every decision of the hand.
///
/// **B0** (RULES.md §5.0):
/// - *Giving* in the exchange: the lowest-ranked card (trumps are never known yet when giving;
///   equal ranks go in suit order C < D < H < S), one card per decision.
/// - *Naming trumps*: the suit with the most high-card points (A 4, K 3, Q 2, J 1; ties → the
///   longer suit → the earlier suit in C < D < H < S), counted on the hand the dealer will
///   keep: when it names trumps with received cards still to be answered (`SwappedTargets`),
///   the cards its forced returns will take are left out.
/// - *Discarding*: the four lowest non-trumps (by rank, equal ranks in suit order; trumps only
///   when fewer than four non-trumps are held). Under `SwappedTargets` the dealer discards
///   before naming trumps; it then discards as if trumps were the suit its naming rule picks
///   from the hand it discards from (the B0 suit for the `random_trumps` control, which draws
///   only when it names).
/// - *Lead*: the lowest card of the longest non-trump suit (ties C < D < H < S); holding only
///   trumps, the lowest trump.
/// - *Follow*: (1) the lowest legal card when a partner is winning (in 9-5-2 everyone plays
///   alone, so only under `gang_up_on_dealer`); (2) else the cheapest card that would win;
///   (3) else the lowest legal card. *Lowest* means non-trumps first by rank, then trumps by
///   rank.
///
/// The switches ([`NineFiveTwoSwitch`]) change one decision each; where RULES.md §5.2 leaves a
/// detail open, the choice made is:
/// - `discard_to_void`: the shortest non-trump suit is the shortest *held* one (a suit already
///   void is not a candidate); the four discards are planned once from the hand the dealer
///   discards from (20 cards, or 16 under `SergeantMajor`, where the dealer discards before
///   taking the kitty) and made lowest first.
/// - `gang_up_on_dealer`: "still unplayed" is read from the public history, so a higher card
///   of the suit in the seat's own hand counts as unplayed (the seat then overtakes, as B0).
///   Leads are B0.
/// - `satisfice`: applies to leads as well as follows (the lowest card of the hand).
/// - `shorten_when_giving` (N-H4 (b), "which suit to upgrade"): each give takes the lowest card
///   of the shortest suits held, when they have one or two cards (so a doubleton is given out
///   before another is begun); when every suit held has three or more cards, it gives as B0.
///   The receiver returns its highest card of each suit given, so the giver's suits keep their
///   lengths: the switch decides which short suits are upgraded, not which are shortened.
/// - `discard_keep_winners` (N-H2b): the candidate suits are the held non-trump suits without
///   an A or K; the shortest of them (ties → fewer high-card points → suit order) is voided if
///   it has at most 4 cards. With no such suit it is `discard_to_void`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NineFiveTwoBaseline {
    longest_suit_trumps: bool,
    random_trumps: bool,
    discard_to_void: bool,
    gang_up_on_dealer: bool,
    satisfice: bool,
    shorten_when_giving: bool,
    keep_winners: bool,
}

/// High-card points of `cards`: A 4, K 3, Q 2, J 1 (RULES.md §5.0).
pub fn high_card_points(cards: CardSet) -> u32 {
    [
        (Rank::Ace, 4),
        (Rank::King, 3),
        (Rank::Queen, 2),
        (Rank::Jack, 1),
    ]
    .iter()
    .map(|&(r, p)| (cards & CardSet::rank_mask(r)).len() as u32 * p)
    .sum()
}

/// The held suit of `hand` that is best by `key` (ties: the earlier suit, C < D < H < S).
fn best_suit<K: Ord>(hand: CardSet, key: impl Fn(CardSet) -> K) -> Option<Suit> {
    Suit::ALL
        .into_iter()
        .filter(|&s| !hand.suit(s).is_empty())
        .max_by_key(|&s| (key(hand.suit(s)), Reverse(s.index())))
}

impl NineFiveTwoBaseline {
    /// The player with `switches` on.
    pub fn new(switches: &[NineFiveTwoSwitch]) -> NineFiveTwoBaseline {
        let on = |s| switches.contains(&s);
        NineFiveTwoBaseline {
            longest_suit_trumps: on(NineFiveTwoSwitch::LongestSuitTrumps),
            random_trumps: on(NineFiveTwoSwitch::RandomTrumps),
            discard_to_void: on(NineFiveTwoSwitch::DiscardToVoid),
            gang_up_on_dealer: on(NineFiveTwoSwitch::GangUpOnDealer),
            satisfice: on(NineFiveTwoSwitch::Satisfice),
            shorten_when_giving: on(NineFiveTwoSwitch::ShortenWhenGiving),
            keep_winners: on(NineFiveTwoSwitch::DiscardKeepWinners),
        }
    }

    /// The card to give from `hand`.
    fn give(&self, hand: CardSet) -> Card {
        if self.shorten_when_giving {
            let short = Suit::ALL
                .into_iter()
                .map(|s| hand.suit(s).len())
                .filter(|&n| n > 0)
                .min()
                .filter(|&n| n <= 2);
            if let Some(n) = short {
                let cards = Suit::ALL
                    .into_iter()
                    .map(|s| hand.suit(s))
                    .filter(|c| c.len() == n)
                    .fold(CardSet::EMPTY, |a, c| a | c);
                return lowest(cards, None);
            }
        }
        lowest(hand, None)
    }

    /// The suit the naming rule picks from `hand`, without the random control.
    fn trump_rule(&self, hand: CardSet) -> Suit {
        let suit = if self.longest_suit_trumps {
            best_suit(hand, |c| (c.len(), high_card_points(c)))
        } else {
            best_suit(hand, |c| (high_card_points(c), c.len()))
        };
        suit.unwrap_or(Suit::Clubs)
    }

    /// The suit the dealer `seat` names.
    fn name_trump(&self, s: &NineFiveTwo, seat: Seat, rng: &mut GameRng) -> Suit {
        if self.random_trumps {
            return Suit::from_index(below(rng, 4) as usize);
        }
        self.trump_rule(kept_hand(s, seat))
    }

    /// The dealer's next discard: the four are planned from the hand before discarding.
    fn discard(&self, s: &NineFiveTwo, seat: Seat) -> Card {
        let before = s.hand(seat) | s.discards();
        let trump = s.trump().unwrap_or_else(|| self.trump_rule(before));
        let side = before - CardSet::suit_mask(trump);
        let mut plan = CardSet::EMPTY;
        if self.discard_to_void || self.keep_winners {
            let honours = CardSet::rank_mask(Rank::Ace) | CardSet::rank_mask(Rank::King);
            let plain = Suit::ALL
                .into_iter()
                .filter(|&x| side.suit(x).is_disjoint(honours))
                .fold(CardSet::EMPTY, |a, x| a | side.suit(x));
            let pool = if self.keep_winners && !plain.is_empty() {
                plain
            } else {
                side
            };
            let void = best_suit(pool, |c| Reverse((c.len(), high_card_points(c))));
            if let Some(v) = void.filter(|&v| side.suit(v).len() <= 4) {
                plan = side.suit(v);
            }
        }
        while plan.len() < 4 {
            plan.insert(lowest(before - plan, Some(trump)));
        }
        lowest(plan - s.discards(), Some(trump))
    }

    /// The card `seat` plays.
    fn play(&self, s: &NineFiveTwo, seat: Seat) -> Card {
        let legal = s.legal_actions().cards();
        let trump = s.trump().expect("trumps are named before play");
        let low = |c| lowest(c, Some(trump));
        if self.satisfice && s.tricks()[seat.index()] >= s.target(seat) {
            return low(legal);
        }
        if s.trick().is_empty() {
            return lead_from_longest_side_suit(legal, trump, low);
        }
        let partner = self.gang_up_on_dealer && ally_winning(s, seat);
        follow_b0(s.trick(), legal, partner, true, trump, &ORDER, low)
    }
}

/// The hand the dealer `seat` keeps: its hand less the cards its forced returns will take for
/// batches it has received and not yet answered (RULES.md §2.4: for each card received, the
/// highest card of that suit).
fn kept_hand(s: &NineFiveTwo, seat: Seat) -> CardSet {
    let x = s.exchange();
    let mut hand = s.hand(seat);
    for b in x.batches_answered()..x.batches_given() {
        if x.batches()[b].receiver == seat {
            for c in x.given(b) {
                if let Some(top) = hand.highest_in(c.suit()) {
                    hand.remove(top);
                }
            }
        }
    }
    hand
}

/// N-H3: whether the other non-dealer, winning the trick so far, counts as `seat`'s partner:
/// `seat` is a non-dealer, and the dealer has played to the trick or the winning card is the
/// highest card of its suit not yet played (public history).
fn ally_winning(s: &NineFiveTwo, seat: Seat) -> bool {
    let t = s.trick();
    let dealer = s.dealer();
    let (w, Some(card)) = (t.winner(), t.winning_card()) else {
        return false;
    };
    if seat == dealer || w == dealer || w == seat {
        return false;
    }
    let dealer_played = (dealer.index() + PLAYERS - t.leader().index()) % PLAYERS < t.len();
    let played = Seat::all(PLAYERS).fold(CardSet::EMPTY, |a, q| a | s.played_by(q));
    let higher = CardSet::suit_from(card.suit(), card.rank()).without(card);
    dealer_played || higher.is_subset(played)
}

impl Agent<NineFiveTwo> for NineFiveTwoBaseline {
    fn choose(&mut self, s: &NineFiveTwo, seat: Seat, rng: &mut GameRng) -> Action {
        match s.phase() {
            Phase::Give => Action::Give(self.give(s.hand(seat))),
            Phase::NameTrump => Action::NameTrump(self.name_trump(s, seat, rng)),
            Phase::Discard => Action::Discard(self.discard(s, seat)),
            Phase::Play => Action::Play(self.play(s, seat)),
            Phase::Over => panic!("the hand is over: no decision to make"),
        }
    }
}

impl AgentFactory for NineFiveTwo {
    fn baseline_agent(switches: &[String]) -> Result<Box<dyn Agent<NineFiveTwo>>, SpecError> {
        Ok(Box::new(NineFiveTwoBaseline::new(&parse_switches::<
            NineFiveTwoSwitch,
        >(switches)?)))
    }
}
