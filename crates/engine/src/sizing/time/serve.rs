//! Serving speed: prefill is compute-bound (2·N FLOPs per prompt token plus attention), decode is
//! bound by reading the active weights and the KV cache once per step, until a large batch makes
//! it compute-bound. Mixture-of-experts models read only the experts the batch touches.

use super::comm::{all_reduce_s, links_with};
use super::efficiency::{compute_with, MathPrecision};
use super::{term, Figure, Timing};
use crate::explain::Detail;
use crate::model::Transformer;
use crate::scenario::{Cluster, InputError, Model, Serve, WeightFormat};
use crate::sizing::defaults::*;
use crate::sizing::memory::{kv_share, weight_bytes};

/// Decode speed at one batch size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DecodePoint {
    /// Sequences decoded together.
    pub batch: f64,
    /// Seconds per decode step (= time per output token of each sequence).
    pub step_s: f64,
    /// True when the step is limited by memory bandwidth rather than compute.
    pub memory_bound: bool,
}

/// Decode-efficiency factor of a weight format relative to 16-bit weights.
fn format_factor(format: WeightFormat) -> f64 {
    match format {
        WeightFormat::Fp32 | WeightFormat::Bf16 => 1.0,
        WeightFormat::Fp8 | WeightFormat::Int8 | WeightFormat::GgufQ8_0 => DECODE_FACTOR_8BIT,
        WeightFormat::GgufQ5KM | WeightFormat::GgufQ6K => DECODE_FACTOR_5_6BIT,
        WeightFormat::Int4Gptq | WeightFormat::Int4Awq | WeightFormat::GgufQ4KM => {
            DECODE_FACTOR_4BIT
        }
    }
}

/// Formats whose matmuls dequantise weights to 16-bit first (no low-precision tensor cores).
fn weight_only(format: WeightFormat) -> bool {
    !matches!(
        format,
        WeightFormat::Fp32 | WeightFormat::Bf16 | WeightFormat::Fp8
    )
}

/// Weight bytes one decode step reads: everything but the input-embedding table (a lookup of a
/// few rows) and, for mixture-of-experts layers, only the experts a batch of `batch` tokens
/// visits: E·(1 − (1 − k/E)^batch) of E when routing is uniform.
struct WeightReads {
    total: f64,
    lookup: f64,
    experts: f64,
    num_experts: f64,
    per_token: f64,
}

impl WeightReads {
    fn new(model: &Model, t: &Transformer, format: WeightFormat) -> WeightReads {
        let (total, _, _) = weight_bytes(model, format, Detail::Numbers);
        let scale = model.params / model.count.total;
        let whole_file = matches!(
            format,
            WeightFormat::GgufQ4KM
                | WeightFormat::GgufQ5KM
                | WeightFormat::GgufQ6K
                | WeightFormat::GgufQ8_0
                | WeightFormat::Fp32
                | WeightFormat::Bf16
        );
        let avg = total / model.params.max(1.0);
        let linear_bpp = if whole_file {
            avg
        } else {
            (total - model.unquantised_params() * 2.0) / model.block_linear_params().max(1.0)
        };
        let rest_bpp = if whole_file { avg } else { 2.0 };
        let lookup = if t.tie_word_embeddings {
            0.0
        } else {
            model.count.embedding * scale * rest_bpp
        };
        let (experts, num_experts, per_token) = match &t.moe {
            Some(m) => {
                let mats = if t.gated_mlp { 3.0 } else { 2.0 };
                let layers = f64::from(t.num_hidden_layers.saturating_sub(m.first_dense_layers));
                let e = f64::from(m.num_experts);
                let bytes = layers
                    * e
                    * mats
                    * f64::from(t.hidden_size)
                    * f64::from(m.moe_intermediate_size)
                    * scale
                    * linear_bpp;
                (bytes, e, f64::from(m.experts_per_token))
            }
            None => (0.0, 1.0, 1.0),
        };
        WeightReads {
            total,
            lookup,
            experts,
            num_experts,
            per_token,
        }
    }

    fn per_step(&self, batch: f64) -> f64 {
        let touched = if self.experts > 0.0 {
            1.0 - (1.0 - self.per_token / self.num_experts).powf(batch.max(1.0))
        } else {
            1.0
        };
        self.total - self.lookup - self.experts + self.experts * touched
    }
}

/// Serving figures for one replica of `cluster.gpus` GPUs (the tensor-parallel degree).
pub fn serve_time(model: &Model, s: &Serve, cluster: &Cluster) -> Result<Timing, InputError> {
    serve_time_with(model, s, cluster, Detail::Full)
}

/// [`serve_time`] with formulas only when `detail` asks for them.
pub fn serve_time_with(
    model: &Model,
    s: &Serve,
    cluster: &Cluster,
    detail: Detail,
) -> Result<Timing, InputError> {
    let Some(t) = &model.transformer else {
        return Err(InputError::new(
            "model",
            "serving is sized for transformer language models; pick a preset with an architecture",
        ));
    };
    let tp = s.tensor_parallel.unwrap_or(cluster.gpus).max(1);
    let tpf = f64::from(tp);
    let gpu = cluster.gpu;
    let Some(bw_gbs) = gpu.memory_bandwidth_gbs.filter(|b| *b > 0.0) else {
        return Ok(Timing::unknown(
            tp,
            format!(
                "{} has no memory bandwidth in the catalog, so decode speed cannot be estimated",
                gpu.name
            ),
        ));
    };
    let math = if s.weights == WeightFormat::Fp8 && gpu.fp8_tflops.is_some() {
        MathPrecision::Fp8
    } else {
        MathPrecision::Bf16
    };
    let c = match compute_with(gpu, math, model.params, detail) {
        Ok(c) => c,
        Err(why) => return Ok(Timing::unknown(tp, why)),
    };
    let mut warnings = c.warnings;
    let l = links_with(cluster, detail);
    let tp_bw = if tp > 1 {
        match l.group_gbs(tp, tp > cluster.gpus_per_node) {
            Some(b) => b,
            None => {
                return Ok(Timing::unknown(
                    tp,
                    "tensor parallelism needs GPUs in one node or a multi-node fabric".into(),
                ))
            }
        }
    } else {
        f64::INFINITY
    };

    let reads = WeightReads::new(model, t, s.weights);
    let decode_eff = DECODE_BANDWIDTH_EFF.scale(format_factor(s.weights));
    let prompt = f64::from(s.prompt_tokens);
    let output = f64::from(s.output_tokens);
    let avg_ctx = prompt + output / 2.0;
    let kv_bytes = s.kv.bytes();
    let share = kv_share(model, tp);
    let n_m = model.matmul_params();
    let width = model.attention_width();
    let layers = model.layers();
    let decode_flops = 2.0 * n_m + 4.0 * layers * width * model.attended_tokens(avg_ctx);
    let tp_latency = if tp > 1 {
        2.0 * layers * TP_ALLREDUCE_LATENCY_S
    } else {
        0.0
    };
    let bw = bw_gbs * 1e9;
    let decode = |batch: f64, mem_eff: f64, comp_eff: f64| -> DecodePoint {
        let bytes = reads.per_step(batch) / tpf + batch * model.kv_bytes(avg_ctx, kv_bytes) * share;
        let t_mem = bytes / (bw * mem_eff);
        let t_comp = batch * decode_flops / (tpf * c.peak_flops * comp_eff);
        let tp_comm = if tp > 1 {
            2.0 * layers * all_reduce_s(batch * model.hidden() * 2.0, tpf, tp_bw)
        } else {
            0.0
        };
        DecodePoint {
            batch,
            step_s: t_mem.max(t_comp) + tp_latency + tp_comm,
            memory_bound: t_mem >= t_comp,
        }
    };
    let prefill = |eff: f64| -> f64 {
        let flops =
            2.0 * n_m * prompt + 2.0 * layers * width * prompt * model.attended_tokens(prompt);
        let t_comp = flops / (tpf * c.peak_flops * eff);
        let t_read = reads.per_step(prompt.max(1.0)) / tpf / (bw * decode_eff.expected);
        let comm = if tp > 1 {
            2.0 * layers * all_reduce_s(prompt * model.hidden() * 2.0, tpf, tp_bw)
        } else {
            0.0
        };
        t_comp.max(t_read) + comm
    };

    let batch = f64::from(s.concurrency);
    let ce = c.efficiency;
    // Prefill and batched decode run at the training efficiency; weight-only quantised formats
    // dequantise before each matmul, so they pay the same factor as in decode (ASSUMPTION).
    let pe = if weight_only(s.weights) {
        ce.scale(format_factor(s.weights))
    } else {
        ce
    };
    let d_exp = decode(batch, decode_eff.expected, ce.expected);
    let d_fast = decode(batch, decode_eff.high, ce.high);
    let d_slow = decode(batch, decode_eff.low, ce.low);
    let ttft = Band::new(prefill(pe.high), prefill(pe.expected), prefill(pe.low));
    let tpot = Band::new(d_fast.step_s, d_exp.step_s, d_slow.step_s);

    // Replica time per request: its prefill plus its share of the decode steps.
    let per_request = |prefill_s: f64, step_s: f64, b: f64| prefill_s + output * step_s / b;
    let mut chosen = batch;
    if let Some(target_ms) = s.latency_target_ms {
        let target = target_ms / 1e3;
        if decode(1.0, decode_eff.expected, ce.expected).step_s > target {
            warnings.push(format!(
                "even one sequence takes {:.1} ms per token, above the {target_ms} ms target",
                decode(1.0, decode_eff.expected, ce.expected).step_s * 1e3
            ));
            chosen = 1.0;
        } else {
            let (mut lo, mut hi) = (1u32, s.concurrency.max(1));
            if decode(f64::from(hi), decode_eff.expected, ce.expected).step_s <= target {
                lo = hi;
            }
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                if decode(f64::from(mid), decode_eff.expected, ce.expected).step_s <= target {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            chosen = f64::from(lo);
        }
    }
    let rps = |pe_v: f64, me: f64, cv: f64| {
        let d = decode(chosen, me, cv);
        1.0 / per_request(prefill(pe_v), d.step_s, chosen)
    };
    let requests = Band::new(
        rps(pe.low, decode_eff.low, ce.low),
        rps(pe.expected, decode_eff.expected, ce.expected),
        rps(pe.high, decode_eff.high, ce.high),
    );
    let tokens_per_s = tpot.invert(batch);

    let mut terms = c.terms;
    terms.reserve(l.terms.len() + 7);
    terms.extend(l.terms);
    terms.push(term(
        "decode_bandwidth",
        bw_gbs * decode_eff.expected,
        "GB/s",
        detail.text(|| {
            format!(
                "{bw_gbs} GB/s × {:.2} (16-bit decode efficiency) × {:.2} ({:?} weights)",
                DECODE_BANDWIDTH_EFF.expected,
                format_factor(s.weights),
                s.weights
            )
        }),
        Some(GPT_FAST),
    ));
    terms.push(term(
        "weights_read_per_step",
        reads.per_step(batch) / tpf / 1e9,
        "GB",
        detail.text(|| {
            format!(
                "{:.2} GB of weights{}{} / tp {tp}",
                reads.total / 1e9,
                if reads.lookup > 0.0 {
                    format!(
                        " − {:.2} GB embedding table (looked up, not read)",
                        reads.lookup / 1e9
                    )
                } else {
                    String::new()
                },
                if reads.experts > 0.0 {
                    format!(
                        "; experts: {:.0}% of {:.1} GB touched by {batch} sequences",
                        100.0
                            * (reads.per_step(batch) - reads.total + reads.lookup + reads.experts)
                            / reads.experts,
                        reads.experts / 1e9
                    )
                } else {
                    String::new()
                }
            )
        }),
        Some(GPT_FAST),
    ));
    terms.push(term(
        "kv_read_per_step",
        batch * model.kv_bytes(avg_ctx, kv_bytes) * share / 1e9,
        "GB",
        detail.text(|| {
            format!("{batch} sequences × KV of {avg_ctx} tokens (prompt + half the output) × {share:.3} per GPU")
        }),
        Some(TM101),
    ));
    terms.push(term(
        "time_per_output_token",
        d_exp.step_s * 1e3,
        "ms",
        detail.text(|| {
            format!(
                "max(memory {}, compute 2·N + attention = {decode_flops:.3e} FLOP × {batch} / (tp {tp} × {:.0} TFLOP/s × {:.2})){} — {}",
                "(weights + KV) / bandwidth",
                c.peak_flops / 1e12,
                ce.expected,
                if tp > 1 {
                    format!(" + {} all-reduces", 2.0 * layers)
                } else {
                    String::new()
                },
                if d_exp.memory_bound {
                    "memory-bound"
                } else {
                    "compute-bound"
                }
            )
        }),
        Some(GPT_FAST),
    ));
    terms.push(term(
        "time_to_first_token",
        ttft.expected,
        "s",
        detail.text(|| {
            format!(
                "prefill of {prompt} tokens: (2·N·P + 2·L·H·Q·P²) / (tp {tp} × peak × {:.2}), at least one read of the weights",
                pe.expected
            )
        }),
        Some(PALM_FLOPS),
    ));
    terms.push(term(
        "requests_per_s",
        requests.expected,
        "req/s",
        detail.text(|| {
            format!(
                "1 / (prefill {:.3} s + {output} output tokens × {:.1} ms / {chosen} sequences)",
                prefill(pe.expected),
                decode(chosen, decode_eff.expected, ce.expected).step_s * 1e3
            )
        }),
        None,
    ));

    let mut figures = vec![
        Figure {
            key: "time_to_first_token_s",
            unit: "s",
            band: ttft,
        },
        Figure {
            key: "time_per_output_token_ms",
            unit: "ms",
            band: tpot.scale(1e3),
        },
        Figure {
            key: "tokens_per_s_per_sequence",
            unit: "tokens/s",
            band: tpot.invert(1.0),
        },
        Figure {
            key: "tokens_per_s",
            unit: "tokens/s",
            band: tokens_per_s,
        },
        Figure {
            key: "prefill_tokens_per_s",
            unit: "tokens/s",
            band: ttft.invert(prompt.max(1.0)),
        },
        Figure {
            key: "requests_per_s",
            unit: "req/s",
            band: requests,
        },
    ];
    if s.latency_target_ms.is_some() {
        figures.push(Figure {
            key: "batch_at_latency_target",
            unit: "sequences",
            band: Band::exact(chosen),
        });
        // The step time at that batch: what a user of the fleet sized for the target sees.
        let at = |me: f64, cv: f64| decode(chosen, me, cv).step_s * 1e3;
        figures.push(Figure {
            key: "time_per_output_token_at_target_ms",
            unit: "ms",
            band: Band::new(
                at(decode_eff.high, ce.high),
                at(decode_eff.expected, ce.expected),
                at(decode_eff.low, ce.low),
            ),
        });
    }
    if let Some(need) = s.requests_per_s {
        let instances = requests.invert(need).map(|v| v.ceil().max(1.0));
        figures.push(Figure {
            key: "instances",
            unit: "replicas",
            band: instances,
        });
        terms.push(term(
            "instances",
            instances.expected,
            "replicas",
            detail.text(|| {
                format!(
                    "⌈{need} req/s needed / {:.2} req/s per replica⌉",
                    requests.expected
                )
            }),
            None,
        ));
    }
    Ok(Timing {
        hours: None,
        gpus: tp,
        figures,
        terms,
        warnings,
    })
}
