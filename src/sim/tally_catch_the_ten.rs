//! Catch the Ten rows and summary.

use std::fmt::Write as _;

use crate::cards::{Card, Rank};
use crate::games::catch_the_ten::{CatchTheTen, DealEnd, Setup, end_word};
use crate::games::matches::{MatchRules, MatchState, PlayedHand};
use crate::games::{MAX_SEATS, Seat};
use crate::stats::{MeanAcc, Z95};

use super::tally::{
    Tabulate, count_winners, field_int, field_opt, match_word, matches_note, share,
};

/// The tally of a Catch the Ten run.
#[derive(Clone, Debug, Default)]
pub struct CatchTheTenSummary {
    /// Hands scored (sets, with 2 or 3 players).
    pub hands: u64,
    /// Points per hand, per side.
    pub points: [MeanAcc; MAX_SEATS],
    /// Matches finished or abandoned.
    pub matches: u64,
    /// Matches abandoned at the hand limit.
    pub abandoned: u64,
    /// Outright match wins per side.
    pub wins: [u64; MAX_SEATS],
    /// Shared match wins per side.
    pub draws: [u64; MAX_SEATS],
    /// Hands in which the trump Ten was captured.
    pub ten_captured: u64,
    /// Of those, hands in which it was captured by a side that was not dealt it.
    pub ten_caught: u64,
    /// Per side: hands in which the Ten was dealt to another side and captured.
    pub ten_chances: [u64; MAX_SEATS],
    /// Per side: of those, hands in which this side captured it.
    pub ten_catches: [u64; MAX_SEATS],
}

fn ten_facts(initial: &CatchTheTen, last: &CatchTheTen, set: usize) -> (Option<Seat>, Option<u8>) {
    let ten = Card::new(initial.turned().suit(), Rank::Ten);
    let holder = initial
        .set_cards(set)
        .contains(ten)
        .then(|| initial.holder(ten))
        .flatten();
    (holder, last.set_result(set).ten)
}

impl Tabulate for Setup {
    type Summary = CatchTheTenSummary;

    fn csv_header(&self) -> Vec<&'static str> {
        vec![
            "game",
            "rotation",
            "hand",
            "set",
            "dealer",
            "side",
            "seats",
            "tricks",
            "cards",
            "honours",
            "points",
            "ten_holder",
            "ten_captor",
            "score_after",
            "deal_end",
            "match_result",
        ]
    }

    fn csv_rows(
        &self,
        game: u64,
        rotation: usize,
        p: &PlayedHand<'_, CatchTheTen>,
        out: &mut csv::Writer<Vec<u8>>,
    ) -> csv::Result<()> {
        let sides = MatchRules::sides(self);
        let sets = p.last.sets_settled();
        let end = end_word(p.last.end()).as_bytes();
        for set in 0..sets {
            let r = p.last.set_result(set);
            let ten = Card::new(p.initial.turned().suit(), Rank::Ten);
            let holder = p
                .initial
                .set_cards(set)
                .contains(ten)
                .then(|| p.initial.holder(ten))
                .flatten();
            let last_set = set + 1 == sets;
            for side in sides.all() {
                let i = side.index();
                for v in [
                    game as i64,
                    rotation as i64,
                    p.before.hands_dealt as i64,
                    set as i64,
                    p.before.dealer.0 as i64,
                    i as i64,
                ] {
                    field_int(out, v)?;
                }
                out.write_field(sides.label(side))?;
                for v in [
                    r.tricks[i] as i64,
                    r.cards[i] as i64,
                    r.honours[i] as i64,
                    r.points[i] as i64,
                ] {
                    field_int(out, v)?;
                }
                field_opt(out, holder.map(|s| s.0 as i64))?;
                field_opt(out, r.ten.map(i64::from))?;
                field_int(out, r.scores_after[i] as i64)?;
                out.write_field(end)?;
                out.write_field(if last_set {
                    match_word(p.after, side)
                } else {
                    ""
                })?;
                out.write_record(None::<&[u8]>)?;
            }
        }
        Ok(())
    }

    fn tally_hand(&self, s: &mut CatchTheTenSummary, p: &PlayedHand<'_, CatchTheTen>) {
        let sides = MatchRules::sides(self);
        let sets = p.last.sets_settled();
        let void = p.last.end() == DealEnd::Void;
        for set in 0..sets {
            if void && set + 1 == sets {
                break;
            }
            s.hands += 1;
            let r = p.last.set_result(set);
            for side in sides.all() {
                s.points[side.index()].add(r.points[side.index()] as f64);
            }
            let (holder, captor) = ten_facts(p.initial, p.last, set);
            if let (Some(h), Some(c)) = (holder, captor) {
                let hs = sides.side(h).0;
                s.ten_captured += 1;
                if c != hs {
                    s.ten_caught += 1;
                }
                for side in sides.all().filter(|x| x.0 != hs) {
                    s.ten_chances[side.index()] += 1;
                    if side.0 == c {
                        s.ten_catches[side.index()] += 1;
                    }
                }
            }
        }
    }

    fn tally_match(&self, s: &mut CatchTheTenSummary, end: &MatchState) {
        s.matches += 1;
        if end.abandoned {
            s.abandoned += 1;
        }
        count_winners(end.winners, &mut s.wins, &mut s.draws);
    }

    fn merge(&self, into: &mut CatchTheTenSummary, from: CatchTheTenSummary) {
        into.hands += from.hands;
        into.matches += from.matches;
        into.abandoned += from.abandoned;
        into.ten_captured += from.ten_captured;
        into.ten_caught += from.ten_caught;
        for i in 0..MAX_SEATS {
            into.points[i].merge(&from.points[i]);
            into.wins[i] += from.wins[i];
            into.draws[i] += from.draws[i];
            into.ten_chances[i] += from.ten_chances[i];
            into.ten_catches[i] += from.ten_catches[i];
        }
    }

    fn report(&self, s: &CatchTheTenSummary) -> String {
        let sides = MatchRules::sides(self);
        let mut t = String::new();
        let _ = writeln!(
            t,
            "catch-the-ten, {} players, {} sides; {} hands scored{}",
            self.players(),
            sides.num_sides(),
            s.hands,
            matches_note(s.matches, s.abandoned)
        );
        let _ = writeln!(
            t,
            "{:<5} {:<8} {:>22} {:>30} {:>7} {:>34}",
            "side",
            "seats",
            "points/hand (95% CI)",
            "match wins (95% Wilson)",
            "draws",
            "Ten caught from others (95% Wilson)"
        );
        for side in sides.all() {
            let i = side.index();
            let pts = s.points[i].interval(Z95);
            let wins = if s.matches > 0 {
                share(s.wins[i], s.matches)
            } else {
                "-".into()
            };
            let _ = writeln!(
                t,
                "{:<5} {:<8} {:>14.3} ± {:<5.3} {:>30} {:>7} {:>34}",
                i,
                sides.label(side),
                pts.estimate,
                pts.half_width(),
                wins,
                s.draws[i],
                share(s.ten_catches[i], s.ten_chances[i]),
            );
        }
        let _ = writeln!(
            t,
            "the trump Ten was caught by a side it was not dealt to in {} of {} hands where it was played",
            share(s.ten_caught, s.ten_captured),
            s.ten_captured
        );
        t
    }
}
