//! A month's queue of jobs from the CLI: both costs on the pick, the advice and the pitfall.

mod common;

fn run(form: &str, json: bool) -> Vec<u8> {
    let mut args = vec!["estimate", "-"];
    if json {
        args.push("--json");
    }
    let out = common::gpu_sizer(&args, Some(form));
    assert!(out.status.success(), "{form}");
    out.stdout
}

/// Three 2-hour jobs a day on the person's own machine at 1.00 an hour, each start billing a
/// 10-minute start-up, no idle wait.
const FORM: &str = r#"{"workload":"lora","model":"llama-3.2-1b","micro_batch":1,"gpu":"rtx-4090","gpus":1,"own":true,"own_price":1.0,"queue_jobs":3,"queue_job_h":2,"queue_idle_min":0}"#;

#[test]
fn three_two_hour_jobs_a_day_are_priced_both_ways_with_the_pitfall() {
    let v: serde_json::Value = serde_json::from_slice(&run(FORM, true)).unwrap();
    let q = &v["pick"]["queue"];
    let days = 730.0 / 24.0;
    let f = |k: &str| q[k].as_f64().unwrap();
    assert!((f("start_stop") - 3.0 * days * (2.0 + 10.0 / 60.0)).abs() < 1e-9);
    assert_eq!(f("kept_up"), 730.0);
    assert!((f("utilisation") - 0.25).abs() < 1e-12);
    assert!((f("break_even_jobs_per_day") - 730.0 / (days * (2.0 + 10.0 / 60.0))).abs() < 1e-9);
    assert_eq!(q["choice"], "start_stop");
    assert_eq!(q["arrival"], "spread");
    assert!(q["terms"].as_array().unwrap().len() >= 6);
    let pitfall = v["pitfalls"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["kind"] == "kept_up_idle")
        .expect("the idle kept-up pitfall");
    assert!((pitfall["at_stake"].as_f64().unwrap() - (730.0 - f("start_stop"))).abs() < 1e-9);

    let text = String::from_utf8(run(FORM, false)).unwrap();
    assert!(
        text.contains("Queue of jobs, a month: start and stop, or keep up"),
        "{text}"
    );
    assert!(text.contains("Start instances for the work and stop them: $197.71 a month against $730.00 kept up (25 % busy)"), "{text}");
    assert!(text.contains("Kept up, idle most of the month"), "{text}");
}

#[test]
fn without_a_queue_the_report_has_none() {
    let form = FORM.replace(r#","queue_jobs":3"#, "");
    let v: serde_json::Value = serde_json::from_slice(&run(&form, true)).unwrap();
    assert!(v["pick"]["queue"].is_null());
    assert!(!v["pitfalls"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["kind"] == "kept_up_idle"));
}
