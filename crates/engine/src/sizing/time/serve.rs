//! Serving speed: prefill is compute-bound (2·N FLOPs per prompt token plus attention), decode is
//! bound by reading the active weights and the KV cache once per step, until a large batch makes
//! it compute-bound. Mixture-of-experts models read only the experts the batch touches.

use super::efficiency::RateCache;
use super::{term, Figure, Timing};
use crate::explain::{Detail, Full, Term};
use crate::scenario::{Cluster, InputError, Model, Serve};
use crate::sizing::defaults::*;
use crate::warning::Warning;
use replica::Replica;

mod replica;
mod terms;

/// Decode speed at one batch size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DecodePoint {
    /// Sequences decoded together.
    pub batch: f64,
    /// Seconds per decode step (= time per output token of each sequence).
    pub step_s: f64,
    /// True when the step is limited by memory bandwidth rather than compute.
    pub memory_bound: bool,
}

/// What a replica reaches at the workload's batch, and at the batch meeting the latency target.
struct Speeds {
    /// Sequences decoded together (the workload's concurrency).
    batch: f64,
    /// The batch the latency target allows (the workload's, without a target).
    chosen: f64,
    /// The decode step at `batch` and the expected efficiency.
    d_exp: DecodePoint,
    /// Time to first token, s.
    ttft: Band,
    /// Time per output token, s.
    tpot: Band,
    /// Requests per second at `chosen`.
    requests: Band,
}

/// Serving figures for one replica of `cluster.gpus` GPUs (the tensor-parallel degree).
pub fn serve_time(model: &Model, s: &Serve, cluster: &Cluster) -> Result<Timing, InputError> {
    serve_time_in(model, s, cluster, Full, &mut RateCache::default())
}

/// [`serve_time`] with formulas only when `detail` asks for them (the values are the same),
/// and the GPU's rates looked up in `rates`, shared across clusters.
pub(super) fn serve_time_in<'g>(
    model: &Model,
    s: &Serve,
    cluster: &Cluster<'g>,
    detail: impl Detail,
    rates: &mut RateCache<'g>,
) -> Result<Timing, InputError> {
    let Some(t) = &model.transformer else {
        return Err(InputError::new(
            "model",
            "serving is sized for transformer language models; pick a preset with an architecture",
        )
        .because(crate::scenario::InputProblem::NeedsArchitecture));
    };
    let mut warnings = Vec::new();
    let r = match Replica::new(model, t, s, cluster, detail, rates, &mut warnings) {
        Ok(r) => r,
        Err(why) => return Ok(Timing::unknown(replica_gpus(s, cluster), why)),
    };
    let v = speeds(&r, s, &mut warnings);
    let mut terms = terms::terms(model, &r, s, &v, detail);
    let mut figures = figures(&r, s, &v);
    let hours = traffic(s, &v, &mut figures, &mut terms, detail);
    Ok(Timing {
        hours,
        gpus: r.gpus,
        figures,
        terms,
        warnings,
        untimed: None,
    })
}

/// The replica's headline figures, with the batch meeting the latency target when there is one.
fn figures(r: &Replica, s: &Serve, v: &Speeds) -> Vec<Figure> {
    let (batch, chosen, ttft, tpot, requests) = (v.batch, v.chosen, v.ttft, v.tpot, v.requests);
    let tokens_per_s = tpot.invert(batch);
    let mut figures = vec![
        Figure {
            key: "time_to_first_token_s",
            unit: "s",
            band: ttft,
        },
        Figure {
            key: "time_per_output_token_ms",
            unit: "ms",
            band: tpot.scale(1e3),
        },
        Figure {
            key: "tokens_per_s_per_sequence",
            unit: "tokens/s",
            band: tpot.invert(1.0),
        },
        Figure {
            key: "tokens_per_s",
            unit: "tokens/s",
            band: tokens_per_s,
        },
        Figure {
            key: "prefill_tokens_per_s",
            unit: "tokens/s",
            band: ttft.invert(r.prompt.max(1.0)),
        },
        Figure {
            key: "requests_per_s",
            unit: "req/s",
            band: requests,
        },
    ];
    if s.latency_target_ms.is_some() {
        figures.push(Figure {
            key: "batch_at_latency_target",
            unit: "sequences",
            band: Band::exact(chosen),
        });
        // The step time at that batch: what a user of the fleet sized for the target sees.
        let at = |me: f64, cv: f64| r.decode(chosen, me, cv).step_s * 1e3;
        figures.push(Figure {
            key: "time_per_output_token_at_target_ms",
            unit: "ms",
            band: Band::new(
                at(r.decode_eff.high, r.ce.high),
                at(r.decode_eff.expected, r.ce.expected),
                at(r.decode_eff.low, r.ce.low),
            ),
        });
    }
    figures
}

/// The replicas the stated traffic needs, and an offline batch job's hours: it runs its
/// requests at the batch it was placed with, so it has a duration, like training, instead of a
/// monthly fleet.
fn traffic(
    s: &Serve,
    v: &Speeds,
    figures: &mut Vec<Figure>,
    terms: &mut Vec<Term>,
    detail: impl Detail,
) -> Option<Band> {
    let (chosen, requests) = (v.chosen, v.requests);
    if let Some(need) = s.requests_per_s {
        let instances = requests.invert(need).map(|v| v.ceil().max(1.0));
        figures.push(Figure {
            key: "instances",
            unit: "replicas",
            band: instances,
        });
        terms.push(term(
            "instances",
            instances.expected,
            "replicas",
            detail.text(|| {
                format!(
                    "⌈{need} req/s needed / {:.2} req/s per replica⌉",
                    requests.expected
                )
            }),
            None,
        ));
    }
    let hours = s.batch_requests.map(|n| requests.invert(n / 3600.0));
    if let (Some(n), Some(h)) = (s.batch_requests, hours) {
        terms.push(term(
            "hours",
            h.expected,
            "h",
            detail.text(|| {
                format!(
                    "{n} requests / {:.3} requests/s at a batch of {chosen} sequences",
                    requests.expected
                )
            }),
            None,
        ));
    }
    hours
}

/// GPUs one replica spans: its tensor × pipeline degrees.
fn replica_gpus(s: &Serve, cluster: &Cluster) -> u32 {
    let pp = s.pipeline_parallel.unwrap_or(1).max(1);
    let tp = s.tensor_parallel.unwrap_or(cluster.gpus / pp).max(1);
    tp * pp
}

/// The replica's speeds at the workload's batch, and the batch the latency target allows: the
/// largest whose decode step meets it, or one sequence (with a warning) when none does.
fn speeds(r: &Replica, s: &Serve, warnings: &mut Vec<Warning>) -> Speeds {
    let (decode_eff, ce, pe) = (r.decode_eff, r.ce, r.pe);
    let batch = f64::from(s.concurrency);
    let output = r.output;
    let d_exp = r.decode(batch, decode_eff.expected, ce.expected);
    let d_fast = r.decode(batch, decode_eff.high, ce.high);
    let d_slow = r.decode(batch, decode_eff.low, ce.low);
    let ttft = Band::new(
        r.prefill(pe.high),
        r.prefill(pe.expected),
        r.prefill(pe.low),
    );
    // Under load, the prompts of arriving requests are prefilled between (or inside) the decode
    // steps: `batch` sequences finishing every `output` steps bring batch / output prompts per
    // step, each costing its maths (the weights are read for the decode step anyway).
    let interference = |eff: f64| {
        if batch > 1.0 {
            batch / output.max(1.0) * r.prefill_share(eff, f64::INFINITY)
        } else {
            0.0
        }
    };
    let tpot = Band::new(
        d_fast.step_s + interference(pe.high),
        d_exp.step_s + interference(pe.expected),
        d_slow.step_s + interference(pe.low),
    );

    // Replica time per request: its prefill plus its share of the decode steps.
    let per_request = |prefill_s: f64, step_s: f64, b: f64| prefill_s + output * step_s / b;
    let step_s = |b: u32| {
        r.decode(f64::from(b), decode_eff.expected, ce.expected)
            .step_s
    };
    let mut chosen = batch;
    if let Some(target_ms) = s.latency_target_ms {
        let target = target_ms / 1e3;
        if step_s(1) > target {
            warnings.push(Warning::OneSequenceTooSlow {
                ms: step_s(1) * 1e3,
                target_ms,
            });
            chosen = 1.0;
        } else {
            let (mut lo, mut hi) = (1u32, s.concurrency.max(1));
            if step_s(hi) <= target {
                lo = hi;
            }
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                if step_s(mid) <= target {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            chosen = f64::from(lo);
        }
    }
    // Under load prompts are prefilled together, as many as are decoded together.
    let rps = |pe_v: f64, me: f64, cv: f64| {
        let d = r.decode(chosen, me, cv);
        1.0 / per_request(r.prefill_share(pe_v, chosen), d.step_s, chosen)
    };
    let requests = Band::new(
        rps(pe.low, decode_eff.low, ce.low),
        rps(pe.expected, decode_eff.expected, ce.expected),
        rps(pe.high, decode_eff.high, ce.high),
    );
    Speeds {
        batch,
        chosen,
        d_exp,
        ttft,
        tpot,
        requests,
    }
}
