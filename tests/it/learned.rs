//! Learned card-location inference (issue 34): `tricklab train` is reproducible from a seed on
//! any thread count, a model file for another table, version or a damaged one is refused in
//! one line with exit code 2, and a model trained on 1,500 B0 hands predicts where the
//! unseen cards are better than the uniform sampler on held-out hands.

use std::sync::Arc;

use tricklab::agents::AgentSpec;
use tricklab::games::whist::{Options, Setup};
use tricklab::knowledge::learned::{LearnedModel, TrainSettings};
use tricklab::learn::{TrainRequest, eval, train};

use super::common::{temp_path, tricklab, tricklab_ok};

fn request(hands: u64, seed: u64) -> TrainRequest {
    TrainRequest {
        field: vec!["rules".parse::<AgentSpec>().unwrap(); 4],
        hands,
        seed,
        hidden: 16,
        settings: TrainSettings {
            epochs: 3,
            ..TrainSettings::default()
        },
    }
}

fn trained_on(threads: usize, hands: u64, seed: u64) -> Vec<u8> {
    let setup = Setup::new(4, Options::default()).unwrap();
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(|| train(&setup, &request(hands, seed)).unwrap().to_bytes())
}

#[test]
fn training_gives_the_same_model_bytes_from_a_seed_on_any_thread_count() {
    let one = trained_on(1, 24, 7);
    assert_eq!(one, trained_on(1, 24, 7));
    assert_eq!(one, trained_on(3, 24, 7));
    assert_ne!(one, trained_on(1, 24, 8), "another seed, another model");
    let m = LearnedModel::from_bytes(&one).unwrap();
    assert_eq!(m.header.provenance.hands, 24);
    assert_eq!(m.header.provenance.field, "rules,rules,rules,rules");
    assert_eq!(m.header.provenance.loss.len(), 3);
}

#[test]
fn a_model_of_b0_hands_beats_the_uniform_sampler_on_held_out_hands() {
    let setup = Setup::new(4, Options::default()).unwrap();
    // Fewer hands overfit: 300 hands' model loses to the uniform sampler on these hands.
    let r = request(1500, 3);
    let model = Arc::new(train(&setup, &r).unwrap());
    let judged = eval::judge(&setup, &model, &r.field, 0..12, 99).unwrap();
    assert!(judged.len() > 400, "{}", judged.len());
    let learned = eval::score(&judged, 4, |j| eval::model_probabilities(&model, j));
    let uniform = eval::score(&judged, 4, |j| j.uniform.clone());
    assert_eq!(learned.cards, uniform.cards);
    assert!(
        learned.log_loss < uniform.log_loss - 0.01,
        "model {:.4} against uniform {:.4}",
        learned.log_loss,
        uniform.log_loss
    );
    // The exact uniform marginals and every pool's estimate sum to one over the classes of
    // every unseen card.
    for j in &judged {
        for slot in j.example.state.unknown_slots() {
            let pools = [&j.uniform, &j.rules, &j.pool, &j.guided]
                .into_iter()
                .chain(&j.model_pools);
            for p in pools {
                let s: f64 = p[slot * 4..slot * 4 + 4].iter().sum();
                assert!((s - 1.0).abs() < 1e-9, "{s}");
            }
        }
    }
    // The model's pool flattens as `temp` rises: its weights' effective sample size never
    // falls, from at least one candidate up to the whole pool.
    let pool = f64::from(eval::POOL);
    for j in &judged {
        assert!(
            (1.0 - 1e-9..=pool + 1e-9).contains(&j.rules_ess),
            "{}",
            j.rules_ess
        );
        assert_eq!(j.model_ess.len(), eval::TEMPS.len());
        for w in j.model_ess.windows(2) {
            assert!(
                w[0] >= 1.0 - 1e-9 && w[0] <= w[1] + 1e-9,
                "{:?}",
                j.model_ess
            );
        }
        assert!(j.model_ess[eval::TEMPS.len() - 1] <= pool + 1e-9);
    }
}

/// Runs tricklab and checks that it refused (exit 2) in one line holding every needle.
fn assert_refused(args: &[&str], needles: &[&str]) {
    let o = tricklab(args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(needles.iter().all(|n| err.contains(n)), "{err}");
}

#[test]
fn the_cli_trains_a_model_and_refuses_wrong_or_damaged_files() {
    let path = temp_path("learned", "whist.tlmodel");
    let p = path.to_str().unwrap();
    let train_args = [
        "train", "--game", "whist", "--hands", "16", "--seed", "3", "--hidden", "8", "--epochs",
        "1", "--out", p,
    ];
    tricklab_ok(&train_args);
    let bytes = std::fs::read(&path).unwrap();
    assert!(LearnedModel::from_bytes(&bytes).is_ok());
    // An existing model is not replaced without --force, and stays whole.
    assert_refused(&train_args, &["already exists"]);
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
    // The model plays Whist…
    let spec = format!("pimc:worlds=2,infer=model:{p}");
    tricklab_ok(&[
        "simulate", "--game", "whist", "--hands", "--games", "2", "--agents", &spec,
    ]);
    // …but not Catch the Ten, nor Whist's table at another size.
    assert_refused(
        &[
            "simulate",
            "--game",
            "catch-the-ten",
            "--hands",
            "--games",
            "2",
            "--agents",
            &spec,
        ],
        &[
            "trained for whist with 4 players",
            "catch-the-ten with 4 players",
        ],
    );
    let ismcts = format!("ismcts:iterations=50,infer=model:{p}");
    assert_refused(
        &[
            "tournament",
            "--game",
            "catch-the-ten",
            "--agents",
            &format!("rules;{ismcts}"),
            "--deals",
            "2",
        ],
        &["trained for whist"],
    );
    // A damaged file, a file of another version, and no model file at all.
    let damaged = temp_path("learned", "damaged.tlmodel");
    let mut d = bytes.clone();
    let mid = d.len() / 2;
    d[mid] ^= 0x40;
    std::fs::write(&damaged, &d).unwrap();
    let alpha = format!("alphamu:worlds=2,infer=model:{}", damaged.display());
    assert_refused(
        &[
            "simulate", "--game", "whist", "--hands", "--games", "1", "--agents", &alpha,
        ],
        &["model file is corrupt", "checksum"],
    );
    let newer = temp_path("learned", "newer.tlmodel");
    let mut v = bytes.clone();
    v[8] = 9;
    std::fs::write(&newer, &v).unwrap();
    assert_refused(
        &["train", "--eval", newer.to_str().unwrap(), "--seed", "4"],
        &["format version 9 is not supported"],
    );
    assert_refused(
        &["train", "--eval", "Cargo.toml", "--seed", "4"],
        &["not a tricklab model file"],
    );
    // Held-out hands must not be the training hands.
    assert_refused(&["train", "--eval", p, "--seed", "3"], &["training seed"]);
    assert_refused(&["train", "--game", "whist", "--hands", "4"], &["--out"]);
}
