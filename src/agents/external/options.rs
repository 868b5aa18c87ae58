//! Bot options (protocol 1.1): a bot declares them in its `hello` (name, type, default and
//! range), the spec sets them (`opt.depth=3`), and tricklab checks each value against its
//! declaration before sending it with an `option` message.

use serde::Deserialize;
use serde_json::{Number, Value};

/// The type of a declared option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OptionType {
    /// A whole number, optionally within `min`..=`max`.
    Int,
    /// A number, optionally within `min`..=`max`.
    Float,
    /// `true` or `false`.
    Bool,
    /// Any text.
    String,
    /// One of `values`.
    Choice,
}

/// An option a bot declares in its `hello`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionDecl {
    /// Its name, as the spec writes it after `opt.`.
    pub name: String,
    /// Its type.
    #[serde(rename = "type")]
    pub kind: OptionType,
    /// The value the bot uses when it is not set (for the bot's own information; tricklab
    /// sends only the options a spec sets).
    #[serde(default)]
    pub default: Value,
    /// The least value of a number.
    #[serde(default)]
    pub min: Option<f64>,
    /// The greatest value of a number.
    #[serde(default)]
    pub max: Option<f64>,
    /// The values of a `choice`.
    #[serde(default)]
    pub values: Vec<String>,
}

impl OptionDecl {
    /// What a value of this option may be, for messages.
    fn allowed(&self) -> String {
        let range = |what: &str| match (self.min, self.max) {
            (Some(lo), Some(hi)) => format!("{what} from {lo} to {hi}"),
            (Some(lo), None) => format!("{what} of at least {lo}"),
            (None, Some(hi)) => format!("{what} of at most {hi}"),
            (None, None) => what.to_string(),
        };
        match self.kind {
            OptionType::Int => range("a whole number"),
            OptionType::Float => range("a number"),
            OptionType::Bool => "`true` or `false`".into(),
            OptionType::String => "any text".into(),
            OptionType::Choice => format!("one of {}", self.values.join(", ")),
        }
    }

    fn in_range(&self, v: f64) -> bool {
        self.min.is_none_or(|lo| v >= lo) && self.max.is_none_or(|hi| v <= hi)
    }

    /// `text` as this option's value, or what is wrong with it.
    pub fn value_of(&self, text: &str) -> Result<Value, String> {
        let value = match self.kind {
            OptionType::Int => text
                .parse::<i64>()
                .ok()
                .filter(|&v| self.in_range(v as f64))
                .map(Value::from),
            OptionType::Float => text
                .parse::<f64>()
                .ok()
                .filter(|&v| v.is_finite() && self.in_range(v))
                .and_then(Number::from_f64)
                .map(Value::Number),
            OptionType::Bool => text.parse::<bool>().ok().map(Value::Bool),
            OptionType::String => Some(Value::String(text.to_string())),
            OptionType::Choice => self
                .values
                .iter()
                .any(|v| v == text)
                .then(|| Value::String(text.to_string())),
        };
        value.ok_or_else(|| {
            format!(
                "option `{}`: `{text}` is not allowed; expected {}",
                self.name,
                self.allowed()
            )
        })
    }

    /// A value to set this option to when its handling is checked (`tricklab bots check`),
    /// written as a spec writes it: one its declaration allows, other than its default where
    /// it allows another; `None` if it allows none.
    pub fn trial_value(&self) -> Option<String> {
        let default = self.default.as_f64();
        let candidates: Vec<String> = match self.kind {
            OptionType::Int | OptionType::Float => [
                self.min,
                self.max,
                default.map(|d| d + 1.0),
                default.map(|d| d - 1.0),
                Some(0.0),
                Some(1.0),
            ]
            .into_iter()
            .flatten()
            .map(|v| v.to_string())
            .collect(),
            OptionType::Bool => vec!["true".into(), "false".into()],
            OptionType::String => vec!["tricklab-check".into(), "check".into()],
            OptionType::Choice => self.values.clone(),
        };
        let allowed: Vec<(String, Value)> = candidates
            .into_iter()
            .filter_map(|text| self.value_of(&text).ok().map(|v| (text, v)))
            .collect();
        let is_default = |v: &Value| match (v.as_f64(), default) {
            (Some(a), Some(b)) => a == b,
            _ => *v == self.default,
        };
        allowed
            .iter()
            .find(|(_, v)| !is_default(v))
            .or(allowed.first())
            .map(|(text, _)| text.clone())
    }
}

/// The values of the options `set` (name and text, as the spec gives them) checked against
/// the bot's `declared` options, in the order set; the error names the first option that is
/// not declared or whose value is not allowed.
pub fn checked(
    declared: &[OptionDecl],
    set: &[(String, String)],
) -> Result<Vec<(String, Value)>, String> {
    set.iter()
        .map(|(name, text)| {
            let decl = declared.iter().find(|d| &d.name == name).ok_or_else(|| {
                let names: Vec<&str> = declared.iter().map(|d| d.name.as_str()).collect();
                let has = if names.is_empty() {
                    "it declares none".to_string()
                } else {
                    format!("it declares {}", names.join(", "))
                };
                format!("it has no option `{name}` ({has})")
            })?;
            Ok((name.clone(), decl.value_of(text)?))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decls() -> Vec<OptionDecl> {
        serde_json::from_str(
            r#"[{"name": "depth", "type": "int", "default": 3, "min": 1, "max": 10},
                {"name": "c", "type": "float", "default": 0.7, "min": 0},
                {"name": "style", "type": "choice", "default": "safe", "values": ["safe", "bold"]},
                {"name": "book", "type": "bool", "default": true},
                {"name": "tag", "type": "string", "default": ""}]"#,
        )
        .unwrap()
    }

    fn set(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn declared_options_take_values_of_their_type_and_range() {
        let got = checked(
            &decls(),
            &set(&[
                ("style", "bold"),
                ("depth", "10"),
                ("c", "1.5"),
                ("book", "false"),
                ("tag", "x y"),
            ]),
        )
        .unwrap();
        let json: Vec<String> = got.iter().map(|(n, v)| format!("{n}={v}")).collect();
        assert_eq!(
            json,
            [
                "style=\"bold\"",
                "depth=10",
                "c=1.5",
                "book=false",
                "tag=\"x y\""
            ]
        );
    }

    #[test]
    fn a_trial_value_is_allowed_and_not_the_default_where_another_is_allowed() {
        let trials: Vec<Option<String>> = decls().iter().map(OptionDecl::trial_value).collect();
        let want = ["1", "0", "bold", "false", "tricklab-check"];
        assert_eq!(trials, want.map(|t| Some(t.to_string())));
        for (d, t) in decls().iter().zip(&trials) {
            let v = d.value_of(t.as_deref().unwrap()).unwrap();
            assert_ne!(v.to_string(), d.default.to_string(), "{}", d.name);
        }
        let only: OptionDecl = serde_json::from_str(
            r#"{"name": "x", "type": "choice", "default": "a", "values": ["a"]}"#,
        )
        .unwrap();
        assert_eq!(
            only.trial_value().as_deref(),
            Some("a"),
            "the default, if alone"
        );
        let none: OptionDecl =
            serde_json::from_str(r#"{"name": "n", "type": "int", "min": 2, "max": 1}"#).unwrap();
        assert_eq!(none.trial_value(), None);
    }

    #[test]
    fn unknown_options_and_values_out_of_range_are_refused_naming_what_is_allowed() {
        let e = |pairs| checked(&decls(), &set(pairs)).unwrap_err();
        assert_eq!(
            e(&[("depht", "3")]),
            "it has no option `depht` (it declares depth, c, style, book, tag)"
        );
        assert_eq!(
            e(&[("depth", "11")]),
            "option `depth`: `11` is not allowed; expected a whole number from 1 to 10"
        );
        assert!(e(&[("depth", "2.5")]).contains("a whole number"));
        assert!(e(&[("c", "-1")]).contains("a number of at least 0"));
        assert!(e(&[("style", "wild")]).contains("one of safe, bold"));
        assert!(e(&[("book", "yes")]).contains("`true` or `false`"));
        assert_eq!(
            checked(&[], &set(&[("x", "1")])).unwrap_err(),
            "it has no option `x` (it declares none)"
        );
    }
}
