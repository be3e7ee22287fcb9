//! What fits on a candidate's GPUs, for a person who has them or is choosing them: the largest
//! micro-batch and sequence (training), the longest context and the most sequences at once
//! (serving), and the fewest GPUs of the candidate's offer that meet the deadline. Each answer is
//! a term with its formula. When nothing fits at all, [`super::remedies`] says what would.

use super::{candidates, Candidate, Request};
use crate::catalog::Catalog;
use crate::explain::{Numbers, Term};
use crate::scenario::{Cluster, InputError, Model, Serve, Workload};
use crate::sizing::fit::{self, Fit};
use crate::sizing::layout::{self, Slots};
use crate::sizing::time;

/// Most instance counts the deadline search times: counts beyond sixteen instances double.
const MAX_TRIES: usize = 40;

/// The inverse searches on candidate `c` of a report of `request` on `catalog`, each a term:
/// `fits_micro_batch`, `fits_seq_len` (training), `fits_context`, `fits_concurrency` (serving),
/// and with a deadline `fits_deadline_gpus`, or `fastest_gpus` when no count meets it.
pub fn what_fits(
    catalog: &Catalog,
    c: &Candidate,
    request: &Request,
) -> Result<Vec<Term>, InputError> {
    let model = Model::resolve(&request.scenario.model)?;
    let workload = candidates::placed_workload(&model, c, request)?;
    let gpus = c.job_gpus();
    let on = format!("{gpus} × {}", c.gpu.name);
    let mut terms = Vec::new();
    let fit_with = |w: &Workload, n: u32| fit::fit_on_with(&model, w, c.gpu, n, Numbers);
    match &workload {
        Workload::Train(_) | Workload::Lora(_) | Workload::Classic(_) => {
            let classic = matches!(workload, Workload::Classic(_));
            let unit = if classic { "samples" } else { "sequences" };
            if let Some(b) = fit::max_micro_batch(&model, &workload, c.gpu, gpus)? {
                let at = |v| fit_with(&with_batch(&workload, v), gpus);
                terms.push(largest("fits_micro_batch", b, unit, &on, at)?);
            }
            if !classic {
                if let Some(s) = fit::max_seq_len(&model, &workload, c.gpu, gpus)? {
                    let at = |v| fit_with(&with_seq_len(&workload, v), gpus);
                    terms.push(largest("fits_seq_len", s, "tokens", &on, at)?);
                }
            }
        }
        Workload::Serve(s) => {
            let at = |w: Serve| fit_with(&Workload::Serve(w), gpus);
            let serve = |f: &dyn Fn(&mut Serve)| {
                let mut w = Serve {
                    tensor_parallel: Some(gpus),
                    ..s.clone()
                };
                f(&mut w);
                w
            };
            if let Some(n) = fit::max_context(&model, &workload, c.gpu, gpus)? {
                let at = |v| at(serve(&|w| w.context_tokens = v));
                terms.push(largest("fits_context", n, "tokens", &on, at)?);
            }
            if let Some(n) = fit::max_concurrency(&model, &workload, c.gpu, gpus)? {
                let at = |v| at(serve(&|w| w.concurrency = v));
                terms.push(largest("fits_concurrency", n, "sequences", &on, at)?);
            }
        }
        _ => {}
    }
    // Each count is laid out afresh, as the ranking lays out a candidate.
    let asked = &request.scenario.workload;
    if let Some(term) = fewest_for_deadline(catalog, &model, asked, c, request)? {
        terms.push(term);
    }
    Ok(terms)
}

/// The term of the largest value `v` that fits, with the memory at `v` and at `v + 1`.
fn largest(
    key: &'static str,
    v: u32,
    unit: &'static str,
    on: &str,
    at: impl Fn(u32) -> Result<Fit, InputError>,
) -> Result<Term, InputError> {
    let here = at(v)?;
    let next = at(v.saturating_add(1))?;
    let beyond = if next.fits() {
        // The search stops at the input's own limit.
        String::from("; the input allows no more")
    } else {
        format!(
            "; {} needs {:.2} GiB",
            v.saturating_add(1),
            next.memory.total_gib
        )
    };
    Ok(Term {
        key,
        value: f64::from(v),
        unit,
        formula: format!(
            "largest value whose memory per GPU stays within the usable {:.2} GiB on {on}: {v} needs {:.2} GiB{beyond}",
            here.usable.value, here.memory.total_gib
        ),
        source: None,
    })
}

fn with_batch(workload: &Workload, b: u32) -> Workload {
    let mut w = workload.clone();
    match &mut w {
        Workload::Train(t) => t.shape.micro_batch = b,
        Workload::Lora(l) => l.shape.micro_batch = b,
        Workload::Classic(c) => c.batch = b,
        _ => {}
    }
    w
}

fn with_seq_len(workload: &Workload, len: u32) -> Workload {
    let mut w = workload.clone();
    match &mut w {
        Workload::Train(t) => t.shape.seq_len = len,
        Workload::Lora(l) => l.shape.seq_len = len,
        _ => {}
    }
    w
}

/// Instance counts to try: every count up to sixteen, then doublings, at most [`MAX_TRIES`].
fn instance_counts(max: u32) -> impl Iterator<Item = u32> {
    std::iter::successors(Some(1u32), |k| {
        if *k < 16 {
            Some(k + 1)
        } else {
            k.checked_mul(2)
        }
    })
    .take_while(move |k| *k <= max)
    .take(MAX_TRIES)
}

/// The fewest GPUs of `c`'s offer (whole instances, up to `max_gpus`, each laid out as the
/// engine lays out a candidate) whose expected time meets the deadline: `fits_deadline_gpus`;
/// when none does, the fastest count tried: `fastest_gpus`. None without a deadline, for a
/// service, or when no count holds the job.
fn fewest_for_deadline(
    catalog: &Catalog,
    model: &Model,
    workload: &Workload,
    c: &Candidate,
    request: &Request,
) -> Result<Option<Term>, InputError> {
    let Some(deadline) = request.scenario.deadline_h else {
        return Ok(None);
    };
    if c.serving.is_some() {
        return Ok(None);
    }
    let per = c.offer.gpu_count.max(1);
    let max = request.constraints.max_gpus.max(per) / per;
    let data = request
        .scenario
        .data
        .as_ref()
        .zip(c.feed)
        .map(|(d, f)| d.feed(f.mbs));
    // (GPUs, expected hours, low, high) of the fastest count so far.
    let mut fastest: Option<(u32, f64, f64, f64)> = None;
    let mut tried = 0;
    for k in instance_counts(max) {
        let n = k * per;
        let slots = Slots {
            gpus: n,
            per_node: per,
        };
        let Ok(placed) = layout::place_with(model, workload, c.gpu, slots, Numbers)? else {
            continue;
        };
        let cluster = Cluster::on_offer(c.gpu, c.offer, n);
        let timing = time::estimate_with(
            model,
            &placed.workload,
            &cluster,
            data.as_ref(),
            catalog,
            Numbers,
        )?;
        let Some(h) = timing.hours else { continue };
        tried += 1;
        if h.expected <= deadline {
            return Ok(Some(Term {
                key: "fits_deadline_gpus",
                value: f64::from(n),
                unit: "GPUs",
                formula: format!(
                    "fewest of {k} × {per} {} (one more instance each try, then doublings) whose expected time {:.1} h (band {:.1}–{:.1} h) is within the deadline {deadline} h",
                    c.gpu.name, h.expected, h.low, h.high
                ),
                source: None,
            }));
        }
        if fastest.is_none_or(|f| h.expected < f.1) {
            fastest = Some((n, h.expected, h.low, h.high));
        }
    }
    Ok(fastest.map(|(n, e, lo, hi)| Term {
        key: "fastest_gpus",
        value: f64::from(n),
        unit: "GPUs",
        formula: format!(
            "no count of {} up to {} GPUs ({tried} tried) meets the deadline {deadline} h; the fastest, {n} GPUs, takes {e:.1} h (band {lo:.1}–{hi:.1} h)",
            c.gpu.name,
            max * per
        ),
        source: None,
    }))
}

#[cfg(test)]
mod tests;
