//! Properties over thousands of random scenarios: the engine never panics, every figure is finite
//! and non-negative, memory and speed move the right way when one input grows, and an evaluation
//! that reuses the last one's work answers as a fresh one.

use gpu_sizer_engine::catalog::{BillingMode, Catalog, Gpu};
use gpu_sizer_engine::model::presets;
use gpu_sizer_engine::plan::{self, Constraints, CostInputs, Objective, Request, SizingCache};
use gpu_sizer_engine::scenario::{
    Classic, Cluster, DataFeed, DataSource, DevBox, KvPrecision, Lora, LoraTargets, Loss, Model,
    ModelSpec, Optimizer, Parallelism, Recompute, Render, Scenario, Serve, Server, Train,
    TrainPrecision, TrainShape, WeightFormat, Workload, ZeroStage,
};
use gpu_sizer_engine::sizing::{fit, memory, time};
use proptest::prelude::*;
use std::sync::OnceLock;
use support::check;

#[path = "support/check.rs"]
mod support;

// The fewest cases of each run that must reach the property's assertions. A run reaches about
// 2 600 of 3 000, 1 500, 600 of 1 500, 1 490 and 20 of 300 (a random job rarely fits the offers
// of the one GPU drawn within 16 GPUs, its deadline and its budget, and a fifth of the GPUs have
// no offer); the limits sit far enough below that chance does not trip them.
const MIN_FIGURES: u32 = 2000;
const MIN_PARAMS: u32 = 1200;
const MIN_BANDWIDTH: u32 = 400;
const MIN_BATCH: u32 = 1200;
const MIN_PLANS: u32 = 5;

fn catalog() -> &'static Catalog {
    Catalog::builtin()
}

fn model_spec() -> impl Strategy<Value = ModelSpec> {
    let n = presets().len();
    prop_oneof![
        (1e-3f64..3000.0).prop_map(|b| ModelSpec::ParamsOnly { params_b: b }),
        (0..n).prop_map(|i| ModelSpec::Preset(presets()[i].id.clone())),
    ]
}

fn precision() -> impl Strategy<Value = TrainPrecision> {
    prop_oneof![
        Just(TrainPrecision::Fp32),
        Just(TrainPrecision::Bf16Mixed),
        Just(TrainPrecision::Fp16Mixed),
        Just(TrainPrecision::Fp8Mixed),
        Just(TrainPrecision::Bf16),
    ]
}

fn optimizer() -> impl Strategy<Value = Optimizer> {
    prop_oneof![
        Just(Optimizer::AdamW),
        Just(Optimizer::Adam8bit),
        Just(Optimizer::Adafactor),
        Just(Optimizer::SgdMomentum),
    ]
}

fn recompute() -> impl Strategy<Value = Recompute> {
    prop_oneof![
        Just(Recompute::None),
        Just(Recompute::Selective),
        Just(Recompute::Full)
    ]
}

fn shape() -> impl Strategy<Value = TrainShape> {
    (
        1e3f64..1e13,
        1u32..32_768,
        1u32..64,
        prop::option::of(1e3f64..1e8),
        recompute(),
        any::<bool>(),
        prop_oneof![Just(Loss::Standard), Just(Loss::Chunked), Just(Loss::Fused)],
    )
        .prop_map(|(tokens, seq, mb, global, r, flash, loss)| TrainShape {
            tokens,
            seq_len: seq,
            micro_batch: mb,
            global_batch_tokens: global,
            recompute: r,
            flash_attention: flash,
            loss,
        })
}

fn parallel() -> impl Strategy<Value = Parallelism> {
    (
        0u8..4,
        prop_oneof![Just(1u32), Just(2), Just(4), Just(8)],
        prop_oneof![Just(1u32), Just(2), Just(4)],
    )
        .prop_map(|(z, t, p)| Parallelism {
            zero: ZeroStage::from_number(z).unwrap(),
            tensor: t,
            pipeline: p,
            ..Parallelism::default()
        })
}

fn weight_format() -> impl Strategy<Value = WeightFormat> {
    prop_oneof![
        Just(WeightFormat::Fp32),
        Just(WeightFormat::Bf16),
        Just(WeightFormat::Fp8),
        Just(WeightFormat::Int8),
        Just(WeightFormat::Fp4),
        Just(WeightFormat::GgufQ4_0),
        Just(WeightFormat::Int4Gptq),
        Just(WeightFormat::Int4Awq),
        Just(WeightFormat::GgufQ4KM),
        Just(WeightFormat::GgufQ5KM),
        Just(WeightFormat::GgufQ6K),
        Just(WeightFormat::GgufQ8_0),
    ]
}

fn serve() -> impl Strategy<Value = Serve> {
    (
        weight_format(),
        prop_oneof![
            Just(KvPrecision::Bf16),
            Just(KvPrecision::Fp8),
            Just(KvPrecision::Int8),
            Just(KvPrecision::Fp4),
            Just(KvPrecision::Q8_0),
            Just(KvPrecision::Q4_0)
        ],
        (0u32..65_536, 1u32..8192, 0u32..200_000),
        1u32..512,
        prop::option::of(0.05f64..1.0),
        prop::option::of(prop_oneof![Just(1u32), Just(2), Just(4), Just(8)]),
        prop::option::of(1u32..65_536),
        prop::option::of(0.1f64..1000.0),
        prop::option::of(0.0f64..10_000.0),
        (
            prop_oneof![
                Just(Server::Vllm),
                Just(Server::Sglang),
                Just(Server::TensorrtLlm),
                Just(Server::Tgi),
                Just(Server::LlamaCpp)
            ],
            prop::option::of(prop_oneof![Just(1u32), Just(2), Just(4)]),
            prop::option::of(1.0f64..1e6),
        ),
    )
        .prop_map(
            |(
                weights,
                kv,
                (prompt, output, extra),
                concurrency,
                util,
                tp,
                bt,
                lat,
                rps,
                (server, pp, batch),
            )| Serve {
                server,
                pipeline_parallel: pp,
                batch_requests: batch,
                weights,
                kv,
                context_tokens: prompt + output + extra,
                concurrency,
                prompt_tokens: prompt,
                output_tokens: output,
                memory_utilization: util,
                tensor_parallel: tp,
                batch_tokens: bt,
                latency_target_ms: lat,
                requests_per_s: rps,
            },
        )
}

fn targets() -> impl Strategy<Value = LoraTargets> {
    prop::array::uniform7(any::<bool>()).prop_map(|b| {
        let t = LoraTargets {
            q: b[0],
            k: b[1],
            v: b[2],
            o: b[3],
            gate: b[4],
            up: b[5],
            down: b[6],
        };
        if t.any() {
            t
        } else {
            LoraTargets::ALL
        }
    })
}

fn workload() -> impl Strategy<Value = Workload> {
    let n_gpus = catalog().gpus.len();
    prop_oneof![
        (
            shape(),
            precision(),
            optimizer(),
            parallel(),
            any::<bool>(),
            any::<bool>()
        )
            .prop_map(|(shape, precision, optimizer, parallel, paged, in_bwd)| {
                Workload::Train(Train {
                    shape,
                    precision,
                    optimizer,
                    parallel,
                    paged_optimizer: paged,
                    optimizer_in_backward: in_bwd,
                })
            }),
        (
            shape(),
            1u32..256,
            targets(),
            any::<bool>(),
            any::<bool>(),
            optimizer(),
            parallel()
        )
            .prop_map(
                |(shape, rank, targets, qlora, paged, optimizer, parallel)| {
                    Workload::Lora(Lora {
                        shape,
                        rank,
                        targets,
                        qlora,
                        paged_optimizer: paged,
                        optimizer,
                        parallel,
                        ..Lora::default()
                    })
                }
            ),
        serve().prop_map(Workload::Serve),
        (
            1f64..1e9,
            0.01f64..100.0,
            1u32..1024,
            precision(),
            optimizer(),
            prop::option::of(1u32..4096)
        )
            .prop_map(|(samples, epochs, batch, precision, optimizer, seq)| {
                Workload::Classic(Classic {
                    samples,
                    epochs,
                    batch,
                    precision,
                    optimizer,
                    seq_len: seq,
                })
            }),
        (
            0f64..1e6,
            0f64..1000.0,
            0..n_gpus,
            0f64..200.0,
            0u32..64,
            0f64..4.0,
            0f64..1000.0
        )
            .prop_map(|(frames, spf, g, scene, streams, sg, sh)| Workload::Render(
                Render {
                    frames,
                    reference_seconds_per_frame: spf,
                    reference_gpu: catalog().gpus[g].id.clone(),
                    scene_gib: scene,
                    streams,
                    stream_gib: sg,
                    stream_hours: sh,
                }
            )),
        (0f64..1000.0, 0f64..200.0, any::<bool>()).prop_map(|(hours, m, non_cuda)| {
            Workload::DevBox(DevBox {
                hours,
                min_gpu_memory_gib: m,
                non_cuda,
            })
        }),
    ]
}

fn gpu() -> impl Strategy<Value = &'static Gpu> {
    (0..catalog().gpus.len()).prop_map(|i| &catalog().gpus[i])
}

fn finite(x: f64) -> bool {
    x.is_finite() && x >= 0.0
}

/// The cheapest way to run `scenario` within `constraints`, at default costs.
fn request(scenario: Scenario, constraints: Constraints) -> Request {
    Request {
        scenario,
        costs: CostInputs::default(),
        constraints,
        objective: Objective::Cheapest,
        today: None,
    }
}

/// Splits `gpus` so it is a valid count for the workload's tensor × pipeline groups.
fn valid_gpus(w: &Workload, gpus: u32) -> u32 {
    let mp = match w {
        Workload::Train(t) => t.parallel.model_parallel(),
        Workload::Lora(l) => l.parallel.model_parallel(),
        _ => 1,
    };
    gpus.div_ceil(mp).max(1) * mp
}

/// No panic anywhere, and every figure is finite and non-negative.
#[test]
fn every_figure_is_finite_and_non_negative() {
    let feed = prop::option::of((0f64..1e7, 0.01f64..1e5));
    let inputs = (model_spec(), workload(), gpu(), 1u32..64, feed);
    check(
        "every_figure_is_finite_and_non_negative",
        3000,
        MIN_FIGURES,
        inputs,
        |(spec, w, g, gpus, feed)| {
            let Ok(model) = Model::resolve(&spec) else {
                return Ok(false);
            };
            let gpus = valid_gpus(&w, gpus);
            let mut reached = false;
            if let Ok(m) = memory::estimate(&model, &w, gpus) {
                prop_assert!(finite(m.total_gib), "total {}", m.total_gib);
                for t in m.terms.iter().chain(&m.host_terms) {
                    prop_assert!(finite(t.value), "{} = {}", t.key, t.value);
                }
                reached = true;
            }
            let _ = fit::min_gpus(&model, &w, g, 64);
            let data = feed.map(|(b, s)| DataFeed {
                bytes_per_sample: b,
                storage_mbs: s,
            });
            let cluster = Cluster::single_node(g, gpus);
            if let Ok(t) = time::estimate(&model, &w, &cluster, data.as_ref(), catalog()) {
                if let Some(h) = t.hours {
                    prop_assert!(
                        finite(h.low) && finite(h.expected) && finite(h.high),
                        "{h:?}"
                    );
                    prop_assert!(
                        h.low <= h.expected * (1.0 + 1e-9) && h.expected <= h.high * (1.0 + 1e-9)
                    );
                }
                for f in &t.figures {
                    prop_assert!(
                        finite(f.band.low) && finite(f.band.expected) && finite(f.band.high),
                        "{} = {:?}",
                        f.key,
                        f.band
                    );
                }
                for term in &t.terms {
                    prop_assert!(term.value.is_finite(), "{} = {}", term.key, term.value);
                }
                reached &= t.hours.is_some() || !t.figures.is_empty();
            } else {
                reached = false;
            }
            Ok(reached)
        },
    );
}

/// A bigger model never needs less memory.
#[test]
fn more_params_never_less_memory() {
    let inputs = (1e-3f64..3000.0, 1e-3f64..3000.0, workload(), 1u32..16);
    check(
        "more_params_never_less_memory",
        1500,
        MIN_PARAMS,
        inputs,
        |(a, b, w, gpus)| {
            prop_assume!(matches!(
                w,
                Workload::Train(_) | Workload::Lora(_) | Workload::Serve(_) | Workload::Classic(_)
            ));
            let (small, large) = if a <= b { (a, b) } else { (b, a) };
            let gpus = valid_gpus(&w, gpus);
            let mem = |p: f64| {
                let m = Model::resolve(&ModelSpec::ParamsOnly { params_b: p }).unwrap();
                memory::estimate(&m, &w, gpus).map(|e| e.total_gib)
            };
            let (Ok(s), Ok(l)) = (mem(small), mem(large)) else {
                return Ok(false);
            };
            prop_assert!(
                s <= l * (1.0 + 1e-9),
                "{small} B: {s} GiB > {large} B: {l} GiB"
            );
            Ok(true)
        },
    );
}

/// More memory bandwidth never slows decoding.
#[test]
fn more_bandwidth_never_slower_decode() {
    let inputs = (model_spec(), serve(), gpu(), 1.0f64..10.0);
    check(
        "more_bandwidth_never_slower_decode",
        1500,
        MIN_BANDWIDTH,
        inputs,
        |(spec, s, g, factor)| {
            let Ok(model) = Model::resolve(&spec) else {
                return Ok(false);
            };
            let Some(bw) = g.memory_bandwidth_gbs else {
                return Ok(false);
            };
            let mut faster = g.clone();
            faster.memory_bandwidth_gbs = Some(bw * factor);
            let w = Workload::Serve(s);
            let speed = |gpu: &Gpu| {
                time::estimate(&model, &w, &Cluster::single_node(gpu, 1), None, catalog())
                    .ok()
                    .and_then(|t| t.figure("tokens_per_s_per_sequence").map(|f| f.band))
            };
            let (Some(slow), Some(fast)) = (speed(g), speed(&faster)) else {
                return Ok(false);
            };
            prop_assert!(
                fast.expected >= slow.expected * (1.0 - 1e-9),
                "{slow:?} -> {fast:?}"
            );
            prop_assert!(fast.low >= slow.low * (1.0 - 1e-9));
            prop_assert!(fast.high >= slow.high * (1.0 - 1e-9));
            Ok(true)
        },
    );
}

/// A larger batch (micro-batch, samples per step or concurrent sequences) never needs less.
#[test]
fn larger_batch_never_less_memory() {
    let inputs = (model_spec(), workload(), 1u32..512, 1u32..512, 1u32..16);
    check(
        "larger_batch_never_less_memory",
        1500,
        MIN_BATCH,
        inputs,
        |(spec, w, a, b, gpus)| {
            let Ok(model) = Model::resolve(&spec) else {
                return Ok(false);
            };
            let (small, large) = if a <= b { (a, b) } else { (b, a) };
            let with = |n: u32| {
                let mut w = w.clone();
                match &mut w {
                    Workload::Train(t) => t.shape.micro_batch = n,
                    Workload::Lora(l) => l.shape.micro_batch = n,
                    Workload::Classic(c) => c.batch = n,
                    Workload::Serve(s) => s.concurrency = n,
                    _ => {}
                }
                w
            };
            let gpus = valid_gpus(&w, gpus);
            let mem = |n: u32| memory::estimate(&model, &with(n), gpus).map(|e| e.total_gib);
            let (Ok(s), Ok(l)) = (mem(small), mem(large)) else {
                return Ok(false);
            };
            prop_assert!(
                s <= l * (1.0 + 1e-9),
                "batch {small}: {s} > batch {large}: {l}"
            );
            Ok(true)
        },
    );
}

/// The catalog cut down to the offers of one GPU, so each case evaluates a few offers.
fn catalog_of(gpu: &Gpu) -> &'static Catalog {
    static BY_GPU: OnceLock<Vec<Catalog>> = OnceLock::new();
    let all = BY_GPU.get_or_init(|| {
        catalog()
            .gpus
            .iter()
            .map(|g| Catalog {
                offers: catalog()
                    .offers
                    .iter()
                    .filter(|o| o.gpu == g.id)
                    .cloned()
                    .collect(),
                ..catalog().clone()
            })
            .collect()
    });
    let i = catalog()
        .gpus
        .iter()
        .position(|g| g.id == gpu.id)
        .unwrap_or(0);
    &all[i]
}

/// The whole plan (sizing, instance counts, billing modes, cost lines, ranking) never panics
/// and keeps its promises: every ranked candidate fits, its figures are finite and ordered
/// low ≤ expected ≤ high, and its cost lines add up to its cost.
#[test]
fn plans_never_panic() {
    let inputs = (
        model_spec(),
        workload(),
        gpu(),
        prop::option::of(0.01f64..1000.0),
        prop::option::of((0f64..1e7, 0.01f64..1e5)),
        prop::option::of(1f64..1e6),
    );
    check(
        "plans_never_panic",
        300,
        MIN_PLANS,
        inputs,
        |(spec, w, g, deadline, feed, budget)| {
            let request = request(
                Scenario {
                    model: spec,
                    workload: w,
                    data: feed.map(|(b, s)| DataSource {
                        bytes_per_sample: b,
                        storage_mbs: (s > 1.0).then_some(s),
                    }),
                    deadline_h: deadline,
                },
                Constraints {
                    max_gpus: 16,
                    budget,
                    ..Constraints::default()
                },
            );
            let Ok(r) = plan::evaluate(catalog_of(g), &request) else {
                return Ok(false);
            };
            for c in &r.ranked {
                prop_assert!(
                    c.headroom.is_finite() && c.headroom >= -1e-9,
                    "{}",
                    c.headroom
                );
                prop_assert!(finite(c.memory.total_gib));
                for b in [c.hours, c.cost] {
                    prop_assert!(
                        finite(b.low) && finite(b.expected) && finite(b.high),
                        "{b:?}"
                    );
                    let slack = 1e-9 * b.high.abs().max(1.0);
                    prop_assert!(
                        b.low <= b.expected + slack && b.expected <= b.high + slack,
                        "{b:?}"
                    );
                }
                let lines = plan::explain_cost(catalog_of(g), c, &request);
                let sum: f64 = lines.iter().map(|l| l.value).sum();
                prop_assert!((sum - c.cost.expected).abs() <= 1e-6 * c.cost.expected.max(1.0));
                if let Some(b) = budget {
                    prop_assert!(c.cost.expected <= b);
                }
            }
            Ok(!r.ranked.is_empty())
        },
    );
}

/// One edit a person makes between two evaluations.
#[derive(Debug, Clone)]
enum Edit {
    /// Tokens (training) or samples (classic jobs).
    Amount(f64),
    Deadline(Option<f64>),
    Budget(Option<f64>),
    Modes(Vec<BillingMode>),
    /// A price of one's own for the offer at this index of the catalog.
    Price(usize, BillingMode, f64),
    FastTier(bool),
    DataGb(f64),
    Data(Option<DataSource>),
    MaxGpus(u32),
    /// Only the provider of the offer at this index of the catalog.
    Provider(usize),
    Egress(f64),
    Workload(Workload),
}

fn mode() -> impl Strategy<Value = BillingMode> {
    prop_oneof![
        Just(BillingMode::OnDemand),
        Just(BillingMode::Spot),
        Just(BillingMode::Monthly),
        Just(BillingMode::Reserved1y),
    ]
}

fn data_source() -> impl Strategy<Value = Option<DataSource>> {
    prop::option::of(
        (1e3f64..1e7, prop::option::of(10f64..1e5)).prop_map(|(bytes, mbs)| DataSource {
            bytes_per_sample: bytes,
            storage_mbs: mbs,
        }),
    )
}

fn edit() -> impl Strategy<Value = Edit> {
    let offers = catalog().offers.len();
    prop_oneof![
        4 => (1e3f64..1e12).prop_map(Edit::Amount),
        2 => prop::option::of(0.1f64..1000.0).prop_map(Edit::Deadline),
        1 => prop::option::of(1f64..1e5).prop_map(Edit::Budget),
        1 => prop::collection::vec(mode(), 0..3).prop_map(Edit::Modes),
        2 => (0..offers, mode(), 0.01f64..100.0).prop_map(|(o, m, p)| Edit::Price(o, m, p)),
        1 => any::<bool>().prop_map(Edit::FastTier),
        1 => (0f64..1e5).prop_map(Edit::DataGb),
        1 => data_source().prop_map(Edit::Data),
        1 => prop_oneof![Just(1u32), Just(4), Just(8), Just(64)].prop_map(Edit::MaxGpus),
        1 => (0..offers).prop_map(Edit::Provider),
        1 => (0f64..1e5).prop_map(Edit::Egress),
        1 => workload().prop_map(Edit::Workload),
    ]
}

fn apply(request: &mut Request, edit: Edit) {
    let offer = |i: usize| &catalog().offers[i];
    match edit {
        Edit::Amount(x) => match &mut request.scenario.workload {
            Workload::Train(t) => t.shape.tokens = x,
            Workload::Lora(l) => l.shape.tokens = x,
            Workload::Classic(c) => c.samples = x,
            _ => {}
        },
        Edit::Deadline(d) => request.scenario.deadline_h = d,
        Edit::Budget(b) => request.constraints.budget = b,
        Edit::Modes(m) => request.constraints.modes = m,
        Edit::Price(o, m, p) => request
            .costs
            .price_overrides
            .push((offer(o).id.clone(), m, p)),
        Edit::FastTier(f) => request.costs.storage.fast_tier = f,
        Edit::DataGb(gb) => request.costs.storage.data_gb = gb,
        Edit::Data(d) => request.scenario.data = d,
        Edit::MaxGpus(n) => request.constraints.max_gpus = n,
        Edit::Provider(o) => request.constraints.providers = vec![offer(o).provider.clone()],
        Edit::Egress(gb) => request.costs.egress_gb = gb,
        Edit::Workload(w) => request.scenario.workload = w,
    }
}

/// Jobs that often fit somewhere: the defaults of the common kinds with a random shape, besides
/// any workload at all.
fn usual_workload() -> impl Strategy<Value = Workload> {
    let shape = (1e6f64..1e11, 1u32..8192, 1u32..16).prop_map(|(tokens, seq, mb)| TrainShape {
        tokens,
        seq_len: seq,
        micro_batch: mb,
        ..TrainShape::default()
    });
    prop_oneof![
        3 => (shape.clone(), any::<bool>()).prop_map(|(shape, qlora)| Workload::Lora(Lora {
            shape,
            qlora,
            ..Lora::default()
        })),
        2 => (shape, parallel()).prop_map(|(shape, parallel)| Workload::Train(Train {
            shape,
            parallel,
            ..Train::default()
        })),
        1 => prop::option::of(0.1f64..100.0).prop_map(|rate| Workload::Serve(Serve {
            requests_per_s: rate,
            ..Serve::default()
        })),
        2 => workload(),
    ]
}

/// An evaluation that reuses the last one's placements and timings (`evaluate_with`, as the page
/// evaluates on every edit) gives the report a fresh evaluation gives, edit after edit.
#[test]
fn evaluating_again_gives_the_fresh_report() {
    let n = presets().len();
    let inputs = (
        (0..n).prop_map(|i| ModelSpec::Preset(presets()[i].id.clone())),
        usual_workload(),
        data_source(),
        prop::collection::vec(edit(), 1..6),
    );
    check(
        "evaluating_again_gives_the_fresh_report",
        200,
        80,
        inputs,
        |(model, workload, data, edits)| {
            let mut request = request(
                Scenario {
                    model,
                    workload,
                    data,
                    deadline_h: None,
                },
                Constraints {
                    max_gpus: 8,
                    ..Constraints::default()
                },
            );
            let mut cache = SizingCache::default();
            let mut ranked = 0;
            for edit in std::iter::once(None).chain(edits.into_iter().map(Some)) {
                if let Some(edit) = edit {
                    apply(&mut request, edit);
                }
                let fresh = plan::evaluate(catalog(), &request);
                ranked += fresh.as_ref().map_or(0, |r| r.ranked.len());
                prop_assert_eq!(plan::evaluate_with(catalog(), &request, &mut cache), fresh);
            }
            // Reached when some of the reports rank candidates.
            Ok(ranked > 0)
        },
    );
}
