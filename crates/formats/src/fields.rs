//! The fields of a [`Form`], defined once in one table (`fields/table.rs`): the short key a share
//! link uses, what the field means, and what the page shows for it (label, help, unit, range or
//! options, in English and Chinese). `docs/scenario.md` and `docs/links.md` contain tables
//! generated from it (a test keeps them in step), so the documentation cannot drift from the code,
//! and the page's form lays out fields by name and takes the rest from here.

mod assign;
mod input;
mod values;

pub use assign::Kind;
pub(crate) use assign::{one_of, refused, FieldValue};
pub use input::{Choice, ChoiceField, Flag, Input, Number, NumberField, Opt};
pub use table::FIELDS;
pub use values::{default_values, json_of, values_of};

use crate::form::{
    ArrivalKey, CurrencyKey, InferKey, KvKey, LossKey, ModeKey, ModelSource, ObjectiveKey,
    OptimizerKey, PeriodKey, PrecisionKey, RecomputeKey, ServerKey, WeightKey, WorkloadKind,
};
use crate::json::Json;
use crate::lang::Text;
use crate::Form;
use serde_json::Value;
use std::sync::OnceLock;

/// One field of the form: what reading and writing forms and links needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    /// The field's name in JSON (the Rust field name).
    pub name: &'static str,
    /// Its key in a share link. Short, unique, never the name of another field.
    pub key: &'static str,
}

/// What the page says about a field. A table of its own, beside [`FIELDS`], so that code which
/// only reads forms and links does not carry the words and the page's accessors.
#[derive(Debug, Clone, Copy)]
pub struct About {
    /// The page's label; none for a field the page does not show, or shows under a heading.
    pub label: Text,
    /// The page's help line under the control.
    pub help: Text,
    /// Unit of a number, or none.
    pub unit: Text,
    pub input: Input,
}

impl Field {
    /// Its row in [`FIELDS`] and in the tables beside it.
    fn row(&self) -> Option<usize> {
        FIELDS.iter().position(|f| f == self)
    }

    /// What the page says about it.
    pub fn about(&self) -> &'static About {
        self.row().map_or(&NOTHING, |i| &table::ABOUT[i])
    }

    /// What a link holds for it.
    pub fn kind(&self) -> Kind {
        self.row().map_or(Kind::Text, |i| table::KINDS[i])
    }

    /// What it means, for the documentation (English, Markdown). A table of its own: the page
    /// never shows it, and the words would otherwise be built into the page with the labels.
    pub fn doc(&self) -> &'static str {
        self.row().map_or("", |i| table::DOCS[i])
    }
}

/// What a field missing from the table would have: nothing.
static NOTHING: About = About {
    label: Text::NONE,
    help: Text::NONE,
    unit: Text::NONE,
    input: Input::Other,
};

/// What the page says about the field named `name`.
pub fn about(name: &str) -> Option<&'static About> {
    by_name(name).map(Field::about)
}

/// `FIELDS` and the table of what each field means and how the page edits it, from one list of
/// rows (`fields/table.rs` describes them).
macro_rules! fields {
    ($(;)? $(
        $name:ident $key:literal $input:ident $(($($args:tt)*))? $(in $unit:tt)?
            $doc:literal $label:tt $help:tt;
    )*) => {
        /// Every field of [`Form`], in the order share links write them.
        pub const FIELDS: &[Field] = &[$(Field { name: stringify!($name), key: $key }),*];
        /// What each of [`FIELDS`] holds in a link, in the same order.
        pub(super) const KINDS: &[super::Kind] = &[$(super::assign::kind_of(|f: &Form| &f.$name)),*];
        /// What sets each of [`FIELDS`] from a JSON value, in the same order.
        pub(super) const SETTERS: &[super::assign::Setter] =
            &[$(|f: &mut Form, v| super::assign::put(&mut f.$name, v)),*];
        /// What reads each of [`FIELDS`] as a JSON value, in the same order.
        pub(super) const GETTERS: &[super::assign::Getter] =
            &[$(|f: &Form| super::assign::FieldValue::to_value(&f.$name)),*];
        /// What each of [`FIELDS`] means, for the documentation, in the same order.
        pub(super) const DOCS: &[&str] = &[$($doc),*];
        /// How the page shows and edits each of [`FIELDS`], in the same order.
        pub(super) const ABOUT: &[About] = &[$(About {
            label: text!($label),
            help: text!($help),
            unit: text!($($unit)?),
            input: control!($input $name $(($($args)*))?),
        }),*];
    };
}

/// A text of the table: `_` (or nothing) for none, `["English", "中文"]`, or a constant.
macro_rules! text {
    () => {
        $crate::lang::Text::NONE
    };
    (_) => {
        $crate::lang::Text::NONE
    };
    ([$en:literal, $zh:literal]) => {
        $crate::lang::Text { en: $en, zh: $zh }
    };
    ($constant:ident) => {
        $constant
    };
}

/// The control of a row, with its accessors of `Form`'s field `$name`.
macro_rules! control {
    (number $name:ident ($min:expr, $max:expr)) => {
        Input::Number(Number {
            min: $min,
            max: $max,
            optional: $crate::fields::input::optional(|f: &Form| f.$name),
            get: |f: &Form| NumberField::number(f.$name),
            set: |f: &mut Form, v: Option<f64>| f.$name = NumberField::from_number(v, f.$name),
        })
    };
    (choice $name:ident ($ty:ident { $($variant:ident: $text:tt),* $(,)? })) => {
        Input::Choice(Choice {
            options: &[$(($ty::$variant.key(), text!($text))),*],
            get: |f: &Form| ChoiceField::key(f.$name),
            set: |f: &mut Form, key: &str| {
                if let Some(v) = ChoiceField::from_key(key) {
                    f.$name = v;
                }
            },
        })
    };
    (several $name:ident ($ty:ident { $($variant:ident: $text:tt),* $(,)? })) => {
        Input::Several(&[$(($ty::$variant.key(), text!($text))),*])
    };
    (flag $name:ident) => {
        Input::Flag(Flag {
            get: |f: &Form| f.$name,
            set: |f: &mut Form, v: bool| f.$name = v,
        })
    };
    (other $name:ident) => {
        Input::Other
    };
}
mod table;
mod units;

/// The field named `name` (its JSON name).
pub fn by_name(name: &str) -> Option<&'static Field> {
    FIELDS.iter().find(|f| f.name == name)
}

/// The field whose link key is `key`.
pub fn by_key(key: &str) -> Option<&'static Field> {
    FIELDS.iter().find(|f| f.key == key)
}

/// The field `name` was most likely meant to be: a link key, or a name a few edits away.
pub fn closest(name: &str) -> Option<&'static Field> {
    if let Some(field) = by_key(name) {
        return Some(field);
    }
    let name = name.to_ascii_lowercase();
    let length = name.chars().count();
    FIELDS
        .iter()
        .filter_map(|f| {
            let limit = 3.max(f.name.len() / 4);
            // The lengths' difference is a lower bound of the distance: a long key (a pasted
            // paragraph) is not compared letter by letter with every field.
            if length.abs_diff(f.name.len()) > limit {
                return None;
            }
            let d = edit_distance(&name, f.name);
            (d <= limit).then_some((d, f))
        })
        .min_by_key(|(d, _)| *d)
        .map(|(_, f)| f)
}

/// Levenshtein distance, by characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// True when `name` holds a whole number (a count or a stage), set or not.
pub fn is_whole(name: &str) -> bool {
    by_name(name).is_some_and(|f| f.kind() == Kind::Whole)
}

/// The values an enumerated field accepts, or `None` for free values.
pub fn choices(name: &str) -> Option<Vec<&'static str>> {
    fn keys<T: Copy>(all: &[T], key: fn(T) -> &'static str) -> Option<Vec<&'static str>> {
        Some(all.iter().map(|v| key(*v)).collect())
    }
    match name {
        "workload" => keys(WorkloadKind::ALL, WorkloadKind::key),
        "model_source" => keys(ModelSource::ALL, ModelSource::key),
        "precision" => keys(PrecisionKey::ALL, PrecisionKey::key),
        "optimizer" => keys(OptimizerKey::ALL, OptimizerKey::key),
        "recompute" => keys(RecomputeKey::ALL, RecomputeKey::key),
        "loss" => keys(LossKey::ALL, LossKey::key),
        "weights" => keys(WeightKey::ALL, WeightKey::key),
        "kv" => keys(KvKey::ALL, KvKey::key),
        "server" => keys(ServerKey::ALL, ServerKey::key),
        "objective" => keys(ObjectiveKey::ALL, ObjectiveKey::key),
        "currency" => keys(CurrencyKey::ALL, CurrencyKey::key),
        "modes" => keys(ModeKey::ALL, ModeKey::key),
        "infer_precision" => keys(InferKey::ALL, InferKey::key),
        "queue_per" => keys(PeriodKey::ALL, PeriodKey::key),
        "queue_arrival" => keys(ArrivalKey::ALL, ArrivalKey::key),
        _ => None,
    }
}

/// The default form as a JSON object (field name → value).
pub fn defaults() -> &'static serde_json::Map<String, Value> {
    static DEFAULTS: OnceLock<serde_json::Map<String, Value>> = OnceLock::new();
    DEFAULTS.get_or_init(|| match serde_json::to_value(Form::default()) {
        Ok(Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    })
}

/// The JSON type of a field, as the documentation names it.
fn kind(name: &str, default: &Value) -> &'static str {
    if choices(name).is_some() && name != "modes" {
        return "choice";
    }
    match (name, default) {
        (n, Value::Null) if is_whole(n) => "whole number or null",
        ("requests_per_s", _) | (_, Value::Null) => "number or null",
        (_, Value::Bool(_)) => "boolean",
        (_, Value::String(_)) => "text",
        (_, Value::Number(n)) if n.is_u64() => "whole number",
        (_, Value::Number(_)) => "number",
        _ => "",
    }
}

/// A value of one field that serde would not take, with serde's reason.
pub(crate) struct Rejected<T> {
    pub tag: T,
    pub field: &'static Field,
    pub reason: String,
}

/// The default form with `values` set. A value the form's type rejects (wrong type, out of
/// range, unknown choice) is left at its default and returned with serde's reason; the others
/// are kept. Never panics.
pub(crate) fn assemble<T>(values: Vec<(T, &'static Field, Json)>) -> (Form, Vec<Rejected<T>>) {
    let mut form = Form::default();
    let mut rejected = Vec::new();
    for (tag, field, value) in values {
        if let Err(reason) = set(&mut form, field, &value) {
            rejected.push(Rejected { tag, field, reason });
        }
    }
    (form, rejected)
}

/// A form from a JSON object of its fields, as serde reads the record (missing fields take their
/// defaults; the first unknown field or refused value, in the object's order, is the error, in
/// serde's words). For records that hold a form (saved scenarios) without the form's serde
/// deserializer. Unlike serde, a form written as an array of values is refused.
pub(crate) fn form_from_json(value: &Json) -> Result<Form, String> {
    let Json::Object(map) = value else {
        return Err(refused(value, "struct Form"));
    };
    let mut form = Form::default();
    for (name, value) in map {
        let Some(field) = by_name(name) else {
            return Err(unknown_field(name));
        };
        set(&mut form, field, value)?;
    }
    Ok(form)
}

/// serde's words for a field `Form` does not have (`serde::de::Error::unknown_field` wants a
/// static list of names; these are the table's).
fn unknown_field(name: &str) -> String {
    let expected = assign::one_of(FIELDS.iter().map(|f| f.name)).unwrap_or_default();
    format!("unknown field `{name}`, expected {expected}")
}

/// Sets `field` of `form` to `value`, or says why it cannot be (the form is then unchanged).
fn set(form: &mut Form, field: &'static Field, value: &Json) -> Result<(), String> {
    match field.row() {
        Some(i) => table::SETTERS[i](form, value),
        None => Err(format!("unknown field `{}`", field.name)),
    }
}

fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// The Markdown table of every field: name, type, unit, default, meaning (`docs/scenario.md`).
pub fn scenario_table() -> String {
    let defaults = defaults();
    let mut out =
        String::from("| field | type | unit | default | meaning |\n|---|---|---|---|---|\n");
    for field in FIELDS {
        let default = defaults.get(field.name).cloned().unwrap_or(Value::Null);
        let shown = match &default {
            Value::String(s) if s.is_empty() => "`\"\"`".to_string(),
            other => format!("`{other}`"),
        };
        let mut about = field.doc().to_string();
        if let Some(values) = choices(field.name) {
            let list: Vec<String> = values.iter().map(|v| format!("`{v}`")).collect();
            about.push_str(" One of ");
            about.push_str(&list.join(", "));
            about.push('.');
        }
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | {} |\n",
            field.name,
            kind(field.name, &default),
            cell(field.about().unit.en),
            cell(&shown),
            cell(&about)
        ));
    }
    out
}

/// The Markdown table of link keys (`docs/links.md`).
pub fn link_table() -> String {
    let mut out = String::from("| key | field |\n|---|---|\n");
    for field in FIELDS {
        out.push_str(&format!("| `{}` | `{}` |\n", field.key, field.name));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn the_table_lists_every_field_of_the_form_once() {
        let form: BTreeSet<String> = defaults().keys().cloned().collect();
        let table: BTreeSet<String> = FIELDS.iter().map(|f| f.name.to_string()).collect();
        assert_eq!(form, table);
        assert_eq!(FIELDS.len(), table.len(), "a field is listed twice");
    }

    #[test]
    fn link_keys_are_unique_and_never_another_fields_name() {
        let mut seen = BTreeSet::new();
        for field in FIELDS {
            assert!(seen.insert(field.key), "key {} used twice", field.key);
            assert_ne!(field.key, "v", "v is the version");
            if let Some(other) = by_name(field.key) {
                assert_eq!(other.name, field.name, "key {} is a field name", field.key);
            }
            assert!(
                field
                    .key
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()),
                "{}",
                field.key
            );
        }
    }

    #[test]
    fn every_text_of_the_table_has_both_languages() {
        for field in FIELDS {
            let about = field.about();
            let mut texts = vec![about.label, about.help, about.unit];
            if let Input::Choice(Choice { options, .. }) | Input::Several(options) = about.input {
                texts.extend(options.iter().map(|(_, text)| *text));
            }
            for text in texts {
                assert!(
                    !text.is_half(),
                    "{}: one language missing: {text:?}",
                    field.name
                );
            }
            assert!(!field.doc().is_empty(), "{} is not documented", field.name);
        }
    }

    #[test]
    fn every_control_has_words_and_offers_the_fields_choices() {
        for field in FIELDS {
            let about = field.about();
            let name = field.name;
            match about.input {
                Input::Number(_) | Input::Flag(_) => {
                    assert!(!about.label.en.is_empty(), "{name} has no label");
                    assert!(!about.help.en.is_empty(), "{name} has no help");
                }
                Input::Choice(Choice { options, .. }) | Input::Several(options) => {
                    let offered: BTreeSet<&str> = options.iter().map(|(k, _)| *k).collect();
                    let accepted: BTreeSet<&str> = choices(name).unwrap().into_iter().collect();
                    assert_eq!(offered.len(), options.len(), "{name} offers a key twice");
                    assert!(offered.is_subset(&accepted), "{name}: {offered:?}");
                    if let Input::Choice(_) = about.input {
                        assert_eq!(offered, accepted, "{name} leaves a choice out");
                    }
                }
                Input::Other => {}
            }
        }
    }

    #[test]
    fn controls_read_and_write_their_own_field() {
        let defaults = defaults();
        for field in FIELDS {
            let name = field.name;
            let mut form = Form::default();
            let json = |form: &Form| serde_json::to_value(form).unwrap()[name].clone();
            match field.about().input {
                Input::Number(n) => {
                    assert_eq!(
                        n.optional,
                        defaults[name].is_null()
                            || name == "requests_per_s"
                            || name == "fp64_pflop"
                    );
                    if let Some(v) = (n.get)(&form) {
                        assert!((n.min..=n.max).contains(&v), "{name}'s default {v}");
                    }
                    (n.set)(&mut form, Some(n.max));
                    assert_eq!((n.get)(&form), Some(n.max), "{name}");
                    assert_eq!(json(&form).as_f64(), Some(n.max), "{name}");
                    (n.set)(&mut form, None);
                    let emptied = if n.optional { None } else { Some(n.max) };
                    assert_eq!((n.get)(&form), emptied, "{name}");
                }
                Input::Choice(c) => {
                    assert_eq!(Some(json(&form)), Some(Value::from((c.get)(&form))));
                    for (key, _) in c.options {
                        (c.set)(&mut form, key);
                        assert_eq!((c.get)(&form), *key, "{name}");
                        assert_eq!(json(&form), Value::from(*key), "{name}");
                    }
                    (c.set)(&mut form, "no such key");
                    assert_eq!((c.get)(&form), c.options.last().unwrap().0, "{name}");
                }
                Input::Flag(flag) => {
                    for on in [true, false] {
                        (flag.set)(&mut form, on);
                        assert_eq!(((flag.get)(&form), json(&form)), (on, Value::from(on)));
                    }
                }
                Input::Several(_) | Input::Other => {}
            }
        }
    }

    fn doc(path: &str) -> String {
        let full = format!("{}/../../docs/{path}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
    }

    #[test]
    fn the_documentation_has_the_current_tables() {
        let table = scenario_table();
        assert!(
            doc("scenario.md").contains(&table),
            "docs/scenario.md is out of date; its field table should read:\n{table}"
        );
        let table = link_table();
        assert!(
            doc("links.md").contains(&table),
            "docs/links.md is out of date; its key table should read:\n{table}"
        );
    }
}
