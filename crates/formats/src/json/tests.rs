//! The reader and writer against `serde_json`, which they stand in for.

use super::{describe, Json, Num, Object};
use proptest::prelude::*;
use serde::de::Error as _;

/// `value` as `serde_json` holds it.
fn serde_of(value: &Json) -> serde_json::Value {
    serde_json::from_str(&value.to_string()).expect("written JSON reads back")
}

/// Reads `text` both ways: the same value, or an error both.
fn reads_as_serde(text: &str) {
    let ours = Json::parse(text);
    let theirs: Result<serde_json::Value, _> = serde_json::from_str(text);
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => {
            assert_eq!(&serde_of(a), b, "{text:?}");
            assert_eq!(a.to_string(), b.to_string(), "{text:?}");
        }
        (Err(_), Err(_)) => {}
        _ => panic!("{text:?}: {ours:?} against {theirs:?}"),
    }
}

#[test]
fn values_read_as_serde_reads_them() {
    for text in [
        "null",
        " true ",
        "false",
        "0",
        "-0",
        "-0.0",
        "12",
        "-12",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775808",
        "-9223372036854775809",
        "1.5",
        "1e9",
        "1E+9",
        "2.5e-7",
        "1e400",
        "0.1",
        "123456789012345678901234567890",
        r#""plain""#,
        r#""a \"quoted\" \\ slash \/ \b\f\n\r\t""#,
        r#""\u00e9\u4e2d\ud83d\ude00""#,
        r#""中文""#,
        "[]",
        "[1, [2, [3]], {}]",
        r#"{"b": 1, "a": [true, null], "b": 2}"#,
        r#"{ "workload" : "serve" , "tokens" : 5e7 }"#,
    ] {
        reads_as_serde(text);
    }
}

#[test]
fn what_serde_refuses_is_refused() {
    for text in [
        "",
        " ",
        "nul",
        "tru",
        "nulx",
        "01",
        "-",
        "1.",
        ".5",
        "1e",
        "+1",
        "1 2",
        "[1,]",
        "[1 2]",
        "{\"a\" 1}",
        "{\"a\": 1,}",
        "{1: 2}",
        "{\"a\": 1",
        "[",
        "\"open",
        "\"bad \\x escape\"",
        "\"lone \\ud83d\"",
        "\"low \\ude00 first\"",
        "\"tab\tinside\"",
        "NaN",
        "Infinity",
    ] {
        assert!(Json::parse(text).is_err(), "{text:?} read");
        assert!(
            serde_json::from_str::<serde_json::Value>(text).is_err(),
            "{text:?}"
        );
    }
}

#[test]
fn errors_say_where() {
    assert_eq!(
        Json::parse("{\"a\": 1,\n  x}").unwrap_err(),
        "key must be a string at line 2 column 3"
    );
    assert_eq!(
        Json::parse("[1").unwrap_err(),
        "EOF while parsing a list at line 1 column 2"
    );
    assert_eq!(
        Json::parse("1 2").unwrap_err(),
        "trailing characters at line 1 column 3"
    );
}

#[test]
fn deep_nesting_is_refused_not_overflowed() {
    let deep = "[".repeat(100_000);
    assert!(Json::parse(&deep).is_err());
    let fine = format!("{}{}", "[".repeat(100), "]".repeat(100));
    reads_as_serde(&fine);
}

#[test]
fn values_are_named_as_serde_json_names_them() {
    let serde_says = |value: serde_json::Value| {
        let unexpected = match &value {
            serde_json::Value::Null => serde::de::Unexpected::Unit,
            serde_json::Value::Bool(b) => serde::de::Unexpected::Bool(*b),
            serde_json::Value::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
                (Some(u), _, _) => serde::de::Unexpected::Unsigned(u),
                (None, Some(i), _) => serde::de::Unexpected::Signed(i),
                (_, _, x) => serde::de::Unexpected::Float(x.unwrap()),
            },
            serde_json::Value::String(s) => serde::de::Unexpected::Str(s),
            serde_json::Value::Array(_) => serde::de::Unexpected::Seq,
            serde_json::Value::Object(_) => serde::de::Unexpected::Map,
        };
        serde_json::Error::invalid_type(unexpected, &"x").to_string()
    };
    for text in [
        "null",
        "true",
        "3",
        "-3",
        "1.5",
        "2.0",
        "1e21",
        r#""a \"b\"\n""#,
        r#""\u001b\u0000\t\r\\ 'é' 配额\u007f""#,
        "[]",
        "{}",
    ] {
        let ours = Json::parse(text).unwrap();
        let want = serde_says(serde_json::from_str(text).unwrap());
        assert_eq!(
            format!("invalid type: {}, expected x", describe(&ours)),
            want
        );
    }
}

#[test]
fn non_finite_numbers_are_null() {
    assert_eq!(Json::from(f64::NAN), Json::Null);
    assert_eq!(Json::from(f64::INFINITY), Json::Null);
    assert_eq!(Json::from(1.5), Json::Number(Num::Float(1.5)));
}

proptest! {
    /// Any double is written as serde_json writes it.
    #[test]
    fn doubles_are_written_as_serde_writes_them(bits in any::<u64>()) {
        let x = f64::from_bits(bits);
        prop_assume!(x.is_finite());
        let ours = Json::from(x).to_string();
        prop_assert_eq!(&ours, &serde_json::to_string(&x).unwrap());
        prop_assert_eq!(Json::parse(&ours).unwrap(), Json::from(x));
    }

    #[test]
    fn ordinary_doubles_are_written_as_serde_writes_them(x in -1e12f64..1e12, scale in -30i32..30) {
        let x = x * 10f64.powi(scale);
        prop_assert_eq!(Json::from(x).to_string(), serde_json::to_string(&x).unwrap());
    }

    /// Any string is written as serde_json writes it and reads back.
    #[test]
    fn strings_are_written_as_serde_writes_them(s in any::<String>()) {
        let ours = Json::String(s.clone()).to_string();
        prop_assert_eq!(&ours, &serde_json::to_string(&s).unwrap());
        prop_assert_eq!(Json::parse(&ours).unwrap(), Json::String(s));
    }

    /// Whatever serde_json reads, this reads the same; whatever it refuses, this refuses.
    #[test]
    fn texts_read_as_serde_reads_them(text in r#"[\[\]{}",:0-9.eE+\- a-z\\nutrfals]{0,24}"#) {
        reads_as_serde(&text);
    }
}

#[test]
fn an_object_keeps_its_members_in_key_order_and_a_key_read_twice_its_last_value() {
    let Ok(Json::Object(mut map)) = Json::parse(r#"{"b": 1, "a": 2, "c": {}, "b": 3}"#) else {
        panic!("an object");
    };
    let keys: Vec<&str> = map.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["a", "b", "c"]);
    assert_eq!(map.get("b"), Some(&Json::Number(Num::Pos(3))));
    assert_eq!(
        map.insert("a".into(), Json::Null),
        Some(Json::Number(Num::Pos(2)))
    );
    assert_eq!(map.remove("c"), Some(Json::Object(Object::default())));
    assert!(!map.contains_key("c") && map.get("c").is_none() && map.remove("c").is_none());
    assert_eq!(Json::Object(map).to_string(), r#"{"a":null,"b":3}"#);
}
