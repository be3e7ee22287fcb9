//! The parallel layout of a training job on a given set of GPUs: what the person fixed, the
//! rest chosen the way practitioners do — plain data parallelism when the model fits, then
//! sharding the optimizer, gradients and weights (ZeRO 1–3), then tensor parallelism inside a
//! node only as far as memory needs, then pipeline stages across nodes. The first layout that
//! fits is taken, so the engine never pays for more communication than memory forces.
//!
//! A layout that cannot be laid on a candidate (12 GPUs in tensor × pipeline groups of 8) is
//! that candidate's problem, reported as such; it never stops the others from being sized.

use super::fit::{fit_on_with, Fit};
use crate::catalog::Gpu;
use crate::explain::{Detail, Full, Numbers};
use crate::scenario::{InputError, Model, Parallelism, Serve, Workload, ZeroStage};

/// A job placed on GPUs: the workload with its layout resolved, and its memory there.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    pub workload: Workload,
    pub fit: Fit,
}

impl Placed {
    /// The layout chosen: for training workloads, and the tensor × pipeline split of a serving
    /// replica.
    pub fn layout(&self) -> Option<Parallelism> {
        match &self.workload {
            Workload::Serve(s) => Some(Parallelism {
                tensor: s.tensor_parallel.unwrap_or(1),
                pipeline: s.pipeline_parallel.unwrap_or(1),
                ..Parallelism::default()
            }),
            w => parallel_of(w),
        }
    }
}

/// A parallel layout that cannot be laid on a number of GPUs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LayoutProblem {
    /// `gpus` GPUs do not split into tensor × pipeline groups of `group`.
    Indivisible { gpus: u32, group: u32 },
    /// `gpus` GPUs asked for are not a whole number of `per_node`-GPU instances.
    PartialInstances { gpus: u32, per_node: u32 },
}

/// Why a job cannot be placed on a number of GPUs.
#[derive(Debug, Clone, PartialEq)]
pub enum Unplaced {
    /// The fixed layout does not divide the GPUs.
    Layout(LayoutProblem),
    /// No layout fits memory; the closest one, to report the gap.
    TooSmall(Box<Fit>),
}

/// Where the GPUs are: how many in all and how many share a node (tensor parallelism stays
/// inside a node when the engine chooses it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slots {
    pub gpus: u32,
    pub per_node: u32,
}

fn parallel_of(w: &Workload) -> Option<Parallelism> {
    match w {
        Workload::Train(t) => Some(t.parallel),
        Workload::Lora(l) => Some(l.parallel),
        _ => None,
    }
}

fn with_parallel(w: &Workload, p: Parallelism) -> Workload {
    let mut w = w.clone();
    match &mut w {
        Workload::Train(t) => t.parallel = p,
        Workload::Lora(l) => l.parallel = p,
        _ => {}
    }
    w
}

/// Model chunks per stage the engine schedules when it chooses pipeline stages: two layers
/// per chunk, as NVIDIA's NeMo recipes interleave (Llama 3.1 70B: 80 layers, PP 4, VP 5 → 4
/// layers per chunk; 405B: 126 layers, PP 8, VP 8 → 2), at least one chunk.
fn interleave(layers: u32, pipeline: u32) -> u32 {
    if pipeline <= 1 {
        1
    } else {
        (layers / pipeline / 2).max(1)
    }
}

/// Every ZeRO stage, in the order of preference (the least sharding first).
const ZERO_STAGES: [ZeroStage; 4] = [
    ZeroStage::Zero0,
    ZeroStage::Zero1,
    ZeroStage::Zero2,
    ZeroStage::Zero3,
];

/// The sizes of one parallel axis to try: the powers of two up to `max` when the engine
/// chooses it, else the size the person fixed.
fn sizes(auto: bool, fixed: u32, max: u32) -> impl Iterator<Item = u32> + Clone {
    let first = if auto { 1 } else { fixed };
    std::iter::successors(
        Some(first),
        move |n| if auto { n.checked_mul(2) } else { None },
    )
    .take_while(move |n| !auto || *n <= max.max(1))
}

/// The layouts to try, in the order of preference.
fn options(p: Parallelism, model: &Model, slots: Slots) -> Vec<Parallelism> {
    let zeros: &[ZeroStage] = if p.auto.zero {
        &ZERO_STAGES
    } else {
        std::slice::from_ref(&p.zero)
    };
    let heads = model
        .transformer
        .as_ref()
        .map_or(1, |t| t.num_attention_heads.max(1));
    let tensors = sizes(p.auto.tensor, p.tensor, slots.per_node.min(heads))
        .filter(|t| !p.auto.tensor || heads.is_multiple_of(*t));
    let layers = model.layers().max(1.0) as u32;
    let mut out = Vec::new();
    for pipeline in sizes(p.auto.pipeline, p.pipeline, layers.min(slots.gpus)) {
        for tensor in tensors.clone() {
            let mp = tensor.saturating_mul(pipeline);
            if mp == 0 || !slots.gpus.is_multiple_of(mp) {
                continue;
            }
            // With one data-parallel rank there is nothing to shard: one stage stands for all.
            let single = slots.gpus / mp == 1;
            for &zero in zeros.iter().take(if single { 1 } else { zeros.len() }) {
                out.push(Parallelism {
                    zero,
                    tensor,
                    pipeline,
                    virtual_stages: if p.auto.pipeline {
                        interleave(layers, pipeline)
                    } else {
                        p.virtual_stages
                    },
                    auto: p.auto,
                });
            }
        }
    }
    out
}

/// Places `workload` on `slots` GPUs of `gpu`: the first layout (in the order of preference)
/// that fits. Workloads without a parallel layout are sized as they are.
pub fn place_with(
    model: &Model,
    workload: &Workload,
    gpu: &Gpu,
    slots: Slots,
    detail: impl Detail,
) -> Result<Result<Placed, Unplaced>, InputError> {
    if let Workload::Serve(s) = workload {
        return place_serving(model, s, gpu, slots, detail);
    }
    let Some(p) = parallel_of(workload) else {
        let fit = fit_on_with(model, workload, gpu, slots.gpus, detail)?;
        return Ok(if fit.fits() {
            Ok(Placed {
                workload: workload.clone(),
                fit,
            })
        } else {
            Err(Unplaced::TooSmall(Box::new(fit)))
        });
    };
    let options = options(p, model, slots);
    if options.is_empty() {
        let mp = p.model_parallel();
        return Ok(Err(Unplaced::Layout(LayoutProblem::Indivisible {
            gpus: slots.gpus,
            group: mp,
        })));
    }
    let mut closest: Option<Fit> = None;
    for (i, option) in options.iter().copied().enumerate() {
        let w = with_parallel(workload, option);
        let fit = fit_on_with(model, &w, gpu, slots.gpus, Numbers)?;
        if fit.fits() {
            let fit = if detail.is_full() {
                fit_on_with(model, &w, gpu, slots.gpus, Full)?
            } else {
                fit
            };
            return Ok(Ok(Placed { workload: w, fit }));
        }
        if closest
            .as_ref()
            .is_none_or(|c| fit.memory.total_gib < c.memory.total_gib)
        {
            closest = Some(fit);
        }
        // The most sharded layout needs the least memory: when it does not fit, none does.
        if i == 0 && options.len() > 2 {
            let last = options[options.len() - 1];
            let most = fit_on_with(
                model,
                &with_parallel(workload, last),
                gpu,
                slots.gpus,
                Numbers,
            )?;
            if !most.fits() {
                return Ok(Err(Unplaced::TooSmall(Box::new(most))));
            }
        }
    }
    Ok(Err(Unplaced::TooSmall(Box::new(
        closest.expect("options is not empty"),
    ))))
}

/// A serving replica on `slots` GPUs: tensor parallelism inside a node, one pipeline stage per
/// node when the replica spans nodes (what the person fixed stays fixed). An offline batch job
/// decodes the largest batch that fits, up to the server's default limit and its number of
/// requests; its `concurrency` (a service's figure) is not used.
fn place_serving(
    model: &Model,
    s: &Serve,
    gpu: &Gpu,
    slots: Slots,
    detail: impl Detail,
) -> Result<Result<Placed, Unplaced>, InputError> {
    let g = slots.gpus.max(1);
    let tp = s.tensor_parallel.unwrap_or(match s.pipeline_parallel {
        Some(pp) => g / pp.max(1),
        None => g.min(slots.per_node.max(1)),
    });
    let pp = s.pipeline_parallel.unwrap_or(g / tp.max(1));
    if tp == 0 || pp == 0 || tp * pp != g {
        return Ok(Err(Unplaced::Layout(LayoutProblem::Indivisible {
            gpus: g,
            group: tp.max(1) * s.pipeline_parallel.unwrap_or(1),
        })));
    }
    let mut placed = Serve {
        tensor_parallel: Some(tp),
        pipeline_parallel: Some(pp),
        ..s.clone()
    };
    if s.batch_requests.is_some() {
        // A batch job's requests are all known: each sequence's cache holds its prompt and
        // output, not the longest context a service must allow for.
        placed.context_tokens = placed
            .context_tokens
            .min(s.prompt_tokens.saturating_add(s.output_tokens).max(1));
        let with = |c: u32| {
            Workload::Serve(Serve {
                concurrency: c,
                ..placed.clone()
            })
        };
        let fits = |c: u32| -> Result<bool, InputError> {
            Ok(fit_on_with(model, &with(c), gpu, g, Numbers)?.fits())
        };
        let requests = s
            .batch_requests
            .unwrap_or(1.0)
            .ceil()
            .min(f64::from(u32::MAX)) as u32;
        let cap = crate::sizing::server::profile(s.server)
            .max_batch
            .min(requests)
            .max(1);
        if fits(1)? {
            let (mut lo, mut hi) = (1, cap);
            if fits(hi)? {
                lo = hi;
            }
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                if fits(mid)? {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            placed.concurrency = lo;
        } else {
            placed.concurrency = 1;
        }
    }
    let w = Workload::Serve(placed);
    let fit = fit_on_with(model, &w, gpu, g, detail)?;
    Ok(if fit.fits() {
        Ok(Placed { workload: w, fit })
    } else {
        Err(Unplaced::TooSmall(Box::new(fit)))
    })
}

/// [`place_with`] with every formula.
pub fn place(
    model: &Model,
    workload: &Workload,
    gpu: &Gpu,
    slots: Slots,
) -> Result<Result<Placed, Unplaced>, InputError> {
    place_with(model, workload, gpu, slots, Full)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::scenario::{AutoLayout, ModelSpec, Train};

    fn model(id: &str) -> Model {
        Model::resolve(&ModelSpec::Preset(id.into())).unwrap()
    }

    fn auto_train() -> Workload {
        Workload::Train(Train {
            parallel: Parallelism {
                auto: AutoLayout::ALL,
                ..Parallelism::default()
            },
            ..Train::default()
        })
    }

    fn layout(id: &str, gpu: &str, gpus: u32, per_node: u32) -> Option<Parallelism> {
        let g = Catalog::builtin().gpu(gpu).unwrap();
        place(&model(id), &auto_train(), g, Slots { gpus, per_node })
            .unwrap()
            .ok()
            .and_then(|p| p.layout())
    }

    #[test]
    fn a_small_model_gets_plain_data_parallelism() {
        let p = layout("llama-3.2-1b", "a100-80gb-sxm", 8, 8).unwrap();
        assert_eq!((p.zero, p.tensor, p.pipeline), (ZeroStage::Zero0, 1, 1));
    }

    #[test]
    fn sharding_comes_before_tensor_parallelism() {
        let p = layout("llama-3.1-8b", "a100-80gb-sxm", 8, 8).unwrap();
        assert!(p.zero > ZeroStage::Zero0, "{p:?}");
        assert_eq!((p.tensor, p.pipeline), (1, 1));
    }

    #[test]
    fn a_model_beyond_one_node_gets_pipeline_stages_across_nodes() {
        let p = layout("llama-3.1-405b", "h100-sxm", 512, 8).unwrap();
        assert!(p.tensor <= 8, "{p:?}");
        assert!(p.pipeline > 1 || p.zero == ZeroStage::Zero3, "{p:?}");
    }

    #[test]
    fn a_fixed_layout_that_does_not_divide_is_a_reason_not_an_error() {
        let mut w = auto_train();
        if let Workload::Train(t) = &mut w {
            t.parallel = Parallelism {
                tensor: 8,
                ..Parallelism::default()
            };
        }
        let g = Catalog::builtin().gpu("h100-sxm").unwrap();
        let r = place(
            &model("llama-3.1-8b"),
            &w,
            g,
            Slots {
                gpus: 12,
                per_node: 4,
            },
        )
        .unwrap();
        assert!(matches!(r, Err(Unplaced::Layout(_))), "{r:?}");
    }

    #[test]
    fn a_replica_beyond_one_node_takes_one_pipeline_stage_per_node() {
        let g = Catalog::builtin().gpu("a100-80gb-sxm").unwrap();
        let w = Workload::Serve(crate::scenario::Serve::default());
        let placed = place(
            &model("llama-3.1-405b"),
            &w,
            g,
            Slots {
                gpus: 16,
                per_node: 8,
            },
        )
        .unwrap()
        .unwrap();
        let Workload::Serve(s) = &placed.workload else {
            unreachable!()
        };
        assert_eq!((s.tensor_parallel, s.pipeline_parallel), (Some(8), Some(2)));
        assert_eq!(placed.fit.gpus, 16);
    }

    #[test]
    fn an_offline_batch_runs_the_largest_batch_that_fits_up_to_its_requests() {
        let g = Catalog::builtin().gpu("h100-sxm").unwrap();
        let batch = |requests: f64| {
            let w = Workload::Serve(crate::scenario::Serve {
                batch_requests: Some(requests),
                prompt_tokens: 1000,
                output_tokens: 1000,
                ..crate::scenario::Serve::default()
            });
            let placed = place(
                &model("llama-3.1-8b"),
                &w,
                g,
                Slots {
                    gpus: 1,
                    per_node: 8,
                },
            )
            .unwrap()
            .unwrap();
            let Workload::Serve(s) = placed.workload else {
                unreachable!()
            };
            (s.concurrency, placed.fit)
        };
        let (many, fit) = batch(1e6);
        assert!(fit.fits());
        // The server's default limit (vLLM's 256) or memory, whichever binds first.
        assert!(many > 1 && many <= 256, "{many}");
        assert_eq!(batch(10.0).0, 10.min(many));
    }
}
