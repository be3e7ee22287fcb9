//! Training time: FLOPs per token over the throughput the GPUs reach, plus the communication,
//! pipeline bubbles and optimizer paging that do not overlap with compute.
//!
//! FLOPs per token follow PaLM Appendix B: 6·N for the weight matmuls (forward 2N, backward 4N)
//! plus 12·L·H·Q·T for attention (QKᵀ and attention × V: 4·L·H·Q·T forward, twice that backward).
//! Full recomputation adds one forward (2·N + 4·L·H·Q·T); selective recomputation the attention
//! core (4·L·H·Q·T). Model FLOPs exclude recomputation (MFU), hardware FLOPs include it (HFU),
//! as in the llm-foundry benchmark definitions. LoRA has no weight gradients for frozen weights:
//! forward 2·N + input gradients 2·N ≈ 4·N, plus 6 FLOPs per adapter parameter.

mod step;
mod traffic;

use super::efficiency::RateCache;
use super::efficiency::{Precision, Work};
use super::{term, Timing};
use crate::cite::{PALM_FLOPS, TORCHTUNE};
use crate::explain::{Detail, Full, Numbers, Term};
use crate::model::schema::DenseNet;
use crate::scenario::{
    Classic, Cluster, DataFeed, InputError, Lora, Model, Parallelism, Recompute, Train,
    TrainPrecision, TrainShape, Workload,
};
use crate::sizing::defaults::*;
use crate::sizing::fit::usable_gib_with;
use crate::sizing::memory::{self, lora_adapter_params};
use crate::units::GIB;
use crate::warning::Warning;
use step::run_time;

/// A training run reduced to what its time depends on.
struct Run {
    /// Units (tokens, or samples for classic jobs) to process.
    units: f64,
    unit: &'static str,
    /// Units per data sample (tokens per sequence; 1 for classic samples).
    units_per_sample: f64,
    /// Units in one micro-batch of one replica.
    micro_units: f64,
    /// Units per optimizer step over all replicas, when set.
    step_units: Option<f64>,
    model_flops: f64,
    hw_flops: f64,
    /// The attention share of `hw_flops` (QKᵀ and attention × V): fused attention kernels run
    /// in 16-bit even when the linear layers run in fp8.
    attn_flops: f64,
    /// Multiplier on compute time (QLoRA dequantisation).
    slowdown: f64,
    math: Precision,
    /// Which measured efficiency applies (transformer matmuls or convolutional layers).
    work: Work,
    parallel: Parallelism,
    /// Gradient bytes synchronised per step, whole model.
    grad_bytes: f64,
    /// Weight bytes ZeRO-3 gathers per forward or backward pass, whole model.
    gather_bytes: f64,
    /// Bytes of one tensor-parallel all-reduce and how many a micro-batch does.
    tp_bytes: f64,
    tp_collectives: f64,
    /// Activation bytes crossing a pipeline boundary per micro-batch (each way).
    boundary_bytes: f64,
    /// Host↔GPU bytes per step for paged optimizer states.
    paged_bytes: f64,
    /// Bytes each GPU moves through its memory beside the matmuls.
    traffic: traffic::Traffic,
    flop_terms: Vec<Term>,
    warnings: Vec<Warning>,
}

/// Terms a timed run ends with: its FLOPs, the hardware's and the step's (8 to 12 on the
/// shipped catalog), with room to spare.
const RUN_TERMS: usize = 16;

/// A run's list of terms, starting with `flops`, allocated once for all the run adds.
fn run_terms(flops: Term) -> Vec<Term> {
    let mut terms = Vec::with_capacity(RUN_TERMS);
    terms.push(flops);
    terms
}

/// Per-token FLOPs of a transformer: weight matmuls and attention.
struct TokenFlops {
    matmul_params: f64,
    attn_fwd: f64,
    layers: f64,
    width: f64,
    attended: f64,
}

impl TokenFlops {
    fn text(&self) -> String {
        format!(
            "N = {:.3} B params in matmuls (active, embedding lookup excluded); attention 4·L·H·Q·T = 4 × {} × {} × {:.0} = {:.3e} per token forward",
            self.matmul_params / 1e9,
            self.layers,
            self.width,
            self.attended,
            self.attn_fwd
        )
    }
}

fn token_flops(model: &Model, seq: f64) -> TokenFlops {
    let n = model.matmul_params();
    let width = model.attention_width();
    let layers = model.layers()
        + model
            .transformer
            .as_ref()
            .map_or(0.0, |t| f64::from(t.encoder_layers.unwrap_or(0)));
    let attended = model.attended_tokens(seq);
    let attn_fwd = 4.0 * layers * width * attended;
    TokenFlops {
        matmul_params: n,
        attn_fwd,
        layers,
        width,
        attended,
    }
}

fn recompute_flops(f: &TokenFlops, r: Recompute) -> (f64, &'static str) {
    match r {
        Recompute::None => (0.0, "no recompute"),
        Recompute::Selective => (f.attn_fwd, "selective recompute: + attention core forward"),
        Recompute::Full => (
            2.0 * f.matmul_params + f.attn_fwd,
            "full recompute: + one forward (2·N + 4·L·H·Q·T)",
        ),
    }
}

/// Attention FLOPs per token: 12·L·H·Q·T forward and backward, plus the attention core again
/// under recomputation.
fn attention_flops(f: &TokenFlops, r: Recompute) -> f64 {
    match r {
        Recompute::None => 3.0 * f.attn_fwd,
        _ => 4.0 * f.attn_fwd,
    }
}

fn need_transformer(model: &Model) -> Result<(), InputError> {
    if model.transformer.is_none() {
        return Err(InputError::new(
            "workload",
            format!(
                "{} has no transformer architecture: use the classic workload (samples and epochs)",
                model.name
            ),
        ));
    }
    Ok(())
}

fn step_units(shape: &TrainShape) -> Option<f64> {
    shape.global_batch_tokens
}

/// Host↔GPU traffic per step of paged optimizer states: what does not fit next to the rest is
/// paged out and back in every step.
fn paged_bytes(model: &Model, workload: &Workload, cluster: &Cluster) -> f64 {
    let Ok(mem) = memory::estimate_with(model, workload, cluster.gpus, Numbers) else {
        return 0.0;
    };
    let host = mem.host_gib();
    if host == 0.0 {
        return 0.0;
    }
    let free =
        (usable_gib_with(cluster.gpu, workload, None, Numbers).value - mem.total_gib).max(0.0);
    2.0 * (host - free).max(0.0) * GIB
}

/// Full training time.
pub fn train_time(
    model: &Model,
    t: &Train,
    cluster: &Cluster,
    data: Option<&DataFeed>,
) -> Result<Timing, InputError> {
    train_time_in(model, t, cluster, data, Full, &mut RateCache::default())
}

/// [`train_time`] with formulas only when `detail` asks for them (the values are the same),
/// and the GPU's rates looked up in `rates`, shared across clusters.
pub(super) fn train_time_in<'g>(
    model: &Model,
    t: &Train,
    cluster: &Cluster<'g>,
    data: Option<&DataFeed>,
    detail: impl Detail,
    rates: &mut RateCache<'g>,
) -> Result<Timing, InputError> {
    t.shape.check()?;
    t.parallel.check()?;
    need_transformer(model)?;
    let seq = f64::from(t.shape.seq_len);
    let f = token_flops(model, seq);
    let model_flops = 6.0 * f.matmul_params + 3.0 * f.attn_fwd;
    let (extra, rtext) = recompute_flops(&f, t.shape.recompute);
    let (wb, gb) = match t.precision {
        TrainPrecision::Fp32 => (4.0, 4.0),
        _ => (2.0, 2.0),
    };
    let h = model.hidden();
    let mb = f64::from(t.shape.micro_batch);
    let mp = f64::from(t.parallel.model_parallel());
    let master = !matches!(t.precision, TrainPrecision::Fp32 | TrainPrecision::Bf16);
    let optimizer_shard = if t.parallel.zero.number() >= 1 {
        (f64::from(cluster.gpus) / mp).max(1.0)
    } else {
        1.0
    };
    let traffic = traffic::TransformerStep {
        model,
        shape: &t.shape,
        tensor: f64::from(t.parallel.tensor),
        pipeline: f64::from(t.parallel.pipeline),
        model_parallel: mp,
        act_bytes: wb,
        weight_bytes: model.params * wb,
        grad_bytes: model.params * gb,
        optimizer_bytes: traffic::optimizer_bytes_per_param(t.optimizer, master) * model.params
            / (mp * optimizer_shard),
    }
    .traffic();
    let run = Run {
        units: t.shape.tokens,
        unit: "tokens",
        units_per_sample: seq,
        micro_units: mb * seq,
        step_units: step_units(&t.shape),
        model_flops,
        hw_flops: model_flops + extra,
        attn_flops: attention_flops(&f, t.shape.recompute),
        slowdown: 1.0,
        math: t.precision.into(),
        work: Work::Train,
        parallel: t.parallel,
        grad_bytes: model.params * gb,
        gather_bytes: model.params * wb,
        tp_bytes: mb * seq * h * wb,
        tp_collectives: model.layers()
            * if t.shape.recompute == Recompute::Full {
                6.0
            } else {
                4.0
            },
        boundary_bytes: mb * seq * h * wb,
        paged_bytes: if t.paged_optimizer {
            paged_bytes(model, &Workload::Train(t.clone()), cluster)
        } else {
            0.0
        },
        traffic,
        flop_terms: run_terms(term(
            "flops_per_token",
            model_flops + extra,
            "FLOP",
            detail.text(|| {
                format!(
                    "6·N + 12·L·H·Q·T = {model_flops:.4e} model FLOPs; {rtext}: {:.4e} hardware FLOPs. {}",
                    model_flops + extra,
                    f.text()
                )
            }),
            Some(PALM_FLOPS),
        )),
        warnings: Vec::new(),
    };
    run_time(run, cluster, data, detail, rates)
}

/// LoRA / QLoRA fine-tuning time.
pub fn lora_time(
    model: &Model,
    l: &Lora,
    cluster: &Cluster,
    data: Option<&DataFeed>,
) -> Result<Timing, InputError> {
    lora_time_in(model, l, cluster, data, Full, &mut RateCache::default())
}

/// [`lora_time`] with formulas only when `detail` asks for them (the values are the same),
/// and the GPU's rates looked up in `rates`, shared across clusters.
pub(super) fn lora_time_in<'g>(
    model: &Model,
    l: &Lora,
    cluster: &Cluster<'g>,
    data: Option<&DataFeed>,
    detail: impl Detail,
    rates: &mut RateCache<'g>,
) -> Result<Timing, InputError> {
    l.shape.check()?;
    l.parallel.check()?;
    need_transformer(model)?;
    let adapters = lora_adapter_params(model, l.rank, &l.targets).unwrap_or(0.0);
    let seq = f64::from(l.shape.seq_len);
    let f = token_flops(model, seq);
    let model_flops = 4.0 * f.matmul_params + 6.0 * adapters + 3.0 * f.attn_fwd;
    let (extra, rtext) = recompute_flops(&f, l.shape.recompute);
    let h = model.hidden();
    let mb = f64::from(l.shape.micro_batch);
    let base_bytes = if l.qlora {
        model.block_linear_params() * NF4_BITS / 8.0 + model.unquantised_params() * 2.0
    } else {
        model.params * 2.0
    };
    let mut flop_terms = run_terms(term(
        "flops_per_token",
        model_flops + extra,
        "FLOP",
        detail.text(|| {
            format!(
                "frozen weights: forward 2·N + input gradients 2·N, adapters 6 × {:.2} M, attention 12·L·H·Q·T = {model_flops:.4e}; {rtext}: {:.4e} hardware FLOPs. {}",
                adapters / 1e6,
                model_flops + extra,
                f.text()
            )
        }),
        Some(PALM_FLOPS),
    ));
    if l.qlora {
        flop_terms.push(term(
            "qlora_slowdown",
            QLORA_SLOWDOWN,
            "×",
            detail.text(|| {
                "NF4 weights are dequantised before every matmul: compute time × 3083/2413 (LoRA vs QLoRA tokens/s on one RTX 4090)".into()
            }),
            Some(TORCHTUNE),
        ));
    }
    let mp = f64::from(l.parallel.model_parallel());
    let traffic = traffic::TransformerStep {
        model,
        shape: &l.shape,
        tensor: f64::from(l.parallel.tensor),
        pipeline: f64::from(l.parallel.pipeline),
        model_parallel: mp,
        act_bytes: 2.0,
        weight_bytes: base_bytes,
        grad_bytes: adapters * ADAPTER_BYTES,
        optimizer_bytes: traffic::optimizer_bytes_per_param(l.optimizer, false) * adapters / mp,
    }
    .traffic();
    let run = Run {
        units: l.shape.tokens,
        unit: "tokens",
        units_per_sample: seq,
        micro_units: mb * seq,
        step_units: step_units(&l.shape),
        model_flops,
        hw_flops: model_flops + extra,
        attn_flops: attention_flops(&f, l.shape.recompute),
        slowdown: if l.qlora { QLORA_SLOWDOWN } else { 1.0 },
        math: if l.precision == TrainPrecision::Fp8Mixed {
            Precision::Fp8
        } else {
            Precision::Bf16
        },
        work: Work::Train,
        parallel: l.parallel,
        grad_bytes: adapters * ADAPTER_BYTES,
        gather_bytes: base_bytes,
        tp_bytes: mb * seq * h * 2.0,
        tp_collectives: model.layers()
            * if l.shape.recompute == Recompute::Full {
                6.0
            } else {
                4.0
            },
        boundary_bytes: mb * seq * h * 2.0,
        paged_bytes: if l.paged_optimizer {
            paged_bytes(model, &Workload::Lora(l.clone()), cluster)
        } else {
            0.0
        },
        traffic,
        flop_terms,
        warnings: Vec::new(),
    };
    run_time(run, cluster, data, detail, rates)
}

/// FLOPs per sample of a network described by per-sample figures: forward GFLOPs are published
/// counting a multiply-add as one operation, so × 2, and training is forward + backward ≈ 3×.
fn dense_sample_flops(d: &DenseNet, detail: impl Detail) -> (f64, String) {
    let flops = d.forward_gflops_per_sample * 1e9 * 2.0 * 3.0;
    (
        flops,
        detail.text(|| {
            format!(
                "{} G multiply-adds forward × 2 FLOP × 3 (forward + backward) at {}",
                d.forward_gflops_per_sample, d.input
            )
        }),
    )
}

/// Classic training time (samples × epochs, data parallel over the GPUs).
pub fn classic_time(
    model: &Model,
    c: &Classic,
    cluster: &Cluster,
    data: Option<&DataFeed>,
) -> Result<Timing, InputError> {
    classic_time_in(model, c, cluster, data, Full, &mut RateCache::default())
}

/// [`classic_time`] with formulas only when `detail` asks for them (the values are the same),
/// and the GPU's rates looked up in `rates`, shared across clusters.
pub(super) fn classic_time_in<'g>(
    model: &Model,
    c: &Classic,
    cluster: &Cluster<'g>,
    data: Option<&DataFeed>,
    detail: impl Detail,
    rates: &mut RateCache<'g>,
) -> Result<Timing, InputError> {
    let (per_sample, text, src) = match (&model.dense, &model.transformer) {
        (Some(d), _) => {
            let (f, t) = dense_sample_flops(d, detail);
            (f, t, None)
        }
        (None, Some(_)) => {
            let seq = f64::from(crate::sizing::memory::classic_seq(model, c));
            let f = token_flops(model, seq);
            let per_token = 6.0 * f.matmul_params + 3.0 * f.attn_fwd;
            (
                per_token * seq,
                detail
                    .text(|| format!("(6·N + 12·L·H·Q·T) × {seq} tokens per sample; {}", f.text())),
                Some(PALM_FLOPS),
            )
        }
        (None, None) => {
            return Err(InputError::new(
                "model",
                "classic training needs per-sample figures or an architecture",
            ))
        }
    };
    let gb = if c.precision == TrainPrecision::Fp32 {
        4.0
    } else {
        2.0
    };
    let master = !matches!(c.precision, TrainPrecision::Fp32 | TrainPrecision::Bf16);
    let optimizer_bytes = traffic::optimizer_bytes_per_param(c.optimizer, master) * model.params;
    let traffic = match &model.dense {
        Some(d) => traffic::cnn_traffic(
            d.activation_mib_per_sample,
            f64::from(c.batch),
            optimizer_bytes,
        ),
        None => {
            let shape = TrainShape {
                seq_len: crate::sizing::memory::classic_seq(model, c),
                micro_batch: c.batch,
                recompute: Recompute::None,
                flash_attention: false,
                ..TrainShape::default()
            };
            traffic::TransformerStep {
                model,
                shape: &shape,
                tensor: 1.0,
                pipeline: 1.0,
                model_parallel: 1.0,
                act_bytes: gb,
                weight_bytes: model.params * gb,
                grad_bytes: model.params * gb,
                optimizer_bytes,
            }
            .traffic()
        }
    };
    let run = Run {
        units: c.samples * c.epochs,
        unit: "samples",
        units_per_sample: 1.0,
        micro_units: f64::from(c.batch),
        step_units: None,
        model_flops: per_sample,
        hw_flops: per_sample,
        attn_flops: 0.0,
        slowdown: 1.0,
        math: c.precision.into(),
        work: Work::Train,
        parallel: Parallelism::default(),
        grad_bytes: model.params * gb,
        gather_bytes: 0.0,
        tp_bytes: 0.0,
        tp_collectives: 0.0,
        boundary_bytes: 0.0,
        paged_bytes: 0.0,
        traffic,
        flop_terms: run_terms(term("flops_per_sample", per_sample, "FLOP", text, src)),
        warnings: vec![Warning::ClassicOnTransformerRates],
    };
    run_time(run, cluster, data, detail, rates)
}
