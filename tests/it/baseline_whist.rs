//! The Whist rule-based player: B0, and each tip of RULES.md §5.3 on positions where it applies
//! (the tip's card and the control's differ) and where it does not (they agree); the public
//! record of the order of play that signals are read from; self-play with every switch; and no
//! decision depends on a hidden card.
//!
//! Spades are trumps in every constructed deal. Seats 0 and 2 are partners against 1 and 3.

use crate::common;

use common::conformance::{Plan, run};
use common::{card, cards};
use tricklab::agents::{Agent, AgentSpec, SpecError, build_agent};
use tricklab::cards::{CardSet, Suit};
use tricklab::experiment::hand_statistic;
use tricklab::games::matches::{MatchState, PlayedHand};
use tricklab::games::whist::{Options, Setup, Whist};
use tricklab::games::{Action, Game, Seat};
use tricklab::knowledge::Observable;
use tricklab::rng::{GameRng, Purpose, stream};

fn agent(spec: &str) -> Box<dyn Agent<Whist>> {
    build_agent::<Whist>(&spec.parse::<AgentSpec>().unwrap()).unwrap()
}

/// The card `spec` plays for the seat to act.
fn choice(spec: &str, s: &Whist) -> String {
    let mut rng = stream(0, 0, Purpose::Other, 0);
    agent(spec)
        .choose(s, s.to_act().unwrap(), &mut rng)
        .argument()
}

/// The cards of B0 and of `spec`.
fn both(spec: &str, s: &Whist) -> [String; 2] {
    [choice("rules", s), choice(spec, s)]
}

fn play(s: &mut Whist, cards: &str) {
    for c in cards.split_whitespace() {
        s.try_apply(Action::Play(card(c)))
            .unwrap_or_else(|e| panic!("{c}: {e}"));
    }
}

/// A deal in which `dealer` deals and turns `turned` (a spade); a hand given as `"*"` gets the
/// cards no other hand names (the dealer's with the turned card), in index order.
fn deal(dealer: u8, hands: [&str; 4], turned: &str) -> Whist {
    let turned = card(turned);
    assert_eq!(turned.suit(), Suit::Spades);
    let named = hands
        .iter()
        .filter(|h| **h != "*")
        .fold(CardSet::EMPTY, |a, h| a | cards(h));
    let mut rest = (CardSet::ALL - named).without(turned).iter();
    let hands = std::array::from_fn(|q| {
        if hands[q] != "*" {
            return cards(hands[q]);
        }
        let mut h = if q == dealer as usize {
            CardSet::single(turned)
        } else {
            CardSet::EMPTY
        };
        while h.len() < 13 {
            h.insert(rest.next().expect("enough cards for the open hands"));
        }
        h
    });
    Whist::from_hands(
        Setup::new(4, Options::default()).unwrap(),
        Seat(dealer),
        &[0, 0],
        &hands,
        turned,
    )
    .unwrap()
}

/// Seat 0 on lead to the first trick, holding `hand`; seat 3 deals and turns `turned`.
fn leading(hand: &str, turned: &str) -> Whist {
    deal(3, [hand, "*", "*", "*"], turned)
}

#[test]
fn b0_leads_and_follows_as_section_5_0() {
    // The lowest card of the longest non-trump suit (five hearts).
    let s = leading("AC 6C KH 9H 7H 5H 3H QD 4D 2D 2S 3S 4S", "5S");
    assert_eq!(choice("rules", &s), "3H");
    // Clubs and diamonds three each: clubs first.
    let s = leading("QC 8C 2C KD 7D 3D AH 4H 2S 3S 4S 6S 7S", "5S");
    assert_eq!(choice("rules", &s), "2C");
    // Only trumps: the lowest.
    assert_eq!(choice("rules", &all_trumps_lead()), "2S");
    let mut s = third_hand();
    // Second to play: the cheapest card that beats the 5C.
    assert_eq!(choice("rules", &s), "9C");
    play(&mut s, "9C");
    // Third, the partner beaten: the cheapest winner again.
    assert_eq!(choice("rules", &s), "TC");
    play(&mut s, "TC");
    // Fourth, void in clubs, the partner beaten: the cheapest winner, the lowest trump.
    assert_eq!(choice("rules", &s), "3S");
    // Third, the partner winning: the lowest legal card, though the AC would win too.
    let mut s = third_hand();
    play(&mut s, "2C");
    assert_eq!(choice("rules", &s), "3C");
}

/// Seat 0 holds the AC and twelve trumps; it wins the first trick with the AC and is on lead
/// holding only trumps.
fn all_trumps_lead() -> Whist {
    let mut s = deal(
        3,
        ["AC 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", "*", "*", "*"],
        "AS",
    );
    play(&mut s, "AC 2C 3D 3H");
    assert_eq!(s.to_act(), Some(Seat(0)));
    s
}

#[test]
fn lead_from_length() {
    // W-H1: five hearts, the fourth-highest (K 9 7 5); strength leads the ace of clubs, the
    // top of the suit with the highest top card.
    let s = leading("AC 6C KH 9H 7H 5H 3H QD 4D 2D 2S 3S 4S", "5S");
    assert_eq!(both("rules:lead_from_length", &s), ["3H", "5H"]);
    assert_eq!(choice("rules:lead_from_strength", &s), "AC");
    // Clubs and diamonds three each: the highest club; strength leads the ace of hearts.
    let s = leading("QC 8C 2C KD 7D 3D AH 4H 2S 3S 4S 6S 7S", "5S");
    assert_eq!(both("rules:lead_from_length", &s), ["2C", "QC"]);
    assert_eq!(choice("rules:lead_from_strength", &s), "AH");
    // The longest suit is three to the ace: both lead the ace.
    let s = leading("AH KH 5H 2C 3C 4D 5D 2S 3S 4S 6S 7S 8S", "9S");
    assert_eq!(choice("rules:lead_from_length", &s), "AH");
    assert_eq!(choice("rules:lead_from_strength", &s), "AH");
    assert_eq!(choice("rules", &s), "5H");
}

#[test]
fn lead_from_strength() {
    // The W-H1 control: a singleton ace goes first.
    let s = leading("AD 2C 3C 4C 5C 6C KH QH 2H 2S 3S 4S 6S", "5S");
    assert_eq!(both("rules:lead_from_strength", &s), ["2C", "AD"]);
    // Equal top cards (kings): the longer suit.
    let s = leading("KD 2D KC 3C 4C 5C KH QH 2H 2S 3S 4S 6S", "5S");
    assert_eq!(both("rules:lead_from_strength", &s), ["3C", "KC"]);
    // Only trumps: the lowest, as B0.
    let s = all_trumps_lead();
    assert_eq!(both("rules:lead_from_strength", &s), ["2S", "2S"]);
}

#[test]
fn lead_from_strength_fourth_best() {
    const TIP: &str = "rules:lead_from_strength_fourth_best";
    // W-H1 (which suit): the length suit is hearts (five), the strength suit clubs (the ace):
    // from two clubs both strength leads take the highest, the AC; length leads the fourth
    // highest heart (K 9 7 5).
    let s = leading("AC 6C KH 9H 7H 5H 3H QD 4D 2D 2S 3S 4S", "5S");
    assert_eq!(choice(TIP, &s), "AC");
    assert_eq!(choice("rules:lead_from_strength", &s), "AC");
    assert_eq!(choice("rules:lead_from_length", &s), "5H");
    // The strongest suit has four cards (A 9 6 3 of diamonds): its fourth-highest, not the ace;
    // length leads the fourth-highest of five hearts (K 8 7 5), B0 the lowest heart.
    let s = leading("AD 9D 6D 3D KH 8H 7H 5H 4H 2C 3C 2S 3S", "5S");
    assert_eq!(both(TIP, &s), ["4H", "3D"]);
    assert_eq!(choice("rules:lead_from_strength", &s), "AD");
    assert_eq!(choice("rules:lead_from_length", &s), "5H");
    // Where the strongest suit is also the longest, the two leads are one card.
    let s = leading("AH KH 9H 5H 3H 2C 3C 4D 5D 2S 3S 4S 6S", "8S");
    assert_eq!(choice(TIP, &s), "5H");
    assert_eq!(choice("rules:lead_from_length", &s), "5H");
    // Only trumps: the lowest, as B0.
    assert_eq!(both(TIP, &all_trumps_lead()), ["2S", "2S"]);
}

/// Seat 0 holds AS..TS and `hearts0`, and leads three rounds of spades (`DRAW`).
fn spades_to_draw(hearts0: &str) -> Whist {
    let seat0 = format!("AS KS QS JS TS {hearts0} AC 2C 3D 2D");
    deal(
        3,
        [
            &seat0,
            "9S 8S 7S 3C 4C 5C 6C 7C 8C 9C TC JC QC",
            "6S 5S 4S KC 4D 5D 6D 7D 8D 9D TD JD QD",
            "*",
        ],
        "2S",
    )
}

/// Three rounds of spades led by seat 0; seat 3 shows out on the third, discarding the KD.
const DRAW: &str = "AS 7S 4S 2S KS 8S 5S 3S QS 9S 6S KD";

/// [`spades_to_draw`] after [`DRAW`]: seat 0 is on lead and no trump is outstanding.
fn trumps_drawn(hearts0: &str) -> Whist {
    let mut s = spades_to_draw(hearts0);
    play(&mut s, DRAW);
    assert_eq!(s.to_act(), Some(Seat(0)));
    assert_eq!(s.unseen_by(Seat(0)).suit(Suit::Spades), CardSet::EMPTY);
    s
}

#[test]
fn count_trumps() {
    const TIP: &str = "rules:count_trumps";
    // W-H2, some outstanding: seven trumps to the ace against six outstanding: draw them.
    let s = leading("AS KS QS JS TS 9S 8S 2H 3H 4H 2C 3C 2D", "2S");
    assert_eq!(both(TIP, &s), ["2H", "AS"]);
    // None outstanding: cash the winner of the long suit (hearts to the ace)...
    let s = trumps_drawn("AH KH 4H 3H");
    assert_eq!(both(TIP, &s), ["3H", "AH"]);
    // ...and with none in the long suit, the longest suit that has one (the ace of clubs).
    let s = trumps_drawn("QH 4H 3H 2H");
    assert_eq!(both(TIP, &s), ["2H", "AC"]);
    // Seven trumps, but the ace is outstanding: B0's lead.
    let s = leading("KS QS JS TS 9S 8S 7S 2H 3H 4H 2C 3C 2D", "2S");
    assert_eq!(both(TIP, &s), ["2H", "2H"]);
    // Three trumps to the ace against ten outstanding: B0's lead.
    let s = leading("AS KS QS 2H 3H 4H 5H 2C 3C 4C 2D 3D 4D", "2S");
    assert_eq!(both(TIP, &s), ["2H", "2H"]);
}

/// Seat 0 leads the 5C to the first trick; seat 1 holds KC 9C 2C and seat 2 six clubs.
fn third_hand() -> Whist {
    let mut s = deal(
        3,
        [
            "5C 6C 7C 8C 2D 3D 4D 5D 6D 2H 3H 4H 5H",
            "KC 9C 2C 7D 8D 9D TD 6H 7H 8H 9H TH 2S",
            "*",
            "*",
        ],
        "AS",
    );
    assert_eq!(
        s.hand(Seat(2)),
        cards("3C 4C TC JC QC AC JD QD KD AD JH QH KH")
    );
    play(&mut s, "5C");
    s
}

#[test]
fn second_low_third_high() {
    const TIP: &str = "rules:second_low_third_high";
    // W-H3: second to play, the lowest club rather than the cheapest winner.
    let mut s = third_hand();
    assert_eq!(both(TIP, &s), ["9C", "2C"]);
    // Third, the partner beaten by the 9C: the highest club rather than the cheapest winner.
    play(&mut s, "9C");
    assert_eq!(both(TIP, &s), ["TC", "AC"]);
    // Fourth, void in clubs: B0 (it ruffs with its lowest trump).
    play(&mut s, "AC");
    assert_eq!(both(TIP, &s), ["3S", "3S"]);
    // Third, the partner's 5C winning over the 2C: the lowest either way.
    let mut s = third_hand();
    play(&mut s, "2C");
    assert_eq!(both(TIP, &s), ["3C", "3C"]);
}

/// Seat 0 holds KC 5C and seat 1 exactly two clubs, 9C 3C.
fn doubleton() -> Whist {
    deal(
        3,
        [
            "KC 5C 2D 3D 4D 5D 6D 2H 3H 4H 5H 6H 7H",
            "9C 3C 7D 8D 9D TD JD 8H 9H TH JH 2S 3S",
            "*",
            "*",
        ],
        "AS",
    )
}

/// Deal C: seat 0 holds AC KC 5C, six hearts and four diamonds; its partner, seat 2, holds
/// exactly 9C 3C.
fn deal_c() -> Whist {
    deal(
        3,
        [
            "AC KC 5C 2H 3H 4H 6H 7H 8H 2D 3D 4D 5D",
            "QC 2C 6D 7D 8D 9D TD 9H TH JH 2S 3S 4S",
            "9C 3C JD QD KD AD QH KH AH 5S 6S 7S 8S",
            "*",
        ],
        "AS",
    )
}

/// Seat 0 leads the AC and the KC and wins both; seat 2 plays its clubs in the order `partner`.
fn two_club_rounds(partner: [&str; 2]) -> String {
    format!("AC 2C {} 4C KC QC {} 6C", partner[0], partner[1])
}

/// Deal C after [`two_club_rounds`]: seat 0 is on lead with 5C, six hearts and four diamonds.
fn echo_led_by_seat_0(partner: [&str; 2]) -> Whist {
    let mut s = deal_c();
    play(&mut s, &two_club_rounds(partner));
    assert_eq!(s.to_act(), Some(Seat(0)));
    s
}

/// Deal C2: seat 1 leads AC and KC; seat 2 (holding 9C 3C) plays them in the order `partner`;
/// seat 0 wins the third trick with the AD and is on lead with 8C, four diamonds and spades.
fn echo_led_by_opponent(partner: [&str; 2]) -> Whist {
    let mut s = deal(
        0,
        [
            "*",
            "AC KC 2D 4D 5D 2H 3H 4H 5H 3S 4S 5S 6S",
            "9C 3C 8D 9D 6H 7H 8H 9H TH 7S 8S 9S TS",
            "QC JC TC 7C 6C 5C TD JD QD JH QH KH AH",
        ],
        "2S",
    );
    assert_eq!(
        s.hand(Seat(0)),
        cards("2C 4C 8C 3D 6D 7D KD AD 2S JS QS KS AS")
    );
    play(
        &mut s,
        &format!(
            "AC {} TC 2C KC {} JC 4C 2D 8D TD AD",
            partner[0], partner[1]
        ),
    );
    assert_eq!(s.to_act(), Some(Seat(0)));
    s
}

/// Deal D: seat 1 deals, so seat 2 leads; seat 0 holds AD KD 7D, four hearts, three clubs and
/// three spades.
fn partner_leads() -> Whist {
    deal(
        1,
        [
            "AD KD 7D 2H 3H 4H 5H 2C 3C 4C 2S 3S 4S",
            "3D QD 5C 6C 7C 6H 7H 8H 5S 6S 7S 8S AS",
            "5D 6D 8D 9D 8C 9C TC 9H TH JH 9S TS JS",
            "2D 4D TD JD JC QC KC AC QH KH AH QS KS",
        ],
        "AS",
    )
}

#[test]
fn signals() {
    const TIP: &str = "rules:signals";
    // (a) Leads as W-H1: the fourth-highest of five hearts.
    let s = leading("AC 6C KH 9H 7H 5H 3H QD 4D 2D 2S 3S 4S", "5S");
    assert_eq!(both(TIP, &s), ["3H", "5H"]);
    // (b) The echo: the KC led, the 9C cannot win: high first...
    let mut s = doubleton();
    play(&mut s, "KC");
    assert_eq!(both(TIP, &s), ["3C", "9C"]);
    // Third to play, the partner's QC beaten by the ace: the 8C of 8C 4C.
    let mut s = deal(
        3,
        [
            "QC 2D 3D 4D 5D 6D 2H 3H 4H 5H 6H 7H 8H",
            "AC 7D 8D 9D TD JD 9H TH JH 2S 3S 4S 5S",
            "8C 4C QD KD AD QH KH AH 6S 7S 8S 9S TS",
            "*",
        ],
        "AS",
    );
    play(&mut s, "QC AC");
    assert_eq!(both(TIP, &s), ["4C", "8C"]);
    // No echo when the higher card wins: the 9C beats the 5C, as B0 plays it.
    let mut s = doubleton();
    play(&mut s, "5C");
    assert_eq!(both(TIP, &s), ["9C", "9C"]);

    // (c) The partner echoed (9C, then 3C) and has not shown out of trumps: lead clubs a third
    // time, the lowest, whether seat 0 led the first two rounds or an opponent did.
    let s = echo_led_by_seat_0(["9C", "3C"]);
    assert!(s.echoed(Seat(2), Suit::Clubs));
    assert_eq!(both(TIP, &s), ["2H", "5C"]);
    assert_eq!(choice("rules:lead_from_length", &s), "4H");
    let s = echo_led_by_opponent(["9C", "3C"]);
    assert!(s.echoed(Seat(2), Suit::Clubs));
    assert_eq!(both(TIP, &s), ["3D", "8C"]);
    // Low, then high, is no echo: the W-H1 lead, the fourth-highest of four diamonds, which is
    // B0's lowest.
    let s = echo_led_by_opponent(["3C", "9C"]);
    assert!(!s.echoed(Seat(2), Suit::Clubs));
    assert_eq!(both(TIP, &s), ["3D", "3D"]);

    // (d) The partner led the 5D and seat 0 won it with the ace: it returns the KD.
    let mut s = partner_leads();
    play(&mut s, "5D 2D AD 3D");
    assert_eq!(both(TIP, &s), ["2H", "KD"]);
    // Returned once, not again: the KD won, and now the W-H1 lead (of four hearts, the 2H).
    play(&mut s, "KD QD 6D 4D");
    assert_eq!(s.to_act(), Some(Seat(0)));
    assert_eq!(both(TIP, &s), ["2H", "2H"]);
    // An opponent won the partner's lead; seat 0 gains the lead later and returns the suit.
    let mut s = partner_leads();
    play(&mut s, "5D TD 7D QD 3D 6D JD AD");
    assert_eq!(s.to_act(), Some(Seat(0)));
    assert_eq!(both(TIP, &s), ["2H", "KD"]);
}

#[test]
fn second_hand_low_and_third_hand_high_apart() {
    // Second to play: `second_hand_low` plays low, `third_hand_high` leaves it to B0.
    let mut s = third_hand();
    assert_eq!(choice("rules:second_hand_low", &s), "2C");
    assert_eq!(choice("rules:third_hand_high", &s), "9C");
    // Third to play, the partner beaten: `third_hand_high` plays high, `second_hand_low` is B0.
    play(&mut s, "9C");
    assert_eq!(choice("rules:third_hand_high", &s), "AC");
    assert_eq!(choice("rules:second_hand_low", &s), "TC");
    // Both together are the first edition's bundle, on every decision of these positions.
    let mut s = third_hand();
    for c in ["9C", "AC", "3S"] {
        assert_eq!(
            choice("rules:second_hand_low,third_hand_high", &s),
            choice("rules:second_low_third_high", &s)
        );
        play(&mut s, c);
    }
}

#[test]
fn signals_in_steps() {
    // (b) alone: the echo, without fourth-best leads.
    let mut s = doubleton();
    play(&mut s, "KC");
    assert_eq!(choice("rules:echo", &s), "9C");
    assert_eq!(choice("rules:lead_from_length", &s), "3C");
    let s = leading("AC 6C KH 9H 7H 5H 3H QD 4D 2D 2S 3S 4S", "5S");
    assert_eq!(choice("rules:echo", &s), "3H");
    // (c) alone: the third-round lead after the partner's echo; without it, the W-H1 lead.
    let s = echo_led_by_seat_0(["9C", "3C"]);
    assert_eq!(choice("rules:lead_from_length,echo,echo_lead", &s), "5C");
    assert_eq!(choice("rules:lead_from_length,echo", &s), "4H");
    assert_eq!(choice("rules:echo_lead", &s), "5C");
    // (d) alone: the return of the partner's suit.
    let mut s = partner_leads();
    play(&mut s, "5D 2D AD 3D");
    assert_eq!(choice("rules:return_lead", &s), "KD");
    assert_eq!(choice("rules:lead_from_length,echo,echo_lead", &s), "2H");
    // The last step is `signals`.
    for s in [echo_led_by_seat_0(["9C", "3C"]), s] {
        assert_eq!(
            choice("rules:lead_from_length,echo,echo_lead,return_lead", &s),
            choice("rules:signals", &s)
        );
    }
}

/// Seat 1 is dealt three clubs (9C 3C 2C) and two trumps (2S 3S); seat 0 leads, holding AC KC
/// 5C and the 7S.
fn tripleton() -> Whist {
    deal(
        3,
        [
            "AC KC 5C 2D 3D 4D 5D 6D 2H 3H 4H 5H 7S",
            "9C 3C 2C 7D 8D 9D TD JD 8H 9H TH 2S 3S",
            "QC JC TC 4C QD KD AD 7H JH QH 4S 5S 6S",
            "8C 7C 6C 6H KH AH 8S 9S TS JS QS KS AS",
        ],
        "AS",
    )
}

#[test]
fn echo_doubleton_high_then_low_from_a_dealt_doubleton() {
    const TIP: &str = "rules:echo_doubleton";
    // Seat 1 was dealt 9C 3C: the KC led, the 9C cannot win: high first.
    let mut s = doubleton();
    play(&mut s, "KC");
    assert_eq!(both(TIP, &s), ["3C", "9C"]);
    // Deal C: seat 2 was dealt 9C 3C; under the partner's AC the 9C, under the KC the 3C.
    let mut s = deal_c();
    play(&mut s, "AC 2C");
    assert_eq!(both(TIP, &s), ["3C", "9C"]);
    play(&mut s, "9C 4C KC QC");
    assert_eq!(choice(TIP, &s), "3C");
}

#[test]
fn echo_doubleton_not_from_the_last_two_of_a_tripleton() {
    const TIP: &str = "rules:echo_doubleton";
    // Seat 1 plays the 2C under the AC; the KC led next, it holds 9C 3C, the last two of
    // three: `echo` plays high, the doubleton echo plays as B0, low.
    let mut s = tripleton();
    play(&mut s, "AC 2C 4C 6C");
    assert_eq!(s.to_act(), Some(Seat(0)));
    play(&mut s, "KC");
    assert_eq!(choice("rules:echo", &s), "9C");
    assert_eq!(both(TIP, &s), ["3C", "3C"]);
}

#[test]
fn echo_doubleton_never_in_trumps() {
    // Seat 1 was dealt two trumps, 2S 3S; the 7S led, the 3S cannot win: `echo` plays it,
    // the doubleton echo plays as B0, the lowest.
    let mut s = tripleton();
    play(&mut s, "7S");
    assert_eq!(choice("rules:echo", &s), "3S");
    assert_eq!(both("rules:echo_doubleton", &s), ["2S", "2S"]);
}

#[test]
fn echo_doubleton_not_when_winning_the_trick() {
    // Seat 2 was dealt 9C 3C; the partner's 5C leads and the 9C would win: no echo, B0's
    // lowest card with the partner winning. (Deal C.)
    let mut s = deal_c();
    play(&mut s, "5C 2C");
    assert_eq!(both("rules:echo_doubleton", &s), ["3C", "3C"]);
}

#[test]
fn signals_doubleton_is_read_by_the_partner() {
    const TIP: &str = "rules:signals_doubleton";
    // Deal C: seat 2 (dealt 9C 3C) echoes under the AC and follows low to the KC; the partner
    // reads it (Whist::echoed) and leads clubs a third time.
    let mut s = deal_c();
    play(&mut s, "AC 2C");
    assert_eq!(choice(TIP, &s), "9C");
    play(&mut s, "9C 4C KC QC");
    assert_eq!(choice(TIP, &s), "3C");
    play(&mut s, "3C 6C");
    assert_eq!(s.to_act(), Some(Seat(0)));
    assert!(s.echoed(Seat(2), Suit::Clubs));
    assert_eq!(both(TIP, &s), ["2H", "5C"]);
    assert_eq!(choice("rules:lead_from_length", &s), "4H");
    // (a) and (d) as `signals`: the fourth-best lead, and the return of the partner's suit.
    let lead = leading("AC 6C KH 9H 7H 5H 3H QD 4D 2D 2S 3S 4S", "5S");
    let mut ret = partner_leads();
    play(&mut ret, "5D 2D AD 3D");
    for s in [lead, ret] {
        assert_eq!(choice(TIP, &s), choice("rules:signals", &s));
        assert_eq!(
            choice(TIP, &s),
            choice(
                "rules:lead_from_length,echo_doubleton,echo_lead,return_lead",
                &s
            )
        );
    }
}

#[test]
fn the_order_of_play_is_kept_in_public() {
    let s = echo_led_by_seat_0(["9C", "3C"]);
    assert_eq!(s.led_cards(), cards("AC KC"));
    assert_eq!(s.first_played(Seat(2), Suit::Clubs), Some(card("9C")));
    assert_eq!(s.first_played(Seat(1), Suit::Clubs), Some(card("2C")));
    assert_eq!(s.first_played(Seat(2), Suit::Hearts), None);
    // A seat's view, and every world sampled for it, keep the record.
    let view = s.view(Seat(0));
    assert!(view.state().echoed(Seat(2), Suit::Clubs));
    let mut rng = stream(3, 0, Purpose::Other, 0);
    let world = s.sample_world(Seat(0), &mut rng);
    assert_eq!(
        (world.led_cards(), world.first_played(Seat(2), Suit::Clubs)),
        (s.led_cards(), Some(card("9C")))
    );
    // The leader of both rounds has not echoed, nor has a seat with a round still to play.
    assert!(!s.echoed(Seat(0), Suit::Clubs));
    let mut s = echo_led_by_seat_0(["9C", "3C"]);
    play(&mut s, "5C");
    assert!(!s.echoed(Seat(2), Suit::Clubs), "led three times");
}

/// The statistic `name` for the `subject` seats of the hand dealt as `initial` with `script`
/// played so far (the statistics of W-H2 and W-H4 read only the plays).
fn statistic(name: &str, initial: &Whist, script: &str, subject: [u8; 2]) -> Option<f64> {
    let mut s = *initial;
    let mut actions = Vec::new();
    for c in script.split_whitespace() {
        let (seat, a) = (s.to_act().unwrap(), Action::Play(card(c)));
        s.try_apply(a).unwrap_or_else(|e| panic!("{c}: {e}"));
        actions.push((seat, a));
    }
    let m = MatchState::new(initial.dealer());
    let p = PlayedHand {
        initial,
        actions: &actions,
        last: &s,
        before: &m,
        after: &m,
    };
    hand_statistic(initial.setup(), name, &p, &subject.map(Seat))
}

#[test]
fn statistics_of_trump_leads_and_echoes() {
    const LEADS: &str = "trump_leads_none_out";
    // Seat 0 leads AS KS QS with trumps outstanding, then the JS with none.
    let s = spades_to_draw("AH KH 4H 3H");
    assert_eq!(statistic(LEADS, &s, DRAW, [0, 2]), Some(0.0));
    let script = format!("{DRAW} JS 3C 4D 2H");
    assert_eq!(statistic(LEADS, &s, &script, [0, 2]), Some(1.0));
    assert_eq!(statistic(LEADS, &s, &script, [1, 3]), Some(0.0));
    // A third club led after seat 2's echo: seat 2 ruffs it, or discards.
    const RUFF: &str = "echo_ruffed";
    let c = deal_c();
    let echo = two_club_rounds(["9C", "3C"]);
    assert_eq!(statistic(RUFF, &c, &echo, [0, 2]), Some(0.0));
    let ruff = format!("{echo} 5C 6D 5S TC");
    assert_eq!(statistic(RUFF, &c, &ruff, [0, 2]), Some(1.0));
    let discard = format!("{echo} 5C 6D QH TC");
    assert_eq!(statistic(RUFF, &c, &discard, [0, 2]), Some(0.0));
    // No echo by the opponents, nor by seat 2 when it plays low first.
    assert_eq!(statistic(RUFF, &c, &ruff, [1, 3]), None);
    let low_high = format!("{} 5C 6D 5S TC", two_club_rounds(["3C", "9C"]));
    assert_eq!(statistic(RUFF, &c, &low_high, [0, 2]), None);
}

#[test]
fn specs_are_checked() {
    let err = |spec: &str| build_agent::<Whist>(&spec.parse().unwrap()).err();
    assert_eq!(
        err("rules:lead_from_length,lead_from_strength"),
        Some(SpecError::Conflict(
            "lead_from_length".into(),
            "lead_from_strength".into()
        ))
    );
    assert_eq!(
        err("rules:lead_from_strength,signals"),
        Some(SpecError::Conflict(
            "lead_from_strength".into(),
            "signals".into()
        ))
    );
    assert_eq!(
        err("rules:echo,signals_doubleton"),
        Some(SpecError::Conflict(
            "echo".into(),
            "signals_doubleton".into()
        ))
    );
    assert_eq!(
        err("rules:lead_from_length,lead_from_strength_fourth_best"),
        Some(SpecError::Conflict(
            "lead_from_length".into(),
            "lead_from_strength_fourth_best".into()
        ))
    );
    let Some(SpecError::UnknownSwitch { allowed, .. }) = err("rules:save_ten") else {
        panic!("an unknown switch is an error");
    };
    assert_eq!(
        allowed,
        "lead_from_length, lead_from_strength, count_trumps, second_low_third_high, signals, \
         second_hand_low, third_hand_high, echo, echo_lead, return_lead, \
         lead_from_strength_fourth_best, echo_doubleton, signals_doubleton"
    );
    for spec in SPECS {
        assert_eq!(err(spec), None, "{spec}");
    }
}

const SPECS: [&str; 18] = [
    "rules",
    "rules:lead_from_length",
    "rules:lead_from_strength",
    "rules:count_trumps",
    "rules:second_low_third_high",
    "rules:signals",
    "rules:lead_from_length,signals",
    "rules:lead_from_strength,count_trumps,second_low_third_high",
    "rules:signals,lead_from_length,count_trumps,second_low_third_high",
    "rules:second_hand_low",
    "rules:third_hand_high",
    "rules:lead_from_length,echo",
    "rules:echo_lead,return_lead,count_trumps",
    "rules:lead_from_strength_fourth_best",
    "rules:lead_from_strength_fourth_best,echo,echo_lead,return_lead",
    "rules:lead_from_length,echo_doubleton",
    "rules:signals_doubleton",
    "rules:lead_from_strength_fourth_best,echo_doubleton,echo_lead,return_lead",
];

#[test]
fn every_switch_in_self_play() {
    let setup = Setup::new(4, Options::default()).unwrap();
    for (i, spec) in SPECS.iter().enumerate() {
        // The partnership plays the switch against B0, as in the tip study.
        let mut agents: Vec<_> = [*spec, "rules", *spec, "rules"]
            .iter()
            .map(|s| agent(s))
            .collect();
        let mut chooser =
            |h: &Whist, seat: Seat, rng: &mut GameRng| agents[seat.index()].choose(h, seat, rng);
        let mut plan = Plan::new(i as u64, 100);
        plan.min_hands = 400;
        plan.reject_every = 7;
        plan.record_every = 5;
        let c = run(&setup, plan, Some(&mut chooser), |_| Ok(()));
        assert!(c.hands >= 400, "{spec}");
    }
}

#[test]
fn decisions_do_not_depend_on_hidden_cards() {
    let setup = Setup::new(4, Options::default()).unwrap();
    let mut worlds = stream(77, 0, Purpose::Other, 0);
    let mut deals = stream(77, 1, Purpose::Deal, 0);
    let (mut checked, mut differ) = (0, 0);
    for (g, spec) in SPECS.iter().enumerate() {
        let mut a = agent(spec);
        for hand in 0..12 {
            let mut s = Whist::deal(setup, Seat((hand % 4) as u8), &[0, 0], &mut deals);
            while let Some(seat) = s.to_act() {
                let rng = stream(g as u64, hand, Purpose::Agent, 0);
                let mine = a.choose(&s, seat, &mut rng.clone());
                for _ in 0..2 {
                    let world = s.sample_world(seat, &mut worlds);
                    differ += usize::from(world != s);
                    assert_eq!(
                        a.choose(&world, seat, &mut rng.clone()),
                        mine,
                        "{spec} at {:?}",
                        s.view(seat)
                    );
                    checked += 1;
                }
                s.apply(mine);
            }
        }
    }
    assert_eq!(checked, SPECS.len() * 12 * 52 * 2);
    // Worlds differ from the truth except near the end of a hand.
    assert!(
        differ * 10 > checked * 8,
        "{differ} of {checked} worlds differ"
    );
}
