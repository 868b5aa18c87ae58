//! The table as text: the seat's hand by suit, the turned card, the trick in progress, tricks
//! and scores, whose turn it is and the legal cards. Both the line mode and the full-screen
//! mode draw these lines.

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::games::record::RecordRules;
use crate::games::{Action, ActionSet, Decision, Game, Seat};
use crate::words::side_seats;

use super::table_game::TableGame;
use crate::show::COMPASS;

/// How cards are written: suit symbols or letters, with or without colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Suit symbols (♠ ♥ ♦ ♣) rather than letters.
    pub symbols: bool,
    /// ANSI colours: red suits red, the legal cards bold.
    pub colour: bool,
}

impl Style {
    /// Plain ASCII: `TD`, no colour.
    pub const ASCII: Style = Style {
        symbols: false,
        colour: false,
    };

    /// Suit symbols without colour.
    pub const SYMBOLS: Style = Style {
        symbols: true,
        colour: false,
    };

    fn paint(&self, text: String, red: bool) -> String {
        if self.colour && red {
            format!("\x1b[31m{text}\x1b[0m")
        } else {
            text
        }
    }

    /// A suit: `♠` or `S`.
    pub fn suit(&self, s: Suit) -> String {
        let t = if self.symbols {
            s.symbol().to_string()
        } else {
            s.letter().to_string()
        };
        self.paint(t, is_red(s))
    }

    /// A card: `10♦` or `TD`.
    pub fn card(&self, c: Card) -> String {
        let t = if self.symbols {
            c.pretty()
        } else {
            c.to_string()
        };
        self.paint(t, is_red(c.suit()))
    }

    /// Cards in display order (♠ ♥ ♦ ♣, high first), separated by spaces.
    pub fn cards(&self, set: CardSet) -> String {
        set.display_order()
            .map(|c| self.card(c))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// An action: `play 10♦`, `trump ♠`.
    pub fn action(&self, a: Action) -> String {
        let arg = match a {
            Action::NameTrump(s) => self.suit(s),
            other => self.card(other.card().expect("a card action")),
        };
        format!("{} {arg}", a.decision().name())
    }

    /// The choices of a decision: cards, or suits.
    pub fn legal(&self, legal: ActionSet) -> String {
        match legal.decision() {
            Decision::NameTrump => legal
                .iter()
                .filter_map(|a| match a {
                    Action::NameTrump(s) => Some(self.suit(s)),
                    _ => None,
                })
                .collect::<Vec<_>>()
                .join(" "),
            _ => self.cards(legal.cards()),
        }
    }

    /// A hand by suit, `♠ A 9 4  ♥ K 7 …`; cards that may not be played now are in brackets,
    /// cards in `marked` (the 9-5-2 kitty's, for the dealer) followed by `*`.
    pub fn hand(&self, held: CardSet, legal: CardSet, marked: CardSet) -> String {
        Suit::ALL
            .iter()
            .rev()
            .map(|&s| {
                let ranks: Vec<String> = held
                    .suit(s)
                    .iter()
                    .rev()
                    .map(|c| {
                        let mut r = rank_text(c.rank(), self.symbols);
                        if marked.contains(c) {
                            r.push('*');
                        }
                        if legal.is_empty() || legal.contains(c) {
                            r
                        } else {
                            format!("({r})")
                        }
                    })
                    .collect();
                let body = if ranks.is_empty() {
                    "-".to_string()
                } else {
                    ranks.join(" ")
                };
                self.paint(format!("{} {body}", self.suit_plain(s)), is_red(s))
            })
            .collect::<Vec<_>>()
            .join("   ")
    }

    fn suit_plain(&self, s: Suit) -> char {
        if self.symbols { s.symbol() } else { s.letter() }
    }
}

/// A rank as written in a hand: `10` with symbols, `T` in ASCII.
pub fn rank_text(r: Rank, symbols: bool) -> String {
    if symbols && r == Rank::Ten {
        "10".to_string()
    } else {
        r.letter().to_string()
    }
}

/// Whether the suit is printed red (hearts and diamonds).
pub const fn is_red(s: Suit) -> bool {
    matches!(s, Suit::Hearts | Suit::Diamonds)
}

/// A seat with its compass point at a table of four (seat 0 South, then clockwise, as
/// `tricklab show` draws it): `seat 2 North`; `seat 2` at other tables.
pub fn seat_name(seats: usize, seat: Seat) -> String {
    if seats == COMPASS.len() {
        format!("seat {seat} {}", COMPASS[seat.index()])
    } else {
        format!("seat {seat}")
    }
}

/// What the screen needs to know besides the hand: who sits where and the match.
pub struct Scene<'a, R: RecordRules>
where
    R::Hand: TableGame,
{
    /// The rules.
    pub rules: &'a R,
    /// The hand in progress.
    pub hand: &'a R::Hand,
    /// The hand as dealt (for the turned card).
    pub initial: &'a R::Hand,
    /// The seat whose hand is shown.
    pub me: Seat,
    /// Each seat's player, in words.
    pub names: Vec<String>,
    /// The match scores per side.
    pub scores: Vec<i32>,
    /// The hand number in the match.
    pub hand_number: u32,
}

/// The turned card of a deal, for games that turn one (read from the deal's record).
pub fn turned_card<R: RecordRules>(rules: &R, initial: &R::Hand) -> Option<Card> {
    let deal = serde_json::to_value(rules.deal_record(initial)).ok()?;
    deal.get("turned")?.as_str()?.parse().ok()
}

/// The table as lines of text for the seat `scene.me`.
pub fn table_lines<R: RecordRules>(scene: &Scene<'_, R>, style: Style) -> Vec<String>
where
    R::Hand: TableGame,
{
    let hand = scene.hand;
    let sides = scene.rules.sides();
    let n = sides.num_seats();
    let mut out = Vec::new();
    let mut head = format!(
        "{} · hand {} · {} · dealer {}",
        scene.rules.game(),
        scene.hand_number + 1,
        hand.goal(),
        seat_name(n, hand.dealer())
    );
    if let Some(t) = hand.trump() {
        head.push_str(&format!(" · trumps {}", style.suit(t)));
    }
    if let Some(c) = turned_card(scene.rules, scene.initial) {
        head.push_str(&format!(" (turned {})", style.card(c)));
    }
    out.push(head);
    let my_side = sides.side(scene.me);
    let targets = hand.targets();
    let score: Vec<String> = sides
        .all()
        .map(|s| {
            let you = if s == my_side { " (you)" } else { "" };
            let side = side_seats(&sides.label(s));
            let this_hand = match &targets {
                // 9-5-2: each seat's target and tricks are on its row.
                Some(_) => String::new(),
                None => format!(" (this hand {})", hand.side_points(s)),
            };
            format!("{side}{you}: {}{this_hand}", scene.scores[s.index()])
        })
        .collect();
    out.push(format!("score  {}", score.join(" · ")));
    for s in Seat::all(n) {
        let turn = if hand.to_act() == Some(s) {
            "  ← to act"
        } else {
            ""
        };
        let target = match &targets {
            Some(t) => format!("target {:>2}  ", t[s.index()]),
            None => String::new(),
        };
        out.push(format!(
            "  {:<30} {target}tricks {:>2}  cards {:>2}{turn}",
            format!("{} ({})", seat_name(n, s), scene.names[s.index()]),
            hand.tricks_won(s),
            hand.hand(s).len()
        ));
    }
    let trick = hand.trick();
    let playing = hand.legal_actions().decision() == Decision::Play;
    if trick.is_empty() {
        let lead = match hand.to_act() {
            Some(s) if playing && s == scene.me => " · you lead".to_string(),
            Some(s) if playing => format!(" · {} leads", seat_name(n, s)),
            _ => String::new(),
        };
        out.push(format!("trick  (none yet){lead}"));
    } else {
        let played: Vec<String> = trick
            .cards()
            .iter()
            .enumerate()
            .map(|(i, &c)| format!("seat {} {}", trick.leader().plus(i, n), style.card(c)))
            .collect();
        out.push(format!("trick  {}", played.join(", ")));
    }
    let legal = hand.legal_actions();
    let mine = hand.to_act() == Some(scene.me);
    let legal_cards = if mine { legal.cards() } else { CardSet::EMPTY };
    out.push(format!(
        "hand   {}",
        style.hand(
            hand.hand(scene.me),
            legal_cards,
            hand.kitty_seen_by(scene.me)
        )
    ));
    if mine {
        out.push(format!(
            "legal  {} {}",
            legal.decision().name(),
            style.legal(legal)
        ));
    }
    out
}
