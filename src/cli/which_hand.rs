//! Which hand of a record file a person asks for: `--match M --hand N`, the hand counted from 1
//! as the play screen counts hands (`hand 1`), the match from 0 as `play --match` numbers
//! matches. The record's own `hand` field counts from 0: `--hand 1` is `"hand": 0`. A log of
//! `run`, `simulate` or `tournament` plays a deal in several seatings and arms: `--arm NAME`
//! (a tournament's pair, `X vs Y`) and `--rotation R` pick among them. Shared by `show`,
//! `analyze` and `worlds`.

use std::io::BufRead;
use std::path::Path;

use anyhow::Context;
use clap::Args;

use super::error::user;

/// The `--match` and `--hand` flags.
#[derive(Debug, Args)]
pub struct WhichHand {
    /// The match, counted from 0 as `play --match` numbers them (default: the file's first
    /// hand, or the first match with the --hand asked for).
    #[arg(long = "match")]
    pub match_index: Option<u64>,
    /// The hand of that match, counted from 1 as the play screen counts them (default 1; the
    /// record's `hand` field counts from 0).
    #[arg(long)]
    pub hand: Option<u32>,
    /// Only records of this arm (a run's arm name, a tournament's pair `X vs Y`).
    #[arg(long)]
    pub arm: Option<String>,
    /// Only records of this seating of the deal (the record's `rotation`, from 0).
    #[arg(long)]
    pub rotation: Option<usize>,
}

#[derive(serde::Deserialize)]
struct Where {
    #[serde(rename = "match")]
    match_index: u64,
    hand: u32,
    #[serde(default)]
    arm: Option<String>,
    #[serde(default)]
    rotation: Option<usize>,
}

impl WhichHand {
    /// The line number (from 0, blank lines counted) and text of the record asked for in the
    /// record file `path`, read from `reader`.
    ///
    /// # Errors
    /// A user error (exit code 2) for `--hand 0`, a line that is not a record while looking,
    /// or no such hand in the file; reading errors as they come.
    pub fn find(&self, path: &Path, reader: impl BufRead) -> anyhow::Result<(usize, String)> {
        if self.hand == Some(0) {
            return Err(user(
                "--hand 0: hands count from 1, as the play screen counts them",
            ));
        }
        // The record's `hand` field counts from 0; people count from 1.
        let want_hand = self.hand.map(|h| h - 1);
        for (i, line) in reader.lines().enumerate() {
            let line = line.with_context(|| format!("reading {}", path.display()))?;
            if line.trim().is_empty() {
                continue;
            }
            let any_seating = self.arm.is_none() && self.rotation.is_none();
            if self.match_index.is_none() && want_hand.is_none() && any_seating {
                return Ok((i, line));
            }
            let at: Where = serde_json::from_str(&line).map_err(|e| {
                user(format!(
                    "{} line {}: not a record: {e}",
                    path.display(),
                    i + 1
                ))
            })?;
            if self.match_index.is_none_or(|m| m == at.match_index)
                && at.hand == want_hand.unwrap_or(0)
                && self.arm.as_ref().is_none_or(|a| at.arm.as_ref() == Some(a))
                && self.rotation.is_none_or(|r| at.rotation == Some(r))
            {
                return Ok((i, line));
            }
        }
        let hand = self.hand.unwrap_or(1);
        let mut missing = match self.match_index {
            Some(m) => format!("no match {m} hand {hand}"),
            None => format!("no hand {hand} in any match"),
        };
        if let Some(a) = &self.arm {
            missing.push_str(&format!(" of arm `{a}`"));
        }
        if let Some(r) = self.rotation {
            missing.push_str(&format!(" in rotation {r}"));
        }
        Err(user(format!(
            "{} has {missing} (matches count from 0, hands from 1)",
            path.display()
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(match_index: Option<u64>, hand: Option<u32>, text: &str) -> Result<usize, String> {
        let which = WhichHand {
            match_index,
            hand,
            arm: None,
            rotation: None,
        };
        which
            .find(Path::new("log.jsonl"), text.as_bytes())
            .map(|(i, _)| i)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn hands_count_from_one_and_the_record_from_zero() {
        let log =
            "{\"match\":0,\"hand\":0}\n\n{\"match\":0,\"hand\":1}\n{\"match\":1,\"hand\":0}\n";
        assert_eq!(find(None, None, log), Ok(0));
        assert_eq!(find(None, Some(2), log), Ok(2));
        assert_eq!(find(Some(1), None, log), Ok(3));
        assert_eq!(find(Some(1), Some(1), log), Ok(3));
        let e = find(None, Some(0), log).unwrap_err();
        assert!(e.contains("hands count from 1"), "{e}");
        assert_eq!(
            find(Some(1), Some(2), log).unwrap_err(),
            "log.jsonl has no match 1 hand 2 (matches count from 0, hands from 1)"
        );
        assert_eq!(
            find(None, Some(3), log).unwrap_err(),
            "log.jsonl has no hand 3 in any match (matches count from 0, hands from 1)"
        );
    }

    #[test]
    fn an_arm_and_a_rotation_pick_one_seating_of_a_deal() {
        let log = concat!(
            "{\"match\":0,\"hand\":0,\"arm\":\"a vs b\",\"rotation\":0}\n",
            "{\"match\":0,\"hand\":0,\"arm\":\"a vs b\",\"rotation\":1}\n",
            "{\"match\":0,\"hand\":0,\"arm\":\"a vs c\",\"rotation\":0}\n",
        );
        let pick = |arm: Option<&str>, rotation: Option<usize>| {
            WhichHand {
                match_index: None,
                hand: None,
                arm: arm.map(String::from),
                rotation,
            }
            .find(Path::new("t.jsonl"), log.as_bytes())
            .map(|(i, _)| i)
            .map_err(|e| e.to_string())
        };
        assert_eq!(pick(None, Some(1)), Ok(1));
        assert_eq!(pick(Some("a vs c"), None), Ok(2));
        assert_eq!(pick(Some("a vs b"), Some(1)), Ok(1));
        assert_eq!(
            pick(Some("a vs c"), Some(1)).unwrap_err(),
            "t.jsonl has no hand 1 in any match of arm `a vs c` in rotation 1 (matches count from 0, hands from 1)"
        );
    }
}
