//! The shape of a record file as a whole, beyond each hand: matches numbered from 0 without
//! gaps or repeats, hands of a match numbered from 0 without gaps or repeats, and every match
//! ending where its rules end it unless the log was cut.
//!
//! A record does not say that its match was cut, so a match that stops unfinished is accepted
//! only in the two shapes `simulate` writes: a single-hands log (`--hands`: every match is one
//! hand), or matches abandoned at the hand limit (`--max-hands`: every unfinished match has
//! the same number of hands, and no finished match has more).

/// What has been read of a record file so far.
#[derive(Debug, Default)]
pub struct LogShape {
    /// The match being read: its number, its last hand and whether that hand ended it.
    current: Option<(u64, u32, bool)>,
    /// The matches that stopped unfinished: number and hands.
    unfinished: Vec<(u64, u32)>,
    /// The most hands of a finished match.
    longest_finished: u32,
    /// Whether every match so far has been a single hand.
    all_single: bool,
}

impl LogShape {
    /// An empty file.
    pub fn new() -> LogShape {
        LogShape {
            all_single: true,
            ..LogShape::default()
        }
    }

    /// Takes the next hand: hand `hand` of match `game`; `over` if the match ended with it.
    pub fn next(&mut self, game: u64, hand: u32, over: bool) -> Result<(), String> {
        match self.current {
            None if game != 0 => {
                return Err(format!(
                    "the first hand is of match {game}; matches are numbered from 0"
                ));
            }
            Some((m, h, ended)) if game == m => {
                if ended {
                    return Err(format!(
                        "match {m} has a hand {hand} after it ended with hand {h}"
                    ));
                }
                if hand != h + 1 {
                    return Err(format!(
                        "hand {hand} follows hand {h} of match {m} (hands are numbered without gaps or repeats)"
                    ));
                }
            }
            Some((m, h, ended)) if game == m + 1 => self.close(m, h, ended),
            Some((m, _, _)) => {
                return Err(format!(
                    "match {game} follows match {m} (matches are numbered from 0 without gaps or repeats)"
                ));
            }
            None => {}
        }
        if self.current.is_none_or(|(m, _, _)| m != game) && hand != 0 {
            return Err(format!("match {game} starts at hand {hand}, not at hand 0"));
        }
        self.current = Some((game, hand, over));
        Ok(())
    }

    fn close(&mut self, m: u64, last: u32, ended: bool) {
        self.all_single &= last == 0;
        if ended {
            self.longest_finished = self.longest_finished.max(last + 1);
        } else {
            self.unfinished.push((m, last + 1));
        }
    }

    /// Checks the file's end: an unfinished match must fit a single-hands log or the hand
    /// limit (see the module doc).
    pub fn finish(mut self) -> Result<(), String> {
        if let Some((m, h, ended)) = self.current.take() {
            self.close(m, h, ended);
        }
        if self.unfinished.is_empty() || self.all_single {
            return Ok(());
        }
        let limit = self.unfinished.iter().map(|u| u.1).max().unwrap_or(0);
        let odd = self
            .unfinished
            .iter()
            .find(|u| u.1 != limit || self.longest_finished > limit);
        match odd {
            None => Ok(()),
            Some((m, hands)) => Err(format!(
                "match {m} stops unfinished after {hands} hand{}, though other matches {} (a hand is missing or the file was cut)",
                if *hands == 1 { "" } else { "s" },
                if self.longest_finished > *hands {
                    format!("run to {} hands", self.longest_finished)
                } else {
                    format!("stop at {limit} hands")
                }
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(hands: &[(u64, u32, bool)]) -> Result<(), String> {
        let mut s = LogShape::new();
        for (i, &(m, h, over)) in hands.iter().enumerate() {
            s.next(m, h, over).map_err(|e| format!("hand {i}: {e}"))?;
        }
        s.finish()
    }

    #[test]
    fn whole_logs_pass() {
        assert!(shape(&[(0, 0, false), (0, 1, true), (1, 0, true)]).is_ok());
        // Single hands, and matches abandoned at a hand limit of 2.
        assert!(shape(&[(0, 0, false), (1, 0, false), (2, 0, true)]).is_ok());
        assert!(shape(&[(0, 0, false), (0, 1, false), (1, 0, false), (1, 1, true)]).is_ok());
    }

    #[test]
    fn each_kind_of_broken_match_is_named() {
        type Hands = &'static [(u64, u32, bool)];
        let cases: [(Hands, &str); 7] = [
            // The last hand of match 0 deleted.
            (
                &[(0, 0, false), (1, 0, false), (1, 1, true)],
                "match 0 stops unfinished after 1 hand,",
            ),
            // A hand repeated; a hand missing.
            (
                &[(0, 0, false), (0, 0, false)],
                "hand 0 follows hand 0 of match 0",
            ),
            (&[(0, 0, false), (0, 2, true)], "hand 2 follows hand 0"),
            // A hand after the match ended (a duplicated last line).
            (&[(0, 0, true), (0, 0, true)], "after it ended"),
            // Match numbers changed.
            (&[(77, 0, true)], "the first hand is of match 77"),
            (&[(0, 0, true), (77, 0, true)], "match 77 follows match 0"),
            (&[(0, 0, true), (1, 1, true)], "starts at hand 1"),
        ];
        for (hands, want) in cases {
            let e = shape(hands).unwrap_err();
            assert!(e.contains(want), "{hands:?}: {e}");
        }
    }
}
