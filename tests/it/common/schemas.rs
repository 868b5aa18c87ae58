//! The JSON Schemas of `docs/schemas/` as validators, for the tests that check real records and
//! bot messages against them (`schemas`, `records`).

use std::path::Path;

use serde_json::Value;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The schema `name` of `docs/schemas/`, read.
pub fn schema(name: &str) -> Value {
    let path = root().join("docs/schemas").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name} is not JSON: {e}"))
}

/// A validator of `schema`, or of its definition `def` (`to_bot`, `from_bot`).
pub fn validator(schema: &Value, def: Option<&str>) -> jsonschema::Validator {
    let mut s = schema.clone();
    if let (Some(def), Some(m)) = (def, s.as_object_mut()) {
        m.remove("anyOf");
        m.insert("$ref".into(), Value::String(format!("#/$defs/{def}")));
    }
    jsonschema::draft202012::new(&s).unwrap_or_else(|e| panic!("the schema does not compile: {e}"))
}

/// Why `v` is not valid, or `None`.
pub fn invalid(validator: &jsonschema::Validator, v: &Value) -> Option<String> {
    validator
        .validate(v)
        .err()
        .map(|e| format!("{e} at `{}`", e.instance_path()))
}

/// Checks every line of a record file; returns the records.
pub fn check_records(validator: &jsonschema::Validator, text: &str, what: &str) -> Vec<Value> {
    let records: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{what}: not JSON ({e}): {l}")))
        .collect();
    assert!(!records.is_empty(), "{what}: no record");
    for (i, r) in records.iter().enumerate() {
        if let Some(e) = invalid(validator, r) {
            panic!("{what}, record {i}: {e}\n{r}");
        }
    }
    records
}

/// A validator of `tricklab-hand-1.schema.json`, the records' schema.
pub fn hand_validator() -> jsonschema::Validator {
    validator(&schema("tricklab-hand-1.schema.json"), None)
}
