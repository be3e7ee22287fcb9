use super::*;
use gpu_sizer_engine::catalog::Catalog;
use gpu_sizer_engine::plan::{evaluate, explain, explain_cost};
use gpu_sizer_engine::sizing::time::efficiency::{Precision, Work};
use gpu_sizer_engine::warning::{Axis, Charge, Untimed, Warning};
use gpu_sizer_engine::Term;
use gpu_sizer_formats::form::{PrecisionKey, WorkloadKind};
use gpu_sizer_formats::link::{Expected, Problem, Unreadable};
use gpu_sizer_formats::quickstart::QuickStart;
use gpu_sizer_formats::Form;

#[test]
fn a_band_that_reads_as_its_value_is_written_once() {
    let month = Band {
        low: 730.0,
        expected: 730.0,
        high: 730.0,
    };
    assert_eq!(hours_band(month, Lang::En), i18n::duration(730.0, Lang::En));
    let job = Band {
        low: 4.1,
        expected: 5.3,
        high: 6.8,
    };
    assert_eq!(
        money_band(job, Currency::Usd),
        format!(
            "{} ({}–{})",
            money(5.3, Currency::Usd),
            money(4.1, Currency::Usd),
            money(6.8, Currency::Usd)
        )
    );
}

fn why_of(saves: f64, sooner_h: f64, faster_ms: Option<f64>) -> Why {
    let per = gpu_sizer_engine::plan::Served::Tokens;
    Why {
        runner_up: 1,
        saves,
        sooner_h,
        faster: faster_ms.map(|ms| gpu_sizer_engine::plan::Faster { ms, per }),
        objective: gpu_sizer_engine::plan::Objective::Cheapest,
    }
}

/// A difference the answer would print as zero is a tie, never a win.
#[test]
fn a_tie_is_not_a_win() {
    let usd = Currency::Usd;
    for lang in Lang::ALL {
        for w in [
            why_of(0.0, 0.0, None),
            why_of(0.004, 0.001, None),
            why_of(-0.001, 0.0, Some(0.01)),
        ] {
            let text = why(&w, "B", usd, lang);
            assert!(w.tie());
            assert!(!text.contains("0.00"), "{text}");
            assert!(text.contains("ties") || text.contains("相同"), "{text}");
        }
    }
    // Cheaper at the same time: the saving, and "as long", not "0.00 h sooner".
    let text = why(&why_of(12.5, 0.0, None), "B", usd, Lang::En);
    assert_eq!(
        text,
        "Against the runner-up (B): cheaper by $12.50, takes as long."
    );
    // The same cost, faster.
    let text = why(&why_of(0.001, 2.0, None), "B", usd, Lang::En);
    assert_eq!(
        text,
        "Against the runner-up (B): the same cost, finishes sooner by 2.00 h."
    );
    // A service compares latency, never hours.
    let text = why(&why_of(40.0, 0.0, Some(3.0)), "B", usd, Lang::En);
    assert!(text.contains("faster per output token by 3.0 ms"), "{text}");
    assert!(!text.contains(" h"), "{text}");
    let zh = why(&why_of(40.0, 0.0, Some(-3.0)), "B", usd, Lang::Zh);
    assert!(zh.contains("每个输出词元慢 3.0 毫秒"), "{zh}");
    // A non-LLM service answers requests, not tokens.
    let per_request = Why {
        faster: Some(gpu_sizer_engine::plan::Faster {
            ms: 3.0,
            per: gpu_sizer_engine::plan::Served::Requests,
        }),
        ..why_of(40.0, 0.0, None)
    };
    let text = why(&per_request, "B", usd, Lang::En);
    assert!(text.contains("faster per request by 3.0 ms"), "{text}");
    let zh = why(&per_request, "B", usd, Lang::Zh);
    assert!(
        zh.contains("每个请求快 3.0 毫秒") && !zh.contains("词元"),
        "{zh}"
    );
}

/// One of every warning the engine gives.
fn every_warning() -> Vec<Warning> {
    let gpu = || "NVIDIA A100".to_string();
    let usd = Currency::Usd;
    let mut all = vec![
        Warning::CoarseModel,
        Warning::NoLowPrecisionRate {
            gpu: gpu().into(),
            precision: Precision::Fp8,
            work: Work::Prefill,
        },
        Warning::MoeSmallBatch {
            model: "DeepSeek-R1".into(),
            experts_per_token: 8,
            experts: 256,
            batch: 32,
        },
        Warning::OneSequenceTooSlow {
            ms: 31.2,
            target_ms: 20.0,
        },
        Warning::StorageCapsGpus {
            storage_mbs: 250.0,
            need_mbs: 900.0,
            utilisation: 0.28,
        },
        Warning::ClassicOnTransformerRates,
        Warning::NoVideoEncoder {
            gpu: gpu(),
            streams: 4,
        },
        Warning::VideoEncodersUnknown { gpu: gpu() },
        Warning::AssumedEgress {
            provider: "Lambda".into(),
            gb: 100.0,
            amount: 9.0,
            currency: usd,
        },
        Warning::AssumedCrossCloud {
            provider: "Lambda".into(),
            gb: 500.0,
            amount: 45.0,
            currency: usd,
        },
        Warning::FreeEgress {
            provider: "Vast.ai".into(),
            gb: 100.0,
        },
    ];
    for precision in [Precision::Fp4, Precision::Fp8, Precision::Bf16] {
        all.push(Warning::NoTensorCores {
            gpu: gpu().into(),
            precision,
        });
    }
    for from in [None, Some("Hopper".into())] {
        for work in [Work::Train, Work::Prefill, Work::Decode] {
            all.push(Warning::BorrowedRate {
                gpu: gpu().into(),
                family: "Blackwell".into(),
                work,
                from: from.clone(),
            });
        }
    }
    for item in [
        Charge::Storage,
        Charge::Snapshot,
        Charge::Egress,
        Charge::CrossZone,
        Charge::CrossCloud,
    ] {
        all.push(Warning::AssumedPrice {
            provider: "Verda (DataCrunch)".into(),
            item,
            per_gb_month: 0.075,
            currency: usd,
        });
        all.push(Warning::UnknownPrice {
            provider: "Lambda".into(),
            item,
        });
    }
    all
}

fn every_untimed() -> Vec<Untimed> {
    let gpu = || "NVIDIA RTX 3090".to_string();
    let mut all = vec![
        Untimed::NoFamily { gpu: gpu() },
        Untimed::NoMemoryBandwidth { gpu: gpu() },
        Untimed::NoBandwidthRate { gpu: gpu() },
        Untimed::NoRequestRate,
    ];
    for precision in [
        Precision::Fp32,
        Precision::Bf16,
        Precision::Fp8,
        Precision::Fp4,
    ] {
        all.push(Untimed::NoPeak {
            gpu: gpu(),
            precision,
        });
        all.push(Untimed::NoRate {
            gpu: gpu(),
            work: Work::Decode,
            precision,
        });
    }
    for axis in [Axis::Data, Axis::Tensor, Axis::Pipeline] {
        all.push(Untimed::NoLink { axis });
    }
    for reference in [true, false] {
        all.push(Untimed::NoFp32 {
            gpu: gpu(),
            reference,
        });
    }
    all
}

/// English words that would betray an untranslated sentence.
fn reads_as_english(text: &str) -> bool {
    [
        " the ",
        " is ",
        " no ",
        " of ",
        " for ",
        "published",
        "price",
    ]
    .iter()
    .any(|w| text.contains(w))
}

/// Every warning and every reason a time is unknown reads as a sentence in each language,
/// carries its names and numbers, and the Chinese has no English left in it.
#[test]
fn every_warning_is_worded_in_both_languages() {
    for w in every_warning() {
        let (en, zh) = (warning(&w, Lang::En), warning(&w, Lang::Zh));
        assert!(en.len() > 20 && zh.len() > 20, "{w:?}: {en} / {zh}");
        assert!(!reads_as_english(&zh), "English left in: {zh}");
        for name in [
            "NVIDIA A100",
            "Lambda",
            "Vast.ai",
            "Verda (DataCrunch)",
            "DeepSeek-R1",
        ] {
            assert_eq!(en.contains(name), zh.contains(name), "{en} / {zh}");
        }
    }
    for u in every_untimed() {
        let (en, zh) = (untimed(&u, Lang::En), untimed(&u, Lang::Zh));
        assert!(!en.is_empty() && !zh.is_empty(), "{u:?}");
        assert!(!reads_as_english(&zh), "English left in: {zh}");
        let unknown = Reason::Unknown(u);
        assert!(reason(&unknown, Currency::Usd, Lang::Zh).contains(&zh));
        assert!(reason(&unknown, Currency::Usd, Lang::En).contains(&en));
    }
    // The numbers are carried over, worded for the reader.
    let slow = Warning::OneSequenceTooSlow {
        ms: 31.26,
        target_ms: 20.0,
    };
    assert_eq!(
        warning(&slow, Lang::En),
        "even one sequence takes 31.3 ms per token, above the 20 ms target"
    );
    assert!(warning(&slow, Lang::Zh).contains("31.3 毫秒"));
    let assumed = Warning::AssumedPrice {
        provider: "Verda".into(),
        item: Charge::Storage,
        per_gb_month: 0.075,
        currency: Currency::Usd,
    };
    assert_eq!(
        warning(&assumed, Lang::En),
        "Verda publishes no storage price: the median of other providers, $0.075/GB-month, is assumed"
    );
    assert_eq!(
        warning(&assumed, Lang::Zh),
        "Verda 未公布存储价格：按其他云厂商已公布价格的中位数（$0.075/GB·月）估算"
    );
}

/// What the engine says about real jobs reaches the reader in both languages: the warnings of
/// every candidate the quick starts and a few harder jobs rank.
#[test]
fn the_warnings_of_real_jobs_are_worded() {
    let mut seen = 0;
    for form in forms() {
        let report = evaluate(Catalog::builtin(), &form.to_request(None).unwrap()).unwrap();
        for w in report
            .ranked
            .iter()
            .flat_map(|c| c.warnings())
            .chain(&report.warnings)
        {
            seen += 1;
            assert!(!reads_as_english(&warning(w, Lang::Zh)), "{w:?}");
        }
    }
    assert!(seen > 0, "no job gave a warning: the test reads nothing");
}

/// The quick starts and jobs that reach the engine's rarer terms and warnings.
fn forms() -> Vec<Form> {
    let mut out: Vec<Form> = QuickStart::ALL.iter().map(|q| q.form()).collect();
    out.push(Form {
        qlora: true,
        paged_optimizer: true,
        model: "llama-3.1-70b".into(),
        ..Form::default()
    });
    out.push(Form {
        model_source: gpu_sizer_formats::form::ModelSource::Params,
        params_b: 13.0,
        egress_gb: 500.0,
        snapshot_gb: 50.0,
        idle_h: 20.0,
        ..Form::default()
    });
    out.push(Form {
        workload: WorkloadKind::Train,
        precision: PrecisionKey::Fp8Mixed,
        model: "llama-3.1-8b".into(),
        bytes_per_sample: Some(1e6),
        storage_mbs: Some(50.0),
        ..Form::default()
    });
    out.push(Form {
        workload: WorkloadKind::Classic,
        ..Form::default()
    });
    out.push(Form {
        workload: WorkloadKind::Serve,
        latency_ms: Some(5.0),
        requests_per_s: Some(20.0),
        ..Form::default()
    });
    out.push(Form {
        workload: WorkloadKind::Infer,
        model: "resnet-50".into(),
        latency_ms: Some(20.0),
        requests_per_s: Some(2000.0),
        ..Form::default()
    });
    out.push(Form {
        workload: WorkloadKind::Infer,
        model: "bert-large-uncased".into(),
        seq_len: 128,
        tensorrt: false,
        infer_precision: gpu_sizer_formats::form::InferKey::Fp16,
        ..Form::default()
    });
    out.push(Form {
        workload: WorkloadKind::Render,
        streams: 4,
        ..Form::default()
    });
    out
}

/// Every term, cost line and figure the engine gives has a name in both languages, and every
/// unit is worded: the detail never shows a raw identifier.
#[test]
fn every_term_has_a_name_and_every_unit_is_worded() {
    let mut keys: Vec<(&'static str, &'static str)> = Vec::new();
    for form in forms() {
        let request = form.to_request(None).unwrap();
        let report = evaluate(Catalog::builtin(), &request).unwrap();
        let mut add = |terms: &[Term]| {
            keys.extend(terms.iter().map(|t| (t.key, t.unit)));
        };
        for c in &report.ranked {
            add(&c.memory.terms);
            add(&c.memory.host_terms);
            add(&c.timing.terms);
            add(&explain_cost(Catalog::builtin(), c, &request));
            let figures: Vec<Term> = c
                .timing
                .figures
                .iter()
                .map(|f| Term {
                    key: f.key,
                    value: 0.0,
                    unit: f.unit,
                    formula: String::new(),
                    source: None,
                })
                .collect();
            add(&figures);
        }
        if let Some(pick) = report.pick() {
            let e = explain(Catalog::builtin(), pick, &request).unwrap();
            add(&e.cost);
            if let Some(b) = &e.break_even {
                add(&b.terms);
            }
            if let Some(s) = &e.spot {
                add(&s.terms);
            }
        }
    }
    gpu_sizer_engine::sort::by(&mut keys, Ord::cmp);
    keys.dedup();
    assert!(keys.len() > 40, "too few terms seen: {keys:?}");
    let unnamed: Vec<_> = keys
        .iter()
        .filter(|(k, u)| known_term(k).is_none() || !known_unit(u))
        .collect();
    assert!(
        unnamed.is_empty(),
        "terms or units without words: {unnamed:?}"
    );
    for (key, unit) in keys {
        let name = known_term(key).unwrap_or_else(|| panic!("no name for the term {key}"));
        assert!(!name.en.contains('_') && !name.zh.contains('_'), "{key}");
        assert!(known_unit(unit), "no words for the unit {unit:?} of {key}");
        for lang in Lang::ALL {
            let text = quantity(0.5, unit, Currency::Usd, lang);
            for raw in ["fraction", "currency", "req/s"] {
                assert!(!text.contains(raw), "{key}: {text}");
            }
            if lang == Lang::Zh {
                for raw in [
                    "replicas",
                    "sequences",
                    "samples",
                    "encoders",
                    "tokens",
                    "ms",
                ] {
                    assert!(!text.contains(raw), "{key}: {text}");
                }
            }
        }
    }
    assert_eq!(term_name("kv_cache", Lang::En), "KV cache");
    assert_eq!(term_name("kv_cache", Lang::Zh), "KV 缓存");
    assert_eq!(
        quantity(0.453, "fraction", Currency::Usd, Lang::En),
        "45.3%"
    );
    assert_eq!(
        quantity(3.0, "replicas", Currency::Usd, Lang::Zh),
        "3.000 个副本"
    );
}

/// Every reason a link part is left out reads in both languages and names the field.
#[test]
fn link_problems_are_worded_in_both_languages() {
    let problems = [
        Problem::NoValue,
        Problem::UnreadableKey(Unreadable::BadEscape { at: 3 }),
        Problem::UnreadableValue(Unreadable::NotUtf8),
        Problem::UnknownKey,
        Problem::Duplicate {
            field: "concurrency",
        },
        Problem::NewerVersion { version: 9 },
        Problem::UnknownVersion,
        Problem::Invalid {
            field: "flash_attention",
            expected: Expected::Flag,
        },
        Problem::Invalid {
            field: "max_gpus",
            expected: Expected::Whole,
        },
        Problem::Invalid {
            field: "tokens",
            expected: Expected::Number,
        },
        Problem::Invalid {
            field: "tokens",
            expected: Expected::Finite,
        },
        Problem::Rejected {
            field: "max_gpus",
            detail: "invalid value".into(),
        },
    ];
    for p in &problems {
        let (en, zh) = (link_problem(p, Lang::En), link_problem(p, Lang::Zh));
        assert!(!en.is_empty() && !zh.is_empty(), "{p:?}");
        assert!(!reads_as_english(&zh), "{zh}");
        if let Problem::Duplicate { field }
        | Problem::Invalid { field, .. }
        | Problem::Rejected { field, .. } = p
        {
            let (en_name, zh_name) = (field_name(field, Lang::En), field_name(field, Lang::Zh));
            assert!(
                en.contains(&en_name) && zh.contains(&zh_name),
                "{en} / {zh}"
            );
            assert!(!en.contains('_') && !zh.contains('_'), "{en} / {zh}");
        }
    }
    assert_eq!(link_problem(&Problem::UnknownKey, Lang::En), "unknown key");
    assert!(link_problem(&Problem::NewerVersion { version: 9 }, Lang::Zh).contains('9'));
}

#[test]
fn model_sizes_read_as_model_cards_give_them() {
    let cases = [
        (8.03, "8.0B"),
        (1.0, "1.0B"),
        (0.999, "999M"),
        (0.9996, "1.0B"),
        (0.11, "110M"),
        (0.0999, "99.9M"),
        (0.0256, "25.6M"),
    ];
    for (billions, text) in cases {
        assert_eq!(super::parameters(billions), text, "{billions}");
    }
}
