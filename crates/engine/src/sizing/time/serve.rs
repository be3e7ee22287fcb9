//! Serving speed: prefill is compute-bound (2·N FLOPs per prompt token plus attention), decode is
//! bound by reading the active weights and the KV cache once per step, until a large batch makes
//! it compute-bound. Mixture-of-experts models read only the experts the batch touches.

use super::comm::{all_reduce_s, links_with, Group};
use super::efficiency::{bandwidth_with, compute_with, Precision, Work};
use super::{term, Figure, Timing};
use crate::explain::Detail;
use crate::model::Transformer;
use crate::scenario::{Cluster, InputError, Model, Serve, WeightFormat};
use crate::sizing::defaults::*;
use crate::sizing::memory::{kv_share, weight_bytes};
use crate::sizing::server;
use crate::warning::{Axis, Untimed, Warning};

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
        WeightFormat::Fp4
        | WeightFormat::Int4Gptq
        | WeightFormat::Int4Awq
        | WeightFormat::GgufQ4_0
        | WeightFormat::GgufQ4KM => DECODE_FACTOR_4BIT,
    }
}

/// Whether a part's memory is HBM (server factors differ between HBM and GDDR parts).
fn gpu_has_hbm(gpu: &crate::catalog::Gpu) -> bool {
    gpu.memory_type.to_ascii_uppercase().starts_with("HBM")
}

/// Formats whose matmuls dequantise weights to 16-bit first (no low-precision tensor cores).
fn weight_only(format: WeightFormat) -> bool {
    !matches!(
        format,
        WeightFormat::Fp32 | WeightFormat::Bf16 | WeightFormat::Fp8 | WeightFormat::Fp4
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
            WeightFormat::GgufQ4_0
                | WeightFormat::GgufQ4KM
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
    let profile = server::profile(s.server);
    let hbm = gpu_has_hbm(cluster.gpu);
    let step_layer_s = profile.step_layer_s + if hbm { profile.hbm_step_layer_s } else { 0.0 };
    let prefill_factor = profile.prefill * if hbm { profile.hbm_prefill } else { 1.0 };
    let pp = s.pipeline_parallel.unwrap_or(1).max(1);
    let tp = s.tensor_parallel.unwrap_or(cluster.gpus / pp).max(1);
    let (tpf, ppf) = (f64::from(tp), f64::from(pp));
    let replica = tp * pp;
    let gpu = cluster.gpu;
    let family_bw = match bandwidth_with(gpu, detail) {
        Ok(b) => b,
        Err(why) => return Ok(Timing::unknown(replica, why)),
    };
    let asked = match s.weights {
        WeightFormat::Fp4 => Precision::Fp4,
        WeightFormat::Fp8 => Precision::Fp8,
        _ => Precision::Bf16,
    };
    let c = match compute_with(gpu, asked, Work::Prefill, detail) {
        Ok(c) => c,
        Err(why) => return Ok(Timing::unknown(replica, why)),
    };
    let mut warnings = c.warnings;
    warnings.extend(family_bw.warnings);
    if let Some(m) = &t.moe {
        if m.num_experts >= MOE_SMALL_BATCH_EXPERTS && s.concurrency < MOE_SMALL_BATCH {
            warnings.push(Warning::MoeSmallBatch {
                model: model.name.clone(),
                experts_per_token: m.experts_per_token,
                experts: m.num_experts,
                batch: MOE_SMALL_BATCH,
            });
        }
    }
    let l = links_with(cluster, detail);
    let tp_bw = if tp > 1 {
        match l.bus_gbs(Group {
            ranks: tp,
            per_node: tp.min(cluster.gpus_per_node.max(1)),
        }) {
            Some(b) => b,
            None => {
                return Ok(Timing::unknown(
                    replica,
                    Untimed::NoLink { axis: Axis::Tensor },
                ))
            }
        }
    } else {
        f64::INFINITY
    };
    // Pipeline stages hand each step's activations to the next stage: over the network when a
    // replica spans nodes, else inside the node.
    let hop_gbs = if pp > 1 {
        let across = replica > cluster.gpus_per_node.max(1);
        let gbs = if across {
            l.node_network_gbs
                .map(|n| n / f64::from(cluster.gpus_per_node.max(1)))
        } else {
            l.intra_gbs
        };
        match gbs {
            Some(b) if b > 0.0 => b,
            _ => {
                return Ok(Timing::unknown(
                    replica,
                    Untimed::NoLink {
                        axis: Axis::Pipeline,
                    },
                ))
            }
        }
    } else {
        f64::INFINITY
    };
    let hops = ppf - 1.0;
    let hop_s = |tokens: f64| {
        if pp > 1 {
            TP_ALLREDUCE_LATENCY_S + tokens * model.hidden() * 2.0 / (hop_gbs * 1e9)
        } else {
            0.0
        }
    };

    let reads = WeightReads::new(model, t, s.weights);
    let gbs = gpu.memory_bandwidth_gbs.unwrap_or(0.0);
    let family_share = family_bw.bytes_per_s.scale(1.0 / (gbs * 1e9));
    let decode_eff = family_bw
        .bytes_per_s
        .scale(profile.decode * format_factor(s.weights) / (gbs * 1e9));
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
        2.0 * layers / ppf * TP_ALLREDUCE_LATENCY_S
    } else {
        0.0
    };
    let bw = gbs * 1e9;
    // One decode step of `batch` sequences: the batch is split into one group per stage, and a
    // token of each group passes every stage in turn, each stage reading its share of the
    // weights and of its group's KV cache.
    let decode = |batch: f64, mem_eff: f64, comp_eff: f64| -> DecodePoint {
        let group = (batch / ppf).max(1.0);
        let bytes = reads.per_step(group) / tpf / ppf
            + group * model.kv_bytes(avg_ctx, kv_bytes) * share / ppf;
        let t_mem = bytes / (bw * mem_eff);
        let t_comp = group * decode_flops / (tpf * ppf * c.peak_flops * comp_eff);
        let tp_comm = if tp > 1 {
            2.0 * layers / ppf * all_reduce_s(group * model.hidden() * 2.0, tpf, tp_bw)
        } else {
            0.0
        };
        let stage = t_mem.max(t_comp) + tp_latency + tp_comm;
        DecodePoint {
            batch,
            step_s: ppf * stage + hops * hop_s(group) + layers * step_layer_s,
            memory_bound: t_mem >= t_comp,
        }
    };
    // A prompt's prefill when `together` prompts share one pass: its maths, and its share of
    // one read of the weights.
    let prefill_share = |eff: f64, together: f64| -> f64 {
        let flops =
            2.0 * n_m * prompt + 2.0 * layers * width * prompt * model.attended_tokens(prompt);
        let t_comp = flops / (tpf * c.peak_flops * eff);
        let t_read = reads.per_step(prompt.max(1.0)) / tpf / (bw * decode_eff.expected);
        let comm = if tp > 1 {
            2.0 * layers * all_reduce_s(prompt * model.hidden() * 2.0, tpf, tp_bw)
        } else {
            0.0
        };
        t_comp.max(t_read / together.max(1.0)) + comm
    };
    // Time to first token of a request prefilled alone.
    let prefill = |eff: f64| -> f64 {
        prefill_share(eff, 1.0) + hops * hop_s(prompt) + layers * profile.first_token_layer_s
    };

    let batch = f64::from(s.concurrency);
    let ce = c.efficiency.scale(prefill_factor);
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
    // Under load, the prompts of arriving requests are prefilled between (or inside) the decode
    // steps: `batch` sequences finishing every `output` steps bring batch / output prompts per
    // step, each costing its maths (the weights are read for the decode step anyway).
    let interference = |eff: f64| {
        if batch > 1.0 {
            batch / output.max(1.0) * prefill_share(eff, f64::INFINITY)
        } else {
            0.0
        }
    };
    let tpot = Band::new(
        d_fast.step_s + interference(pe.high),
        d_exp.step_s + interference(pe.expected),
        d_slow.step_s + interference(pe.low),
    );

    // Replica time per request: its prefill plus its share of the decode steps.
    let per_request = |prefill_s: f64, step_s: f64, b: f64| prefill_s + output * step_s / b;
    let mut chosen = batch;
    if let Some(target_ms) = s.latency_target_ms {
        let target = target_ms / 1e3;
        if decode(1.0, decode_eff.expected, ce.expected).step_s > target {
            warnings.push(Warning::OneSequenceTooSlow {
                ms: decode(1.0, decode_eff.expected, ce.expected).step_s * 1e3,
                target_ms,
            });
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
    // Under load prompts are prefilled together, as many as are decoded together.
    let rps = |pe_v: f64, me: f64, cv: f64| {
        let d = decode(chosen, me, cv);
        1.0 / per_request(prefill_share(pe_v, chosen), d.step_s, chosen)
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
    terms.push(family_bw.term);
    terms.push(term(
        "server_step_overhead",
        layers * step_layer_s * 1e3,
        "ms",
        detail.text(|| {
            format!(
                "{layers} layers × {:.0} µs per layer per step ({}{}). {}",
                step_layer_s * 1e6,
                profile.name,
                if hbm && profile.hbm_step_layer_s > 0.0 {
                    ", on HBM"
                } else {
                    ""
                },
                profile.derivation
            )
        }),
        Some(profile.speed_source),
    ));
    terms.push(term(
        "decode_bandwidth",
        gbs * decode_eff.expected,
        "GB/s",
        detail.text(|| {
            format!(
                "{gbs} GB/s × {:.2} (the family's decode share) × {:.2} ({}) × {:.2} ({:?} weights)",
                family_share.expected,
                profile.decode,
                profile.name,
                format_factor(s.weights),
                s.weights
            )
        }),
        Some(profile.speed_source),
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
                prefill_share(pe.expected, chosen),
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
    // An offline batch job runs its requests at the batch it was placed with: it has a
    // duration, like training, instead of a monthly fleet.
    let hours = s.batch_requests.map(|n| requests.invert(n / 3600.0));
    if let (Some(n), Some(h)) = (s.batch_requests, hours) {
        terms.push(term(
            "hours",
            h.expected,
            "h",
            detail.text(|| {
                format!(
                    "{n} requests / {:.3} requests/s at a batch of {chosen} sequences",
                    requests.expected
                )
            }),
            None,
        ));
    }
    Ok(Timing {
        hours,
        gpus: replica,
        figures,
        terms,
        warnings,
        untimed: None,
    })
}
