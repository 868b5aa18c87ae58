//! The random number generator every part of tricklab uses, and the few draws it needs.
//!
//! Every stream is a [`GameRng`] (xoshiro256++) seeded from `(seed, index, purpose)` by
//! [`stream`], never from a thread, so that game `i` of a run with seed `s` is the same deal and
//! the same play on any thread count, shard or machine. The draws here are written out (rather
//! than taken from `rand`'s distributions) so that their output is fixed by this file alone.

use rand::{Rng, SeedableRng};

/// The generator used for deals, agents and sampling.
pub type GameRng = rand_xoshiro::Xoshiro256PlusPlus;

/// What a random stream is used for; part of the stream's seed so that streams never overlap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u64)]
pub enum Purpose {
    /// Shuffling the deals of a match.
    Deal = 1,
    /// The decisions of the agent in a seat (the seat is added to the index).
    Agent = 2,
    /// The first dealer of a match.
    FirstDealer = 3,
    /// Anything else a caller needs (tests, benches, bootstraps).
    Other = 4,
}

/// SplitMix64's finaliser: a bijective mix of 64 bits.
#[inline]
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The stream for `(seed, index, purpose, sub)`: `index` is usually the game number and `sub`
/// a seat or hand number.
pub fn stream(seed: u64, index: u64, purpose: Purpose, sub: u64) -> GameRng {
    let a = mix64(seed ^ 0x7472_6963_6b6c_6162); // "tricklab"
    let b = mix64(a ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let c = mix64(b ^ (purpose as u64).wrapping_mul(0xd1b5_4a32_d192_ed03));
    GameRng::seed_from_u64(mix64(c ^ sub.wrapping_mul(0x8cb9_2ba7_2f3d_8dd7)))
}

/// A uniform integer in `0..n` (Lemire's multiply-and-reject; unbiased).
///
/// # Panics
/// In debug builds, if `n == 0`.
#[inline]
pub fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    debug_assert!(n > 0);
    let mut m = (rng.next_u32() as u64) * (n as u64);
    if (m as u32) < n {
        let t = n.wrapping_neg() % n;
        while (m as u32) < t {
            m = (rng.next_u32() as u64) * (n as u64);
        }
    }
    (m >> 32) as u32
}

/// A uniform float in `[0, 1)` with 53 random bits.
#[inline]
pub fn unit<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// Shuffles `items` uniformly in place (Fisher–Yates). Each 64-bit draw serves two steps
/// (Lemire's method on each 32-bit half, with a fresh draw on the rare rejection).
#[inline]
pub fn shuffle<T, R: Rng + ?Sized>(rng: &mut R, items: &mut [T]) {
    let mut i = items.len();
    while i > 1 {
        let x = rng.next_u64();
        for half in [x as u32, (x >> 32) as u32] {
            if i <= 1 {
                break;
            }
            let n = i as u32;
            let m = half as u64 * n as u64;
            let low = m as u32;
            // Reject (and draw afresh) only in Lemire's rare biased zone; the division that
            // finds the zone runs only when the low half is small.
            let j = if low < n && low < n.wrapping_neg() % n {
                below(rng, n)
            } else {
                (m >> 32) as u32
            };
            items.swap(i - 1, j as usize);
            i -= 1;
        }
    }
}

/// The random streams of one game (deal `index` of a run with `seed`): one per seat for its
/// agent (the agent stream's sub-index is `agent_sub(seat)`), one for the deals, and the first
/// dealer. `deal_sub` separates runs that must not share deals (0 for the shared deals of an
/// experiment, so that every arm and rotation plays the same cards).
pub struct GameStreams {
    /// Each seat's agent stream.
    pub agents: Vec<GameRng>,
    /// The stream the deals are shuffled from.
    pub deal: GameRng,
    /// The first dealer's seat index.
    pub first_dealer: u8,
}

impl GameStreams {
    /// The streams of game `index` at a table of `seats`.
    pub fn new(
        seed: u64,
        index: u64,
        seats: usize,
        deal_sub: u64,
        agent_sub: impl Fn(usize) -> u64,
    ) -> GameStreams {
        let mut s = GameStreams {
            agents: Vec::with_capacity(seats),
            deal: stream(seed, index, Purpose::Deal, deal_sub),
            first_dealer: 0,
        };
        s.renew(seed, index, seats, deal_sub, agent_sub);
        s
    }

    /// These streams made the streams of game `index` (as [`GameStreams::new`] makes them),
    /// reusing the agents' vector: a runner that plays game after game allocates nothing.
    pub fn renew(
        &mut self,
        seed: u64,
        index: u64,
        seats: usize,
        deal_sub: u64,
        agent_sub: impl Fn(usize) -> u64,
    ) {
        self.agents.clear();
        self.agents
            .extend((0..seats).map(|s| stream(seed, index, Purpose::Agent, agent_sub(s))));
        self.deal = stream(seed, index, Purpose::Deal, deal_sub);
        self.first_dealer = below(
            &mut stream(seed, index, Purpose::FirstDealer, deal_sub),
            seats as u32,
        ) as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_is_in_range_and_roughly_uniform() {
        let mut rng = stream(1, 2, Purpose::Other, 0);
        let mut counts = [0u32; 7];
        for _ in 0..70_000 {
            counts[below(&mut rng, 7) as usize] += 1;
        }
        for c in counts {
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn streams_differ_by_every_part() {
        let draw = |s, i, p, k| stream(s, i, p, k).next_u64();
        let base = draw(1, 1, Purpose::Deal, 0);
        assert_ne!(base, draw(2, 1, Purpose::Deal, 0));
        assert_ne!(base, draw(1, 2, Purpose::Deal, 0));
        assert_ne!(base, draw(1, 1, Purpose::Agent, 0));
        assert_ne!(base, draw(1, 1, Purpose::Deal, 1));
        assert_eq!(base, draw(1, 1, Purpose::Deal, 0));
    }
}
