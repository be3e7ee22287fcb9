//! Memory of full training and of LoRA/QLoRA fine-tuning, per GPU.

use super::activations::{activation_term, logits_term, ActivationShape};
use super::{b, gib_term, MemoryEstimate};
use crate::cite::{ADAFACTOR, ADAM8BIT, LORA, PEFT_KBIT, QLORA, TM101, VLLM_PROFILE, ZERO};
use crate::explain::{Detail, Full, Source, Term};
use crate::scenario::{
    InputError, Lora, LoraTargets, Model, Optimizer, Parallelism, Train, TrainPrecision,
    TrainShape, ZeroStage,
};
use crate::sizing::defaults::*;

/// How the parameters are split: over tensor × pipeline ranks always, and over data-parallel
/// ranks by ZeRO stage (1: optimizer, 2: + gradients, 3: + weights).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Split {
    pub model_parallel: f64,
    pub dp: f64,
    pub zero: ZeroStage,
}

impl Split {
    pub fn new(parallel: &Parallelism, gpus: u32) -> Result<Split, InputError> {
        let mp = parallel.model_parallel();
        if !gpus.is_multiple_of(mp) {
            return Err(InputError::new(
                "gpus",
                format!("{gpus} GPUs cannot be split into tensor × pipeline groups of {mp}"),
            ));
        }
        Ok(Split {
            model_parallel: f64::from(mp),
            dp: f64::from(gpus / mp),
            zero: parallel.zero,
        })
    }

    /// Divisor for a state sharded from ZeRO stage `from` on.
    fn divisor(&self, from: ZeroStage) -> f64 {
        if self.zero >= from {
            self.model_parallel * self.dp
        } else {
            self.model_parallel
        }
    }

    fn text(&self, from: ZeroStage) -> String {
        if self.zero >= from && self.dp > 1.0 {
            format!(
                "/ (tp·pp {} × dp {} under ZeRO-{})",
                self.model_parallel,
                self.dp,
                self.zero.number()
            )
        } else {
            format!("/ tp·pp {}", self.model_parallel)
        }
    }
}

/// Bytes per parameter of weights, fp32 master copy and gradients.
fn precision_bytes(p: TrainPrecision) -> (f64, f64, f64, &'static str) {
    match p {
        TrainPrecision::Fp32 => (4.0, 0.0, 4.0, "fp32"),
        TrainPrecision::Bf16Mixed => (2.0, MASTER_BYTES, 2.0, "bf16"),
        TrainPrecision::Fp16Mixed => (2.0, MASTER_BYTES, 2.0, "fp16"),
        // Transformer Engine keeps bf16 weights and casts to fp8 per matmul (ASSUMPTION: the fp8
        // copies are transient).
        TrainPrecision::Fp8Mixed => (2.0, MASTER_BYTES, 2.0, "bf16 (fp8 matmuls)"),
        TrainPrecision::Bf16 => (2.0, 0.0, 2.0, "bf16"),
    }
}

/// Optimizer state bytes for `params` parameters of `model`, with its formula and source.
fn optimizer_bytes(
    model: &Model,
    optimizer: Optimizer,
    pure_16bit: bool,
    params: f64,
    detail: impl Detail,
) -> (f64, String, Source) {
    let state_scale = if pure_16bit { 0.5 } else { 1.0 };
    match optimizer {
        Optimizer::AdamW => {
            let per = ADAMW_STATE_BYTES * state_scale;
            (
                params * per,
                detail
                    .text(|| format!("{} params × {per} B (Adam momentum + variance)", b(params))),
                ZERO,
            )
        }
        Optimizer::Adam8bit => (
            params * ADAM8BIT_STATE_BYTES,
            detail.text(|| {
                format!(
                    "{} params × {ADAM8BIT_STATE_BYTES} B (8-bit momentum + variance)",
                    b(params)
                )
            }),
            ADAM8BIT,
        ),
        Optimizer::SgdMomentum => {
            let per = SGD_STATE_BYTES * state_scale;
            (
                params * per,
                detail.text(|| format!("{} params × {per} B (momentum)", b(params))),
                TM101,
            )
        }
        Optimizer::Adafactor => {
            let vectors = adafactor_vectors(model) * params / model.params.max(1.0);
            (
                vectors * ADAFACTOR_STATE_BYTES_PER_ROW_OR_COLUMN,
                detail.text(|| {
                    format!(
                        "{:.0} rows + columns of the weight matrices × {ADAFACTOR_STATE_BYTES_PER_ROW_OR_COLUMN} B (factored second moment)",
                        vectors
                    )
                }),
                ADAFACTOR,
            )
        }
    }
}

/// Rows plus columns of every weight matrix (Adafactor's factored statistics).
fn adafactor_vectors(model: &Model) -> f64 {
    match (&model.transformer, model.linear_shapes()) {
        (Some(t), Some(s)) => {
            let sum = |(i, o): (f64, f64)| i + o;
            let mlp = if t.gated_mlp {
                sum(s.gate) + sum(s.up) + sum(s.down)
            } else {
                sum(s.up) + sum(s.down)
            };
            let per_layer = sum(s.q) + sum(s.k) + sum(s.v) + sum(s.o) + s.mlp_copies * mlp;
            let embed = f64::from(t.vocab_size) + f64::from(t.hidden_size);
            let heads = if t.tie_word_embeddings { 1.0 } else { 2.0 };
            f64::from(t.num_hidden_layers) * per_layer + heads * embed
        }
        // Non-transformer nets: ~2·√N per matrix is unknowable without shapes; 0.1% of N.
        _ => model.params / 1000.0,
    }
}

/// Under ZeRO-3 each GPU gathers whole layers to run them: the current one and the prefetched
/// next, at `bytes` per parameter.
fn zero3_gather(
    model: &Model,
    split: &Split,
    bytes: f64,
    terms: &mut Vec<Term>,
    detail: impl Detail,
) {
    if split.zero == ZeroStage::Zero3 && split.dp > 1.0 {
        let layers = model.layers().max(1.0);
        let per_layer = model.block_linear_params() / layers;
        terms.push(gib_term(
            "zero3_gather",
            2.0 * per_layer * bytes / split.model_parallel,
            detail.text(|| {
                format!(
                    "2 layers gathered at a time (current + prefetch): 2 × {:.0} M params × {bytes} B",
                    per_layer / 1e6
                )
            }),
            Some(ZERO),
        ));
    }
}

fn context_terms(terms: &mut Vec<Term>, gpus: u32, detail: impl Detail) {
    terms.push(super::cuda_context(detail));
    if gpus > 1 {
        terms.push(Term {
            key: "framework_overhead",
            value: COMM_BUFFERS_GIB,
            unit: "GiB",
            formula: detail
                .text(|| "communication buffers of a multi-GPU job (NCCL): 3.58 − 1.79 GiB".into()),
            source: Some(VLLM_PROFILE),
        });
    }
}

fn shape_of(shape: &TrainShape, tensor: f64, bytes: f64, residual_bytes: f64) -> ActivationShape {
    ActivationShape {
        residual_bytes,
        seq: f64::from(shape.seq_len),
        micro_batch: f64::from(shape.micro_batch),
        tensor,
        recompute: shape.recompute,
        flash_attention: shape.flash_attention,
        bytes,
    }
}

/// Activation and logits terms, or per-sample activations for non-transformer nets.
fn activation_terms(
    model: &Model,
    shape: &TrainShape,
    tensor: f64,
    (bytes, residual_bytes): (f64, f64),
    terms: &mut Vec<Term>,
    detail: impl Detail,
) {
    if model.transformer.is_some() {
        let a = shape_of(shape, tensor, bytes, residual_bytes);
        terms.push(activation_term(model, &a, detail));
        if let Some(l) = logits_term(model, &a, shape.loss, detail) {
            terms.push(l);
        }
    } else if let Some(d) = &model.dense {
        let scale = bytes / 2.0;
        let mib = d.activation_mib_per_sample * f64::from(shape.micro_batch) * scale;
        terms.push(gib_term(
            "activations",
            mib * 1024.0 * 1024.0,
            detail.text(|| {
                format!(
                    "{} MiB per sample × batch {} × {}/2 B",
                    d.activation_mib_per_sample, shape.micro_batch, bytes
                )
            }),
            None,
        ));
    }
}

/// Full training (pre-training or full fine-tuning), per GPU.
///
/// Weights, fp32 master copy, gradients and optimizer states after ZeRO (§3: 2 + 2 + 12 bytes
/// per parameter in mixed precision with Adam), divided by tensor × pipeline ranks and, by ZeRO
/// stage, by data-parallel ranks; activations after Korthikanti et al.; logits; CUDA context.
pub fn train_memory(model: &Model, t: &Train, gpus: u32) -> Result<MemoryEstimate, InputError> {
    train_memory_with(model, t, gpus, Full)
}

/// [`train_memory`] with formulas only when `detail` asks for them.
pub fn train_memory_with(
    model: &Model,
    t: &Train,
    gpus: u32,
    detail: impl Detail,
) -> Result<MemoryEstimate, InputError> {
    t.shape.check()?;
    t.parallel.check()?;
    let split = Split::new(&t.parallel, gpus)?;
    let n = model.params;
    let (wb, mb, gb, name) = precision_bytes(t.precision);
    let mut terms = Vec::with_capacity(10);
    let mut host = Vec::new();

    terms.push(gib_term(
        "weights",
        n * wb / split.divisor(ZeroStage::Zero3),
        detail.text(|| {
            format!(
                "{} params × {wb} B ({name}) {}",
                b(n),
                split.text(ZeroStage::Zero3)
            )
        }),
        Some(ZERO),
    ));
    if mb > 0.0 {
        terms.push(gib_term(
            "master_weights",
            n * mb / split.divisor(ZeroStage::Zero1),
            detail.text(|| {
                format!(
                    "{} params × {mb} B (fp32 master copy) {}",
                    b(n),
                    split.text(ZeroStage::Zero1)
                )
            }),
            Some(ZERO),
        ));
    }
    if t.optimizer_in_backward {
        let largest = model.count.largest_tensor;
        terms.push(gib_term(
            "gradients",
            largest * gb / split.model_parallel,
            detail.text(|| {
                format!(
                    "optimizer step in the backward pass: one gradient alive at a time, the largest tensor {:.0} M params × {gb} B",
                    largest / 1e6
                )
            }),
            None,
        ));
    } else {
        terms.push(gib_term(
            "gradients",
            n * gb / split.divisor(ZeroStage::Zero2),
            detail.text(|| format!("{} params × {gb} B {}", b(n), split.text(ZeroStage::Zero2))),
            Some(ZERO),
        ));
    }
    let pure = t.precision == TrainPrecision::Bf16;
    let (ob, otext, osrc) = optimizer_bytes(model, t.optimizer, pure, n, detail);
    let opt = gib_term(
        "optimizer",
        ob / split.divisor(ZeroStage::Zero1),
        detail.text(|| format!("{otext} {}", split.text(ZeroStage::Zero1))),
        Some(osrc),
    );
    if t.paged_optimizer {
        host.push(opt);
    } else {
        terms.push(opt);
    }
    zero3_gather(model, &split, wb, &mut terms, detail);
    let act_bytes = if t.precision == TrainPrecision::Fp32 {
        4.0
    } else {
        2.0
    };
    activation_terms(
        model,
        &t.shape,
        f64::from(t.parallel.tensor),
        (act_bytes, act_bytes),
        &mut terms,
        detail,
    );
    context_terms(&mut terms, gpus, detail);
    Ok(MemoryEstimate::from_terms(terms, host))
}

/// LoRA trainable parameters: Σ over targeted modules of r·(d_in + d_out) per layer, with
/// GQA-sized K/V (Hu et al. 2021). MoE layers carry adapters on every expert's MLP matrices.
pub fn lora_adapter_params(model: &Model, rank: u32, targets: &LoraTargets) -> Option<f64> {
    let t = model.transformer.as_ref()?;
    let s = model.linear_shapes()?;
    let r = f64::from(rank);
    let one = |(i, o): (f64, f64), on: bool| if on { r * (i + o) } else { 0.0 };
    let attention =
        one(s.q, targets.q) + one(s.k, targets.k) + one(s.v, targets.v) + one(s.o, targets.o);
    let gate = if t.gated_mlp {
        one(s.gate, targets.gate)
    } else {
        0.0
    };
    let mlp = s.mlp_copies * (gate + one(s.up, targets.up) + one(s.down, targets.down));
    Some(f64::from(t.num_hidden_layers) * (attention + mlp))
}

/// The frozen base weights of a LoRA run: 16-bit, or NF4 with its quantisation constants and
/// the unquantised parameters in 16 or 32 bits (`pure`: 16-bit training keeps them in bf16).
fn frozen_weights(
    terms: &mut Vec<Term>,
    model: &Model,
    l: &Lora,
    split: &Split,
    pure: bool,
    detail: impl Detail,
) {
    let wdiv = split.divisor(ZeroStage::Zero3);
    let wtext = detail.text(|| split.text(ZeroStage::Zero3));
    if l.qlora {
        let linear = model.block_linear_params();
        let rest = model.unquantised_params();
        let rest_bytes = if pure { 2.0 } else { 4.0 };
        terms.push(gib_term(
            "weights",
            (linear * NF4_BITS / 8.0 + rest * rest_bytes) / wdiv,
            detail.text(|| {
                let why = if pure { "" } else { ", cast to fp32 for k-bit training" };
                format!(
                    "{} linear-layer params × 4 bits (NF4) + {} embedding/head/norm params × {rest_bytes} B{why} {wtext}",
                    b(linear),
                    b(rest)
                )
            }),
            Some(if pure { QLORA } else { PEFT_KBIT }),
        ));
        terms.push(gib_term(
            "quantization_constants",
            linear * NF4_CONSTANT_BITS / 8.0 / wdiv,
            detail.text(|| {
                format!(
                    "{} params × {NF4_CONSTANT_BITS:.3} bits (8-bit constants per 64 weights, fp32 per 256 constants) {wtext}",
                    b(linear)
                )
            }),
            Some(QLORA),
        ));
    } else {
        terms.push(gib_term(
            "weights",
            model.params * 2.0 / wdiv,
            detail.text(|| format!("{} frozen params × 2 B (bf16) {wtext}", b(model.params))),
            Some(TM101),
        ));
    }
}

/// LoRA or QLoRA fine-tuning, per GPU: frozen base weights (16-bit, or NF4 with double-quantised
/// constants for QLoRA, embeddings and head staying 16-bit), adapters with their gradients and
/// optimizer states, activations as in full training (the frozen layers still pass gradients
/// back), logits and the CUDA context.
pub fn lora_memory(model: &Model, l: &Lora, gpus: u32) -> Result<MemoryEstimate, InputError> {
    lora_memory_with(model, l, gpus, Full)
}

/// [`lora_memory`] with formulas only when `detail` asks for them.
pub fn lora_memory_with(
    model: &Model,
    l: &Lora,
    gpus: u32,
    detail: impl Detail,
) -> Result<MemoryEstimate, InputError> {
    l.shape.check()?;
    l.parallel.check()?;
    let split = Split::new(&l.parallel, gpus)?;
    let adapters = lora_adapter_params(model, l.rank, &l.targets).ok_or_else(|| {
        InputError::new(
            "model",
            "LoRA needs a transformer model (a preset with its architecture, or a custom one)",
        )
        .because(crate::scenario::InputProblem::NeedsArchitecture)
    })?;
    let mut terms = Vec::with_capacity(10);
    let mut host = Vec::new();
    // Pure 16-bit training (torchtune, fsdp_qlora's bf16) keeps the adapters and their states
    // in bf16 too; mixed precision (Hugging Face PEFT) keeps them, and under QLoRA every
    // parameter left unquantised, in fp32.
    let pure = l.precision == TrainPrecision::Bf16;
    frozen_weights(&mut terms, model, l, &split, pure, detail);
    let adiv = split.divisor(ZeroStage::Zero1);
    let ab = if pure { 2.0 } else { ADAPTER_BYTES };
    terms.push(gib_term(
        "lora_adapters",
        adapters * 2.0 * ab / split.divisor(ZeroStage::Zero2).max(1.0),
        detail.text(|| {
            format!(
                "{:.2} M adapter params (rank {}) × ({ab} B weights + {ab} B gradients)",
                adapters / 1e6,
                l.rank
            )
        }),
        Some(LORA),
    ));
    let (ob, otext, osrc) = optimizer_bytes(model, l.optimizer, pure, adapters, detail);
    let opt = gib_term(
        "optimizer",
        ob / adiv,
        detail.text(|| format!("{otext} {}", split.text(ZeroStage::Zero1))),
        Some(osrc),
    );
    if l.paged_optimizer {
        host.push(opt);
    } else {
        terms.push(opt);
    }
    if l.qlora {
        let largest = model.count.largest_tensor.min(model.block_linear_params());
        let layers = model.layers().max(1.0);
        let matrix = (model.block_linear_params() / layers / 4.0).min(largest);
        terms.push(gib_term(
            "dequantized_buffer",
            matrix * 2.0,
            detail.text(|| {
                format!(
                    "one weight matrix dequantised to bf16 at a time: ~{:.0} M params × 2 B",
                    matrix / 1e6
                )
            }),
            Some(QLORA),
        ));
    }
    let gathered = if l.qlora {
        (NF4_BITS + NF4_CONSTANT_BITS) / 8.0
    } else {
        2.0
    };
    zero3_gather(model, &split, gathered, &mut terms, detail);
    activation_terms(
        model,
        &l.shape,
        f64::from(l.parallel.tensor),
        // fp32 embeddings make every residual add fp32 (k-bit training under Hugging Face).
        (2.0, if l.qlora && !pure { 4.0 } else { 2.0 }),
        &mut terms,
        detail,
    );
    context_terms(&mut terms, gpus, detail);
    Ok(MemoryEstimate::from_terms(terms, host))
}

#[cfg(test)]
mod tests;
