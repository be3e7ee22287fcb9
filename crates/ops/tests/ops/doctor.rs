use gpu_sizer_engine::catalog::{Catalog, Currency};
use gpu_sizer_engine::cost::money::Exchange;
use gpu_sizer_markup::i18n::Lang;
use gpu_sizer_ops::doctor::{
    diagnose, read, words, Context, ErrorKind, Finding, Price, Reading, Remedy, Source,
};
use proptest::prelude::*;

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/data/doctor/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

const FIXTURES: [&str; 9] = [
    "smi-418-k520-idle.txt",
    "smi-450-a100-truncated.txt",
    "smi-515-a100x3.txt",
    "smi-535-a10g-loaded-idle.txt",
    "smi-550-a40x10-idle.txt",
    "csv-units-two-gpus-cut.txt",
    "csv-timestamp-a10-idle.txt",
    "dmon-pucvmet-4gpu.txt",
    "dmon-td-a10.txt",
];

fn reading(name: &str) -> Reading {
    read(&fixture(name)).unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

fn context(price: Option<Price>, gpu: Option<&str>) -> Context<'static> {
    let catalog = Catalog::builtin();
    Context {
        catalog,
        price,
        gpu: gpu.and_then(|id| catalog.gpu(id)),
        currency: Currency::Usd,
        fx: Exchange::default(),
    }
}

fn kinds(findings: &[Finding]) -> Vec<&'static str> {
    findings
        .iter()
        .map(|f| match f {
            Finding::Idle { .. } => "idle",
            Finding::Unbalanced { .. } => "unbalanced",
            Finding::InputBound { .. } => "input-bound",
            Finding::Underused { .. } => "underused",
            Finding::OutOfMemoryRisk { .. } => "oom-risk",
            Finding::MemoryBound { .. } => "memory-bound",
            Finding::Busy { .. } => "busy",
        })
        .collect()
}

/// GPUs, samples of the first, its mean utilisation, and the formats read, per fixture.
#[test]
fn every_fixture_reads_its_gpus_and_samples() {
    let check = |name: &str, gpus: usize, samples: usize, util0: f64, source: Source| {
        let r = reading(name);
        assert_eq!(r.gpus.len(), gpus, "{name}: {r:?}");
        let g = &r.gpus[0];
        assert_eq!(g.util.len(), samples, "{name}: {g:?}");
        let mean = g.util.iter().sum::<f64>() / g.util.len() as f64;
        assert!((mean - util0).abs() < 0.01, "{name}: {mean}");
        assert_eq!(r.sources, vec![source], "{name}");
    };
    check("smi-418-k520-idle.txt", 1, 1, 0.0, Source::Table);
    check("smi-450-a100-truncated.txt", 2, 1, 84.0, Source::Table);
    check("smi-515-a100x3.txt", 3, 1, 100.0, Source::Table);
    check("smi-535-a10g-loaded-idle.txt", 1, 1, 0.0, Source::Table);
    check("smi-550-a40x10-idle.txt", 10, 1, 0.0, Source::Table);
    check("csv-units-two-gpus-cut.txt", 2, 1, 36.0, Source::Csv);
    check("csv-timestamp-a10-idle.txt", 1, 5, 0.0, Source::Csv);
    check("dmon-pucvmet-4gpu.txt", 4, 1, 25.0, Source::Dmon);
    check("dmon-td-a10.txt", 1, 6, 25.0 / 6.0, Source::Dmon);
}

#[test]
fn tables_give_memory_and_power_with_their_limits() {
    let r = reading("smi-535-a10g-loaded-idle.txt");
    let g = &r.gpus[0];
    assert_eq!(g.name.as_deref(), Some("NVIDIA A10G"));
    assert_eq!(
        (g.mem_used_mib[0], g.mem_total_mib),
        (8722.0, Some(23028.0))
    );
    assert_eq!((g.power_w[0], g.power_cap_w), (60.0, Some(300.0)));
    let r = reading("smi-418-k520-idle.txt");
    assert_eq!(r.gpus[0].name.as_deref(), Some("GRID K520"));
    assert_eq!(r.gpus[0].power_cap_w, Some(125.0));
    assert!(r.skipped.is_empty(), "{:?}", r.skipped);
}

#[test]
fn a_paste_cut_short_keeps_what_it_holds_and_names_the_line_left_out() {
    let r = reading("smi-450-a100-truncated.txt");
    assert_eq!(r.skipped.len(), 1);
    assert_eq!(r.skipped[0].line, 16);
    assert!(
        r.skipped[0].text.contains("00000000:4A:00.0"),
        "{:?}",
        r.skipped
    );
    let r = reading("csv-units-two-gpus-cut.txt");
    assert_eq!(r.skipped.len(), 1, "{:?}", r.skipped);
    assert_eq!(r.skipped[0].line, 11);
    let note = words::skipped(&r.skipped, Lang::En).unwrap();
    assert!(note.contains("line 11"), "{note}");
    assert!(words::skipped(&r.skipped, Lang::Zh)
        .unwrap()
        .contains("第 11 行"));
}

#[test]
fn outputs_pasted_together_are_read_together() {
    let mixed = [
        fixture("smi-515-a100x3.txt"),
        "some shell noise\n$ watch nvidia-smi\n".to_string(),
        fixture("dmon-pucvmet-4gpu.txt"),
        fixture("csv-timestamp-a10-idle.txt"),
    ]
    .join("\n");
    let r = read(&mixed).unwrap();
    assert_eq!(r.sources, vec![Source::Table, Source::Dmon, Source::Csv]);
    assert_eq!(r.gpus.len(), 4);
    // GPU 0 appears in all three: 1 table sample, 1 dmon sample, 5 CSV samples.
    assert_eq!(r.gpus[0].util.len(), 7);
}

#[test]
fn bad_pastes_name_the_line() {
    let e = read("").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Empty);
    let e = read("\n\nhello world\nthis is not it\n").unwrap_err();
    assert_eq!(
        (e.kind, e.line, e.text.as_str()),
        (ErrorKind::NotNvidiaSmi, 3, "hello world")
    );
    let msg = words::error(&e, Lang::En);
    assert!(
        msg.contains("Line 3") && msg.contains("hello world"),
        "{msg}"
    );
    assert!(words::error(&e, Lang::Zh).contains("第 3 行"));
    let garbled = fixture("smi-418-k520-idle.txt").replace("0%      Default", "zz%     Default");
    let e = read(&garbled).unwrap_err();
    assert_eq!((e.kind, e.line), (ErrorKind::Unreadable, 9), "{e:?}");
    let e = read("# gpu pwr sm\n# Idx W %\n0 12\n").unwrap_err();
    assert_eq!((e.kind, e.line), (ErrorKind::Unreadable, 3), "{e:?}");
}

#[test]
fn idle_machines_cost_their_whole_price_and_call_for_an_auto_stop() {
    // Ten A40s at 0 %: at $10/h for the ten, all of it is idle.
    let r = reading("smi-550-a40x10-idle.txt");
    let price = Price {
        per_hour: 10.0,
        gpus: 10,
        currency: Currency::Usd,
    };
    let d = diagnose(&r, &context(Some(price), None));
    assert_eq!(kinds(&d.findings), ["idle"]);
    let m = d.money.unwrap();
    assert!(
        (m.idle_share - 1.0).abs() < 1e-9 && (m.per_day - 240.0).abs() < 1e-9,
        "{m:?}"
    );
    assert!((m.per_month - 7300.0).abs() < 1e-9);
    assert_eq!(d.remedies, vec![Remedy::AutoStop { minutes: 5 }]);
    // A model loaded and nothing running is idle too, whatever its memory.
    let d = diagnose(
        &reading("smi-535-a10g-loaded-idle.txt"),
        &context(None, None),
    );
    assert_eq!(kinds(&d.findings), ["idle"]);
    assert!(d.money.is_none());
}

#[test]
fn a_busy_job_on_oversized_gpus_is_offered_cheaper_ones_that_hold_its_memory() {
    let r = reading("smi-515-a100x3.txt");
    // 3 of 8 A100 80GB at $32.77/h for the 8 ($4.10 per GPU-hour).
    let price = Price {
        per_hour: 32.77,
        gpus: 8,
        currency: Currency::Usd,
    };
    let d = diagnose(&r, &context(Some(price), Some("a100-80gb-sxm")));
    assert_eq!(kinds(&d.findings), ["busy"]);
    let m = d.money.unwrap();
    assert!(m.idle_share < 0.01, "{m:?}");
    let cheaper: Vec<_> = d
        .remedies
        .iter()
        .filter_map(|r| match r {
            Remedy::CheaperGpu {
                memory_gib,
                per_gpu_hour,
                gpu_id,
                ..
            } => Some((gpu_id, *memory_gib, *per_gpu_hour)),
            _ => None,
        })
        .collect();
    assert!(
        !cheaper.is_empty() && cheaper.len() <= 3,
        "{:?}",
        d.remedies
    );
    for (id, memory, price) in cheaper {
        // 7500 MiB used, with a 10 % margin: 8.06 GiB.
        assert!(memory >= 7500.0 / 1024.0 * 1.1, "{id}");
        assert!(price < 32.77 / 8.0, "{id}");
        assert_ne!(id, "a100-80gb-sxm");
    }
}

#[test]
fn power_far_below_its_limit_at_full_utilisation_reads_as_memory_bound() {
    let d = diagnose(&reading("smi-450-a100-truncated.txt"), &context(None, None));
    assert_eq!(kinds(&d.findings), ["memory-bound"]);
}

#[test]
fn some_gpus_idle_while_others_work_is_a_parallelism_problem() {
    let d = diagnose(&reading("csv-units-two-gpus-cut.txt"), &context(None, None));
    assert_eq!(kinds(&d.findings), ["unbalanced", "underused"]);
    assert!(d.remedies.contains(&Remedy::FewerGpus { gpus: 1 }));
}

#[test]
fn low_utilisation_with_a_full_batch_is_input_bound_and_near_full_memory_a_risk() {
    // dmon gives memory used, not the total: without an instance the batch's share is unknown.
    let r = reading("dmon-pucvmet-4gpu.txt");
    let d = diagnose(&r, &context(None, None));
    assert_eq!(kinds(&d.findings), ["underused"]);
    // On 12 GB cards (the V100 SXM2 16GB stands in: 11.4 of 16 GiB used) the batch is loaded.
    let d = diagnose(&r, &context(None, Some("v100-16gb-sxm2")));
    assert_eq!(kinds(&d.findings), ["input-bound"]);
    assert_eq!(d.remedies[0], Remedy::FasterStorage);
    let mut full = r.clone();
    for g in &mut full.gpus {
        g.mem_total_mib = Some(12_288.0);
    }
    let d = diagnose(&full, &context(None, None));
    assert_eq!(kinds(&d.findings), ["input-bound", "oom-risk"]);
}

#[test]
fn every_finding_and_remedy_is_worded_in_both_languages() {
    for name in FIXTURES {
        let r = reading(name);
        let price = Price {
            per_hour: 2.0,
            gpus: 1,
            currency: Currency::Usd,
        };
        let d = diagnose(&r, &context(Some(price), Some("l4")));
        for lang in Lang::ALL {
            let text = words::report(&r, &d, lang, "$");
            let html = gpu_sizer_ops::doctor::html::report(&r, &d, lang);
            assert!(
                html.contains("doctor-finding") && html.contains("doctor-money"),
                "{name}"
            );
            assert!(!text.is_empty());
        }
        for f in &d.findings {
            assert_ne!(words::finding(f, Lang::En), words::finding(f, Lang::Zh));
        }
    }
    for t in words::all_texts() {
        assert!(!t.en.is_empty() && !t.zh.is_empty(), "{t:?}");
    }
}

proptest! {
    /// Whatever is pasted, the parser answers: a reading or an error naming a line of the paste.
    #[test]
    fn the_parser_never_panics(text in "\\PC*") {
        match read(&text) {
            Ok(r) => prop_assert!(!r.gpus.is_empty()),
            Err(e) => prop_assert!(e.line <= text.lines().count()),
        }
    }

    /// Real output cut anywhere, with a line of noise put anywhere, still parses or names a line.
    #[test]
    fn cut_and_mixed_real_output_never_panics(
        which in 0..FIXTURES.len(),
        cut in 0.0..1.0f64,
        at in 0.0..1.0f64,
        noise in "[ -~|#,%]{0,60}",
    ) {
        let text = fixture(FIXTURES[which]);
        let end = text.char_indices().map(|(i, _)| i).nth((text.chars().count() as f64 * cut) as usize).unwrap_or(text.len());
        let mut lines: Vec<&str> = text[..end].lines().collect();
        let pos = (lines.len() as f64 * at) as usize;
        lines.insert(pos.min(lines.len()), &noise);
        let pasted = lines.join("\n");
        if let Ok(r) = read(&pasted) {
            let d = diagnose(&r, &context(Some(Price { per_hour: 1.0, gpus: 1, currency: Currency::Usd }), None));
            prop_assert!(d.money.is_some_and(|m| m.per_month.is_finite()));
        }
    }
}
