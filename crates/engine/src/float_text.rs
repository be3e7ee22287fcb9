//! Doubles written as decimal text, character for character as the standard library writes them
//! (`{}`, `{:.N}`, `{:e}`), without its float formatting.
//!
//! The standard library's formatting (Grisu with a Dragon fallback and their tables of powers,
//! 18 KB of code) would be among the largest parts of the page's main module, which writes a
//! hundred numbers after each input. A double is an integer times a power of two, so its decimal
//! expansion is finite: this computes it in a small big integer, then rounds it (halves to even,
//! as the standard library does) or finds the fewest digits that read back to the same double,
//! comparing candidates with the exact bounds of the values that do. The figures the page shows,
//! up to three decimals, are rounded in 64-bit integers instead. The tests compare every
//! function with the standard library over special and random doubles.

use std::fmt;

/// `x` as `format!("{x}")` writes it: the fewest digits that read back to `x`, never with an
/// exponent.
pub fn shortest(x: f64) -> String {
    special(x).unwrap_or_else(|| {
        let (digits, exp) = if x == 0.0 {
            (Vec::new(), 0)
        } else {
            shortest_digits(x.abs())
        };
        let mut text = sign(x).to_string();
        positional(&mut text, &digits, exp, None);
        text
    })
}

/// `x` as `format!("{x:.decimals$}")` writes it: rounded to `decimals` places, halves to even.
pub fn fixed(x: f64, decimals: usize) -> String {
    special(x).unwrap_or_else(|| {
        let mut text = sign(x).to_string();
        if x == 0.0 {
            positional(&mut text, &[], 0, Some(decimals));
            return text;
        }
        if let Some(units) = units(x.abs(), decimals) {
            // At least one digit before the point: the zeros ahead of the digits make up the
            // rest (`units` takes three decimals at most).
            let (buf, count) = decimal_digits(units);
            let shown = &buf[buf.len() - count.max(decimals + 1)..];
            for (i, &digit) in shown.iter().enumerate() {
                if i + decimals == shown.len() {
                    text.push('.');
                }
                text.push(char::from(digit));
            }
            return text;
        }
        let (digits, exp) = exact_digits(x.abs());
        // Digits kept: those before the point and `decimals` after it.
        let keep = i64::from(exp) + 1 + decimals as i64;
        let (digits, exp) = round(&digits, exp, keep);
        positional(&mut text, &digits, exp, Some(decimals));
        text
    })
}

/// `x` as `format!("{x:e}")` writes it: the fewest digits that read back to `x`, as
/// `d.ddde±n` (`1e20`, `2.5e-1`).
pub fn shortest_exp(x: f64) -> String {
    special(x).unwrap_or_else(|| {
        let (digits, exp) = if x == 0.0 {
            (vec![0], 0)
        } else {
            shortest_digits(x.abs())
        };
        let mut text = sign(x).to_string();
        text.push(char::from(b'0' + digits[0]));
        if digits.len() > 1 {
            text.push('.');
            text.extend(digits[1..].iter().map(|&d| char::from(b'0' + d)));
        }
        text.push('e');
        text.push_str(&exp.to_string());
        text
    })
}

/// `x` (finite, ≥ 0) in units of 10^-decimals, rounded, halves to even, when that is a sum in
/// 64-bit integers (up to three decimals, what the page shows): `x = m × 2^e`, so `x ×
/// 10^decimals` is `m × 10^decimals` (below 2^63) shifted by `e`, and the bits shifted out say
/// how to round. The page writes a hundred figures after each input: natively this takes the
/// standard library's time, the general way about five times as long.
fn units(x: f64, decimals: usize) -> Option<u64> {
    if decimals > 3 {
        return None;
    }
    let (m, e) = parts(x);
    match in_units(m, e, decimals as u32) {
        Some((whole, rest, half)) => {
            let up = rest > half || (rest == half && whole % 2 == 1);
            Some(whole + u64::from(up))
        }
        // Below half a unit: `m × 10^decimals` is below 2^63.
        None if e < -63 => Some(0),
        None => None,
    }
}

/// The decimal digits of `n` as ASCII, the last `count` bytes of the array (the bytes ahead are
/// `0`s, for a caller that pads), and `count`. Every integer this module writes goes through
/// here rather than the standard library's formatting machinery, which costs more than the
/// arithmetic for the dozens of figures the page writes on each keystroke.
fn decimal_digits(mut n: u64) -> ([u8; 20], usize) {
    let mut digits = [b'0'; 20];
    let mut count = 0;
    loop {
        count += 1;
        digits[20 - count] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return (digits, count);
        }
    }
}

/// `m × 2^e × 10^d` (`m` below 2^53, `d` up to 3, so `m × 10^d` is below 2^63) as its whole
/// part, the bits shifted out below it and half a unit in those bits; `None` when the whole part
/// or the shift does not fit in 64 bits.
fn in_units(m: u64, e: i32, d: u32) -> Option<(u64, u64, u64)> {
    let scaled = m * 10u64.pow(d);
    let k = e.unsigned_abs();
    if e >= 0 {
        return (k < 64 && scaled.leading_zeros() > k).then(|| (scaled << k, 0, 1));
    }
    (k < 64).then(|| (scaled >> k, scaled & ((1u64 << k) - 1), 1u64 << (k - 1)))
}

/// `x` (finite, > 0) exactly: its significant digits (0 to 9, no leading nor trailing zeros) and
/// the exponent of the first, `x = d.ddd × 10^exp`.
pub fn exact_digits(x: f64) -> (Vec<u8>, i32) {
    let (m, e) = parts(x);
    exact(m, e)
}

/// The fewest significant digits that read back to `x` (finite, > 0), and the exponent of the
/// first; of two such, the nearer to `x`, and of two as near, the one the standard library
/// writes.
pub fn shortest_digits(x: f64) -> (Vec<u8>, i32) {
    if let Some(found) = shortest_in_units(x) {
        return found;
    }
    let (m, e) = parts(x);
    let (digits, exp) = exact(m, e);
    // The doubles' midpoints on either side of `x`: a decimal strictly between them reads back
    // to `x`, and one on them does when `x`'s mantissa is even (ties go to even).
    let lower_gap_halved = m == 1 << 52 && e > -1074;
    let low = if lower_gap_halved {
        exact(4 * m - 1, e - 2)
    } else {
        exact(2 * m - 1, e - 1)
    };
    let high = exact(2 * m + 1, e - 1);
    let inclusive = m % 2 == 0;
    let inside = |d: &(Vec<u8>, i32)| {
        let above = compare(d, &low);
        let below = compare(d, &high);
        if inclusive {
            above.is_ge() && below.is_le()
        } else {
            above.is_gt() && below.is_lt()
        }
    };
    for n in 1..digits.len() {
        let down = (digits[..n].to_vec(), exp);
        let up = increment(&digits[..n], exp);
        match (inside(&down), inside(&up)) {
            (true, true) => {
                // The nearer: compare what follows the kept digits with a half.
                let rest = &digits[n..];
                let half = rest[0].cmp(&5).then_with(|| {
                    if rest[1..].iter().any(|&d| d != 0) {
                        std::cmp::Ordering::Greater
                    } else {
                        std::cmp::Ordering::Equal
                    }
                });
                return trimmed(if half.is_lt() { down } else { up });
            }
            (true, false) => return trimmed(down),
            (false, true) => return trimmed(up),
            (false, false) => {}
        }
    }
    (digits, exp)
}

/// [`shortest_digits`] for the numbers people type (below 2^53, with up to three decimals), in
/// 64-bit integers: the fewest decimals `d` at which `x × 10^d`, rounded down or up to a whole
/// `c`, reads back as `x`; `None` when no `d` up to 3 does. Below 2^53 no number of tens reads
/// back unless it is `x` itself, so no shorter form has fewer decimals; and `c / 10^d`, both
/// exact doubles, is one correctly rounded division: it is `x` exactly when the text reads back.
/// The page writes its link and draft after each input, a few dozen numbers.
fn shortest_in_units(x: f64) -> Option<(Vec<u8>, i32)> {
    if x >= 9_007_199_254_740_992.0 {
        return None;
    }
    let (m, e) = parts(x);
    let mut power = 1.0;
    for d in 0..=3u32 {
        let (down, rest, half) = in_units(m, e, d)?;
        // Whole numbers from 2^53 on are not all doubles.
        if down + 1 >= 1 << 53 {
            return None;
        }
        let reads_back = |c: u64| c > 0 && c as f64 / power == x;
        let c = match (reads_back(down), rest > 0 && reads_back(down + 1)) {
            // The nearer; at a tie, up, as the general way chooses.
            (true, true) => down + u64::from(rest >= half),
            (true, false) => down,
            (false, true) => down + 1,
            (false, false) => {
                power *= 10.0;
                continue;
            }
        };
        let (buf, count) = decimal_digits(c);
        let digits: Vec<u8> = buf[buf.len() - count..].iter().map(|b| b - b'0').collect();
        let exp = digits.len() as i32 - 1 - d as i32;
        return Some(trimmed((digits, exp)));
    }
    None
}

/// A [`shortest`] in a format string: `format!("between {} and {}", Shortest(a), Shortest(b))`.
#[derive(Debug, Clone, Copy)]
pub struct Shortest(pub f64);

impl fmt::Display for Shortest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&shortest(self.0))
    }
}

/// What the standard library writes for NaN and the infinities.
fn special(x: f64) -> Option<String> {
    if x.is_nan() {
        Some("NaN".into())
    } else if x.is_infinite() {
        Some(if x < 0.0 { "-inf" } else { "inf" }.into())
    } else {
        None
    }
}

/// The sign the standard library writes: `-` for every negative double, zero included.
fn sign(x: f64) -> &'static str {
    if x.is_sign_negative() {
        "-"
    } else {
        ""
    }
}

/// `x` (finite, > 0) as `m × 2^e`.
fn parts(x: f64) -> (u64, i32) {
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1 << 52) - 1);
    if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | 1 << 52, biased - 1075)
    }
}

/// `m × 2^e` (m > 0) exactly, as [`exact_digits`] gives it.
fn exact(m: u64, e: i32) -> (Vec<u8>, i32) {
    // Little-endian base-2^32 digits.
    let mut big = vec![m as u32, (m >> 32) as u32];
    let mut fraction_digits = 0;
    if e >= 0 {
        let (words, bits) = ((e / 32) as usize, e % 32);
        big.splice(0..0, std::iter::repeat_n(0, words));
        if bits > 0 {
            big.push(0);
            let mut carry = 0;
            for word in &mut big {
                let shifted = (u64::from(*word) << bits) | carry;
                *word = shifted as u32;
                carry = shifted >> 32;
            }
        }
    } else {
        // m / 2^k = m × 5^k / 10^k.
        fraction_digits = -e;
        let mut k = fraction_digits;
        while k > 0 {
            let step = k.min(13); // 5^13 < 2^32
            multiply(&mut big, 5u32.pow(step as u32));
            k -= step;
        }
    }
    let digits = decimal(big);
    let exp = digits.len() as i32 - 1 - fraction_digits;
    trimmed((digits, exp))
}

fn multiply(big: &mut Vec<u32>, by: u32) {
    let mut carry = 0u64;
    for word in big.iter_mut() {
        let product = u64::from(*word) * u64::from(by) + carry;
        *word = product as u32;
        carry = product >> 32;
    }
    if carry > 0 {
        big.push(carry as u32);
    }
}

/// The decimal digits of `big` (> 0), most significant first, without leading zeros.
fn decimal(mut big: Vec<u32>) -> Vec<u8> {
    const CHUNK: u64 = 1_000_000_000;
    let mut chunks = Vec::new();
    while big.last() == Some(&0) {
        big.pop();
    }
    while !big.is_empty() {
        let mut remainder = 0u64;
        for word in big.iter_mut().rev() {
            let value = (remainder << 32) | u64::from(*word);
            *word = (value / CHUNK) as u32;
            remainder = value % CHUNK;
        }
        chunks.push(remainder as u32);
        while big.last() == Some(&0) {
            big.pop();
        }
    }
    let mut digits = Vec::with_capacity(chunks.len() * 9);
    for (i, &chunk) in chunks.iter().rev().enumerate() {
        let (buf, count) = decimal_digits(u64::from(chunk));
        // Every chunk but the first is nine digits, its leading zeros included.
        let width = if i == 0 { count } else { 9 };
        digits.extend(buf[buf.len() - width..].iter().map(|b| b - b'0'));
    }
    digits
}

/// `digits × 10^exp` (as in [`exact_digits`]) rounded to its first `keep` digits, halves to
/// even; `keep` may be 0 or less (the number is then below the last place kept). An empty result
/// is zero.
fn round(digits: &[u8], exp: i32, keep: i64) -> (Vec<u8>, i32) {
    if keep < 0 {
        return (Vec::new(), exp);
    }
    let keep = keep as usize;
    if keep >= digits.len() {
        return (digits.to_vec(), exp);
    }
    let rest = &digits[keep..];
    let last_odd = keep > 0 && digits[keep - 1] % 2 == 1;
    let up = rest[0] > 5 || (rest[0] == 5 && (rest[1..].iter().any(|&d| d != 0) || last_odd));
    if !up {
        return trimmed((digits[..keep].to_vec(), exp));
    }
    if keep == 0 {
        // One unit of the place after the last digit kept.
        return (vec![1], exp + 1);
    }
    trimmed(increment(&digits[..keep], exp))
}

/// `digits × 10^exp` plus one unit of its last digit.
fn increment(digits: &[u8], exp: i32) -> (Vec<u8>, i32) {
    let mut digits = digits.to_vec();
    for d in digits.iter_mut().rev() {
        if *d == 9 {
            *d = 0;
        } else {
            *d += 1;
            return (digits, exp);
        }
    }
    digits.insert(0, 1);
    (digits, exp + 1)
}

fn trimmed((mut digits, exp): (Vec<u8>, i32)) -> (Vec<u8>, i32) {
    while digits.last() == Some(&0) {
        digits.pop();
    }
    (digits, exp)
}

/// Compares two positive decimals given as [`exact_digits`] gives them.
fn compare(a: &(Vec<u8>, i32), b: &(Vec<u8>, i32)) -> std::cmp::Ordering {
    a.1.cmp(&b.1).then_with(|| {
        let length = a.0.len().max(b.0.len());
        let digit = |d: &[u8], i: usize| d.get(i).copied().unwrap_or(0);
        (0..length)
            .map(|i| digit(&a.0, i).cmp(&digit(&b.0, i)))
            .find(|o| o.is_ne())
            .unwrap_or(std::cmp::Ordering::Equal)
    })
}

/// Appends `digits × 10^exp` (empty: zero) with `places` digits after the point, or, when `None`,
/// as many as the digits have (none for a whole number).
fn positional(text: &mut String, digits: &[u8], exp: i32, places: Option<usize>) {
    let digit = |i: i64| {
        usize::try_from(i)
            .ok()
            .and_then(|i| digits.get(i))
            .map_or('0', |&d| char::from(b'0' + d))
    };
    // Digit `i` of `digits` is worth 10^(exp - i).
    let whole = i64::from(exp) + 1;
    if whole <= 0 {
        text.push('0');
    } else {
        text.extend((0..whole).map(digit));
    }
    let places = places.map_or((digits.len() as i64 - whole).max(0), |p| p as i64);
    if places > 0 {
        text.push('.');
        text.extend((whole..whole + places).map(digit));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Doubles the standard library writes in every way: halves, powers of ten and two, the
    /// ends of the range, subnormals, values whose shortest digits are close calls.
    fn specials() -> Vec<f64> {
        let mut xs = vec![
            0.0,
            -0.0,
            0.1,
            0.2,
            0.3,
            0.1 + 0.2,
            0.25,
            0.5,
            1.5,
            2.5,
            0.125,
            0.375,
            1.0,
            -1.0,
            1e21,
            1e22,
            1e23,
            123456.789,
            9.995,
            0.000001,
            1e-7,
            5e-324,
            2.2250738585072014e-308,
            2.225073858507201e-308,
            f64::MAX,
            f64::MIN_POSITIVE,
            f64::EPSILON,
            9007199254740993.0,
            4503599627370496.5,
            1.7976931348623157e308,
            299792458.0,
            6.02214076e23,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ];
        for k in -30..=30 {
            xs.push(10f64.powi(k));
            xs.push(2f64.powi(k * 10));
            xs.push(-1.5 * 10f64.powi(k));
        }
        xs
    }

    /// Random doubles of every magnitude, from a fixed seed (xorshift), and random prices and
    /// hours as the page writes them.
    fn randoms(n: usize) -> Vec<f64> {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut xs = Vec::new();
        for _ in 0..n {
            let bits = next();
            let x = f64::from_bits(bits);
            if x.is_finite() {
                xs.push(x);
            }
            let cents = (next() % 10_000_000) as f64 / 100.0;
            xs.push(cents);
            xs.push((next() % 1_000_000) as f64 / 1000.0 * 0.1);
            // Up to 16 digits, up to 20 of them decimals: what people type.
            xs.push((next() % 10_000_000_000_000_000) as f64 / 10f64.powi((next() % 21) as i32));
        }
        xs
    }

    #[test]
    fn writes_each_double_as_the_standard_library_does() {
        for x in specials().into_iter().chain(randoms(20_000)) {
            assert_eq!(shortest(x), format!("{x}"), "{x:?}");
            assert_eq!(shortest_exp(x), format!("{x:e}"), "{x:?}");
            assert_eq!(Shortest(x).to_string(), format!("{x}"), "{x:?}");
            for decimals in [0, 1, 2, 3, 4, 6, 17] {
                assert_eq!(
                    fixed(x, decimals),
                    format!("{x:.decimals$}"),
                    "{x:?} {decimals}"
                );
            }
        }
    }

    #[test]
    fn the_exact_digits_are_the_standard_librarys_longest_expansion() {
        for x in specials().into_iter().chain(randoms(2_000)) {
            let x = x.abs();
            if !x.is_finite() || x == 0.0 {
                continue;
            }
            let (digits, exp) = exact_digits(x);
            let text: String = digits.iter().map(|&d| char::from(b'0' + d)).collect();
            let std = format!("{x:.800e}");
            let (mantissa, std_exp) = std.split_once('e').unwrap();
            let std_digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
            assert_eq!(text, std_digits.trim_end_matches('0'), "{x:?}");
            assert_eq!(exp.to_string(), std_exp, "{x:?}");
        }
    }
}
