//! One optimizer step of a training run on a cluster: the compute, the communication that does
//! not hide behind it, pipeline bubbles and paging; then throughput, hours and the figures.
//!
//! Data parallelism overlaps its gradient reduction with the backward pass (DDP, ZeRO-1/2) or
//! its weight gathers with the whole step (ZeRO-3 / FSDP prefetching). What overlaps is not free:
//! the collectives' kernels share the GPU's cores and memory with the compute they hide behind,
//! so a share of the overlapped time still adds to the step. Tensor-parallel all-reduces sit on
//! the critical path of every layer a pipeline stage runs; pipeline stages add the 1F1B bubble.

use super::super::comm::{all_gather_s, all_reduce_s, host_link_gbs, links_with, Group, Links};
use super::super::efficiency::{Bandwidth, Compute, Precision, RateCache};
use super::super::{term, Figure, Timing};
use super::Run;
use crate::cite::LLAMA3_RELIABILITY;
use crate::explain::{Detail, Numbers, Term};
use crate::scenario::{Cluster, DataFeed, InputError, ZeroStage};
use crate::sizing::defaults::*;
use crate::warning::{Axis, Untimed, Warning};
use std::sync::Arc;

mod terms;

/// The parallel layout of a run on a cluster.
struct Layout {
    gpus: u32,
    tp: f64,
    pp: f64,
    dp: f64,
    /// GPUs one replica spans (tensor × pipeline).
    mp: u32,
    /// Model chunks per pipeline stage (interleaved schedule).
    vp: f64,
}

impl Layout {
    fn of(run: &Run, cluster: &Cluster) -> Result<Layout, InputError> {
        let gpus = cluster.gpus.max(1);
        let mp = run.parallel.model_parallel();
        if !gpus.is_multiple_of(mp) {
            return Err(InputError::new(
                "gpus",
                format!("{gpus} GPUs cannot be split into tensor × pipeline groups of {mp}"),
            ));
        }
        Ok(Layout {
            gpus,
            tp: f64::from(run.parallel.tensor),
            pp: f64::from(run.parallel.pipeline),
            dp: f64::from(gpus / mp),
            mp,
            vp: f64::from(run.parallel.virtual_stages.max(1)),
        })
    }
}

/// Bus bandwidths of the three kinds of groups, GB/s.
struct Bandwidths {
    dp: f64,
    tp: f64,
    pp: f64,
}

fn bandwidths(run: &Run, layout: &Layout, links: &Links) -> Result<Bandwidths, Untimed> {
    let per_node = links.gpus_per_node;
    let tensor = run.parallel.tensor;
    let needs = |ranks: f64, bw: Option<f64>, axis: Axis| -> Result<f64, Untimed> {
        match bw {
            Some(b) => Ok(b),
            None if ranks <= 1.0 => Ok(f64::INFINITY),
            None => Err(Untimed::NoLink { axis }),
        }
    };
    let dp_group = Group {
        ranks: layout.gpus / layout.mp,
        per_node: (per_node / layout.mp).max(1),
    };
    let tp_group = Group {
        ranks: tensor,
        per_node: tensor.min(per_node),
    };
    let pp_group = Group {
        ranks: 2,
        per_node: if layout.mp <= per_node { 2 } else { 1 },
    };
    Ok(Bandwidths {
        dp: needs(layout.dp, links.bus_gbs(dp_group), Axis::Data)?,
        tp: needs(layout.tp, links.bus_gbs(tp_group), Axis::Tensor)?,
        pp: needs(layout.pp, links.bus_gbs(pp_group), Axis::Pipeline)?,
    })
}

/// Communication of one step, seconds, by how it relates to compute.
struct Comm {
    micro_steps: f64,
    /// Data-parallel traffic that can overlap compute, and the window it can hide in, as a
    /// share of the step's compute (the last backward, or the whole step under ZeRO-3).
    dp_overlappable: f64,
    dp_window_share: f64,
    /// Data-parallel traffic after the optimizer step (ZeRO-1/2 weight gathers).
    dp_after_step: f64,
    tp: f64,
    pp: f64,
    paging: f64,
}

fn comm(run: &Run, layout: &Layout, bw: &Bandwidths, cluster: &Cluster) -> Comm {
    let micro_steps = run
        .step_units
        .map(|g| (g / (run.micro_units * layout.dp)).ceil())
        .unwrap_or(1.0)
        .max(1.0);
    let shard = f64::from(layout.mp);
    let (grads, weights) = (run.grad_bytes / shard, run.gather_bytes / shard);
    let (dp_overlappable, dp_window_share, dp_after_step) = match run.parallel.zero {
        ZeroStage::Zero0 => (
            all_reduce_s(grads, layout.dp, bw.dp),
            BACKWARD_SHARE / micro_steps,
            0.0,
        ),
        ZeroStage::Zero1 | ZeroStage::Zero2 => (
            all_gather_s(grads, layout.dp, bw.dp),
            BACKWARD_SHARE / micro_steps,
            all_gather_s(weights, layout.dp, bw.dp),
        ),
        ZeroStage::Zero3 => (
            all_gather_s(grads, layout.dp, bw.dp)
                + micro_steps * 2.0 * all_gather_s(weights, layout.dp, bw.dp),
            1.0,
            0.0,
        ),
    };
    // A stage runs layers / pp of the model, so it does that share of the all-reduces.
    let tp = if layout.tp > 1.0 {
        micro_steps
            * run.tp_collectives
            * (all_reduce_s(run.tp_bytes, layout.tp, bw.tp) + TP_ALLREDUCE_LATENCY_S)
            / layout.pp
    } else {
        0.0
    };
    let pp = if layout.pp > 1.0 {
        micro_steps * 2.0 * layout.vp * run.boundary_bytes / (bw.pp * 1e9)
    } else {
        0.0
    };
    let paging = if run.paged_bytes > 0.0 {
        run.paged_bytes / (host_link_gbs(cluster.gpu) * 1e9)
    } else {
        0.0
    };
    Comm {
        micro_steps,
        dp_overlappable,
        dp_window_share,
        dp_after_step,
        tp,
        pp,
        paging,
    }
}

/// Seconds of one step at one compute efficiency and memory bandwidth, and its parts.
#[derive(Clone, Copy)]
struct Step {
    total: f64,
    /// Matmuls and memory-bound work: what the GPUs would take alone.
    compute: f64,
    /// The memory-bound part of `compute`.
    memory: f64,
    bubble: f64,
    dp_exposed: f64,
    dp_interference: f64,
    /// Tensor-parallel time the step pays after overlapping.
    tp_cost: f64,
}

/// FLOP/s reached on the linear layers and on attention.
#[derive(Clone, Copy)]
struct Rates {
    linear: f64,
    attention: f64,
}

fn step(run: &Run, layout: &Layout, rate: Rates, comm: &Comm, bytes_per_s: f64) -> Step {
    let per_gpu = run.micro_units / f64::from(layout.mp);
    let micro = (run.hw_flops - run.attn_flops) * per_gpu / rate.linear
        + run.attn_flops * per_gpu / rate.attention;
    let matmul = comm.micro_steps * micro * run.slowdown;
    let memory = (comm.micro_steps * run.traffic.micro + run.traffic.step) / bytes_per_s;
    let compute = matmul + memory;
    let bubble = compute * (layout.pp - 1.0) / (layout.vp * comm.micro_steps);
    let window = compute * comm.dp_window_share;
    let hidden = comm.dp_overlappable.min(window);
    let dp_exposed = comm.dp_overlappable - hidden + comm.dp_after_step;
    let dp_interference = OVERLAP_INTERFERENCE * hidden;
    // Frameworks hide part of the tensor-parallel collectives behind their layer's matmuls
    // (decomposed GEMMs); the rest, and the slowdown of what is hidden, is paid.
    let tp_hidden = (comm.tp * TP_HIDDEN_SHARE).min(matmul);
    let tp_cost = comm.tp - tp_hidden + OVERLAP_INTERFERENCE * tp_hidden;
    Step {
        total: compute + bubble + dp_exposed + dp_interference + tp_cost + comm.pp + comm.paging,
        compute,
        memory,
        bubble,
        dp_exposed,
        dp_interference,
        tp_cost,
    }
}

/// What the GPUs and their links reach, or why the catalog cannot say.
struct Hardware {
    /// The linear layers' peak and efficiency.
    c: Arc<Compute>,
    /// Attention's, when it runs at another precision than the linear layers.
    attention: Option<Arc<Compute>>,
    mem: Arc<Bandwidth>,
    links: Links,
    bw: Bandwidths,
}

impl Hardware {
    fn of<'g>(
        run: &mut Run,
        layout: &Layout,
        cluster: &Cluster<'g>,
        detail: impl Detail,
        rates: &mut RateCache<'g>,
    ) -> Result<Hardware, Untimed> {
        // The run reports the rates' warnings; the hardware keeps its figures.
        let c = rates.compute(cluster.gpu, run.math, run.work, detail)?;
        run.warnings.extend(c.warnings.iter().cloned());
        // Attention stays in 16-bit when the linear layers run in 8 or 4 bits.
        let attention =
            if matches!(run.math, Precision::Fp8 | Precision::Fp4) && run.attn_flops > 0.0 {
                rates
                    .compute(cluster.gpu, Precision::Bf16, run.work, Numbers)
                    .ok()
            } else {
                None
            };
        let mem = rates.bandwidth(cluster.gpu, detail)?;
        run.warnings.extend(mem.warnings.iter().cloned());
        let links = links_with(cluster, detail);
        let bw = bandwidths(run, layout, &links)?;
        Ok(Hardware {
            c,
            attention,
            mem,
            links,
            bw,
        })
    }

    /// The step at the low, expected and high efficiency, slowest first. Faster compute hides
    /// less communication, so the slow end is the longest step whichever efficiency gave it.
    fn steps(&self, run: &Run, layout: &Layout, comm: &Comm) -> [Step; 3] {
        let c = &self.c;
        let (eff, mem) = (c.efficiency, self.mem.bytes_per_s);
        let attn = self.attention.as_ref().unwrap_or(c);
        let rate = |e: f64, a: f64| Rates {
            linear: c.peak_flops * e,
            attention: attn.peak_flops * a,
        };
        let (slow, fast) = run.traffic.spread;
        let mut steps = [
            step(
                run,
                layout,
                rate(eff.low, attn.efficiency.low),
                comm,
                mem.low / slow,
            ),
            step(
                run,
                layout,
                rate(eff.expected, attn.efficiency.expected),
                comm,
                mem.expected,
            ),
            step(
                run,
                layout,
                rate(eff.high, attn.efficiency.high),
                comm,
                mem.high / fast,
            ),
        ];
        if steps[0].total < steps[2].total {
            steps.swap(0, 2);
        }
        // Between the two ends, as `clamp` would put it; `clamp`'s check that its bounds are in
        // order would bring the standard library's float formatting into the page's main module.
        let (low, high, total) = (steps[2].total, steps[0].total, steps[1].total);
        steps[1].total = if total < low {
            low
        } else if total > high {
            high
        } else {
            total
        };
        steps
    }
}

pub(super) fn run_time<'g>(
    mut run: Run,
    cluster: &Cluster<'g>,
    data: Option<&DataFeed>,
    detail: impl Detail,
    rates: &mut RateCache<'g>,
) -> Result<Timing, InputError> {
    let layout = Layout::of(&run, cluster)?;
    let hw = match Hardware::of(&mut run, &layout, cluster, detail, rates) {
        Ok(hw) => hw,
        Err(why) => return Ok(Timing::unknown(layout.gpus, why)),
    };
    let comm = comm(&run, &layout, &hw.bw, cluster);
    let steps = hw.steps(&run, &layout, &comm);
    let units_per_step = comm.micro_steps * run.micro_units * layout.dp;
    let mut throughput = Band::new(
        units_per_step / steps[0].total,
        units_per_step / steps[1].total,
        units_per_step / steps[2].total,
    );

    let mut terms = std::mem::take(&mut run.flop_terms);
    terms.extend(hw.c.terms.iter().cloned());
    terms.push(hw.mem.term.clone());
    terms.extend(hw.links.terms.iter().cloned());
    let parts = terms::Parts {
        run: &run,
        layout: &layout,
        c: &hw.c,
        mem: &hw.mem,
        comm: &comm,
        bw: &hw.bw,
        s: &steps[1],
        units_per_step,
    };
    terms::step_terms(&mut terms, &parts, detail);
    if let Some(d) = data {
        throughput = storage_cap(&mut run, &mut terms, throughput, d, detail);
    }
    let hours = hours(&mut terms, &run, throughput, layout.gpus, detail);
    Ok(Timing {
        hours: Some(hours),
        gpus: layout.gpus,
        figures: figures(
            &run,
            &hw.c,
            throughput,
            [steps[2].total, steps[1].total, steps[0].total],
            layout.gpus,
        ),
        terms,
        warnings: run.warnings,
        untimed: None,
    })
}

/// Caps throughput at what storage can deliver.
fn storage_cap(
    run: &mut Run,
    terms: &mut Vec<Term>,
    throughput: Band,
    d: &DataFeed,
    detail: impl Detail,
) -> Band {
    let samples_per_s = throughput.expected / run.units_per_sample;
    let need_mbs = samples_per_s * d.bytes_per_sample / 1e6;
    terms.push(term(
        "data_read",
        need_mbs,
        "MB/s",
        detail.text(|| {
            format!(
                "{samples_per_s:.1} samples/s × {} bytes per sample",
                d.bytes_per_sample
            )
        }),
        None,
    ));
    if d.bytes_per_sample <= 0.0 {
        return throughput;
    }
    let cap = d.storage_mbs * 1e6 / d.bytes_per_sample * run.units_per_sample;
    if cap >= throughput.high {
        return throughput;
    }
    let util = (cap / throughput.expected).min(1.0);
    if util < 1.0 {
        run.warnings.push(Warning::StorageCapsGpus {
            storage_mbs: d.storage_mbs,
            need_mbs,
            utilisation: util,
        });
    }
    terms.push(term(
        "storage_cap",
        util,
        "fraction",
        detail.text(|| {
            format!(
                "{} MB/s of storage / {need_mbs:.1} MB/s needed",
                d.storage_mbs
            )
        }),
        None,
    ));
    throughput.map(|t| t.min(cap))
}

/// Wall-clock hours, with the time lost to interruptions on large clusters.
fn hours(
    terms: &mut Vec<Term>,
    run: &Run,
    throughput: Band,
    gpus: u32,
    detail: impl Detail,
) -> Band {
    let interruptions = INTERRUPTIONS_PER_GPU_HOUR * f64::from(gpus) * HOURS_LOST_PER_INTERRUPTION;
    let hours = throughput
        .invert(run.units)
        .scale((1.0 + interruptions) / 3600.0);
    if interruptions > 0.001 {
        terms.push(term(
            "interruptions",
            interruptions,
            "fraction",
            detail.text(|| {
                format!(
                    "{:.2e} failures per GPU-hour × {gpus} GPUs × {HOURS_LOST_PER_INTERRUPTION:.3} h lost each",
                    INTERRUPTIONS_PER_GPU_HOUR
                )
            }),
            Some(LLAMA3_RELIABILITY),
        ));
    }
    terms.push(term(
        "hours",
        hours.expected,
        "h",
        detail.text(|| {
            format!(
                "{:.4e} {} / {:.1} {}/s{}",
                run.units,
                run.unit,
                throughput.expected,
                run.unit,
                if interruptions > 0.001 {
                    format!(" × (1 + {interruptions:.3} lost to interruptions)")
                } else {
                    String::new()
                }
            )
        }),
        None,
    ));
    hours
}

/// The headline figures: throughput in all and per GPU, model and hardware FLOPs utilisation,
/// and the step time (`step_s` from the fastest to the slowest).
fn figures(run: &Run, c: &Compute, throughput: Band, step_s: [f64; 3], gpus: u32) -> Vec<Figure> {
    let gpus = f64::from(gpus);
    let peak_all = gpus * c.peak_flops;
    let tokens = run.unit == "tokens";
    let (rate_key, per_gpu_key, unit) = if tokens {
        ("tokens_per_s", "tokens_per_s_per_gpu", "tokens/s")
    } else {
        ("samples_per_s", "samples_per_s_per_gpu", "samples/s")
    };
    vec![
        Figure {
            key: rate_key,
            unit,
            band: throughput,
        },
        Figure {
            key: per_gpu_key,
            unit,
            band: throughput.scale(1.0 / gpus),
        },
        Figure {
            key: "mfu",
            unit: "fraction",
            band: throughput.map(|t| t * run.model_flops / peak_all),
        },
        Figure {
            key: "hfu",
            unit: "fraction",
            band: throughput.map(|t| t * run.hw_flops * run.slowdown / peak_all),
        },
        Figure {
            key: "step_s",
            unit: "s",
            band: Band::new(step_s[0], step_s[1], step_s[2]),
        },
    ]
}
