//! The rules a pick must follow on the built-in catalog, one test per rule: hardware that
//! cannot run the job is left out with the reason.

use super::*;
use crate::catalog::{BillingMode, Catalog};
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
    assert!(!cuda.ranked.is_empty());
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

fn chat(latency_target_ms: Option<f64>) -> Request {
    let mut req = request(
        "llama-3.1-8b",
        Workload::Serve(Serve {
            context_tokens: 8192,
            concurrency: 32,
            prompt_tokens: 1024,
            output_tokens: 256,
            latency_target_ms,
            requests_per_s: Some(20.0),
            ..Serve::default()
        }),
    );
    req.costs.serving_peak_ratio = 3.0;
    req
}

#[test]
fn no_spot_for_latency_bound_serving_by_default() {
    let catalog = Catalog::builtin();
    let report = evaluate(catalog, &chat(Some(50.0))).unwrap();
    assert!(!report.ranked.is_empty());
    assert!(report.ranked.iter().all(|c| c.mode != BillingMode::Spot));
    let left_out = report
        .excluded
        .iter()
        .filter(|e| e.reason == Reason::SpotForLatency)
        .count();
    assert!(left_out > 0, "spot offers are left out, saying why");
    assert!(report
        .excluded
        .iter()
        .filter(|e| e.reason == Reason::SpotForLatency)
        .all(|e| e.mode == Some(BillingMode::Spot)));

    // Allowed, spot comes back, priced with spares against reclaims.
    let mut allowed = chat(Some(50.0));
    allowed.constraints.spot_with_latency = true;
    let report = evaluate(catalog, &allowed).unwrap();
    let spot: Vec<_> = report
        .ranked
        .iter()
        .filter(|c| c.mode == BillingMode::Spot)
        .collect();
    assert!(!spot.is_empty());
    for c in spot {
        let f = c.serving.as_ref().unwrap();
        assert!(f.peak_spares >= 1, "{}", c.offer.id);
        assert!(f.reclaims_per_month > 0.0 && f.spare_cost > 0.0);
    }
}

/// A service without a latency target may run on spot, but only priced with its reclaims, and
/// the pick then says what they cost and that they still drop answers.
#[test]
fn spot_serving_is_priced_with_reclaims_and_warned_about() {
    let catalog = Catalog::builtin();
    let mut req = chat(None);
    req.constraints.modes = vec![BillingMode::Spot];
    let report = evaluate(catalog, &req).unwrap();
    let pick = report.pick().unwrap();
    let fleet = pick.serving.as_ref().unwrap();
    assert!(fleet.peak_spares >= 1);
    // The spares are billed: the compute line is the instance-hours, spares included.
    let compute = explain_cost(catalog, pick, &req)
        .iter()
        .find(|l| l.key == "compute")
        .unwrap()
        .value;
    let hours: u32 = fleet.instances_by_hour.iter().sum();
    let expected = f64::from(hours) * pick.price_per_hour * 730.0 / 24.0;
    assert!(
        (compute - expected).abs() < 1e-6 * expected,
        "{compute} vs {expected}"
    );
    assert!(report.pitfalls.iter().any(|p| matches!(
        p,
        Pitfall::SpotServing { spares, .. } if *spares == fleet.peak_spares
    )));
}

/// Replicas × GPUs per replica fit in the GPUs rented, on the instances rented.
#[test]
fn the_serving_fleet_adds_up() {
    let catalog = Catalog::builtin();
    for req in [chat(Some(50.0)), chat(None)] {
        let report = evaluate(catalog, &req).unwrap();
        assert!(!report.ranked.is_empty());
        for c in &report.ranked {
            let f = c
                .serving
                .as_ref()
                .expect("a serving candidate has its fleet");
            let per = c.offer.gpu_count;
            assert_eq!(c.instances, f.peak_instances, "{}", c.offer.id);
            assert_eq!(c.gpus, f.peak_instances * per, "{}", c.offer.id);
            assert_eq!(f.replicas_per_instance, (per / f.gpus_per_replica).max(1));
            assert_eq!(
                f.instances_per_replica,
                f.gpus_per_replica.div_ceil(per.max(1))
            );
            assert!(
                f.replicas_per_instance * f.gpus_per_replica
                    <= per.max(1) * f.instances_per_replica
            );
            assert_eq!(c.instances % f.instances_per_replica, 0, "{}", c.offer.id);
            assert!(f.peak_replicas() * f.gpus_per_replica <= c.gpus);
            assert_eq!(
                f.instances_by_hour.iter().copied().max(),
                Some(f.peak_instances)
            );
            assert!(f.mean_instances <= f64::from(f.peak_instances) + 1e-9);
            assert!(f.time_per_output_token_ms > 0.0 && f.per_million_tokens > 0.0);
            if let Some(target) = f.latency_target_ms {
                // Sized at the batch meeting the target, unless even one sequence misses it.
                let one_too_slow = c
                    .warnings()
                    .any(|w| matches!(w, Warning::OneSequenceTooSlow { .. }));
                assert!(
                    f.time_per_output_token_ms <= target + 1e-9 || one_too_slow,
                    "{}: {} ms against {target}",
                    c.offer.id,
                    f.time_per_output_token_ms
                );
            }
        }
    }
}

/// GeForce cards and marketplace hosts carry a pitfall when they would run a production
/// service.
#[test]
fn consumer_hardware_for_production_serving_carries_a_pitfall() {
    let catalog = Catalog::builtin();
    let mut req = chat(None);
    req.constraints.providers = vec!["vast".into()];
    let report = evaluate(catalog, &req).unwrap();
    let pick = report.pick().unwrap();
    assert!(report.pitfalls.iter().any(|p| matches!(
        p,
        Pitfall::ConsumerHardware { marketplace: true, consumer_card }
            if *consumer_card == pick.gpu.consumer
    )));
    // The same cards for a fine-tuning run carry no such pitfall.
    let mut tune = request("llama-3.1-8b", Workload::Lora(Lora::default()));
    tune.constraints.providers = vec!["vast".into()];
    let report = evaluate(catalog, &tune).unwrap();
    assert!(!report
        .pitfalls
        .iter()
        .any(|p| matches!(p, Pitfall::ConsumerHardware { .. })));
}
