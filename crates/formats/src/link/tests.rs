use super::*;
use crate::form::WorkloadKind;

#[test]
fn the_default_form_is_just_the_version() {
    assert_eq!(encode(&Form::default()), "v=1");
    let d = decode("v=1");
    assert_eq!(d.form, Form::default());
    assert!(d.ignored.is_empty());
}

#[test]
fn numbers_take_their_shortest_exact_form() {
    assert_eq!(shortest(1e8), "1e8");
    assert_eq!(shortest(0.9), "0.9");
    assert_eq!(shortest(2400.0), "2400");
    assert_eq!(shortest(0.1 + 0.2), "0.30000000000000004");
    for x in [
        1e-300,
        123456.789,
        f64::MAX,
        f64::MIN_POSITIVE,
        -2.5e-7,
        7.1,
    ] {
        assert_eq!(shortest(x).parse::<f64>().unwrap(), x);
    }
}

#[test]
fn text_is_percent_encoded_and_back() {
    let mut out = String::new();
    push_encoded(&mut out, "a b&c=d#e%f,g 训练 <script>");
    assert_eq!(
        out,
        "a%20b%26c%3Dd%23e%25f,g%20%E8%AE%AD%E7%BB%83%20%3Cscript%3E"
    );
    assert_eq!(percent_decode(&out).unwrap(), "a b&c=d#e%f,g 训练 <script>");
    assert_eq!(percent_decode("%E8%AE"), Err(Unreadable::NotUtf8));
    assert_eq!(percent_decode("a%4"), Err(Unreadable::BadEscape { at: 2 }));
    assert!(percent_decode("%zz").is_err());
    assert_eq!(percent_decode("a+b").unwrap(), "a b");
}

#[test]
fn urls_queries_and_fragments_are_accepted() {
    for input in [
        "https://example.org/gpu-sizer/?v=1&w=serve",
        "?v=1&w=serve",
        "v=1&w=serve",
        "  https://example.org/?w=serve#top  ",
        "https://example.org/#v=1&w=serve",
        "#w=serve",
    ] {
        let d = decode(input);
        assert_eq!(d.form.workload, WorkloadKind::Serve, "{input}");
        assert!(d.ignored.is_empty(), "{input}: {:?}", d.ignored);
    }
    assert_eq!(decode("https://example.org/").form, Form::default());
}

#[test]
fn bad_parts_are_reported_and_the_rest_kept() {
    let d =
        decode("v=1&w=serve&ctx=abc&zz=1&mg=99999999999&cc=64&cc=8&fa=maybe&dl=1e999&%E8=1&n=%FF");
    assert_eq!(d.form.workload, WorkloadKind::Serve);
    assert_eq!(d.form.concurrency, 64);
    let keys: Vec<&str> = d.ignored.iter().map(|i| i.key.as_str()).collect();
    assert_eq!(keys, ["ctx", "zz", "mg", "cc", "fa", "dl", "%E8", "n"]);
    assert!(
        matches!(
            d.ignored[2].reason,
            Problem::Rejected {
                field: "max_gpus",
                ..
            }
        ),
        "{:?}",
        d.ignored[2]
    );
    assert_eq!(d.form.max_gpus, Form::default().max_gpus);
}

#[test]
fn an_unset_option_with_a_set_default_is_written_empty() {
    let form = Form {
        requests_per_s: None,
        deadline_h: Some(12.0),
        ..Form::default()
    };
    assert_eq!(encode(&form), "v=1&rps=&dl=12");
    assert_eq!(decode(&encode(&form)).form, form);
}

#[test]
fn long_field_names_are_accepted_too() {
    let d = decode("workload=render&frames=10");
    assert_eq!(d.form.workload, WorkloadKind::Render);
    assert_eq!(d.form.frames, 10.0);
}

#[test]
fn versions_are_checked() {
    let d = decode("v=9&w=dev");
    assert_eq!(d.form.workload, WorkloadKind::Dev);
    assert_eq!(d.ignored.len(), 1);
    assert_eq!(d.ignored[0].key, "v");
    assert_eq!(decode("v=x").ignored[0].reason, Problem::UnknownVersion);
    assert_eq!(
        decode("v=9").ignored[0].reason,
        Problem::NewerVersion { version: 9 }
    );
    assert_eq!(
        migrate(1, vec![("w".into(), "dev".into())]),
        vec![("w".to_string(), "dev".to_string())]
    );
}
