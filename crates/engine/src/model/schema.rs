//! Record types of the model presets in `data/models.toml`.
//!
//! Compiled into `build.rs` as well (via `#[path]`), so it depends on nothing but `serde` and
//! `crate::compact`. Transformer fields follow the names of Hugging Face `config.json` files so a
//! preset can be checked against its source line by line. Each record also lists its fields for
//! the compact form the page's main module embeds, without the sources and notes.

use crate::compact::{record, variants};
use serde::{Deserialize, Serialize};

/// A model preset. Transformers fill `transformer`; other networks (CNNs, diffusion U-Nets) fill
/// `dense` with measured per-sample figures instead.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelPreset {
    /// Stable key used in links, e.g. `llama-3.1-8b`.
    pub id: String,
    pub name: String,
    pub family: String,
    pub kind: ModelKind,
    /// Total parameters as published, in billions (all experts for MoE).
    pub params_b: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transformer: Option<Transformer>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dense: Option<DenseNet>,
    /// `config.json` or paper the numbers were read from.
    #[serde(default)]
    pub source: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ModelKind {
    /// Decoder-only language model.
    Llm,
    /// Encoder-only (BERT-like).
    Encoder,
    /// Encoder-decoder (Whisper, T5).
    EncoderDecoder,
    Vision,
    Diffusion,
    /// Click-through recommender (DLRM-like): embedding tables and small MLPs.
    Recommender,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Attention {
    /// Multi-head: one K/V head per query head.
    Mha,
    /// Grouped-query: `num_key_value_heads` < `num_attention_heads`.
    Gqa,
    /// Multi-query: one K/V head.
    Mqa,
    /// Multi-head latent attention (DeepSeek-V2/V3): caches a compressed latent per token.
    Mla,
}

/// Architecture numbers of a transformer, named as in Hugging Face configs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Transformer {
    pub num_hidden_layers: u32,
    pub hidden_size: u32,
    pub num_attention_heads: u32,
    pub num_key_value_heads: u32,
    pub head_dim: u32,
    /// Dense MLP width (for MoE: the width of the dense layers, if any).
    pub intermediate_size: u32,
    pub vocab_size: u32,
    pub tie_word_embeddings: bool,
    pub attention: Attention,
    /// Gated MLP (SwiGLU/GeGLU: three matrices) versus classic two-matrix MLP.
    #[serde(default = "yes")]
    pub gated_mlp: bool,
    pub max_position_embeddings: u32,
    /// Sliding-window attention span in tokens, if any layer uses one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sliding_window: Option<u32>,
    /// How many of the layers use the sliding window (the rest attend globally). Defaults to all
    /// when `sliding_window` is set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sliding_window_layers: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moe: Option<Moe>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mla: Option<Mla>,
    /// Encoder-decoder models: layers of the encoder (the decoder is `num_hidden_layers`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encoder_layers: Option<u32>,
}

fn yes() -> bool {
    true
}

/// Mixture-of-experts layout.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Moe {
    /// Routed experts per MoE layer.
    pub num_experts: u32,
    /// Routed experts each token is sent to.
    pub experts_per_token: u32,
    #[serde(default)]
    pub shared_experts: u32,
    /// Width of one expert's MLP.
    pub moe_intermediate_size: u32,
    /// Leading layers that use the dense MLP instead of experts.
    #[serde(default)]
    pub first_dense_layers: u32,
    /// Active parameters per token as published, in billions, when the source states it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active_params_b: Option<f64>,
}

/// Multi-head latent attention dimensions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mla {
    pub kv_lora_rank: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub q_lora_rank: Option<u32>,
    pub qk_rope_head_dim: u32,
    pub qk_nope_head_dim: u32,
    pub v_head_dim: u32,
}

/// Non-transformer network described by published per-sample figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DenseNet {
    /// Forward-pass GFLOPs for one sample at `input`.
    pub forward_gflops_per_sample: f64,
    /// Activation memory kept for backward per sample at fp16/bf16, MiB.
    pub activation_mib_per_sample: f64,
    /// Input the figures refer to, e.g. `224x224 RGB` or `1024x1024, 50 steps`.
    pub input: String,
    /// The shortest time one inference batch of this net takes, ms, where its source publishes
    /// a small-batch latency: a shallow net run as one captured graph (a recommender's few
    /// MLP layers) launches far less work than the serving floors the engine otherwise takes,
    /// which are a deep CNN's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub batch_floor_ms: Option<f64>,
    /// Source of the per-sample figures (may differ from the parameter source).
    #[serde(default)]
    pub figures_source: String,
}

// The compact form of each type (`crate::compact`): its fields in order, and those left out
// of the copy the page's main module embeds.
record! {
    ModelPreset: id, name, family, kind, params_b, transformer, dense;
    left_out: source, notes
}
variants! { ModelKind: Llm, Encoder, EncoderDecoder, Vision, Diffusion, Recommender }
variants! { Attention: Mha, Gqa, Mqa, Mla }
record! {
    Transformer: num_hidden_layers, hidden_size, num_attention_heads, num_key_value_heads,
    head_dim, intermediate_size, vocab_size, tie_word_embeddings, attention, gated_mlp,
    max_position_embeddings, sliding_window, sliding_window_layers, moe, mla, encoder_layers
}
record! {
    Moe: num_experts, experts_per_token, shared_experts, moe_intermediate_size, first_dense_layers,
    active_params_b
}
record! { Mla: kv_lora_rank, q_lora_rank, qk_rope_head_dim, qk_nope_head_dim, v_head_dim }
record! {
    DenseNet: forward_gflops_per_sample, activation_mib_per_sample, input, batch_floor_ms;
    left_out: figures_source
}

/// Rules every preset must satisfy; empty means valid. Run at build time and in tests.
pub fn problems(presets: &[ModelPreset]) -> Vec<String> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for m in presets {
        let mut bad = |msg: &str| out.push(format!("{}: {msg}", m.id));
        if !seen.insert(m.id.as_str()) {
            bad("duplicate id");
        }
        if !(m.params_b > 0.0 && m.params_b < 10_000.0) {
            bad("params_b outside 0..10000");
        }
        if !m.source.starts_with("https://") {
            bad("source must be an https URL");
        }
        match (&m.transformer, &m.dense) {
            (None, None) => bad("needs a transformer or a dense block"),
            (Some(t), _) => {
                if t.num_hidden_layers == 0 || t.hidden_size == 0 || t.head_dim == 0 {
                    bad("layers, hidden size and head_dim must be positive");
                }
                if t.num_attention_heads == 0
                    || t.num_key_value_heads == 0
                    || t.num_attention_heads % t.num_key_value_heads != 0
                {
                    bad("attention heads must be a positive multiple of KV heads");
                }
                let kv_ok = match t.attention {
                    Attention::Mha => t.num_key_value_heads == t.num_attention_heads,
                    Attention::Gqa => t.num_key_value_heads < t.num_attention_heads,
                    Attention::Mqa => t.num_key_value_heads == 1,
                    Attention::Mla => t.mla.is_some(),
                };
                if !kv_ok {
                    bad("attention type disagrees with the KV heads (or MLA lacks its dims)");
                }
                if let Some(moe) = &t.moe {
                    if moe.experts_per_token == 0 || moe.experts_per_token > moe.num_experts {
                        bad("experts_per_token must be within 1..num_experts");
                    }
                }
                if t.sliding_window_layers
                    .is_some_and(|n| n > t.num_hidden_layers)
                {
                    bad("sliding_window_layers exceeds the layer count");
                }
            }
            (None, Some(d)) => {
                if !(d.forward_gflops_per_sample > 0.0 && d.activation_mib_per_sample >= 0.0) {
                    bad("dense figures must be positive");
                }
                if d.batch_floor_ms.is_some_and(|f| f.is_nan() || f <= 0.0) {
                    bad("batch_floor_ms must be positive");
                }
            }
        }
    }
    out
}
