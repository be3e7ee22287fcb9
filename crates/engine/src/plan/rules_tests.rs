//! The rules a pick must follow on the built-in catalog, one test per rule: hardware that
//! cannot run the job is left out with the reason.

use super::*;
use crate::catalog::Catalog;
use crate::scenario::{
    Classic, DevBox, Lora, ModelSpec, Render, Scenario, Serve, Train, TrainPrecision, Workload,
};

fn request(model: &str, workload: Workload) -> Request {
    Request {
        scenario: Scenario {
            model: ModelSpec::Preset(model.into()),
            workload,
            data: None,
            deadline_h: None,
        },
        costs: CostInputs::default(),
        constraints: Constraints::default(),
        objective: Objective::Cheapest,
        today: None,
    }
}

fn dev_box(min_gpu_memory_gib: f64, non_cuda: bool) -> Workload {
    Workload::DevBox(DevBox {
        hours: 40.0,
        min_gpu_memory_gib,
        non_cuda,
    })
}

fn render() -> Workload {
    Workload::Render(Render {
        frames: 2400.0,
        reference_seconds_per_frame: 90.0,
        reference_gpu: "l4".into(),
        scene_gib: 10.0,
        streams: 0,
        stream_gib: 0.5,
        stream_hours: 0.0,
    })
}

/// Jobs that train, render or run interactive code, each of which an inference-only chip
/// cannot run.
fn general_jobs() -> Vec<(&'static str, Workload)> {
    vec![
        ("llama-3.2-1b", Workload::Train(Train::default())),
        ("llama-3.1-8b", Workload::Lora(Lora::default())),
        (
            "resnet-50",
            Workload::Classic(Classic {
                samples: 1.2e6,
                epochs: 10.0,
                batch: 64,
                precision: TrainPrecision::Bf16Mixed,
                optimizer: crate::scenario::Optimizer::SgdMomentum,
                seq_len: None,
            }),
        ),
        ("llama-3.1-8b", render()),
        ("llama-3.1-8b", dev_box(16.0, false)),
        ("llama-3.1-8b", dev_box(16.0, true)),
    ]
}

#[test]
fn no_inference_only_chip_for_training_rendering_or_a_dev_box() {
    let catalog = Catalog::builtin();
    assert!(
        catalog.gpus.iter().any(|g| g.inference_only),
        "the catalog marks its inference-only chips"
    );
    for (model, workload) in general_jobs() {
        let report = evaluate(catalog, &request(model, workload.clone())).unwrap();
        assert!(!report.ranked.is_empty(), "{workload:?}");
        for c in &report.ranked {
            assert!(!c.gpu.inference_only, "{} for {workload:?}", c.offer.id);
        }
        // Every offer of an inference-only chip is left out, saying why.
        for offer in catalog
            .offers
            .iter()
            .filter(|o| catalog.gpu(&o.gpu).is_some_and(|g| g.inference_only))
        {
            let e = report
                .excluded
                .iter()
                .find(|e| e.offer.id == offer.id)
                .unwrap_or_else(|| panic!("{} not excluded for {workload:?}", offer.id));
            assert_eq!(e.reason, Reason::CannotRun(Need::GeneralCompute));
        }
    }
    // Serving is inference: the same chips stay candidates there.
    let serve = request("llama-3.2-1b", Workload::Serve(Serve::default()));
    let report = evaluate(catalog, &serve).unwrap();
    assert!(!report
        .excluded
        .iter()
        .any(|e| matches!(e.reason, Reason::CannotRun(_))));
}

#[test]
fn rendering_takes_only_gpus_with_graphics_apis() {
    let catalog = Catalog::builtin();
    let report = evaluate(catalog, &request("llama-3.1-8b", render())).unwrap();
    assert!(!report.ranked.is_empty());
    assert!(report
        .ranked
        .iter()
        .all(|c| !c.gpu.graphics_apis.is_empty()));
    let h100 = report
        .excluded
        .iter()
        .find(|e| e.offer.gpu == "h100-sxm")
        .expect("an H100 offer is left out");
    assert_eq!(h100.reason, Reason::CannotRun(Need::Graphics));
}

#[test]
fn a_dev_box_is_cuda_unless_the_user_accepts_other_stacks() {
    let catalog = Catalog::builtin();
    let cuda = evaluate(catalog, &request("llama-3.1-8b", dev_box(32.0, false))).unwrap();
    assert!(cuda
        .ranked
        .iter()
        .all(|c| c.gpu.software == crate::catalog::schema::Software::Cuda));
    assert!(cuda
        .excluded
        .iter()
        .any(|e| e.reason == Reason::CannotRun(Need::Cuda)));
    let any = evaluate(catalog, &request("llama-3.1-8b", dev_box(32.0, true))).unwrap();
    assert!(any
        .ranked
        .iter()
        .any(|c| c.gpu.software != crate::catalog::schema::Software::Cuda));
    assert!(any.ranked.iter().all(|c| !c.gpu.inference_only));
}

/// A development box asks for a class of card: 24 GiB takes the 24 GB cards (L4, A10G,
/// RTX 4090), with no warning that memory is short.
#[test]
fn a_dev_box_asking_for_24_gib_takes_24_gb_cards() {
    let catalog = Catalog::builtin();
    let report = evaluate(catalog, &request("llama-3.1-8b", dev_box(24.0, false))).unwrap();
    for id in ["l4", "a10g", "rtx-4090"] {
        assert!(
            report.ranked.iter().any(|c| c.gpu.id == id),
            "no {id} among the candidates"
        );
    }
    assert!(!report
        .excluded
        .iter()
        .any(|e| matches!(e.reason, Reason::DoesNotFit { .. })
            && catalog
                .gpu(&e.offer.gpu)
                .is_some_and(|g| g.memory_gib >= 24.0)));
    assert!(!report
        .pitfalls
        .iter()
        .any(|p| matches!(p, Pitfall::LowMemoryHeadroom { .. })));
}
