//! Parameter counts from transformer architecture numbers.
//!
//! Counting from the architecture (rather than trusting one published total) tells the engine
//! which parameters are embeddings, which are touched per token in a mixture of experts, and which
//! matrices LoRA or 4-bit quantisation applies to. The tests check every preset's count against
//! its published `params_b`, which validates the presets as a side effect.

use crate::model::{Attention, ModelKind, Transformer};

/// Parameter counts of one architecture, in parameters (not billions).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ParamCount {
    /// Everything, all experts included.
    pub total: f64,
    /// Used for one token: shared weights plus the routed experts a token visits.
    pub active: f64,
    /// Token embedding table (plus learned positions): a lookup, not a matrix multiply.
    pub embedding: f64,
    /// Output projection to the vocabulary; shares storage with the embedding when tied.
    pub lm_head: f64,
    /// Weights of the linear layers inside the blocks (attention and MLP matrices): what LoRA
    /// targets and 4-bit formats quantise.
    pub block_linear: f64,
    /// The largest single matrix, e.g. the embedding table (what one gradient buffer must hold).
    pub largest_tensor: f64,
}

/// Shapes (`d_in`, `d_out`) of the linear modules LoRA can target, per layer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LinearShapes {
    pub q: (f64, f64),
    pub k: (f64, f64),
    pub v: (f64, f64),
    pub o: (f64, f64),
    /// MLP matrices; for a mixture of experts, one expert's.
    pub gate: (f64, f64),
    pub up: (f64, f64),
    pub down: (f64, f64),
    /// Copies of the MLP matrices in one layer: 1 for a dense MLP, routed + shared experts for MoE.
    pub mlp_copies: f64,
}

fn f(x: u32) -> f64 {
    f64::from(x)
}

/// Weights of one attention block (projections only; norms are counted separately).
pub fn attention_params(t: &Transformer) -> f64 {
    let h = f(t.hidden_size);
    let heads = f(t.num_attention_heads);
    match (&t.attention, &t.mla) {
        (Attention::Mla, Some(m)) => {
            let qk = f(m.qk_nope_head_dim) + f(m.qk_rope_head_dim);
            let q = match m.q_lora_rank {
                Some(r) => h * f(r) + f(r) + f(r) * heads * qk,
                None => h * heads * qk,
            };
            let kv_a = h * (f(m.kv_lora_rank) + f(m.qk_rope_head_dim)) + f(m.kv_lora_rank);
            let kv_b = f(m.kv_lora_rank) * heads * (f(m.qk_nope_head_dim) + f(m.v_head_dim));
            let o = heads * f(m.v_head_dim) * h;
            q + kv_a + kv_b + o
        }
        _ => {
            let q = h * heads * f(t.head_dim);
            let kv = 2.0 * h * f(t.num_key_value_heads) * f(t.head_dim);
            let o = heads * f(t.head_dim) * h;
            q + kv + o
        }
    }
}

/// Matrices in one MLP: three for gated (SwiGLU/GeGLU), two otherwise.
pub fn mlp_matrices(t: &Transformer) -> f64 {
    if t.gated_mlp {
        3.0
    } else {
        2.0
    }
}

/// Layers whose MLP is a mixture of experts.
pub fn moe_layers(t: &Transformer) -> f64 {
    match &t.moe {
        Some(m) => f(t.num_hidden_layers.saturating_sub(m.first_dense_layers)),
        None => 0.0,
    }
}

/// Learned absolute positions: encoders, vision transformers and Whisper-style models have them;
/// decoder LLMs use rotary or ALiBi positions, which have no weights.
fn learned_positions(kind: ModelKind, t: &Transformer) -> f64 {
    match kind {
        ModelKind::Encoder | ModelKind::Vision | ModelKind::EncoderDecoder => {
            f(t.max_position_embeddings) * f(t.hidden_size)
        }
        ModelKind::Llm | ModelKind::Diffusion | ModelKind::Recommender => 0.0,
    }
}

/// Counts the parameters of a transformer.
///
/// Per layer: attention projections (GQA-sized K/V, or MLA's low-rank projections), the MLP
/// (2 or 3 matrices; for MoE every routed expert, the shared experts and the router) and two
/// norms. Plus token embeddings, learned positions where the kind has them, the LM head when
/// not tied, and the final norm. Encoder-decoder models add encoder layers and the decoder's
/// cross-attention. Biases are left out (they are well under 0.1% of any preset).
pub fn count(kind: ModelKind, t: &Transformer) -> ParamCount {
    let h = f(t.hidden_size);
    let layers = f(t.num_hidden_layers);
    let attn = attention_params(t);
    let norms = 2.0 * h;
    let mats = mlp_matrices(t);
    let dense_mlp = mats * h * f(t.intermediate_size);

    let moe_l = moe_layers(t);
    let dense_l = layers - moe_l;
    let (moe_total, moe_active) = match &t.moe {
        Some(m) => {
            let expert = mats * h * f(m.moe_intermediate_size);
            let router = h * f(m.num_experts);
            let shared = f(m.shared_experts) * expert;
            (
                f(m.num_experts) * expert + shared + router,
                f(m.experts_per_token) * expert + shared + router,
            )
        }
        None => (0.0, 0.0),
    };

    // Encoder stack (encoder-decoder models) and the decoder's cross-attention.
    let enc_layers = f(t.encoder_layers.unwrap_or(0));
    let encoder = enc_layers * (attn + dense_mlp + norms);
    let cross = if enc_layers > 0.0 {
        layers * (attn + h)
    } else {
        0.0
    };

    let blocks_total = layers * (attn + norms) + dense_l * dense_mlp + moe_l * moe_total;
    let blocks_active = layers * (attn + norms) + dense_l * dense_mlp + moe_l * moe_active;

    let vocab = f(t.vocab_size);
    let token_embedding = vocab * h;
    let embedding = token_embedding + learned_positions(kind, t);
    let lm_head = token_embedding;
    let head_storage = if t.tie_word_embeddings { 0.0 } else { lm_head };
    let final_norm = h;
    let rest = embedding + head_storage + final_norm + encoder + cross;

    let block_linear = layers * attn
        + dense_l * dense_mlp
        + moe_l * (moe_total - t.moe.as_ref().map_or(0.0, |m| h * f(m.num_experts)))
        + enc_layers * (attn + dense_mlp)
        + if enc_layers > 0.0 { layers * attn } else { 0.0 };

    let ffn_width = match &t.moe {
        Some(m) if moe_l >= layers => f(m.moe_intermediate_size),
        _ => f(t.intermediate_size),
    };
    let largest_tensor = token_embedding.max(h * ffn_width).max(h * h);

    ParamCount {
        total: blocks_total + rest,
        active: blocks_active + rest,
        embedding,
        lm_head,
        block_linear,
        largest_tensor,
    }
}

/// Linear module shapes for LoRA, with GQA-sized K/V (and MLA's projections for MLA models).
pub fn linear_shapes(t: &Transformer) -> LinearShapes {
    let h = f(t.hidden_size);
    let heads = f(t.num_attention_heads);
    let (q, k, v, o) = match (&t.attention, &t.mla) {
        (Attention::Mla, Some(m)) => {
            let qk = f(m.qk_nope_head_dim) + f(m.qk_rope_head_dim);
            let q_in = m.q_lora_rank.map_or(h, f);
            (
                (q_in, heads * qk),
                (h, f(m.kv_lora_rank) + f(m.qk_rope_head_dim)),
                (
                    f(m.kv_lora_rank),
                    heads * (f(m.qk_nope_head_dim) + f(m.v_head_dim)),
                ),
                (heads * f(m.v_head_dim), h),
            )
        }
        _ => {
            let qd = heads * f(t.head_dim);
            let kvd = f(t.num_key_value_heads) * f(t.head_dim);
            ((h, qd), (h, kvd), (h, kvd), (qd, h))
        }
    };
    let (width, copies) = match &t.moe {
        Some(m) if moe_layers(t) >= f(t.num_hidden_layers) => (
            f(m.moe_intermediate_size),
            f(m.num_experts) + f(m.shared_experts),
        ),
        _ => (f(t.intermediate_size), 1.0),
    };
    LinearShapes {
        q,
        k,
        v,
        o,
        gate: (h, width),
        up: (h, width),
        down: (width, h),
        mlp_copies: copies,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::presets;

    /// Every transformer preset's count from its architecture agrees with its published total,
    /// which checks the counting and the preset numbers against each other.
    #[test]
    fn every_preset_count_matches_its_published_total() {
        let mut checked = 0;
        for p in presets() {
            let Some(t) = &p.transformer else { continue };
            let c = count(p.kind, t);
            let published = p.params_b * 1e9;
            let err = c.total / published - 1.0;
            assert!(
                err.abs() < 0.03,
                "{}: counted {:.3} B vs published {} B ({:+.1}%)",
                p.id,
                c.total / 1e9,
                p.params_b,
                err * 100.0
            );
            assert!(c.active <= c.total && c.embedding < c.total, "{}", p.id);
            checked += 1;
        }
        assert!(checked >= 10, "only {checked} transformer presets");
    }

    /// Mixture-of-experts presets that publish their active parameters agree with the count.
    #[test]
    fn moe_active_params_match_published() {
        for p in presets() {
            let Some(t) = &p.transformer else { continue };
            let Some(active_b) = t.moe.as_ref().and_then(|m| m.active_params_b) else {
                continue;
            };
            let c = count(p.kind, t);
            let err = c.active / (active_b * 1e9) - 1.0;
            assert!(
                err.abs() < 0.05,
                "{}: active {:.2} B vs {active_b} B",
                p.id,
                c.active / 1e9
            );
        }
    }

    #[test]
    fn gqa_shrinks_k_and_v_only() {
        let p = crate::model::preset("llama-3.1-8b").expect("preset");
        let s = linear_shapes(p.transformer.as_ref().unwrap());
        assert_eq!(s.q, (4096.0, 4096.0));
        assert_eq!(s.k, (4096.0, 1024.0));
        assert_eq!(s.v, (4096.0, 1024.0));
        assert_eq!(s.down, (14336.0, 4096.0));
    }
}
