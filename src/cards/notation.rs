//! Card notation: parsing and printing single cards and card lists.
//!
//! A card is a rank followed by a suit. Ranks: `2`–`9`, `T` or `10`, `J`, `Q`, `K`, `A`; suits:
//! `C D H S` or `♣ ♦ ♥ ♠` (outlined symbols too). Case does not matter, so `TD`, `10D`, `10♦`
//! and `td` all name the ten of diamonds. A list separates cards by spaces or commas; a deal
//! separates the seats' hands by `/`.

use std::str::FromStr;

use thiserror::Error;

use super::{Card, CardSet, Rank, Suit};

/// Why a card or card list could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CardParseError {
    /// The text is not a card.
    #[error(
        "`{0}` is not a card: expected a rank (2-9, T or 10, J, Q, K, A) followed by a suit (C, D, H, S or ♣ ♦ ♥ ♠), e.g. TD or 10♦"
    )]
    NotACard(String),
    /// The text is not a suit.
    #[error("`{0}` is not a suit: expected C, D, H or S (or ♣ ♦ ♥ ♠)")]
    NotASuit(String),
    /// A card appears twice in one list.
    #[error("card {0} appears more than once")]
    Duplicate(Card),
}

fn rank_from_str(s: &str) -> Option<Rank> {
    Some(match s {
        "2" => Rank::Two,
        "3" => Rank::Three,
        "4" => Rank::Four,
        "5" => Rank::Five,
        "6" => Rank::Six,
        "7" => Rank::Seven,
        "8" => Rank::Eight,
        "9" => Rank::Nine,
        "T" | "t" | "10" => Rank::Ten,
        "J" | "j" => Rank::Jack,
        "Q" | "q" => Rank::Queen,
        "K" | "k" => Rank::King,
        "A" | "a" => Rank::Ace,
        _ => return None,
    })
}

impl FromStr for Card {
    type Err = CardParseError;

    fn from_str(s: &str) -> Result<Card, CardParseError> {
        let t = s.trim();
        let err = || CardParseError::NotACard(t.to_string());
        let last = t.chars().last().ok_or_else(err)?;
        let suit = Suit::from_char(last).ok_or_else(err)?;
        let rank = rank_from_str(&t[..t.len() - last.len_utf8()]).ok_or_else(err)?;
        Ok(Card::new(suit, rank))
    }
}

impl FromStr for Suit {
    type Err = CardParseError;

    /// A suit letter or symbol, or the suit's English name (`spades`).
    fn from_str(s: &str) -> Result<Suit, CardParseError> {
        let t = s.trim();
        let mut chars = t.chars();
        if let (Some(c), None) = (chars.next(), chars.next())
            && let Some(suit) = Suit::from_char(c)
        {
            return Ok(suit);
        }
        match t.to_ascii_lowercase().as_str() {
            "clubs" => Ok(Suit::Clubs),
            "diamonds" => Ok(Suit::Diamonds),
            "hearts" => Ok(Suit::Hearts),
            "spades" => Ok(Suit::Spades),
            _ => Err(CardParseError::NotASuit(t.to_string())),
        }
    }
}

/// Parses a list of cards separated by spaces or commas, in order, rejecting duplicates.
///
/// ```
/// use tricklab::cards::parse_card_list;
/// let cards = parse_card_list("AS, 10♦ td").unwrap_err();
/// assert_eq!(cards.to_string(), "card TD appears more than once");
/// assert_eq!(parse_card_list("AS 10♦").unwrap().len(), 2);
/// ```
pub fn parse_card_list(s: &str) -> Result<Vec<Card>, CardParseError> {
    let mut seen = CardSet::EMPTY;
    let mut out = Vec::new();
    for tok in s.split(|c: char| c.is_whitespace() || c == ',') {
        if tok.is_empty() {
            continue;
        }
        let c: Card = tok.parse()?;
        if seen.contains(c) {
            return Err(CardParseError::Duplicate(c));
        }
        seen.insert(c);
        out.push(c);
    }
    Ok(out)
}

/// Parses a deal: one card list per seat, in seat order, separated by `/`. A card may appear in
/// only one hand.
pub fn parse_cards_by_seat(s: &str) -> Result<Vec<CardSet>, CardParseError> {
    let mut seen = CardSet::EMPTY;
    let mut hands = Vec::new();
    for part in s.split('/') {
        let mut hand = CardSet::EMPTY;
        for c in parse_card_list(part)? {
            if seen.contains(c) {
                return Err(CardParseError::Duplicate(c));
            }
            seen.insert(c);
            hand.insert(c);
        }
        hands.push(hand);
    }
    Ok(hands)
}

impl FromStr for CardSet {
    type Err = CardParseError;

    fn from_str(s: &str) -> Result<CardSet, CardParseError> {
        Ok(parse_card_list(s)?.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_of_diamonds_four_ways() {
        let td = Card::new(Suit::Diamonds, Rank::Ten);
        for s in ["TD", "10D", "10♦", "td", "10d", "t♢"] {
            assert_eq!(s.parse::<Card>().unwrap(), td, "{s}");
        }
    }

    #[test]
    fn rejects_junk() {
        for s in ["", "1D", "11D", "TX", "T", "D", "TDD", "10", "♦10"] {
            let e = s.parse::<Card>().unwrap_err();
            assert!(matches!(e, CardParseError::NotACard(_)), "{s}");
        }
    }

    #[test]
    fn a_suit_that_is_none_is_named_in_one_line() {
        assert_eq!("spades".parse::<Suit>(), Ok(Suit::Spades));
        assert_eq!(
            "X".parse::<Suit>().unwrap_err().to_string(),
            "`X` is not a suit: expected C, D, H or S (or ♣ ♦ ♥ ♠)"
        );
    }

    #[test]
    fn deal_by_seat() {
        let hands = parse_cards_by_seat("AS KS / 2C / / QH").unwrap();
        assert_eq!(hands.len(), 4);
        assert!(hands[2].is_empty());
        assert!(parse_cards_by_seat("AS / AS").is_err());
    }
}
