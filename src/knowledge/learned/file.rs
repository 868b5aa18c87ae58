//! The model file: a versioned header with the model's table and training provenance, then
//! the weights, then a checksum.
//!
//! # Format (version 1)
//!
//! All integers little-endian:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | the magic `TLMODEL` and a zero byte |
//! | 4 | the format version (1) |
//! | 4 | `h`, the header's length |
//! | `h` | the header, JSON ([`Header`]): game, players, options, feature version, shape, provenance |
//! | 4 | `w`, the number of weights |
//! | `4 w` | the weights, `f32` |
//! | 32 | SHA-256 of everything before it |
//!
//! A file is refused, with a one-line [`ModelError`], when its magic, format version, feature
//! version or checksum is wrong, when it is cut short or too long, when its header does not
//! parse, and (see [`LearnedModel::check_table`]) when it was trained for another game or
//! player count than the table it is asked to serve.

use std::path::Path;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use thiserror::Error;

use crate::games::GameKind;

use super::features::{FEATURE_VERSION, input_len};
use super::network::{Network, Shape};

/// The file's first eight bytes.
pub const MAGIC: &[u8; 8] = b"TLMODEL\0";
/// The format version this build reads and writes.
pub const FORMAT_VERSION: u32 = 1;

/// Why a model file was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ModelError {
    /// The file could not be read.
    #[error("cannot read model file {path}: {reason}")]
    Read {
        /// The path.
        path: String,
        /// The system's reason.
        reason: String,
    },
    /// Not a tricklab model file.
    #[error("not a tricklab model file (it does not start with TLMODEL)")]
    Magic,
    /// A format or feature version this build does not read.
    #[error(
        "model file {what} version {found} is not supported: this build reads version {supported}"
    )]
    Version {
        /// Which version (format or feature).
        what: &'static str,
        /// The file's.
        found: u32,
        /// This build's.
        supported: u32,
    },
    /// The file is damaged.
    #[error("model file is corrupt: {0}")]
    Corrupt(String),
    /// The model was trained for another table.
    #[error(
        "model was trained for {file} but the table is {table}: train one for this table with `tricklab train`"
    )]
    WrongTable {
        /// The file's game and player count.
        file: String,
        /// The table's.
        table: String,
    },
}

/// How a model was trained.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Provenance {
    /// The self-play field, one agent spec per seat.
    pub field: String,
    /// Hands played.
    pub hands: u64,
    /// The seed.
    pub seed: u64,
    /// Training examples (decisions).
    pub examples: u64,
    /// Passes over the examples.
    pub epochs: u32,
    /// Examples per step.
    pub batch: u32,
    /// Adam's step size.
    pub learning_rate: f32,
    /// The mean training loss of each epoch, nats per unknown card.
    pub loss: Vec<f64>,
    /// The tricklab version that trained it.
    pub tricklab: String,
}

/// The file's header.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// The game.
    pub game: GameKind,
    /// The player count.
    pub players: usize,
    /// The game's options, as in configs and records.
    pub options: serde_json::Value,
    /// The feature layout's version ([`FEATURE_VERSION`]).
    pub feature_version: u32,
    /// Hidden units.
    pub hidden: usize,
    /// How it was trained.
    pub provenance: Provenance,
}

/// A trained card-location model: its header and its network.
#[derive(Clone, Debug, PartialEq)]
pub struct LearnedModel {
    /// The header.
    pub header: Header,
    /// The network.
    pub network: Network,
}

/// The network shape a header describes.
fn shape_of(h: &Header) -> Shape {
    Shape {
        inputs: input_len(h.players),
        hidden: h.hidden,
        classes: h.players,
    }
}

impl LearnedModel {
    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let header = serde_json::to_vec(&self.header).expect("a header serialises");
        let weights = self.network.parameters();
        let mut out = Vec::with_capacity(8 + 8 + header.len() + 4 + 4 * weights.len() + 32);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&(header.len() as u32).to_le_bytes());
        out.extend_from_slice(&header);
        out.extend_from_slice(&(weights.len() as u32).to_le_bytes());
        for w in weights {
            out.extend_from_slice(&w.to_le_bytes());
        }
        let sum = Sha256::digest(&out);
        out.extend_from_slice(&sum);
        out
    }

    /// Reads a model from a file's bytes.
    ///
    /// # Errors
    /// A wrong magic, version or checksum, a short or long file, a header that does not parse
    /// or does not fit the weights.
    pub fn from_bytes(bytes: &[u8]) -> Result<LearnedModel, ModelError> {
        let corrupt = |why: &str| ModelError::Corrupt(why.to_string());
        if bytes.len() < 8 || &bytes[..8] != MAGIC {
            return Err(ModelError::Magic);
        }
        let mut at = 8;
        let u32_at = |at: &mut usize| -> Result<u32, ModelError> {
            let b = bytes
                .get(*at..*at + 4)
                .ok_or_else(|| corrupt("the file is cut short"))?;
            *at += 4;
            Ok(u32::from_le_bytes(b.try_into().expect("four bytes")))
        };
        let version = u32_at(&mut at)?;
        if version != FORMAT_VERSION {
            return Err(ModelError::Version {
                what: "format",
                found: version,
                supported: FORMAT_VERSION,
            });
        }
        if bytes.len() < 32 + 12 {
            return Err(corrupt("the file is cut short"));
        }
        let (body, sum) = bytes.split_at(bytes.len() - 32);
        if Sha256::digest(body).as_slice() != sum {
            return Err(corrupt(
                "its checksum does not match (the file was changed or cut short)",
            ));
        }
        let len = u32_at(&mut at)? as usize;
        let header_bytes = body
            .get(at..at + len)
            .ok_or_else(|| corrupt("the header runs past the end"))?;
        at += len;
        let header: Header = serde_json::from_slice(header_bytes)
            .map_err(|e| ModelError::Corrupt(format!("its header does not parse: {e}")))?;
        if header.feature_version != FEATURE_VERSION {
            return Err(ModelError::Version {
                what: "feature",
                found: header.feature_version,
                supported: FEATURE_VERSION,
            });
        }
        if !(2..=8).contains(&header.players) || !(1..=4096).contains(&header.hidden) {
            return Err(corrupt("its header names an impossible shape"));
        }
        let count = u32_at(&mut at)? as usize;
        let shape = shape_of(&header);
        if count != shape.parameters() || body.len() != at + 4 * count {
            return Err(corrupt("its weights do not fit its header"));
        }
        let params = body[at..]
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes(b.try_into().expect("four bytes")))
            .collect();
        let network = Network::from_parameters(shape, params).ok_or_else(|| corrupt("weights"))?;
        Ok(LearnedModel { header, network })
    }

    /// Reads a model file.
    ///
    /// # Errors
    /// As [`LearnedModel::from_bytes`], or the file cannot be read.
    pub fn read(path: &Path) -> Result<LearnedModel, ModelError> {
        let bytes = std::fs::read(path).map_err(|e| ModelError::Read {
            path: path.display().to_string(),
            reason: e.to_string(),
        })?;
        LearnedModel::from_bytes(&bytes)
    }

    /// Checks that the model serves a table of `game` with `players` seats.
    ///
    /// # Errors
    /// [`ModelError::WrongTable`] naming both.
    pub fn check_table(&self, game: GameKind, players: usize) -> Result<(), ModelError> {
        if self.header.game == game && self.header.players == players {
            return Ok(());
        }
        Err(ModelError::WrongTable {
            file: format!(
                "{} with {} players",
                self.header.game.name(),
                self.header.players
            ),
            table: format!("{} with {players} players", game.name()),
        })
    }

    /// A model that gives every card the same probability in each class it may be in: the
    /// uniform sampler's equal (a reference for tests and evaluation).
    pub fn uniform(game: GameKind, players: usize, hidden: usize) -> LearnedModel {
        let header = Header {
            game,
            players,
            options: serde_json::Value::Null,
            feature_version: FEATURE_VERSION,
            hidden,
            provenance: Provenance {
                field: "none: every weight zero".into(),
                hands: 0,
                seed: 0,
                examples: 0,
                epochs: 0,
                batch: 0,
                learning_rate: 0.0,
                loss: Vec::new(),
                tricklab: env!("CARGO_PKG_VERSION").into(),
            },
        };
        let shape = shape_of(&header);
        let network = Network::from_parameters(shape, vec![0.0; shape.parameters()])
            .expect("the shape's parameter count");
        LearnedModel { header, network }
    }

    /// The shape its header describes (for a new network to train).
    pub fn shape_for(players: usize, hidden: usize) -> Shape {
        Shape {
            inputs: input_len(players),
            hidden,
            classes: players,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_refuses_damage() {
        let m = LearnedModel::uniform(GameKind::WHIST, 4, 3);
        let bytes = m.to_bytes();
        assert_eq!(LearnedModel::from_bytes(&bytes).unwrap(), m);
        let mut flipped = bytes.clone();
        let mid = flipped.len() / 2;
        flipped[mid] ^= 1;
        let e = LearnedModel::from_bytes(&flipped).unwrap_err().to_string();
        assert!(e.contains("checksum does not match"), "{e}");
        let e = LearnedModel::from_bytes(&bytes[..bytes.len() - 5])
            .unwrap_err()
            .to_string();
        assert!(e.contains("corrupt"), "{e}");
        let e = LearnedModel::from_bytes(b"PK\x03\x04 a zip").unwrap_err();
        assert_eq!(e, ModelError::Magic);
        let mut v2 = bytes.clone();
        v2[8] = 2;
        let e = LearnedModel::from_bytes(&v2).unwrap_err().to_string();
        assert_eq!(
            e,
            "model file format version 2 is not supported: this build reads version 1"
        );
        assert!(!e.contains('\n'));
    }

    #[test]
    fn refuses_another_table_and_feature_version() {
        let m = LearnedModel::uniform(GameKind::WHIST, 4, 3);
        assert!(m.check_table(GameKind::WHIST, 4).is_ok());
        let e = m
            .check_table(GameKind::CATCH_THE_TEN, 4)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("whist with 4 players") && e.contains("catch-the-ten with 4"),
            "{e}"
        );
        assert!(m.check_table(GameKind::WHIST, 3).is_err());
        let mut old = m.clone();
        old.header.feature_version = FEATURE_VERSION + 1;
        let e = LearnedModel::from_bytes(&old.to_bytes())
            .unwrap_err()
            .to_string();
        assert!(e.contains("feature version"), "{e}");
    }
}
