//! What an experiment measures in each game: statistics of the subject seats, and the per-seat
//! facts of `hands.csv`.

use crate::agents::AgentFactory;
use crate::cards::{Card, Rank};
use crate::games::catch_the_ten::{self, CatchTheTen};
use crate::games::matches::{MatchState, PlayedHand};
use crate::games::nine_five_two::{self, NineFiveTwo};
use crate::games::record::RecordRules;
use crate::games::{Game, Seat, Side};

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
pub const MATCH: [StatDef; 1] = [StatDef {
    name: "match_win",
    proportion: true,
    about: "the subject side won the match (a shared win counts half)",
}];

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

    /// Columns of game facts in `hands.csv`, after the common ones.
    const FACTS: &'static [&'static str];

    /// The facts of `seat` in a finished hand, in the order of [`Measured::FACTS`].
    fn facts(&self, p: &PlayedHand<'_, Self::Hand>, seat: Seat, out: &mut Vec<String>);
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
        "point_difference" => {
            let best = last
                .sides()
                .all()
                .filter(|&o| o != side)
                .map(|o| last.side_points(o))
                .max()
                .unwrap_or(0);
            Some((last.side_points(side) - best) as f64)
        }
        "tricks" => Some(subject.iter().map(|&s| last.tricks_won(s)).sum::<u32>() as f64),
        other => rules.statistic(other, p, subject),
    }
}

/// The match-level statistic `name` for the subject's side.
pub fn match_statistic(name: &str, end: &MatchState, side: Side) -> Option<f64> {
    match name {
        "match_win" => end.winners.map(|w| {
            if w & (1 << side.index()) == 0 {
                0.0
            } else {
                1.0 / w.count_ones() as f64
            }
        }),
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
    ];

    fn statistic(
        &self,
        name: &str,
        p: &PlayedHand<'_, CatchTheTen>,
        subject: &[Seat],
    ) -> Option<f64> {
        let side = self.sides().side(subject[0]);
        let ten = Card::new(p.initial.turned().suit(), Rank::Ten);
        let holder = p.initial.holder(ten)?;
        let captor = self.sides().all().find(|&s| p.last.won(s).contains(ten));
        let captured = f64::from(u8::from(captor? == side));
        match name {
            "ten_saved" => subject.contains(&holder).then_some(captured),
            "ten_caught" => (self.sides().side(holder) != side).then_some(captured),
            "ten_captured" => Some(captured),
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

    fn facts(&self, p: &PlayedHand<'_, CatchTheTen>, seat: Seat, out: &mut Vec<String>) {
        let side = self.sides().side(seat);
        let won = p.last.won(side);
        let ten = Card::new(p.initial.turned().suit(), Rank::Ten);
        out.push(p.last.side_points(side).to_string());
        out.push((won.len() / self.players()).to_string());
        out.push(won.len().to_string());
        out.push(catch_the_ten::honours(won, p.initial.turned().suit()).to_string());
        out.push(u8::from(p.initial.holder(ten) == Some(seat)).to_string());
        out.push(u8::from(won.contains(ten)).to_string());
    }
}

impl Measured for nine_five_two::Rules {
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
    ];

    fn statistic(
        &self,
        name: &str,
        p: &PlayedHand<'_, NineFiveTwo>,
        subject: &[Seat],
    ) -> Option<f64> {
        let s = subject[0];
        let diff = |seat: Seat| p.last.tricks_won(seat) as f64 - p.last.target(seat) as f64;
        match name {
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

    fn facts(&self, p: &PlayedHand<'_, NineFiveTwo>, seat: Seat, out: &mut Vec<String>) {
        let pos = (seat.index() + 3 - p.last.dealer().index()) % 3;
        out.push(["dealer", "left", "right"][pos].to_string());
        out.push(p.last.target(seat).to_string());
        out.push(p.last.tricks_won(seat).to_string());
        out.push((p.last.tricks_won(seat) as i32 - p.last.target(seat) as i32).to_string());
        out.push(p.last.trump().map(|t| t.to_string()).unwrap_or_default());
    }
}
