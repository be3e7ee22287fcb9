//! Reads a decimal number exactly as `str::parse::<f64>` does: the same syntax, the same
//! correctly rounded double.
//!
//! The standard library's reader is fast thanks to a table of 651 128-bit powers of five, 10 KB
//! that do not compress. A link holds a few short numbers, read by the page's main module before
//! anything else: a module that carried little more than the engine measured 13 KB (gzip)
//! smaller without that reader.
//! This one reads up to 15 digits times a power of ten up to 10^22 in one exact division or
//! multiplication (both operands are doubles exactly, so the one rounding is the right one), and
//! otherwise searches the double over its bits, starting from an estimate a few doubles off and
//! comparing the number exactly, in big integers, with the midpoint between two neighbouring
//! doubles: well under a microsecond for what people type, under a millisecond for a number
//! hundreds of digits long. Its tests compare it with the standard library, ties and dropped
//! digits included.

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
        if let Some(exact) = self.exact() {
            return exact;
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
        f64::from_bits(first_true(below_or_rounds_down, self.estimate().to_bits()))
    }

    /// The number when it is a double times or over a power of ten that are both exact: at most
    /// 15 digits (below 2^53) and a power up to 10^22 (the largest exact one). IEEE arithmetic
    /// rounds the one operation correctly, ties to even.
    fn exact(&self) -> Option<f64> {
        if self.dropped || self.digits.len() > 15 || self.exponent.abs() > 22 {
            return None;
        }
        let digits = self.digits.iter().fold(0u64, |n, &d| n * 10 + u64::from(d)) as f64;
        let power = (0..self.exponent.abs()).fold(1.0, |p, _| p * 10.0);
        Some(if self.exponent < 0 {
            digits / power
        } else {
            digits * power
        })
    }

    /// The number to within a few doubles (or infinite, or zero), from its first 19 digits.
    fn estimate(&self) -> f64 {
        let kept = self.digits.len().min(19);
        let leading = self.digits[..kept]
            .iter()
            .fold(0u64, |n, &d| n * 10 + u64::from(d)) as f64;
        let power = (self.exponent + (self.digits.len() - kept) as i64).clamp(-700, 700) as i32;
        // In two halves, so neither power of ten leaves the doubles' range on its own.
        leading * 10f64.powi(power / 2) * 10f64.powi(power - power / 2)
    }
}

/// The first of the finite doubles' bit patterns (or infinity's) for which `test` holds, `test`
/// being false below some pattern and true from it on; searched outwards from `guess` by doubling
/// steps, then by bisection. `test` is never asked about infinity.
fn first_true(mut test: impl FnMut(u64) -> bool, guess: u64) -> u64 {
    let top = f64::INFINITY.to_bits();
    let guess = guess.min(top - 1);
    let (mut low, mut high) = (guess, guess);
    let mut step = 1;
    if test(guess) {
        // True at `high`: step down until false.
        low = loop {
            if high == 0 {
                break 0;
            }
            let probe = high - step.min(high);
            if !test(probe) {
                break probe + 1;
            }
            high = probe;
            step *= 2;
        };
    } else {
        // False just below `low`: step up until true, or infinity.
        low += 1;
        high = loop {
            let probe = low.saturating_add(step).min(top);
            if probe == top || test(probe) {
                break probe;
            }
            low = probe + 1;
            step *= 2;
        };
    }
    while low < high {
        let mid = low + (high - low) / 2;
        if test(mid) {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    low
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
mod tests;
