//! The terms of one step at the expected efficiency: the work, the communication each kind of
//! parallelism adds, and the step in all.

use super::super::super::efficiency::{Bandwidth, Compute};
use super::super::super::term;
use super::super::Run;
use super::{Bandwidths, Comm, Layout, Step};
use crate::cite::{ADAM8BIT, KORTHIKANTI, NCCL_BUSBW, PALM_FLOPS, TP_OVERLAP};
use crate::explain::{Detail, Term};
use crate::scenario::ZeroStage;
use crate::sizing::defaults::*;
use crate::units::GIB;

/// What one step is made of, to explain it.
pub(super) struct Parts<'a> {
    pub run: &'a Run,
    pub layout: &'a Layout,
    pub c: &'a Compute,
    pub mem: &'a Bandwidth,
    pub comm: &'a Comm,
    pub bw: &'a Bandwidths,
    /// The step at the expected efficiency.
    pub s: &'a Step,
    pub units_per_step: f64,
}

/// The terms of one step at the expected efficiency, appended to `terms`.
pub(super) fn step_terms(terms: &mut Vec<Term>, p: &Parts, detail: impl Detail) {
    work(terms, p, detail);
    data_parallel(terms, p, detail);
    model_parallel(terms, p, detail);
    total(terms, p, detail);
}

/// The matmuls and the memory-bound work of a step.
fn work(terms: &mut Vec<Term>, p: &Parts, detail: impl Detail) {
    let (run, c, s) = (p.run, p.c, p.s);
    let (mp, micro_steps, eff) = (p.layout.mp, p.comm.micro_steps, c.efficiency.expected);
    terms.push(term(
        "compute_per_step",
        s.compute - s.memory,
        "s",
        detail.text(|| {
            format!(
                "{micro_steps} micro-batches × {:.0} {} × {:.4e} FLOP / (tp·pp {mp} × {:.1} TFLOP/s × {eff:.3}){}",
                run.micro_units,
                run.unit,
                run.hw_flops,
                c.peak_flops / 1e12,
                if run.slowdown != 1.0 {
                    format!(" × {:.2}", run.slowdown)
                } else {
                    String::new()
                }
            )
        }),
        Some(PALM_FLOPS),
    ));
    terms.push(term(
        "memory_traffic_per_step",
        s.memory,
        "s",
        detail.text(|| {
            format!(
                "({micro_steps} micro-batches × {:.2} GB of activations, weights and gradients + {:.2} GB of optimizer update) / {:.0} GB/s: norms, activation functions, residuals and the optimizer step are bound by memory bandwidth",
                run.traffic.micro / 1e9,
                run.traffic.step / 1e9,
                p.mem.term.value
            )
        }),
        Some(KORTHIKANTI),
    ));
}

/// The data-parallel collectives of a step, and what of them the step pays.
fn data_parallel(terms: &mut Vec<Term>, p: &Parts, detail: impl Detail) {
    let (run, layout, comm, bw, s) = (p.run, p.layout, p.comm, p.bw, p.s);
    let (mp, micro_steps) = (layout.mp, comm.micro_steps);
    if layout.dp > 1.0 {
        let dp = layout.dp;
        terms.push(term(
            "data_parallel_comm",
            comm.dp_overlappable + comm.dp_after_step,
            "s",
            detail.text(|| {
                let shard = f64::from(mp);
                let what = match run.parallel.zero {
                    ZeroStage::Zero3 => format!(
                        "ZeRO-3: reduce-scatter of {:.2} GB of gradients + {micro_steps} × 2 all-gathers of {:.2} GB of weights, prefetched during the step",
                        run.grad_bytes / shard / 1e9,
                        run.gather_bytes / shard / 1e9
                    ),
                    ZeroStage::Zero0 => format!(
                        "gradient all-reduce of {:.2} GB over {dp} ranks, overlapped with the last backward",
                        run.grad_bytes / shard / 1e9
                    ),
                    _ => format!(
                        "gradient reduce-scatter of {:.2} GB over {dp} ranks during the last backward, then an all-gather of {:.2} GB of updated weights",
                        run.grad_bytes / shard / 1e9,
                        run.gather_bytes / shard / 1e9
                    ),
                };
                format!(
                    "{what}, at {:.1} GB/s; {:.3} s not hidden, + {:.3} s of compute slowed by the overlapped collectives ({OVERLAP_INTERFERENCE} of the hidden time)",
                    bw.dp, s.dp_exposed, s.dp_interference
                )
            }),
            Some(NCCL_BUSBW),
        ));
    }
}

/// Tensor-parallel all-reduces, the pipeline bubble and optimizer paging.
fn model_parallel(terms: &mut Vec<Term>, p: &Parts, detail: impl Detail) {
    let (run, layout, comm, bw, s) = (p.run, p.layout, p.comm, p.bw, p.s);
    let micro_steps = comm.micro_steps;
    if layout.tp > 1.0 {
        let (tp, pp) = (layout.tp, layout.pp);
        terms.push(term(
            "tensor_parallel_comm",
            comm.tp,
            "s",
            detail.text(|| {
                format!(
                    "{micro_steps} micro-batches × {} all-reduces / pp {pp} (the layers of one stage) of {:.1} MB over tp {tp} at {:.1} GB/s + {:.0} µs latency each, overlapped with the layer's matmuls: {:.3} s paid",
                    run.tp_collectives,
                    run.tp_bytes / 1e6,
                    bw.tp,
                    TP_ALLREDUCE_LATENCY_S * 1e6,
                    s.tp_cost
                )
            }),
            Some(TP_OVERLAP),
        ));
    }
    if layout.pp > 1.0 {
        let pp = layout.pp;
        terms.push(term(
            "pipeline_bubble",
            s.bubble,
            "s",
            detail.text(|| {
                format!(
                    "1F1B bubble (pp − 1) / (chunks × micro-batches) = {} / ({} × {micro_steps}) of compute, plus {:.3} s of activation transfers at {:.1} GB/s",
                    pp - 1.0,
                    layout.vp,
                    comm.pp,
                    bw.pp
                )
            }),
            Some(KORTHIKANTI),
        ));
    }
    if comm.paging > 0.0 {
        terms.push(term(
            "optimizer_paging",
            comm.paging,
            "s",
            detail.text(|| {
                format!(
                    "{:.2} GiB of optimizer states paged out and back per step over PCIe",
                    run.paged_bytes / GIB
                )
            }),
            Some(ADAM8BIT),
        ));
    }
}

/// The step in all, and what each GPU keeps of its one-GPU speed.
fn total(terms: &mut Vec<Term>, p: &Parts, detail: impl Detail) {
    let (run, layout, comm, s, units_per_step) = (p.run, p.layout, p.comm, p.s, p.units_per_step);
    terms.push(term(
        "step_time",
        s.total,
        "s",
        detail.text(|| {
            format!(
                "matmuls {:.3} s + memory traffic {:.3} s + bubble {:.3} s + exposed data-parallel {:.3} s + overlap slowdown {:.3} s + tensor-parallel {:.3} s + pipeline transfers {:.3} s + paging {:.3} s, for {units_per_step:.0} {}",
                s.compute - s.memory, s.memory, s.bubble, s.dp_exposed, s.dp_interference, s.tp_cost, comm.pp, comm.paging, run.unit
            )
        }),
        None,
    ));
    if layout.gpus > 1 {
        terms.push(term(
            "scaling_efficiency",
            s.compute / s.total,
            "fraction",
            detail.text(|| {
                format!(
                    "compute {:.3} s / step {:.3} s: what each of the {} GPUs keeps of its one-GPU speed",
                    s.compute, s.total, layout.gpus
                )
            }),
            None,
        ));
    }
}
