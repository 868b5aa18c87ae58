//! Sample sizes that count independent games (RULES.md §5.4).
//!
//! A duplicate run replays each deal once per rotation. When every seat of an arm holds the
//! same agent, the rotations replay one and the same game (only the measured seats move), so
//! they are one observation, not several; otherwise each rotation is a different game.

/// The number of independent games among `units_per_deal` (for each deal, how many rotations
/// fall in the statistic's population): the deals with at least one unit when the rotations
/// replay an identical game (`identical`), else every unit.
pub fn independent_games(units_per_deal: &[usize], identical: bool) -> u64 {
    if identical {
        units_per_deal.iter().filter(|&&u| u > 0).count() as u64
    } else {
        units_per_deal.iter().map(|&u| u as u64).sum()
    }
}

/// Whether the rotations of a seating replay an identical game: every seat the same agent.
pub fn rotations_identical<T: PartialEq>(seats: &[T]) -> bool {
    seats.windows(2).all(|w| w[0] == w[1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_rotations_count_once() {
        // Two deals of a 2-rotation run, the second with only one rotation in the population,
        // and a third deal outside it.
        let units = [2, 1, 0];
        assert_eq!(independent_games(&units, true), 2);
        assert_eq!(independent_games(&units, false), 3);
    }

    #[test]
    fn a_seating_of_one_agent_replays_one_game() {
        assert!(rotations_identical(&["rules", "rules", "rules", "rules"]));
        assert!(!rotations_identical(&[
            "rules:save_ten",
            "rules",
            "rules:save_ten",
            "rules"
        ]));
        assert!(rotations_identical::<&str>(&[]));
    }
}
