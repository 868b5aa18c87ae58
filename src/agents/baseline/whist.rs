//! The Whist rule-based player: B0 of RULES.md §5.0, the tips of §5.3 and the arms the second
//! and third editions (§5.4, §5.5) add.

use std::cmp::Reverse;

use crate::cards::{Card, CardSet, Suit};
use crate::games::whist::{Setup, Whist};
use crate::games::{Action, Game, Seat, TrumpOrder};
use crate::rng::GameRng;

use super::super::{Agent, AgentFactory, SpecError};
use super::switches::{Switch, parse_switches};
use super::{
    follow_b0, lead_from_longest_side_suit, longest_suit, lowest_trumps_last, partner_winning,
};

const ORDER: TrumpOrder = TrumpOrder::ACES_HIGH;

/// The tips of RULES.md §5.3 (and the W-H1 control) as switches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WhistSwitch {
    /// W-H1 "lead from length, not strength": lead from the longest non-trump suit, its
    /// fourth-highest card if it has four or more, otherwise its highest.
    LeadFromLength,
    /// W-H1 control, "strength": lead the highest card of the non-trump suit with the highest
    /// top card (aces first, a singleton ace included).
    LeadFromStrength,
    /// W-H2 "count the trumps": with no trump outstanding, never lead one while holding a
    /// non-trump, and cash the long-suit winners; holding the highest trump outstanding and at
    /// least as many trumps as are outstanding, lead trumps.
    CountTrumps,
    /// W-H3 "second hand low, third hand high": following suit, second to play the lowest card
    /// of the suit; third, the lowest when the partner is winning, otherwise the highest.
    SecondLowThirdHigh,
    /// W-H4 "signals": W-H1 leads, the doubleton echo (high, then low), leading the suit the
    /// partner echoed in a third time, and returning the partner's led suit. The same as
    /// `lead_from_length,echo,echo_lead,return_lead`.
    Signals,
    /// W-H3 unbundled (RULES.md §5.4): second hand low alone.
    SecondHandLow,
    /// W-H3 unbundled: third hand high alone.
    ThirdHandHigh,
    /// W-H4 step (b): the doubleton echo alone (high card first when not winning the trick).
    Echo,
    /// W-H4 step (c): after the partner's echo, lead the echoed suit a third time.
    EchoLead,
    /// W-H4 step (d): return the partner's led suit at the first chance.
    ReturnLead,
    /// W-H1 (which suit), the third edition's control (RULES.md §5.5): lead from the strongest
    /// suit, as `lead_from_strength` picks it (the non-trump suit with the highest top card),
    /// with `lead_from_length`'s card: its fourth-highest of four or more, otherwise its
    /// highest. Against `lead_from_length` only the suit differs.
    LeadFromStrengthFourthBest,
    /// W-H4 (b) as the convention (RULES.md §5.5), the doubleton echo: high, then low, only in a
    /// side suit of which the seat was *dealt* exactly two cards, when not winning the trick.
    EchoDoubleton,
    /// W-H4 \[004\]'s pair (RULES.md §5.5): fourth-best leads and the doubleton echo, each read by
    /// the partner as (c) and (d) say. The same as
    /// `lead_from_length,echo_doubleton,echo_lead,return_lead`.
    SignalsDoubleton,
}

impl Switch for WhistSwitch {
    const ALL: &'static [WhistSwitch] = &[
        WhistSwitch::LeadFromLength,
        WhistSwitch::LeadFromStrength,
        WhistSwitch::CountTrumps,
        WhistSwitch::SecondLowThirdHigh,
        WhistSwitch::Signals,
        WhistSwitch::SecondHandLow,
        WhistSwitch::ThirdHandHigh,
        WhistSwitch::Echo,
        WhistSwitch::EchoLead,
        WhistSwitch::ReturnLead,
        WhistSwitch::LeadFromStrengthFourthBest,
        WhistSwitch::EchoDoubleton,
        WhistSwitch::SignalsDoubleton,
    ];
    const GAME: &'static str = "whist";

    fn name(self) -> &'static str {
        match self {
            WhistSwitch::LeadFromLength => "lead_from_length",
            WhistSwitch::LeadFromStrength => "lead_from_strength",
            WhistSwitch::CountTrumps => "count_trumps",
            WhistSwitch::SecondLowThirdHigh => "second_low_third_high",
            WhistSwitch::Signals => "signals",
            WhistSwitch::SecondHandLow => "second_hand_low",
            WhistSwitch::ThirdHandHigh => "third_hand_high",
            WhistSwitch::Echo => "echo",
            WhistSwitch::EchoLead => "echo_lead",
            WhistSwitch::ReturnLead => "return_lead",
            WhistSwitch::LeadFromStrengthFourthBest => "lead_from_strength_fourth_best",
            WhistSwitch::EchoDoubleton => "echo_doubleton",
            WhistSwitch::SignalsDoubleton => "signals_doubleton",
        }
    }

    fn about(self) -> &'static str {
        match self {
            WhistSwitch::LeadFromLength => {
                "W-H1: lead from the longest non-trump suit, its fourth-highest of four or more, otherwise its highest"
            }
            WhistSwitch::LeadFromStrength => {
                "W-H1 control: lead the highest card of the non-trump suit with the highest top card"
            }
            WhistSwitch::CountTrumps => {
                "W-H2: with no trump outstanding, no trump lead and cash side-suit winners; with trumps outstanding and control, draw them from the top"
            }
            WhistSwitch::SecondLowThirdHigh => {
                "W-H3: following suit, second hand low; third hand high unless the partner is winning"
            }
            WhistSwitch::Signals => {
                "W-H4: lead_from_length, echo, echo_lead and return_lead together"
            }
            WhistSwitch::SecondHandLow => {
                "W-H3 unbundled: second to play and following suit, the lowest card of the suit"
            }
            WhistSwitch::ThirdHandHigh => {
                "W-H3 unbundled: third to play and following suit, the highest card unless the partner is winning"
            }
            WhistSwitch::Echo => {
                "W-H4 (b): holding exactly two cards of a suit led by another and not winning the trick, the higher first (any suit, any holding)"
            }
            WhistSwitch::EchoLead => {
                "W-H4 (c): on lead after the partner's echo (and no show-out of trumps), lead the echoed suit a third time"
            }
            WhistSwitch::ReturnLead => {
                "W-H4 (d): return the partner's led suit at the first lead holding it"
            }
            WhistSwitch::LeadFromStrengthFourthBest => {
                "W-H1 (which suit) control: lead_from_strength's suit with lead_from_length's card, its fourth-highest of four or more, otherwise its highest"
            }
            WhistSwitch::EchoDoubleton => {
                "W-H4 (b) as the convention: high, then low, in a side suit the seat was dealt exactly two of, when not winning the trick"
            }
            WhistSwitch::SignalsDoubleton => {
                "W-H4 [004]'s pair: lead_from_length, echo_doubleton, echo_lead and return_lead together"
            }
        }
    }

    /// Strength leads contradict length leads, and so the fourth-best leads of `signals` and
    /// `signals_doubleton`; the two strength leads contradict each other; the doubleton echo
    /// contradicts the echo of any two cards.
    fn conflicts(self) -> &'static [WhistSwitch] {
        use WhistSwitch::*;
        match self {
            LeadFromStrength => &[LeadFromLength, Signals, SignalsDoubleton],
            LeadFromStrengthFourthBest => {
                &[LeadFromLength, LeadFromStrength, Signals, SignalsDoubleton]
            }
            EchoDoubleton | SignalsDoubleton => &[Echo, Signals],
            _ => &[],
        }
    }
}

/// The Whist rule-based player.
///
/// **B0** (RULES.md §5.0): on lead, the lowest card of the longest non-trump suit (ties C < D <
/// H < S; holding only trumps, the lowest trump); following, (1) the lowest legal card when the
/// partner is winning the trick so far, (2) else the cheapest card that would win it, (3) else
/// the lowest legal card. *Lowest* means non-trumps first by rank, then trumps by rank.
///
/// It reads only what its seat may know: its own hand, the trick, the cards each seat played,
/// which cards were led and each seat's first card of each suit ([`Whist::led_cards`],
/// [`Whist::first_played`]), show-outs, and trumps. Cards *outstanding* are those neither played
/// nor in its own hand ([`Whist::unseen_by`]).
///
/// The switches ([`WhistSwitch`]); where RULES.md §5.3 leaves a detail open, the choice made is
/// said here:
/// - `lead_from_length` (W-H1 tip): the longest non-trump suit as B0 picks it (ties C < D < H <
///   S); its fourth-highest card with four or more, otherwise its highest. Holding only trumps,
///   the lowest trump (B0).
/// - `lead_from_strength` (W-H1 control): among the non-trump suits held, the one with the
///   highest top card (ties: the longer suit, then C < D < H < S); its highest card. Holding
///   only trumps, the lowest trump.
/// - `lead_from_strength_fourth_best` (W-H1 (which suit), RULES.md §5.5): the suit
///   `lead_from_strength` picks, the card `lead_from_length` would lead from it (fourth-highest
///   of four or more, otherwise the highest). Holding only trumps, the lowest trump.
/// - `count_trumps` (W-H2), on lead only. With **no trump outstanding** and a non-trump in hand,
///   it never leads a trump, and it *cashes its long-suit winners*: a winner is a card higher
///   than every outstanding card of its suit (with no trump outstanding it takes the trick for
///   sure); it leads the highest card of the longest non-trump suit that holds a winner (ties
///   C < D < H < S), and with no winner anywhere it leads as it would otherwise, from its
///   non-trumps. With **some trumps outstanding**, holding a trump higher than all of them and
///   at least as many trumps as are outstanding, it leads its highest trump (drawing them from
///   the top). Otherwise, and when following, B0.
/// - `second_low_third_high` (W-H3): only when following suit (holding the suit led). Second
///   to play, the lowest card of the suit; third, the lowest when the partner (who led) is
///   winning so far, otherwise the highest card of the suit even when it cannot win. Fourth to
///   play, or void in the suit led: B0.
/// - `signals` (W-H4), with these readings:
///   - (a) every lead not fixed by (c) or (d) is the W-H1 tip's lead.
///   - (b) *not winning the trick* means that the higher of its two cards would not win the
///     trick so far: then it plays the higher (the echo); otherwise B0 (so the echo never
///     overtakes the partner, and a card that wins is played as B0 plays it). The lower card
///     follows by force. It applies in any suit, trumps included.
///   - (c) *an echo* is read from the public history as [`Whist::echoed`] says: the suit (not
///     trumps) has been led exactly twice, neither time by the partner, and the partner
///     followed both times, the higher card first. If the partner has not shown out of trumps
///     and the player holds the suit, on lead it leads the suit's lowest card for the partner
///     to ruff. Since the suit must have been led exactly twice, this is done once.
///   - (d) *the partner's led suit* is any suit the partner has led that the player has not led
///     itself; *at the first chance* means on its first lead while holding a card of it
///     (after (c)); once it has led the suit, the return is made. With several such suits, the
///     longest held (ties C < D < H < S); the card is chosen as in W-H1 (fourth-highest of four
///     or more, otherwise the highest).
///   - `signals` cannot be combined with `lead_from_strength` (its leads are W-H1's tip); it
///     may be combined with `lead_from_length` (the same leads).
/// - The second edition's unbundled arms (RULES.md §5.4) switch the parts on one by one, each
///   exactly as inside its bundle: `second_hand_low` and `third_hand_high` are the two halves
///   of `second_low_third_high` (both together are it); `echo`, `echo_lead` and `return_lead`
///   are (b), (c) and (d) of `signals`, which is `lead_from_length` with all three. The steps
///   of W-H4 are `lead_from_length`, then `+echo`, `+echo_lead`, `+return_lead`.
/// - `echo_doubleton` (W-H4 (b) as the convention, RULES.md §5.5): `echo` narrowed to a side
///   suit (never trumps) of which the seat was *dealt* exactly two cards: the suit led is not
///   trumps, the seat holds two cards of it and has played none (its dealt hand is its hand and
///   the cards it has played, its own knowledge; the dealer's includes the turned card). Then,
///   when the higher card would not win the trick so far, it plays the higher first; the lower
///   follows by force. The last two cards of three or more, and two trumps, are played as B0.
///   The partner reads it with [`Whist::echoed`], as it reads `echo`. `signals_doubleton` is
///   `lead_from_length,echo_doubleton,echo_lead,return_lead`: \[004\]'s pair, the fourth-best lead
///   and the doubleton echo, with the partner's readings (c) and (d). Neither combines with
///   `echo` or `signals`.
/// - Combinations: `count_trumps` decides a lead before `signals` (c) and (d), and with no trump
///   outstanding its ban on trump leads holds for them too; the echo (b) comes before
///   `second_low_third_high`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WhistBaseline {
    lead_from_length: bool,
    lead_from_strength: bool,
    count_trumps: bool,
    second_low: bool,
    third_high: bool,
    echo: bool,
    echo_doubleton: bool,
    echo_lead: bool,
    return_lead: bool,
    strength_fourth_best: bool,
}

/// The card W-H1 leads from `suit` (the cards held in one suit): the fourth-highest of four or
/// more, otherwise the highest.
fn length_card(suit: CardSet) -> Option<Card> {
    match suit.len() {
        0 => None,
        n if n >= 4 => suit.nth(n - 4),
        _ => suit.last(),
    }
}

impl WhistBaseline {
    /// The player with `switches` on.
    pub fn new(switches: &[WhistSwitch]) -> WhistBaseline {
        let on = |s| switches.contains(&s);
        let signals = on(WhistSwitch::Signals);
        let doubleton = on(WhistSwitch::SignalsDoubleton);
        let both = on(WhistSwitch::SecondLowThirdHigh);
        WhistBaseline {
            lead_from_length: on(WhistSwitch::LeadFromLength) || signals || doubleton,
            lead_from_strength: on(WhistSwitch::LeadFromStrength),
            count_trumps: on(WhistSwitch::CountTrumps),
            second_low: both || on(WhistSwitch::SecondHandLow),
            third_high: both || on(WhistSwitch::ThirdHandHigh),
            echo: signals || on(WhistSwitch::Echo),
            echo_doubleton: doubleton || on(WhistSwitch::EchoDoubleton),
            echo_lead: signals || doubleton || on(WhistSwitch::EchoLead),
            return_lead: signals || doubleton || on(WhistSwitch::ReturnLead),
            strength_fourth_best: on(WhistSwitch::LeadFromStrengthFourthBest),
        }
    }

    /// The lead of `seat`, holding `hand`.
    fn lead(&self, s: &Whist, seat: Seat, hand: CardSet, trump: Suit) -> Card {
        let low = |c| lowest_trumps_last(c, Some(trump));
        let side_suits = 0xF & !(1 << trump.index());
        let mut cards = hand;
        if self.count_trumps {
            let unseen = s.unseen_by(seat);
            let out = unseen.suit(trump);
            let mine = hand.suit(trump);
            let side = hand - CardSet::suit_mask(trump);
            if out.is_empty() && !side.is_empty() {
                let with_winner = Suit::ALL
                    .into_iter()
                    .filter(|&x| side.suit(x).last() > unseen.suit(x).last())
                    .fold(0, |m, x| m | 1 << x.index());
                if let Some(x) = longest_suit(side, with_winner) {
                    return side.suit(x).last().expect("a winner");
                }
                cards = side;
            } else if !out.is_empty() && mine.len() >= out.len() && mine.last() > out.last() {
                return mine.last().expect("a trump");
            }
        }
        let partner = seat.plus(2, Setup::PLAYERS);
        if self.echo_lead && s.voids(partner) & (1 << trump.index()) == 0 {
            let echoed = Suit::ALL
                .into_iter()
                .find(|&x| x != trump && s.echoed(partner, x) && !cards.suit(x).is_empty());
            if let Some(x) = echoed {
                return cards.suit(x).first().expect("a card of the echoed suit");
            }
        }
        if self.return_lead {
            let led = s.led_cards();
            let to_return =
                (led & s.played_by(partner)).suits_held() & !(led & s.played_by(seat)).suits_held();
            if let Some(x) = longest_suit(cards, to_return) {
                return length_card(cards.suit(x)).expect("a card of the suit");
            }
        }
        if self.lead_from_length {
            return match longest_suit(cards, side_suits) {
                Some(x) => length_card(cards.suit(x)).expect("a card of the suit"),
                None => low(cards),
            };
        }
        if self.lead_from_strength || self.strength_fourth_best {
            let side = cards - CardSet::suit_mask(trump);
            let strongest = Suit::ALL
                .into_iter()
                .filter(|&x| !side.suit(x).is_empty())
                .max_by_key(|&x| {
                    let top = side.suit(x).last().map(|c| c.rank());
                    (top, side.suit(x).len(), Reverse(x.index()))
                });
            return match strongest {
                Some(x) if self.strength_fourth_best => {
                    length_card(side.suit(x)).expect("a card of the suit")
                }
                Some(x) => side.suit(x).last().expect("a card of the suit"),
                None => low(cards),
            };
        }
        lead_from_longest_side_suit(cards, trump, low)
    }

    /// The card `seat` plays to a trick already begun, from its `legal` cards.
    fn follow(&self, s: &Whist, seat: Seat, legal: CardSet, trump: Suit) -> Card {
        let t = s.trick();
        let led = t.led().expect("a card is down");
        let partner = partner_winning(s, seat);
        if !s.hand(seat).suit(led).is_empty() {
            // Following suit: every legal card is of the suit led.
            let (low, high) = (legal.first(), legal.last());
            let high = high.expect("a card to play");
            // The seat's dealt hand: what it holds and what it has played.
            let dealt = s.hand(seat) | s.played_by(seat);
            let doubleton = led != trump && dealt.suit(led).len() == 2;
            let echo = self.echo || (self.echo_doubleton && doubleton);
            if echo && legal.len() == 2 && !t.would_win(high, trump, &ORDER) {
                return high;
            }
            match t.len() {
                1 if self.second_low => return low.expect("a card to play"),
                2 if self.third_high && partner => return low.expect("a card to play"),
                2 if self.third_high => return high,
                _ => {}
            }
        }
        let lowest = |c| lowest_trumps_last(c, Some(trump));
        follow_b0(t, legal, partner, true, trump, &ORDER, lowest)
    }
}

impl Agent<Whist> for WhistBaseline {
    fn choose(&mut self, s: &Whist, seat: Seat, _rng: &mut GameRng) -> Action {
        let legal = s.legal_actions().cards();
        let trump = s.turned().suit();
        Action::Play(if s.trick().is_empty() {
            self.lead(s, seat, legal, trump)
        } else {
            self.follow(s, seat, legal, trump)
        })
    }
}

impl AgentFactory for Whist {
    fn baseline_agent(switches: &[String]) -> Result<Box<dyn Agent<Whist>>, SpecError> {
        Ok(Box::new(WhistBaseline::new(
            &parse_switches::<WhistSwitch>(switches)?,
        )))
    }
}
