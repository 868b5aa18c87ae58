//! Seats on the command line: a number from 0, or N, E, S, W at a table of four.

use crate::games::Seat;

use super::error::user;

/// Reads the seat `text` given to `flag` at a table of `seats`: a seat number from 0, or a
/// compass letter (N, E, S, W, any case) when there are four seats.
pub fn parse_seat(flag: &str, text: &str, seats: usize) -> anyhow::Result<Seat> {
    let t = text.trim();
    let compass = ["N", "E", "S", "W"]
        .iter()
        .position(|c| c.eq_ignore_ascii_case(t))
        .filter(|_| seats == 4);
    let index = compass.or_else(|| t.parse::<usize>().ok().filter(|&i| i < seats));
    let allowed = if seats == 4 {
        "0 to 3 or N, E, S, W".to_string()
    } else {
        format!("0 to {}", seats.saturating_sub(1))
    };
    index
        .map(|i| Seat(i as u8))
        .ok_or_else(|| user(format!("{flag} `{t}`: expected a seat, {allowed}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_compass_letters() {
        assert_eq!(parse_seat("--seat", "N", 4).unwrap(), Seat(0));
        assert_eq!(parse_seat("--seat", "w", 4).unwrap(), Seat(3));
        assert_eq!(parse_seat("--seat", " 2 ", 3).unwrap(), Seat(2));
        let e = parse_seat("--seat", "E", 3).unwrap_err().to_string();
        assert_eq!(e, "--seat `E`: expected a seat, 0 to 2");
        let e = parse_seat("--seat", "4", 4).unwrap_err().to_string();
        assert_eq!(e, "--seat `4`: expected a seat, 0 to 3 or N, E, S, W");
    }
}
