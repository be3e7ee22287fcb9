//! The pick's offer in every billing mode it was priced in, as the compute each mode bills over a
//! job's length: what the billing chart draws, from the same arithmetic as the break-even.

use super::{Candidate, Report};
use crate::cost::billing::{compute_at, compute_curve};

/// One billing mode of the pick's offer over a job's length.
#[derive(Debug, Clone, PartialEq)]
pub struct ModeCurve<'r, 'a> {
    pub candidate: &'r Candidate<'a>,
    /// Corners of the compute billed for a job of so many hours, from 0 to the horizon: joined
    /// by straight lines, they are the curve (see [`compute_curve`]).
    pub corners: Vec<(f64, f64)>,
    /// Where a commitment starts to pay off against on-demand (hours, cost), when that is within
    /// the horizon: on this curve and on the on-demand one.
    pub break_even: Option<(f64, f64)>,
}

/// The billing modes of the pick's offer side by side, as the job gets longer.
#[derive(Debug, Clone, PartialEq)]
pub struct ModeComparison<'r, 'a> {
    /// The job's expected hours on the pick.
    pub job_hours: f64,
    /// The longest job drawn: past the job and every break-even, at least a day.
    pub horizon: f64,
    pub modes: Vec<ModeCurve<'r, 'a>>,
}

/// The pick's offer in each mode ranked with the same instance count, when there are two or more
/// to compare and the job has a length.
///
/// The curves are compute alone: storage, egress and set-up cost the same whichever way the
/// instances are billed, and leaving them out puts the break-even where the lines cross.
pub fn compare_modes<'r, 'a>(report: &'r Report<'a>) -> Option<ModeComparison<'r, 'a>> {
    let pick = report.pick()?;
    let same: Vec<&Candidate> = report
        .ranked
        .iter()
        .filter(|c| c.offer.id == pick.offer.id && c.instances == pick.instances)
        .collect();
    let job_hours = pick.hours.expected;
    if same.len() < 2 || job_hours.is_nan() || job_hours <= 0.0 {
        return None;
    }
    let horizon = same
        .iter()
        .filter_map(|c| c.break_even.as_ref().map(|b| b.hours * 1.3))
        .fold(job_hours * 2.0, f64::max)
        .max(24.0);
    let modes = same
        .into_iter()
        .map(|c| {
            let (per_hour, term) = (c.fleet_price_per_hour(), c.mode.term_hours());
            let break_even = c
                .break_even
                .as_ref()
                .map(|b| b.hours)
                .filter(|&hours| hours <= horizon)
                .map(|hours| (hours, compute_at(per_hour, term, hours)));
            ModeCurve {
                candidate: c,
                corners: compute_curve(per_hour, term, horizon),
                break_even,
            }
        })
        .collect();
    Some(ModeComparison {
        job_hours,
        horizon,
        modes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{BillingMode, Catalog};
    use crate::plan::{evaluate, CostInputs, Objective, Request};
    use crate::scenario::{Lora, ModelSpec, Scenario, Workload};

    /// A LoRA job on the first catalog offer priced on demand and by the year, with storage,
    /// egress and set-up that the whole cost carries and the compute curves leave out.
    fn compared() -> (Request, String) {
        let catalog = Catalog::builtin();
        let offer = catalog
            .offers
            .iter()
            .find(|o| {
                o.gpu_count >= 8
                    && o.quote(BillingMode::OnDemand).is_some()
                    && o.quote(BillingMode::Reserved1y).is_some()
            })
            .expect("an offer priced on demand and by the year");
        let mut costs = CostInputs {
            egress_gb: 500.0,
            setup_h: 2.0,
            ..CostInputs::default()
        };
        costs.storage.data_gb = 2000.0;
        let mut request = Request {
            scenario: Scenario {
                model: ModelSpec::Preset("llama-3.1-8b".into()),
                workload: Workload::Lora(Lora::default()),
                data: None,
                deadline_h: None,
            },
            costs,
            constraints: Default::default(),
            objective: Objective::Cheapest,
            today: None,
        };
        request.constraints.offer = Some(offer.id.clone());
        request.constraints.gpus = Some(offer.gpu_count);
        (request, offer.id.clone())
    }

    #[test]
    fn each_break_even_is_where_its_commitment_meets_on_demand() {
        let (request, id) = compared();
        let report = evaluate(Catalog::builtin(), &request).unwrap();
        let chart = compare_modes(&report).expect("two modes or more");
        assert!(chart.modes.iter().all(|m| m.candidate.offer.id == id));
        let on_demand = chart
            .modes
            .iter()
            .find(|m| m.candidate.mode == BillingMode::OnDemand)
            .expect("on demand");
        let rate = on_demand.candidate.fleet_price_per_hour();
        let mut met = 0;
        for m in &chart.modes {
            let Some((hours, cost)) = m.break_even else {
                continue;
            };
            met += 1;
            assert!(hours <= chart.horizon);
            // On the on-demand line…
            assert!(
                (rate * hours - cost).abs() < 1e-6 * cost,
                "{hours} h: {cost}"
            );
            // …and on the commitment's first step.
            assert_eq!(m.corners[0].1, cost);
        }
        assert!(met > 0, "a commitment pays off within the horizon");
        // The horizon covers the job and every break-even, with room to see the crossing.
        assert!(chart.horizon >= 2.0 * chart.job_hours);
        assert_eq!(chart.job_hours, report.pick().unwrap().hours.expected);
        // The hourly line climbs at the ranking's per-hour price, from nothing.
        assert_eq!(on_demand.corners[0], (0.0, 0.0));
        let (end, cost) = on_demand.corners[1];
        assert_eq!(end, chart.horizon);
        assert!((cost - rate * end).abs() < 1e-6 * cost);
    }

    #[test]
    fn one_mode_has_nothing_to_compare() {
        let (mut request, _) = compared();
        request.constraints.modes = vec![BillingMode::OnDemand];
        let report = evaluate(Catalog::builtin(), &request).unwrap();
        assert!(report.pick().is_some());
        assert_eq!(compare_modes(&report), None);
    }
}
