//! Plans of several phases (develop, train, serve): a mixed strategy that picks the best offer
//! for each phase, against running every phase on one offer.

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
