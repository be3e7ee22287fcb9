//! Memory of an LLM server, per GPU: weights, KV cache, the forward pass's working set, runtime.

use super::{b, gib_term, MemoryEstimate};
use crate::cite::{
    AWQ_CONFIG, DEEPSEEK_V2, GGML_BLOCKS, LLAMA_CPP_BATCH, LLAMA_CPP_QUANT, NON_TORCH, NVFP4,
    SERVER_CHUNKS, TM101, VLLM_SCHEDULER,
};
use crate::explain::{Detail, Full, Source, Term};
use crate::model::Attention;
use crate::scenario::{check_count, InputError, Model, Serve, Server, WeightFormat};
use crate::sizing::defaults::*;
use crate::sizing::server;

/// Bytes of the weights in `format`, with the formula and source.
///
/// Integer and fp8 formats quantise the blocks' linear layers and keep embeddings, head and norms
/// in 16-bit (as GPTQ, AWQ, bitsandbytes and vLLM's fp8 do); GGUF bits per weight are averages
/// over the whole file, so they apply to every parameter.
pub fn serve_weight_bytes(model: &Model, format: WeightFormat) -> (f64, String, Source) {
    weight_bytes(model, format, Full)
}

/// [`serve_weight_bytes`], with the text only when `detail` asks for it.
pub(crate) fn weight_bytes(
    model: &Model,
    format: WeightFormat,
    detail: impl Detail,
) -> (f64, String, Source) {
    let n = model.params;
    let linear = model.block_linear_params();
    let rest = model.unquantised_params();
    let mixed = |bits: f64, what: &str| {
        (
            linear * bits / 8.0 + rest * 2.0,
            detail.text(|| {
                format!(
                    "{} linear-layer params × {bits:.3} bits ({what}) + {} embedding/head/norm params × 2 B",
                    b(linear),
                    b(rest)
                )
            }),
        )
    };
    let whole = |bits: f64, what: &str| {
        (
            n * bits / 8.0,
            detail.text(|| format!("{} params × {bits} bits per weight ({what})", b(n))),
        )
    };
    let ((bytes, text), src) = match format {
        WeightFormat::Fp32 => (whole(32.0, "fp32"), TM101),
        WeightFormat::Bf16 => (whole(16.0, "bf16"), TM101),
        WeightFormat::Fp8 => (mixed(8.0, "fp8"), TM101),
        WeightFormat::Int8 => (mixed(8.0, "int8"), TM101),
        WeightFormat::Fp4 => (mixed(FP4_BITS, "FP4 with block scales"), NVFP4),
        WeightFormat::GgufQ4_0 => (whole(GGUF_Q4_0_BITS, "GGUF Q4_0"), GGML_BLOCKS),
        WeightFormat::Int4Gptq => (mixed(INT4_GROUP_BITS, "GPTQ 4-bit, group 128"), AWQ_CONFIG),
        WeightFormat::Int4Awq => (mixed(INT4_GROUP_BITS, "AWQ 4-bit, group 128"), AWQ_CONFIG),
        WeightFormat::GgufQ4KM => (whole(GGUF_Q4_K_M_BITS, "GGUF Q4_K_M"), LLAMA_CPP_QUANT),
        WeightFormat::GgufQ5KM => (whole(GGUF_Q5_K_M_BITS, "GGUF Q5_K_M"), LLAMA_CPP_QUANT),
        WeightFormat::GgufQ6K => (whole(GGUF_Q6_K_BITS, "GGUF Q6_K"), LLAMA_CPP_QUANT),
        WeightFormat::GgufQ8_0 => (whole(GGUF_Q8_0_BITS, "GGUF Q8_0"), LLAMA_CPP_QUANT),
    };
    (bytes, text, src)
}

/// Share of the KV cache one of `tp` GPUs holds: KV heads are split across tensor-parallel ranks,
/// but a rank holds at least one (GQA with fewer KV heads than ranks replicates them); MLA's
/// latent is replicated on every rank.
pub fn kv_share(model: &Model, tp: u32) -> f64 {
    let Some(t) = &model.transformer else {
        return 1.0;
    };
    if t.attention == Attention::Mla {
        return 1.0;
    }
    let kv = t.num_key_value_heads.max(1);
    f64::from(kv.div_ceil(tp.max(1))) / f64::from(kv)
}

/// Mean MLP width one token's forward pass materialises (MoE: routed + shared experts).
pub(crate) fn mlp_width(model: &Model) -> f64 {
    let Some(t) = &model.transformer else {
        return 0.0;
    };
    match &t.moe {
        Some(m) => {
            let layers = f64::from(t.num_hidden_layers).max(1.0);
            let moe_l = f64::from(t.num_hidden_layers.saturating_sub(m.first_dense_layers));
            let w = f64::from(m.experts_per_token + m.shared_experts)
                * f64::from(m.moe_intermediate_size);
            (moe_l * w + (layers - moe_l) * f64::from(t.intermediate_size)) / layers
        }
        None => f64::from(t.intermediate_size),
    }
}

/// Tokens one forward pass processes: the workload's setting, else the server's default
/// (llama.cpp's physical batch, vLLM's max(context, 2048) for the others).
pub fn batch_tokens(s: &Serve) -> u32 {
    s.batch_tokens.unwrap_or_else(|| {
        let whole = s.context_tokens.max(SERVING_MIN_BATCH_TOKENS);
        server::prefill_chunk(s.server).map_or(whole, |chunk| chunk.min(whole))
    })
}

/// Serving memory per GPU with tensor-parallel degree `tp` (and the workload's pipeline stages).
pub fn serve_memory(model: &Model, s: &Serve, tp: u32) -> Result<MemoryEstimate, InputError> {
    serve_memory_with(model, s, tp, Full)
}

/// [`serve_memory`] with formulas only when `detail` asks for them.
pub fn serve_memory_with(
    model: &Model,
    s: &Serve,
    tp: u32,
    detail: impl Detail,
) -> Result<MemoryEstimate, InputError> {
    let tp = check_count("workload.tensor_parallel", tp, 1, 1024)?;
    let pp = check_count(
        "workload.pipeline_parallel",
        s.pipeline_parallel.unwrap_or(1),
        1,
        1024,
    )?;
    let Some(t) = &model.transformer else {
        return Err(InputError::new(
            "model",
            "serving is sized for transformer language models; pick a preset with an architecture",
        )
        .because(crate::scenario::InputProblem::NeedsArchitecture));
    };
    let tpf = f64::from(tp);
    let ppf = f64::from(pp);
    let split = detail.text(|| {
        if pp > 1 {
            format!("/ (tp {tp} × pp {pp})")
        } else {
            format!("/ tp {tp}")
        }
    });
    let mut terms = Vec::with_capacity(5);

    let (wbytes, wtext, wsrc) = weight_bytes(model, s.weights, detail);
    terms.push(gib_term(
        "weights",
        wbytes / tpf / ppf,
        detail.text(|| format!("{wtext} {split}")),
        Some(wsrc),
    ));

    let ctx = f64::from(s.context_tokens);
    let conc = f64::from(s.concurrency);
    let per_seq = model.kv_bytes(ctx, s.kv.bytes());
    let share = kv_share(model, tp);
    let kv_formula = || {
        let kv_text = match (&t.attention, &t.mla) {
            (Attention::Mla, Some(m)) => format!(
                "MLA latent: L {} × (kv_lora_rank {} + rope {}) × {} B",
                t.num_hidden_layers,
                m.kv_lora_rank,
                m.qk_rope_head_dim,
                s.kv.bytes()
            ),
            _ => format!(
                "2 × L {} × kv_heads {} × head_dim {} × {} B",
                t.num_hidden_layers,
                t.num_key_value_heads,
                t.head_dim,
                s.kv.bytes()
            ),
        };
        let window_text = match t.sliding_window {
            Some(w) => format!(
                "; {} layers keep at most the {w}-token window",
                t.sliding_window_layers.unwrap_or(t.num_hidden_layers)
            ),
            None => String::new(),
        };
        let stages = if pp > 1 {
            format!(" / pp {pp} (layers over stages)")
        } else {
            String::new()
        };
        format!(
            "{kv_text} per token × {ctx} tokens × {conc} sequences × {share:.3} per GPU (KV heads over tp {tp}){stages}{window_text}"
        )
    };
    terms.push(gib_term(
        "kv_cache",
        per_seq * conc * share / ppf,
        detail.text(kv_formula),
        Some(if t.attention == Attention::Mla {
            DEEPSEEK_V2
        } else {
            TM101
        }),
    ));

    let profile = server::profile(s.server);
    let tokens = f64::from(batch_tokens(s));
    let h = f64::from(t.hidden_size);
    let mats = if t.gated_mlp { 3.0 } else { 2.0 };
    let width = mlp_width(model);
    let working = tokens * (2.0 * h + mats * width / tpf) * 2.0;
    let sampler = conc * f64::from(t.vocab_size) * SAMPLER_BYTES_PER_VOCAB;
    terms.push(gib_term(
        "activations",
        working + sampler,
        detail.text(|| {
            format!(
                "forward pass of {tokens} tokens × (2·h {h} + {mats}·f {width:.0} / tp {tp}) × 2 B + sampler {conc} sequences × V {} × {SAMPLER_BYTES_PER_VOCAB} B",
                t.vocab_size
            )
        }),
        Some(match s.server {
            Server::LlamaCpp => LLAMA_CPP_BATCH,
            Server::Vllm => VLLM_SCHEDULER,
            _ => SERVER_CHUNKS,
        }),
    ));
    terms.push(super::cuda_context(detail));
    let comm = if tp * pp > 1 { COMM_BUFFERS_GIB } else { 0.0 };
    if profile.runtime_gib + comm > 0.0 {
        terms.push(Term {
            key: "framework_overhead",
            value: profile.runtime_gib + comm,
            unit: "GiB",
            formula: detail.text(|| {
                let runtime = format!(
                    "{} runtime outside PyTorch's allocator {:.2} GiB",
                    profile.name, profile.runtime_gib
                );
                if comm > 0.0 {
                    format!("{runtime} + communication buffers {COMM_BUFFERS_GIB:.2} GiB")
                } else {
                    runtime
                }
            }),
            source: Some(NON_TORCH),
        });
    }
    Ok(MemoryEstimate::from_terms(terms, Vec::new()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{KvPrecision, ModelSpec};
    use crate::units::GIB;

    fn model(id: &str) -> Model {
        Model::resolve(&ModelSpec::Preset(id.into())).unwrap()
    }

    #[test]
    fn gguf_q8_0_of_llama_7b_matches_llama_cpp_size() {
        // llama.cpp reports 6.67 GiB for LLaMA 7B Q8_0 (calibration I01).
        let (bytes, _, _) = serve_weight_bytes(&model("llama-2-7b"), WeightFormat::GgufQ8_0);
        assert!((bytes / GIB - 6.67).abs() < 0.05, "{}", bytes / GIB);
    }

    #[test]
    fn fp8_kv_halves_the_cache() {
        let m = model("llama-3.1-8b");
        let mut s = Serve {
            concurrency: 8,
            ..Serve::default()
        };
        let bf16 = serve_memory(&m, &s, 1)
            .unwrap()
            .term("kv_cache")
            .unwrap()
            .value;
        s.kv = KvPrecision::Fp8;
        let fp8 = serve_memory(&m, &s, 1)
            .unwrap()
            .term("kv_cache")
            .unwrap()
            .value;
        assert!((bf16 / fp8 - 2.0).abs() < 1e-12);
    }

    #[test]
    fn kv_heads_split_over_tp_but_never_below_one() {
        let m = model("llama-3.1-70b"); // 8 KV heads
        assert_eq!(kv_share(&m, 4), 0.25);
        assert_eq!(kv_share(&m, 16), 1.0 / 8.0);
        assert_eq!(kv_share(&model("deepseek-v3"), 8), 1.0);
    }
}
