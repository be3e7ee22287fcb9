//! Activation memory of transformer training, after Korthikanti et al. 2022 (Table 2).
//!
//! The paper's per-layer figure for a GPT layer is s·b·h·(34 + 5·a·s/h) bytes with 16-bit
//! activations: 34 = 4 (two layer-norm inputs) + 11 (attention: QKV input 2, Q and K 4, V 2,
//! output-projection input 2, dropout mask 1) + 19 (MLP: input 2, GELU input 8, GELU output 8,
//! dropout mask 1), and 5·a·s/h for the s×s scores, softmax output and its dropout mask. The
//! engine generalises the 34 to the model's real shapes: Q, K and V at their GQA/MLA widths, the
//! MLP at its real width f (4·f/h for two matrices, 6·f/h for gated MLPs, which keep gate, up
//! and their product), and no dropout masks (modern LLMs train without dropout).

use super::gib_term;
use crate::cite::{CHUNKED_LOSS, FUSED_LOSS, HF_LOSS, KORTHIKANTI};
use crate::explain::{Detail, Full, Numbers, Term};
use crate::model::Attention;
use crate::scenario::{Loss, Model, Recompute};

/// What activation memory depends on besides the model.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ActivationShape {
    pub seq: f64,
    pub micro_batch: f64,
    /// Tensor-parallel degree (with sequence parallelism everything divides by it).
    pub tensor: f64,
    pub recompute: Recompute,
    pub flash_attention: bool,
    /// Bytes per activation element: 2 for bf16/fp16, 4 for fp32.
    pub bytes: f64,
    /// Bytes per element of the residual stream (each layer's input): `bytes`, except where
    /// fp32 embeddings make the residual adds fp32 (Hugging Face k-bit training).
    pub residual_bytes: f64,
}

impl ActivationShape {
    /// One layer's kept activations in bytes for s·b·h = `sbh` and coefficient `c`: the two
    /// norm inputs are residual-stream values, the rest `bytes` wide.
    fn layer_bytes(&self, c: f64, sbh: f64) -> f64 {
        (c - 4.0) * sbh * self.bytes / 2.0 + 2.0 * self.residual_bytes * sbh
    }
}

/// The per-layer coefficient c (bytes per s·b·h with 16-bit activations, without the s² term)
/// and its breakdown as text.
pub fn layer_coefficient(model: &Model) -> (f64, String) {
    coefficient(model, Full)
}

/// [`layer_coefficient`], with the text only when `detail` asks for it.
fn coefficient(model: &Model, detail: impl Detail) -> (f64, String) {
    let Some(t) = &model.transformer else {
        return (0.0, String::new());
    };
    let h = f64::from(t.hidden_size).max(1.0);
    let heads = f64::from(t.num_attention_heads);
    let (q, k, v, out) = match (&t.attention, &t.mla) {
        (Attention::Mla, Some(m)) => {
            let qk = heads * f64::from(m.qk_nope_head_dim + m.qk_rope_head_dim);
            let vd = heads * f64::from(m.v_head_dim);
            (qk, qk, vd, vd)
        }
        _ => {
            let qd = heads * f64::from(t.head_dim);
            let kvd = f64::from(t.num_key_value_heads) * f64::from(t.head_dim);
            (qd, kvd, kvd, qd)
        }
    };
    let attention = 2.0 + 2.0 * (q + k + v) / h + 2.0 * out / h;
    let per_width = if t.gated_mlp { 6.0 } else { 4.0 };
    // Mean MLP width a token's activations span, over dense and MoE layers.
    let layers = f64::from(t.num_hidden_layers).max(1.0);
    let width = match &t.moe {
        Some(m) => {
            let moe_l = f64::from(t.num_hidden_layers.saturating_sub(m.first_dense_layers));
            let moe_w = f64::from(m.experts_per_token + m.shared_experts)
                * f64::from(m.moe_intermediate_size);
            (moe_l * moe_w + (layers - moe_l) * f64::from(t.intermediate_size)) / layers
        }
        None => f64::from(t.intermediate_size),
    };
    let mlp = 2.0 + per_width * width / h;
    let c = 4.0 + attention + mlp;
    let text = detail.text(|| {
        format!(
            "c = 4 (norm inputs) + {attention:.2} (QKV input 2 + Q,K,V {:.2} + attention output {:.2}) + {mlp:.2} (MLP input 2 + {per_width}·f/h with f = {width:.0}) = {c:.2}",
            2.0 * (q + k + v) / h,
            2.0 * out / h
        )
    });
    (c, text)
}

/// Layers holding activations (encoder-decoder models: both stacks).
fn activation_layers(model: &Model) -> f64 {
    model.transformer.as_ref().map_or(0.0, |t| {
        f64::from(t.num_hidden_layers) + f64::from(t.encoder_layers.unwrap_or(0))
    })
}

/// Activation memory per GPU of one micro-batch in flight (1F1B pipelines keep about L layers'
/// worth on the first stage, so pipeline parallelism does not divide it).
pub fn activation_term(model: &Model, shape: &ActivationShape, detail: impl Detail) -> Term {
    let (c, c_text) = coefficient(model, detail);
    let h = model.hidden();
    let layers = activation_layers(model);
    let heads = model
        .transformer
        .as_ref()
        .map_or(0.0, |t| f64::from(t.num_attention_heads));
    let (s, bsz, tp) = (shape.seq, shape.micro_batch, shape.tensor.max(1.0));
    let scale = shape.bytes / 2.0;
    let sbh = s * bsz * h;
    let per_layer = shape.layer_bytes(c, sbh);
    let s2 = 5.0 * heads * s * s * bsz * scale;
    let keeps_scores = !shape.flash_attention && shape.recompute == Recompute::None;
    let (bytes, formula) = match shape.recompute {
        Recompute::None => {
            let s2_used = if keeps_scores { s2 } else { 0.0 };
            let formula = detail.text(|| {
                let s2_text = if keeps_scores {
                    format!(" + 5·a·s/h = {:.2}", 5.0 * heads * s / h.max(1.0))
                } else {
                    " (flash attention: no s² scores kept)".into()
                };
                format!(
                    "L {layers} × s {s} × b {bsz} × h {h} × (c{s2_text}) / t {tp} × {}/2 B; {c_text}",
                    shape.bytes
                )
            });
            (layers * (per_layer + s2_used) / tp, formula)
        }
        Recompute::Selective => (
            layers * per_layer / tp,
            detail.text(|| {
                format!(
                    "selective recompute: L {layers} × s {s} × b {bsz} × h {h} × c / t {tp} × {}/2 B; {c_text}",
                    shape.bytes
                )
            }),
        ),
        Recompute::Full => {
            let one_layer = if keeps_scores_full(shape) {
                per_layer + s2
            } else {
                per_layer
            };
            (
                (layers * shape.residual_bytes * sbh + one_layer) / tp,
                detail.text(|| {
                    format!(
                        "full recompute: L {layers} × {}·s·b·h (layer inputs) + one layer recomputed (s·b·h·c), s {s}, b {bsz}, h {h}, / t {tp}, activations {} B; {c_text}",
                        shape.residual_bytes, shape.bytes
                    )
                }),
            )
        }
    };
    gib_term("activations", bytes, formula, Some(KORTHIKANTI))
}

/// The layer being recomputed keeps its scores unless attention is fused.
fn keeps_scores_full(shape: &ActivationShape) -> bool {
    !shape.flash_attention
}

/// Bytes of the one layer a full-recompute backward pass rebuilds at a time, per GPU.
pub(crate) fn recomputed_layer_bytes(model: &Model, shape: &ActivationShape) -> f64 {
    let (c, _) = coefficient(model, Numbers);
    let heads = model
        .transformer
        .as_ref()
        .map_or(0.0, |t| f64::from(t.num_attention_heads));
    let scale = shape.bytes / 2.0;
    let mut bytes = shape.layer_bytes(c, shape.seq * shape.micro_batch * model.hidden());
    if keeps_scores_full(shape) {
        bytes += 5.0 * heads * shape.seq * shape.seq * shape.micro_batch * scale;
    }
    bytes / shape.tensor.max(1.0)
}

/// The loss over the vocabulary for one micro-batch, vocabulary-parallel under tensor
/// parallelism. How much exists at once depends on `loss` (see [`Loss`]). Under full
/// recomputation the loss is finished before the first layer is rebuilt, so only what exceeds
/// the recomputed layer adds to the peak.
pub fn logits_term(
    model: &Model,
    shape: &ActivationShape,
    loss: Loss,
    detail: impl Detail,
) -> Option<Term> {
    use crate::sizing::defaults::{
        CHUNKED_LOSS_BYTES, FUSED_LOSS_BYTES_PER_HIDDEN, STANDARD_LOSS_BYTES,
    };
    let vocab = model
        .transformer
        .as_ref()
        .map_or(0.0, |t| f64::from(t.vocab_size));
    if vocab == 0.0 {
        return None;
    }
    let tp = shape.tensor.max(1.0);
    let tokens = shape.seq * shape.micro_batch;
    let h = model.hidden();
    let (bytes, what, source) = match loss {
        Loss::Standard => (
            tokens * vocab * STANDARD_LOSS_BYTES / tp,
            detail.text(|| {
                format!("s·b {tokens} × V {vocab} × {STANDARD_LOSS_BYTES} B (fp32 logits, shifted copy, log-softmax and its gradient) / t {tp}")
            }),
            HF_LOSS,
        ),
        Loss::Chunked => (
            tokens * vocab * CHUNKED_LOSS_BYTES / tp,
            detail.text(|| {
                format!("s·b {tokens} × V {vocab} × {CHUNKED_LOSS_BYTES} B (16-bit logits, fp32 work one chunk in eight) / t {tp}")
            }),
            CHUNKED_LOSS,
        ),
        Loss::Fused => (
            tokens * h.min(vocab) * FUSED_LOSS_BYTES_PER_HIDDEN / tp,
            detail.text(|| {
                format!("fused: one chunk of s·b {tokens} × h {h} logits × {FUSED_LOSS_BYTES_PER_HIDDEN} B / t {tp}")
            }),
            FUSED_LOSS,
        ),
    };
    let (value, formula) = if shape.recompute == Recompute::Full {
        let layer = recomputed_layer_bytes(model, shape);
        (
            (bytes - layer).max(0.0),
            detail.text(|| {
                format!(
                    "{what}, less the recomputed layer's {:.2} GiB it never coexists with",
                    crate::units::gib(layer)
                )
            }),
        )
    } else {
        (bytes, what)
    };
    Some(gib_term("logits", value, formula, Some(source)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ModelKind, Transformer};
    use crate::scenario::ModelSpec;

    fn gpt(h: u32, heads: u32, layers: u32) -> Model {
        let t = Transformer {
            num_hidden_layers: layers,
            hidden_size: h,
            num_attention_heads: heads,
            num_key_value_heads: heads,
            head_dim: h / heads,
            intermediate_size: 4 * h,
            vocab_size: 50_000,
            tie_word_embeddings: true,
            attention: Attention::Mha,
            gated_mlp: false,
            max_position_embeddings: 2048,
            sliding_window: None,
            sliding_window_layers: None,
            moe: None,
            mla: None,
            encoder_layers: None,
        };
        Model::resolve(&ModelSpec::Custom {
            name: "gpt".into(),
            kind: ModelKind::Llm,
            params_b: None,
            transformer: t,
        })
        .unwrap()
    }

    /// A GPT layer without dropout masks: the paper's 34 minus its two 1-byte masks = 32.
    #[test]
    fn gpt_layer_reproduces_korthikanti_without_dropout() {
        let (c, _) = layer_coefficient(&gpt(4096, 32, 1));
        assert!((c - 32.0).abs() < 1e-9, "{c}");
    }

    #[test]
    fn scores_term_is_five_a_s_squared_b() {
        let m = gpt(1024, 16, 1);
        let shape = ActivationShape {
            seq: 2048.0,
            micro_batch: 1.0,
            tensor: 1.0,
            recompute: Recompute::None,
            flash_attention: false,
            bytes: 2.0,
            residual_bytes: 2.0,
        };
        let with = activation_term(&m, &shape, Full).value;
        let without = activation_term(
            &m,
            &ActivationShape {
                flash_attention: true,
                ..shape
            },
            Full,
        )
        .value;
        let s2 = 5.0 * 16.0 * 2048.0 * 2048.0 / crate::units::GIB;
        assert!((with - without - s2).abs() < 1e-9);
    }

    #[test]
    fn full_recompute_keeps_two_bytes_per_element_per_layer() {
        let m = gpt(4096, 32, 32);
        let shape = ActivationShape {
            seq: 2048.0,
            micro_batch: 1.0,
            tensor: 1.0,
            recompute: Recompute::Full,
            flash_attention: true,
            bytes: 2.0,
            residual_bytes: 2.0,
        };
        let v = activation_term(&m, &shape, Full).value * crate::units::GIB;
        let sbh = 2048.0 * 4096.0;
        assert!((v - (32.0 * 2.0 * sbh + 32.0 * sbh)).abs() < 1.0);
    }
}
