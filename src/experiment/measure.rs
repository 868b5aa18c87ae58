//! What an experiment measures in each game: statistics of the subject seats, and the per-seat
//! facts of `hands.csv`.

use crate::agents::AgentFactory;
use crate::cards::{Card, CardSet, Rank};
use crate::games::catch_the_ten::{self, CatchTheTen};
use crate::games::matches::{MatchState, PlayedHand};
use crate::games::nine_five_two::{self, NineFiveTwo};
use crate::games::record::RecordRules;
use crate::games::whist::{self, Whist};
use crate::games::{Action, Game, Seat, Side};

use super::rows::CsvRows;

/// A statistic: its name and whether it is a proportion (Wilson interval) or a mean (t).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StatDef {
    /// The name used in configs.
    pub name: &'static str,
    /// A proportion (0/1 per unit) rather than a mean.
    pub proportion: bool,
    /// What it measures, for summaries.
    pub about: &'static str,
}

/// Statistics every game offers, per hand (means over the hands of a match in match mode).
pub const COMMON: [StatDef; 3] = [
    StatDef {
        name: "points",
        proportion: false,
        about: "the subject side's points in the hand",
    },
    StatDef {
        name: "point_difference",
        proportion: false,
        about: "the subject side's points minus the best other side's",
    },
    StatDef {
        name: "tricks",
        proportion: false,
        about: "tricks taken by the subject seats",
    },
];

/// Match-level statistics (match mode only).
pub const MATCH: [StatDef; 2] = [
    StatDef {
        name: "match_win",
        proportion: true,
        about: "the subject side won the match (a shared win counts half)",
    },
    StatDef {
        name: "match_win_close",
        proportion: true,
        about: "match_win, in matches where some hand started with every side on 25 or more (RULES.md CT-H4)",
    },
];

/// The score from which a match counts as close for `match_win_close`.
pub const CLOSE: i32 = 25;

/// A game an experiment can run: its rules as records see them, agents, and what it measures.
pub trait Measured: RecordRules
where
    Self::Hand: AgentFactory,
{
    /// The game's own per-hand statistics.
    const STATISTICS: &'static [StatDef];

    /// The value of the game's own statistic `name` for the `subject` seats in a finished
    /// hand, or `None` when the hand is not in the statistic's population.
    fn statistic(
        &self,
        name: &str,
        p: &PlayedHand<'_, Self::Hand>,
        subject: &[Seat],
    ) -> Option<f64>;

    /// The values of the game's own statistics `names`, in order, for the `subject` seats in
    /// a finished hand: the values [`Measured::statistic`] gives one by one. A game whose
    /// statistics share work (a replay of the hand, say) overrides it to do that work once.
    fn statistics(
        &self,
        names: &[&str],
        p: &PlayedHand<'_, Self::Hand>,
        subject: &[Seat],
        out: &mut [Option<f64>],
    ) {
        for (v, name) in out.iter_mut().zip(names) {
            *v = self.statistic(name, p, subject);
        }
    }

    /// Columns of game facts in `hands.csv`, after the common ones.
    const FACTS: &'static [&'static str];

    /// Writes the facts of `seat` in a finished hand, in the order of [`Measured::FACTS`], as
    /// the next fields of `out`'s row.
    fn facts(&self, p: &PlayedHand<'_, Self::Hand>, seat: Seat, out: &mut CsvRows<'_>);

    /// Points the rules add to `side`'s score for the finished `hand` after its play, which
    /// [`Game::side_points`] leaves out: Whist's honours, as settled; none in the other games.
    fn bonus(&self, hand: &Self::Hand, side: Side) -> i32 {
        let _ = (hand, side);
        0
    }

    /// The most [`Measured::bonus`] can be at this table (for the range of a hand's points).
    fn most_bonus(&self) -> i32 {
        0
    }
}

/// Every statistic of `R` in single-hand or match mode.
pub fn statistics_of<R: Measured>(matches: bool) -> Vec<StatDef>
where
    R::Hand: AgentFactory,
{
    let mut v: Vec<StatDef> = COMMON.iter().chain(R::STATISTICS).copied().collect();
    if matches {
        v.extend(MATCH);
    }
    v
}

/// The value of any per-hand statistic.
pub fn hand_statistic<R: Measured>(
    rules: &R,
    name: &str,
    p: &PlayedHand<'_, R::Hand>,
    subject: &[Seat],
) -> Option<f64>
where
    R::Hand: AgentFactory,
{
    let last = p.last;
    let side = last.sides().side(subject[0]);
    match name {
        "points" => Some(last.side_points(side) as f64),
        "point_difference" => Some(point_difference(last, side)),
        "tricks" => Some(subject.iter().map(|&s| last.tricks_won(s)).sum::<u32>() as f64),
        other => rules.statistic(other, p, subject),
    }
}

/// A job's per-hand statistics, resolved once from their names: the common ones computed
/// here, the game's own handed to [`Measured::statistics`] together, so that no name is
/// looked up twice and shared work is done once per hand.
#[derive(Clone, Debug)]
pub struct HandStatistics<'a> {
    /// Per statistic of the job: a common one, or the game's own (at its index in `own`).
    slots: Vec<Slot>,
    own: Vec<&'a str>,
    own_values: Vec<Option<f64>>,
}

#[derive(Clone, Copy, Debug)]
enum Slot {
    Points,
    PointDifference,
    Tricks,
    Own(usize),
}

impl<'a> HandStatistics<'a> {
    /// The statistics `names`, in order.
    pub fn new(names: &'a [String]) -> HandStatistics<'a> {
        let mut own = Vec::new();
        let slots = names
            .iter()
            .map(|n| match n.as_str() {
                "points" => Slot::Points,
                "point_difference" => Slot::PointDifference,
                "tricks" => Slot::Tricks,
                other => {
                    own.push(other);
                    Slot::Own(own.len() - 1)
                }
            })
            .collect();
        HandStatistics {
            slots,
            own_values: vec![None; own.len()],
            own,
        }
    }

    /// Each statistic's value for the `subject` seats in a finished hand, into `out` (one per
    /// name, in order): what [`hand_statistic`] gives name by name.
    pub fn measure<R: Measured>(
        &mut self,
        rules: &R,
        p: &PlayedHand<'_, R::Hand>,
        subject: &[Seat],
        out: &mut [Option<f64>],
    ) where
        R::Hand: AgentFactory,
    {
        if !self.own.is_empty() {
            rules.statistics(&self.own, p, subject, &mut self.own_values);
        }
        let last = p.last;
        let side = last.sides().side(subject[0]);
        for (v, slot) in out.iter_mut().zip(&self.slots) {
            *v = match *slot {
                Slot::Points => Some(last.side_points(side) as f64),
                Slot::PointDifference => Some(point_difference(last, side)),
                Slot::Tricks => {
                    Some(subject.iter().map(|&s| last.tricks_won(s)).sum::<u32>() as f64)
                }
                Slot::Own(i) => self.own_values[i],
            };
        }
    }
}

/// A side's points minus the best other side's.
fn point_difference<G: Game>(last: &G, side: Side) -> f64 {
    (last.side_points(side) - last.best_other_points(side)) as f64
}

/// The match-level statistic `name` for the subject's side; `close` says whether some hand
/// of the match started with every side on `CLOSE` (25 points) or more.
pub fn match_statistic(name: &str, end: &MatchState, side: Side, close: bool) -> Option<f64> {
    let win = || {
        end.winners.map(|w| {
            if w & (1 << side.index()) == 0 {
                0.0
            } else {
                1.0 / w.count_ones() as f64
            }
        })
    };
    match name {
        "match_win" => win(),
        "match_win_close" => win().filter(|_| close),
        _ => None,
    }
}

impl Measured for catch_the_ten::Setup {
    const STATISTICS: &'static [StatDef] = &[
        StatDef {
            name: "ten_saved",
            proportion: true,
            about: "the subject side captured the trump Ten, in hands where a subject seat was dealt it",
        },
        StatDef {
            name: "ten_caught",
            proportion: true,
            about: "the subject side captured the trump Ten, in hands where it was dealt to another side",
        },
        StatDef {
            name: "ten_captured",
            proportion: true,
            about: "the subject side captured the trump Ten, in every hand where it was played",
        },
        StatDef {
            name: "hunt_catch",
            proportion: true,
            about: "CT-H2: the subject side captured the trump Ten, in hands where a subject seat was dealt trump J+A or A+K (not the T) and the T went to another side",
        },
        StatDef {
            name: "hunt_net_points",
            proportion: false,
            about: "CT-H2: the subject side's points minus the best other side's, in the same hands",
        },
        StatDef {
            name: "cards_over_ten",
            proportion: true,
            about: "CT-H3 (i): some side scored more than 10 for cards in the hand",
        },
        StatDef {
            name: "card_points_top",
            proportion: false,
            about: "CT-H3 (i): the card points of the side with the most cards",
        },
        StatDef {
            name: "ten_beats_jack",
            proportion: true,
            about: "CT-H4 (i): the side that captured the Ten won, in hands where both sides would finish on 41 or more and the Ten and Jack went to different sides (two sides only)",
        },
    ];

    fn statistic(
        &self,
        name: &str,
        p: &PlayedHand<'_, CatchTheTen>,
        subject: &[Seat],
    ) -> Option<f64> {
        let sides = self.sides();
        let side = sides.side(subject[0]);
        let trump = p.initial.turned().suit();
        let ten = Card::new(trump, Rank::Ten);
        let jack = Card::new(trump, Rank::Jack);
        let captor_of = |c: Card| sides.all().find(|&s| p.last.won(s).contains(c));
        let card_points = |s: Side| {
            let sets = self.sets();
            (0..sets)
                .map(|k| p.last.set_score(k).cards[s.index()])
                .sum::<i32>()
        };
        match name {
            "cards_over_ten" => {
                return Some(f64::from(u8::from(
                    sides.all().any(|s| card_points(s) > 10),
                )));
            }
            "card_points_top" => return sides.all().map(card_points).max().map(f64::from),
            "ten_beats_jack" => {
                if sides.num_sides() != 2 {
                    return None;
                }
                let (t, j) = (captor_of(ten)?, captor_of(jack)?);
                let both_reach = sides.all().all(|s| {
                    p.initial.start_score(s) + p.last.side_points(s) >= catch_the_ten::TARGET
                });
                return (t != j && both_reach).then(|| {
                    p.after.winners.map_or(0.0, |w| {
                        f64::from(u8::from(w & (1 << t.index()) != 0))
                            / w.count_ones().max(1) as f64
                    })
                });
            }
            _ => {}
        }
        let holder = p.initial.holder(ten)?;
        let captured = f64::from(u8::from(captor_of(ten)? == side));
        let hunter = || {
            subject.iter().any(|&q| {
                let dealt = p.initial.hand(q) | p.initial.later_sets(q);
                let has = |r: Rank| dealt.contains(Card::new(trump, r));
                has(Rank::Ace) && (has(Rank::Jack) || has(Rank::King)) && !has(Rank::Ten)
            }) && sides.side(holder) != side
        };
        match name {
            "ten_saved" => subject.contains(&holder).then_some(captured),
            "ten_caught" => (sides.side(holder) != side).then_some(captured),
            "ten_captured" => Some(captured),
            "hunt_catch" => hunter().then_some(captured),
            "hunt_net_points" => hunter().then(|| point_difference(p.last, side)),
            _ => None,
        }
    }

    const FACTS: &'static [&'static str] = &[
        "side_points",
        "side_tricks",
        "cards_won",
        "honours",
        "dealt_ten",
        "captured_ten",
    ];

    fn facts(&self, p: &PlayedHand<'_, CatchTheTen>, seat: Seat, out: &mut CsvRows<'_>) {
        let side = self.sides().side(seat);
        let won = p.last.won(side);
        let ten = Card::new(p.initial.turned().suit(), Rank::Ten);
        out.int(p.last.side_points(side));
        out.uint((won.len() / self.players()) as u64);
        out.uint(won.len() as u64);
        out.field(catch_the_ten::honours(won, p.initial.turned().suit()));
        out.uint(u8::from(p.initial.holder(ten) == Some(seat)));
        out.uint(u8::from(won.contains(ten)));
    }
}

impl Measured for nine_five_two::Setup {
    const STATISTICS: &'static [StatDef] = &[
        StatDef {
            name: "score",
            proportion: false,
            about: "the subject seat's tricks minus its target",
        },
        StatDef {
            name: "target_made",
            proportion: true,
            about: "the subject seat took at least its target",
        },
        StatDef {
            name: "dealer_score",
            proportion: false,
            about: "the dealer's tricks minus its target",
        },
        StatDef {
            name: "subject_is_dealer_score",
            proportion: false,
            about: "the subject seat's tricks minus its target, in hands it deals",
        },
        StatDef {
            name: "dealer_made",
            proportion: true,
            about: "N-H1: the dealer took at least its target",
        },
        StatDef {
            name: "dealer_tricks",
            proportion: false,
            about: "N-H2: the dealer's tricks",
        },
        StatDef {
            name: "void_created",
            proportion: true,
            about: "N-H2: the dealer's discards emptied a side suit it held",
        },
        StatDef {
            name: "left_score",
            proportion: false,
            about: "N-H3: the score of the seat left of the dealer",
        },
        StatDef {
            name: "right_score",
            proportion: false,
            about: "N-H3: the score of the seat right of the dealer",
        },
        StatDef {
            name: "giver_score",
            proportion: false,
            about: "N-H4 (b): the subject seat's score in hands where it gave cards in the exchange",
        },
        StatDef {
            name: "after_plus_score",
            proportion: false,
            about: "N-H4 (a): the subject seat's score in hands after a hand it finished plus",
        },
        StatDef {
            name: "next_hand_score",
            proportion: false,
            about: "N-H4 (a), third edition: the subject seat's score in the next hand (what the exchange gave or took), over the match's hands that have a next one: the mean score of every hand but the first",
        },
        StatDef {
            name: "hcp_change_per_card",
            proportion: false,
            about: "N-H4 (c): a minus player's change in high-card points (A4 K3 Q2 J1) per card received, averaged over the hand's batches",
        },
        StatDef {
            name: "returned_ace_or_king",
            proportion: false,
            about: "N-H4 (c): the share of returned cards that are an ace or a king, in hands with an exchange",
        },
    ];

    fn statistic(
        &self,
        name: &str,
        p: &PlayedHand<'_, NineFiveTwo>,
        subject: &[Seat],
    ) -> Option<f64> {
        let s = subject[0];
        let diff = |seat: Seat| p.last.tricks_won(seat) as f64 - p.last.target(seat) as f64;
        let dealer = p.last.dealer();
        let x = p.last.exchange();
        let hcp = |c: CardSet| -> i32 {
            c.iter()
                .map(|c| match c.rank() {
                    Rank::Ace => 4,
                    Rank::King => 3,
                    Rank::Queen => 2,
                    Rank::Jack => 1,
                    _ => 0,
                })
                .sum()
        };
        match name {
            "dealer_made" => {
                return Some(f64::from(u8::from(
                    p.last.tricks_won(dealer) >= p.last.target(dealer) as u32,
                )));
            }
            "dealer_tricks" => return Some(p.last.tricks_won(dealer) as f64),
            "void_created" => {
                let trump = p.last.trump()?;
                let kept = p.last.played_by(dealer) | p.last.hand(dealer);
                let before = kept | p.last.discards();
                let made = crate::cards::Suit::ALL.iter().any(|&su| {
                    su != trump && !before.suit(su).is_empty() && kept.suit(su).is_empty()
                });
                return Some(f64::from(u8::from(made)));
            }
            "left_score" => return Some(diff(dealer.left(3))),
            "right_score" => return Some(diff(dealer.right(3))),
            "hcp_change_per_card" => {
                let batches = x.batches();
                return (!batches.is_empty()).then(|| {
                    batches
                        .iter()
                        .enumerate()
                        .map(|(b, batch)| {
                            (hcp(x.given(b)) - hcp(x.returned(b))) as f64 / batch.count as f64
                        })
                        .sum::<f64>()
                        / batches.len() as f64
                });
            }
            "returned_ace_or_king" => {
                let back = (0..x.batches().len()).fold(CardSet::EMPTY, |a, b| a | x.returned(b));
                return (!back.is_empty()).then(|| {
                    let high = back
                        .iter()
                        .filter(|c| matches!(c.rank(), Rank::Ace | Rank::King))
                        .count();
                    high as f64 / back.len() as f64
                });
            }
            _ => {}
        }
        match name {
            "giver_score" => x.batches().iter().any(|b| b.giver == s).then(|| diff(s)),
            "after_plus_score" => p
                .before
                .previous
                .filter(|prev| prev[s.index()] > 0)
                .map(|_| diff(s)),
            "next_hand_score" => p.before.previous.map(|_| diff(s)),
            "score" => Some(diff(s)),
            "target_made" => Some(f64::from(u8::from(
                p.last.tricks_won(s) >= p.last.target(s) as u32,
            ))),
            "dealer_score" => Some(diff(p.last.dealer())),
            "subject_is_dealer_score" => (p.last.dealer() == s).then(|| diff(s)),
            _ => None,
        }
    }

    const FACTS: &'static [&'static str] = &["position", "target", "tricks", "score", "trumps"];

    fn facts(&self, p: &PlayedHand<'_, NineFiveTwo>, seat: Seat, out: &mut CsvRows<'_>) {
        let pos = (seat.index() + 3 - p.last.dealer().index()) % 3;
        out.text(["dealer", "left", "right"][pos]);
        out.field(p.last.target(seat));
        out.uint(p.last.tricks_won(seat));
        out.int(p.last.tricks_won(seat) as i32 - p.last.target(seat) as i32);
        match p.last.trump() {
            Some(t) => out.text(t.letter().encode_utf8(&mut [0; 4])),
            None => out.text(""),
        }
    }
}

impl Measured for whist::Setup {
    const STATISTICS: &'static [StatDef] = &[
        StatDef {
            name: "scored",
            proportion: true,
            about: "the subject side took seven tricks or more and scored for them",
        },
        StatDef {
            name: "points_with_honours",
            proportion: false,
            about: "the subject side's points for tricks and honours added to its score",
        },
        StatDef {
            name: "honours_scored",
            proportion: true,
            about: "the subject side scored for honours (only with the option `honours`)",
        },
        StatDef {
            name: "trump_leads_none_out",
            proportion: false,
            about: "W-H2: trump leads by the subject seats made when no trump was outstanding (every unplayed trump in the leader's hand)",
        },
        StatDef {
            name: "echo_ruffed",
            proportion: true,
            about: "W-H4: an echoing subject seat ruffed the third round of the suit it echoed in, in hands where a subject seat echoed (Whist::echoed, a side suit, not yet shown out of trumps when the second round ended)",
        },
    ];

    fn statistic(&self, name: &str, p: &PlayedHand<'_, Whist>, subject: &[Seat]) -> Option<f64> {
        whist_statistic(self, name, p, subject, &mut None)
    }

    fn statistics(
        &self,
        names: &[&str],
        p: &PlayedHand<'_, Whist>,
        subject: &[Seat],
        out: &mut [Option<f64>],
    ) {
        // The replay behind W-H2's and W-H4's statistics, made once for the hand.
        let mut play = None;
        for (v, name) in out.iter_mut().zip(names) {
            *v = whist_statistic(self, name, p, subject, &mut play);
        }
    }

    const FACTS: &'static [&'static str] = &[
        "side_tricks",
        "trick_points",
        "honours_held",
        "honours",
        "trumps",
        "dealer",
    ];

    fn facts(&self, p: &PlayedHand<'_, Whist>, seat: Seat, out: &mut CsvRows<'_>) {
        let side = self.sides().side(seat);
        let s = p.last.settlement();
        out.uint(p.last.side_tricks(side));
        out.int(s.trick_points[side.index()]);
        out.uint(p.last.honours_held(side));
        out.int(s.honours[side.index()]);
        out.text(p.last.turned().suit().letter().encode_utf8(&mut [0; 4]));
        out.uint(u8::from(p.last.dealer() == seat));
    }

    fn bonus(&self, hand: &Whist, side: Side) -> i32 {
        hand.settlement().honours[side.index()]
    }

    fn most_bonus(&self) -> i32 {
        if self.options().honours {
            whist::honour_points(4)
        } else {
            0
        }
    }
}

/// Whist's own statistic `name`; `play` keeps [`whist_play_facts`] once a statistic needed it.
fn whist_statistic(
    rules: &whist::Setup,
    name: &str,
    p: &PlayedHand<'_, Whist>,
    subject: &[Seat],
    play: &mut Option<(u32, Option<bool>)>,
) -> Option<f64> {
    let side = rules.sides().side(subject[0]).index();
    let s = || p.last.settlement();
    let mut play = || *play.get_or_insert_with(|| whist_play_facts(p, subject));
    match name {
        "scored" => Some(f64::from(u8::from(s().trick_points[side] > 0))),
        "points_with_honours" => {
            let s = s();
            Some(f64::from(s.trick_points[side] + s.honours[side]))
        }
        "honours_scored" => Some(f64::from(u8::from(s().honours[side] > 0))),
        "trump_leads_none_out" => Some(f64::from(play().0)),
        "echo_ruffed" => play().1.map(|ruffed| f64::from(u8::from(ruffed))),
        _ => None,
    }
}

/// Facts of a Whist hand's play, read from its plays with card sets alone (no replay of the
/// game, which would cost as much as playing it): the trump leads the `subject` seats made with
/// no trump outstanding for the leader (W-H2), and, when a subject seat echoed, whether an
/// echoing subject seat ruffed the third round of its suit (W-H4; `None` without an echo).
/// The echo is [`Whist::echoed`] at the end of the suit's second round; the tests check the
/// whole against a replay through [`Whist`] itself.
fn whist_play_facts(p: &PlayedHand<'_, Whist>, subject: &[Seat]) -> (u32, Option<bool>) {
    const SEATS: usize = whist::Setup::PLAYERS;
    let trump = p.initial.turned().suit();
    let trumps = CardSet::suit_mask(trump);
    let trump_bit = 1u8 << trump.index();
    let mut played = CardSet::EMPTY;
    let mut played_by = [CardSet::EMPTY; SEATS];
    let mut voids = [0u8; SEATS];
    // Cards led, and each seat's first card of each suit (as `Whist` keeps them).
    let mut led_cards = CardSet::EMPTY;
    let mut firsts = CardSet::EMPTY;
    let mut trump_leads = 0;
    // Per seat, the suits it echoed in, as a bit mask.
    let mut echoes = [0u8; SEATS];
    let mut ruffed = false;
    let subject_mask = subject.iter().fold(0u8, |m, q| m | 1 << q.index());
    // Whist has card plays only, every seat in every trick.
    for trick_plays in p.actions.chunks_exact(SEATS) {
        let card_of = |a: Action| match a {
            Action::Play(card) => card,
            other => unreachable!("Whist has only card plays, not {other}"),
        };
        let (leader, lead) = (trick_plays[0].0, card_of(trick_plays[0].1));
        let led = lead.suit();
        let outstanding = trumps & !(played | p.initial.hand(leader));
        trump_leads += u32::from(
            led == trump && outstanding.is_empty() && subject_mask & (1 << leader.index()) != 0,
        );
        led_cards |= CardSet::single(lead);
        // The seats that played a trump to this trick, as a bit mask. Branch-free: the
        // suits are random to the branch predictor.
        let mut trumped = 0u8;
        for &(seat, action) in trick_plays {
            let card = card_of(action);
            let (q, suit, bit) = (seat.index(), card.suit(), CardSet::single(card).0);
            let first = u64::from(played_by[q].suit(suit).is_empty()).wrapping_neg();
            firsts = CardSet(firsts.0 | (bit & first));
            voids[q] |= u8::from(suit != led) << led.index();
            played_by[q] = CardSet(played_by[q].0 | bit);
            played = CardSet(played.0 | bit);
            trumped |= u8::from(suit == trump) << q;
        }
        if led == trump {
            continue;
        }
        let led_bit = 1u8 << led.index();
        match led_cards.suit(led).len() {
            2 => {
                for &q in subject {
                    let i = q.index();
                    let mine = played_by[i].suit(led);
                    let echoed = mine.len() == 2
                        && mine.is_disjoint(led_cards.suit(led))
                        && voids[i] & led_bit == 0
                        && (firsts & played_by[i]).suit(led).first() == mine.last();
                    if echoed && voids[i] & trump_bit == 0 {
                        echoes[i] |= led_bit;
                    }
                }
            }
            3 => {
                ruffed |= subject
                    .iter()
                    .any(|&q| echoes[q.index()] & led_bit != 0 && trumped & (1 << q.index()) != 0);
            }
            _ => {}
        }
    }
    let echoed = echoes.iter().any(|&e| e != 0);
    (trump_leads, echoed.then_some(ruffed))
}

#[cfg(test)]
mod whist_play_facts_tests {
    use super::*;
    use crate::games::matches::play_match;
    use crate::rng::GameRng;
    use rand::SeedableRng;

    /// The facts by replaying the hand through [`Whist`] (the definition the card-set reading
    /// must agree with).
    fn replayed(p: &PlayedHand<'_, Whist>, subject: &[Seat]) -> (u32, Option<bool>) {
        let mut s = *p.initial;
        let trump = s.turned().suit();
        let no_trump_shown = |s: &Whist, q: Seat| s.voids(q) & (1 << trump.index()) == 0;
        let mut trump_leads = 0;
        // Per seat, the suits it echoed in, as a bit mask.
        let mut echoes = [0u8; whist::Setup::PLAYERS];
        let mut ruffed = false;
        let mut trick = [None; whist::Setup::PLAYERS];
        for &(seat, action) in p.actions {
            let Action::Play(card) = action else {
                continue;
            };
            let subj = subject.contains(&seat);
            if s.trick().is_empty() {
                trick = [None; whist::Setup::PLAYERS];
                let none_out = s.unseen_by(seat).suit(trump).is_empty();
                trump_leads += u32::from(subj && card.suit() == trump && none_out);
            }
            let led = s.trick().led().unwrap_or(card.suit());
            trick[seat.index()] = Some(card);
            let done = s.tricks_done();
            s.apply(action);
            if s.tricks_done() == done || led == trump {
                continue;
            }
            match s.led_cards().suit(led).len() {
                2 => {
                    for &q in subject {
                        if s.echoed(q, led) && no_trump_shown(&s, q) {
                            echoes[q.index()] |= 1 << led.index();
                        }
                    }
                }
                3 => {
                    ruffed |= subject.iter().any(|&q| {
                        echoes[q.index()] & (1 << led.index()) != 0
                            && trick[q.index()].is_some_and(|c: Card| c.suit() == trump)
                    });
                }
                _ => {}
            }
        }
        let echoed = echoes.iter().any(|&e| e != 0);
        (trump_leads, echoed.then_some(ruffed))
    }

    #[test]
    fn the_card_set_reading_equals_a_replay_of_every_hand() {
        let rules = whist::Setup::default();
        let mut rng = GameRng::seed_from_u64(41);
        let mut deal_rng = GameRng::seed_from_u64(42);
        let subjects: [&[Seat]; 4] = [
            &[Seat(0), Seat(2)],
            &[Seat(1), Seat(3)],
            &[Seat(0)],
            &[Seat(3)],
        ];
        let (mut echoes, mut leads) = (0, 0);
        for _ in 0..3000 {
            play_match(
                &rules,
                MatchState::new(Seat(0)),
                &mut deal_rng,
                1,
                |h, _| h.legal_actions().choose(&mut rng),
                |p| {
                    for subject in subjects {
                        let got = whist_play_facts(p, subject);
                        assert_eq!(got, replayed(p, subject), "{:?}", p.actions);
                        echoes += usize::from(got.1.is_some());
                        leads += got.0;
                    }
                },
            );
        }
        // The hands exercised both facts.
        assert!(
            echoes > 100 && leads > 100,
            "{echoes} echoes, {leads} trump leads"
        );
    }
}
