use super::*;
use gpu_sizer_engine::catalog::Catalog;
use gpu_sizer_engine::plan::{evaluate, remedies};
use gpu_sizer_engine::scenario::Workload;

#[test]
fn the_default_form_is_a_valid_request() {
    let req = Form::default().to_request(None).unwrap();
    assert!(matches!(req.scenario.workload, Workload::Lora(_)));
}

#[test]
fn bad_values_name_their_field() {
    type Edit = fn(&mut Form);
    let cases: Vec<(Edit, &str)> = vec![
        (|f| f.zero = Some(7), "zero"),
        (|f| f.modes = "on-demand,weekly".into(), "modes"),
        (|f| f.egress_gb = -1.0, "egress_gb"),
        (|f| f.auto_stop_min = Some(-5.0), "auto_stop_min"),
        (|f| f.deadline_h = Some(0.0), "deadline_h"),
        (|f| f.cny_per_usd = f64::NAN, "cny_per_usd"),
        (|f| f.lora_targets = "qq".into(), "lora_targets"),
        (|f| f.max_gpus = 0, "max_gpus"),
        (|f| f.seq_len = 0, "seq_len"),
        (|f| f.lora_rank = 0, "lora_rank"),
        (
            |f| {
                f.workload = WorkloadKind::Serve;
                f.context_tokens = 100;
            },
            "context_tokens",
        ),
        (
            |f| {
                f.workload = WorkloadKind::Dev;
                f.dev_hours = -1.0;
            },
            "dev_hours",
        ),
    ];
    for (edit, field) in cases {
        let mut form = Form::default();
        edit(&mut form);
        let err = form.to_request(None).unwrap_err();
        assert_eq!(err.field, field, "{err}");
    }
}

/// A MIG slice's id pins the GPU when slices are considered; without them, or when it is no
/// catalog GPU's slice, the message says which.
#[test]
fn a_mig_slice_is_a_gpu_only_when_slices_are_considered() {
    let mut form = Form {
        gpu: "a100-80gb-sxm@1g.10gb".into(),
        ..Form::default()
    };
    let err = form.to_request(None).unwrap_err();
    assert_eq!(err.field, "gpu");
    assert!(err.message.contains("is a MIG slice"), "{err}");
    form.mig_slices = true;
    let req = form.to_request(None).unwrap();
    assert_eq!(
        req.constraints.gpu.as_deref(),
        Some("a100-80gb-sxm@1g.10gb")
    );
    form.gpu = "rtx-4090@1g.10gb".into();
    let err = form.to_request(None).unwrap_err();
    assert!(err.message.contains("no GPU with id"), "{err}");
}

#[test]
fn workload_and_source_keys_are_their_json_names() {
    for k in WorkloadKind::ALL {
        assert_eq!(serde_json::to_value(k).unwrap(), k.key());
    }
    for k in ModelSource::ALL {
        assert_eq!(serde_json::to_value(k).unwrap(), k.key());
    }
}

#[test]
fn json_errors_name_the_field() {
    let form = Form::from_json(r#"{"workload": "serve", "concurrency": 64}"#).unwrap();
    assert_eq!(form.workload, WorkloadKind::Serve);
    assert_eq!(form.concurrency, 64);
    assert_eq!(form.model, Form::default().model);
    let cases = [
        (
            r#"{"concurency": 4}"#,
            "concurency",
            "did you mean 'concurrency'",
        ),
        (r#"{"ctx": 4}"#, "ctx", "did you mean 'context_tokens'"),
        (r#"{"workload": "trian"}"#, "workload", "unknown variant"),
        (r#"{"max_gpus": -1}"#, "max_gpus", "invalid value"),
        (r#"{"tokens": "many"}"#, "tokens", "invalid type"),
        (
            r#"{"latency_ms": null, "zero": 1.5}"#,
            "zero",
            "invalid type",
        ),
        ("[1]", "json", "object"),
        ("{", "json", "not valid JSON"),
    ];
    for (text, field, message) in cases {
        let err = Form::from_json(text).unwrap_err();
        assert_eq!(err.field, field, "{text}: {err}");
        assert!(err.message.contains(message), "{text}: {err}");
    }
}

#[test]
fn enum_keys_round_trip() {
    for k in WeightKey::ALL {
        assert_eq!(WeightKey::from_key(k.key()), Some(*k));
    }
    for k in ModeKey::ALL {
        assert_eq!(ModeKey::from_key(k.key()), Some(*k));
        assert_eq!(ModeKey::of(k.engine()), *k);
    }
    for k in CurrencyKey::ALL {
        assert_eq!(CurrencyKey::of(k.engine()), *k);
    }
}

/// QLoRA on Llama 3.1 70B with micro-batches of 64 sequences: no offer holds it, and the
/// report names configurations that do, each one checked by running it.
#[test]
fn qlora_70b_at_a_large_micro_batch_names_a_configuration_that_fits() {
    let form = Form {
        model: "llama-3.1-70b".into(),
        qlora: true,
        micro_batch: 64,
        ..Form::default()
    };
    let request = form.to_request(None).unwrap();
    let catalog = Catalog::builtin();
    let report = evaluate(catalog, &request).unwrap();
    assert!(report.pick().is_none(), "the job was meant to fit nowhere");
    assert!(
        !report.suggestions.is_empty(),
        "nothing fits and nothing is suggested"
    );
    for s in &report.suggestions {
        let changed = remedies::apply(&request, &s.changes);
        let again = evaluate(catalog, &changed).unwrap();
        let pick = again.pick().expect("the suggestion fits");
        assert_eq!(pick.offer.id, s.pick.offer.id);
        assert!((pick.cost.expected - s.pick.cost.expected).abs() < 1e-9);
        assert!(s.pick.memory.total_gib <= s.pick.gpu.memory_gib);
        assert!(s.pick.headroom >= 0.0);
    }
}

/// An FP64 job ranks a data-centre part (A100, H100) above every consumer card, and each
/// consumer card says why: it runs FP64 at 1/64 of its FP32 rate.
#[test]
fn an_fp64_job_ranks_data_centre_parts_above_consumer_cards_and_says_why() {
    use gpu_sizer_engine::warning::Warning;
    let form = Form {
        workload: WorkloadKind::Science,
        fp64_pflop: Some(500.0),
        fp64_memory_gib: 10.0,
        modes: "on-demand".into(),
        ..Form::default()
    };
    let report = evaluate(Catalog::builtin(), &form.to_request(None).unwrap()).unwrap();
    let rank = |pred: &dyn Fn(&str) -> bool| report.ranked.iter().position(|c| pred(&c.gpu.id));
    let best_dc = rank(&|id| id.starts_with("a100") || id.starts_with("h100")).unwrap();
    let consumer: Vec<_> = report.ranked.iter().filter(|c| c.gpu.consumer).collect();
    assert!(!consumer.is_empty());
    let first_consumer = rank(&|id| consumer.iter().any(|c| c.gpu.id == id)).unwrap();
    assert!(best_dc < first_consumer, "{best_dc} vs {first_consumer}");
    for c in consumer {
        assert!(
            c.timing
                .warnings
                .iter()
                .any(|w| matches!(w, Warning::WeakFp64 { ratio, .. } if *ratio >= 32.0)),
            "{}",
            c.gpu.id
        );
    }
    // Hours on a reference GPU scale by the FP64 peaks: 10 h on an A100 is 10 × 9.7 / 34 on an H100.
    let by_hours = Form {
        workload: WorkloadKind::Science,
        fp64_pflop: None,
        fp64_ref_hours: Some(10.0),
        reference_gpu: "a100-80gb-sxm".into(),
        gpu: "h100-sxm".into(),
        gpus: Some(1),
        ..Form::default()
    };
    let report = evaluate(Catalog::builtin(), &by_hours.to_request(None).unwrap()).unwrap();
    let h = report.ranked[0].timing.hours.unwrap().expected;
    assert!((h - 10.0 * 9.7 / 34.0).abs() < 1e-9, "{h}");
}
