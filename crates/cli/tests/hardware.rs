//! Pinned hardware from the CLI: one GPU and a count, and the person's own machine.

use std::io::Write;
use std::process::{Command, Stdio};

/// `gpu-sizer estimate - --json --top 500` on `form`, parsed.
fn estimate(form: &str) -> serde_json::Value {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gpu-sizer"))
        .args(["estimate", "-", "--json", "--top", "500"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("gpu-sizer runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(form.as_bytes())
        .unwrap();
    let out = child.wait_with_output().expect("gpu-sizer finishes");
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
        assert_eq!((c["gpu"].as_str(), c["gpus"].as_u64()), (Some("h100-sxm"), Some(8)));
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
        (c["offer"].as_str(), c["gpus"].as_u64(), c["price_per_hour"].as_f64()),
        (Some("own-machine"), Some(2), Some(0.5))
    );
    // No price typed: the machine costs nothing an hour.
    let v = estimate(&form.replace(r#","own_price":0.5"#, ""));
    assert_eq!(v["top"][0]["price_per_hour"].as_f64(), Some(0.0));
}
