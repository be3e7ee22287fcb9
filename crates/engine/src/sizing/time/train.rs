//! Training time: FLOPs per token over the throughput the GPUs reach, plus the communication,
//! pipeline bubbles and optimizer paging that do not overlap with compute.
//!
//! FLOPs per token follow PaLM Appendix B: 6·N for the weight matmuls (forward 2N, backward 4N)
//! plus 12·L·H·Q·T for attention (QKᵀ and attention × V: 4·L·H·Q·T forward, twice that backward).
//! Full recomputation adds one forward (2·N + 4·L·H·Q·T); selective recomputation the attention
//! core (4·L·H·Q·T). Model FLOPs exclude recomputation (MFU), hardware FLOPs include it (HFU),
//! as in the llm-foundry benchmark definitions. LoRA has no weight gradients for frozen weights:
//! forward 2·N + input gradients 2·N ≈ 4·N, plus 6 FLOPs per adapter parameter.

use super::comm::{all_gather_s, all_reduce_s, host_link_gbs, links_with};
use super::efficiency::{compute_with, MathPrecision};
use super::{term, Figure, Timing};
use crate::explain::{Detail, Term};
use crate::model::schema::DenseNet;
use crate::scenario::{
    Classic, Cluster, DataFeed, InputError, Lora, Model, Parallelism, Recompute, Train,
    TrainPrecision, TrainShape, Workload, ZeroStage,
};
use crate::sizing::defaults::*;
use crate::sizing::fit::usable_gib_with;
use crate::sizing::memory::{self, lora_adapter_params};
use crate::units::GIB;

/// A training run reduced to what its time depends on.
struct Run<'m> {
    model: &'m Model,
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
    /// Multiplier on compute time (QLoRA dequantisation).
    slowdown: f64,
    math: MathPrecision,
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
    flop_terms: Vec<Term>,
    warnings: Vec<String>,
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
    let Ok(mem) = memory::estimate_with(model, workload, cluster.gpus, Detail::Numbers) else {
        return 0.0;
    };
    let host = mem.host_gib();
    if host == 0.0 {
        return 0.0;
    }
    let free =
        (usable_gib_with(cluster.gpu, workload, Detail::Numbers).value - mem.total_gib).max(0.0);
    2.0 * (host - free).max(0.0) * GIB
}

/// Full training time.
pub fn train_time(
    model: &Model,
    t: &Train,
    cluster: &Cluster,
    data: Option<&DataFeed>,
) -> Result<Timing, InputError> {
    train_time_with(model, t, cluster, data, Detail::Full)
}

/// [`train_time`] with formulas only when `detail` asks for them.
pub fn train_time_with(
    model: &Model,
    t: &Train,
    cluster: &Cluster,
    data: Option<&DataFeed>,
    detail: Detail,
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
    let run = Run {
        model,
        units: t.shape.tokens,
        unit: "tokens",
        units_per_sample: seq,
        micro_units: mb * seq,
        step_units: step_units(&t.shape),
        model_flops,
        hw_flops: model_flops + extra,
        slowdown: 1.0,
        math: t.precision.into(),
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
        flop_terms: vec![term(
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
        )],
        warnings: Vec::new(),
    };
    run_time(run, cluster, data, detail)
}

/// LoRA / QLoRA fine-tuning time.
pub fn lora_time(
    model: &Model,
    l: &Lora,
    cluster: &Cluster,
    data: Option<&DataFeed>,
) -> Result<Timing, InputError> {
    lora_time_with(model, l, cluster, data, Detail::Full)
}

/// [`lora_time`] with formulas only when `detail` asks for them.
pub fn lora_time_with(
    model: &Model,
    l: &Lora,
    cluster: &Cluster,
    data: Option<&DataFeed>,
    detail: Detail,
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
    let mut flop_terms = vec![term(
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
    )];
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
    let run = Run {
        model,
        units: l.shape.tokens,
        unit: "tokens",
        units_per_sample: seq,
        micro_units: mb * seq,
        step_units: step_units(&l.shape),
        model_flops,
        hw_flops: model_flops + extra,
        slowdown: if l.qlora { QLORA_SLOWDOWN } else { 1.0 },
        math: MathPrecision::Bf16,
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
        flop_terms,
        warnings: Vec::new(),
    };
    run_time(run, cluster, data, detail)
}

/// FLOPs per sample of a network described by per-sample figures: forward GFLOPs are published
/// counting a multiply-add as one operation, so × 2, and training is forward + backward ≈ 3×.
fn dense_sample_flops(d: &DenseNet, detail: Detail) -> (f64, String) {
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
    classic_time_with(model, c, cluster, data, Detail::Full)
}

/// [`classic_time`] with formulas only when `detail` asks for them.
pub fn classic_time_with(
    model: &Model,
    c: &Classic,
    cluster: &Cluster,
    data: Option<&DataFeed>,
    detail: Detail,
) -> Result<Timing, InputError> {
    let (per_sample, text, src) = match (&model.dense, &model.transformer) {
        (Some(d), _) => {
            let (f, t) = dense_sample_flops(d, detail);
            (f, t, None)
        }
        (None, Some(_)) => {
            let seq = f64::from(memory_seq(model, c));
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
    let run = Run {
        model,
        units: c.samples * c.epochs,
        unit: "samples",
        units_per_sample: 1.0,
        micro_units: f64::from(c.batch),
        step_units: None,
        model_flops: per_sample,
        hw_flops: per_sample,
        slowdown: 1.0,
        math: c.precision.into(),
        parallel: Parallelism::default(),
        grad_bytes: model.params * gb,
        gather_bytes: 0.0,
        tp_bytes: 0.0,
        tp_collectives: 0.0,
        boundary_bytes: 0.0,
        paged_bytes: 0.0,
        flop_terms: vec![term("flops_per_sample", per_sample, "FLOP", text, src)],
        warnings: vec![
            "classic training is timed with efficiencies measured on transformer training".into(),
        ],
    };
    run_time(run, cluster, data, detail)
}

fn memory_seq(model: &Model, c: &Classic) -> u32 {
    c.seq_len.unwrap_or_else(|| {
        model
            .transformer
            .as_ref()
            .map_or(1, |t| t.max_position_embeddings.max(1))
    })
}

/// Seconds of one step at compute efficiency `eff`, and its parts.
struct Step {
    total: f64,
    compute: f64,
    bubble: f64,
    dp_exposed: f64,
}

fn run_time(
    mut run: Run,
    cluster: &Cluster,
    data: Option<&DataFeed>,
    detail: Detail,
) -> Result<Timing, InputError> {
    let gpus = cluster.gpus.max(1);
    let mp = run.parallel.model_parallel();
    if !gpus.is_multiple_of(mp) {
        return Err(InputError::new(
            "gpus",
            format!("{gpus} GPUs cannot be split into tensor × pipeline groups of {mp}"),
        ));
    }
    let dp = f64::from(gpus / mp);
    let (tp, pp) = (
        f64::from(run.parallel.tensor),
        f64::from(run.parallel.pipeline),
    );
    let c = match compute_with(cluster.gpu, run.math, run.model.params, detail) {
        Ok(c) => c,
        Err(why) => return Ok(Timing::unknown(gpus, why)),
    };
    run.warnings.extend(c.warnings);
    let l = links_with(cluster, detail);
    let per_node = cluster.gpus_per_node.max(1);
    let dp_spans = gpus > per_node;
    let needs = |n: f64, bw: Option<f64>, what: &str| -> Result<f64, String> {
        match bw {
            Some(b) => Ok(b),
            None if n <= 1.0 => Ok(f64::INFINITY),
            None => Err(format!(
                "{what} needs GPUs to talk, but this offer has no link for it (single-GPU nodes without a multi-node fabric)"
            )),
        }
    };
    let bws = (|| -> Result<(f64, f64, f64), String> {
        Ok((
            needs(dp, l.group_gbs(gpus / mp, dp_spans), "data parallelism")?,
            needs(
                tp,
                l.group_gbs(run.parallel.tensor, run.parallel.tensor > per_node),
                "tensor parallelism",
            )?,
            needs(pp, l.group_gbs(2, mp > per_node), "pipeline parallelism")?,
        ))
    })();
    let (dp_bw, tp_bw, pp_bw) = match bws {
        Ok(b) => b,
        Err(why) => return Ok(Timing::unknown(gpus, why)),
    };

    let micro_steps = run
        .step_units
        .map(|g| (g / (run.micro_units * dp)).ceil())
        .unwrap_or(1.0)
        .max(1.0);
    let units_per_step = micro_steps * run.micro_units * dp;
    let micro_flops = run.micro_units * run.hw_flops / f64::from(mp);
    let shard = f64::from(mp);
    let dp_sync = match run.parallel.zero {
        ZeroStage::Zero3 => {
            all_gather_s(run.grad_bytes / shard, dp, dp_bw)
                + micro_steps * 2.0 * all_gather_s(run.gather_bytes / shard, dp, dp_bw)
        }
        _ => all_reduce_s(run.grad_bytes / shard, dp, dp_bw),
    };
    let tp_comm = if tp > 1.0 {
        micro_steps
            * run.tp_collectives
            * (all_reduce_s(run.tp_bytes, tp, tp_bw) + TP_ALLREDUCE_LATENCY_S)
    } else {
        0.0
    };
    let pp_comm = if pp > 1.0 {
        micro_steps * 2.0 * run.boundary_bytes / (pp_bw * 1e9)
    } else {
        0.0
    };
    let paging = if run.paged_bytes > 0.0 {
        run.paged_bytes / (host_link_gbs(cluster.gpu) * 1e9)
    } else {
        0.0
    };
    let bubble = (pp - 1.0) / micro_steps;
    let step = |eff: f64| -> Step {
        let t_micro = micro_flops / (c.peak_flops * eff) * run.slowdown;
        let compute = micro_steps * t_micro;
        let window = match run.parallel.zero {
            ZeroStage::Zero3 => compute,
            _ => t_micro * 2.0 / 3.0,
        };
        let dp_exposed = (dp_sync - window).max(0.0);
        Step {
            total: compute * (1.0 + bubble) + dp_exposed + tp_comm + pp_comm + paging,
            compute,
            bubble: compute * bubble,
            dp_exposed,
        }
    };
    let eff = c.efficiency;
    let (s_low, s_exp, s_high) = (step(eff.low), step(eff.expected), step(eff.high));
    let mut throughput = Band::new(
        units_per_step / s_low.total,
        units_per_step / s_exp.total,
        units_per_step / s_high.total,
    );

    let mut terms = std::mem::take(&mut run.flop_terms);
    terms.reserve(c.terms.len() + l.terms.len() + 10);
    terms.extend(c.terms);
    terms.extend(l.terms);
    terms.push(term(
        "compute_per_step",
        s_exp.compute,
        "s",
        detail.text(|| {
            format!(
                "{micro_steps} micro-batches × {:.0} {} × {:.4e} FLOP / (tp·pp {mp} × {:.1} TFLOP/s × {:.3}){}",
                run.micro_units,
                run.unit,
                run.hw_flops,
                c.peak_flops / 1e12,
                eff.expected,
                if run.slowdown != 1.0 {
                    format!(" × {:.2}", run.slowdown)
                } else {
                    String::new()
                }
            )
        }),
        Some(PALM_FLOPS),
    ));
    if dp > 1.0 {
        terms.push(term(
            "data_parallel_comm",
            dp_sync,
            "s",
            detail.text(|| {
                let what = match run.parallel.zero {
                    ZeroStage::Zero3 => format!(
                        "ZeRO-3: reduce-scatter {:.2} GB of gradients + {micro_steps} × 2 all-gathers of {:.2} GB of weights",
                        run.grad_bytes / shard / 1e9,
                        run.gather_bytes / shard / 1e9
                    ),
                    _ => format!(
                        "gradient all-reduce of {:.2} GB over {dp} ranks, overlapped with the last backward",
                        run.grad_bytes / shard / 1e9
                    ),
                };
                format!(
                    "{what} at {dp_bw:.1} GB/s; {:.3} s not hidden behind compute",
                    s_exp.dp_exposed
                )
            }),
            Some(NCCL_BUSBW),
        ));
    }
    if tp > 1.0 {
        terms.push(term(
            "tensor_parallel_comm",
            tp_comm,
            "s",
            detail.text(|| {
                format!(
                    "{micro_steps} micro-batches × {} all-reduces of {:.1} MB over tp {tp} at {tp_bw:.1} GB/s + {:.0} µs latency each (not overlapped)",
                    run.tp_collectives,
                    run.tp_bytes / 1e6,
                    TP_ALLREDUCE_LATENCY_S * 1e6
                )
            }),
            Some(NCCL_BUSBW),
        ));
    }
    if pp > 1.0 {
        terms.push(term(
            "pipeline_bubble",
            s_exp.bubble,
            "s",
            detail.text(|| {
                format!(
                    "1F1B bubble (pp − 1) / micro-batches = {} / {micro_steps} of compute, plus {pp_comm:.3} s of activation transfers",
                    pp - 1.0
                )
            }),
            Some(KORTHIKANTI),
        ));
    }
    if paging > 0.0 {
        terms.push(term(
            "optimizer_paging",
            paging,
            "s",
            detail.text(|| {
                format!(
                    "{:.2} GiB of optimizer states paged out and back per step over PCIe",
                    run.paged_bytes / GIB
                )
            }),
            Some(ADAM8BIT),
        ));
    }
    terms.push(term(
        "step_time",
        s_exp.total,
        "s",
        detail.text(|| {
            format!(
                "compute {:.3} s × (1 + bubble {bubble:.3}) + exposed data-parallel {:.3} s + tensor-parallel {tp_comm:.3} s + pipeline transfers {pp_comm:.3} s + paging {paging:.3} s, for {units_per_step:.0} {}",
                s_exp.compute, s_exp.dp_exposed, run.unit
            )
        }),
        None,
    ));

    // Storage feeding the GPUs.
    if let Some(d) = data {
        let samples_per_s = throughput.expected / run.units_per_sample;
        let need_mbs = samples_per_s * d.bytes_per_sample / 1e6;
        terms.push(term(
            "data_read",
            need_mbs,
            "MB/s",
            detail.text(|| {
                format!(
                    "{samples_per_s:.1} samples/s × {} bytes per sample",
                    d.bytes_per_sample
                )
            }),
            None,
        ));
        if d.bytes_per_sample > 0.0 {
            let cap = d.storage_mbs * 1e6 / d.bytes_per_sample * run.units_per_sample;
            if cap < throughput.high {
                let util = (cap / throughput.expected).min(1.0);
                throughput = throughput.map(|t| t.min(cap));
                if util < 1.0 {
                    run.warnings.push(format!(
                        "storage delivers {} MB/s but the GPUs consume {need_mbs:.0} MB/s: GPU utilisation capped at {:.0}%",
                        d.storage_mbs,
                        util * 100.0
                    ));
                }
                terms.push(term(
                    "storage_cap",
                    util,
                    "fraction",
                    detail.text(|| {
                        format!(
                            "{} MB/s of storage / {need_mbs:.1} MB/s needed",
                            d.storage_mbs
                        )
                    }),
                    None,
                ));
            }
        }
    }

    let gpus_f = f64::from(gpus);
    let interruptions = INTERRUPTIONS_PER_GPU_HOUR * gpus_f * HOURS_LOST_PER_INTERRUPTION;
    let hours = throughput
        .invert(run.units)
        .scale((1.0 + interruptions) / 3600.0);
    if interruptions > 0.001 {
        terms.push(term(
            "interruptions",
            interruptions,
            "fraction",
            detail.text(|| {
                format!(
                    "{:.2e} failures per GPU-hour × {gpus} GPUs × {HOURS_LOST_PER_INTERRUPTION:.3} h lost each",
                    INTERRUPTIONS_PER_GPU_HOUR
                )
            }),
            Some(LLAMA3_RELIABILITY),
        ));
    }
    terms.push(term(
        "hours",
        hours.expected,
        "h",
        detail.text(|| {
            format!(
                "{:.4e} {} / {:.1} {}/s{}",
                run.units,
                run.unit,
                throughput.expected,
                run.unit,
                if interruptions > 0.001 {
                    format!(" × (1 + {interruptions:.3} lost to interruptions)")
                } else {
                    String::new()
                }
            )
        }),
        None,
    ));

    let peak_all = gpus_f * c.peak_flops;
    let mfu = throughput.map(|t| t * run.model_flops / peak_all);
    let hfu = throughput.map(|t| t * run.hw_flops * run.slowdown / peak_all);
    let rate_key = if run.unit == "tokens" {
        "tokens_per_s"
    } else {
        "samples_per_s"
    };
    let per_gpu_key = if run.unit == "tokens" {
        "tokens_per_s_per_gpu"
    } else {
        "samples_per_s_per_gpu"
    };
    let figures = vec![
        Figure {
            key: rate_key,
            unit: if run.unit == "tokens" {
                "tokens/s"
            } else {
                "samples/s"
            },
            band: throughput,
        },
        Figure {
            key: per_gpu_key,
            unit: if run.unit == "tokens" {
                "tokens/s"
            } else {
                "samples/s"
            },
            band: throughput.scale(1.0 / gpus_f),
        },
        Figure {
            key: "mfu",
            unit: "fraction",
            band: mfu,
        },
        Figure {
            key: "hfu",
            unit: "fraction",
            band: hfu,
        },
        Figure {
            key: "step_s",
            unit: "s",
            band: Band::new(s_high.total, s_exp.total, s_low.total),
        },
    ];
    Ok(Timing {
        hours: Some(hours),
        gpus,
        figures,
        terms,
        warnings: run.warnings,
    })
}
