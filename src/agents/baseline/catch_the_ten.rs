//! The Catch the Ten rule-based player: B0 of RULES.md §5.0, the tips of §5.1, the second
//! edition's arms of §5.4 and the third edition's CT-H1 (safe) of §5.5.

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::games::catch_the_ten::CatchTheTen;
use crate::games::{Action, Game, Seat, TrumpOrder};
use crate::rng::GameRng;

use super::super::{Agent, AgentFactory, SpecError};
use super::switches::{Switch, parse_switches};
use super::{follow_b0, lead_from_longest_side_suit, lowest_by, partner_winning};

const ORDER: TrumpOrder = TrumpOrder::JACK_HIGH;

/// The tips of RULES.md §5.1 (and the CT-H3 control) as switches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CatchTheTenSwitch {
    /// CT-H1p "save the Ten", restriction only (the first edition's arm): play the trump Ten
    /// only if a partner is winning the trick with a higher trump, or as last to play when it
    /// wins, or when it is the only legal card. B0 never takes the two permissions.
    SaveTen,
    /// CT-H1 (active), the second edition's primary arm (RULES.md §5.4): the holder of the
    /// trump Ten (a) plays it as soon as it is legal while a partner is winning the trick with
    /// a trump higher than the Ten; (b) plays it when last to play, void in the suit led, and
    /// the Ten would win; (c) otherwise never plays it unless it is the only legal card.
    SaveTenActive,
    /// CT-H1r "take the risk": CT-H1 (active), plus (d) void in a led side suit with no trump
    /// in the trick higher than the Ten, it trumps with the Ten even when not last.
    TakeTheRisk,
    /// CT-H2 "hunt it with honours": dealt trump J+A or A+K (not the Ten), lead the highest
    /// trump at each of the first two leads of the hand.
    HuntTen,
    /// CT-H3 control "honours only": contest a trick (B0 rule 2) only when it already holds a
    /// counting trump; otherwise play the lowest card.
    HonoursOnly,
    /// CT-H4 "watch the score near 41": when either side starts the hand on 31 or more, play
    /// `save_ten` and `hunt_ten`, and on lead without the Ten while it is unplayed, lead the
    /// highest trump if holding its J, A, K or Q.
    WatchScore,
    /// CT-H4 (ii) of the second edition: `watch_score` with CT-H1 (active) in place of the
    /// restriction-only `save_ten`.
    WatchScoreActive,
    /// CT-H1 (safe), the third edition's primary arm (RULES.md §5.5): CT-H1 (active), except
    /// that (a) plays the Ten into the partner's winning trump higher than the Ten only when
    /// that trump is the highest trump not yet played (the holder's own cards aside) or no
    /// opponent is left to play to the trick. (b) and (c) as CT-H1 (active), which stays as
    /// the secondary CT-H1 (partner higher).
    SaveTenSafe,
}

impl Switch for CatchTheTenSwitch {
    const ALL: &'static [CatchTheTenSwitch] = &[
        CatchTheTenSwitch::SaveTen,
        CatchTheTenSwitch::HuntTen,
        CatchTheTenSwitch::HonoursOnly,
        CatchTheTenSwitch::WatchScore,
        CatchTheTenSwitch::SaveTenActive,
        CatchTheTenSwitch::TakeTheRisk,
        CatchTheTenSwitch::WatchScoreActive,
        CatchTheTenSwitch::SaveTenSafe,
    ];
    const GAME: &'static str = "catch-the-ten";

    fn name(self) -> &'static str {
        match self {
            CatchTheTenSwitch::SaveTen => "save_ten",
            CatchTheTenSwitch::HuntTen => "hunt_ten",
            CatchTheTenSwitch::HonoursOnly => "honours_only",
            CatchTheTenSwitch::WatchScore => "watch_score",
            CatchTheTenSwitch::SaveTenActive => "save_ten_active",
            CatchTheTenSwitch::TakeTheRisk => "take_the_risk",
            CatchTheTenSwitch::WatchScoreActive => "watch_score_active",
            CatchTheTenSwitch::SaveTenSafe => "save_ten_safe",
        }
    }

    fn about(self) -> &'static str {
        match self {
            CatchTheTenSwitch::SaveTen => {
                "CT-H1p (restriction only): never play the trump Ten except into a partner's higher trump, as last to play when it wins, or when it is the only legal card"
            }
            CatchTheTenSwitch::HuntTen => {
                "CT-H2: dealt trump J+A or A+K (not the Ten), lead the highest trump at the first two leads"
            }
            CatchTheTenSwitch::HonoursOnly => {
                "CT-H3 (ii) control: contest a trick only when it holds a counting trump, otherwise play the lowest card"
            }
            CatchTheTenSwitch::WatchScore => {
                "CT-H4 (ii), first edition: from a hand started on 31 or more, save_ten and hunt_ten, and lead trumps at the unplayed Ten"
            }
            CatchTheTenSwitch::SaveTenActive => {
                "CT-H1 (active, partner higher): play the Ten into a partner's winning trump higher than it, or last to play and void when it wins; otherwise keep it"
            }
            CatchTheTenSwitch::TakeTheRisk => {
                "CT-H1r: save_ten_active, plus trump with the Ten when void in a led side suit whenever no trump above it is in the trick"
            }
            CatchTheTenSwitch::WatchScoreActive => {
                "CT-H4 (ii), second edition: watch_score with save_ten_active in place of save_ten"
            }
            CatchTheTenSwitch::SaveTenSafe => {
                "CT-H1 (safe): save_ten_active, but into the partner's trump only when it is the highest not yet played (own cards aside) or no opponent is left to play"
            }
        }
    }

    /// The restriction-only, the active and the safe Ten rules are different arms; so are the
    /// two score-watching modes.
    fn conflicts(self) -> &'static [CatchTheTenSwitch] {
        use CatchTheTenSwitch::*;
        match self {
            SaveTen => &[SaveTenActive, TakeTheRisk, WatchScoreActive],
            WatchScore => &[WatchScoreActive, SaveTenActive, TakeTheRisk],
            SaveTenSafe => &[
                SaveTen,
                SaveTenActive,
                TakeTheRisk,
                WatchScore,
                WatchScoreActive,
            ],
            _ => &[],
        }
    }
}

/// The Catch the Ten rule-based player.
///
/// **B0** (RULES.md §5.0): on lead, the lowest card of the longest non-trump suit (ties C < D <
/// H < S; holding only trumps, the lowest trump); following, (1) the lowest legal card when a
/// partner is winning, (2) else the cheapest card that would win, (3) else the lowest legal
/// card. *Lowest* means side suits first by rank, then trumps: the non-counting ones by rank,
/// then Q, K, A, T, J.
///
/// The Ten rules act only on the holder of the trump Ten and only on tricks already begun (on
/// lead the Ten is simply kept out of B0's choice unless it is the only card): `save_ten`
/// forbids the Ten outside the safe moments; `save_ten_active` also *plays* it at them (a
/// partner winning with a higher trump, or last to play, void in the suit led, and the Ten
/// wins); `take_the_risk` adds trumping with it when void in a led side suit whenever no trump
/// higher than the Ten is in the trick, whatever the seat's place. `save_ten_safe` plays it
/// into the partner's trick only when the partner's winning trump is higher than the Ten *and*
/// the trick is safe: no trump that could beat it is left (every trump above it is played or in
/// the holder's own hand; the turned card and cards not dealt count as not played), or no
/// opponent is left to play to the trick. A partner winning with a side-suit card is not a
/// safe moment for (a), as under `save_ten_active`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CatchTheTenBaseline {
    save_ten: bool,
    hunt_ten: bool,
    honours_only: bool,
    watch_score: bool,
    active: bool,
    take_risk: bool,
    watch_active: bool,
    safe: bool,
}

/// What a Ten rule says about the trump Ten at this moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TenMove {
    /// Play it now.
    Play,
    /// Keep it out of the choice (unless it is the only legal card).
    Keep,
    /// Leave the choice to B0.
    Free,
}

/// How readily B0 parts with a card: lower is played first.
pub fn cheapness(c: Card, trump: Suit) -> u32 {
    if c.suit() != trump {
        return c.rank() as u32;
    }
    match c.rank() {
        Rank::Queen => 200,
        Rank::King => 201,
        Rank::Ace => 202,
        Rank::Ten => 203,
        Rank::Jack => 204,
        r => 100 + r as u32,
    }
}

impl CatchTheTenBaseline {
    /// The player with `switches` on.
    pub fn new(switches: &[CatchTheTenSwitch]) -> CatchTheTenBaseline {
        let on = |s| switches.contains(&s);
        CatchTheTenBaseline {
            save_ten: on(CatchTheTenSwitch::SaveTen),
            hunt_ten: on(CatchTheTenSwitch::HuntTen),
            honours_only: on(CatchTheTenSwitch::HonoursOnly),
            watch_score: on(CatchTheTenSwitch::WatchScore),
            active: on(CatchTheTenSwitch::SaveTenActive)
                || on(CatchTheTenSwitch::TakeTheRisk)
                || on(CatchTheTenSwitch::SaveTenSafe),
            take_risk: on(CatchTheTenSwitch::TakeTheRisk),
            watch_active: on(CatchTheTenSwitch::WatchScoreActive),
            safe: on(CatchTheTenSwitch::SaveTenSafe),
        }
    }

    fn lowest(cards: CardSet, trump: Suit) -> Card {
        lowest_by(cards, |c| cheapness(c, trump)).expect("a card to play")
    }

    /// B0's follow from `cards` (with the honours-only control if switched on).
    fn b0_follow(&self, s: &CatchTheTen, seat: Seat, cards: CardSet, trump: Suit) -> Card {
        let contest = !self.honours_only || !s.trick().card_set().is_disjoint(honour_trumps(trump));
        let lowest = |c| Self::lowest(c, trump);
        let partner = partner_winning(s, seat);
        follow_b0(s.trick(), cards, partner, contest, trump, &ORDER, lowest)
    }

    /// CT-H1: may `seat` play the trump Ten now?
    fn ten_allowed(s: &CatchTheTen, seat: Seat, legal: CardSet, ten: Card, trump: Suit) -> bool {
        let t = s.trick();
        let partner_high = partner_winning(s, seat)
            && t.winning_card().is_some_and(|w| {
                w.suit() == trump && ORDER.power(w.rank()) > ORDER.power(Rank::Ten)
            });
        let last = t.len() + 1 == s.num_seats();
        partner_high || (last && t.would_win(ten, trump, &ORDER)) || legal == CardSet::single(ten)
    }

    /// CT-H1 (safe): whether the partner's winning card `w` cannot lose the trick: no trump
    /// above it is left outside `seat`'s hand and the cards played, or no opponent of `seat` is
    /// left to play to the trick.
    fn partner_safe(s: &CatchTheTen, seat: Seat, w: Card, trump: Suit) -> bool {
        let left = CardSet::suit_mask(trump) - played(s) - s.hand(seat);
        let best = left
            .iter()
            .all(|c| ORDER.power(c.rank()) < ORDER.power(w.rank()));
        let to_play = s.num_seats() - s.trick().len() - 1;
        let opponent_left = (1..=to_play)
            .map(|k| seat.plus(k, s.num_seats()))
            .any(|q| !s.sides().partners(q, seat));
        best || !opponent_left
    }

    /// CT-H1 (active), CT-H1r and, with `safe`, CT-H1 (safe): what the holder of the legal
    /// trump Ten does with it.
    fn active_ten(
        s: &CatchTheTen,
        seat: Seat,
        ten: Card,
        trump: Suit,
        risk: bool,
        safe: bool,
    ) -> TenMove {
        let t = s.trick();
        let Some(led) = t.led() else {
            return TenMove::Keep;
        };
        let partner_high = partner_winning(s, seat)
            && t.winning_card().is_some_and(|w| {
                w.suit() == trump
                    && ORDER.power(w.rank()) > ORDER.power(Rank::Ten)
                    && (!safe || Self::partner_safe(s, seat, w, trump))
            });
        let void = s.hand(seat).suit(led).is_empty();
        let last = t.len() + 1 == s.num_seats();
        let wins = t.would_win(ten, trump, &ORDER);
        if partner_high || (last && void && wins) || (risk && void && led != trump && wins) {
            TenMove::Play
        } else {
            TenMove::Keep
        }
    }
}

/// Every card played so far in the deal, the trick in progress included.
fn played(s: &CatchTheTen) -> CardSet {
    Seat::all(s.num_seats()).fold(CardSet::EMPTY, |a, q| a | s.played_by(q))
}

fn honour_trumps(trump: Suit) -> CardSet {
    crate::games::catch_the_ten::honour_cards(trump)
}

impl Agent<CatchTheTen> for CatchTheTenBaseline {
    fn choose(&mut self, s: &CatchTheTen, seat: Seat, _rng: &mut GameRng) -> Action {
        let legal = s.legal_actions().cards();
        let trump = s.trump().expect("trumps are turned");
        let ten = Card::new(trump, Rank::Ten);
        let near_41 = s.sides().all().any(|side| s.start_score(side) >= 31);
        let priority = (self.watch_score || self.watch_active) && near_41;
        let save = self.save_ten || (self.watch_score && near_41);
        let active = self.active || (self.watch_active && near_41);
        let hunt = self.hunt_ten || priority;
        let mut cards = legal;
        if save && legal.contains(ten) && !Self::ten_allowed(s, seat, legal, ten, trump) {
            cards.remove(ten);
        }
        let ten_move = if active && legal.contains(ten) && legal != CardSet::single(ten) {
            Self::active_ten(s, seat, ten, trump, self.take_risk, self.safe)
        } else {
            TenMove::Free
        };
        match ten_move {
            TenMove::Play => return Action::Play(ten),
            TenMove::Keep => cards.remove(ten),
            TenMove::Free => {}
        }
        let card = if s.trick().is_empty() {
            let trumps = cards.suit(trump);
            let dealt = s.dealt_this_set(seat).suit(trump);
            let has = |r: Rank| dealt.contains(Card::new(trump, r));
            let hunter = has(Rank::Ace) && (has(Rank::Jack) || has(Rank::King)) && !has(Rank::Ten);
            let honours_held = !(trumps & (honour_trumps(trump) - CardSet::single(ten))).is_empty();
            let chase =
                priority && !s.hand(seat).contains(ten) && !played(s).contains(ten) && honours_held;
            if (hunt && hunter && s.leads(seat) < 2 && !trumps.is_empty()) || chase {
                ORDER.highest(trumps).expect("a trump")
            } else {
                lead_from_longest_side_suit(cards, trump, |c| Self::lowest(c, trump))
            }
        } else {
            self.b0_follow(s, seat, cards, trump)
        };
        Action::Play(card)
    }
}

impl AgentFactory for CatchTheTen {
    fn baseline_agent(switches: &[String]) -> Result<Box<dyn Agent<CatchTheTen>>, SpecError> {
        Ok(Box::new(CatchTheTenBaseline::new(&parse_switches::<
            CatchTheTenSwitch,
        >(switches)?)))
    }
}
