//! Calibration against published measurements (`tests/data/calibration.json`, each case with its
//! source URL). Every applicable case is rebuilt from the configuration the source describes —
//! never from the measured value — and run through the engine. Memory must land within ±15% and
//! time or throughput within ±25%; cases the engine cannot reproduce say why.
//!
//! The table is printed to stderr and written to `target/calibration.txt`:
//! `cargo test -p gpu-sizer-engine --test calibration`.

use gpu_sizer_engine::catalog::{Catalog, Fabric, Gpu, InstanceLink};
use gpu_sizer_engine::model::{Attention, ModelKind, Transformer};
use gpu_sizer_engine::scenario::{
    Cluster, Lora, LoraTargets, Model, ModelSpec, Optimizer, Parallelism, Recompute, Serve, Train,
    TrainPrecision, TrainShape, WeightFormat, Workload, ZeroStage,
};
use gpu_sizer_engine::sizing::memory::{self, MemoryEstimate};
use gpu_sizer_engine::sizing::time::{self, Timing};
use gpu_sizer_engine::units::GIB;
use serde_json::Value;
use std::fmt::Write as _;

const CASES: &str = include_str!("data/calibration.json");

/// What a row is held to.
#[derive(Clone, Copy)]
enum Check {
    /// Relative error at most this.
    Within(f64),
    /// The prediction covers only part of what was measured, so it must not exceed it.
    LowerBound(&'static str),
    /// Printed for reference, not asserted, with the reason.
    OutOfScope(&'static str),
}

const MEMORY: Check = Check::Within(0.15);
const TIME: Check = Check::Within(0.25);

struct Row {
    id: &'static str,
    metric: String,
    predicted: f64,
    published: f64,
    unit: &'static str,
    check: Check,
}

impl Row {
    fn error(&self) -> f64 {
        self.predicted / self.published - 1.0
    }

    fn ok(&self) -> bool {
        match self.check {
            Check::Within(tol) => self.error().abs() <= tol,
            Check::LowerBound(_) => self.predicted <= self.published * 1.001,
            Check::OutOfScope(_) => true,
        }
    }
}

// ---------------------------------------------------------------- reading the published values

fn case<'a>(all: &'a Value, id: &str) -> &'a Value {
    all["cases"]
        .as_array()
        .expect("cases array")
        .iter()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("case {id} missing from calibration.json"))
}

/// The measured value(s) of the metric whose name starts with `prefix`, as numbers. Strings such
/// as "413.18 MB (first table ...)" give their leading number.
fn measured(all: &Value, id: &str, prefix: &str) -> Vec<f64> {
    let m = case(all, id)["measured"]
        .as_array()
        .expect("measured array")
        .iter()
        .find(|m| m["metric"].as_str().is_some_and(|s| s.starts_with(prefix)))
        .unwrap_or_else(|| panic!("{id}: no metric starting with '{prefix}'"));
    let number = |v: &Value| -> f64 {
        match v {
            Value::Number(n) => n.as_f64().expect("finite"),
            Value::String(s) => s
                .split_whitespace()
                .next()
                .and_then(|w| w.parse().ok())
                .unwrap_or_else(|| panic!("{id}: cannot read a number from '{s}'")),
            other => panic!("{id}: unexpected value {other}"),
        }
    };
    match &m["value"] {
        Value::Array(a) => a.iter().map(number).collect(),
        v => vec![number(v)],
    }
}

// ---------------------------------------------------------------- building scenarios

fn preset(id: &str) -> Model {
    Model::resolve(&ModelSpec::Preset(id.into())).expect("preset")
}

/// A decoder described by its config numbers (MPT, OPT, BERT are not presets).
#[allow(clippy::too_many_arguments)]
fn custom(
    kind: ModelKind,
    params_b: Option<f64>,
    layers: u32,
    hidden: u32,
    heads: u32,
    ffn: u32,
    vocab: u32,
    max_positions: u32,
) -> Model {
    let t = Transformer {
        num_hidden_layers: layers,
        hidden_size: hidden,
        num_attention_heads: heads,
        num_key_value_heads: heads,
        head_dim: hidden / heads,
        intermediate_size: ffn,
        vocab_size: vocab,
        tie_word_embeddings: true,
        attention: Attention::Mha,
        gated_mlp: false,
        max_position_embeddings: max_positions,
        sliding_window: None,
        sliding_window_layers: None,
        moe: None,
        mla: None,
        encoder_layers: None,
    };
    Model::resolve(&ModelSpec::Custom {
        name: "calibration model".into(),
        kind,
        params_b,
        transformer: t,
    })
    .expect("custom model")
}

/// MPT models as configured in llm-foundry's pretrain yamls (GELU MLP ×4, tied embeddings,
/// vocabulary 50368), with the parameter count the benchmark table prints.
fn mpt(size: &str) -> Model {
    let (layers, hidden, heads, params) = match size {
        "7b" => (32, 4096, 32, 6_658_859_008.0),
        "13b" => (40, 5120, 40, 12_853_954_560.0),
        "30b" => (48, 7168, 56, 29_975_214_080.0),
        "70b" => (80, 8192, 64, 64_862_437_376.0),
        _ => unreachable!(),
    };
    custom(
        ModelKind::Llm,
        Some(params / 1e9),
        layers,
        hidden,
        heads,
        4 * hidden,
        50_368,
        2048,
    )
}

fn gpu(id: &str) -> &'static Gpu {
    Catalog::builtin()
        .gpu(id)
        .unwrap_or_else(|| panic!("GPU {id} missing from the catalog"))
}

/// `gpus` GPUs in 8-GPU NVSwitch nodes joined by `fabric` at `node_gbps` per node.
fn cluster(
    gpu: &'static Gpu,
    gpus: u32,
    fabric: Fabric,
    node_gbps: Option<f64>,
) -> Cluster<'static> {
    Cluster {
        gpu,
        gpus,
        gpus_per_node: 8.min(gpus),
        link: if gpus > 1 {
            InstanceLink::Nvswitch
        } else {
            InstanceLink::None
        },
        fabric,
        network_gbps: node_gbps,
    }
}

fn timing(model: &Model, w: &Workload, c: &Cluster) -> Timing {
    let t = time::estimate(model, w, c, None, Catalog::builtin()).expect("timing");
    assert!(
        t.warnings.iter().all(|w| !w.contains("cannot")),
        "{:?}",
        t.warnings
    );
    t
}

fn expected(t: &Timing, key: &str) -> f64 {
    t.figure(key)
        .unwrap_or_else(|| panic!("figure {key} missing"))
        .band
        .expected
}

fn mem(model: &Model, w: &Workload, gpus: u32) -> MemoryEstimate {
    memory::estimate(model, w, gpus).expect("memory")
}

fn term(m: &MemoryEstimate, key: &str) -> f64 {
    m.term(key).map_or(0.0, |t| t.value)
}

fn pretrain(tokens: f64, seq: u32, micro: u32, global_tokens: f64) -> Train {
    Train {
        shape: TrainShape {
            tokens,
            seq_len: seq,
            micro_batch: micro,
            global_batch_tokens: Some(global_tokens),
            recompute: Recompute::None,
            flash_attention: true,
            chunked_loss: false,
        },
        precision: TrainPrecision::Bf16Mixed,
        optimizer: Optimizer::AdamW,
        parallel: Parallelism {
            zero: ZeroStage::Zero3,
            tensor: 1,
            pipeline: 1,
        },
        paged_optimizer: false,
        optimizer_in_backward: false,
    }
}

// ---------------------------------------------------------------- the cases

fn training(all: &Value, rows: &mut Vec<Row>) {
    // T01/T02: Llama 2 pre-training, 2T tokens, 4M-token batches of 4096-token sequences, bf16
    // mixed precision. GPU count, sharding and recomputation are not published: one 8-GPU
    // NVSwitch node with FSDP and the engine's defaults (GPU-hours barely depend on the count).
    for (id, preset_id) in [("T01", "llama-2-7b"), ("T02", "llama-2-13b")] {
        let m = preset(preset_id);
        let w = Workload::Train(pretrain(2e12, 4096, 1, 4_194_304.0));
        let t = timing(
            &m,
            &w,
            &cluster(gpu("a100-80gb-sxm"), 8, Fabric::None, None),
        );
        rows.push(Row {
            id,
            metric: format!("{preset_id} pre-training GPU-hours"),
            predicted: t.gpu_hours().unwrap().expected,
            published: measured(all, id, "total pretraining GPU time")[0],
            unit: "GPU-h",
            check: TIME,
        });
    }

    // T09: OPT-175B on 992 A100-80GB, fp16 with FSDP and Megatron tensor parallelism (8 per
    // node), no pipeline, 2M-token batches of 2048 tokens; attention without flash (2022). The
    // micro-batch and checkpointing are not in the case: each data-parallel rank runs its share
    // of the batch (2M / 124 ranks = 8 sequences) in one pass, which only fits with activation
    // checkpointing (the 2048² attention scores of 96 layers alone would exceed 80 GB).
    let opt = custom(
        ModelKind::Llm,
        Some(175.0),
        96,
        12288,
        96,
        49152,
        50272,
        2048,
    );
    let mut t = pretrain(180e9, 2048, 8, 2_097_152.0);
    t.precision = TrainPrecision::Fp16Mixed;
    t.parallel.tensor = 8;
    t.shape.flash_attention = false;
    t.shape.recompute = Recompute::Full;
    let g = gpu("a100-80gb-sxm");
    let w = Workload::Train(t);
    let fits = gpu_sizer_engine::sizing::fit::fit_on(&opt, &w, g, 992).unwrap();
    assert!(
        fits.fits(),
        "OPT-175B config must fit: {} GiB",
        fits.memory.total_gib
    );
    let tm = timing(&opt, &w, &cluster(g, 992, Fabric::Infiniband, None));
    rows.push(Row {
        id: "T09",
        metric: "OPT-175B model TFLOP/s per GPU".into(),
        predicted: expected(&tm, "mfu") * g.bf16_tflops.unwrap(),
        published: measured(all, "T09", "achieved throughput per GPU")[0],
        unit: "TFLOP/s",
        check: TIME,
    });

    // T14: llm-foundry MPT runs on A100-80GB, seq 2048, FSDP FULL_SHARD, 1600 Gbps RoCE per node.
    let runs = [
        (
            "7b",
            8,
            6,
            96,
            false,
            TrainPrecision::Bf16Mixed,
            "7B, 8 GPUs",
        ),
        (
            "13b",
            8,
            2,
            48,
            false,
            TrainPrecision::Bf16Mixed,
            "13B, 8 GPUs",
        ),
        (
            "30b",
            8,
            3,
            504,
            true,
            TrainPrecision::Bf16Mixed,
            "30B, 8 GPUs",
        ),
        (
            "70b",
            64,
            8,
            2048,
            true,
            TrainPrecision::Bf16,
            "70B, 64 GPUs",
        ),
    ];
    for (size, gpus, micro, gbs, ckpt, precision, metric) in runs {
        let m = mpt(size);
        let mut t = pretrain(1e9, 2048, micro, f64::from(gbs) * 2048.0);
        t.precision = precision;
        if ckpt {
            t.shape.recompute = Recompute::Full;
        }
        let tm = timing(
            &m,
            &Workload::Train(t),
            &cluster(gpu("a100-80gb-sxm"), gpus, Fabric::Roce, Some(1600.0)),
        );
        let published = measured(all, "T14", metric);
        rows.push(Row {
            id: "T14",
            metric: format!("MPT-{size} MFU ({gpus} GPUs)"),
            predicted: expected(&tm, "mfu"),
            published: published[0],
            unit: "",
            check: TIME,
        });
        rows.push(Row {
            id: "T14",
            metric: format!("MPT-{size} tokens/s/GPU"),
            predicted: expected(&tm, "tokens_per_s_per_gpu"),
            published: *published.last().unwrap(),
            unit: "tok/s",
            check: TIME,
        });
    }

    // S01: MPT-7B weak scaling on A100-40GB, pure bf16, FSDP, activation checkpointing.
    let per_gpu = measured(all, "S01", "tokens/s/GPU");
    let counts = [8u32, 16, 32, 64, 128];
    let micro = [12u32, 16, 18, 18, 18];
    let gbs = [384u32, 256, 576, 1152, 2304];
    let mut predicted = Vec::new();
    for i in 0..counts.len() {
        let mut t = pretrain(1e9, 2048, micro[i], f64::from(gbs[i]) * 2048.0);
        t.precision = TrainPrecision::Bf16;
        t.shape.recompute = Recompute::Full;
        let tm = timing(
            &mpt("7b"),
            &Workload::Train(t),
            &cluster(gpu("a100-40gb-sxm"), counts[i], Fabric::Roce, Some(1600.0)),
        );
        let p = expected(&tm, "tokens_per_s_per_gpu");
        predicted.push(p);
        rows.push(Row {
            id: "S01",
            metric: format!("MPT-7B tokens/s/GPU at {} GPUs", counts[i]),
            predicted: p,
            published: per_gpu[i],
            unit: "tok/s",
            check: TIME,
        });
    }
    rows.push(Row {
        id: "S01",
        metric: "per-GPU throughput 128 vs 8 GPUs".into(),
        predicted: predicted[4] / predicted[0],
        published: per_gpu[4] / per_gpu[0],
        unit: "ratio",
        check: TIME,
    });
}

fn fine_tuning(all: &Value, rows: &mut Vec<Row>) {
    // F01: torchtune, Llama 3.1 8B on one RTX 4090, batch 2, packed 2048-token sequences,
    // activation checkpointing, chunked cross-entropy. torchtune reports PyTorch's allocator
    // peak, which excludes the CUDA context, so the context term is left out of the comparison.
    let m = preset("llama-3.1-8b");
    let g = gpu("rtx-4090");
    let shape = TrainShape {
        tokens: 1e8,
        seq_len: 2048,
        micro_batch: 2,
        global_batch_tokens: None,
        recompute: Recompute::Full,
        flash_attention: true,
        chunked_loss: true,
    };
    // Full: single-device low-memory recipe: pure bf16, paged 8-bit AdamW, optimizer in backward.
    let full = Workload::Train(Train {
        shape,
        precision: TrainPrecision::Bf16,
        optimizer: Optimizer::Adam8bit,
        parallel: Parallelism::default(),
        paged_optimizer: true,
        optimizer_in_backward: true,
    });
    // LoRA: rank 8 on q, v and the output projection; QLoRA: rank 8 on every linear layer.
    let lora = Workload::Lora(Lora {
        shape,
        rank: 8,
        targets: LoraTargets {
            q: true,
            v: true,
            o: true,
            ..LoraTargets::default()
        },
        qlora: false,
        paged_optimizer: false,
        optimizer: Optimizer::AdamW,
        parallel: Parallelism::default(),
    });
    let qlora = Workload::Lora(Lora {
        shape,
        rank: 8,
        targets: LoraTargets::ALL,
        qlora: true,
        paged_optimizer: false,
        optimizer: Optimizer::AdamW,
        parallel: Parallelism::default(),
    });
    let c = cluster(g, 1, Fabric::None, None);
    for (name, w, metric) in [
        ("full fine-tune", &full, "full finetune peak memory"),
        ("LoRA", &lora, "LoRA peak memory"),
        ("QLoRA", &qlora, "QLoRA peak memory"),
    ] {
        let published = measured(all, "F01", metric);
        let e = mem(&m, w, 1);
        rows.push(Row {
            id: "F01",
            metric: format!("{name} peak memory (allocator)"),
            predicted: e.total_gib - term(&e, "cuda_context"),
            published: published[0],
            unit: "GiB",
            check: MEMORY,
        });
        rows.push(Row {
            id: "F01",
            metric: format!("{name} tokens/s"),
            predicted: expected(&timing(&m, w, &c), "tokens_per_s"),
            published: published[1],
            unit: "tok/s",
            check: TIME,
        });
    }

    // F04: T0_3B with PEFT. Batch and sequence length are not published, so only the part that
    // does not depend on them is checked: fp32 weights, gradients and Adam states of 3 B params.
    let t0 = Model::resolve(&ModelSpec::ParamsOnly { params_b: 3.0 }).unwrap();
    let w = Workload::Train(Train {
        precision: TrainPrecision::Fp32,
        ..Train::default()
    });
    let e = mem(&t0, &w, 1);
    rows.push(Row {
        id: "F04",
        metric: "full fine-tune: weights + gradients + Adam (fp32)".into(),
        predicted: term(&e, "weights") + term(&e, "gradients") + term(&e, "optimizer"),
        published: measured(all, "F04", "full finetune")[0],
        unit: "GiB",
        check: Check::LowerBound("batch and sequence length not published: states only"),
    });
}

/// KV cache vLLM can allocate: usable memory minus everything else the engine counts.
fn kv_room(model: &Model, s: &Serve, g: &Gpu, tp: u32) -> f64 {
    let e = memory::serve_memory(model, s, tp).expect("serve memory");
    g.memory_gib * s.memory_utilization - (e.total_gib - term(&e, "kv_cache"))
}

fn vllm(context: u32, tp: u32) -> Serve {
    Serve {
        weights: WeightFormat::Bf16,
        context_tokens: context,
        // vLLM profiles with max_num_seqs = 256 sequences by default.
        concurrency: 256,
        prompt_tokens: 1,
        output_tokens: 1,
        memory_utilization: 0.9,
        tensor_parallel: Some(tp),
        ..Serve::default()
    }
}

fn inference(all: &Value, rows: &mut Vec<Row>) {
    // I01: llama.cpp on one RTX 4090, LLaMA 7B in F16 and Q8_0: tg128 decodes 128 tokens from an
    // empty context; pp512 processes a 512-token prompt.
    let m = preset("llama-2-7b");
    let c = cluster(gpu("rtx-4090"), 1, Fabric::None, None);
    for (format, name) in [
        (WeightFormat::Bf16, "F16"),
        (WeightFormat::GgufQ8_0, "Q8_0"),
    ] {
        let published = measured(all, "I01", name);
        let tg = Workload::Serve(Serve {
            weights: format,
            prompt_tokens: 0,
            output_tokens: 128,
            ..Serve::default()
        });
        rows.push(Row {
            id: "I01",
            metric: format!("{name} tg128 tokens/s"),
            predicted: expected(&timing(&m, &tg, &c), "tokens_per_s_per_sequence"),
            published: published[0],
            unit: "tok/s",
            check: TIME,
        });
        let pp = Workload::Serve(Serve {
            weights: format,
            prompt_tokens: 512,
            output_tokens: 1,
            ..Serve::default()
        });
        rows.push(Row {
            id: "I01",
            metric: format!("{name} pp512 tokens/s"),
            predicted: expected(&timing(&m, &pp, &c), "prefill_tokens_per_s"),
            published: published[1],
            unit: "tok/s",
            check: TIME,
        });
    }

    // I05: vllm serve Meta-Llama-3-8B (max_model_len 8192) on an 80 GB GPU, utilisation 0.90.
    let m = preset("llama-3.1-8b");
    let g = gpu("h100-sxm");
    let p = measured(all, "I05", "TP1: model weights");
    let s1 = vllm(8192, 1);
    let e1 = memory::serve_memory(&m, &s1, 1).unwrap();
    rows.push(Row {
        id: "I05",
        metric: "TP1 model weights".into(),
        predicted: term(&e1, "weights"),
        published: p[0],
        unit: "GiB",
        check: MEMORY,
    });
    rows.push(Row {
        id: "I05",
        metric: "TP1 non-torch memory".into(),
        predicted: term(&e1, "cuda_context") + term(&e1, "framework_overhead"),
        published: p[1],
        unit: "GiB",
        check: Check::OutOfScope("this measurement is the source of the default"),
    });
    rows.push(Row {
        id: "I05",
        metric: "TP1 activation peak".into(),
        predicted: term(&e1, "activations"),
        published: p[2],
        unit: "GiB",
        check: MEMORY,
    });
    rows.push(Row {
        id: "I05",
        metric: "TP1 available KV cache".into(),
        predicted: kv_room(&m, &s1, g, 1),
        published: p[3],
        unit: "GiB",
        check: MEMORY,
    });
    let p2 = measured(all, "I05", "TP2: weights per GPU");
    let e2 = memory::serve_memory(&m, &vllm(8192, 2), 2).unwrap();
    rows.push(Row {
        id: "I05",
        metric: "TP2 weights per GPU".into(),
        predicted: term(&e2, "weights"),
        published: p2[0],
        unit: "GiB",
        check: MEMORY,
    });

    // I06: vLLM FP16 on A100-80GB, utilisation 0.9, 16-token blocks, max_model_len 4096.
    let g = gpu("a100-80gb-sxm");
    let blocks = |model: &Model, tp: u32| {
        let s = vllm(4096, tp);
        let per_block =
            16.0 * model.kv_bytes(1.0, 2.0) * gpu_sizer_engine::sizing::memory::kv_share(model, tp);
        (kv_room(model, &s, g, tp) * GIB / per_block).floor()
    };
    let p7 = measured(all, "I06", "Llama2-7B TP1");
    rows.push(Row {
        id: "I06",
        metric: "Llama-2-7B TP1 KV blocks".into(),
        predicted: blocks(&preset("llama-2-7b"), 1),
        published: p7[0],
        unit: "blocks",
        check: MEMORY,
    });
    let p70 = measured(all, "I06", "Llama2-70B TP4");
    rows.push(Row {
        id: "I06",
        metric: "Llama-2-70B TP4 KV blocks (after fix)".into(),
        predicted: blocks(&preset("llama-2-70b"), 4),
        published: p70[0],
        unit: "blocks",
        check: Check::OutOfScope(
            "the fixed profiler keeps a safety margin for TP4 (10 750 blocks fewer than before the fix); the engine sizes the expected use",
        ),
    });

    // S04: llama.cpp layer-split pipeline over 8 A100 80GB PCIe.
    let p1 = measured(all, "S04", "1 GPU pp512");
    let pp = Workload::Serve(Serve {
        prompt_tokens: 512,
        output_tokens: 1,
        ..Serve::default()
    });
    rows.push(Row {
        id: "S04",
        metric: "1 GPU pp512 tokens/s".into(),
        predicted: expected(
            &timing(&preset("llama-2-7b"), &pp, &cluster(gpu("a100-80gb-pcie"), 1, Fabric::None, None)),
            "prefill_tokens_per_s",
        ),
        published: p1[0],
        unit: "tok/s",
        check: Check::OutOfScope(
            "llama.cpp's prompt kernels on A100 reach ~37% of the bf16 peak; the engine's prefill default is the training efficiency of vLLM-class servers, and it models tensor-parallel replicas, not llama.cpp's pipelined single prompt",
        ),
    });
}

fn estimators(all: &Value, rows: &mut Vec<Row>) {
    // A01: bert-base-cased (12 × 768, 12 heads, FFN 3072, vocabulary 28996, 512 positions).
    let bert = custom(ModelKind::Encoder, None, 12, 768, 12, 3072, 28_996, 512);
    // A03: zephyr-7b-alpha has the Mistral 7B v0.1 architecture.
    let zephyr = preset("mistral-7b-v0.1");
    for (id, model, unit, scale, fp32_metric, fp16_metric, int_metric) in [
        (
            "A01",
            &bert,
            "MiB",
            1024.0,
            "float32",
            "float16",
            "int8 / int4",
        ),
        (
            "A03",
            &zephyr,
            "GiB",
            1.0,
            "float32",
            "float16/bfloat16",
            "int8 / int4",
        ),
    ] {
        let fp32 = measured(all, id, fp32_metric);
        let fp16 = measured(all, id, fp16_metric);
        let ints = measured(all, id, int_metric);
        let weights = |f: WeightFormat| memory::serve_weight_bytes(model, f).0 / GIB * scale;
        rows.push(Row {
            id,
            metric: "float32 weights".into(),
            predicted: weights(WeightFormat::Fp32),
            published: fp32[1],
            unit,
            check: MEMORY,
        });
        rows.push(Row {
            id,
            metric: "float16 weights".into(),
            predicted: weights(WeightFormat::Bf16),
            published: fp16[1],
            unit,
            check: MEMORY,
        });
        let e = mem(
            model,
            &Workload::Train(Train {
                precision: TrainPrecision::Fp32,
                ..Train::default()
            }),
            1,
        );
        // Accelerate's "training with Adam" is 4 × the fp32 size: weights, gradients, 2 states.
        let adam = (term(&e, "weights") + term(&e, "gradients") + term(&e, "optimizer")) * scale;
        rows.push(Row {
            id,
            metric: "fp32 training with Adam (states)".into(),
            predicted: if id == "A01" { adam / 1024.0 } else { adam },
            published: fp32[2],
            unit: "GiB",
            check: MEMORY,
        });
        rows.push(Row {
            id,
            metric: "int4 weights".into(),
            predicted: weights(WeightFormat::Int4Awq),
            published: ints[1],
            unit,
            check: Check::OutOfScope(
                "Accelerate counts every parameter at 4 bits; real 4-bit formats keep embeddings in 16-bit and add group scales",
            ),
        });
    }
}

#[test]
fn calibration_against_published_measurements() {
    let all: Value = serde_json::from_str(CASES).expect("calibration.json parses");
    let mut rows = Vec::new();
    training(&all, &mut rows);
    fine_tuning(&all, &mut rows);
    inference(&all, &mut rows);
    estimators(&all, &mut rows);

    let mut out = String::new();
    writeln!(
        out,
        "{:<4} | {:<48} | {:>12} | {:>12} | {:>8} | {:<7} | check",
        "id", "metric", "predicted", "published", "error%", "unit"
    )
    .unwrap();
    for r in &rows {
        let check = match r.check {
            Check::Within(t) => format!("±{:.0}%{}", t * 100.0, if r.ok() { "" } else { " FAIL" }),
            Check::LowerBound(why) => {
                format!("≤ published{} ({why})", if r.ok() { "" } else { " FAIL" })
            }
            Check::OutOfScope(why) => format!("not asserted: {why}"),
        };
        writeln!(
            out,
            "{:<4} | {:<48} | {:>12.4} | {:>12.4} | {:>+7.1}% | {:<7} | {check}",
            r.id,
            r.metric,
            r.predicted,
            r.published,
            r.error() * 100.0,
            r.unit
        )
        .unwrap();
    }
    eprintln!("{out}");
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/calibration.txt");
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    let _ = std::fs::write(&path, &out);

    // The accuracy table the page's guide shows is this table, kept in the repository; it must
    // match what the engine computes now (regenerate with UPDATE_ACCURACY=1).
    let mut tsv = String::from("id\tmetric\tpredicted\tpublished\terror_pct\tunit\tasserted\n");
    for r in &rows {
        let asserted = !matches!(r.check, Check::OutOfScope(_));
        writeln!(
            tsv,
            "{}\t{}\t{:.4}\t{:.4}\t{:+.1}\t{}\t{}",
            r.id,
            r.metric,
            r.predicted,
            r.published,
            r.error() * 100.0,
            r.unit,
            asserted
        )
        .unwrap();
    }
    let accuracy = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/accuracy.tsv");
    if std::env::var_os("UPDATE_ACCURACY").is_some() {
        std::fs::write(&accuracy, &tsv).expect("write data/accuracy.tsv");
    } else {
        assert_eq!(
        gpu_sizer_engine::accuracy::TABLE,
        tsv,
            "data/accuracy.tsv is out of date: run UPDATE_ACCURACY=1 cargo test -p gpu-sizer-engine --test calibration"
        );
    }

    let failed: Vec<&Row> = rows.iter().filter(|r| !r.ok()).collect();
    assert!(
        failed.is_empty(),
        "{} calibration rows out of tolerance:\n{out}",
        failed.len()
    );
}
