//! The logarithms of UCB1's availability term, looked up instead of computed per child.

/// `ln(n)` of availability counts, looked up: each entry is exactly the value `f32::ln` gives,
/// so a search selects as it would computing them. The table grows (doubling) to the largest
/// count a search reaches and is kept for the worker's next search: at a million iterations
/// the root's children are available about a million times, and the logarithm's call took
/// about 5% of an iteration's instructions.
#[derive(Clone, Debug, Default)]
pub struct LnTable(Vec<f32>);

impl LnTable {
    /// The most entries the table grows to (16 MiB); counts beyond are computed.
    const MOST: usize = 1 << 22;

    /// `ln(n)`, exactly as `(n as f32).ln()`.
    #[inline]
    pub fn get(&mut self, n: u32) -> f32 {
        match self.0.get(n as usize) {
            Some(&l) => l,
            None => self.grow(n),
        }
    }

    /// Grows the table to hold `n` (up to its most) and returns `ln(n)`.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, n: u32) -> f32 {
        let want = (n as usize + 1).next_power_of_two().max(4096);
        if want <= Self::MOST {
            let from = self.0.len();
            self.0.extend((from..want).map(|i| (i as f32).ln()));
        }
        (n as f32).ln()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn looked_up_logarithms_are_f32s_own() {
        let mut t = LnTable::default();
        let counts = (0..70_000u32).chain([5_000_000, 1 << 22, (1 << 22) - 1, 17, u32::MAX]);
        for n in counts {
            assert_eq!(t.get(n).to_bits(), (n as f32).ln().to_bits(), "ln({n})");
        }
        assert_eq!(t.0.len(), LnTable::MOST, "grown to its most and no further");
    }
}
