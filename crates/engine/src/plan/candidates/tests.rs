use crate::catalog::Catalog;
use crate::cost::billing::BreakEven;
use crate::cost::spot::SpotOutcome;
use crate::explain::Term;
use crate::plan::{evaluate, explain, Constraints, CostInputs, Objective, Request};
use crate::scenario::{
    Classic, DataSource, DevBox, Lora, Model, ModelSpec, Optimizer, Parallelism, Render, Scenario,
    Serve, Train, TrainPrecision, WeightFormat, Workload, ZeroStage,
};
use crate::sizing::fit;

fn request(model: &str, workload: Workload, data: Option<DataSource>) -> Request {
    Request {
        scenario: Scenario {
            model: ModelSpec::Preset(model.into()),
            workload,
            data,
            deadline_h: None,
        },
        costs: CostInputs {
            egress_gb: 200.0,
            idle_h: 8.0,
            ..CostInputs::default()
        },
        constraints: Constraints {
            max_gpus: 16,
            ..Constraints::default()
        },
        objective: Objective::Cheapest,
        today: None,
    }
}

fn requests() -> Vec<Request> {
    let qlora = Lora {
        qlora: true,
        paged_optimizer: true,
        optimizer: Optimizer::Adam8bit,
        ..Lora::default()
    };
    let sharded = Train {
        parallel: Parallelism {
            zero: ZeroStage::Zero3,
            tensor: 2,
            pipeline: 2,
            ..Parallelism::default()
        },
        ..Train::default()
    };
    let slow_disk = DataSource {
        bytes_per_sample: 4e6,
        storage_mbs: Some(50.0),
    };
    let moe = Serve {
        weights: WeightFormat::Int4Awq,
        concurrency: 16,
        latency_target_ms: Some(40.0),
        requests_per_s: Some(3.0),
        ..Serve::default()
    };
    let images = Classic {
        samples: 1.2e6,
        epochs: 10.0,
        batch: 64,
        precision: TrainPrecision::Bf16Mixed,
        optimizer: Optimizer::SgdMomentum,
        seq_len: None,
    };
    let frames = Render {
        frames: 2000.0,
        reference_seconds_per_frame: 30.0,
        reference_gpu: "rtx-4090".into(),
        scene_gib: 10.0,
        streams: 2,
        stream_gib: 1.0,
        stream_hours: 5.0,
    };
    let dev = DevBox {
        hours: 20.0,
        min_gpu_memory_gib: 24.0,
        non_cuda: false,
    };
    vec![
        request("llama-3.1-8b", Workload::Lora(Lora::default()), None),
        request("llama-3.1-70b", Workload::Lora(qlora), None),
        request("llama-3.1-8b", Workload::Train(sharded), Some(slow_disk)),
        request("qwen3-30b-a3b", Workload::Serve(moe), None),
        request("resnet-50", Workload::Classic(images), None),
        request("llama-3.1-8b", Workload::Render(frames), None),
        request("llama-3.1-8b", Workload::DevBox(dev), None),
    ]
}

fn without_formulas(terms: &[Term]) -> Vec<Term> {
    terms
        .iter()
        .map(|t| Term {
            formula: String::new(),
            ..t.clone()
        })
        .collect()
}

/// Ranking sizes and prices on numbers only; explaining a candidate re-runs the same
/// arithmetic with its formulas and must give the very same figures.
#[test]
fn explaining_a_candidate_gives_the_values_it_was_ranked_on() {
    let catalog = Catalog::builtin();
    let mut seen = std::collections::BTreeSet::new();
    for req in requests() {
        let report = evaluate(catalog, &req).unwrap();
        assert!(!report.ranked.is_empty(), "{:?}", req.scenario.workload);
        for c in &report.ranked {
            let no_terms = Vec::new();
            let ranked = c
                .memory
                .terms
                .iter()
                .chain(&c.memory.host_terms)
                .chain(&c.timing.terms);
            assert!(ranked.clone().all(|t| t.formula.is_empty()));
            // A break-even's and a spot run's figures are fields; ranking lists no terms for them.
            assert!(c.break_even.as_ref().is_none_or(|b| b.terms.is_empty()));
            assert!(c.spot.as_ref().is_none_or(|s| s.terms.is_empty()));

            let e = explain(catalog, c, &req).unwrap();
            let explained = e
                .memory
                .terms
                .iter()
                .chain(&e.memory.host_terms)
                .chain(&e.timing.terms)
                .chain(&e.cost)
                .chain(e.break_even.as_ref().map_or(&no_terms, |b| &b.terms))
                .chain(e.spot.as_ref().map_or(&no_terms, |s| &s.terms));
            let risks = e.break_even.as_ref().map_or(0, |b| b.terms.len())
                + e.spot.as_ref().map_or(0, |s| s.terms.len());
            assert_eq!(
                explained.clone().count(),
                ranked.count() + e.cost.len() + risks
            );
            for t in explained {
                assert!(
                    !t.formula.is_empty(),
                    "{} of {} unexplained",
                    t.key,
                    c.offer.id
                );
                seen.insert(t.key);
            }
            if !e.memory.host_terms.is_empty() {
                seen.insert("host");
            }

            assert_eq!(without_formulas(&e.memory.terms), c.memory.terms);
            assert_eq!(without_formulas(&e.memory.host_terms), c.memory.host_terms);
            assert_eq!(e.memory.total_gib, c.memory.total_gib);
            let timing = crate::sizing::time::Timing {
                terms: without_formulas(&e.timing.terms),
                ..e.timing.clone()
            };
            assert_eq!(&timing, c.timing.as_ref());
            // The bill ranking summed is the one explained, line by line.
            let billed: f64 = e.cost.iter().map(|t| t.value).sum();
            assert!((billed - c.cost.expected).abs() <= 1e-9 * c.cost.expected.max(1.0));
            // Same figures; the explained terms carry them with their formulas.
            let break_even = e.break_even.map(|b| {
                let of = |key| b.terms.iter().find(|t| t.key == key).unwrap().value;
                assert_eq!(of("break_even_hours"), b.hours);
                BreakEven {
                    terms: Vec::new(),
                    ..b
                }
            });
            assert_eq!(break_even.as_ref(), c.break_even.as_ref());
            let spot = e.spot.map(|s| {
                let of = |key| s.terms.iter().find(|t| t.key == key).unwrap().value;
                assert_eq!(of("spot_expected_hours"), s.expected_hours);
                SpotOutcome {
                    terms: Vec::new(),
                    ..s
                }
            });
            assert_eq!(spot.as_ref(), c.spot.as_ref());
        }
    }
    // Every kind of figure went through both paths.
    for key in [
        "lora_adapters",
        "quantization_constants",
        "host",
        "zero3_gather",
        "kv_cache",
        "scene",
        "requested",
        "intra_node_bandwidth",
        "inter_node_bandwidth",
        "data_parallel_comm",
        "tensor_parallel_comm",
        "pipeline_bubble",
        "storage_cap",
        "storage_feed",
        "weights_read_per_step",
        "instances",
        "seconds_per_frame",
        "video_encoders",
        "flops_per_sample",
        "setup",
        "idle",
        "storage",
        "egress",
        "break_even_hours",
        "spot_expected_hours",
    ] {
        assert!(seen.contains(key), "no candidate has a {key} figure");
    }
}

/// A service's replica is searched for once per GPU model and cap (the offer's GPUs per instance,
/// or the maximum when lower) and kept for the next offer: each candidate's replica is the one a
/// search for its own offer finds, whether offers of one GPU model hold 1, 2, 4 or 8 of them.
#[test]
fn a_kept_replica_is_the_one_a_search_for_its_offer_finds() {
    let catalog = Catalog::builtin();
    let serve = Serve {
        requests_per_s: Some(2.0),
        ..Serve::default()
    };
    for (model, max_gpus) in [
        ("llama-3.1-8b", 16),
        ("llama-3.1-70b", 16),
        ("llama-3.1-70b", 2),
    ] {
        let mut req = request(model, Workload::Serve(serve.clone()), None);
        req.constraints.max_gpus = max_gpus;
        let report = evaluate(catalog, &req).unwrap();
        let resolved = Model::resolve(&req.scenario.model).unwrap();
        let mut within = 0;
        for c in &report.ranked {
            let fleet = c
                .serving
                .as_ref()
                .expect("a service's candidate has a fleet");
            let cap = max_gpus.min(c.offer.gpu_count.max(1));
            let search = fit::min_gpus(&resolved, &req.scenario.workload, c.gpu, cap).unwrap();
            let replica = (fleet.instances_per_replica, fleet.gpus_per_replica);
            if search.found {
                assert_eq!(replica, (1, search.fit.gpus), "{}", c.offer.id);
                within += 1;
            } else {
                assert!(replica.0 > 1, "{} holds no replica", c.offer.id);
            }
        }
        assert!(within > 0, "{model}: no replica inside an instance");
        if model == "llama-3.1-70b" && max_gpus == 16 {
            // Most GPUs hold it only together: replicas of 2 or more GPUs inside one instance.
            assert!(report.ranked.iter().any(|c| {
                let fleet = c.serving.as_ref().unwrap();
                fleet.instances_per_replica == 1 && fleet.gpus_per_replica > 1
            }));
        }
    }
}
