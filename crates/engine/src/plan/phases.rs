//! Plans of several phases (develop, train, serve): a mixed strategy that picks the best offer
//! for each phase, against running every phase on one offer; a project prices each phase over
//! its months (a service by the month, a job by its runs) and compares the mixed plan with every
//! phase on the largest instance among its picks.

use super::{evaluate, Candidate, Request};
use crate::catalog::Catalog;
use crate::scenario::InputError;

/// One phase of a plan.
#[derive(Debug, Clone, PartialEq)]
pub struct Phase {
    pub name: String,
    pub request: Request,
}

/// The best of each phase, and the best single offer for all of them.
#[derive(Debug, Clone, PartialEq)]
pub struct PlanReport<'a> {
    /// The pick of each phase (None when nothing meets that phase's constraints).
    pub mixed: Vec<Option<Candidate<'a>>>,
    pub mixed_total: f64,
    /// Offer id (and billing mode) that can run every phase at the lowest total, and that total.
    pub single: Option<(String, f64)>,
}

/// Evaluates each phase; compares picking per phase with keeping one offer throughout.
pub fn evaluate_plan<'a>(
    catalog: &'a Catalog,
    phases: &[Phase],
) -> Result<PlanReport<'a>, InputError> {
    let reports = phases
        .iter()
        .map(|p| evaluate(catalog, &p.request))
        .collect::<Result<Vec<_>, _>>()?;
    let mixed: Vec<Option<Candidate>> = reports.iter().map(|r| r.pick().cloned()).collect();
    let mixed_total = mixed.iter().flatten().map(|c| c.cost.expected).sum();

    // For each offer+mode present in every phase, the sum of its cheapest candidate per phase.
    let mut single: Option<(String, f64)> = None;
    if let Some(first) = reports.first() {
        for c in &first.ranked {
            let key = (&c.offer.id, c.mode);
            let mut total = 0.0;
            let mut everywhere = true;
            for r in &reports {
                let best = r
                    .ranked
                    .iter()
                    .filter(|x| (&x.offer.id, x.mode) == key)
                    .map(|x| x.cost.expected)
                    .fold(f64::INFINITY, f64::min);
                if best.is_finite() {
                    total += best;
                } else {
                    everywhere = false;
                    break;
                }
            }
            if everywhere && single.as_ref().is_none_or(|(_, t)| total < *t) {
                single = Some((format!("{} ({:?})", c.offer.id, c.mode), total));
            }
        }
    }
    Ok(PlanReport {
        mixed,
        mixed_total,
        single,
    })
}

/// One phase of a project: a job run `runs` times (a development box's week, a fine-tune), or a
/// service kept up, over `months` months.
#[derive(Debug, Clone, PartialEq)]
pub struct ProjectPhase {
    pub name: String,
    pub request: Request,
    /// How long the phase lasts, in months (> 0).
    pub months: f64,
    /// Times the job runs in the phase (a service ignores it: it is priced by the month).
    pub runs: f64,
}

/// What one phase costs on its own pick, and on the project's largest instance.
#[derive(Debug, Clone, PartialEq)]
pub struct PhaseCost<'a> {
    pub pick: Option<Candidate<'a>>,
    /// The phase's cost over its months, and per month of it.
    pub total: f64,
    pub per_month: f64,
    /// The same phase on the largest instance among the picks; none when it cannot run there.
    pub on_largest: Option<f64>,
}

/// A project: each phase on its own best instance and billing mode, totalled, against every
/// phase on the largest of those instances.
#[derive(Debug, Clone, PartialEq)]
pub struct ProjectReport<'a> {
    pub phases: Vec<PhaseCost<'a>>,
    pub total: f64,
    pub months: f64,
    /// `total` over the project's months.
    pub per_month: f64,
    /// The instance with the most GPU memory (GPUs × memory of each) that can run every phase.
    pub largest: Option<&'a crate::catalog::Offer>,
    /// Every phase on `largest`, and what the mixed plan saves against it.
    pub on_largest: Option<f64>,
    pub saving: Option<f64>,
}

/// The cost of a phase whose pick is `c`: a month of service × months, or a job × runs.
fn phase_total(c: &Candidate, phase: &ProjectPhase) -> f64 {
    if phase.request.scenario.workload.is_service() {
        c.cost.expected * phase.months
    } else {
        c.cost.expected * phase.runs
    }
}

/// Evaluates each phase of a project, totals it, and prices it on the largest instance able to
/// run every phase (each phase there in its cheapest billing mode).
pub fn evaluate_project<'a>(
    catalog: &'a Catalog,
    phases: &[ProjectPhase],
) -> Result<ProjectReport<'a>, InputError> {
    for p in phases {
        if !(p.months.is_finite() && p.months > 0.0) {
            return Err(InputError::new(
                "months",
                format!("phase '{}': must be a positive number of months", p.name),
            ));
        }
        if !(p.runs.is_finite() && p.runs >= 0.0) {
            return Err(InputError::new(
                "runs",
                format!("phase '{}': must be a number ≥ 0", p.name),
            ));
        }
    }
    let reports = phases
        .iter()
        .map(|p| evaluate(catalog, &p.request))
        .collect::<Result<Vec<_>, _>>()?;
    // The largest instance (GPUs × memory of each) that every phase can run on, and each
    // phase's cheapest candidate there.
    let size = |o: &crate::catalog::Offer| {
        let memory = catalog.gpu(&o.gpu).map_or(0.0, |g| g.memory_gib);
        f64::from(o.gpu_count) * memory
    };
    let cheapest_on = |report: &super::Report<'a>, phase: &ProjectPhase, id: &str| {
        report
            .ranked
            .iter()
            .filter(|c| c.offer.id == id)
            .map(|c| phase_total(c, phase))
            .min_by(f64::total_cmp)
    };
    let largest = reports.first().and_then(|first| {
        first
            .ranked
            .iter()
            .map(|c| c.offer)
            .filter(|o| {
                reports
                    .iter()
                    .zip(phases)
                    .all(|(r, p)| cheapest_on(r, p, &o.id).is_some())
            })
            .max_by(|a, b| size(a).total_cmp(&size(b)))
    });
    let mut costs = Vec::with_capacity(phases.len());
    for (phase, report) in phases.iter().zip(&reports) {
        let pick = report.pick().cloned();
        let total = pick.as_ref().map_or(0.0, |c| phase_total(c, phase));
        costs.push(PhaseCost {
            per_month: total / phase.months,
            total,
            on_largest: largest.and_then(|o| cheapest_on(report, phase, &o.id)),
            pick,
        });
    }
    let total: f64 = costs.iter().map(|c| c.total).sum();
    let months: f64 = phases.iter().map(|p| p.months).sum();
    let on_largest: Option<f64> = costs.iter().map(|c| c.on_largest).sum();
    Ok(ProjectReport {
        total,
        months,
        per_month: if months > 0.0 { total / months } else { 0.0 },
        largest,
        saving: on_largest.map(|l| l - total),
        on_largest,
        phases: costs,
    })
}

#[cfg(test)]
mod project_tests;
