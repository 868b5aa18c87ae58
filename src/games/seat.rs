//! Seats and sides.

use std::fmt;

/// The most seats any game has (Catch the Ten with 8 players).
pub const MAX_SEATS: usize = 8;

/// A seat at the table, `0..n` clockwise. "Left of X" is `X + 1 mod n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat to the left (the next to play) at a table of `n`.
    #[inline]
    pub const fn left(self, n: usize) -> Seat {
        Seat(((self.0 as usize + 1) % n) as u8)
    }

    /// The seat to the right at a table of `n`.
    #[inline]
    pub const fn right(self, n: usize) -> Seat {
        Seat(((self.0 as usize + n - 1) % n) as u8)
    }

    /// The seat `k` places to the left at a table of `n`.
    #[inline]
    pub const fn plus(self, k: usize, n: usize) -> Seat {
        Seat(((self.0 as usize + k) % n) as u8)
    }

    /// All seats of a table of `n`.
    pub fn all(n: usize) -> impl Iterator<Item = Seat> + Clone {
        (0..n as u8).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A side: the seats that pool their tricks and share one score (a team, a pair, or a player
/// alone).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Side(pub u8);

impl Side {
    /// The side's index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// How the seats of a table form sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sides {
    of_seat: [u8; MAX_SEATS],
    seats: u8,
    sides: u8,
}

impl Sides {
    /// Everyone plays alone: side `i` is seat `i`.
    pub const fn alone(n: usize) -> Sides {
        let mut of_seat = [0u8; MAX_SEATS];
        let mut i = 0;
        while i < n {
            of_seat[i] = i as u8;
            i += 1;
        }
        Sides {
            of_seat,
            seats: n as u8,
            sides: n as u8,
        }
    }

    /// Partners sit `n / k` apart: seat `i` is on side `i mod k`. Two alternating teams are
    /// `k = 2`; three pairs of six players, or four pairs of eight, are `k = n / 2`.
    pub const fn every(n: usize, k: usize) -> Sides {
        let mut of_seat = [0u8; MAX_SEATS];
        let mut i = 0;
        while i < n {
            of_seat[i] = (i % k) as u8;
            i += 1;
        }
        Sides {
            of_seat,
            seats: n as u8,
            sides: k as u8,
        }
    }

    /// The side of `seat`.
    #[inline]
    pub const fn side(&self, seat: Seat) -> Side {
        Side(self.of_seat[seat.0 as usize])
    }

    /// The number of seats.
    #[inline]
    pub const fn num_seats(&self) -> usize {
        self.seats as usize
    }

    /// The number of sides.
    #[inline]
    pub const fn num_sides(&self) -> usize {
        self.sides as usize
    }

    /// Whether the two seats are on the same side.
    #[inline]
    pub const fn partners(&self, a: Seat, b: Seat) -> bool {
        self.of_seat[a.0 as usize] == self.of_seat[b.0 as usize]
    }

    /// The seats of `side`, as a bit mask over seat indices.
    #[inline]
    pub fn members_mask(&self, side: Side) -> u8 {
        let mut m = 0u8;
        for i in 0..self.seats as usize {
            if self.of_seat[i] == side.0 {
                m |= 1 << i;
            }
        }
        m
    }

    /// The seats of `side`.
    pub fn members(&self, side: Side) -> impl Iterator<Item = Seat> + '_ {
        Seat::all(self.num_seats()).filter(move |&s| self.side(s) == side)
    }

    /// All sides.
    pub fn all(&self) -> impl Iterator<Item = Side> + Clone {
        (0..self.sides).map(Side)
    }

    /// The seats of `side` written as `0+2`.
    pub fn label(&self, side: Side) -> String {
        self.members(side)
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join("+")
    }
}

/// Reads the seat `text` given to `flag` at a table of `seats`: a seat number from 0, or a
/// compass letter (N, E, S, W, any case) when there are four seats.
///
/// # Errors
/// A one-line message naming the flag and the seats allowed.
pub fn parse_seat(flag: &str, text: &str, seats: usize) -> Result<Seat, String> {
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
        .ok_or_else(|| format!("{flag} `{t}`: expected a seat, {allowed}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts() {
        let teams = Sides::every(6, 2);
        assert_eq!(teams.members_mask(Side(0)), 0b010101);
        let pairs = Sides::every(6, 3);
        assert!(pairs.partners(Seat(0), Seat(3)));
        assert!(pairs.partners(Seat(2), Seat(5)));
        assert_eq!(pairs.label(Side(1)), "1+4");
        let alone = Sides::alone(5);
        assert_eq!(alone.num_sides(), 5);
        assert_eq!(Seat(0).right(5), Seat(4));
    }

    #[test]
    fn seats_read_as_numbers_and_compass_letters() {
        assert_eq!(parse_seat("--seat", "N", 4).unwrap(), Seat(0));
        assert_eq!(parse_seat("--seat", "w", 4).unwrap(), Seat(3));
        assert_eq!(parse_seat("--seat", " 2 ", 3).unwrap(), Seat(2));
        let e = parse_seat("--seat", "E", 3).unwrap_err();
        assert_eq!(e, "--seat `E`: expected a seat, 0 to 2");
        let e = parse_seat("--seat", "4", 4).unwrap_err();
        assert_eq!(e, "--seat `4`: expected a seat, 0 to 3 or N, E, S, W");
    }
}
