//! Reading and writing one field of a [`Form`] as a JSON value, field by field, without the
//! form's serde code: share links and drafts are read and written by the page's main module,
//! which the page waits for, and serde's generated code and `serde_json` were built into it for
//! this alone.
//!
//! A value is taken or refused exactly as `serde_json` would deserialize it into the field's type,
//! with serde's own words for a refusal (`invalid type: string "many", expected f64`), and written
//! as `serde_json::to_value` writes it: saved files, links and the messages people see are
//! unchanged.

use super::input::ChoiceField;
use crate::json::{describe, Json};
use crate::Form;

/// What one row of the field table sets: the field, from a JSON value, or why it cannot.
pub(crate) type Setter = fn(&mut Form, &Json) -> Result<(), String>;

/// What one row of the field table reads: the field's value as JSON.
pub(crate) type Getter = fn(&Form) -> Json;

/// What a field holds, as a share link writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Text, or a choice's key.
    Text,
    /// Yes or no: `1` or `0`.
    Flag,
    /// A whole number ≥ 0.
    Whole,
    /// Any number.
    Number,
}

/// A type of the form's fields, read from a JSON value as serde reads it and written as serde
/// writes it.
pub(crate) trait FieldValue: Sized {
    /// What a link holds for it (an optional field: what it holds when set).
    const KIND: Kind;
    fn from_value(value: &Json) -> Result<Self, String>;
    fn to_value(&self) -> Json;
}

/// The [`Kind`] of the field `read` reads (for the table's rows: the type is the field's).
pub(crate) const fn kind_of<T: FieldValue>(_: fn(&Form) -> &T) -> Kind {
    T::KIND
}

/// serde's words for a value of the wrong type.
pub(crate) fn refused(value: &Json, expected: &str) -> String {
    format!("invalid type: {}, expected {expected}", describe(value))
}

/// serde's words for a value of the right type that is out of range.
fn invalid(value: &Json, expected: &str) -> String {
    format!("invalid value: {}, expected {expected}", describe(value))
}

impl FieldValue for f64 {
    const KIND: Kind = Kind::Number;
    fn from_value(value: &Json) -> Result<Self, String> {
        match value {
            Json::Number(n) => Ok(n.as_f64()),
            _ => Err(refused(value, "f64")),
        }
    }
    fn to_value(&self) -> Json {
        Json::from(*self)
    }
}

/// A whole number of type `T`, named `name` in messages: serde takes an integer in range and
/// refuses a float, however round.
fn whole<T: TryFrom<u64> + TryFrom<i64>>(value: &Json, name: &'static str) -> Result<T, String> {
    let Json::Number(n) = value else {
        return Err(refused(value, name));
    };
    match (n.as_u64(), n.as_i64()) {
        (Some(u), _) => T::try_from(u).map_err(|_| invalid(value, name)),
        (None, Some(i)) => T::try_from(i).map_err(|_| invalid(value, name)),
        _ => Err(refused(value, name)),
    }
}

impl FieldValue for u32 {
    const KIND: Kind = Kind::Whole;
    fn from_value(value: &Json) -> Result<Self, String> {
        whole(value, "u32")
    }
    fn to_value(&self) -> Json {
        Json::from(u64::from(*self))
    }
}

impl FieldValue for u8 {
    const KIND: Kind = Kind::Whole;
    fn from_value(value: &Json) -> Result<Self, String> {
        whole(value, "u8")
    }
    fn to_value(&self) -> Json {
        Json::from(u64::from(*self))
    }
}

impl FieldValue for bool {
    const KIND: Kind = Kind::Flag;
    fn from_value(value: &Json) -> Result<Self, String> {
        match value {
            Json::Bool(b) => Ok(*b),
            _ => Err(refused(value, "a boolean")),
        }
    }
    fn to_value(&self) -> Json {
        Json::Bool(*self)
    }
}

impl FieldValue for String {
    const KIND: Kind = Kind::Text;
    fn from_value(value: &Json) -> Result<Self, String> {
        match value {
            Json::String(s) => Ok(s.clone()),
            _ => Err(refused(value, "a string")),
        }
    }
    fn to_value(&self) -> Json {
        Json::String(self.clone())
    }
}

impl<T: FieldValue> FieldValue for Option<T> {
    const KIND: Kind = T::KIND;
    fn from_value(value: &Json) -> Result<Self, String> {
        match value {
            Json::Null => Ok(None),
            _ => T::from_value(value).map(Some),
        }
    }
    fn to_value(&self) -> Json {
        self.as_ref().map_or(Json::Null, T::to_value)
    }
}

/// A choice by its key, as serde reads a unit variant: `"key"`, or `{"key": null}`.
fn choice<T: ChoiceField>(value: &Json, all: &[T]) -> Result<T, String> {
    let i = choice_index(value, &|i| all.get(i).map(|c| c.key()))?;
    Ok(all[i])
}

/// Where the key `value` names is among the keys `key_at` gives (0, 1, … until `None`). Not
/// generic: one copy serves every choice field.
fn choice_index(
    value: &Json,
    key_at: &dyn Fn(usize) -> Option<&'static str>,
) -> Result<usize, String> {
    let (key, inner) = match value {
        Json::String(key) => (key.as_str(), None),
        Json::Object(map) => {
            let mut entries = map.iter();
            match (entries.next(), entries.next()) {
                (Some((key, inner)), None) => (key.as_str(), Some(inner)),
                _ => return Err(invalid(value, "map with a single key")),
            }
        }
        _ => return Err(refused(value, "string or map")),
    };
    let keys = (0..).map_while(key_at);
    let Some(i) = keys.clone().position(|k| k == key) else {
        return Err(unknown_variant(key, keys));
    };
    match inner {
        Some(Json::Null) | None => Ok(i),
        Some(other) => Err(refused(other, "unit")),
    }
}

/// serde's words for a key that is none of `keys` (`serde::de::Error::unknown_variant` wants a
/// static list of names; the keys are the enums' own).
fn unknown_variant(key: &str, keys: impl Iterator<Item = &'static str>) -> String {
    match one_of(keys) {
        Some(expected) => format!("unknown variant `{key}`, expected {expected}"),
        None => format!("unknown variant `{key}`, there are no variants"),
    }
}

/// serde's words for the names expected (`` `a` ``, `` `a` or `b` ``, `` one of `a`, `b`, `c` ``),
/// none for no names.
pub(crate) fn one_of<'n>(names: impl Iterator<Item = &'n str>) -> Option<String> {
    let names: Vec<&str> = names.collect();
    match names.as_slice() {
        [] => None,
        [one] => Some(format!("`{one}`")),
        [a, b] => Some(format!("`{a}` or `{b}`")),
        _ => Some(format!("one of `{}`", names.join("`, `"))),
    }
}

impl<T: ChoiceField> FieldValue for T {
    const KIND: Kind = Kind::Text;
    fn from_value(value: &Json) -> Result<Self, String> {
        choice(value, T::ALL)
    }
    fn to_value(&self) -> Json {
        Json::from(self.key())
    }
}

/// Sets `field` of `form` to `value` (the field's type inferred from the assignment), or says
/// why not, in serde's words.
pub(crate) fn put<T: FieldValue>(field: &mut T, value: &Json) -> Result<(), String> {
    *field = T::from_value(value)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::fields::{assemble, choices, FIELDS};
    use crate::json::Json;
    use crate::Form;
    use serde::Deserialize;
    use serde_json::{json, Value};

    /// What serde makes of `value` in field `name`: the form, or its words for the refusal.
    fn by_serde(name: &'static str, value: &Value) -> Result<Form, String> {
        let pairs = [(name, value)];
        Form::deserialize(
            serde::de::value::MapDeserializer::<_, serde_json::Error>::new(pairs.into_iter()),
        )
        .map_err(|e| e.to_string())
    }

    /// Every field takes and refuses exactly what serde does, with serde's words: values of
    /// every JSON type, integers at each type's edges, floats, and each choice's keys.
    #[test]
    fn every_field_reads_values_as_serde_does() {
        let mut samples = vec![
            json!(null),
            json!(true),
            json!(false),
            json!(0),
            json!(1),
            json!(255),
            json!(256),
            json!(4_294_967_295u64),
            json!(4_294_967_296u64),
            json!(u64::MAX),
            json!(-1),
            json!(i64::MIN),
            json!(1.5),
            json!(2.0),
            json!(-0.0),
            json!(1e300),
            json!(""),
            json!("many"),
            json!("LoRA"),
            json!([]),
            json!([1]),
            json!({}),
            json!({"a": null, "b": null}),
            json!({"lora": 1}),
        ];
        for field in FIELDS {
            for key in choices(field.name).unwrap_or_default() {
                samples.push(json!(key));
                samples.push(json!({ key: null }));
                samples.push(json!({ key: "x" }));
            }
        }
        let mut compared = 0;
        for field in FIELDS {
            for value in &samples {
                let (form, rejected) = assemble(vec![((), field, Json::from_serde(value))]);
                let ours = match rejected.into_iter().next() {
                    Some(r) => Err(r.reason),
                    None => Ok(form),
                };
                assert_eq!(
                    ours,
                    by_serde(field.name, value),
                    "{} = {value}",
                    field.name
                );
                compared += 1;
            }
        }
        assert!(compared > 3_000, "{compared}");
    }

    /// Several values at once: the good ones kept, each bad one reported in order.
    #[test]
    fn bad_values_are_left_at_their_defaults_and_reported() {
        let field = |name| FIELDS.iter().find(|f| f.name == name).unwrap();
        let (form, rejected) = assemble(vec![
            (1, field("workload"), Json::from("serve")),
            (2, field("max_gpus"), Json::parse("-1").unwrap()),
            (3, field("tokens"), Json::from(2e9)),
            (4, field("workload"), Json::from("trian")),
        ]);
        assert_eq!(form.tokens, 2e9);
        assert_eq!(form.workload, crate::form::WorkloadKind::Serve);
        assert_eq!(form.max_gpus, Form::default().max_gpus);
        let reported: Vec<_> = rejected.iter().map(|r| (r.tag, r.field.name)).collect();
        assert_eq!(reported, [(2, "max_gpus"), (4, "workload")]);
        assert_eq!(
            rejected[0].reason,
            "invalid value: integer `-1`, expected u32"
        );
    }
}

#[cfg(test)]
mod records {
    use crate::fields::form_from_json;
    use crate::json::Json;
    use crate::Form;
    use serde::Deserialize;
    use serde_json::{json, Value};

    /// A form as a record holds it reads as serde reads it: defaults for missing fields, the
    /// first unknown field or bad value (in the object's order) as the error, in serde's words.
    #[test]
    fn a_form_in_a_record_reads_as_serde_reads_it() {
        let cases = [
            json!({}),
            json!({"workload": "serve", "tokens": 2e9}),
            json!({"workload": "serve", "tokenz": 2e9}),
            json!({"max_gpus": -1, "workload": "trian"}),
            json!({"zzz": 1, "max_gpus": -1}),
            json!({"name": 5}),
            json!(null),
            json!("lora"),
            json!(3),
        ];
        for case in &cases {
            let serde = Form::deserialize(case).map_err(|e| e.to_string());
            assert_eq!(form_from_json(&Json::from_serde(case)), serde, "{case}");
        }
        // A default form written out reads back the same.
        let written: Value = serde_json::to_value(Form::default()).unwrap();
        assert_eq!(
            form_from_json(&Json::from_serde(&written)),
            Ok(Form::default())
        );
    }
}

#[cfg(test)]
mod kinds {
    use crate::fields::{defaults, Kind, FIELDS};
    use serde_json::Value;

    /// A field's kind is the JSON type its value takes: what a link's value is read as.
    #[test]
    fn each_fields_kind_is_the_json_type_of_its_value() {
        let counts = [
            "zero",
            "tensor_parallel",
            "pipeline_parallel",
            "virtual_pipeline",
            "gpus",
        ];
        for field in FIELDS {
            let expected = match &defaults()[field.name] {
                Value::String(_) => Kind::Text,
                Value::Bool(_) => Kind::Flag,
                Value::Number(n) if n.is_u64() => Kind::Whole,
                Value::Number(_) => Kind::Number,
                Value::Null if counts.contains(&field.name) => Kind::Whole,
                Value::Null => Kind::Number,
                other => panic!("{}: {other}", field.name),
            };
            assert_eq!(field.kind(), expected, "{}", field.name);
        }
    }
}
