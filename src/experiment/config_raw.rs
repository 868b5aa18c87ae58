//! The shapes of an experiment config as TOML writes them: each field with its place in the
//! file ([`Spanned`]), so that [`Experiment::parse`](super::Experiment::parse) names the line of
//! a field that does not check.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use crate::stats::Direction;

use super::config::Combine;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawConfig {
    pub(super) name: Spanned<String>,
    pub(super) game: Spanned<String>,
    pub(super) players: Option<Spanned<usize>>,
    pub(super) seed: u64,
    pub(super) deals: Spanned<u64>,
    #[serde(default)]
    pub(super) matches: bool,
    #[serde(default = "yes")]
    pub(super) duplicate: bool,
    pub(super) statistics: Spanned<Vec<String>>,
    #[serde(default)]
    pub(super) options: Option<Spanned<toml::Table>>,
    pub(super) arm: Vec<RawArm>,
    pub(super) hypothesis: Option<Spanned<OneOrMany<RawHypothesis>>>,
    pub(super) claim: Option<Spanned<OneOrMany<RawClaim>>>,
    pub(super) max_hands: Option<u32>,
    #[serde(default = "yes")]
    pub(super) hand_rows: bool,
    pub(super) agreement: Option<Spanned<RawAgreement>>,
    pub(super) edition: Option<Spanned<u8>>,
    pub(super) family: Option<String>,
    pub(super) field: Option<String>,
    pub(super) bots: Option<BTreeMap<String, Spanned<RawBot>>>,
}

/// One external bot of the `[bots]` table: `[bots.mybot] cmd = "python3 bot.py"`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawBot {
    pub(super) cmd: String,
    #[serde(alias = "time_ms")]
    pub(super) budget_ms: Option<u64>,
    pub(super) clock: Option<String>,
    pub(super) iterations: Option<u64>,
    pub(super) nodes: Option<u64>,
    pub(super) ponder: Option<bool>,
    pub(super) on_fault: Option<String>,
    pub(super) log: Option<String>,
    /// The bot's declared options (protocol 1.1): `options = { depth = 3 }`.
    pub(super) options: Option<std::collections::BTreeMap<String, toml::Value>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawAgreement {
    pub(super) tip: String,
    pub(super) control: String,
    pub(super) play: String,
    pub(super) searchers: Vec<String>,
    pub(super) positions: u64,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(untagged)]
pub(super) enum Seats {
    One(String),
    Each(Vec<String>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawArm {
    pub(super) name: Spanned<String>,
    pub(super) seats: Spanned<Seats>,
    pub(super) subject: Option<Spanned<Vec<u8>>>,
}

/// A table or an array of tables (`[hypothesis]` or `[[hypothesis]]`). Read by hand rather than
/// as an untagged enum so that an error inside (`direction = "bigger"`) keeps its message and
/// its place in the file.
pub(super) enum OneOrMany<T> {
    One(T),
    Many(Vec<T>),
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for OneOrMany<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for Visit<T> {
            type Value = OneOrMany<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a table or an array of tables")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<Self::Value, A::Error> {
                T::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(OneOrMany::One)
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                seq: A,
            ) -> Result<Self::Value, A::Error> {
                Vec::<T>::deserialize(serde::de::value::SeqAccessDeserializer::new(seq))
                    .map(OneOrMany::Many)
            }
        }
        d.deserialize_any(Visit(std::marker::PhantomData))
    }
}

impl<T> OneOrMany<T> {
    pub(super) fn items(&self) -> Vec<&T> {
        match self {
            OneOrMany::One(t) => vec![t],
            OneOrMany::Many(v) => v.iter().collect(),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawClaim {
    pub(super) arm: String,
    pub(super) statistic: String,
    pub(super) direction: Direction,
    pub(super) threshold: f64,
    #[serde(default)]
    pub(super) epsilon: f64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawHypothesis {
    pub(super) tip: String,
    pub(super) control: String,
    pub(super) statistic: String,
    pub(super) direction: Direction,
    pub(super) epsilon: f64,
    #[serde(default)]
    pub(super) primary: bool,
    pub(super) label: Option<String>,
    pub(super) with: Option<[String; 2]>,
    pub(super) combine: Option<Combine>,
    pub(super) population: Option<String>,
}
