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
    fn long_numbers_at_any_power_read_as_the_standard_library_reads_them(
        digits in "[1-9][0-9]{0,40}",
        exponent in -380i32..330,
    ) {
        // Past the exact shortcut: the search starts from an estimate that may be off.
        same_as_std(&format!("{digits}e{exponent}"));
        same_as_std(&format!("0.{digits}e{exponent}"));
    }

    #[test]
    fn any_short_text_is_read_as_the_standard_library_reads_it(
        text in "[-+0-9.eEinfatyINFATY]{0,14}",
    ) {
        same_as_std(&text);
    }
}
