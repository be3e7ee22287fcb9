//! Memory one GPU needs, as named terms.
//!
//! Each workload module returns the terms resident on one GPU (`terms`, summed in `total_gib`)
//! and, separately, what lives in host memory (paged optimizer states). Terms carry the formula
//! with the scenario's numbers and the source of every constant.
//!
//! Every estimate exists in two forms: `estimate` (and each workload's function) explains in
//! full, `estimate_with(.., Numbers)` computes the same values with empty formulas, for
//! searches and rankings that only compare numbers.

pub(crate) mod activations;
mod infer;
mod other;
mod serve;
mod train;

pub use activations::{layer_coefficient, ActivationShape};
pub use infer::infer_memory;
pub(crate) use other::classic_seq;
pub use serve::{batch_tokens, kv_share, serve_memory, serve_memory_with, serve_weight_bytes};
pub use train::{
    lora_adapter_params, lora_memory, lora_memory_with, train_memory, train_memory_with,
};

pub(crate) use serve::weight_bytes;

use crate::cite::CUDA_CONTEXT;
use crate::explain::Source;
use crate::explain::{Detail, Full, Term};
use crate::scenario::{InputError, Model, Workload};
use crate::units::gib;

/// The CUDA context every process pays on each GPU, the same for every workload.
pub(crate) fn cuda_context(detail: impl Detail) -> Term {
    use crate::sizing::defaults::CUDA_CONTEXT_GIB;
    Term {
        key: "cuda_context",
        value: CUDA_CONTEXT_GIB,
        unit: "GiB",
        formula: detail.text(|| "CUDA context and kernels loaded on first use (781 MiB)".into()),
        source: Some(CUDA_CONTEXT),
    }
}

/// Memory needed per GPU, term by term; `total_gib` is the sum of `terms`.
#[derive(Debug, Clone, PartialEq)]
pub struct MemoryEstimate {
    pub terms: Vec<Term>,
    pub total_gib: f64,
    /// Held in host memory instead (paged optimizer states), per GPU.
    pub host_terms: Vec<Term>,
}

impl MemoryEstimate {
    pub(crate) fn from_terms(terms: Vec<Term>, host_terms: Vec<Term>) -> MemoryEstimate {
        let total_gib = terms.iter().map(|t| t.value).sum();
        MemoryEstimate {
            terms,
            total_gib,
            host_terms,
        }
    }

    /// The term with `key`, if present.
    pub fn term(&self, key: &str) -> Option<&Term> {
        self.terms.iter().find(|t| t.key == key)
    }

    /// GiB held in host memory.
    pub fn host_gib(&self) -> f64 {
        self.host_terms.iter().map(|t| t.value).sum()
    }
}

/// Memory per GPU for `workload` spread over `gpus` GPUs.
///
/// Training workloads split `gpus` into tensor × pipeline × data parallel groups (`gpus` must be
/// a multiple of tensor × pipeline); serving uses `gpus` as the tensor-parallel degree unless the
/// workload fixes one.
pub fn estimate(
    model: &Model,
    workload: &Workload,
    gpus: u32,
) -> Result<MemoryEstimate, InputError> {
    estimate_with(model, workload, gpus, Full)
}

/// [`estimate`] with formulas only when `detail` asks for them; the values are the same.
pub fn estimate_with(
    model: &Model,
    workload: &Workload,
    gpus: u32,
    detail: impl Detail,
) -> Result<MemoryEstimate, InputError> {
    workload.check()?;
    if gpus == 0 {
        return Err(InputError::new("gpus", "must be at least 1"));
    }
    match workload {
        Workload::Train(t) => train_memory_with(model, t, gpus, detail),
        Workload::Lora(l) => lora_memory_with(model, l, gpus, detail),
        Workload::Serve(s) => {
            let pp = s.pipeline_parallel.unwrap_or(1).max(1);
            serve_memory_with(
                model,
                s,
                s.tensor_parallel.unwrap_or(gpus / pp).max(1),
                detail,
            )
        }
        Workload::Classic(c) => other::classic_memory(model, c, detail),
        Workload::Infer(i) => Ok(infer_memory(model, i, detail)),
        Workload::Render(r) => Ok(other::render_memory(r, detail)),
        Workload::Science(s) => Ok(infer::science_memory(s, detail)),
        Workload::DevBox(d) => Ok(other::devbox_memory(d, detail)),
    }
}

/// A memory term in GiB from a byte count.
pub(crate) fn gib_term(
    key: &'static str,
    bytes: f64,
    formula: String,
    source: Option<Source>,
) -> Term {
    Term {
        key,
        value: gib(bytes),
        unit: "GiB",
        formula,
        source,
    }
}

/// Parameters in billions for formulas.
pub(crate) fn b(params: f64) -> String {
    format!("{:.3} B", params / 1e9)
}
