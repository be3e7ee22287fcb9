//! A JSON value with its reader and writer, for the records the page keeps of its own: a share
//! link's values, the draft, the preferences, the saved scenarios, the start settings in the page.
//!
//! The page's main module reads and writes these before it is interactive; `serde_json`'s parser,
//! error type and value, generic over readers and visitors, were about 18 KB of its code for
//! that alone (the parts of the page fetched later still use `serde_json` for catalog records
//! and plans). It reads and writes what `serde_json::Value` does: integers kept as integers
//! (`u64`, else `i64`), other numbers as the nearest double, objects as maps sorted by key (a
//! repeated key: the last one), and it writes numbers and strings in the same text (doubles with
//! their shortest digits, `0.001`, `1.5`, `100.0`, `1e+21`). Its tests compare both ways with
//! `serde_json`.

use gpu_sizer_engine::float_text;
use std::fmt::{self, Display, Write as _};

/// A JSON value.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(Num),
    String(String),
    Array(Vec<Json>),
    Object(Object),
}

/// A JSON object: its members in the order of their keys, as serde_json's map keeps them, a key
/// read twice keeping its last value. A list kept sorted rather than a `BTreeMap`, whose code
/// (4 KB of wasm) the page would carry for the few dozen members of a form.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Object(Vec<(String, Json)>);

impl Object {
    /// Where `key` is, or would go.
    fn place(&self, key: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(k, _)| k.as_str().cmp(key))
    }

    pub fn get(&self, key: &str) -> Option<&Json> {
        self.place(key).ok().map(|i| &self.0[i].1)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.place(key).is_ok()
    }

    /// Sets `key` to `value`, returning the value it replaces.
    pub fn insert(&mut self, key: String, value: Json) -> Option<Json> {
        match self.place(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.0[i].1, value)),
            Err(i) => {
                self.0.insert(i, (key, value));
                None
            }
        }
    }

    pub fn remove(&mut self, key: &str) -> Option<Json> {
        self.place(key).ok().map(|i| self.0.remove(i).1)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The members in the order of their keys.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &Json)> {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

impl FromIterator<(String, Json)> for Object {
    fn from_iter<I: IntoIterator<Item = (String, Json)>>(members: I) -> Object {
        let mut object = Object::default();
        for (key, value) in members {
            object.insert(key, value);
        }
        object
    }
}

impl<const N: usize> From<[(String, Json); N]> for Object {
    fn from(members: [(String, Json); N]) -> Object {
        members.into_iter().collect()
    }
}

impl IntoIterator for Object {
    type Item = (String, Json);
    type IntoIter = std::vec::IntoIter<(String, Json)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a Object {
    type Item = (&'a String, &'a Json);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'a, (String, Json)>,
        fn(&'a (String, Json)) -> (&'a String, &'a Json),
    >;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

/// A JSON number, kept as `serde_json` keeps it: a whole number as an integer when it fits.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Num {
    /// A whole number ≥ 0.
    Pos(u64),
    /// A whole number < 0.
    Neg(i64),
    /// Any other number; always finite.
    Float(f64),
}

impl Num {
    /// `x` as a number, `None` for a value JSON cannot write (NaN, infinities): `serde_json`
    /// writes those as `null`.
    pub fn from_f64(x: f64) -> Option<Num> {
        x.is_finite().then_some(Num::Float(x))
    }

    pub fn as_u64(self) -> Option<u64> {
        match self {
            Num::Pos(u) => Some(u),
            _ => None,
        }
    }

    pub fn as_i64(self) -> Option<i64> {
        match self {
            Num::Pos(u) => i64::try_from(u).ok(),
            Num::Neg(i) => Some(i),
            Num::Float(_) => None,
        }
    }

    pub fn as_f64(self) -> f64 {
        match self {
            Num::Pos(u) => u as f64,
            Num::Neg(i) => i as f64,
            Num::Float(x) => x,
        }
    }
}

impl From<f64> for Json {
    /// `null` for NaN and the infinities, as `serde_json` writes them.
    fn from(x: f64) -> Json {
        Num::from_f64(x).map_or(Json::Null, Json::Number)
    }
}

impl From<u64> for Json {
    fn from(u: u64) -> Json {
        Json::Number(Num::Pos(u))
    }
}

impl From<bool> for Json {
    fn from(b: bool) -> Json {
        Json::Bool(b)
    }
}

impl From<&str> for Json {
    fn from(s: &str) -> Json {
        Json::String(s.to_string())
    }
}

impl Json {
    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(map) => map.get(key),
            _ => None,
        }
    }

    /// `value` as this type holds it, for the tests that compare readings with `serde_json`'s.
    #[cfg(test)]
    pub fn from_serde(value: &serde_json::Value) -> Json {
        use serde_json::Value;
        match value {
            Value::Null => Json::Null,
            Value::Bool(b) => Json::Bool(*b),
            Value::Number(n) => Json::Number(match (n.as_u64(), n.as_i64()) {
                (Some(u), _) => Num::Pos(u),
                (None, Some(i)) => Num::Neg(i),
                _ => Num::Float(n.as_f64().unwrap_or_default()),
            }),
            Value::String(s) => Json::String(s.clone()),
            Value::Array(items) => Json::Array(items.iter().map(Json::from_serde).collect()),
            Value::Object(map) => Json::Object(
                map.iter()
                    .map(|(k, v)| (k.clone(), Json::from_serde(v)))
                    .collect(),
            ),
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    /// Reads `text`: one JSON value, surrounded by white space only. The error says what was
    /// wrong and where (`at line 1 column 7`).
    pub fn parse(text: &str) -> Result<Json, String> {
        let mut reader = Reader {
            text: text.as_bytes(),
            at: 0,
        };
        let value = reader.value(0)?;
        reader.space();
        if reader.at < reader.text.len() {
            return Err(reader.error("trailing characters"));
        }
        Ok(value)
    }
}

/// Deeper than this is refused, as `serde_json` refuses it: a hostile link or file cannot
/// exhaust the stack.
const MAX_DEPTH: usize = 128;

struct Reader<'t> {
    text: &'t [u8],
    at: usize,
}

impl Reader<'_> {
    /// `what` at the current place, as line and column (both from 1).
    fn error(&self, what: &str) -> String {
        let before = &self.text[..self.at.min(self.text.len())];
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        // The character at fault counts, as serde_json counts it; at the end, the last one read.
        let column = before.iter().rev().take_while(|&&b| b != b'\n').count()
            + usize::from(self.at < self.text.len());
        format!("{what} at line {line} column {column}")
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.at += 1;
        }
    }

    /// Takes `word` (after its first letter, already seen).
    fn word(&mut self, word: &[u8], value: Json) -> Result<Json, String> {
        for &expected in word {
            self.at += 1;
            match self.peek() {
                Some(b) if b == expected => {}
                None => return Err(self.error("EOF while parsing a value")),
                Some(_) => return Err(self.error("expected ident")),
            }
        }
        self.at += 1;
        Ok(value)
    }

    fn value(&mut self, depth: usize) -> Result<Json, String> {
        self.space();
        match self.peek() {
            None => Err(self.error("EOF while parsing a value")),
            Some(b'n') => self.word(b"ull", Json::Null),
            Some(b't') => self.word(b"rue", Json::Bool(true)),
            Some(b'f') => self.word(b"alse", Json::Bool(false)),
            Some(b'"') => self.string().map(Json::String),
            Some(b'-' | b'0'..=b'9') => self.number().map(Json::Number),
            Some(b'[') if depth < MAX_DEPTH => self.array(depth + 1).map(Json::Array),
            Some(b'{') if depth < MAX_DEPTH => self.object(depth + 1).map(Json::Object),
            Some(b'[' | b'{') => Err(self.error("recursion limit exceeded")),
            Some(_) => Err(self.error("expected value")),
        }
    }

    /// The items of a list (at its `[`), each `depth` deep.
    fn array(&mut self, depth: usize) -> Result<Vec<Json>, String> {
        self.at += 1;
        let mut items = Vec::new();
        if self.close(b']') {
            return Ok(items);
        }
        loop {
            items.push(self.value(depth)?);
            if self.next_or_close(b']', "EOF while parsing a list")? {
                return Ok(items);
            }
        }
    }

    /// The members of an object (at its `{`), each value `depth` deep.
    fn object(&mut self, depth: usize) -> Result<Object, String> {
        self.at += 1;
        let mut map = Object::default();
        if self.close(b'}') {
            return Ok(map);
        }
        loop {
            self.space();
            match self.peek() {
                Some(b'"') => {}
                None => return Err(self.error("EOF while parsing an object")),
                Some(_) => return Err(self.error("key must be a string")),
            }
            let key = self.string()?;
            self.space();
            match self.peek() {
                Some(b':') => self.at += 1,
                None => return Err(self.error("EOF while parsing an object")),
                Some(_) => return Err(self.error("expected `:`")),
            }
            map.insert(key, self.value(depth)?);
            if self.next_or_close(b'}', "EOF while parsing an object")? {
                return Ok(map);
            }
        }
    }

    /// Takes `close` (after white space) if it is next.
    fn close(&mut self, close: u8) -> bool {
        self.space();
        let closed = self.peek() == Some(close);
        if closed {
            self.at += 1;
        }
        closed
    }

    /// After an item of a list or an object: a comma (false) or `close` (true); `eof` if the
    /// text ends.
    fn next_or_close(&mut self, close: u8, eof: &str) -> Result<bool, String> {
        self.space();
        match self.peek() {
            Some(b',') => {
                self.at += 1;
                Ok(false)
            }
            Some(b) if b == close => {
                self.at += 1;
                Ok(true)
            }
            None => Err(self.error(eof)),
            Some(_) => Err(self.error(&format!("expected `,` or `{}`", close as char))),
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.at;
        while let Some(b'0'..=b'9') = self.peek() {
            self.at += 1;
        }
        self.at - start
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    fn number(&mut self) -> Result<Num, String> {
        let start = self.at;
        let negative = self.peek() == Some(b'-');
        if negative {
            self.at += 1;
        }
        let whole_start = self.at;
        match self.digits() {
            0 => return Err(self.error("invalid number")),
            n if n > 1 && self.text[whole_start] == b'0' => {
                self.at = whole_start + 1;
                return Err(self.error("invalid number"));
            }
            _ => {}
        }
        let mut fraction = false;
        if self.peek() == Some(b'.') {
            self.at += 1;
            if self.digits() == 0 {
                return Err(self.error("invalid number"));
            }
            fraction = true;
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.at += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.at += 1;
            }
            if self.digits() == 0 {
                return Err(self.error("invalid number"));
            }
            fraction = true;
        }
        // The text is ASCII digits and signs only.
        let text = std::str::from_utf8(&self.text[start..self.at]).unwrap_or_default();
        if !fraction {
            let digits = &text[usize::from(negative)..];
            if let Ok(u) = digits.parse::<u64>() {
                match (negative, 0i64.checked_sub_unsigned(u)) {
                    (false, _) => return Ok(Num::Pos(u)),
                    // `-0` is a double, as serde_json reads it.
                    (true, Some(i)) if i < 0 => return Ok(Num::Neg(i)),
                    _ => {}
                }
            }
        }
        match crate::decimal::parse_f64(text) {
            Some(x) if x.is_finite() => Ok(Num::Float(x)),
            _ => Err(self.error("number out of range")),
        }
    }

    /// A string, its quotes and escapes read.
    fn string(&mut self) -> Result<String, String> {
        self.at += 1;
        let mut out = Vec::new();
        loop {
            let start = self.at;
            while let Some(b) = self.peek() {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.at += 1;
            }
            out.extend_from_slice(&self.text[start..self.at]);
            match self.peek() {
                None => return Err(self.error("EOF while parsing a string")),
                Some(b'"') => {
                    self.at += 1;
                    // The text was a `str` and escapes add whole characters.
                    return String::from_utf8(out).map_err(|_| self.error("invalid unicode"));
                }
                Some(b'\\') => {
                    self.at += 1;
                    let escaped = match self.peek() {
                        None => return Err(self.error("EOF while parsing a string")),
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => self.unicode_escape()?,
                        Some(_) => return Err(self.error("invalid escape")),
                    };
                    self.at += 1;
                    let mut buffer = [0; 4];
                    out.extend_from_slice(escaped.encode_utf8(&mut buffer).as_bytes());
                }
                Some(_) => {
                    return Err(self
                        .error("control character (\\u0000-\\u001F) found while parsing a string"))
                }
            }
        }
    }

    /// The four hex digits after `\u` (at `u`), with the low half of a surrogate pair when
    /// they are its high half; leaves `at` on the last digit read.
    fn unicode_escape(&mut self) -> Result<char, String> {
        let high = self.hex4()?;
        let code = match high {
            0xD800..=0xDBFF => {
                if self.text.get(self.at + 1..self.at + 3) != Some(b"\\u") {
                    return Err(self.error("lone leading surrogate in hex escape"));
                }
                self.at += 2;
                let low = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&low) {
                    return Err(self.error("lone leading surrogate in hex escape"));
                }
                0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            }
            0xDC00..=0xDFFF => return Err(self.error("lone leading surrogate in hex escape")),
            code => code,
        };
        char::from_u32(code).ok_or_else(|| self.error("invalid unicode code point"))
    }

    /// Four hex digits after `at`; leaves `at` on the last.
    fn hex4(&mut self) -> Result<u32, String> {
        let mut code = 0;
        for _ in 0..4 {
            self.at += 1;
            let digit = match self.peek() {
                None => return Err(self.error("EOF while parsing a string")),
                Some(b) => (b as char).to_digit(16),
            };
            code = code * 16 + digit.ok_or_else(|| self.error("invalid escape"))?;
        }
        Ok(code)
    }
}

impl Display for Json {
    /// Compact JSON, as `serde_json::to_string` writes the same value.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Json::Null => f.write_str("null"),
            Json::Bool(b) => f.write_str(if *b { "true" } else { "false" }),
            Json::Number(n) => n.fmt(f),
            Json::String(s) => write_string(f, s),
            Json::Array(items) => {
                f.write_char('[')?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_char(',')?;
                    }
                    item.fmt(f)?;
                }
                f.write_char(']')
            }
            Json::Object(map) => {
                f.write_char('{')?;
                for (i, (key, value)) in map.iter().enumerate() {
                    if i > 0 {
                        f.write_char(',')?;
                    }
                    write_string(f, key)?;
                    f.write_char(':')?;
                    value.fmt(f)?;
                }
                f.write_char('}')
            }
        }
    }
}

impl Display for Num {
    /// Integers as written; a double as `serde_json` writes it: the shortest digits that read back
    /// to it, as a decimal (`0.001`, `1.5`, `100.0`) when its exponent is between -5 and 16, else
    /// in scientific form (`1e+21`, `1.5e-7`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Num::Pos(u) => write!(f, "{u}"),
            Num::Neg(i) => write!(f, "{i}"),
            Num::Float(x) if x.is_finite() => write_double(f, x),
            // Not made by this module (a variant set by hand): JSON has no such number.
            Num::Float(_) => f.write_str("null"),
        }
    }
}

fn write_double(f: &mut impl fmt::Write, x: f64) -> fmt::Result {
    let (digits, exponent) = shortest_digits(x.abs());
    let length = digits.len() as isize;
    // The value is 0.digits × 10^point.
    let point = exponent + 1;
    if x.is_sign_negative() {
        f.write_char('-')?;
    }
    if (length..=16).contains(&point) {
        f.write_str(&digits)?;
        for _ in length..point {
            f.write_char('0')?;
        }
        f.write_str(".0")
    } else if (1..=16).contains(&point) {
        let (whole, fraction) = digits.split_at(point as usize);
        write!(f, "{whole}.{fraction}")
    } else if (-4..=0).contains(&point) {
        f.write_str("0.")?;
        for _ in point..0 {
            f.write_char('0')?;
        }
        f.write_str(&digits)
    } else {
        let (first, rest) = digits.split_at(1);
        f.write_str(first)?;
        if !rest.is_empty() {
            write!(f, ".{rest}")?;
        }
        write!(f, "e{exponent:+}")
    }
}

/// The fewest significant digits that read back to `x` (≥ 0), and the exponent of the first:
/// `x` ≈ d.ddd × 10^exponent. Where two such digit strings are equally near `x`, the one ending
/// in an even digit, as `serde_json` chooses (the standard library's may end in the odd one).
fn shortest_digits(x: f64) -> (String, isize) {
    let as_text =
        |digits: &[u8]| -> String { digits.iter().map(|&d| char::from(b'0' + d)).collect() };
    let (shortest, exponent) = if x == 0.0 {
        (vec![0], 0)
    } else {
        float_text::shortest_digits(x)
    };
    let exponent = exponent as isize;
    let mut digits = as_text(&shortest);
    let last = digits.as_bytes().last().copied().unwrap_or(b'0');
    if last % 2 == 1 {
        let stem = &digits[..digits.len() - 1];
        let point = if stem.is_empty() { "" } else { "." };
        let reads_back = |d: u8| {
            let first_and_rest = format!("{}{}", stem, d as char);
            let (first, rest) = first_and_rest.split_at(1);
            let text = format!("{first}{point}{rest}e{exponent}");
            crate::decimal::parse_f64(&text) == Some(x)
        };
        // Halfway between `stem`+`lower` and the next: the exact value is those digits and a 5.
        let halfway = |lower: u8| {
            as_text(&float_text::exact_digits(x).0) == format!("{stem}{}5", lower as char)
        };
        // Reading back first: a neighbour rarely does, and the exact value can take 767 digits.
        if last > b'0' && reads_back(last - 1) && halfway(last - 1) {
            digits.pop();
            digits.push((last - 1) as char);
        } else if last < b'9' && reads_back(last + 1) && halfway(last) {
            digits.pop();
            digits.push((last + 1) as char);
        }
    }
    (digits, exponent)
}

/// `s` in quotes, escaped as `serde_json` escapes it: quotes, backslashes and control characters.
fn write_string(f: &mut impl fmt::Write, s: &str) -> fmt::Result {
    f.write_char('"')?;
    let mut start = 0;
    for (i, c) in s.char_indices() {
        let escaped = match c {
            '"' => "\\\"",
            '\\' => "\\\\",
            '\n' => "\\n",
            '\r' => "\\r",
            '\t' => "\\t",
            '\u{8}' => "\\b",
            '\u{c}' => "\\f",
            c if (c as u32) < 0x20 => "",
            _ => continue,
        };
        f.write_str(&s[start..i])?;
        if escaped.is_empty() {
            write!(f, "\\u{:04x}", c as u32)?;
        } else {
            f.write_str(escaped)?;
        }
        start = i + c.len_utf8();
    }
    f.write_str(&s[start..])?;
    f.write_char('"')
}

/// `s` in quotes as Rust's `{:?}` writes it (serde_json's messages do): quotes, backslashes and
/// control characters escaped. Other characters come as they are, where Rust escapes the
/// invisible ones: its tables for those would ship in the page for this message alone.
fn debug_quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\0' => out.push_str("\\0"),
            c if c.is_ascii_control() => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// How `serde_json` names a value in a message: `string "x"`, `integer `3``, `null`.
pub(crate) fn describe(value: &Json) -> String {
    match value {
        Json::Null => "null".to_string(),
        Json::Bool(b) => format!("boolean `{b}`"),
        Json::Number(Num::Float(x)) => format!("floating point `{}`", Num::Float(*x)),
        Json::Number(n) => format!("integer `{n}`"),
        Json::String(s) => format!("string {}", debug_quoted(s)),
        Json::Array(_) => "sequence".to_string(),
        Json::Object(_) => "map".to_string(),
    }
}

#[cfg(test)]
mod tests;
