//! The named options of RULES.md §1.8 and the table they produce for a player count.

use serde::{Deserialize, Serialize};

use crate::cards::Deck;
use crate::games::{MAX_SEATS, RulesError, Side, Sides};

/// What happens to a side that revoked (RULES.md §1.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum RevokePenalty {
    /// The revoking side loses the game (\[000\], \[001\], \[003\], EB1911).
    #[default]
    LoseGame,
    /// The revoking side scores nothing for the hand (The New Complete Hoyle).
    LoseHandPoints,
}

/// The named options of Catch the Ten (RULES.md §1.8); every option is off by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// A side wins as soon as its running total reaches 41 during a hand (§1.6).
    pub game_at_once: bool,
    /// With 4, 6 or 8 players everyone plays alone.
    pub everyone_alone: bool,
    /// 6 players in three pairs, 8 players in four pairs; partners sit opposite.
    pub pairs: bool,
    /// With 5 or 7 players no card is removed; the 36th card is shown and laid aside.
    #[serde(rename = "keep_6S", alias = "keep_6s")]
    pub keep_6s: bool,
    /// A card that breaks follow-suit is accepted and recorded (§1.7).
    pub allow_revokes: bool,
    /// The penalty for a revoke; only with `allow_revokes` (default `LoseGame`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub revoke_penalty: Option<RevokePenalty>,
}

impl Options {
    /// The revoke penalty in force.
    pub fn penalty(&self) -> RevokePenalty {
        self.revoke_penalty.unwrap_or_default()
    }
}

/// A checked Catch the Ten table: player count, sides, pack and deal shape (RULES.md §1.2–1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    players: u8,
    sides: Sides,
    deck: Deck,
    sets: u8,
    hand_size: u8,
    shares: [u8; MAX_SEATS],
    options: Options,
}

fn option_error(msg: String) -> RulesError {
    RulesError::Option(msg)
}

impl Setup {
    /// Checks `options` against the player count and builds the table.
    ///
    /// # Errors
    /// A player count outside 2–8, or an option that does not apply (`pairs` with 5 players,
    /// `keep_6S` with 4, `pairs` together with `everyone_alone`, a revoke penalty without
    /// `allow_revokes`).
    pub fn new(players: usize, options: Options) -> Result<Setup, RulesError> {
        if !(2..=8).contains(&players) {
            return Err(RulesError::Players {
                game: Setup::KIND,
                players,
                allowed: "2 to 8",
            });
        }
        if options.pairs && !matches!(players, 6 | 8) {
            return Err(option_error(format!(
                "option `pairs` applies only with 6 or 8 players, not {players}"
            )));
        }
        if options.everyone_alone && !matches!(players, 4 | 6 | 8) {
            return Err(option_error(format!(
                "option `everyone_alone` applies only with 4, 6 or 8 players (the others always play alone), not {players}"
            )));
        }
        if options.pairs && options.everyone_alone {
            return Err(option_error(
                "options `pairs` and `everyone_alone` contradict each other: choose one".into(),
            ));
        }
        if options.keep_6s && !matches!(players, 5 | 7) {
            return Err(option_error(format!(
                "option `keep_6S` applies only with 5 or 7 players, not {players}"
            )));
        }
        if options.revoke_penalty.is_some() && !options.allow_revokes {
            return Err(option_error(
                "option `revoke_penalty` applies only together with `allow_revokes`".into(),
            ));
        }
        let sides = match players {
            2 | 3 | 5 | 7 => Sides::alone(players),
            _ if options.everyone_alone => Sides::alone(players),
            _ if options.pairs => Sides::every(players, players / 2),
            _ => Sides::every(players, 2),
        };
        let deck = match players {
            5 | 7 if !options.keep_6s => Deck::SixToAceWithoutSixOfSpades,
            8 => Deck::SevenToAce,
            _ => Deck::SixToAce,
        };
        let (sets, hand_size) = match players {
            2 => (3, 6),
            3 => (2, 6),
            n if options.keep_6s => (1, (35 / n) as u8),
            n => (1, (deck.len() / n) as u8),
        };
        let mut shares = [0u8; MAX_SEATS];
        for side in sides.all() {
            shares[side.index()] = hand_size * sides.members_mask(side).count_ones() as u8;
        }
        Ok(Setup {
            players: players as u8,
            sides,
            deck,
            sets,
            hand_size,
            shares,
            options,
        })
    }

    /// The number of players.
    #[inline]
    pub const fn players(&self) -> usize {
        self.players as usize
    }

    /// How the seats form sides.
    #[inline]
    pub const fn sides(&self) -> Sides {
        self.sides
    }

    /// The pack before dealing (under `keep_6S`, the full 36 cards: one is laid aside).
    #[inline]
    pub const fn deck(&self) -> Deck {
        self.deck
    }

    /// The number of sets per deal: 3 with two players, 2 with three, otherwise 1.
    #[inline]
    pub const fn sets(&self) -> usize {
        self.sets as usize
    }

    /// Cards per seat per set, which is also the number of tricks per set.
    #[inline]
    pub const fn hand_size(&self) -> usize {
        self.hand_size as usize
    }

    /// The cards in play per set: every seat's hand.
    #[inline]
    pub const fn cards_per_set(&self) -> usize {
        self.hand_size as usize * self.players as usize
    }

    /// The options.
    #[inline]
    pub const fn options(&self) -> &Options {
        &self.options
    }

    /// A side's share: the cards dealt to its members in one set (§1.3).
    #[inline]
    pub const fn share(&self, side: Side) -> usize {
        self.shares[side.index()] as usize
    }

    /// Every side's share, indexed by side (zero past the last side).
    #[inline]
    pub const fn shares(&self) -> &[u8; MAX_SEATS] {
        &self.shares
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(f: impl FnOnce(&mut Options)) -> Options {
        let mut o = Options::default();
        f(&mut o);
        o
    }

    #[test]
    fn table_shapes() {
        let rows = [
            (2, 3, 6, 36),
            (3, 2, 6, 36),
            (4, 1, 9, 36),
            (5, 1, 7, 35),
            (6, 1, 6, 36),
            (7, 1, 5, 35),
            (8, 1, 4, 32),
        ];
        for (n, sets, hand, deck) in rows {
            let s = Setup::new(n, Options::default()).unwrap();
            assert_eq!(
                (s.sets(), s.hand_size(), s.deck().len()),
                (sets, hand, deck),
                "n={n}"
            );
        }
        let s = Setup::new(6, Options::default()).unwrap();
        assert_eq!(s.share(Side(0)), 18);
        let s = Setup::new(6, opts(|o| o.pairs = true)).unwrap();
        assert_eq!(s.share(Side(0)), 12);
        let s = Setup::new(8, opts(|o| o.pairs = true)).unwrap();
        assert_eq!((s.sides().num_sides(), s.share(Side(3))), (4, 8));
    }

    #[test]
    fn options_that_do_not_apply() {
        assert!(Setup::new(5, opts(|o| o.pairs = true)).is_err());
        assert!(Setup::new(4, opts(|o| o.keep_6s = true)).is_err());
        assert!(Setup::new(5, opts(|o| o.everyone_alone = true)).is_err());
        assert!(
            Setup::new(
                6,
                opts(|o| {
                    o.pairs = true;
                    o.everyone_alone = true
                })
            )
            .is_err()
        );
        assert!(
            Setup::new(
                4,
                opts(|o| o.revoke_penalty = Some(RevokePenalty::LoseHandPoints))
            )
            .is_err()
        );
        assert!(Setup::new(9, Options::default()).is_err());
        assert!(Setup::new(1, Options::default()).is_err());
        let e = Setup::new(5, opts(|o| o.pairs = true))
            .unwrap_err()
            .to_string();
        assert_eq!(e, "option `pairs` applies only with 6 or 8 players, not 5");
    }
}
