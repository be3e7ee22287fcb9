//! Runs the CLI on every example of `docs/examples/`, on a share link and on broken input.

mod common;

use std::path::PathBuf;

fn examples() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/examples");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("docs/examples exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    gpu_sizer_engine::sort::by(&mut files, Ord::cmp);
    files
}

/// Runs `gpu-sizer args…`, feeding `stdin`; (success, stdout, stderr).
fn run(args: &[&str], stdin: Option<&str>) -> (bool, String, String) {
    let out = common::gpu_sizer(args, stdin);
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The report has a recommendation with its cost lines, memory and time.
fn assert_recommends(what: &str, text: &str) {
    assert!(text.contains("\nRecommendation: "), "{what}:\n{text}");
    assert!(
        text.lines().any(|l| l.trim_start().starts_with("1  ")),
        "{what}: no first row\n{text}"
    );
    assert!(
        text.contains("\n  Cost lines\n    compute"),
        "{what}:\n{text}"
    );
    assert!(text.contains("\n  Memory per GPU: "), "{what}:\n{text}");
}

#[test]
fn every_workload_has_an_example() {
    let mut workloads: Vec<String> = examples()
        .iter()
        .map(|f| {
            let v: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
            let w = v["workload"].as_str().unwrap_or("lora").to_string();
            if v["qlora"] == true {
                "qlora".into()
            } else {
                w
            }
        })
        .collect();
    gpu_sizer_engine::sort::by(&mut workloads, Ord::cmp);
    workloads.dedup();
    assert_eq!(
        workloads,
        ["classic", "dev", "infer", "lora", "qlora", "render", "science", "serve", "train"]
    );
}

#[test]
fn every_example_gets_a_recommendation() {
    let files = examples();
    assert!(files.len() >= 7, "expected an example per workload");
    for f in files {
        let path = f.to_str().unwrap();
        let (ok, out, err) = run(&["estimate", path], None);
        assert!(ok, "{path}: {err}");
        assert_recommends(path, &out);
        assert!(err.is_empty(), "{path}: {err}");

        let (ok, out, err) = run(&["estimate", path, "--json", "--top", "3"], None);
        assert!(ok, "{path}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
        assert_eq!(v["top"].as_array().unwrap().len(), 3, "{path}");
        let pick = &v["pick"];
        assert!(
            pick["candidate"]["cost"]["expected"].as_f64().unwrap() > 0.0,
            "{path}"
        );
        assert!(!pick["cost_lines"].as_array().unwrap().is_empty(), "{path}");
        assert!(
            pick["memory"]["total_gib"].as_f64().unwrap() >= 0.0,
            "{path}"
        );
        assert!(
            !pick["memory"]["terms"].as_array().unwrap().is_empty(),
            "{path}"
        );
        let total: f64 = pick["cost_lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["value"].as_f64().unwrap())
            .sum();
        let expected = pick["candidate"]["cost"]["expected"].as_f64().unwrap();
        assert!(
            (total - expected).abs() <= 1e-6 * expected.max(1.0),
            "{path}"
        );
        assert!(v["excluded"]["total"].as_u64().is_some(), "{path}");
    }
}

#[test]
fn a_share_link_is_read_and_its_bad_parts_reported() {
    let link =
        "https://example.github.io/gpu-sizer/?v=1&w=lora&m=mistral-7b-v0.3&tok=5e7&zz=1&cc=abc";
    let (ok, out, err) = run(&["estimate", link], None);
    assert!(ok, "{err}");
    assert_recommends("link", &out);
    assert!(out.starts_with("Scenario: lora · mistral-7b-v0.3"), "{out}");
    assert!(err.contains("zz=1 (unknown key)"), "{err}");
    assert!(err.contains("cc=abc"), "{err}");

    // The same link on standard input.
    let (ok, out, _) = run(&["estimate", "-"], Some(link));
    assert!(ok);
    assert_recommends("stdin link", &out);
}

#[test]
fn currency_and_top_can_be_set() {
    let (ok, out, err) = run(
        &[
            "estimate",
            "?v=1&w=dev",
            "--currency",
            "CNY",
            "--json",
            "--top",
            "2",
        ],
        None,
    );
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["scenario"]["currency"], "CNY");
    assert_eq!(v["top"].as_array().unwrap().len(), 2);
    let (ok, out, _) = run(&["estimate", "?v=1&w=dev", "--currency", "cny"], None);
    assert!(ok);
    assert!(out.contains('¥'), "{out}");
    let (ok, _, err) = run(&["estimate", "?v=1", "--currency", "EUR"], None);
    assert!(!ok);
    assert!(err.contains("--currency"), "{err}");
}

#[test]
fn a_misspelt_field_is_named() {
    let (ok, _, err) = run(
        &["estimate", "-"],
        Some(r#"{"workload": "serve", "concurency": 4}"#),
    );
    assert!(!ok);
    assert!(err.contains("field 'concurency'"), "{err}");
    assert!(err.contains("did you mean 'concurrency'"), "{err}");
}

#[test]
fn a_value_of_the_wrong_type_names_the_field() {
    let (ok, _, err) = run(&["estimate", "-"], Some(r#"{"max_gpus": "eight"}"#));
    assert!(!ok);
    assert!(err.contains("field 'max_gpus'"), "{err}");
}

#[test]
fn an_impossible_value_names_the_field() {
    let (ok, _, err) = run(
        &["estimate", "-"],
        Some(r#"{"workload": "serve", "context_tokens": 100, "prompt_tokens": 512}"#),
    );
    assert!(!ok);
    assert!(err.contains("field 'context_tokens'"), "{err}");
    let (ok, _, err) = run(&["estimate", "-"], Some(r#"{"zero": 5}"#));
    assert!(!ok);
    assert!(err.contains("field 'zero'"), "{err}");
    let (ok, _, err) = run(&["estimate", "-"], Some(r#"{"model": "llama-9"}"#));
    assert!(!ok);
    assert!(err.contains("field 'model'"), "{err}");
}

#[test]
fn a_missing_file_is_reported() {
    let (ok, _, err) = run(&["estimate", "no-such-file.json"], None);
    assert!(!ok);
    assert!(err.contains("no-such-file.json"), "{err}");
}

#[test]
fn models_and_catalog_print_json() {
    let (ok, out, _) = run(&["models"], None);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v.as_array().unwrap().len() > 10);
    let (ok, out, _) = run(&["catalog"], None);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(!v["offers"].as_array().unwrap().is_empty());
}

/// A 10 GiB development box with MIG slices considered is placed on a slice, priced below any
/// whole GPU; through a share link too.
#[test]
fn a_10_gib_job_runs_on_a_mig_slice() {
    let pick = |args: &[&str]| {
        let (ok, out, err) = run(args, None);
        assert!(ok, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        v["top"][0].clone()
    };
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/examples/dev-mig-slice.json");
    let slice = pick(&["estimate", path.to_str().unwrap(), "--json", "--top", "1"]);
    let gpu = slice["gpu"].as_str().unwrap();
    assert!(gpu.contains("@1g."), "{slice}");
    let link = pick(&[
        "estimate",
        "?v=1&w=dev&dh=40&dm=10&md=on-demand&mgs=1",
        "--json",
        "--top",
        "1",
    ]);
    assert!(link["gpu"].as_str().unwrap().contains('@'), "{link}");
    let whole = pick(&[
        "estimate",
        "?v=1&w=dev&dh=40&dm=10&md=on-demand",
        "--json",
        "--top",
        "1",
    ]);
    assert!(!whole["gpu"].as_str().unwrap().contains('@'), "{whole}");
    let cost = |v: &serde_json::Value| v["cost"]["expected"].as_f64().unwrap();
    assert!(cost(&link) < cost(&whole), "{link} {whole}");
}
