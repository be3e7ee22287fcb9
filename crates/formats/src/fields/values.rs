//! A form's fields as JSON values, in the struct's order, without building a JSON object: the
//! share link is written on every change of the form, and a map of a hundred keys, each an owned
//! string, was most of that work.

use super::{table, FIELDS};
use crate::json::Json;
use crate::Form;
use std::fmt::Write as _;
use std::sync::OnceLock;

/// Every field of `form` as `(name, value)`, in the struct's order; each value as
/// `serde_json::to_value` writes it.
pub fn values_of(form: &Form) -> Vec<(&'static str, Json)> {
    FIELDS
        .iter()
        .zip(table::GETTERS)
        .map(|(field, get)| (field.name, get(form)))
        .collect()
}

/// The form whose field values are `values` ([`values_of`]) as the flat JSON record serde writes
/// for it (`Form::to_json`).
pub fn json_of(values: &[(&'static str, Json)]) -> String {
    let mut out = String::from("{");
    for (i, (name, value)) in values.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        // Field names are identifiers: nothing to escape. Writing to a `String` cannot fail.
        let _ = write!(out, "\"{name}\":{value}");
    }
    out.push('}');
    out
}

/// [`values_of`] the default form, computed once.
pub fn default_values() -> &'static [(&'static str, Json)] {
    static DEFAULTS: OnceLock<Vec<(&'static str, Json)>> = OnceLock::new();
    DEFAULTS.get_or_init(|| values_of(&Form::default()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// The same names and values as the JSON object `serde_json` writes, in the struct's order.
    #[test]
    fn the_values_are_serde_jsons() {
        let form = Form {
            name: "a <b> & \"c\"".into(),
            tokens: 1.5e9,
            zero: Some(2),
            ..Form::default()
        };
        for form in [Form::default(), form] {
            let Ok(Value::Object(map)) = serde_json::to_value(&form) else {
                panic!("a form is an object");
            };
            let values = values_of(&form);
            assert_eq!(values.len(), map.len());
            for (name, value) in &values {
                assert_eq!(
                    map.get(*name).map(Json::from_serde).as_ref(),
                    Some(value),
                    "{name}"
                );
            }
            // The struct's order, which serde writes (its map sorts the names).
            let written = serde_json::to_string(&form).unwrap();
            let at = |name: &str| written.find(&format!("\"{name}\":")).unwrap();
            assert!(values.windows(2).all(|w| at(w[0].0) < at(w[1].0)));
        }
        assert_eq!(default_values(), values_of(&Form::default()).as_slice());
    }
}
