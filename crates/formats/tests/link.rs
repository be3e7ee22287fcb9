//! Share links: fixtures that must decode forever, quick-start lengths, round trips over random
//! forms, truncation, and a fuzzed decoder that must never panic.

use gpu_sizer_formats::fields::{self, FIELDS};
use gpu_sizer_formats::link::{decode, encode, Decoded, Problem};
use gpu_sizer_formats::quickstart::QuickStart;
use gpu_sizer_formats::Form;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{Map, Value};
use std::cell::Cell;

/// The fewest fuzzed inputs, of 6 000, that must have a part ignored and a part kept. Arbitrary
/// bytes almost never spell a valid pair (a run keeps one or two), so only the key=value fuzzer
/// is held to the parts it keeps; a run of it ignores a part of about 5 800 and keeps one of
/// about 3 400.
const MIN_IGNORED: u32 = 5000;
const MIN_KEPT: u32 = 2500;

/// A base URL of a typical length for a page on a static host.
const BASE: &str = "https://example.github.io/gpu-sizer/?";

fn runner(cases: u32) -> TestRunner {
    TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    })
}

fn as_map(form: &Form) -> Map<String, Value> {
    match serde_json::to_value(form).unwrap() {
        Value::Object(m) => m,
        _ => unreachable!(),
    }
}

#[test]
fn v1_fixtures_keep_decoding_to_the_same_forms() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/links-v1.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let mut count = 0;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (link, rest) = line
            .split_once("  =>  ")
            .unwrap_or_else(|| panic!("line {}: no '  =>  '", n + 1));
        let (expected, ignored) = match rest.split_once("  ignored: ") {
            Some((e, i)) => (e, i.split(',').collect::<Vec<_>>()),
            None => (rest, Vec::new()),
        };
        let Value::Object(changes) = serde_json::from_str::<Value>(expected).unwrap() else {
            panic!("line {}: expected a JSON object", n + 1)
        };
        let mut want = fields::defaults().clone();
        for (k, v) in changes {
            assert!(want.contains_key(&k), "line {}: no field {k}", n + 1);
            want.insert(k, v);
        }
        let want: Form = serde_json::from_value(Value::Object(want)).unwrap();
        let got = decode(link);
        assert_eq!(got.form, want, "line {}: {link}", n + 1);
        let keys: Vec<&str> = got.ignored.iter().map(|i| i.key.as_str()).collect();
        assert_eq!(keys, ignored, "line {}: {:?}", n + 1, got.ignored);
        count += 1;
    }
    assert!(count >= 14, "only {count} fixtures");
    println!("{count} version-1 links decode as they always did");
}

#[test]
fn quick_starts_make_short_links() {
    for q in QuickStart::ALL {
        let link = format!("{BASE}{}", encode(&q.form()));
        println!("{:<11} {:>3} characters  {link}", q.key(), link.len());
        assert!(link.len() < 300, "{link}");
        let d = decode(&link);
        assert_eq!(d.form, q.form(), "{}", q.key());
        assert!(d.ignored.is_empty());
    }
}

// ---- Random forms ----

fn text() -> BoxedStrategy<String> {
    prop_oneof![
        chars_from("abcxyz0189 ,._-", 16),
        chars_from("训练推理é€😀ß", 8),
        chars_from("&=#%+?/;: <>\"'\\", 12),
        Just("<script>alert('x')</script>".to_string()),
        Just("训练 & 推理 = 100% #1".to_string()),
        any_chars(16),
    ]
    .boxed()
}

fn finite() -> BoxedStrategy<f64> {
    prop_oneof![
        (0u32..100_000).prop_map(f64::from),
        0.0f64..1.0,
        -1e6f64..1e12,
        any::<f64>().prop_filter("finite", |x| x.is_finite()),
    ]
    .boxed()
}

/// A strategy for every field, by its name and the type of its default.
fn field_value(name: &'static str, default: &Value) -> BoxedStrategy<Value> {
    if let Some(choices) = fields::choices(name) {
        if name == "modes" {
            return prop::sample::subsequence(choices, 0..=3)
                .prop_map(|v| Value::String(v.join(",")))
                .boxed();
        }
        return prop::sample::select(choices)
            .prop_map(|s| Value::String(s.to_string()))
            .boxed();
    }
    let optional = default.is_null() || name == "requests_per_s";
    match default {
        _ if name == "zero" => prop::option::of(any::<u8>())
            .prop_map(|x| x.map_or(Value::Null, Value::from))
            .boxed(),
        _ if fields::is_whole(name) && optional => prop::option::of(any::<u32>())
            .prop_map(|x| x.map_or(Value::Null, Value::from))
            .boxed(),
        Value::String(_) => text().prop_map(Value::String).boxed(),
        Value::Bool(_) => any::<bool>().prop_map(Value::Bool).boxed(),
        Value::Number(n) if n.is_u64() => any::<u32>().prop_map(Value::from).boxed(),
        _ if optional => prop::option::of(finite())
            .prop_map(|x| x.map_or(Value::Null, Value::from))
            .boxed(),
        _ => finite().prop_map(Value::from).boxed(),
    }
}

/// Random forms: each field at its default or at a random value.
fn form() -> impl Strategy<Value = Form> {
    let defaults = fields::defaults();
    let per_field: Vec<BoxedStrategy<Value>> = FIELDS
        .iter()
        .map(|f| {
            let default = defaults[f.name].clone();
            prop_oneof![
                1 => Just(default.clone()),
                2 => field_value(f.name, &default),
            ]
            .boxed()
        })
        .collect();
    per_field.prop_map(|values| {
        let map: Map<String, Value> = FIELDS
            .iter()
            .zip(values)
            .map(|(f, v)| (f.name.to_string(), v))
            .collect();
        serde_json::from_value::<Form>(Value::Object(map)).expect("strategies give valid fields")
    })
}

#[test]
fn random_forms_round_trip() {
    let cases = Cell::new(0);
    let longest = Cell::new(0);
    runner(3000)
        .run(&form(), |f| {
            let link = encode(&f);
            // A link of the version alone round-trips trivially.
            if link != "v=1" {
                cases.set(cases.get() + 1);
            }
            longest.set(longest.get().max(link.len()));
            prop_assert!(link.starts_with("v=1"));
            prop_assert!(link.is_ascii());
            let d = decode(&format!("{BASE}{link}"));
            prop_assert!(d.ignored.is_empty(), "{link}: {:?}", d.ignored);
            prop_assert_eq!(&d.form, &f, "{}", link);
            Ok(())
        })
        .unwrap();
    println!(
        "{} random forms round-trip (longest link {} characters)",
        cases.get(),
        longest.get()
    );
    assert!(
        cases.get() >= 2900,
        "only {} forms set a field",
        cases.get()
    );
}

/// The page's drafts and the CLI's files are the same record: `Form::to_json` writes what serde
/// writes, so a draft reads back as before.
#[test]
fn random_forms_are_written_as_serde_writes_them() {
    let cases = Cell::new(0);
    runner(1000)
        .run(&form(), |f| {
            cases.set(cases.get() + 1);
            prop_assert_eq!(f.to_json(), serde_json::to_string(&f).unwrap());
            Ok(())
        })
        .unwrap();
    assert_eq!(cases.get(), 1000);
}

#[test]
fn field_names_need_no_escaping_in_json() {
    for f in FIELDS {
        assert!(
            f.name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_'),
            "{}",
            f.name
        );
    }
}

/// Fields of `link`'s pairs in order: (start, end, field name).
fn field_spans(link: &str) -> Vec<(usize, usize, &'static str)> {
    let mut out = Vec::new();
    let mut start = 0;
    for segment in link.split('&') {
        let end = start + segment.len();
        if let Some((key, _)) = segment.split_once('=') {
            if let Some(f) = fields::by_key(key) {
                out.push((start, end, f.name));
            }
        }
        start = end + 1;
    }
    out
}

#[test]
fn truncated_links_decode_to_a_prefix_of_the_fields() {
    let cases = Cell::new(0u32);
    // Fields checked as kept whole (before the cut) and as lost (after it).
    let (kept, lost) = (Cell::new(0u32), Cell::new(0u32));
    let check = |f: &Form| -> Result<(), TestCaseError> {
        let link = encode(f);
        let want = as_map(f);
        let default = fields::defaults();
        let spans = field_spans(&link);
        // Every cut of a short link; about a hundred spread over a long one.
        let step = (link.len() / 100).max(1);
        for cut in (0..=link.len()).step_by(step).chain([link.len()]) {
            cases.set(cases.get() + 1);
            let d = decode(&format!("{BASE}{}", &link[..cut]));
            let got = as_map(&d.form);
            for (start, end, name) in &spans {
                if *end <= cut {
                    prop_assert_eq!(&got[*name], &want[*name], "cut {} of {}", cut, link);
                    kept.set(kept.get() + 1);
                } else if *start >= cut {
                    prop_assert_eq!(&got[*name], &default[*name], "cut {} of {}", cut, link);
                    lost.set(lost.get() + 1);
                }
                // The field cut in the middle may read as anything or be ignored.
            }
            prop_assert!(d.ignored.len() <= 1, "cut {cut} of {link}: {:?}", d.ignored);
        }
        Ok(())
    };
    for q in QuickStart::ALL {
        check(&q.form()).unwrap();
    }
    runner(300).run(&form(), |f| check(&f)).unwrap();
    println!(
        "{} truncated links decode to a prefix of their fields ({} fields kept, {} lost)",
        cases.get(),
        kept.get(),
        lost.get()
    );
    assert!(
        kept.get() > 10_000 && lost.get() > 10_000,
        "too few fields checked: {} kept, {} lost",
        kept.get(),
        lost.get()
    );
}

// ---- Fuzzing the decoder ----

/// `input` percent-decoded where it can be (`+` as a space), for finding decoded keys in it.
fn lossy_decode(input: &str) -> String {
    let bytes = input.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        match (bytes[i], bytes.get(i + 1), bytes.get(i + 2)) {
            (b'%', Some(&h), Some(&l)) if hex(h).is_some() && hex(l).is_some() => {
                out.push((hex(h).unwrap() * 16 + hex(l).unwrap()) as u8);
                i += 3;
            }
            (b'+', _, _) => {
                out.push(b' ');
                i += 1;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Checks what the decoder made of `input`; returns whether it ignored a part (whose key was then
/// checked) and whether it kept one (whose form was then checked to re-encode to itself).
fn check_decoded(input: &str, d: &Decoded) -> Result<(bool, bool), TestCaseError> {
    let decoded = lossy_decode(input);
    for i in &d.ignored {
        let key = i.key.trim_end_matches('…');
        prop_assert!(
            key == "v" || input.contains(key) || decoded.contains(key),
            "{input:?}: ignored part names no key of the input: {i:?}"
        );
    }
    // What was kept is a valid form that re-encodes to itself.
    let again = decode(&encode(&d.form));
    prop_assert!(again.ignored.is_empty(), "{:?}", again.ignored);
    prop_assert_eq!(&again.form, &d.form);
    Ok((!d.ignored.is_empty(), d.form != Form::default()))
}

/// Counts of fuzzed inputs: all of them, those with an ignored part, those with a kept one.
#[derive(Default)]
struct Fuzzed {
    cases: Cell<u32>,
    ignored: Cell<u32>,
    kept: Cell<u32>,
}

impl Fuzzed {
    fn count(&self, (ignored, kept): (bool, bool)) {
        let add = |c: &Cell<u32>, yes: bool| c.set(c.get() + u32::from(yes));
        add(&self.cases, true);
        add(&self.ignored, ignored);
        add(&self.kept, kept);
    }

    /// Fails unless at least `min_ignored` inputs had a part ignored and `min_kept` a part
    /// kept: a fuzzer whose inputs were all junk, or all clean, checks half of what it claims.
    fn assert_at_least(&self, what: &str, min_ignored: u32, min_kept: u32) {
        let (cases, ignored, kept) = (self.cases.get(), self.ignored.get(), self.kept.get());
        println!("{cases} {what} decoded without a panic ({ignored} with a part ignored, {kept} with a part kept)");
        assert!(
            ignored >= min_ignored && kept >= min_kept,
            "{what}: {ignored} with a part ignored, {kept} with a part kept"
        );
    }
}

#[test]
fn the_decoder_survives_arbitrary_bytes() {
    let fuzzed = Fuzzed::default();
    let strategy = prop_oneof![
        prop::collection::vec(any::<u8>(), 0..300),
        // Bytes that look like links.
        prop::collection::vec(
            prop::sample::select(b"v=1&?#%+,.-_0123456789abcdefxyzEFw\xe8\xff ".to_vec()),
            0..200
        ),
    ];
    runner(6000)
        .run(&strategy, |bytes| {
            let input = String::from_utf8_lossy(&bytes);
            let d = decode(&input);
            fuzzed.count(check_decoded(&input, &d)?);
            Ok(())
        })
        .unwrap();
    fuzzed.assert_at_least("arbitrary byte strings", MIN_IGNORED, 0);
}

/// Strings of up to `max` characters drawn from `alphabet` (faster to generate than a regex).
fn chars_from(alphabet: &str, max: usize) -> BoxedStrategy<String> {
    let alphabet: Vec<char> = alphabet.chars().collect();
    prop::collection::vec(prop::sample::select(alphabet), 0..=max)
        .prop_map(String::from_iter)
        .boxed()
}

/// Any characters, control characters and non-Latin scripts included.
fn any_chars(max: usize) -> BoxedStrategy<String> {
    prop::collection::vec(any::<char>(), 0..=max)
        .prop_map(String::from_iter)
        .boxed()
}

fn fuzz_key() -> BoxedStrategy<String> {
    let keys: Vec<String> = FIELDS
        .iter()
        .flat_map(|f| [f.key.to_string(), f.name.to_string()])
        .chain(["v".to_string(), String::new(), "%E8".into(), "%zz".into()])
        .collect();
    prop_oneof![
        4 => prop::sample::select(keys),
        1 => chars_from("abcdxyz%0123456789EF", 6),
        1 => any_chars(8),
    ]
    .boxed()
}

fn fuzz_value() -> BoxedStrategy<String> {
    prop_oneof![
        Just(String::new()),
        chars_from("0123456789", 30),
        chars_from("-0123456789.e", 14),
        prop::sample::select(vec![
            "NaN",
            "inf",
            "-inf",
            "1e400",
            "true",
            "false",
            "1",
            "0",
            "serve",
            "lora",
            "USD",
            "CNY",
            "on-demand,spot",
            "all",
            "%",
            "%4",
            "%E2%82",
            "%FF",
            "%00",
            "+",
        ])
        .prop_map(str::to_string),
        chars_from("abcdefz_,%0123456789ABCDEF+", 20),
        any_chars(16),
    ]
    .boxed()
}

#[test]
fn the_decoder_survives_arbitrary_key_value_pairs() {
    let fuzzed = Fuzzed::default();
    let pairs = prop::collection::vec((fuzz_key(), fuzz_value(), 0u8..8), 0..24);
    let prefix = prop::sample::select(vec![
        "",
        "?",
        "v=1&",
        "v=2&",
        "v=0&",
        "v=99999999999&",
        "https://example.org/x?",
        "https://example.org/x#",
        "https://example.org/x?v=1&",
    ]);
    runner(6000)
        .run(&(prefix, pairs), |(prefix, pairs)| {
            let mut input = prefix.to_string();
            for (k, v, shape) in &pairs {
                match shape {
                    0 => input.push_str(k), // no '='
                    1 => input.push_str(&format!("{k}={v}={v}")),
                    _ => input.push_str(&format!("{k}={v}")),
                }
                input.push('&');
            }
            let d = decode(&input);
            fuzzed.count(check_decoded(&input, &d)?);
            Ok(())
        })
        .unwrap();
    fuzzed.assert_at_least("arbitrary key=value links", MIN_IGNORED, MIN_KEPT);
}

#[test]
fn duplicate_keys_keep_the_first_value() {
    let d = decode("v=1&cc=8&concurrency=9&cc=10");
    assert_eq!(d.form.concurrency, 8);
    assert_eq!(d.ignored.len(), 2);
    let fields: Vec<_> = d.ignored.iter().map(|i| i.reason.clone()).collect();
    assert_eq!(
        fields,
        [
            Problem::Duplicate {
                field: "concurrency"
            },
            Problem::Duplicate {
                field: "concurrency"
            }
        ]
    );
}

#[test]
fn huge_inputs_are_read() {
    let name = "ü".repeat(50_000);
    let form = Form {
        name,
        ..Form::default()
    };
    let d = decode(&encode(&form));
    assert_eq!(d.form, form);
    let junk = "&&&&==%%".repeat(20_000);
    assert_eq!(decode(&junk).form, Form::default());
}

#[test]
fn a_queue_of_jobs_round_trips_after_the_older_fields() {
    use gpu_sizer_formats::form::{ArrivalKey, PeriodKey};
    let form = Form {
        workload: gpu_sizer_formats::form::WorkloadKind::Train,
        queue_jobs: Some(3.0),
        queue_per: PeriodKey::Month,
        queue_job_h: Some(2.5),
        queue_arrival: ArrivalKey::Together,
        queue_startup_min: 4.0,
        queue_idle_min: 15.0,
        queue_kept: 2,
        ..Form::default()
    };
    let link = encode(&form);
    for pair in [
        "qj=3",
        "qpe=month",
        "qjh=2.5",
        "qar=together",
        "qsu=4",
        "qid=15",
        "qk=2",
    ] {
        assert!(link.contains(pair), "{pair} missing from {link}");
    }
    let d = decode(&link);
    assert!(d.ignored.is_empty(), "{:?}", d.ignored);
    assert_eq!(d.form, form);
    // The queue's keys come after every field links carried before them, so a link cut
    // short keeps the older fields.
    let order: Vec<&str> = FIELDS.iter().map(|f| f.name).collect();
    let first_queue = order.iter().position(|n| *n == "queue_jobs").unwrap();
    assert!(order[first_queue..].iter().all(|n| n.starts_with("queue_")));
    assert!(order.iter().position(|n| *n == "fp64_memory_gib").unwrap() < first_queue);
    // The request carries the queue as jobs over the month.
    let request = d.form.to_request(None).unwrap();
    let queue = request.costs.queue.unwrap();
    assert_eq!(queue.jobs_per_month, 3.0);
    assert_eq!(queue.kept, 2);
    assert!((queue.startup_h - 4.0 / 60.0).abs() < 1e-12);
    assert!(Form::default()
        .to_request(None)
        .unwrap()
        .costs
        .queue
        .is_none());
}
