//! `--option KEY[=VALUE]` flags, read into a game's options struct.

use serde::de::DeserializeOwned;

use super::error::user;

/// Reads `KEY[=VALUE]` items (also comma-separated within one flag) into the game's options.
/// A bare key means `true`; values `true`/`false` are booleans, whole numbers integers, anything
/// else a string (so `revoke_penalty=LoseHandPoints` or `end=FixedHands(6)`).
pub fn parse_options<O: DeserializeOwned>(game: &str, items: &[String]) -> anyhow::Result<O> {
    let mut table = toml::Table::new();
    for item in items
        .iter()
        .flat_map(|s| s.split(','))
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        let (key, value) = match item.split_once('=') {
            Some((k, v)) => (k.trim(), v.trim()),
            None => (item, "true"),
        };
        let v = match value {
            "true" => toml::Value::Boolean(true),
            "false" => toml::Value::Boolean(false),
            v => match v.parse::<i64>() {
                Ok(i) => toml::Value::Integer(i),
                Err(_) => toml::Value::String(v.to_string()),
            },
        };
        if table.insert(key.to_string(), v).is_some() {
            return Err(user(format!("option `{key}` is given twice")));
        }
    }
    toml::Value::Table(table)
        .try_into()
        .map_err(|e: toml::de::Error| {
            user(format!("bad option for {game}: {}", e.message().trim()))
        })
}
