//! The network: a small multilayer perceptron trained on the CPU, written out in full.
//!
//! One hidden layer of `tanh` units reads the sparse inputs of an [`InfoState`];
//! for each unknown card an output row per class gives a logit, and a softmax over the classes
//! the card may be in (the others are ruled out by what the seat knows) gives the card's
//! probability of being in each. Training minimises the mean cross-entropy per unknown card
//! with Adam on minibatches, in a fixed order of floating-point operations on one thread, so
//! that a seed gives the same weights to the bit.
//!
//! No network crate is used: the forward and backward passes of this one-hidden-layer network
//! are a page of loops, the inputs are sparse (a few dozen of several hundred are not zero),
//! and every crate measured for it (see `results/learned-inference/README.md`) added 69 to 77
//! crates to the build.

use crate::rng::{GameRng, unit};

use super::features::{CARDS, InfoState, NO_LABEL};

/// A network's shape: inputs, hidden units and classes per card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Inputs.
    pub inputs: usize,
    /// Hidden units.
    pub hidden: usize,
    /// Classes each card may be in.
    pub classes: usize,
}

impl Shape {
    /// The number of parameters.
    pub const fn parameters(&self) -> usize {
        self.inputs * self.hidden
            + self.hidden
            + CARDS * self.classes * self.hidden
            + CARDS * self.classes
    }
    const fn b1(&self) -> usize {
        self.inputs * self.hidden
    }
    const fn w2(&self) -> usize {
        self.b1() + self.hidden
    }
    const fn b2(&self) -> usize {
        self.w2() + CARDS * self.classes * self.hidden
    }
}

/// The multilayer perceptron: its shape and parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    shape: Shape,
    params: Vec<f32>,
}

/// Training settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainSettings {
    /// Passes over the examples.
    pub epochs: u32,
    /// Examples per step.
    pub batch: usize,
    /// Adam's step size.
    pub learning_rate: f32,
}

impl Default for TrainSettings {
    fn default() -> TrainSettings {
        TrainSettings {
            epochs: 4,
            batch: 32,
            learning_rate: 0.003,
        }
    }
}

/// One training example: the information state and, per card, its true class.
#[derive(Clone, Debug, PartialEq)]
pub struct Example {
    /// What the seat knew.
    pub state: InfoState,
    /// Where each card the seat was uncertain of was ([`NO_LABEL`] for the others).
    pub labels: [u8; CARDS],
}

/// Scratch space for a forward pass.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    hidden: Vec<f32>,
    pre: Vec<f32>,
}

impl Network {
    /// A network of `shape` with small random weights drawn from `rng` (Glorot uniform).
    pub fn new(shape: Shape, rng: &mut GameRng) -> Network {
        let mut params = vec![0.0f32; shape.parameters()];
        let a1 = (6.0 / (32.0 + shape.hidden as f64)).sqrt();
        let a2 = (6.0 / (shape.hidden as f64 + shape.classes as f64)).sqrt();
        for p in &mut params[..shape.b1()] {
            *p = ((2.0 * unit(rng) - 1.0) * a1) as f32;
        }
        for p in &mut params[shape.w2()..shape.b2()] {
            *p = ((2.0 * unit(rng) - 1.0) * a2) as f32;
        }
        Network { shape, params }
    }

    /// A network of `shape` with the given parameters, or `None` if their number is wrong.
    pub fn from_parameters(shape: Shape, params: Vec<f32>) -> Option<Network> {
        (params.len() == shape.parameters()).then_some(Network { shape, params })
    }

    /// The network's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The parameters, in file order.
    pub fn parameters(&self) -> &[f32] {
        &self.params
    }

    /// Runs the hidden layer on `x` into `scratch`.
    fn hidden_layer(&self, x: &InfoState, scratch: &mut Scratch) {
        let h = self.shape.hidden;
        scratch.pre.clear();
        scratch
            .pre
            .extend_from_slice(&self.params[self.shape.b1()..self.shape.w2()]);
        for &(i, v) in &x.inputs {
            let row = &self.params[i as usize * h..(i as usize + 1) * h];
            for (z, w) in scratch.pre.iter_mut().zip(row) {
                *z += v * w;
            }
        }
        scratch.hidden.clear();
        scratch.hidden.extend(scratch.pre.iter().map(|&z| z.tanh()));
    }

    /// The probabilities of card `slot` being in each class (0 outside `allowed`), into `out`
    /// (one per class); the hidden layer must have been run.
    fn card_probabilities(&self, slot: usize, allowed: u8, scratch: &Scratch, out: &mut [f64]) {
        let (h, k) = (self.shape.hidden, self.shape.classes);
        let mut max = f64::NEG_INFINITY;
        for (class, o) in out.iter_mut().enumerate().take(k) {
            if allowed & (1 << class) == 0 {
                *o = f64::NEG_INFINITY;
                continue;
            }
            let row = slot * k + class;
            let w = &self.params[self.shape.w2() + row * h..self.shape.w2() + (row + 1) * h];
            let dot: f32 = w.iter().zip(&scratch.hidden).map(|(a, b)| a * b).sum();
            *o = f64::from(dot + self.params[self.shape.b2() + row]);
            max = max.max(*o);
        }
        let mut total = 0.0;
        for o in out.iter_mut().take(k) {
            *o = if *o == f64::NEG_INFINITY {
                0.0
            } else {
                (*o - max).exp()
            };
            total += *o;
        }
        for o in out.iter_mut().take(k) {
            *o /= total;
        }
    }

    /// For each of the 52 cards, its probability of being in each class (`classes` numbers a
    /// card, card-major, into `out`); zero rows for cards the seat is not uncertain of.
    pub fn predict(&self, x: &InfoState, scratch: &mut Scratch, out: &mut Vec<f64>) {
        let k = self.shape.classes;
        out.clear();
        out.resize(CARDS * k, 0.0);
        self.hidden_layer(x, scratch);
        for slot in x.unknown_slots() {
            self.card_probabilities(slot, x.allowed[slot], scratch, &mut out[slot * k..][..k]);
        }
    }

    /// The mean cross-entropy per unknown card (nats) over `examples`.
    pub fn loss(&self, examples: &[Example]) -> f64 {
        let mut scratch = Scratch::default();
        let mut p = vec![0.0; self.shape.classes];
        let (mut sum, mut n) = (0.0, 0usize);
        for e in examples {
            self.hidden_layer(&e.state, &mut scratch);
            for slot in e.state.unknown_slots() {
                self.card_probabilities(slot, e.state.allowed[slot], &scratch, &mut p);
                sum -= p[e.labels[slot] as usize].max(1e-12).ln();
                n += 1;
            }
        }
        if n == 0 { 0.0 } else { sum / n as f64 }
    }

    /// Trains on `examples` with `settings`, shuffling with `rng`; returns the mean training
    /// loss of each epoch (nats per unknown card).
    pub fn train(
        &mut self,
        examples: &[Example],
        settings: &TrainSettings,
        rng: &mut GameRng,
    ) -> Vec<f64> {
        let mut adam = Adam::new(self.params.len());
        let mut grad = vec![0.0f32; self.params.len()];
        let mut order: Vec<usize> = (0..examples.len()).collect();
        let mut scratch = Scratch::default();
        let mut losses = Vec::new();
        for _ in 0..settings.epochs {
            crate::rng::shuffle(rng, &mut order);
            let (mut sum, mut n) = (0.0, 0usize);
            for batch in order.chunks(settings.batch.max(1)) {
                grad.fill(0.0);
                let cards: usize = batch
                    .iter()
                    .map(|&i| examples[i].state.unknown_slots().count())
                    .sum();
                if cards == 0 {
                    continue;
                }
                let scale = 1.0 / cards as f32;
                for &i in batch {
                    sum += self.backward(&examples[i], scale, &mut scratch, &mut grad);
                }
                n += cards;
                adam.step(&mut self.params, &grad, settings.learning_rate);
            }
            losses.push(if n == 0 { 0.0 } else { sum / n as f64 });
        }
        losses
    }

    /// Adds `scale` × the gradient of `e`'s summed cross-entropy to `grad`; returns that sum.
    fn backward(&self, e: &Example, scale: f32, scratch: &mut Scratch, grad: &mut [f32]) -> f64 {
        let (h, k) = (self.shape.hidden, self.shape.classes);
        let s = self.shape;
        self.hidden_layer(&e.state, scratch);
        let mut dh = vec![0.0f32; h];
        let mut p = [0.0f64; 8];
        let mut loss = 0.0;
        for slot in e.state.unknown_slots() {
            let label = e.labels[slot];
            debug_assert_ne!(label, NO_LABEL);
            self.card_probabilities(slot, e.state.allowed[slot], scratch, &mut p[..k]);
            loss -= p[label as usize].max(1e-12).ln();
            for (class, &pc) in p.iter().enumerate().take(k) {
                if e.state.allowed[slot] & (1 << class) == 0 {
                    continue;
                }
                let g = (pc as f32 - if class == label as usize { 1.0 } else { 0.0 }) * scale;
                let row = slot * k + class;
                let w = s.w2() + row * h;
                for j in 0..h {
                    dh[j] += g * self.params[w + j];
                    grad[w + j] += g * scratch.hidden[j];
                }
                grad[s.b2() + row] += g;
            }
        }
        for j in 0..h {
            dh[j] *= 1.0 - scratch.hidden[j] * scratch.hidden[j];
            grad[s.b1() + j] += dh[j];
        }
        for &(i, v) in &e.state.inputs {
            let row = &mut grad[i as usize * h..(i as usize + 1) * h];
            for (g, d) in row.iter_mut().zip(&dh) {
                *g += v * d;
            }
        }
        loss
    }
}

/// Adam (Kingma & Ba 2015) with the usual constants.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
        }
    }

    fn step(&mut self, params: &mut [f32], grad: &[f32], lr: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        const EPS: f32 = 1e-8;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        for i in 0..params.len() {
            let g = grad[i];
            self.m[i] = B1 * self.m[i] + (1.0 - B1) * g;
            self.v[i] = B2 * self.v[i] + (1.0 - B2) * g * g;
            params[i] -= lr * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + EPS);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{Purpose, stream};

    fn toy(rng: &mut GameRng) -> Vec<Example> {
        // Card 0 is in class 1 exactly when input 7 is on; card 1 is always in class 0.
        (0..200)
            .map(|_| {
                let on = unit(rng) < 0.5;
                let mut state = InfoState::default();
                if on {
                    state.inputs.push((7, 1.0));
                }
                state.allowed[0] = 0b11;
                state.allowed[1] = 0b11;
                let mut labels = [NO_LABEL; CARDS];
                labels[0] = u8::from(on);
                labels[1] = 0;
                Example { state, labels }
            })
            .collect()
    }

    #[test]
    fn training_learns_a_pattern_and_repeats_to_the_bit() {
        let shape = Shape {
            inputs: 10,
            hidden: 8,
            classes: 2,
        };
        let data = toy(&mut stream(1, 0, Purpose::Other, 0));
        let settings = TrainSettings {
            epochs: 60,
            batch: 16,
            learning_rate: 0.02,
        };
        let run = || {
            let mut rng = stream(2, 0, Purpose::Other, 0);
            let mut net = Network::new(shape, &mut rng);
            let before = net.loss(&data);
            net.train(&data, &settings, &mut rng);
            (before, net)
        };
        let (before, a) = run();
        let (_, b) = run();
        assert_eq!(a, b, "same seed, same weights");
        let after = a.loss(&data);
        assert!(before > 0.5 && after < 0.1, "loss {before} → {after}");
        let mut scratch = Scratch::default();
        let mut out = Vec::new();
        a.predict(&data[0].state, &mut scratch, &mut out);
        let want = data[0].labels[0] as usize;
        assert!(out[want] > 0.9, "{out:?}");
        assert!(
            out[2 * 2..].iter().all(|&p| p == 0.0),
            "no prediction for seen cards"
        );
    }

    #[test]
    fn a_card_with_one_allowed_class_is_certain() {
        let shape = Shape {
            inputs: 4,
            hidden: 3,
            classes: 3,
        };
        let net = Network::new(shape, &mut stream(3, 0, Purpose::Other, 0));
        let mut x = InfoState::default();
        x.allowed[5] = 0b100;
        x.allowed[6] = 0b011;
        let mut out = Vec::new();
        net.predict(&x, &mut Scratch::default(), &mut out);
        assert_eq!(&out[15..18], &[0.0, 0.0, 1.0]);
        assert!((out[18] + out[19] - 1.0).abs() < 1e-12 && out[20] == 0.0);
    }
}
