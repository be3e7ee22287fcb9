//! Pinned hardware from the CLI: one GPU and a count, and the person's own machine.

mod common;

/// `gpu-sizer estimate - --json --top 500` on `form`, parsed.
fn estimate(form: &str) -> serde_json::Value {
    let out = common::gpu_sizer(&["estimate", "-", "--json", "--top", "500"], Some(form));
    assert!(out.status.success(), "{form}");
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn eight_h100_sxm_are_every_candidate() {
    let v = estimate(r#"{"workload":"train","model":"llama-3.1-8b","gpu":"h100-sxm","gpus":8}"#);
    assert_eq!(v["scenario"]["hardware"], "8 × h100-sxm, any offer");
    let top = v["top"].as_array().unwrap();
    assert!(top.len() > 5, "{}", top.len());
    for c in top {
        assert_eq!(
            (c["gpu"].as_str(), c["gpus"].as_u64()),
            (Some("h100-sxm"), Some(8))
        );
    }
}

#[test]
fn the_own_machine_is_the_only_candidate_at_its_price() {
    let form = r#"{"workload":"lora","model":"llama-3.2-1b","micro_batch":1,"gpu":"rtx-4090","gpus":2,"own":true,"own_price":0.5}"#;
    let v = estimate(form);
    let top = v["top"].as_array().unwrap();
    assert_eq!(top.len(), 1, "{top:?}");
    let c = &top[0];
    assert_eq!(
        (
            c["offer"].as_str(),
            c["gpus"].as_u64(),
            c["price_per_hour"].as_f64()
        ),
        (Some("own-machine"), Some(2), Some(0.5))
    );
    // No price typed: the machine costs nothing an hour.
    let v = estimate(&form.replace(r#","own_price":0.5"#, ""));
    assert_eq!(v["top"][0]["price_per_hour"].as_f64(), Some(0.0));
}

#[test]
fn a_project_file_reports_each_phase_and_the_total() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/examples/projects/assistant.json"
    );
    let out = common::gpu_sizer(&["estimate", file, "--json"], None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let phases = v["phases"].as_array().unwrap();
    assert_eq!(phases.len(), 3);
    let sum: f64 = phases.iter().map(|p| p["total"].as_f64().unwrap()).sum();
    let total = v["total"].as_f64().unwrap();
    assert!((sum - total).abs() < 1e-6 && total > 0.0, "{sum} {total}");
    assert!((v["per_month"].as_f64().unwrap() - total / 10.0).abs() < 1e-6);
    assert!(phases.iter().all(|p| p["offer"].is_string()));
    let on_largest: f64 = phases
        .iter()
        .map(|p| p["on_largest"].as_f64().unwrap())
        .sum();
    assert!((v["saving"].as_f64().unwrap() - (on_largest - total)).abs() < 1e-3);
    // A misspelt field of a phase is named with its phase.
    let bad = std::fs::read_to_string(file)
        .unwrap()
        .replace("dev_hours", "dev_hourz");
    let out = common::gpu_sizer(&["estimate", "-"], Some(&bad));
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("phases[0].form.dev_hourz"));
}
