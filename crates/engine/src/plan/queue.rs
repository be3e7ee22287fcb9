//! A month's queue of jobs on a candidate's instances (`cost::queue`): the rates it is priced
//! at come from the candidate's offer. Only the pick and the candidate a person opens are
//! compared, never the whole ranking.

use super::{candidates, Candidate, Request};
use crate::catalog::BillingMode;
use crate::cost::queue::Rates;
pub use crate::cost::queue::{compare as compare_rates, QueueChoice, QueueComparison};
use crate::explain::Detail;

/// The queue of `request` on `candidate`'s instances, when the request describes one and the
/// candidate runs a job (a service is priced by the month already).
pub fn compare(
    candidate: &Candidate,
    request: &Request,
    detail: impl Detail,
) -> Option<QueueComparison> {
    let queue = request.costs.queue.as_ref()?;
    if candidate.serving.is_some() || request.scenario.workload.is_service() {
        return None;
    }
    let instances = f64::from(candidate.instances.max(1));
    // Started and stopped instances are paid as you go: the candidate's own rate when it is
    // paid that way (spot included), else the offer's on-demand price.
    let start_stop = match candidate.mode {
        BillingMode::OnDemand | BillingMode::Spot => candidate.price_per_hour,
        _ => {
            let (price, from) = candidates::on_demand(candidate.offer, request)?;
            let costs = &request.costs;
            costs.fx.convert(price, from, costs.currency)
        }
    };
    let rates = Rates {
        start_stop: start_stop * instances,
        kept: candidate.price_per_hour * instances,
        increment_s: candidate
            .offer
            .billing_increment_s
            .unwrap_or(candidate.provider.billing_increment_s),
        minimum_s: candidate.provider.billing_minimum_s,
    };
    compare_rates(queue, candidate.hours.expected, rates, detail)
}
