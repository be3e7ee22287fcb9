//! Bytes a training step moves through GPU memory beside its matmuls: activations written in
//! the forward pass and read back (and their gradients written) in the backward pass, the
//! weights read by both passes, and the optimizer's read-modify-write of its states. Layer
//! norms, activations functions, residual adds, softmax and the optimizer step are bound by
//! memory bandwidth, not by the tensor cores, which is why cards with little bandwidth for
//! their peak (GDDR workstation and inference parts) train slower than their peak suggests,
//! and why small-hidden models (BERT) and convolutional networks sit far below peak.
//!
//! Activation traffic is taken as a multiple of the activations a forward pass produces
//! (Korthikanti et al.'s per-layer count, or a network's published activation size), the
//! multiple derived from one published run per kind of network (`defaults`).

use crate::explain::Numbers;
use crate::scenario::{Model, Optimizer, Recompute, TrainShape};
use crate::sizing::defaults::*;
use crate::sizing::memory::activations::{activation_term, ActivationShape};
use crate::units::GIB;

/// Bytes per GPU moved per micro-batch and per optimizer step, and how far published
/// implementations of the same network spread around the expected traffic (slowest, fastest
/// as multipliers of `micro`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Traffic {
    pub micro: f64,
    pub step: f64,
    pub spread: (f64, f64),
}

/// Bytes of activations one forward pass of a micro-batch produces on one GPU.
fn produced_activations(model: &Model, shape: &TrainShape, tp: f64, act_bytes: f64) -> f64 {
    let a = ActivationShape {
        seq: f64::from(shape.seq_len),
        micro_batch: f64::from(shape.micro_batch),
        tensor: tp,
        recompute: Recompute::None,
        flash_attention: shape.flash_attention,
        bytes: act_bytes,
        residual_bytes: act_bytes,
    };
    activation_term(model, &a, Numbers).value * GIB
}

/// A recomputed forward pass moves its share of the activations again: a third of the
/// forward + backward traffic for full recompute; selective recompute redoes only the
/// attention core, whose traffic flash attention keeps on chip.
fn recompute_factor(r: Recompute) -> f64 {
    match r {
        Recompute::Full => 4.0 / 3.0,
        _ => 1.0,
    }
}

/// Bytes an optimizer step reads and writes per trained parameter: gradient read, master copy
/// and states read and written, 16-bit weights written.
pub(super) fn optimizer_bytes_per_param(optimizer: Optimizer, master: bool) -> f64 {
    let states = match optimizer {
        Optimizer::AdamW => ADAMW_STATE_BYTES,
        Optimizer::Adam8bit => ADAM8BIT_STATE_BYTES,
        Optimizer::SgdMomentum => SGD_STATE_BYTES,
        // Factored states are a few bytes per matrix row and column: negligible per parameter.
        Optimizer::Adafactor => 0.0,
    };
    let master = if master { MASTER_BYTES } else { 0.0 };
    2.0 + 2.0 * (states + master) + 2.0
}

/// What a full or LoRA training step moves, per GPU.
pub(super) struct TransformerStep<'m> {
    pub model: &'m Model,
    pub shape: &'m TrainShape,
    pub tensor: f64,
    /// Pipeline stages: each GPU runs that share of the layers.
    pub pipeline: f64,
    /// GPUs a replica spans (tensor × pipeline): each holds that share of the weights.
    pub model_parallel: f64,
    pub act_bytes: f64,
    /// Bytes of the weights each pass reads, whole model.
    pub weight_bytes: f64,
    /// Bytes of weight gradients accumulated per micro-batch (read and written), whole model.
    pub grad_bytes: f64,
    /// Optimizer bytes per step per GPU.
    pub optimizer_bytes: f64,
}

impl TransformerStep<'_> {
    pub fn traffic(&self) -> Traffic {
        let activations = produced_activations(self.model, self.shape, self.tensor, self.act_bytes)
            / self.pipeline.max(1.0)
            * TRANSFORMER_TRAFFIC
            * recompute_factor(self.shape.recompute);
        let weights = (2.0 * self.weight_bytes + 2.0 * self.grad_bytes) / self.model_parallel;
        Traffic {
            micro: activations + weights,
            step: self.optimizer_bytes,
            spread: (1.0, 1.0),
        }
    }
}

/// What a convolutional network moves per micro-batch of `batch` samples: its published
/// activation size times the traffic multiple of convolutional training, spread between the
/// most and least tuned published implementations.
pub(super) fn cnn_traffic(activation_mib: f64, batch: f64, optimizer_bytes: f64) -> Traffic {
    Traffic {
        micro: batch * activation_mib * 1024.0 * 1024.0 * CNN_TRAFFIC.expected,
        step: optimizer_bytes,
        spread: (
            CNN_TRAFFIC.high / CNN_TRAFFIC.expected,
            CNN_TRAFFIC.low / CNN_TRAFFIC.expected,
        ),
    }
}
