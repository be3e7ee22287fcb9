//! One serving replica's speed: what its GPUs and links reach, the weights and cache a decode
//! step reads, and the time of a decode step or a prefill at any batch and efficiency.

use super::super::comm::{all_reduce_s, links_with, Group};
use super::super::efficiency::{Bandwidth, Compute, Precision, RateCache, Work};
use super::DecodePoint;
use crate::explain::{Detail, Numbers, Term};
use crate::model::Transformer;
use crate::scenario::{Cluster, Model, Serve, WeightFormat};
use crate::sizing::defaults::*;
use crate::sizing::memory::{kv_share, weight_bytes};
use crate::sizing::server::{self, Profile};
use crate::warning::{Axis, Untimed, Warning};
use std::sync::Arc;

/// Decode-efficiency factor of a weight format relative to 16-bit weights.
pub(super) fn format_factor(format: WeightFormat) -> f64 {
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
pub(super) fn weight_only(format: WeightFormat) -> bool {
    !matches!(
        format,
        WeightFormat::Fp32 | WeightFormat::Bf16 | WeightFormat::Fp8 | WeightFormat::Fp4
    )
}

/// Weight bytes one decode step reads: everything but the input-embedding table (a lookup of a
/// few rows) and, for mixture-of-experts layers, only the experts a batch of `batch` tokens
/// visits: E·(1 − (1 − k/E)^batch) of E when routing is uniform.
pub(super) struct WeightReads {
    pub total: f64,
    pub lookup: f64,
    pub experts: f64,
    num_experts: f64,
    per_token: f64,
}

impl WeightReads {
    fn new(model: &Model, t: &Transformer, format: WeightFormat) -> WeightReads {
        let (total, _, _) = weight_bytes(model, format, Numbers);
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

    pub fn per_step(&self, batch: f64) -> f64 {
        let touched = if self.experts > 0.0 {
            1.0 - (1.0 - self.per_token / self.num_experts).powf(batch.max(1.0))
        } else {
            1.0
        };
        self.total - self.lookup - self.experts + self.experts * touched
    }
}

/// A replica of `tp × pp` GPUs serving one model, with everything its step times depend on.
pub(super) struct Replica<'m> {
    model: &'m Model,
    pub profile: &'static Profile,
    /// The GPUs' memory is HBM (some servers' factors differ on it).
    pub hbm: bool,
    /// The server's own time per layer per decode step, seconds.
    pub step_layer_s: f64,
    pub tp: u32,
    pub tpf: f64,
    ppf: f64,
    /// GPUs the replica spans.
    pub gpus: u32,
    /// Peak and efficiency of the matmuls (prefill's rate, which batched decode reaches too).
    pub c: Arc<Compute>,
    /// The GPUs' peak and efficiency scaled by the server's prefill factor.
    pub ce: Band,
    /// `ce` with weight-only formats' dequantisation.
    pub pe: Band,
    pub family_bw: Arc<Bandwidth>,
    pub link_terms: Vec<Term>,
    tp_bw: f64,
    hop_gbs: f64,
    pub reads: WeightReads,
    /// The GPU's memory bandwidth, GB/s.
    pub gbs: f64,
    /// The family's decode share of it.
    pub family_share: Band,
    /// The decode share with the server's and the weight format's factors.
    pub decode_eff: Band,
    pub prompt: f64,
    pub output: f64,
    /// Tokens of context a decode step attends to on average: the prompt and half the output.
    pub avg_ctx: f64,
    pub kv_bytes: f64,
    /// Share of the KV cache each GPU holds.
    pub share: f64,
    n_m: f64,
    width: f64,
    pub layers: f64,
    /// FLOPs of one sequence's decode step.
    pub decode_flops: f64,
    tp_latency: f64,
    bw: f64,
}

impl<'m> Replica<'m> {
    /// The replica of `s` on `cluster`, or why the catalog cannot time it; the GPU's rates are
    /// looked up in `rates`. The warnings about its figures are appended to `warnings`.
    pub fn new<'g>(
        model: &'m Model,
        t: &Transformer,
        s: &Serve,
        cluster: &Cluster<'g>,
        detail: impl Detail,
        rates: &mut RateCache<'g>,
        warnings: &mut Vec<Warning>,
    ) -> Result<Replica<'m>, Untimed> {
        let profile = server::profile(s.server);
        let hbm = gpu_has_hbm(cluster.gpu);
        let step_layer_s = profile.step_layer_s + if hbm { profile.hbm_step_layer_s } else { 0.0 };
        let prefill_factor = profile.prefill * if hbm { profile.hbm_prefill } else { 1.0 };
        let pp = s.pipeline_parallel.unwrap_or(1).max(1);
        let tp = s.tensor_parallel.unwrap_or(cluster.gpus / pp).max(1);
        let (tpf, ppf) = (f64::from(tp), f64::from(pp));
        let replica = super::replica_gpus(s, cluster);
        let gpu = cluster.gpu;
        let family_bw = rates.bandwidth(gpu, detail)?;
        let asked = match s.weights {
            WeightFormat::Fp4 => Precision::Fp4,
            WeightFormat::Fp8 => Precision::Fp8,
            _ => Precision::Bf16,
        };
        let c = rates.compute(gpu, asked, Work::Prefill, detail)?;
        warnings.extend(c.warnings.iter().cloned());
        warnings.extend(family_bw.warnings.iter().cloned());
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
        let (tp_bw, hop_gbs, link_terms) = links(cluster, tp, pp, detail)?;

        let reads = WeightReads::new(model, t, s.weights);
        let gbs = gpu.memory_bandwidth_gbs.unwrap_or(0.0);
        let family_share = family_bw.bytes_per_s.scale(1.0 / (gbs * 1e9));
        let decode_eff = family_bw
            .bytes_per_s
            .scale(profile.decode * format_factor(s.weights) / (gbs * 1e9));
        let prompt = f64::from(s.prompt_tokens);
        let output = f64::from(s.output_tokens);
        let avg_ctx = prompt + output / 2.0;
        let layers = model.layers();
        let width = model.attention_width();
        let n_m = model.matmul_params();
        let ce = c.efficiency.scale(prefill_factor);
        // Prefill and batched decode run at the training efficiency; weight-only quantised
        // formats dequantise before each matmul, so they pay the same factor as in decode
        // (ASSUMPTION).
        let pe = if weight_only(s.weights) {
            ce.scale(format_factor(s.weights))
        } else {
            ce
        };
        Ok(Replica {
            model,
            profile,
            hbm,
            step_layer_s,
            tp,
            tpf,
            ppf,
            gpus: replica,
            ce,
            pe,
            family_bw,
            link_terms,
            tp_bw,
            hop_gbs,
            reads,
            gbs,
            family_share,
            decode_eff,
            prompt,
            output,
            avg_ctx,
            kv_bytes: s.kv.bytes(),
            share: kv_share(model, tp),
            n_m,
            width,
            layers,
            decode_flops: 2.0 * n_m + 4.0 * layers * width * model.attended_tokens(avg_ctx),
            tp_latency: if tp > 1 {
                2.0 * layers / ppf * TP_ALLREDUCE_LATENCY_S
            } else {
                0.0
            },
            bw: gbs * 1e9,
            c,
        })
    }

    /// Handing `tokens` tokens' activations from one pipeline stage to the next, seconds.
    fn hop_s(&self, tokens: f64) -> f64 {
        if self.ppf > 1.0 {
            TP_ALLREDUCE_LATENCY_S + tokens * self.model.hidden() * 2.0 / (self.hop_gbs * 1e9)
        } else {
            0.0
        }
    }

    /// One decode step of `batch` sequences: the batch is split into one group per stage, and a
    /// token of each group passes every stage in turn, each stage reading its share of the
    /// weights and of its group's KV cache.
    pub fn decode(&self, batch: f64, mem_eff: f64, comp_eff: f64) -> DecodePoint {
        let (model, tpf, ppf) = (self.model, self.tpf, self.ppf);
        let group = (batch / ppf).max(1.0);
        let bytes = self.reads.per_step(group) / tpf / ppf
            + group * model.kv_bytes(self.avg_ctx, self.kv_bytes) * self.share / ppf;
        let t_mem = bytes / (self.bw * mem_eff);
        let t_comp = group * self.decode_flops / (tpf * ppf * self.c.peak_flops * comp_eff);
        let tp_comm = if self.tp > 1 {
            2.0 * self.layers / ppf * all_reduce_s(group * model.hidden() * 2.0, tpf, self.tp_bw)
        } else {
            0.0
        };
        let stage = t_mem.max(t_comp) + self.tp_latency + tp_comm;
        DecodePoint {
            batch,
            step_s: ppf * stage + (ppf - 1.0) * self.hop_s(group) + self.layers * self.step_layer_s,
            memory_bound: t_mem >= t_comp,
        }
    }

    /// A prompt's prefill when `together` prompts share one pass: its maths, and its share of
    /// one read of the weights.
    pub fn prefill_share(&self, eff: f64, together: f64) -> f64 {
        let (model, tpf, prompt, layers) = (self.model, self.tpf, self.prompt, self.layers);
        let flops = 2.0 * self.n_m * prompt
            + 2.0 * layers * self.width * prompt * model.attended_tokens(prompt);
        let t_comp = flops / (tpf * self.c.peak_flops * eff);
        let t_read =
            self.reads.per_step(prompt.max(1.0)) / tpf / (self.bw * self.decode_eff.expected);
        let comm = if self.tp > 1 {
            2.0 * layers * all_reduce_s(prompt * model.hidden() * 2.0, tpf, self.tp_bw)
        } else {
            0.0
        };
        t_comp.max(t_read / together.max(1.0)) + comm
    }

    /// Time to first token of a request prefilled alone.
    pub fn prefill(&self, eff: f64) -> f64 {
        self.prefill_share(eff, 1.0)
            + (self.ppf - 1.0) * self.hop_s(self.prompt)
            + self.layers * self.profile.first_token_layer_s
    }
}

/// The bus bandwidth a replica's tensor-parallel all-reduces get and the one its pipeline
/// stages hand activations over, GB/s (infinite where it does not split that way), with the
/// links' terms; or the link it lacks.
fn links(
    cluster: &Cluster,
    tp: u32,
    pp: u32,
    detail: impl Detail,
) -> Result<(f64, f64, Vec<Term>), Untimed> {
    let replica = tp * pp;
    let l = links_with(cluster, detail);
    let tp_bw = if tp > 1 {
        l.bus_gbs(Group {
            ranks: tp,
            per_node: tp.min(cluster.gpus_per_node.max(1)),
        })
        .ok_or(Untimed::NoLink { axis: Axis::Tensor })?
    } else {
        f64::INFINITY
    };
    // Pipeline stages hand each step's activations to the next stage: over the network when
    // a replica spans nodes, else inside the node.
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
                return Err(Untimed::NoLink {
                    axis: Axis::Pipeline,
                })
            }
        }
    } else {
        f64::INFINITY
    };
    Ok((tp_bw, hop_gbs, l.terms))
}
