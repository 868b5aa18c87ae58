//! Whist rows and summary.

use std::fmt::Write as _;

use crate::games::matches::{MatchRules, MatchState, PlayedHand};
use crate::games::whist::{SIDES, Setup, Whist};
use crate::games::{Game, Side};
use crate::stats::{MeanAcc, Z95};

use super::tally::{Tabulate, field_int, match_word, matches_note, share};

/// The tally of a Whist run, per side (side 0 is seats 0 and 2).
#[derive(Clone, Debug, Default)]
pub struct WhistSummary {
    /// Hands played.
    pub hands: u64,
    /// Tricks per hand.
    pub tricks: [MeanAcc; SIDES],
    /// Points added to the score per hand: tricks and honours.
    pub points: [MeanAcc; SIDES],
    /// Hands in which honours were added to the side's score.
    pub honours_scored: [u64; SIDES],
    /// Matches finished or abandoned.
    pub matches: u64,
    /// Matches abandoned at the hand limit.
    pub abandoned: u64,
    /// Match wins (Whist has no shared wins).
    pub wins: [u64; SIDES],
}

fn mean_ci(m: &MeanAcc) -> String {
    let i = m.interval(Z95);
    format!("{:.3} ± {:.3}", i.estimate, i.half_width())
}

impl Tabulate for Setup {
    type Summary = WhistSummary;

    fn csv_header(&self) -> Vec<&'static str> {
        vec![
            "game",
            "rotation",
            "hand",
            "dealer",
            "trumps",
            "side",
            "seats",
            "tricks",
            "trick_points",
            "honours_held",
            "honours",
            "score_before",
            "score_after",
            "match_result",
        ]
    }

    fn csv_rows(
        &self,
        game: u64,
        rotation: usize,
        p: &PlayedHand<'_, Whist>,
        out: &mut csv::Writer<Vec<u8>>,
    ) -> csv::Result<()> {
        let sides = MatchRules::sides(self);
        let settled = p.last.settlement();
        let trumps = [p.last.turned().suit().letter() as u8];
        for side in sides.all() {
            let i = side.index();
            for v in [
                game as i64,
                rotation as i64,
                p.before.hands_dealt as i64,
                p.before.dealer.0 as i64,
            ] {
                field_int(out, v)?;
            }
            out.write_field(trumps)?;
            field_int(out, i as i64)?;
            out.write_field(sides.label(side))?;
            for v in [
                p.last.side_tricks(side) as i64,
                settled.trick_points[i] as i64,
                p.last.honours_held(side) as i64,
                settled.honours[i] as i64,
                p.before.scores[i] as i64,
                p.after.scores[i] as i64,
            ] {
                field_int(out, v)?;
            }
            out.write_field(match_word(p.after, side))?;
            out.write_record(None::<&[u8]>)?;
        }
        Ok(())
    }

    fn tally_hand(&self, s: &mut WhistSummary, p: &PlayedHand<'_, Whist>) {
        debug_assert!(p.last.is_over());
        let settled = p.last.settlement();
        s.hands += 1;
        for side in 0..SIDES {
            s.tricks[side].add(p.last.side_tricks(Side(side as u8)) as f64);
            s.points[side].add((settled.trick_points[side] + settled.honours[side]) as f64);
            if settled.honours[side] > 0 {
                s.honours_scored[side] += 1;
            }
        }
    }

    fn tally_match(&self, s: &mut WhistSummary, end: &MatchState) {
        s.matches += 1;
        s.abandoned += end.abandoned as u64;
        if let Some(w) = end.winners {
            s.wins[w.trailing_zeros() as usize] += 1;
        }
    }

    fn merge(&self, into: &mut WhistSummary, from: WhistSummary) {
        into.hands += from.hands;
        into.matches += from.matches;
        into.abandoned += from.abandoned;
        for i in 0..SIDES {
            into.tricks[i].merge(&from.tricks[i]);
            into.points[i].merge(&from.points[i]);
            into.honours_scored[i] += from.honours_scored[i];
            into.wins[i] += from.wins[i];
        }
    }

    fn report(&self, s: &WhistSummary) -> String {
        let sides = MatchRules::sides(self);
        let o = self.options();
        let mut t = String::new();
        let _ = writeln!(
            t,
            "whist to {}{}{}; {} hands{}",
            o.target,
            if o.honours { ", honours" } else { "" },
            if o.turnup_until_first_play {
                ", turn-up until first play"
            } else {
                ""
            },
            s.hands,
            matches_note(s.matches, s.abandoned)
        );
        let _ = writeln!(
            t,
            "{:<5} {:<6} {:>18} {:>18} {:>28} {:>30}",
            "side",
            "seats",
            "tricks/hand (95%)",
            "points/hand (95%)",
            "honours scored (95% Wilson)",
            "match wins (95% Wilson)"
        );
        for side in sides.all() {
            let i = side.index();
            let _ = writeln!(
                t,
                "{:<5} {:<6} {:>18} {:>18} {:>28} {:>30}",
                i,
                sides.label(side),
                mean_ci(&s.tricks[i]),
                mean_ci(&s.points[i]),
                if o.honours {
                    share(s.honours_scored[i], s.hands)
                } else {
                    "-".into()
                },
                if s.matches > 0 {
                    share(s.wins[i], s.matches)
                } else {
                    "-".into()
                },
            );
        }
        t
    }
}
