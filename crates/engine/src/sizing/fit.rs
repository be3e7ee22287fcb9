//! Which GPU counts hold a job, and the inverse questions: the largest batch, context or
//! concurrency that fits on a given number of GPUs.

use super::defaults::MEMORY_RESERVE;
use super::memory::{self, MemoryEstimate};
use crate::catalog::Gpu;
use crate::catalog::{Catalog, Offer};
use crate::explain::Term;
use crate::scenario::{Cluster, DataFeed, InputError, Model, Serve, Workload};
use crate::sizing::time::{self, Timing};

/// Memory usable per GPU: device memory × (1 − reserve), or × the server's memory utilisation.
pub fn usable_gib(gpu: &Gpu, workload: &Workload) -> Term {
    match workload {
        Workload::Serve(s) => Term {
            key: "usable",
            value: gpu.memory_gib * s.memory_utilization,
            unit: "GiB",
            formula: format!(
                "{} GiB × memory utilisation {}",
                gpu.memory_gib, s.memory_utilization
            ),
            source: Some(super::defaults::VLLM_PROFILE),
        },
        _ => Term {
            key: "usable",
            value: gpu.memory_gib * (1.0 - MEMORY_RESERVE),
            unit: "GiB",
            formula: format!(
                "{} GiB × (1 − {MEMORY_RESERVE} reserved for allocator fragmentation)",
                gpu.memory_gib
            ),
            source: Some(super::defaults::ASSUMPTION),
        },
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
    let tp = match workload {
        Workload::Serve(s) => s.tensor_parallel.unwrap_or(gpus),
        Workload::Train(t) => t.parallel.tensor,
        Workload::Lora(l) => l.parallel.tensor,
        _ => 1,
    };
    let gpus_for_memory = match workload {
        Workload::Serve(_) => tp,
        _ => gpus,
    };
    Ok(Fit {
        gpus: gpus_for_memory,
        tensor_parallel: tp,
        memory: memory::estimate(model, workload, gpus_for_memory)?,
        usable: usable_gib(gpu, workload),
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
        Workload::Serve(s) => match s.tensor_parallel {
            Some(tp) => Step::Fixed(tp),
            None => Step::PowersOfTwo,
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
    let max_gpus = max_gpus.max(1);
    match step(workload) {
        Step::Fixed(n) => {
            let fit = fit_on(model, workload, gpu, n)?;
            let found = fit.fits() && n <= max_gpus;
            Ok(FitSearch { fit, found })
        }
        Step::PowersOfTwo => {
            let mut n = 1u32;
            let mut last = fit_on(model, workload, gpu, 1)?;
            loop {
                if last.fits() {
                    return Ok(FitSearch {
                        fit: last,
                        found: true,
                    });
                }
                let next = n.saturating_mul(2);
                if next > max_gpus || next == n {
                    return Ok(FitSearch {
                        fit: last,
                        found: false,
                    });
                }
                n = next;
                last = fit_on(model, workload, gpu, n)?;
            }
        }
        Step::Multiples { of, shards } => {
            let of = of.max(1);
            let first = fit_on(model, workload, gpu, of)?;
            if first.fits() || !shards || of > max_gpus {
                let found = first.fits() && of <= max_gpus;
                return Ok(FitSearch { fit: first, found });
            }
            let max_k = (max_gpus / of).max(1);
            let top = fit_on(model, workload, gpu, max_k * of)?;
            if !top.fits() {
                return Ok(FitSearch {
                    fit: top,
                    found: false,
                });
            }
            // Invariant: lo does not fit, hi fits.
            let (mut lo, mut hi, mut best) = (1u32, max_k, top);
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                let f = fit_on(model, workload, gpu, mid * of)?;
                if f.fits() {
                    hi = mid;
                    best = f;
                } else {
                    lo = mid;
                }
            }
            Ok(FitSearch {
                fit: best,
                found: true,
            })
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
            _ => {}
        }
        w
    };
    match workload {
        Workload::Train(_) | Workload::Lora(_) | Workload::Classic(_) => {
            largest_fitting(1, 1_000_000, |b| {
                Ok(fit_on(model, &with(b), gpu, gpus)?.fits())
            })
        }
        _ => Err(InputError::new(
            "workload",
            "the largest micro-batch applies to training workloads",
        )),
    }
}

fn serve_of(workload: &Workload) -> Result<&Serve, InputError> {
    match workload {
        Workload::Serve(s) => Ok(s),
        _ => Err(InputError::new(
            "workload",
            "context and concurrency limits apply to serving",
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
        Ok(fit_on(model, &w, gpu, tp)?.fits())
    })
}

/// Most concurrent sequences (at the workload's context) that fit with `tp` GPUs.
pub fn max_concurrency(
    model: &Model,
    workload: &Workload,
    gpu: &Gpu,
    tp: u32,
) -> Result<Option<u32>, InputError> {
    let s = serve_of(workload)?;
    largest_fitting(1, 1_000_000, |n| {
        let w = Workload::Serve(Serve {
            concurrency: n,
            tensor_parallel: Some(tp),
            ..s.clone()
        });
        Ok(fit_on(model, &w, gpu, tp)?.fits())
    })
}

/// Fewest GPUs on instances of `offer` (from `start` up to `max_gpus`, whole instances) whose
/// expected time meets `deadline_h`; when none does, the fastest count tried. `None` when no
/// larger count is possible.
#[allow(clippy::too_many_arguments)]
pub fn fewest_gpus_for_deadline(
    model: &Model,
    workload: &Workload,
    gpu: &Gpu,
    offer: &Offer,
    start: u32,
    max_gpus: u32,
    deadline_h: f64,
    data: Option<&DataFeed>,
    catalog: &Catalog,
) -> Result<Option<(u32, Timing)>, InputError> {
    let per = offer.gpu_count.max(1);
    let mp = match workload {
        Workload::Train(t) => t.parallel.model_parallel(),
        Workload::Lora(l) => l.parallel.model_parallel(),
        _ => 1,
    };
    let mut best: Option<(u32, Timing)> = None;
    let mut k = start.div_ceil(per) + 1;
    while k.saturating_mul(per) <= max_gpus {
        let n = k * per;
        k += 1;
        if !n.is_multiple_of(mp) {
            continue;
        }
        let t = time::estimate(
            model,
            workload,
            &Cluster::on_offer(gpu, offer, n),
            data,
            catalog,
        )?;
        let Some(h) = t.hours else { continue };
        if h.expected <= deadline_h {
            return Ok(Some((n, t)));
        }
        let faster = best
            .as_ref()
            .and_then(|(_, b)| b.hours)
            .is_none_or(|b| h.expected < b.expected);
        if faster {
            best = Some((n, t));
        }
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::scenario::{ModelSpec, Train, ZeroStage};

    fn model(id: &str) -> Model {
        Model::resolve(&ModelSpec::Preset(id.into())).unwrap()
    }

    fn gpu(id: &str) -> &'static Gpu {
        Catalog::builtin().gpu(id).unwrap()
    }

    #[test]
    fn seventy_b_serving_needs_tensor_parallelism_on_80_gb() {
        let w = Workload::Serve(Serve::default());
        let s = min_gpus(&model("llama-3.1-70b"), &w, gpu("a100-80gb-sxm"), 8).unwrap();
        assert!(s.found);
        assert_eq!(s.fit.gpus, 2);
    }

    #[test]
    fn zero3_finds_the_smallest_data_parallel_group() {
        let mut t = Train::default();
        t.parallel.zero = ZeroStage::Zero3;
        let w = Workload::Train(t);
        let m = model("llama-2-13b");
        let g = gpu("a100-80gb-sxm");
        let s = min_gpus(&m, &w, g, 64).unwrap();
        assert!(s.found);
        let n = s.fit.gpus;
        assert!(n > 1 && fit_on(&m, &w, g, n).unwrap().fits());
        assert!(!fit_on(&m, &w, g, n - 1).unwrap().fits());
    }

    #[test]
    fn a_job_that_never_fits_reports_the_gap() {
        let w = Workload::Train(Train::default()); // ZeRO-0: no sharding
        let s = min_gpus(&model("llama-3.1-70b"), &w, gpu("rtx-4090"), 8).unwrap();
        assert!(!s.found);
        assert!(s.fit.short_by_gib() > 100.0);
    }

    #[test]
    fn inverse_queries_sit_on_the_fit_boundary() {
        let m = model("llama-3.1-8b");
        let g = gpu("a100-80gb-sxm");
        let w = Workload::Serve(Serve::default());
        let c = max_concurrency(&m, &w, g, 1).unwrap().unwrap();
        let at = |n| {
            Workload::Serve(Serve {
                concurrency: n,
                tensor_parallel: Some(1),
                ..Serve::default()
            })
        };
        assert!(fit_on(&m, &at(c), g, 1).unwrap().fits());
        assert!(!fit_on(&m, &at(c + 1), g, 1).unwrap().fits());
        let ctx = max_context(&m, &w, g, 1).unwrap().unwrap();
        assert!(ctx > 100_000, "{ctx}");
        let b = max_micro_batch(&m, &Workload::Train(Train::default()), g, 8);
        assert!(
            b.unwrap().is_none(),
            "8B full AdamW does not fit 80 GB without sharding"
        );
    }
}
