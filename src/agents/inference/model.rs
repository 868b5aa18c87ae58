//! The models of the other seats: the probability that a seat plays a card in a world.

use crate::cards::Card;
use crate::games::{Action, Game, Seat};
use crate::rng::GameRng;
use crate::solver::{Solvable, Solver};

use super::super::Agent;
use super::ModelKind;

/// A model with what it needs to answer: B0, a solver.
pub(crate) struct Model<G: Game> {
    pub kind: ModelKind,
    pub noise: f64,
    pub temp: f64,
    /// B0, for `rules`.
    pub rules: Box<dyn Agent<G>>,
    /// For `dd`, made at its first use.
    pub solver: Option<Solver>,
}

/// The solver table size of the `dd` model: about `2^16` entries.
const DD_TT_BITS: u32 = 16;

impl<G: Solvable> Model<G> {
    /// The probability that `seat`, to play in `world`, plays `card` (0 if it is not legal).
    pub fn probability(&mut self, world: &G, seat: Seat, card: Card, rng: &mut GameRng) -> f64 {
        let legal = world.legal_actions();
        if !legal.contains(Action::Play(card)) {
            return 0.0;
        }
        let n = legal.len();
        if n == 1 {
            return 1.0;
        }
        match self.kind {
            // The learned model weighs whole worlds, not plays (see `learned`).
            ModelKind::Flat | ModelKind::Learned => 1.0,
            ModelKind::Random => 1.0 / n as f64,
            ModelKind::Rules => {
                if self.rules.choose(world, seat, rng) == Action::Play(card) {
                    1.0 - self.noise
                } else {
                    self.noise / (n - 1) as f64
                }
            }
            ModelKind::DoubleDummy => {
                let Ok(pos) = world.position_for(seat) else {
                    return 1.0 / n as f64;
                };
                let solver = self
                    .solver
                    .get_or_insert_with(|| Solver::with_table_bits(DD_TT_BITS));
                let solution = solver.solve(&pos);
                let best = solution.cards().map(|(_, v)| v).max().unwrap_or(0);
                let (mut mine, mut all) = (0.0, 0.0);
                for (c, v) in solution.cards() {
                    let e = (f64::from(v - best) / self.temp).exp();
                    all += e;
                    if c == card {
                        mine = e;
                    }
                }
                mine / all
            }
        }
    }
}
