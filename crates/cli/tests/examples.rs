//! Runs the CLI on every example scenario of `docs/examples/` and on broken input.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn examples() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/examples");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("docs/examples exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

fn run(args: &[&str], stdin: Option<&str>) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gpu-sizer"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gpu-sizer runs");
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
    }
    let out = child.wait_with_output().expect("gpu-sizer finishes");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_example_produces_a_ranked_report() {
    let files = examples();
    assert!(files.len() >= 3, "expected at least three examples");
    for f in files {
        let path = f.to_str().unwrap();
        let (ok, out, err) = run(&["estimate", path], None);
        assert!(ok, "{path}: {err}");
        assert!(out.contains("Best: "), "{path}: {out}");
        assert!(out.contains("\n  1  "), "{path}: no candidate row\n{out}");

        let (ok, out, err) = run(&["estimate", path, "--json"], None);
        assert!(ok, "{path}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
        let first = &v["candidates"][0];
        assert!(
            first["memory"]["total_gib"].as_f64().unwrap() > 0.0,
            "{path}"
        );
        assert!(
            !first["memory"]["terms"].as_array().unwrap().is_empty(),
            "{path}"
        );
    }
}

#[test]
fn a_misspelt_field_is_named() {
    let (ok, _, err) = run(
        &["estimate", "-"],
        Some(
            r#"{"model": {"preset": "llama-3.1-8b"}, "workload": {"serve": {"context_tokens": 4096, "prompt_tokens": 1, "output_tokens": 1, "concurency": 4}}}"#,
        ),
    );
    assert!(!ok);
    assert!(err.contains("concurency"), "{err}");
}

#[test]
fn an_impossible_value_names_the_field() {
    let (ok, _, err) = run(
        &["estimate", "-"],
        Some(
            r#"{"model": {"preset": "llama-3.1-8b"}, "workload": {"serve": {"context_tokens": 100, "prompt_tokens": 512, "output_tokens": 64}}}"#,
        ),
    );
    assert!(!ok);
    assert!(err.contains("workload.context_tokens"), "{err}");
}

#[test]
fn models_prints_the_presets() {
    let (ok, out, _) = run(&["models"], None);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v.as_array().unwrap().len() > 10);
}
