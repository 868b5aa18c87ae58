//! The named options of RULES.md §2.6–2.7 (`rules`, `end`) and the checked [`Setup`] they give.

use std::fmt;
use std::str::FromStr;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::games::{RulesError, Seat};

/// The three players' table: 9-5-2 is played by exactly three.
pub const PLAYERS: usize = 3;

/// Which form of the game is played (option `rules`, RULES.md §2.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Variant {
    /// 9-5-2 as in §2.1–2.6: targets 9/5/2; exchange, trumps, kitty and discard, play.
    #[default]
    Standard,
    /// The British original (8-5-3): the dealer discards before seeing the kitty; the game ends
    /// only on a hand of 12 or more tricks.
    SergeantMajor,
    /// "Vertauschtes Soll" (9-2-5): kitty and discard first, then the gives, trumps and the
    /// returns; the game ends at ±15.
    SwappedTargets,
}

impl Variant {
    /// The targets of dealer, left and right of the dealer.
    #[inline]
    pub const fn targets(self) -> [u8; 3] {
        match self {
            Variant::Standard => [9, 5, 2],
            Variant::SergeantMajor => [8, 5, 3],
            Variant::SwappedTargets => [9, 2, 5],
        }
    }

    /// The target of `seat` in a hand dealt by `dealer`.
    #[inline]
    pub const fn target(self, dealer: Seat, seat: Seat) -> u8 {
        self.targets()[(seat.0 as usize + PLAYERS - dealer.0 as usize) % PLAYERS]
    }

    /// The targets of seats 0, 1, 2 in a hand dealt by `dealer`.
    #[inline]
    pub const fn targets_by_seat(self, dealer: Seat) -> [u8; 3] {
        [
            self.target(dealer, Seat(0)),
            self.target(dealer, Seat(1)),
            self.target(dealer, Seat(2)),
        ]
    }

    /// Whether a hand of 12 or more tricks wins the game at once (not under `SwappedTargets`).
    #[inline]
    pub const fn twelve_tricks_win(self) -> bool {
        !matches!(self, Variant::SwappedTargets)
    }

    /// The option's value as written in configs.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Standard => "Standard",
            Variant::SergeantMajor => "SergeantMajor",
            Variant::SwappedTargets => "SwappedTargets",
        }
    }
}

/// The option `end`: how long a game lasts (RULES.md §2.6, §2.7, §7.7).
///
/// Written `FirstTo(10)`, `FirstTo(20)` or `FixedHands(k)`, in configs and on the command line
/// (`--option end=FixedHands(6)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The first player whose total reaches the score wins (`Standard` only: 10, or 20 for the
    /// long game).
    FirstTo(i32),
    /// Exactly `k` hands, unless a 12-trick hand ends the game first; ties share the win.
    FixedHands(u32),
}

const END_FORMS: &str = "FirstTo(10), FirstTo(20) or FixedHands(k) with k at least 1";

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::FirstTo(t) => write!(f, "FirstTo({t})"),
            End::FixedHands(k) => write!(f, "FixedHands({k})"),
        }
    }
}

/// Text that is not an end the rules offer (`FirstTo(15)`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`end` must be {forms}, not `{0}`", forms = END_FORMS)]
pub struct BadEnd(pub String);

impl FromStr for End {
    type Err = BadEnd;

    /// ```
    /// use tricklab::games::nine_five_two::End;
    /// assert_eq!("FixedHands(6)".parse(), Ok(End::FixedHands(6)));
    /// assert_eq!("first_to( 20 )".parse(), Ok(End::FirstTo(20)));
    /// assert!("FirstTo(15)".parse::<End>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<End, BadEnd> {
        let bad = || BadEnd(s.to_string());
        let compact: String = s
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '_')
            .collect::<String>()
            .to_ascii_lowercase();
        let (name, rest) = compact.split_once('(').ok_or_else(bad)?;
        let arg: u32 = rest
            .strip_suffix(')')
            .and_then(|a| a.parse().ok())
            .ok_or_else(bad)?;
        let end = match name {
            "firstto" => End::FirstTo(arg as i32),
            "fixedhands" => End::FixedHands(arg),
            _ => return Err(bad()),
        };
        if end.is_offered() {
            Ok(end)
        } else {
            Err(bad())
        }
    }
}

impl End {
    /// Whether RULES.md offers this end: `FirstTo(10)`, `FirstTo(20)` or `FixedHands(k)` with
    /// `k ≥ 1`.
    pub const fn is_offered(self) -> bool {
        matches!(self, End::FirstTo(10 | 20) | End::FixedHands(1..))
    }
}

impl Serialize for End {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for End {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<End, D::Error> {
        let t = String::deserialize(d)?;
        t.parse().map_err(D::Error::custom)
    }
}

/// The named options of 9-5-2 (RULES.md §2.7); the defaults are the standard game to 10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// `Standard` (9-5-2), `SergeantMajor` (8-5-3) or `SwappedTargets` (9-2-5).
    pub rules: Variant,
    /// How long the game lasts; unset means the variant's own end (`FirstTo(10)` for
    /// `Standard`, 12 tricks for `SergeantMajor`, ±15 for `SwappedTargets`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<End>,
}

/// When a game of 9-5-2 ends, once the options are resolved (RULES.md §2.6, §2.7, §7.7). The
/// 12-trick rule comes on top wherever [`Variant::twelve_tricks_win`] says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndRule {
    /// A total at or above the score ends the game; the highest total wins, a tie for the
    /// highest means another hand.
    FirstTo(i32),
    /// No score ends the game (`SergeantMajor`): only a 12-trick hand does.
    TwelveTricksOnly,
    /// A total at or beyond ± the score ends the game (`SwappedTargets`, 15); the highest total
    /// wins, a tie for the highest means another hand.
    PlusOrMinus(i32),
    /// After this many hands the highest total wins; a tie shares the win.
    FixedHands(u32),
}

impl fmt::Display for EndRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndRule::FirstTo(t) => write!(f, "FirstTo({t})"),
            EndRule::TwelveTricksOnly => f.write_str("a hand of 12 tricks"),
            EndRule::PlusOrMinus(t) => write!(f, "±{t}"),
            EndRule::FixedHands(k) => write!(f, "FixedHands({k})"),
        }
    }
}

/// Checked 9-5-2 rules: the variant and the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    options: Options,
}

impl Setup {
    /// Checks the options for a table of `players`.
    ///
    /// # Errors
    /// A player count other than 3; `end = FirstTo(..)` with `SergeantMajor` or
    /// `SwappedTargets` (§7.7).
    pub fn new(players: usize, options: Options) -> Result<Setup, RulesError> {
        if players != PLAYERS {
            return Err(RulesError::Players {
                game: Setup::KIND,
                players,
                allowed: "exactly 3",
            });
        }
        if let (
            Some(end @ End::FirstTo(_)),
            v @ (Variant::SergeantMajor | Variant::SwappedTargets),
        ) = (options.end, options.rules)
        {
            return Err(RulesError::Option(format!(
                "option `end = {end}` applies only with `rules = Standard`; with `rules = {}` leave `end` unset or use FixedHands(k)",
                v.name()
            )));
        }
        if let Some(end) = options.end
            && !end.is_offered()
        {
            return Err(RulesError::Option(format!(
                "`end` must be {END_FORMS}, not `{end}`"
            )));
        }
        Ok(Setup { options })
    }

    /// The standard game to 10.
    pub const STANDARD: Setup = Setup {
        options: Options {
            rules: Variant::Standard,
            end: None,
        },
    };

    /// The rules of `variant` with its own end of the game.
    ///
    /// ```
    /// use tricklab::games::nine_five_two::{EndRule, Setup, Variant};
    /// assert_eq!(Setup::of(Variant::SwappedTargets).end_rule(), EndRule::PlusOrMinus(15));
    /// ```
    pub const fn of(variant: Variant) -> Setup {
        Setup {
            options: Options {
                rules: variant,
                end: None,
            },
        }
    }

    /// The options these rules were built from.
    #[inline]
    pub const fn options(&self) -> &Options {
        &self.options
    }

    /// The variant.
    #[inline]
    pub const fn variant(&self) -> Variant {
        self.options.rules
    }

    /// When the game ends, apart from the 12-trick rule.
    pub const fn end_rule(&self) -> EndRule {
        match (self.options.end, self.options.rules) {
            (Some(End::FixedHands(k)), _) => EndRule::FixedHands(k),
            (Some(End::FirstTo(t)), _) => EndRule::FirstTo(t),
            (None, Variant::Standard) => EndRule::FirstTo(10),
            (None, Variant::SergeantMajor) => EndRule::TwelveTricksOnly,
            (None, Variant::SwappedTargets) => EndRule::PlusOrMinus(15),
        }
    }

    /// The winners (a bit mask over seats; two bits: a shared win) if the game ends after a
    /// hand in which the seats took `tricks`, leaving the totals `totals`, with `hands_played`
    /// hands played so far (this one included); `None` if another hand is played.
    ///
    /// RULES.md §2.6: a hand of 12 or more tricks wins at once, before any score is looked at
    /// (not under `SwappedTargets`); otherwise the end rule decides, and a tie for the highest
    /// total means another hand, except after a fixed number of hands, where it shares the win.
    pub fn winners(&self, totals: [i32; 3], tricks: [u32; 3], hands_played: u32) -> Option<u8> {
        if self.variant().twelve_tricks_win()
            && let Some(seat) = tricks.iter().position(|&t| t >= 12)
        {
            return Some(1 << seat);
        }
        let best = *totals.iter().max().expect("three totals");
        let leaders = (0..PLAYERS)
            .filter(|&s| totals[s] == best)
            .fold(0u8, |m, s| m | 1 << s);
        let alone = (leaders.count_ones() == 1).then_some(leaders);
        match self.end_rule() {
            EndRule::FirstTo(t) if best >= t => alone,
            EndRule::PlusOrMinus(t) if totals.iter().any(|v| v.abs() >= t) => alone,
            EndRule::FixedHands(k) if hands_played >= k => Some(leaders),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_rotate_with_the_deal() {
        let v = Variant::Standard;
        assert_eq!(v.targets_by_seat(Seat(0)), [9, 5, 2]);
        assert_eq!(v.targets_by_seat(Seat(1)), [2, 9, 5]);
        assert_eq!(v.targets_by_seat(Seat(2)), [5, 2, 9]);
        assert_eq!(Variant::SwappedTargets.targets_by_seat(Seat(1)), [5, 9, 2]);
        for v in [
            Variant::Standard,
            Variant::SergeantMajor,
            Variant::SwappedTargets,
        ] {
            assert_eq!(v.targets().iter().map(|&t| t as u32).sum::<u32>(), 16);
        }
    }

    #[test]
    fn first_to_only_with_standard() {
        let o = |rules, end| Options {
            rules,
            end: Some(end),
        };
        assert!(Setup::new(3, o(Variant::Standard, End::FirstTo(20))).is_ok());
        let e = Setup::new(3, o(Variant::SwappedTargets, End::FirstTo(10))).unwrap_err();
        assert_eq!(
            e.to_string(),
            "option `end = FirstTo(10)` applies only with `rules = Standard`; with `rules = SwappedTargets` leave `end` unset or use FixedHands(k)"
        );
        assert!(Setup::new(3, o(Variant::SergeantMajor, End::FirstTo(10))).is_err());
        assert!(Setup::new(3, o(Variant::SergeantMajor, End::FixedHands(6))).is_ok());
        assert!(Setup::new(3, o(Variant::Standard, End::FixedHands(0))).is_err());
        let e = Setup::new(3, o(Variant::Standard, End::FirstTo(15))).unwrap_err();
        assert_eq!(
            e.to_string(),
            "`end` must be FirstTo(10), FirstTo(20) or FixedHands(k) with k at least 1, not `FirstTo(15)`"
        );
        let e = Setup::new(4, Options::default()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "nine-five-two is played by exactly 3 players, not 4"
        );
    }

    #[test]
    fn end_round_trips_as_text() {
        assert_eq!(
            "FirstTo(15)".parse::<End>().unwrap_err().to_string(),
            "`end` must be FirstTo(10), FirstTo(20) or FixedHands(k) with k at least 1, not `FirstTo(15)`"
        );
        for e in [End::FirstTo(10), End::FirstTo(20), End::FixedHands(9)] {
            assert_eq!(e.to_string().parse::<End>(), Ok(e));
        }
        for bad in [
            "FirstTo(15)",
            "FixedHands(0)",
            "FixedHands",
            "Fixed(3)",
            "FirstTo(x)",
        ] {
            assert_eq!(bad.parse::<End>(), Err(BadEnd(bad.to_string())));
        }
    }
}
