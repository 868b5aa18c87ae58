//! Counts, seats and hands in words for people: `1 hand`, `2 hands`, `seat 1`, `seats 0+2`,
//! hand 3 (the record's `hand` 2). Every count printed to a person goes through
//! [`counted`], so no line says `1 hands`. And a word of a command as the shell takes it
//! ([`quoted`]), for the commands the tool prints to run again.

/// `n` and the noun, singular for one and plural otherwise: `1 hand`, `0 hands`, `2 matches`.
///
/// The plural adds `es` after `s`, `x`, `ch` and `sh` (`matches`), `s` otherwise; nouns that
/// do not follow that rule have no place here.
///
/// # Examples
/// ```
/// use tricklab::words::counted;
/// assert_eq!(counted(1u32, "finished hand"), "1 finished hand");
/// assert_eq!(counted(3u64, "match"), "3 matches");
/// assert_eq!(counted(0u32, "card"), "0 cards");
/// ```
pub fn counted(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    format!("{n} {}", noun_for(n, noun))
}

/// The noun alone, in the form that goes with `n` (`hand` or `hands`).
///
/// # Examples
/// ```
/// use tricklab::words::noun_for;
/// assert_eq!(noun_for(1, "hand"), "hand");
/// assert_eq!(noun_for(2, "match"), "matches");
/// ```
pub fn noun_for(n: u64, noun: &str) -> String {
    if n == 1 {
        noun.to_string()
    } else if ["s", "x", "ch", "sh"].iter().any(|e| noun.ends_with(e)) {
        format!("{noun}es")
    } else {
        format!("{noun}s")
    }
}

/// A side by its seats: `seat 1` for a seat alone, `seats 0+2` for a partnership (`label` as
/// [`Sides::label`](crate::games::Sides::label) writes it).
///
/// # Examples
/// ```
/// use tricklab::words::side_seats;
/// assert_eq!(side_seats("0"), "seat 0");
/// assert_eq!(side_seats("0+2"), "seats 0+2");
/// ```
pub fn side_seats(label: &str) -> String {
    let seats = label.split('+').count() as u64;
    format!("{} {label}", noun_for(seats, "seat"))
}

/// A record's hand as a person counts it (from 1, as the play screen does), with the
/// record's own number (from 0).
///
/// # Examples
/// ```
/// use tricklab::words::hand_named;
/// assert_eq!(hand_named(2), "hand 3 (the record's `hand` 2)");
/// ```
pub fn hand_named(hand: u32) -> String {
    format!("hand {} (the record's `hand` {hand})", u64::from(hand) + 1)
}

/// `word`, in single quotes when the shell would split or expand it.
///
/// # Examples
/// ```
/// use tricklab::words::quoted;
/// assert_eq!(quoted("--agents"), "--agents");
/// assert_eq!(quoted("random;rules"), "'random;rules'");
/// assert_eq!(quoted("it's"), r"'it'\''s'");
/// ```
pub fn quoted(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_.,:=/+@%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1u32, "hand"), "1 hand");
        assert_eq!(counted(0u32, "hand"), "0 hands");
        assert_eq!(counted(2u32, "hand"), "2 hands");
        assert_eq!(counted(1u32, "match"), "1 match");
        assert_eq!(counted(11u32, "match"), "11 matches");
        assert_eq!(counted(2u32, "box"), "2 boxes");
        assert_eq!(side_seats("1"), "seat 1");
        assert_eq!(side_seats("1+3+5"), "seats 1+3+5");
    }
}
