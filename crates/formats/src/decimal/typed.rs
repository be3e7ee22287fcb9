//! Numbers as people type them into the form: grouped (`100,000,000`, `100 000 000`,
//! `100_000_000`), with a magnitude suffix (`100M`, `1.5B`, `20k`, `1.5万`, `2亿`), in full-width
//! characters (`１００，０００`), or in the plain syntax links use (`1e8`); and numbers shown back
//! the same way, grouped by thousands.

use super::parse_f64;
use gpu_sizer_engine::float_text;

/// Why typed text is not a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypedError {
    /// Nothing but spaces.
    Empty,
    /// A comma that does not group thousands (`1,5`, `10,00`): ambiguous, as some write a decimal
    /// comma.
    Grouping,
    /// Not a number in any form this reader knows.
    NotANumber,
}

/// `text` as a finite number, or why not.
pub fn parse_typed(text: &str) -> Result<f64, TypedError> {
    // Full-width digits and signs as their ASCII forms; every kind of space dropped.
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '０'..='９' => s.push(char::from(b'0' + (c as u32 - '０' as u32) as u8)),
            '，' => s.push(','),
            '．' | '。' => s.push('.'),
            '－' | '−' => s.push('-'),
            '＋' => s.push('+'),
            c if c.is_whitespace() || c == '_' || c == '\u{202f}' => {}
            c => s.push(c),
        }
    }
    if s.is_empty() {
        return Err(TypedError::Empty);
    }
    let (body, scale) = split_suffix(&s);
    let body = ungroup(body)?;
    let value = parse_f64(&body).ok_or(TypedError::NotANumber)? * scale;
    if value.is_finite() {
        Ok(value)
    } else {
        Err(TypedError::NotANumber)
    }
}

/// The number before a magnitude suffix, and the suffix's factor (1 without one).
fn split_suffix(s: &str) -> (&str, f64) {
    const SUFFIXES: [(&str, f64); 11] = [
        ("bn", 1e9),
        ("mn", 1e6),
        ("k", 1e3),
        ("K", 1e3),
        ("m", 1e6),
        ("M", 1e6),
        ("b", 1e9),
        ("B", 1e9),
        ("T", 1e12),
        ("万", 1e4),
        ("亿", 1e8),
    ];
    for (suffix, factor) in SUFFIXES {
        if let Some(body) = s.strip_suffix(suffix) {
            // A digit or a point must come before it: "e" of an exponent is not a number.
            if body.ends_with(|c: char| c.is_ascii_digit() || c == '.') {
                return (body, factor);
            }
        }
    }
    (s, 1.0)
}

/// `s` without the commas that group its integer part by thousands; any other comma is an error.
fn ungroup(s: &str) -> Result<String, TypedError> {
    if !s.contains(',') {
        return Ok(s.to_string());
    }
    let unsigned = s.trim_start_matches(['-', '+']);
    let int_end = unsigned
        .find(|c: char| !c.is_ascii_digit() && c != ',')
        .unwrap_or(unsigned.len());
    let (int, rest) = unsigned.split_at(int_end);
    let mut groups = int.split(',');
    let first = groups.next().unwrap_or_default();
    let grouped_by_three = (1..=3).contains(&first.len()) && groups.all(|g| g.len() == 3);
    if rest.contains(',') || !grouped_by_three {
        return Err(TypedError::Grouping);
    }
    Ok(s.replace(',', ""))
}

/// `v` as a person would type it back: digits grouped by thousands with commas (`100,000,000`,
/// `1,234.5`), the shortest digits that read back as `v`; an exponent only for the very large
/// and the very small (`1e25`, `1e-7`).
pub fn typed_text(v: f64) -> String {
    if v != 0.0 && (v.abs() >= 1e21 || v.abs() < 1e-4) {
        return float_text::shortest_exp(v);
    }
    let plain = float_text::shortest(v);
    let (sign, unsigned) = match plain.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", plain.as_str()),
    };
    let (int, frac) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let mut out = String::from(sign);
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    if !frac.is_empty() {
        out.push('.');
        out.push_str(frac);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_grouped_suffixed_and_locale_forms() {
        for (text, want) in [
            ("100000000", 1e8),
            ("100,000,000", 1e8),
            ("100 000 000", 1e8),
            ("100\u{a0}000\u{a0}000", 1e8),
            ("100\u{202f}000", 1e5),
            ("100_000_000", 1e8),
            ("1e8", 1e8),
            ("100M", 1e8),
            ("100m", 1e8),
            ("100 M", 1e8),
            ("1.5B", 1.5e9),
            ("1.5bn", 1.5e9),
            ("20k", 2e4),
            ("2T", 2e12),
            ("1.5万", 1.5e4),
            ("2亿", 2e8),
            ("１００，０００", 1e5),
            ("１．５", 1.5),
            ("1,234.5", 1234.5),
            ("-1,000", -1000.0),
            (" 42 ", 42.0),
            (".5", 0.5),
            ("0.001", 0.001),
        ] {
            assert_eq!(parse_typed(text), Ok(want), "{text:?}");
        }
    }

    #[test]
    fn rejects_garbage_with_a_reason() {
        assert_eq!(parse_typed("   "), Err(TypedError::Empty));
        for text in ["1,5", "10,00", "1,0000", ",100", "1,000.5,0"] {
            assert_eq!(parse_typed(text), Err(TypedError::Grouping), "{text:?}");
        }
        for text in [
            "abc", "1.2.3", "M", "1e", "e5", "5MM", "1e308k", "1e309", "inf", "nan", "--5", "1x",
            "百",
        ] {
            assert_eq!(parse_typed(text), Err(TypedError::NotANumber), "{text:?}");
        }
    }

    #[test]
    fn shows_numbers_grouped_and_reads_them_back() {
        for (v, want) in [
            (1e8, "100,000,000"),
            (1234.5, "1,234.5"),
            (2048.0, "2,048"),
            (16.0, "16"),
            (0.5, "0.5"),
            (-1000.0, "-1,000"),
            (0.0, "0"),
            (1e15, "1,000,000,000,000,000"),
            (1e25, "1e25"),
            (1e-7, "1e-7"),
        ] {
            assert_eq!(typed_text(v), want, "{v}");
            assert_eq!(parse_typed(want), Ok(v), "{want}");
        }
    }
}
