//! One scenario evaluated against the whole embedded catalog: every offer, its instance counts
//! and billing modes, with memory, time and the full cost breakdown; then the pick explained with
//! every formula, as the page does on each change; and the evaluation the page makes after an
//! edit that leaves the job's placements and timings as they were (the amount of data, a price),
//! which keeps what the last evaluation found of the job.

use criterion::{criterion_group, criterion_main, Criterion};
use gpu_sizer_engine::catalog::Catalog;
use gpu_sizer_engine::plan::{
    evaluate, evaluate_with, explain, Constraints, CostInputs, Objective, Request, SizingCache,
};
use gpu_sizer_engine::scenario::{Lora, ModelSpec, Scenario, Serve, Workload};
use std::hint::black_box;

fn request(workload: Workload) -> Request {
    Request {
        scenario: Scenario {
            model: ModelSpec::Preset("llama-3.1-8b".into()),
            workload,
            data: None,
            deadline_h: None,
        },
        costs: CostInputs::default(),
        constraints: Constraints {
            max_gpus: 8,
            ..Constraints::default()
        },
        objective: Objective::Cheapest,
        today: None,
    }
}

fn bench(c: &mut Criterion) {
    let catalog = Catalog::builtin();
    let lora = request(Workload::Lora(Lora::default()));
    let serve = request(Workload::Serve(Serve {
        requests_per_s: Some(5.0),
        ..Serve::default()
    }));
    eprintln!(
        "catalog: {} offers; LoRA: {} ranked + {} excluded candidates",
        catalog.offers.len(),
        evaluate(catalog, &lora).unwrap().ranked.len(),
        evaluate(catalog, &lora).unwrap().excluded.len()
    );
    c.bench_function("evaluate LoRA 8B, whole catalog, 1-8 GPUs", |b| {
        b.iter(|| evaluate(catalog, black_box(&lora)).unwrap())
    });
    // Each step another amount of training tokens, as a person typing it: the job's placements
    // are kept, its time and cost are computed again.
    let mut cache = SizingCache::default();
    let mut edited = lora.clone();
    let mut step = 0;
    c.bench_function("evaluate LoRA 8B again after an edit of its tokens", |b| {
        b.iter(|| {
            step += 1;
            if let Workload::Lora(l) = &mut edited.scenario.workload {
                l.shape.tokens = [1e9, 2e8, 5e9, 1e8][step % 4];
            }
            evaluate_with(catalog, black_box(&edited), &mut cache).unwrap()
        })
    });
    c.bench_function("evaluate serving 8B, whole catalog", |b| {
        b.iter(|| evaluate(catalog, black_box(&serve)).unwrap())
    });
    // A job that fits nowhere: every offer sized, then each change that might fit ranked again.
    let mut qlora = request(Workload::Lora(Lora {
        qlora: true,
        shape: gpu_sizer_engine::scenario::TrainShape {
            micro_batch: 4,
            recompute: gpu_sizer_engine::scenario::Recompute::Selective,
            ..Default::default()
        },
        ..Lora::default()
    }));
    qlora.scenario.model = ModelSpec::Preset("llama-3.1-70b".into());
    eprintln!(
        "QLoRA 70B: {} ranked, {} suggestions",
        evaluate(catalog, &qlora).unwrap().ranked.len(),
        evaluate(catalog, &qlora).unwrap().suggestions.len()
    );
    c.bench_function(
        "evaluate QLoRA 70B fitting nowhere, with suggestions",
        |b| b.iter(|| evaluate(catalog, black_box(&qlora)).unwrap()),
    );
    for (name, request) in [("LoRA", &lora), ("serving", &serve)] {
        let report = evaluate(catalog, request).unwrap();
        let pick = report.pick().unwrap();
        c.bench_function(&format!("explain the {name} pick"), |b| {
            b.iter(|| explain(catalog, black_box(pick), request).unwrap())
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
