//! Whist deals as PBN (Portable Bridge Notation), the file bridge software shares deals in
//! (DDS, endplay, BridgeComposer read it): written by `tricklab deals --format pbn`, and read as a
//! deal book by `--deals FILE.pbn`.
//!
//! Seats are compass points, clockwise as play goes to the left: seat 0 is North, 1 East,
//! 2 South, 3 West (so 0 and 2 are partners, as at a bridge table). A board's `Deal` tag gives
//! the four hands (`[Deal "N:AKQ.JT9.876.5432 ..."]`, suits ♠.♥.♦.♣); `Dealer` its dealer
//! (without one, the bridge rotation of its `Board` number: 1 North, 2 East, …). The card
//! turned for trumps, which bridge has not, is the tricklab tag `[TurnedCard "7H"]`
//! (card notation); a board without it (a bridge deal) turns a card of the dealer's hand
//! chosen from the deal alone, so every lab turns the same one: see [`turned_for`].

use std::fmt::Write as _;
use std::io::Write;

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::rng::mix64;

use super::Seat;
use super::book::{BookDeal, BookError, DealBook, seed_deals};
use super::record::RecordRules;
use super::whist::{Deal, Setup};

/// The tag that holds the turned card.
pub const TURNED_TAG: &str = "TurnedCard";

/// The compass letters of seats 0 to 3.
const COMPASS: [char; 4] = ['N', 'E', 'S', 'W'];

/// PBN's suit order within a hand: spades, hearts, diamonds, clubs.
const PBN_SUITS: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

/// A hand in PBN: `AKQ.JT9.876.5432` (spades first, a void empty).
pub fn hand_text(hand: CardSet) -> String {
    let suits: Vec<String> = PBN_SUITS
        .iter()
        .map(|&s| {
            Rank::ALL
                .iter()
                .rev()
                .filter(|&&r| hand.contains(Card::new(s, r)))
                .map(|r| r.letter())
                .collect()
        })
        .collect();
    suits.join(".")
}

/// A deal in PBN's `Deal` tag: `N:` and the four hands clockwise from North.
pub fn deal_text(hands: &[CardSet]) -> String {
    let hands: Vec<String> = hands.iter().map(|&h| hand_text(h)).collect();
    format!("N:{}", hands.join(" "))
}

/// The card a bridge deal without a [`TURNED_TAG`] turns: `h` starts at 0 and for North, East,
/// South and West in turn becomes `mix64(h ^ bits)`, `bits` the hand's cards as a 64-bit set
/// (bit `16 × suit + rank`, clubs 0 to spades 3, two 0 to ace 12; `mix64` is SplitMix64's
/// finaliser); the dealer's cards in that bit order, the card at place `h mod 13` is turned.
/// A fixed function of the deal, so two labs turn the same card, and spread over the dealer's
/// cards as the last card of a shuffled pack is.
pub fn turned_for(hands: &[CardSet; 4], dealer: Seat) -> Card {
    let h = hands.iter().fold(0u64, |h, hand| mix64(h ^ hand.0));
    let dealt = hands[dealer.index()];
    dealt
        .nth((h % dealt.len().max(1) as u64) as usize)
        .expect("the dealer holds 13 cards")
}

/// Writes `count` deals of seed `seed` (those of `tricklab deals --seed`) as PBN boards.
///
/// # Errors
/// Writing to `out`.
pub fn write_pbn(
    rules: &Setup,
    seed: u64,
    count: u64,
    out: &mut dyn Write,
) -> Result<(), BookError> {
    writeln!(out, "% PBN 2.1")?;
    let boards = crate::words::counted(count, "board");
    writeln!(out, "% tricklab whist deals, seed {seed}: {boards}")?;
    for (i, (dealer, hand)) in seed_deals(rules, seed, count).enumerate() {
        let deal = rules.deal_record(&hand);
        let mut board = String::new();
        let tag = |b: &mut String, name: &str, value: &str| {
            writeln!(b, "[{name} \"{value}\"]").expect("writing to a string");
        };
        tag(&mut board, "Event", &format!("tricklab whist seed {seed}"));
        tag(&mut board, "Site", "?");
        tag(&mut board, "Date", "?");
        tag(&mut board, "Board", &(i + 1).to_string());
        tag(&mut board, "Dealer", &COMPASS[dealer.index()].to_string());
        tag(&mut board, "Vulnerable", "None");
        tag(&mut board, "Deal", &deal_text(&deal.hands));
        tag(&mut board, TURNED_TAG, &deal.turned.to_string());
        writeln!(out, "\n{}", board.trim_end())?;
    }
    Ok(())
}

/// One board's tags as read.
#[derive(Default)]
struct Board {
    line: usize,
    number: Option<String>,
    dealer: Option<String>,
    deal: Option<String>,
    turned: Option<String>,
}

/// Reads a PBN file's boards as a Whist deal book (4 players, the run's options).
///
/// # Errors
/// [`BookError::Line`] naming the first board whose deal cannot be read.
pub fn read_book(path: &str, text: &str) -> Result<DealBook, BookError> {
    let mut deals = Vec::new();
    let mut board = Board::default();
    let mut last_dealer: Option<String> = None;
    let mut finish = |board: &mut Board| -> Result<(), BookError> {
        let b = std::mem::take(board);
        if b.deal.is_some() {
            let dealer = match b.dealer.as_deref() {
                Some("#") => last_dealer.clone(),
                other => other.map(str::to_string),
            };
            last_dealer.clone_from(&dealer);
            let deal = board_deal(&b, dealer.as_deref()).map_err(|message| BookError::Line {
                path: path.to_string(),
                line: b.line,
                message,
            })?;
            deals.push(deal);
        }
        Ok(())
    };
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() {
            finish(&mut board)?;
            continue;
        }
        let Some((name, value)) = tag_of(t) else {
            continue;
        };
        if board.line == 0 {
            board.line = i + 1;
        }
        match name {
            "Board" => board.number = Some(value.to_string()),
            "Dealer" => board.dealer = Some(value.to_string()),
            "Deal" => board.deal = Some(value.to_string()),
            n if n == TURNED_TAG => board.turned = Some(value.to_string()),
            _ => {}
        }
    }
    finish(&mut board)?;
    Ok(DealBook {
        path: path.to_string(),
        sha256: String::new(),
        game: Setup::KIND,
        players: Setup::PLAYERS,
        options: None,
        deals,
    })
}

/// `[Name "value"]` as `(Name, value)`; `None` for any other line (comments, auctions, plays).
fn tag_of(line: &str) -> Option<(&str, &str)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((name, value))
}

/// The book deal of one board.
fn board_deal(b: &Board, dealer: Option<&str>) -> Result<BookDeal, String> {
    let dealer = match dealer {
        Some(d) => compass(d).ok_or_else(|| {
            format!(
                "[Dealer \"{}\"] is not a seat: expected N, E, S or W",
                one_line(d)
            )
        })?,
        None => {
            let n: usize = b
                .number
                .as_deref()
                .and_then(|n| n.trim().parse().ok())
                .filter(|&n| n >= 1)
                .ok_or("a board needs a Dealer tag, or a Board number to take the dealer from")?;
            Seat(((n - 1) % 4) as u8)
        }
    };
    let hands = hands_of(b.deal.as_deref().unwrap_or_default())?;
    let turned = match &b.turned {
        Some(t) => t
            .parse::<Card>()
            .map_err(|e| format!("[{TURNED_TAG}]: {e}"))?,
        None => turned_for(&hands, dealer),
    };
    let deal = Deal {
        hands: hands.to_vec(),
        turned,
    };
    Ok(BookDeal {
        dealer,
        deal: serde_json::to_value(deal).expect("a deal is JSON"),
    })
}

fn compass(c: &str) -> Option<Seat> {
    let mut chars = c.trim().chars();
    let first = chars.next()?.to_ascii_uppercase();
    if chars.next().is_some() {
        return None;
    }
    COMPASS
        .iter()
        .position(|&p| p == first)
        .map(|i| Seat(i as u8))
}

/// The hands of a `Deal` tag, by seat: `F:h h h h`, `F` the first hand's compass point and the
/// others clockwise from it; one hand may be `-` (unknown), which then holds the cards left.
fn hands_of(text: &str) -> Result<[CardSet; 4], String> {
    let bad = |why: String| format!("[Deal \"{}\"]: {why}", one_line(text));
    let (first, rest) = text
        .split_once(':')
        .ok_or_else(|| bad("expected `N:` (or E, S, W) and four hands".into()))?;
    let first = compass(first).ok_or_else(|| bad("the first seat must be N, E, S or W".into()))?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    if words.len() != 4 {
        return Err(bad(format!("{} hands, expected 4", words.len())));
    }
    let mut hands = [CardSet::EMPTY; 4];
    let mut unknown = None;
    for (k, w) in words.iter().enumerate() {
        let seat = (first.index() + k) % 4;
        if *w == "-" {
            if unknown.replace(seat).is_some() {
                return Err(bad("more than one hand is `-`".into()));
            }
            continue;
        }
        hands[seat] = hand_of(w).map_err(|why| bad(format!("{}'s hand: {why}", COMPASS[seat])))?;
    }
    if let Some(seat) = unknown {
        let held = hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
        hands[seat] = CardSet::ALL & !held;
    }
    Ok(hands)
}

/// One hand: four suits separated by `.`, spades first, ranks `AKQJT98765432` (a void empty or
/// `-`).
fn hand_of(text: &str) -> Result<CardSet, String> {
    let suits: Vec<&str> = text.split('.').collect();
    if suits.len() != 4 {
        return Err(format!(
            "{} suits, expected 4 separated by `.`",
            suits.len()
        ));
    }
    let mut hand = CardSet::EMPTY;
    for (&suit, ranks) in PBN_SUITS.iter().zip(suits) {
        for c in ranks.chars().filter(|&c| c != '-') {
            let rank = Rank::ALL
                .iter()
                .find(|r| r.letter() == c.to_ascii_uppercase())
                .ok_or_else(|| {
                    format!(
                        "`{}` is not a rank: expected AKQJT98765432",
                        c.escape_default()
                    )
                })?;
            let card = Card::new(suit, *rank);
            if hand.contains(card) {
                return Err(format!("{card} appears twice"));
            }
            hand.insert(card);
        }
    }
    Ok(hand)
}

fn one_line(text: &str) -> String {
    text.chars().flat_map(char::escape_default).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> Setup {
        Setup::new(4, Default::default()).unwrap()
    }

    #[test]
    fn written_pbn_reads_back_as_the_same_deals() {
        let mut out = Vec::new();
        write_pbn(&rules(), 5, 6, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("[Board \"6\"]"), "{text}");
        let book = read_book("b.pbn", &text).unwrap();
        book.check(&rules(), 6).unwrap();
        for (i, (dealer, hand)) in seed_deals(&rules(), 5, 6).enumerate() {
            let (d, h) = book.hand(&rules(), i as u64);
            assert_eq!(d, dealer);
            assert_eq!(rules().deal_record(&h), rules().deal_record(&hand));
        }
    }

    #[test]
    fn a_bridge_deal_plays_with_a_turned_card_of_the_deal_alone() {
        let text =
            "[Board \"2\"]\n[Deal \"E:AKQJT98765432... .AKQJT98765432.. - ..AKQJT98765432.\"]\n";
        let book = read_book("bridge.pbn", text).unwrap();
        book.check(&rules(), 1).unwrap();
        let d = &book.deals[0];
        assert_eq!(d.dealer, Seat(1), "board 2 is East's deal");
        let deal: Deal = serde_json::from_value(d.deal.clone()).unwrap();
        assert_eq!(
            deal.hands[1],
            CardSet::suit_mask(Suit::Spades) & CardSet::ALL
        );
        assert_eq!(
            deal.hands[0],
            CardSet::suit_mask(Suit::Diamonds) & CardSet::ALL
        );
        assert_eq!(
            deal.hands[3],
            CardSet::suit_mask(Suit::Clubs) & CardSet::ALL,
            "West: `-`"
        );
        assert_eq!(deal.turned.suit(), Suit::Spades, "East holds only spades");
        assert_eq!(
            deal.turned,
            turned_for(&deal.hands.clone().try_into().unwrap(), Seat(1))
        );
    }

    #[test]
    fn a_bad_board_is_named_by_its_line() {
        let e = read_book(
            "x.pbn",
            "% c\n\n[Board \"1\"]\n[Dealer \"Q\"]\n[Deal \"N:A... - - -\"]\n",
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "x.pbn line 3: [Dealer \"Q\"] is not a seat: expected N, E, S or W"
        );
        let e = read_book("x.pbn", "[Dealer \"N\"]\n[Deal \"N:AX... - - -\"]\n").unwrap_err();
        assert!(e.to_string().contains("N's hand: `X` is not a rank"), "{e}");
        let e = read_book(
            "x.pbn",
            "[Dealer \"N\"]\n[Deal \"N:A... .A.. ..A. ...A\"]\n",
        )
        .unwrap();
        assert!(
            e.check(&rules(), 1).is_err(),
            "hands of one card are not a Whist deal"
        );
    }
}
