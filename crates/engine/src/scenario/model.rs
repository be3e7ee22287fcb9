//! Which model a scenario runs, and everything the engine derives from it once.

use super::params::{self, LinearShapes, ParamCount};
use super::{check_range, InputError};
use crate::float_text::Shortest;
use crate::model::schema::DenseNet;
use crate::model::{self as presets, Attention, ModelKind, Transformer};

/// How the user names the model.
#[derive(Debug, Clone, PartialEq)]
pub enum ModelSpec {
    /// A shipped preset, by id (e.g. `llama-3.1-8b`).
    Preset(String),
    /// Only a parameter count in billions. The engine assumes a Llama-like shape for activations
    /// and KV cache, and says so in a warning.
    ParamsOnly { params_b: f64 },
    /// A transformer described by its Hugging Face config numbers. `params_b`, when given, is the
    /// published total; otherwise the count from the architecture is used.
    Custom {
        name: String,
        kind: ModelKind,
        params_b: Option<f64>,
        transformer: Transformer,
    },
}

/// A model resolved into the numbers the sizing needs.
#[derive(Debug, Clone, PartialEq)]
pub struct Model {
    pub name: String,
    pub kind: ModelKind,
    /// Total parameters: the published figure when there is one (it is what checkpoints weigh).
    pub params: f64,
    /// Counts from the architecture (synthesised shape for [`ModelSpec::ParamsOnly`]).
    pub count: ParamCount,
    /// Architecture numbers; `None` for networks described only by per-sample figures.
    pub transformer: Option<Transformer>,
    /// Per-sample figures of non-transformer presets (CNNs, diffusion U-Nets).
    pub dense: Option<DenseNet>,
    /// True when only a parameter count was given: shapes are assumed, figures coarser.
    pub coarse: bool,
}

/// Largest model the engine accepts, in billions of parameters.
pub const MAX_PARAMS_B: f64 = 100_000.0;

impl Model {
    /// Resolves a spec, checking its numbers. Errors name the offending field.
    pub fn resolve(spec: &ModelSpec) -> Result<Model, InputError> {
        match spec {
            ModelSpec::Preset(id) => {
                let p = presets::preset(id).ok_or_else(|| {
                    InputError::new("model.preset", format!("no model preset with id '{id}'"))
                })?;
                let count = match &p.transformer {
                    Some(t) => params::count(p.kind, t),
                    None => dense_count(p.params_b * 1e9),
                };
                Ok(Model {
                    name: p.name.clone(),
                    kind: p.kind,
                    params: p.params_b * 1e9,
                    count,
                    transformer: p.transformer.clone(),
                    dense: p.dense.clone(),
                    coarse: false,
                })
            }
            ModelSpec::ParamsOnly { params_b } => {
                let b = check_range("model.params_b", *params_b, 1e-6, MAX_PARAMS_B)?;
                let t = assumed_shape(b * 1e9);
                let count = params::count(ModelKind::Llm, &t);
                Ok(Model {
                    name: format!("{} B-parameter model", Shortest(b)),
                    kind: ModelKind::Llm,
                    params: b * 1e9,
                    count,
                    transformer: Some(t),
                    dense: None,
                    coarse: true,
                })
            }
            ModelSpec::Custom {
                name,
                kind,
                params_b,
                transformer,
            } => {
                check_transformer(transformer)?;
                let count = params::count(*kind, transformer);
                let params = match params_b {
                    Some(b) => check_range("model.params_b", *b, 1e-6, MAX_PARAMS_B)? * 1e9,
                    None => count.total,
                };
                check_range("model.transformer", count.total / 1e9, 1e-6, MAX_PARAMS_B)?;
                Ok(Model {
                    name: name.clone(),
                    kind: *kind,
                    params,
                    count,
                    transformer: Some(transformer.clone()),
                    dense: None,
                    coarse: false,
                })
            }
        }
    }

    /// Parameters touched per token, scaled to the published total (MoE: active experts only).
    pub fn active_params(&self) -> f64 {
        self.params * self.count.active / self.count.total
    }

    /// Parameters that take part in a matrix multiply for one token: active parameters minus the
    /// embedding lookup (a tied embedding is also the output projection, so it stays in).
    pub fn matmul_params(&self) -> f64 {
        let lookup = match &self.transformer {
            Some(t) if t.tie_word_embeddings => self.count.embedding - self.count.lm_head,
            _ => self.count.embedding,
        };
        (self.active_params() - lookup * self.params / self.count.total).max(0.0)
    }

    /// Parameters outside the transformer blocks' linear layers (embeddings, head, norms): what
    /// 4-bit formats and QLoRA keep in 16-bit.
    pub fn unquantised_params(&self) -> f64 {
        (self.params - self.block_linear_params()).max(0.0)
    }

    /// Parameters of the blocks' linear layers, scaled to the published total.
    pub fn block_linear_params(&self) -> f64 {
        self.count.block_linear * self.params / self.count.total
    }

    pub fn layers(&self) -> f64 {
        self.transformer
            .as_ref()
            .map_or(0.0, |t| f64::from(t.num_hidden_layers))
    }

    pub fn hidden(&self) -> f64 {
        self.transformer
            .as_ref()
            .map_or(0.0, |t| f64::from(t.hidden_size))
    }

    /// LoRA module shapes, when the model is a transformer.
    pub fn linear_shapes(&self) -> Option<LinearShapes> {
        self.transformer.as_ref().map(params::linear_shapes)
    }

    /// KV-cache bytes for one sequence of `tokens` tokens at `bytes` per element, summed over
    /// layers. MHA/GQA/MQA store K and V per KV head: 2 · kv_heads · head_dim per layer and
    /// token. MLA stores one compressed latent plus the decoupled RoPE key:
    /// kv_lora_rank + qk_rope_head_dim (DeepSeek-V2, arXiv:2405.04434 §2.1). Layers with a
    /// sliding window keep at most `window` tokens.
    pub fn kv_bytes(&self, tokens: f64, bytes: f64) -> f64 {
        let Some(t) = &self.transformer else {
            return 0.0;
        };
        let per_token_layer = self.kv_elements_per_token_layer() * bytes;
        let layers = f64::from(t.num_hidden_layers);
        let (windowed, window) = match t.sliding_window {
            Some(w) => (
                f64::from(t.sliding_window_layers.unwrap_or(t.num_hidden_layers)).min(layers),
                f64::from(w),
            ),
            None => (0.0, tokens),
        };
        let full = layers - windowed;
        per_token_layer * (full * tokens + windowed * tokens.min(window))
    }

    /// Elements cached per token and layer (both K and V, or MLA's latent).
    pub fn kv_elements_per_token_layer(&self) -> f64 {
        let Some(t) = &self.transformer else {
            return 0.0;
        };
        match (&t.attention, &t.mla) {
            (Attention::Mla, Some(m)) => f64::from(m.kv_lora_rank + m.qk_rope_head_dim),
            _ => 2.0 * f64::from(t.num_key_value_heads) * f64::from(t.head_dim),
        }
    }

    /// Attention width (heads × head_dim) used by the attention FLOP term.
    pub fn attention_width(&self) -> f64 {
        self.transformer.as_ref().map_or(0.0, |t| match &t.mla {
            Some(m) if t.attention == Attention::Mla => {
                f64::from(t.num_attention_heads)
                    * f64::from(m.qk_nope_head_dim + m.qk_rope_head_dim)
            }
            _ => f64::from(t.num_attention_heads) * f64::from(t.head_dim),
        })
    }

    /// Mean tokens each query attends to over a sequence of `seq` tokens, across layers: `seq`
    /// for global layers, at most the window for sliding-window layers.
    pub fn attended_tokens(&self, seq: f64) -> f64 {
        let Some(t) = &self.transformer else {
            return seq;
        };
        match t.sliding_window {
            Some(w) => {
                let layers = f64::from(t.num_hidden_layers).max(1.0);
                let windowed =
                    f64::from(t.sliding_window_layers.unwrap_or(t.num_hidden_layers)).min(layers);
                ((layers - windowed) * seq + windowed * seq.min(f64::from(w))) / layers
            }
            None => seq,
        }
    }
}

/// Counts for a network known only by its total (CNNs, U-Nets): all of it is "active".
fn dense_count(total: f64) -> ParamCount {
    ParamCount {
        total,
        active: total,
        embedding: 0.0,
        lm_head: 0.0,
        block_linear: total,
        largest_tensor: total * 0.1,
    }
}

/// Hidden size per layer of the assumed shape: Llama 2 7B has 4096 / 32 = 128.
const ASSUMED_WIDTH_PER_LAYER: f64 = 128.0;
/// Head dimension and vocabulary of the assumed shape (Llama 2's).
const ASSUMED_HEAD_DIM: f64 = 128.0;
const ASSUMED_VOCAB: f64 = 32_000.0;

/// The cube root of `x` (a normal number: a parameter count), within an ulp or two: Newton's
/// method from an estimate read off the bits, with `+ - × ÷` alone, so every platform gives the
/// same bits. `f64::cbrt` is correctly rounded in the page's wasm, by software fused
/// multiply-adds (2 KB of code for this one call), and natively the C library's, whose result
/// need not be the same to the last bit.
fn cube_root(x: f64) -> f64 {
    if !(x > 0.0 && x.is_finite()) {
        return x.max(0.0);
    }
    // A third of the exponent and mantissa bits, re-biased: within a few percent.
    let mut y = f64::from_bits(x.to_bits() / 3 + 0x2a9f_7893_782d_a1ce);
    // Each step squares the relative error: 3 % → 1e-3 → 1e-6 → 1e-12 → below an ulp.
    for _ in 0..6 {
        y = (2.0 * y + x / (y * y)) / 3.0;
    }
    y
}

/// A Llama-2-like shape with `params` parameters: multi-head attention (the most KV cache any
/// standard attention needs, so the estimate errs high), a two-matrix 4·h MLP (12·h² per layer),
/// depth ≈ hidden / 128, 128-wide heads and a 32 000-token untied vocabulary (smaller for tiny
/// models, so embeddings stay under a quarter of the parameters). Solves 12·L·h² + 2·V·h =
/// params. Every dimension grows with `params`, so memory never shrinks as the model grows.
pub fn assumed_shape(params: f64) -> Transformer {
    let h = cube_root(params * ASSUMED_WIDTH_PER_LAYER / 12.0).max(64.0);
    let vocab_f = ASSUMED_VOCAB.min(params / (8.0 * h));
    let layers = ((params - 2.0 * vocab_f * h) / (12.0 * h * h))
        .round()
        .max(1.0);
    let vocab = vocab_f.floor();
    let hidden = h.round();
    let heads = (hidden / ASSUMED_HEAD_DIM).round().max(1.0);
    let head_dim = if heads > 1.0 {
        ASSUMED_HEAD_DIM
    } else {
        hidden
    };
    let as_u32 = |x: f64| x.min(f64::from(u32::MAX)) as u32;
    Transformer {
        num_hidden_layers: as_u32(layers),
        hidden_size: as_u32(hidden),
        num_attention_heads: as_u32(heads),
        num_key_value_heads: as_u32(heads),
        head_dim: as_u32(head_dim),
        intermediate_size: as_u32((4.0 * h).round()),
        vocab_size: as_u32(vocab),
        tie_word_embeddings: false,
        attention: Attention::Mha,
        gated_mlp: false,
        max_position_embeddings: 4096,
        sliding_window: None,
        sliding_window_layers: None,
        moe: None,
        mla: None,
        encoder_layers: None,
    }
}

/// Rejects architecture numbers that would make the formulas meaningless.
fn check_transformer(t: &Transformer) -> Result<(), InputError> {
    let positive = [
        ("num_hidden_layers", t.num_hidden_layers),
        ("hidden_size", t.hidden_size),
        ("num_attention_heads", t.num_attention_heads),
        ("num_key_value_heads", t.num_key_value_heads),
        ("head_dim", t.head_dim),
    ];
    for (name, v) in positive {
        if v == 0 {
            return Err(InputError::new(
                format!("model.transformer.{name}"),
                "must be positive",
            ));
        }
    }
    if t.num_key_value_heads > t.num_attention_heads {
        return Err(InputError::new(
            "model.transformer.num_key_value_heads",
            "cannot exceed num_attention_heads",
        ));
    }
    if t.attention == Attention::Mla && t.mla.is_none() {
        return Err(InputError::new(
            "model.transformer.mla",
            "MLA attention needs its dimensions (kv_lora_rank, qk_rope_head_dim, ...)",
        ));
    }
    if let Some(m) = &t.moe {
        if m.experts_per_token == 0 || m.experts_per_token > m.num_experts {
            return Err(InputError::new(
                "model.transformer.moe.experts_per_token",
                "must be between 1 and num_experts",
            ));
        }
    }
    if t.sliding_window_layers
        .is_some_and(|n| n > t.num_hidden_layers)
    {
        return Err(InputError::new(
            "model.transformer.sliding_window_layers",
            "exceeds num_hidden_layers",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cube_root_is_the_standard_one_within_two_ulps() {
        let mut x = 1e-300_f64;
        while x < 1e300 {
            for y in [x, x * 1.234_567, x * 3.0, x * 7.777] {
                let (ours, std) = (cube_root(y), y.cbrt());
                let ulp = f64::from_bits(std.to_bits() + 1) - std;
                assert!((ours - std).abs() <= 2.0 * ulp, "{y}: {ours} against {std}");
            }
            x *= 10.0;
        }
        assert_eq!(cube_root(27e9), 3000.0);
        assert_eq!(cube_root(0.0), 0.0);
        assert_eq!(cube_root(-8.0), 0.0);
        assert_eq!(cube_root(f64::NAN), 0.0);
        assert_eq!(cube_root(f64::INFINITY), f64::INFINITY);
    }

    fn preset(id: &str) -> Model {
        Model::resolve(&ModelSpec::Preset(id.into())).unwrap()
    }

    #[test]
    fn kv_cache_per_token_is_gqa_aware() {
        // Llama 3.1 8B: 32 layers × 2 × 8 KV heads × 128 × 2 B = 131 072 B = 128 KiB per token.
        assert_eq!(preset("llama-3.1-8b").kv_bytes(1.0, 2.0), 131_072.0);
        // Llama 2 7B (MHA): 32 × 2 × 32 × 128 × 2 B = 512 KiB.
        assert_eq!(preset("llama-2-7b").kv_bytes(1.0, 2.0), 524_288.0);
    }

    #[test]
    fn mla_caches_the_latent_only() {
        // DeepSeek-V3: 61 layers × (512 + 64) × 2 B = 70 272 B per token.
        assert_eq!(preset("deepseek-v3").kv_bytes(1.0, 2.0), 70_272.0);
    }

    #[test]
    fn sliding_window_layers_stop_growing_at_the_window() {
        let m = preset("gemma-2-9b");
        let per_token_layer = 2.0 * 8.0 * 256.0 * 2.0;
        // 21 global layers hold 8192 tokens, 21 windowed layers hold 4096.
        let expected = per_token_layer * (21.0 * 8192.0 + 21.0 * 4096.0);
        assert_eq!(m.kv_bytes(8192.0, 2.0), expected);
        // Below the window every layer holds every token.
        assert_eq!(m.kv_bytes(1000.0, 2.0), per_token_layer * 42.0 * 1000.0);
    }

    #[test]
    fn params_only_shape_adds_up_to_the_given_count() {
        for b in [0.01, 0.5, 7.0, 70.0, 1000.0] {
            let m = Model::resolve(&ModelSpec::ParamsOnly { params_b: b }).unwrap();
            assert!(m.coarse);
            let err = m.count.total / (b * 1e9) - 1.0;
            assert!(err.abs() < 0.25, "{b} B: counted {}", m.count.total);
        }
    }

    #[test]
    fn bad_inputs_name_the_field() {
        let e = Model::resolve(&ModelSpec::ParamsOnly { params_b: -1.0 }).unwrap_err();
        assert_eq!(e.field, "model.params_b");
        let e = Model::resolve(&ModelSpec::Preset("nope".into())).unwrap_err();
        assert_eq!(e.field, "model.preset");
        let mut t = assumed_shape(1e9);
        t.num_attention_heads = 0;
        let e = Model::resolve(&ModelSpec::Custom {
            name: "x".into(),
            kind: ModelKind::Llm,
            params_b: None,
            transformer: t,
        })
        .unwrap_err();
        assert_eq!(e.field, "model.transformer.num_attention_heads");
    }

    #[test]
    fn matmul_params_leave_out_the_embedding_lookup() {
        // Llama 2 7B: 6.74 B minus the 32000 × 4096 input embedding.
        let m = preset("llama-2-7b");
        let expect = 6.74e9 - 32_000.0 * 4096.0 * 6.74e9 / m.count.total;
        assert!((m.matmul_params() - expect).abs() < 1e3);
    }
}
