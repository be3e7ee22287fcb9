//! Reads a decimal number exactly as `str::parse::<f64>` does: the same syntax, the same
//! correctly rounded double.
//!
//! The standard library's reader is fast thanks to a table of 651 128-bit powers of five, 10 KB
//! that do not compress. A link holds a few short numbers, and the first-answer module, which
//! reads the link before anything else has loaded, is 13 KB (gzip) smaller without that reader.
//! This one finds the double by bisection over its bits instead, comparing the number exactly,
//! in big integers, with the midpoint between two neighbouring doubles: a few microseconds for a
//! short number, under a millisecond for one hundreds of digits long. Its tests compare it with
//! the standard library, ties and dropped digits included.

use std::cmp::Ordering;

mod typed;
pub use typed::{parse_typed, typed_text, TypedError};

/// `text` as a double, `None` where `text.parse::<f64>()` is an error: an optional sign, then
/// digits with an optional point and exponent (`1`, `-2.5`, `.5`, `5.`, `1e-7`), or `inf`,
/// `infinity` or `nan` in any case.
pub fn parse_f64(text: &str) -> Option<f64> {
    let (negative, body) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let magnitude = match Decimal::parse(body.as_bytes()) {
        Some(decimal) => decimal.nearest(),
        None if body.eq_ignore_ascii_case("inf") || body.eq_ignore_ascii_case("infinity") => {
            f64::INFINITY
        }
        None if body.eq_ignore_ascii_case("nan") => f64::NAN,
        None => return None,
    };
    Some(if negative { -magnitude } else { magnitude })
}

/// More significant digits than any midpoint between two doubles has (767): beyond them, digits
/// only tell whether the number is a little more than the ones kept.
const MAX_DIGITS: usize = 800;

/// A number `digits × 10^exponent`, or a little more than that when `dropped`.
struct Decimal {
    /// Significant digits, 0 to 9, without leading zeros; at most [`MAX_DIGITS`].
    digits: Vec<u8>,
    exponent: i64,
    /// Nonzero digits beyond [`MAX_DIGITS`] were dropped.
    dropped: bool,
}

impl Decimal {
    /// `digits [. digits] [(e|E) [+|-] digits]` with at least one digit before the exponent.
    fn parse(s: &[u8]) -> Option<Decimal> {
        let mut d = Decimal {
            digits: Vec::new(),
            exponent: 0,
            dropped: false,
        };
        let mut i = 0;
        let mut seen_digit = false;
        let mut fraction = false;
        while let Some(&c) = s.get(i) {
            match c {
                b'0'..=b'9' => {
                    seen_digit = true;
                    d.push(c - b'0', fraction);
                }
                b'.' if !fraction => fraction = true,
                _ => break,
            }
            i += 1;
        }
        if !seen_digit {
            return None;
        }
        if matches!(s.get(i), Some(b'e' | b'E')) {
            i += 1;
            let negative = s.get(i) == Some(&b'-');
            if matches!(s.get(i), Some(b'-' | b'+')) {
                i += 1;
            }
            let start = i;
            let mut exponent: i64 = 0;
            while let Some(&c @ b'0'..=b'9') = s.get(i) {
                // Saturates where the standard library does, far beyond any double.
                if exponent < 0x10000 {
                    exponent = 10 * exponent + i64::from(c - b'0');
                }
                i += 1;
            }
            if i == start {
                return None;
            }
            d.exponent += if negative { -exponent } else { exponent };
        }
        (i == s.len()).then_some(d)
    }

    /// Appends a digit of the integer part or, when `fraction`, of the fractional part.
    fn push(&mut self, digit: u8, fraction: bool) {
        if fraction {
            self.exponent -= 1;
        }
        if self.digits.len() < MAX_DIGITS {
            if !self.digits.is_empty() || digit != 0 {
                self.digits.push(digit);
            }
        } else {
            // Kept as a power of ten instead.
            self.exponent += 1;
            self.dropped |= digit != 0;
        }
    }

    /// The nearest double, ties to the even one: the first double whose midpoint with the next
    /// one is above the number (or equal to it, when that double is even).
    fn nearest(&self) -> f64 {
        let magnitude = self.digits.len() as i64 + self.exponent;
        if self.digits.is_empty() || magnitude < -324 {
            // Below 10^-325, less than half the smallest double.
            return 0.0;
        }
        if magnitude > 310 {
            // At least 10^310, beyond the largest double.
            return f64::INFINITY;
        }
        // The number is `scaled / 10^-exponent` when the exponent is negative.
        let mut scaled = Big::from_digits(&self.digits);
        scaled = scaled.mul(&Big::power_of_ten(self.exponent.max(0) as u32));
        let divisor = Big::power_of_ten((-self.exponent).max(0) as u32);
        let below_or_rounds_down = |bits: u64| {
            let (twice_plus_one, power_of_two) = midpoint_after(bits);
            // number ? (2m + 1) × 2^p, both sides times 10^-exponent and 2^-p when negative.
            let left = scaled.shl((-power_of_two).max(0) as u32);
            let right = divisor
                .mul(&Big::from_u64(twice_plus_one))
                .shl(power_of_two.max(0) as u32);
            match left.cmp(&right) {
                Ordering::Less => true,
                Ordering::Equal => !self.dropped && bits.is_multiple_of(2),
                Ordering::Greater => false,
            }
        };
        let (mut low, mut high) = (0, f64::INFINITY.to_bits());
        while low < high {
            let mid = low + (high - low) / 2;
            if below_or_rounds_down(mid) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        f64::from_bits(low)
    }
}

/// The midpoint between the finite, non-negative double of `bits` and the next one, as
/// `(2m + 1, p)` for `(2m + 1) × 2^p`: the double is `m × 2^(p + 1)`, half an ulp below it.
fn midpoint_after(bits: u64) -> (u64, i64) {
    let exponent = (bits >> 52) as i64;
    let fraction = bits & ((1 << 52) - 1);
    let (m, power) = if exponent == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1 << 52), exponent - 1075)
    };
    (2 * m + 1, power - 1)
}

/// A natural number in base 2^32, least significant limb first, without high zero limbs.
#[derive(Clone, PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn from_u64(n: u64) -> Big {
        Big(vec![n as u32, (n >> 32) as u32]).trimmed()
    }

    fn from_digits(digits: &[u8]) -> Big {
        let mut n = Big(Vec::new());
        for &d in digits {
            n.mul_add_small(10, u32::from(d));
        }
        n
    }

    fn power_of_ten(exponent: u32) -> Big {
        let mut n = Big::from_u64(1);
        for _ in 0..exponent {
            n.mul_add_small(10, 0);
        }
        n
    }

    /// `self × factor + addend`.
    fn mul_add_small(&mut self, factor: u32, addend: u32) {
        let mut carry = u64::from(addend);
        for limb in &mut self.0 {
            let x = u64::from(*limb) * u64::from(factor) + carry;
            *limb = x as u32;
            carry = x >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
        self.trim();
    }

    fn mul(&self, other: &Big) -> Big {
        let mut out = vec![0u32; self.0.len() + other.0.len()];
        for (i, &a) in self.0.iter().enumerate() {
            let mut carry = 0u64;
            for (j, &b) in other.0.iter().enumerate() {
                let x = u64::from(a) * u64::from(b) + u64::from(out[i + j]) + carry;
                out[i + j] = x as u32;
                carry = x >> 32;
            }
            out[i + other.0.len()] = carry as u32;
        }
        Big(out).trimmed()
    }

    /// `self × 2^bits`.
    fn shl(&self, bits: u32) -> Big {
        let (limbs, bits) = ((bits / 32) as usize, bits % 32);
        let mut out = vec![0u32; limbs];
        let mut carry = 0u32;
        for &limb in &self.0 {
            out.push((limb << bits) | carry);
            carry = if bits == 0 { 0 } else { limb >> (32 - bits) };
        }
        out.push(carry);
        Big(out).trimmed()
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn trimmed(mut self) -> Big {
        self.trim();
        self
    }
}

impl Ord for Big {
    fn cmp(&self, other: &Big) -> Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

impl PartialOrd for Big {
    fn partial_cmp(&self, other: &Big) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same answer as the standard library, to the bit (NaN's sign included).
    pub(crate) fn same_as_std(text: &str) {
        let ours = parse_f64(text).map(f64::to_bits);
        let std = text.parse::<f64>().ok().map(f64::to_bits);
        assert_eq!(ours, std, "{text:?}");
    }

    #[test]
    fn syntax_is_the_standard_librarys() {
        for text in [
            "",
            "+",
            "-",
            ".",
            "e",
            "e5",
            ".e5",
            "1e",
            "1e+",
            "1e-",
            "1E5",
            "1e+05",
            "1.",
            ".5",
            "+.5",
            "-5.",
            "1.2.3",
            "1..2",
            "1e5.5",
            "1e5e5",
            " 1",
            "1 ",
            "1_000",
            "0x10",
            "١",
            "+-1",
            "-+1",
            "--1",
            "inf",
            "-inf",
            "+inf",
            "INF",
            "Infinity",
            "-infinity",
            "infinit",
            "infinityy",
            "nan",
            "NaN",
            "-nan",
            "+NAN",
            "nan(1)",
            "in",
            "+in",
            "1,5",
            "1e5x",
            "00",
            "-0",
            "-0.0e-0",
            "0e99999999999999999999",
            "1e99999999999999999999",
            "1e-99999999999999999999",
            "٣.١٤",
        ] {
            same_as_std(text);
        }
    }

    #[test]
    fn values_are_the_standard_librarys() {
        for text in [
            "0",
            "1",
            "8192",
            "0.1",
            "0.2",
            "0.3",
            "2.5",
            "0.30000000000000004",
            "1e8",
            "123456.789",
            "9007199254740993",
            "9007199254740992.5",
            "4.9e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "2.2250738585072011e-308",
            "2.2250738585072014e-308",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "1e309",
            "1e-400",
            "1e308",
            "1e-323",
            "179769313486231580793728971405301e276",
            "0.000000000000000000000000000000000000000000001e45",
            "00000000000000000000000000000123.45600000000000000000000000000",
        ] {
            same_as_std(text);
        }
        // Past MAX_DIGITS: the digits dropped still decide a tie.
        let tie = format!("9007199254740993{}", "0".repeat(900));
        same_as_std(&format!("{tie}e-900"));
        same_as_std(&format!("{tie}1e-901"));
        same_as_std(&format!("0.{}1", "0".repeat(1000)));
        same_as_std(&format!("{}e-1000", "1".repeat(1000)));
    }

    /// The exact decimal of `(2m + 1) × 2^p`: its digits and power of ten.
    fn exact(twice_plus_one: u64, power: i64) -> (String, i64) {
        // Little-endian decimal digits, multiplied by 2 or by 5 (and the power of ten lowered).
        let mut digits: Vec<u8> = twice_plus_one
            .to_string()
            .bytes()
            .rev()
            .map(|b| b - b'0')
            .collect();
        let times = |digits: &mut Vec<u8>, k: u8| {
            let mut carry = 0;
            for d in digits.iter_mut() {
                let x = *d * k + carry;
                *d = x % 10;
                carry = x / 10;
            }
            if carry > 0 {
                digits.push(carry);
            }
        };
        for _ in 0..power.unsigned_abs() {
            times(&mut digits, if power > 0 { 2 } else { 5 });
        }
        let text = digits.iter().rev().map(|d| char::from(b'0' + d)).collect();
        (text, power.min(0))
    }

    /// The midpoint after `x` written exactly, a hair above it and a hair below it.
    fn around_midpoint(x: f64) -> [String; 3] {
        let (twice_plus_one, power) = midpoint_after(x.to_bits());
        let (digits, exponent) = exact(twice_plus_one, power);
        let above = format!("{digits}1e{}", exponent - 1);
        // One unit less in the last place, then nines: just below.
        let mut below: Vec<u8> = digits.clone().into_bytes();
        let mut i = below.len();
        loop {
            i -= 1;
            if below[i] == b'0' {
                below[i] = b'9';
            } else {
                below[i] -= 1;
                break;
            }
        }
        let below = format!("{}99e{}", String::from_utf8(below).unwrap(), exponent - 2);
        [format!("{digits}e{exponent}"), above, below]
    }

    #[test]
    fn ties_go_to_the_even_double() {
        for x in [
            0.0,
            1.0,
            9007199254740992.0,
            0.1,
            f64::MAX,
            f64::MIN_POSITIVE,
            f64::from_bits(1),
            f64::from_bits((1 << 52) - 1),
            123456.789,
        ] {
            for text in around_midpoint(x) {
                same_as_std(&text);
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        #[test]
        fn any_double_written_any_way_reads_back_as_the_standard_library_reads_it(
            bits in 0..f64::INFINITY.to_bits(),
            precision in 0usize..40,
            negative: bool,
        ) {
            let x = f64::from_bits(bits);
            let x = if negative { -x } else { x };
            for text in [
                format!("{x}"),
                format!("{x:e}"),
                format!("{x:.precision$e}"),
                format!("{x:.precision$}"),
            ] {
                same_as_std(&text);
            }
            for text in around_midpoint(x.abs()) {
                same_as_std(&text);
            }
        }

        #[test]
        fn any_short_text_is_read_as_the_standard_library_reads_it(
            text in "[-+0-9.eEinfatyINFATY]{0,14}",
        ) {
            same_as_std(&text);
        }
    }
}
