//! Memory of classic training, rendering and development boxes.

use super::train::train_memory_with;
use super::MemoryEstimate;
use crate::explain::{Detail, Term};
use crate::scenario::{
    Classic, DevBox, InputError, Model, Parallelism, Recompute, Render, Train, TrainShape,
};

/// Tokens per sample for a transformer in classic training: the workload's, at most the
/// model's maximum positions (197 patches for ViT-B/16, 512 tokens for BERT), which is also
/// the default.
pub(crate) fn classic_seq(model: &Model, c: &Classic) -> u32 {
    let max = model
        .transformer
        .as_ref()
        .map_or(1, |t| t.max_position_embeddings.max(1));
    c.seq_len.map_or(max, |s| s.clamp(1, max))
}

/// The training run a classic job amounts to on one GPU (data parallel across GPUs).
pub(crate) fn classic_as_train(model: &Model, c: &Classic) -> Train {
    Train {
        shape: TrainShape {
            tokens: 1.0,
            seq_len: classic_seq(model, c),
            micro_batch: c.batch,
            global_batch_tokens: None,
            recompute: Recompute::None,
            flash_attention: true,
            loss: crate::scenario::Loss::Standard,
        },
        precision: c.precision,
        optimizer: c.optimizer,
        parallel: Parallelism::default(),
        paged_optimizer: false,
        optimizer_in_backward: false,
    }
}

/// Classic training: every GPU holds the whole model (data parallel), activations per sample
/// from the preset's dense block or its transformer shape.
pub fn classic_memory(
    model: &Model,
    c: &Classic,
    detail: impl Detail,
) -> Result<MemoryEstimate, InputError> {
    if model.transformer.is_none() && model.dense.is_none() {
        return Err(InputError::new(
            "model",
            "classic training needs per-sample figures or an architecture",
        ));
    }
    train_memory_with(model, &classic_as_train(model, c), 1, detail)
}

/// Rendering: the scene on every GPU plus each stream's buffers.
pub fn render_memory(r: &Render, detail: impl Detail) -> MemoryEstimate {
    let mut terms = vec![Term {
        key: "scene",
        value: r.scene_gib,
        unit: "GiB",
        formula: detail.text(|| {
            format!(
                "scene resident on each GPU: {} GiB (your input)",
                r.scene_gib
            )
        }),
        source: None,
    }];
    if r.streams > 0 {
        terms.push(Term {
            key: "streams",
            value: f64::from(r.streams) * r.stream_gib,
            unit: "GiB",
            formula: detail.text(|| {
                format!(
                    "{} streams × {} GiB of frame buffers each (your input)",
                    r.streams, r.stream_gib
                )
            }),
            source: None,
        });
    }
    terms.push(super::cuda_context(detail));
    MemoryEstimate::from_terms(terms, Vec::new())
}

/// A development box needs what the user asks for.
pub fn devbox_memory(d: &DevBox, detail: impl Detail) -> MemoryEstimate {
    MemoryEstimate::from_terms(
        vec![Term {
            key: "requested",
            value: d.min_gpu_memory_gib,
            unit: "GiB",
            formula: detail
                .text(|| format!("{} GiB of GPU memory requested", d.min_gpu_memory_gib)),
            source: None,
        }],
        Vec::new(),
    )
}
