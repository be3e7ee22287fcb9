//! Share links: a [`Form`] as a short query string, and back.
//!
//! A link is `v=1` followed by the fields that differ from [`Form::default`], in the order of
//! [`FIELDS`], each under its short key (`docs/links.md` lists them). Numbers are written in the
//! shortest form that reads back exactly, text is percent-encoded, an unset optional number is
//! absent (or `key=` when its default is set), lists stay comma-separated.
//!
//! [`decode`] reads any input without panicking: what it cannot use is left at its default and
//! reported in [`Decoded::ignored`] with the reason, and the rest is kept.

use crate::decimal;
use crate::fields::{self, Kind, FIELDS};
use crate::json::{Json, Num};
use crate::Form;
use gpu_sizer_engine::text::mentions;
use gpu_sizer_engine::{float_text, sort};
use std::fmt::Write as _;

/// The version links are written in.
pub const VERSION: u32 = 1;

/// Longest value copied into an [`Ignored`] report, in characters.
const MAX_REPORTED: usize = 120;

/// A part of a link that was not used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ignored {
    /// The key as it appears in the link (percent-decoded when possible).
    pub key: String,
    /// Its value (percent-decoded when possible, shortened when long).
    pub value: String,
    pub reason: Problem,
}

/// Why a part of a link was not used, as data: the page and the CLI word it in the reader's
/// language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A part without `=`.
    NoValue,
    UnreadableKey(Unreadable),
    UnreadableValue(Unreadable),
    /// Neither a field's short key nor its name.
    UnknownKey,
    /// A key seen before (`field` is its name, or `v`): the first value is kept.
    Duplicate {
        field: &'static str,
    },
    /// A link written by a newer page: read as the current version, best effort.
    NewerVersion {
        version: u32,
    },
    /// A version that is not a number: read as the current version.
    UnknownVersion,
    /// A value the field cannot take.
    Invalid {
        field: &'static str,
        expected: Expected,
    },
    /// A value the form rejected, with the form's own words (range, choices).
    Rejected {
        field: &'static str,
        detail: String,
    },
}

/// Why text cannot be percent-decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unreadable {
    /// A `%` not followed by two hex digits, at this character (1-based).
    BadEscape { at: usize },
    /// The decoded bytes are not UTF-8.
    NotUtf8,
}

/// What a field's value should have been.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    /// 1 or 0 (true or false).
    Flag,
    /// A whole number ≥ 0.
    Whole,
    /// A number.
    Number,
    /// A finite number.
    Finite,
}

/// What a link decodes to.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    pub form: Form,
    /// Every part left out, in link order.
    pub ignored: Vec<Ignored>,
}

/// The query string (without `?`) of a share link for `form`.
pub fn encode(form: &Form) -> String {
    encode_values(&fields::values_of(form))
}

/// [`encode`] from the form's field values ([`fields::values_of`]), for a caller that writes the
/// form in another way from the same values (the page's draft, [`fields::json_of`]).
pub fn encode_values(values: &[(&'static str, Json)]) -> String {
    let defaults = fields::default_values();
    let mut out = format!("v={VERSION}");
    // The table lists the fields in the struct's order, so the search from the last one found
    // takes one step per field; any other order is still found.
    let mut at = 0;
    for field in FIELDS {
        let Some(i) = (at..values.len())
            .chain(0..at)
            .find(|&i| values[i].0 == field.name)
        else {
            continue;
        };
        at = i + 1;
        let value = &values[i].1;
        if defaults
            .get(i)
            .is_some_and(|(name, d)| *name == field.name && d == value)
        {
            continue;
        }
        out.push('&');
        out.push_str(field.key);
        out.push('=');
        write_value(&mut out, value);
    }
    out
}

fn write_value(out: &mut String, value: &Json) {
    match value {
        Json::String(s) => push_encoded(out, s),
        Json::Bool(b) => out.push(if *b { '1' } else { '0' }),
        // Writing to a `String` cannot fail.
        Json::Number(Num::Pos(u)) => _ = write!(out, "{u}"),
        Json::Number(Num::Neg(i)) => _ = write!(out, "{i}"),
        Json::Number(Num::Float(x)) => out.push_str(&shortest(*x)),
        // An unset optional number (or a number that is not finite): empty.
        Json::Null => {}
        // The form is flat; nothing else occurs.
        Json::Array(_) | Json::Object(_) => {}
    }
}

/// The shortest text that parses back to exactly `x`: plain (`0.9`, `2400`) or with an
/// exponent (`1e8`). Both of Rust's formats print the fewest digits that round-trip.
pub fn shortest(x: f64) -> String {
    let plain = float_text::shortest(x);
    let exp = float_text::shortest_exp(x);
    if exp.len() < plain.len() {
        exp
    } else {
        plain
    }
}

/// Bytes written as they are: letters, digits, `-_.~` (never escaped in URLs) and `,` (lists).
fn plain_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~' | b',')
}

/// Percent-encodes `text` (UTF-8 bytes) onto `out`.
pub fn push_encoded(out: &mut String, text: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for b in text.bytes() {
        if plain_byte(b) {
            out.push(char::from(b));
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        }
    }
}

fn hex(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Percent-decodes `text` (`+` is a space, as in HTML forms).
pub fn percent_decode(text: &str) -> Result<String, Unreadable> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let pair = bytes
                    .get(i + 1..i + 3)
                    .and_then(|p| Some(hex(p[0])? << 4 | hex(p[1])?));
                match pair {
                    Some(b) => out.push(b),
                    None => return Err(Unreadable::BadEscape { at: i + 1 }),
                }
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| Unreadable::NotUtf8)
}

/// The query of a full URL, a `?query`, a `#query` or a bare query.
fn query_of(input: &str) -> &str {
    let input = input.trim();
    if let Some((_, rest)) = input.split_once('?') {
        return rest.split('#').next().unwrap_or("");
    }
    if let Some((before, rest)) = input.split_once('#') {
        // `https://host/path#v=1&…` or `#v=1&…`: the state in the fragment.
        if mentions(before, "://") || before.is_empty() {
            return rest;
        }
        return before;
    }
    if mentions(input, "://") {
        return "";
    }
    input
}

fn shorten(text: &str) -> String {
    if text.chars().count() <= MAX_REPORTED {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(MAX_REPORTED).collect();
        s.push('…');
        s
    }
}

/// `text` percent-decoded, or as written when it cannot be.
fn readable(text: &str) -> String {
    shorten(&percent_decode(text).unwrap_or_else(|_| text.to_string()))
}

/// Rewrites the pairs of a link written in `version` into the current version's keys and values.
///
/// Version 1 is the first and current version, so nothing changes yet. When a version 2 renames
/// a key or changes a value's meaning, a step from 1 to 2 goes here, and the links of
/// `tests/data/links-v1.txt` keep decoding to the same forms.
pub fn migrate(version: u32, pairs: Vec<(String, String)>) -> Vec<(String, String)> {
    let mut pairs = pairs;
    let mut at = version.max(1);
    while at < VERSION {
        pairs = step(at, pairs);
        at += 1;
    }
    pairs
}

/// One migration step: from `version` to `version + 1`.
fn step(version: u32, pairs: Vec<(String, String)>) -> Vec<(String, String)> {
    // No version before the current one exists yet: a future step matches on `version`.
    let _ = version;
    pairs
}

/// A key/value pair of the link, with where it was.
struct Pair {
    index: usize,
    key: String,
    value: String,
}

/// The value of `raw` for a field holding `kind`, or what it should have been.
fn parse_value(kind: Kind, raw: &str) -> Result<Json, Expected> {
    match kind {
        // An unset optional number; a required one is rejected when the form is assembled.
        Kind::Whole | Kind::Number if raw.is_empty() => Ok(Json::Null),
        Kind::Text => Ok(Json::String(raw.to_string())),
        Kind::Flag => match raw {
            "1" | "true" => Ok(Json::Bool(true)),
            "0" | "false" => Ok(Json::Bool(false)),
            _ => Err(Expected::Flag),
        },
        Kind::Whole => raw
            .parse::<u64>()
            .map(Json::from)
            .map_err(|_| Expected::Whole),
        Kind::Number => {
            // As `str::parse` reads it, without its tables (see `decimal`).
            let x = decimal::parse_f64(raw.trim()).ok_or(Expected::Number)?;
            Num::from_f64(x).map(Json::Number).ok_or(Expected::Finite)
        }
    }
}

/// Reads a share link: a full URL, `?query` or bare query. Never panics; every part it cannot
/// use is reported in [`Decoded::ignored`] and the rest is kept.
pub fn decode(input: &str) -> Decoded {
    let query = query_of(input);
    let mut ignored: Vec<(usize, Ignored)> = Vec::new();
    let mut pairs = Vec::new();
    for (index, segment) in query.split('&').enumerate() {
        if segment.is_empty() {
            continue;
        }
        let Some((raw_key, raw_value)) = segment.split_once('=') else {
            ignored.push((
                index,
                Ignored {
                    key: readable(segment),
                    value: String::new(),
                    reason: Problem::NoValue,
                },
            ));
            continue;
        };
        let key = match percent_decode(raw_key) {
            Ok(k) => k,
            Err(why) => {
                ignored.push((
                    index,
                    Ignored {
                        key: shorten(raw_key),
                        value: readable(raw_value),
                        reason: Problem::UnreadableKey(why),
                    },
                ));
                continue;
            }
        };
        match percent_decode(raw_value) {
            Ok(value) => pairs.push(Pair { index, key, value }),
            Err(why) => ignored.push((
                index,
                Ignored {
                    key: shorten(&key),
                    value: shorten(raw_value),
                    reason: Problem::UnreadableValue(why),
                },
            )),
        }
    }

    // The version, then the pairs in the current version's terms.
    let mut version = None;
    let mut rest = Vec::new();
    for pair in pairs {
        if pair.key != "v" {
            rest.push(pair);
            continue;
        }
        let reason = match (version, pair.value.trim().parse::<u32>()) {
            (Some(_), _) => Problem::Duplicate { field: "v" },
            (None, Ok(v)) if (1..=VERSION).contains(&v) => {
                version = Some(v);
                continue;
            }
            (None, Ok(v)) if v > VERSION => Problem::NewerVersion { version: v },
            (None, _) => Problem::UnknownVersion,
        };
        ignored.push((
            pair.index,
            Ignored {
                key: "v".into(),
                value: shorten(&pair.value),
                reason,
            },
        ));
    }
    let indices: Vec<usize> = rest.iter().map(|p| p.index).collect();
    let migrated = migrate(
        version.unwrap_or(VERSION),
        rest.into_iter().map(|p| (p.key, p.value)).collect(),
    );
    // A migration keeps the pairs' order and count; if one ever does not, positions are
    // only used to order the report.
    let mut set: Vec<&'static str> = Vec::new();
    let mut values = Vec::new();
    for (n, (key, value)) in migrated.into_iter().enumerate() {
        let index = indices.get(n).copied().unwrap_or(usize::MAX);
        let report = |reason: Problem| Ignored {
            key: shorten(&key),
            value: shorten(&value),
            reason,
        };
        let Some(field) = fields::by_key(&key).or_else(|| fields::by_name(&key)) else {
            ignored.push((index, report(Problem::UnknownKey)));
            continue;
        };
        if set.contains(&field.name) {
            ignored.push((index, report(Problem::Duplicate { field: field.name })));
            continue;
        }
        match parse_value(field.kind(), &value) {
            Ok(v) => {
                set.push(field.name);
                values.push(((index, key, value), field, v));
            }
            Err(expected) => ignored.push((
                index,
                report(Problem::Invalid {
                    field: field.name,
                    expected,
                }),
            )),
        }
    }
    let (form, rejected) = fields::assemble(values);
    for r in rejected {
        let (index, key, value) = r.tag;
        ignored.push((
            index,
            Ignored {
                key: shorten(&key),
                value: shorten(&value),
                reason: Problem::Rejected {
                    field: r.field.name,
                    detail: r.reason,
                },
            },
        ));
    }
    sort::by_key(&mut ignored, |(index, _)| *index);
    Decoded {
        form,
        ignored: ignored.into_iter().map(|(_, i)| i).collect(),
    }
}

#[cfg(test)]
mod tests;
