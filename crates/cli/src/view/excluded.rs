//! The candidates left out: how many, counted by reason, and the offer nearest to fitting.

use gpu_sizer_engine::plan::{Need, Reason, Report};
use gpu_sizer_markup::format;
use serde::Serialize;

#[derive(Debug, Serialize)]
pub struct ReasonCount {
    /// Stable key, e.g. `does_not_fit`.
    pub kind: &'static str,
    /// The same in English.
    pub reason: &'static str,
    pub count: usize,
}

#[derive(Debug, Serialize)]
pub struct ClosestView {
    pub offer: String,
    /// Memory missing per GPU.
    pub short_gib: f64,
}

#[derive(Debug, Serialize)]
pub struct ExcludedView {
    pub total: usize,
    /// Most common first.
    pub by_reason: Vec<ReasonCount>,
    /// The offer that comes nearest to holding the job, when memory is what rules offers out.
    pub closest_fit: Option<ClosestView>,
}

/// The stable key of a reason's kind.
fn reason_key(r: &Reason) -> &'static str {
    match r {
        Reason::DoesNotFit { .. } => "does_not_fit",
        Reason::MissesDeadline { .. } => "misses_deadline",
        Reason::OverBudget { .. } => "over_budget",
        Reason::LacksFeature(_) => "lacks_feature",
        Reason::SpotForLatency => "spot_for_latency",
        Reason::CannotRun(Need::GeneralCompute) => "inference_only",
        Reason::CannotRun(Need::Graphics) => "no_graphics",
        Reason::CannotRun(Need::Cuda) => "not_cuda",
        Reason::NoPrice => "no_price",
        Reason::Filtered(_) => "filtered",
        Reason::Unknown(_) => "time_unknown",
        Reason::Layout(_) => "layout",
    }
}

/// The excluded candidates of `report`, most common reason first.
pub fn of(report: &Report) -> ExcludedView {
    let mut counts: Vec<ReasonCount> = Vec::new();
    for e in &report.excluded {
        let kind = reason_key(&e.reason);
        match counts.iter_mut().find(|c| c.kind == kind) {
            Some(c) => c.count += 1,
            None => counts.push(ReasonCount {
                kind,
                reason: format::reason_kind(&e.reason).en,
                count: 1,
            }),
        }
    }
    gpu_sizer_engine::sort::by(&mut counts, |a, b| {
        b.count.cmp(&a.count).then(a.kind.cmp(b.kind))
    });
    let closest_fit = report
        .excluded
        .iter()
        .filter_map(|e| match e.reason {
            Reason::DoesNotFit { short_gib } => Some((short_gib, e)),
            _ => None,
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(short_gib, e)| ClosestView {
            offer: e.offer.id.clone(),
            short_gib,
        });
    ExcludedView {
        total: report.excluded.len(),
        by_reason: counts,
        closest_fit,
    }
}
