//! 9-5-2 rows and summary.

use std::fmt::Write as _;

use crate::games::matches::{MatchState, PlayedHand};
use crate::games::nine_five_two::{Batch, NineFiveTwo, PLAYERS, Setup};
use crate::games::{Game, MAX_SEATS, Seat, Side};
use crate::stats::{MeanAcc, Z95};

use super::tally::{Tabulate, count_winners, match_word, share};

/// The seat positions relative to the dealer, in target order.
pub const POSITIONS: [&str; 3] = ["dealer", "left", "right"];

/// The tally of a 9-5-2 run.
#[derive(Clone, Debug, Default)]
pub struct NineFiveTwoSummary {
    /// Hands played.
    pub hands: u64,
    /// `tricks − target` per hand, by position (dealer, left, right).
    pub diff: [MeanAcc; 3],
    /// Hands in which the target was made (tricks ≥ target), by position.
    pub made: [u64; 3],
    /// Hands of 12 or more tricks, by the taker's position.
    pub twelve: [u64; 3],
    /// Matches ended by a hand of 12 or more tricks.
    pub twelve_trick_wins: u64,
    /// Matches finished or abandoned.
    pub matches: u64,
    /// Matches abandoned at the hand limit.
    pub abandoned: u64,
    /// Outright match wins per seat.
    pub wins: [u64; MAX_SEATS],
    /// Shared match wins per seat (`FixedHands` ties).
    pub draws: [u64; MAX_SEATS],
    /// Hands per finished match.
    pub match_hands: MeanAcc,
}

/// The position of `seat` in a hand dealt by `dealer`: 0 dealer, 1 left, 2 right.
fn position(dealer: Seat, seat: Seat) -> usize {
    (seat.index() + PLAYERS - dealer.index()) % PLAYERS
}

/// The seat that took 12 or more tricks in `hand`, if one did.
fn twelve_tricks(hand: &NineFiveTwo) -> Option<Seat> {
    Seat::all(PLAYERS).find(|&s| hand.tricks_won(s) >= 12)
}

impl Tabulate for Setup {
    type Summary = NineFiveTwoSummary;

    fn csv_header(&self) -> Vec<&'static str> {
        vec![
            "game",
            "rotation",
            "hand",
            "dealer",
            "seat",
            "position",
            "target",
            "tricks",
            "diff",
            "score_after",
            "trumps",
            "cards_given",
            "cards_received",
            "twelve_trick_win",
            "match_result",
        ]
    }

    fn csv_rows(
        &self,
        game: u64,
        rotation: usize,
        p: &PlayedHand<'_, NineFiveTwo>,
        out: &mut csv::Writer<Vec<u8>>,
    ) -> csv::Result<()> {
        let hand = p.last;
        let twelve = twelve_tricks(hand).filter(|_| self.variant().twelve_tricks_win());
        let diff = hand.diffs();
        for seat in Seat::all(PLAYERS) {
            let batches = hand.exchange().batches();
            let moved = |of: fn(&Batch) -> Seat| {
                batches
                    .iter()
                    .filter(|b| of(b) == seat)
                    .map(|b| b.count as u32)
                    .sum::<u32>()
            };
            out.write_record([
                game.to_string(),
                rotation.to_string(),
                p.before.hands_dealt.to_string(),
                p.before.dealer.to_string(),
                seat.to_string(),
                POSITIONS[position(hand.dealer(), seat)].to_string(),
                hand.target(seat).to_string(),
                hand.tricks_won(seat).to_string(),
                diff[seat.index()].to_string(),
                p.after.scores[seat.index()].to_string(),
                hand.trump().map(|s| s.to_string()).unwrap_or_default(),
                moved(|b| b.giver).to_string(),
                moved(|b| b.receiver).to_string(),
                (twelve == Some(seat)).to_string(),
                match_word(p.after, Side(seat.0)).to_string(),
            ])?;
        }
        Ok(())
    }

    fn tally_hand(&self, s: &mut NineFiveTwoSummary, p: &PlayedHand<'_, NineFiveTwo>) {
        let hand = p.last;
        s.hands += 1;
        for seat in Seat::all(PLAYERS) {
            let pos = position(hand.dealer(), seat);
            s.diff[pos].add(hand.seat_points(seat) as f64);
            if hand.tricks_won(seat) >= hand.target(seat) as u32 {
                s.made[pos] += 1;
            }
        }
        if let Some(seat) = twelve_tricks(hand) {
            s.twelve[position(hand.dealer(), seat)] += 1;
            if self.variant().twelve_tricks_win() {
                s.twelve_trick_wins += 1;
            }
        }
    }

    fn tally_match(&self, s: &mut NineFiveTwoSummary, end: &MatchState) {
        s.matches += 1;
        if end.abandoned {
            s.abandoned += 1;
        } else {
            s.match_hands.add(end.hands_dealt as f64);
        }
        count_winners(end.winners, &mut s.wins, &mut s.draws);
    }

    fn merge(&self, into: &mut NineFiveTwoSummary, from: NineFiveTwoSummary) {
        into.hands += from.hands;
        into.twelve_trick_wins += from.twelve_trick_wins;
        into.matches += from.matches;
        into.abandoned += from.abandoned;
        into.match_hands.merge(&from.match_hands);
        for i in 0..PLAYERS {
            into.diff[i].merge(&from.diff[i]);
            into.made[i] += from.made[i];
            into.twelve[i] += from.twelve[i];
        }
        for i in 0..MAX_SEATS {
            into.wins[i] += from.wins[i];
            into.draws[i] += from.draws[i];
        }
    }

    fn report(&self, s: &NineFiveTwoSummary) -> String {
        let mut t = String::new();
        let _ = writeln!(
            t,
            "nine-five-two, rules {}, end {}; {} hands{}",
            self.variant().name(),
            self.end_rule(),
            s.hands,
            if s.matches > 0 {
                format!(
                    ", {} matches ({} abandoned at the hand limit; {:.2} hands per finished match)",
                    s.matches,
                    s.abandoned,
                    s.match_hands.mean()
                )
            } else {
                String::new()
            }
        );
        let _ = writeln!(
            t,
            "{:<8} {:>6} {:>24} {:>30} {:>12}",
            "position",
            "target",
            "tricks−target (95% CI)",
            "target made (95% Wilson)",
            "12+ tricks"
        );
        let targets = self.variant().targets();
        for (pos, name) in POSITIONS.iter().enumerate() {
            let d = s.diff[pos].interval(Z95);
            let _ = writeln!(
                t,
                "{:<8} {:>6} {:>16.3} ± {:<5.3} {:>30} {:>12}",
                name,
                targets[pos],
                d.estimate,
                d.half_width(),
                share(s.made[pos], s.hands),
                s.twelve[pos],
            );
        }
        let twelve: u64 = s.twelve.iter().sum();
        let _ = writeln!(
            t,
            "hands of 12 or more tricks: {} of {} hands, {}{}",
            twelve,
            s.hands,
            share(twelve, s.hands),
            if self.variant().twelve_tricks_win() {
                format!("; {} matches won that way", s.twelve_trick_wins)
            } else {
                " (no 12-trick rule under SwappedTargets)".to_string()
            }
        );
        if s.matches > 0 {
            let _ = writeln!(
                t,
                "{:<5} {:>30} {:>7}",
                "seat", "match wins (95% Wilson)", "shared"
            );
            for seat in 0..PLAYERS {
                let _ = writeln!(
                    t,
                    "{:<5} {:>30} {:>7}",
                    seat,
                    share(s.wins[seat], s.matches),
                    s.draws[seat]
                );
            }
        }
        t
    }
}
