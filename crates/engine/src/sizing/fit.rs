//! Which GPU counts hold a job, and the inverse questions: the largest micro-batch, sequence or
//! context that fits on a given number of GPUs.
//!
//! Searches compare numbers only: every probe is sized with [`Numbers`], and only the
//! answer is re-sized with the detail the caller asked for.

use super::defaults::MEMORY_RESERVE;
use super::memory::{self, MemoryEstimate};
use super::server::{self, MemoryRule};
use crate::catalog::Gpu;
use crate::cite::ASSUMPTION;
use crate::explain::{Detail, Full, Numbers, Term};
use crate::scenario::{InputError, Model, Serve, Workload, MAX_MICRO_BATCH, MAX_SEQ_LEN};

/// Memory usable per GPU: device memory × (1 − reserve), or what the server lets the job fill.
pub fn usable_gib(gpu: &Gpu, workload: &Workload) -> Term {
    usable_gib_with(gpu, workload, None, Full)
}

/// [`usable_gib`] with its formula only when `detail` asks for it. A server that sizes its KV
/// cache from the memory left free (TensorRT-LLM, TGI) needs the job's memory: `memory`, when
/// given, is that; without it the whole device is taken as free.
pub fn usable_gib_with(
    gpu: &Gpu,
    workload: &Workload,
    memory: Option<&MemoryEstimate>,
    detail: impl Detail,
) -> Term {
    match workload {
        Workload::Serve(s) => serving_usable(gpu, s, memory, detail),
        // A development box asks for a class of card ("24 GB"), not for a computed need: the
        // card's memory as sold is what it is compared with.
        Workload::DevBox(_) => Term {
            key: "usable",
            value: gpu.memory_gib,
            unit: "GiB",
            formula: detail.text(|| {
                format!(
                    "{} GiB as the card is sold (a development box asks for a class of card)",
                    gpu.memory_gib
                )
            }),
            source: None,
        },
        _ => Term {
            key: "usable",
            value: gpu.memory_gib * (1.0 - MEMORY_RESERVE),
            unit: "GiB",
            formula: detail.text(|| {
                format!(
                    "{} GiB × (1 − {MEMORY_RESERVE} reserved for allocator fragmentation)",
                    gpu.memory_gib
                )
            }),
            source: Some(ASSUMPTION),
        },
    }
}

/// The memory a server lets weights, KV cache and working set fill on one GPU, by its rule.
fn serving_usable(
    gpu: &Gpu,
    s: &Serve,
    memory: Option<&MemoryEstimate>,
    detail: impl Detail,
) -> Term {
    let profile = server::profile(s.server);
    let total = gpu.memory_gib;
    let (value, formula) = match profile.memory {
        MemoryRule::ShareOfTotal { share } => {
            let share = s.memory_utilization.unwrap_or(share);
            (
                total * share,
                detail.text(|| format!("{total} GiB × {} memory share {share}", profile.name)),
            )
        }
        MemoryRule::StaticShare => {
            let tp = s.tensor_parallel.unwrap_or(1);
            let share = s
                .memory_utilization
                .unwrap_or_else(|| server::sglang_static_share(tp));
            // Weights and KV pool within the share; the working set and runtime outside it.
            let outside = memory.map_or(0.0, |m| {
                m.total_gib
                    - m.term("weights").map_or(0.0, |t| t.value)
                    - m.term("kv_cache").map_or(0.0, |t| t.value)
            });
            (
                total * share + outside.min(total * (1.0 - share)),
                detail.text(|| {
                    format!(
                        "{total} GiB × mem_fraction_static {share} for weights and KV cache + working set and runtime in the rest"
                    )
                }),
            )
        }
        MemoryRule::ShareOfFree { share } => {
            let share = s.memory_utilization.unwrap_or(share);
            // The KV cache may take `share` of what the rest leaves free.
            let rest = memory.map_or(0.0, |m| {
                m.total_gib - m.term("kv_cache").map_or(0.0, |t| t.value)
            });
            (
                rest + share * (total - rest).max(0.0),
                detail.text(|| {
                    format!(
                        "weights, buffers and working set {rest:.2} GiB + KV cache up to {share} × the {:.2} GiB left of {total} GiB",
                        (total - rest).max(0.0)
                    )
                }),
            )
        }
        MemoryRule::Exact => (
            total,
            detail.text(|| format!("{total} GiB: {} allocates only what it needs", profile.name)),
        ),
    };
    Term {
        key: "usable",
        value,
        unit: "GiB",
        formula,
        source: Some(profile.memory_source),
    }
}

/// The job on a given number of GPUs: what one GPU needs against what it has.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    /// GPUs the job is spread over.
    pub gpus: u32,
    /// Tensor-parallel degree used (serving; training takes it from the workload).
    pub tensor_parallel: u32,
    pub memory: MemoryEstimate,
    pub usable: Term,
}

impl Fit {
    pub fn fits(&self) -> bool {
        self.memory.total_gib <= self.usable.value
    }

    /// GiB missing per GPU (0 when it fits).
    pub fn short_by_gib(&self) -> f64 {
        (self.memory.total_gib - self.usable.value).max(0.0)
    }

    /// Free share of the usable memory (negative when it does not fit).
    pub fn headroom(&self) -> f64 {
        if self.usable.value > 0.0 {
            1.0 - self.memory.total_gib / self.usable.value
        } else {
            -1.0
        }
    }
}

/// The workload's memory on `gpus` GPUs of `gpu`. For serving, `gpus` is the tensor-parallel
/// degree of one replica.
pub fn fit_on(model: &Model, workload: &Workload, gpu: &Gpu, gpus: u32) -> Result<Fit, InputError> {
    fit_on_with(model, workload, gpu, gpus, Full)
}

/// [`fit_on`] with formulas only when `detail` asks for them.
pub fn fit_on_with(
    model: &Model,
    workload: &Workload,
    gpu: &Gpu,
    gpus: u32,
    detail: impl Detail,
) -> Result<Fit, InputError> {
    let tp = match workload {
        Workload::Serve(s) => s
            .tensor_parallel
            .unwrap_or(gpus / s.pipeline_parallel.unwrap_or(1).max(1))
            .max(1),
        Workload::Train(t) => t.parallel.tensor,
        Workload::Lora(l) => l.parallel.tensor,
        _ => 1,
    };
    // A serving replica is sized per tensor-parallel rank; its pipeline stages split it further.
    let (gpus_for_memory, replica) = match workload {
        Workload::Serve(s) => (tp, tp * s.pipeline_parallel.unwrap_or(1).max(1)),
        _ => (gpus, gpus),
    };
    let memory = memory::estimate_with(model, workload, gpus_for_memory, detail)?;
    Ok(Fit {
        gpus: replica,
        tensor_parallel: tp,
        usable: usable_gib_with(gpu, workload, Some(&memory), detail),
        memory,
    })
}

/// The GPU counts a workload can be split over, up to `max_gpus`: multiples of tensor ×
/// pipeline for training, powers of two for automatic tensor parallelism when serving, one GPU
/// per replica for the rest (data parallelism does not change per-GPU memory there).
fn step(workload: &Workload) -> Step {
    match workload {
        Workload::Train(t) => Step::Multiples {
            of: t.parallel.model_parallel(),
            shards: t.parallel.zero.number() > 0,
        },
        Workload::Lora(l) => Step::Multiples {
            of: l.parallel.model_parallel(),
            shards: l.parallel.zero.number() > 0,
        },
        Workload::Serve(s) => match (s.tensor_parallel, s.pipeline_parallel) {
            (Some(tp), pp) => Step::Fixed(tp * pp.unwrap_or(1)),
            (None, Some(pp)) => Step::Multiples {
                of: pp,
                shards: true,
            },
            (None, None) => Step::PowersOfTwo,
        },
        _ => Step::Fixed(1),
    }
}

enum Step {
    Multiples { of: u32, shards: bool },
    PowersOfTwo,
    Fixed(u32),
}

/// Result of searching for the smallest GPU count that holds a job.
#[derive(Debug, Clone, PartialEq)]
pub struct FitSearch {
    /// The smallest count that fits, or the largest tried when none does (to report the gap).
    pub fit: Fit,
    pub found: bool,
}

/// Smallest GPU count (≤ `max_gpus`) under the workload's parallelism that holds the job.
///
/// Per-GPU memory never grows with more data-parallel ranks, so the search over multiples is a
/// binary search.
pub fn min_gpus(
    model: &Model,
    workload: &Workload,
    gpu: &Gpu,
    max_gpus: u32,
) -> Result<FitSearch, InputError> {
    min_gpus_with(model, workload, gpu, max_gpus, Full)
}

/// [`min_gpus`] with the answer's formulas only when `detail` asks for them.
pub fn min_gpus_with(
    model: &Model,
    workload: &Workload,
    gpu: &Gpu,
    max_gpus: u32,
    detail: impl Detail,
) -> Result<FitSearch, InputError> {
    let (n, fit, found) = search_min_gpus(model, workload, gpu, max_gpus.max(1))?;
    let fit = if detail.is_full() {
        fit_on_with(model, workload, gpu, n, Full)?
    } else {
        fit
    };
    Ok(FitSearch { fit, found })
}

/// The count [`min_gpus`] answers with (the one passed to [`fit_on`]), its fit without
/// formulas, and whether it holds the job.
fn search_min_gpus(
    model: &Model,
    workload: &Workload,
    gpu: &Gpu,
    max_gpus: u32,
) -> Result<(u32, Fit, bool), InputError> {
    let at = |n: u32| fit_on_with(model, workload, gpu, n, Numbers);
    match step(workload) {
        Step::Fixed(n) => {
            let fit = at(n)?;
            let found = fit.fits() && n <= max_gpus;
            Ok((n, fit, found))
        }
        Step::PowersOfTwo => {
            let mut n = 1u32;
            let mut last = at(1)?;
            loop {
                if last.fits() {
                    return Ok((n, last, true));
                }
                let next = n.saturating_mul(2);
                if next > max_gpus || next == n {
                    return Ok((n, last, false));
                }
                n = next;
                last = at(n)?;
            }
        }
        Step::Multiples { of, shards } => {
            let of = of.max(1);
            let first = at(of)?;
            if first.fits() || !shards || of > max_gpus {
                let found = first.fits() && of <= max_gpus;
                return Ok((of, first, found));
            }
            let max_k = (max_gpus / of).max(1);
            let top = at(max_k * of)?;
            if !top.fits() {
                return Ok((max_k * of, top, false));
            }
            // Invariant: lo does not fit, hi fits.
            let (mut lo, mut hi, mut best) = (1u32, max_k, top);
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                let f = at(mid * of)?;
                if f.fits() {
                    hi = mid;
                    best = f;
                } else {
                    lo = mid;
                }
            }
            Ok((hi * of, best, true))
        }
    }
}

/// Largest value in `lo..=hi` for which `fits` holds, assuming it holds for a prefix.
fn largest_fitting(
    lo: u32,
    hi: u32,
    mut fits: impl FnMut(u32) -> Result<bool, InputError>,
) -> Result<Option<u32>, InputError> {
    if lo > hi || !fits(lo)? {
        return Ok(None);
    }
    if fits(hi)? {
        return Ok(Some(hi));
    }
    let (mut good, mut bad) = (lo, hi);
    while bad - good > 1 {
        let mid = good + (bad - good) / 2;
        if fits(mid)? {
            good = mid;
        } else {
            bad = mid;
        }
    }
    Ok(Some(good))
}

/// Largest micro-batch (sequences, or samples for classic training) that fits on `gpus` GPUs.
pub fn max_micro_batch(
    model: &Model,
    workload: &Workload,
    gpu: &Gpu,
    gpus: u32,
) -> Result<Option<u32>, InputError> {
    let with = |b: u32| -> Workload {
        let mut w = workload.clone();
        match &mut w {
            Workload::Train(t) => t.shape.micro_batch = b,
            Workload::Lora(l) => l.shape.micro_batch = b,
            Workload::Classic(c) => c.batch = b,
            Workload::Infer(i) => i.batch = b,
            _ => {}
        }
        w
    };
    match workload {
        Workload::Train(_) | Workload::Lora(_) | Workload::Classic(_) | Workload::Infer(_) => {
            largest_fitting(1, MAX_MICRO_BATCH, |b| {
                Ok(fit_on_with(model, &with(b), gpu, gpus, Numbers)?.fits())
            })
        }
        _ => Err(InputError::new(
            "workload",
            "the largest micro-batch applies to training workloads",
        )),
    }
}

/// Longest training sequence (tokens) that fits on `gpus` GPUs at the workload's micro-batch.
pub fn max_seq_len(
    model: &Model,
    workload: &Workload,
    gpu: &Gpu,
    gpus: u32,
) -> Result<Option<u32>, InputError> {
    let with = |len: u32| -> Workload {
        let mut w = workload.clone();
        match &mut w {
            Workload::Train(t) => t.shape.seq_len = len,
            Workload::Lora(l) => l.shape.seq_len = len,
            _ => {}
        }
        w
    };
    match workload {
        Workload::Train(_) | Workload::Lora(_) => largest_fitting(1, MAX_SEQ_LEN, |len| {
            Ok(fit_on_with(model, &with(len), gpu, gpus, Numbers)?.fits())
        }),
        _ => Err(InputError::new(
            "workload",
            "the longest sequence applies to LLM training workloads",
        )),
    }
}

fn serve_of(workload: &Workload) -> Result<&Serve, InputError> {
    match workload {
        Workload::Serve(s) => Ok(s),
        _ => Err(InputError::new(
            "workload",
            "the longest context applies to serving",
        )),
    }
}

/// Longest context per sequence (at the workload's concurrency) that fits with `tp` GPUs.
pub fn max_context(
    model: &Model,
    workload: &Workload,
    gpu: &Gpu,
    tp: u32,
) -> Result<Option<u32>, InputError> {
    let s = serve_of(workload)?;
    let lo = (s.prompt_tokens + s.output_tokens).max(1);
    largest_fitting(lo, 1 << 26, |c| {
        let w = Workload::Serve(Serve {
            context_tokens: c,
            tensor_parallel: Some(tp),
            ..s.clone()
        });
        Ok(fit_on_with(model, &w, gpu, tp, Numbers)?.fits())
    })
}

mod inverse;
pub use inverse::max_concurrency;

#[cfg(test)]
mod tests;
