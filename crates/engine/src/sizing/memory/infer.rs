//! Memory of a non-LLM service (weights at the serving precision, the activations of the
//! largest batch and the CUDA context) and of an FP64 job (what the user states it needs).

use super::{cuda_context, gib_term, MemoryEstimate};
use crate::explain::Detail;
use crate::explain::Term;
use crate::scenario::{Infer, InferPrecision, Model, Science};

/// Memory of one replica of `i` on one GPU.
pub fn infer_memory(model: &Model, i: &Infer, detail: impl Detail) -> MemoryEstimate {
    let bytes = match i.precision {
        InferPrecision::Int8 => 1.0,
        InferPrecision::Fp16 => 2.0,
    };
    let mut terms = vec![gib_term(
        "weights",
        model.params * bytes,
        detail.text(|| format!("{:.4e} parameters × {bytes} B", model.params)),
        None,
    )];
    let batch = f64::from(i.batch);
    if let Some(d) = &model.dense {
        // No per-layer figure is published for inference: what training keeps per sample bounds
        // what a forward pass holds at once.
        terms.push(gib_term(
            "activations",
            d.activation_mib_per_sample * 1024.0 * 1024.0 * batch,
            detail.text(|| {
                format!(
                    "at most {} MiB per sample (what training keeps) × batch {}",
                    d.activation_mib_per_sample, i.batch
                )
            }),
            None,
        ));
    } else if let Some(t) = &model.transformer {
        // One layer's tensors live at a time: its input and output, the MLP's intermediate and
        // the attention scores.
        let max = t.max_position_embeddings.max(1);
        let seq = f64::from(i.seq_len.map_or(max, |s| s.clamp(1, max)));
        let per_sample = 2.0
            * seq
            * (2.0 * f64::from(t.hidden_size)
                + f64::from(t.intermediate_size)
                + f64::from(t.num_attention_heads) * seq);
        terms.push(gib_term(
            "activations",
            per_sample * batch,
            detail.text(|| {
                format!(
                    "2 B × {seq} tokens × (2 × {} hidden + {} MLP + {} heads × {seq}) × batch {}",
                    t.hidden_size, t.intermediate_size, t.num_attention_heads, i.batch
                )
            }),
            None,
        ));
    }
    terms.push(cuda_context(detail));
    MemoryEstimate::from_terms(terms, Vec::new())
}

/// An FP64 job needs what the user states per GPU, and the CUDA context.
pub fn science_memory(s: &Science, detail: impl Detail) -> MemoryEstimate {
    let terms = vec![
        Term {
            key: "requested",
            value: s.memory_gib,
            unit: "GiB",
            formula: detail.text(|| format!("{} GiB per GPU (your input)", s.memory_gib)),
            source: None,
        },
        cuda_context(detail),
    ];
    MemoryEstimate::from_terms(terms, Vec::new())
}
