//! Worlds drawn in proportion to beliefs about where each card is: the learned model's
//! `infer=model,sample=model` (see [`inference`](crate::agents::inference)).

use rand::Rng;

use crate::cards::{Card, CardSet};
use crate::rng::{shuffle, unit};

use super::WorldSampler;

/// The most places a guided draw handles (a table's hidden hands and its other places).
const MAX_PLACES: usize = 32;

impl WorldSampler {
    /// Draws a consistent world guided by beliefs, into `hidden` (one entry per place).
    ///
    /// The table of how many cards of each class go to each place is drawn as in
    /// [`WorldSampler::sample_into`], in proportion to its number of worlds, so every
    /// constraint holds. Then each class's cards go one at a time, in a random order, to a
    /// place the class still has room in: place `p` with probability proportional to
    /// `belief(card, group[p]) × room(p) / room(group[p])`, where `room(p)` is what the class
    /// still has to put in `p` and `room(g)` what it had to put in all the places of group `g`
    /// at the start. So the first card of a class goes to each group with the probability its
    /// belief gives (normalised over the groups with room), and shares a group's probability
    /// among its places by their room. A belief of each group's share of the class's room for
    /// every card draws every world equally often; where the beliefs with room are all 0 (or
    /// not finite), the card goes in proportion to room alone.
    ///
    /// # Panics
    /// If `hidden` or `group` does not have one entry per place, or there are more than 32
    /// places.
    pub fn sample_guided_into<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        hidden: &mut [CardSet],
        group: &[u8],
        belief: impl Fn(Card, u8) -> f64,
    ) {
        let n_places = self.slots.len();
        assert_eq!(hidden.len(), n_places, "one entry per place");
        assert_eq!(group.len(), n_places, "one group per place");
        assert!(n_places <= MAX_PLACES, "at most {MAX_PLACES} places");
        hidden.fill(CardSet::EMPTY);
        self.with_table(rng, |rng, table| {
            self.deal_by_beliefs(rng, table, hidden, group, &belief);
        });
    }

    /// Hands out each class's cards as `table` says, by `belief` (see
    /// [`WorldSampler::sample_guided_into`]).
    fn deal_by_beliefs<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        table: &[u8],
        hidden: &mut [CardSet],
        group: &[u8],
        belief: &impl Fn(Card, u8) -> f64,
    ) {
        let n_places = self.slots.len();
        let n_classes = self.class_cards.len();
        let mut room = [0u32; MAX_PLACES];
        let mut start = [0u32; MAX_PLACES];
        let mut weight = [0.0f64; MAX_PLACES];
        let mut order = [Card::from_index(0).expect("a card"); 52];
        for (c, cards) in self.class_cards.iter().enumerate() {
            for p in 0..n_places {
                room[p] = u32::from(table[p * n_classes + c]);
            }
            for p in 0..n_places {
                start[p] = (0..n_places)
                    .filter(|&q| group[q] == group[p])
                    .map(|q| room[q])
                    .sum();
            }
            // A random order: handing the surest cards out first scored worse on validation
            // hands (their room is then gone before the less sure cards come).
            let order = &mut order[..cards.len()];
            order.copy_from_slice(cards);
            shuffle(rng, order);
            for &card in order.iter() {
                let mut total = 0.0;
                for p in 0..n_places {
                    weight[p] = if room[p] == 0 {
                        0.0
                    } else {
                        belief(card, group[p]) * f64::from(room[p]) / f64::from(start[p])
                    };
                    total += weight[p];
                }
                if !(total.is_finite() && total > 0.0) {
                    total = 0.0;
                    for p in 0..n_places {
                        weight[p] = f64::from(room[p]);
                        total += weight[p];
                    }
                }
                let mut x = unit(rng) * total;
                let mut to = None;
                for p in 0..n_places {
                    if room[p] == 0 {
                        continue;
                    }
                    to = Some(p);
                    if x < weight[p] {
                        break;
                    }
                    x -= weight[p];
                }
                let p = to.expect("a class has room for each of its cards");
                room[p] -= 1;
                hidden[p].insert(card);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::super::tests::{brute, hands_holding, random_knowledge};
    use super::*;
    use crate::cards::CardSet;
    use crate::knowledge::Knowledge;
    use crate::rng::{Purpose, below, stream};

    /// Six unknown cards for three hands of 1, 2 and 3 hidden cards, nothing excluded.
    fn six_cards() -> Knowledge {
        hands_holding(CardSet::ALL.iter().take(6).collect(), &[1, 2, 3], |_| {
            CardSet::EMPTY
        })
    }

    #[test]
    fn guided_draws_keep_every_constraint_whatever_the_beliefs() {
        let mut rng = stream(11, 0, Purpose::Other, 0);
        let mut drawn = 0;
        for _ in 0..2000 {
            let k = random_knowledge(&mut rng);
            if brute(&k) == 0 {
                continue;
            }
            let sampler = WorldSampler::new(&k).unwrap();
            let group: Vec<u8> = (0..k.places.len())
                .map(|_| below(&mut rng, 2) as u8)
                .collect();
            // Beliefs at random, a third of them 0 (every card may have none where it fits).
            let seed = below(&mut rng, 1000);
            let belief = |card: Card, g: u8| {
                let h = (card.index() as u32 * 31 + u32::from(g) * 7 + seed) % 9;
                if h < 3 { 0.0 } else { f64::from(h) }
            };
            let mut hidden = vec![CardSet::EMPTY; k.places.len()];
            for _ in 0..5 {
                sampler.sample_guided_into(&mut rng, &mut hidden, &group, belief);
                let mut all = CardSet::EMPTY;
                for (cards, p) in hidden.iter().zip(&k.places) {
                    assert_eq!(cards.len(), p.hidden(), "{k}");
                    assert!(cards.is_disjoint(p.excluded), "{k}");
                    assert!(all.is_disjoint(*cards));
                    all |= *cards;
                }
                assert_eq!(all, k.unknown);
                drawn += 1;
            }
        }
        assert!(drawn > 2000, "{drawn}");
    }

    #[test]
    fn beliefs_of_each_groups_share_of_room_draw_every_world_equally_often() {
        let k = six_cards();
        let sampler = WorldSampler::new(&k).unwrap();
        assert_eq!(sampler.count(), 60);
        // Each place its own group, then the first two as one group.
        for (group, share) in [
            (vec![0u8, 1, 2], [1.0 / 6.0, 2.0 / 6.0, 3.0 / 6.0]),
            (vec![0u8, 0, 1], [3.0 / 6.0, 3.0 / 6.0, 0.0]),
        ] {
            let mut rng = stream(12, 0, Purpose::Other, 0);
            let mut counts: HashMap<Vec<CardSet>, u32> = HashMap::new();
            let mut hidden = vec![CardSet::EMPTY; 3];
            let draws = 60_000;
            for _ in 0..draws {
                sampler.sample_guided_into(&mut rng, &mut hidden, &group, |_, g| {
                    share[usize::from(g)]
                });
                *counts.entry(hidden.clone()).or_default() += 1;
            }
            assert_eq!(counts.len(), 60, "every world is drawn");
            let expected = f64::from(draws) / 60.0;
            let chi2: f64 = counts
                .values()
                .map(|&c| (f64::from(c) - expected).powi(2) / expected)
                .sum();
            // 59 degrees of freedom: the 99.9th percentile is about 99.
            assert!(chi2 < 99.0, "{group:?}: chi-square {chi2:.1}");
        }
    }

    #[test]
    fn a_leaning_belief_draws_its_card_as_often_as_the_random_order_gives() {
        // Four cards for two hands of two. One card leans to the second hand (0.8 against
        // 0.2); the others' beliefs are the room's shares, so they fill the slots uniformly.
        // Placed k-th of four (each k equally likely), after k − 1 uniform placements, it goes
        // to the second hand with probability 0.8 r₁ / (0.8 r₁ + 0.2 r₀) over the rooms left:
        // 0.8 first; (8/9 + 2/3) / 2 second; 1/6 + (4/6) 0.8 third; 1/2 last. Mean 0.6944.
        let k = hands_holding(CardSet::ALL.iter().take(4).collect(), &[2, 2], |_| {
            CardSet::EMPTY
        });
        let sampler = WorldSampler::new(&k).unwrap();
        let leaning = k.unknown.iter().next().unwrap();
        let belief = |card: Card, g: u8| match (card == leaning, g) {
            (true, 0) => 0.2,
            (true, _) => 0.8,
            (false, _) => 0.5,
        };
        let want =
            (0.8 + (8.0 / 9.0 + 2.0 / 3.0) / 2.0 + (1.0 / 6.0 + 4.0 / 6.0 * 0.8) + 0.5) / 4.0;
        let mut rng = stream(13, 0, Purpose::Other, 0);
        let mut hidden = vec![CardSet::EMPTY; 2];
        let (mut second, draws) = (0u32, 20_000u32);
        for _ in 0..draws {
            sampler.sample_guided_into(&mut rng, &mut hidden, &[0, 1], belief);
            second += u32::from(hidden[1].contains(leaning));
        }
        // About 3.5 standard deviations (0.0033) either side.
        let share = f64::from(second) / f64::from(draws);
        assert!((share - want).abs() < 0.012, "{share} against {want}");
    }
}
