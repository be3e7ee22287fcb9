//! A subscription (包年包月) the person expects to stop after some months, against paying as
//! you go for the same months, on the pick's offer.

use super::Pitfall;
use crate::catalog::BillingMode;
use crate::cost::hidden::HOURS_PER_MONTH;
use crate::cost::refund::{consumed, months_paid};
use crate::plan::{Candidate, Request};

/// Both prices of keeping the pick's instances for `stop_after_months`, when its offer sells a
/// monthly subscription and pay-as-you-go: the subscription is bought month by month and
/// cancelled then, refunded by the provider's published rule (none: its months are paid in
/// full); pay-as-you-go bills the same hours.
pub(super) fn compare(pick: &Candidate, request: &Request) -> Option<Pitfall> {
    let costs = &request.costs;
    let months = costs.stop_after_months.filter(|m| *m > 0.0)?;
    let (monthly, on_demand) = (
        pick.offer.quote(BillingMode::Monthly)?,
        pick.offer.quote(BillingMode::OnDemand)?,
    );
    let instances = f64::from(pick.instances.max(1));
    let to_report = |v: f64, from| costs.fx.convert(v, from, costs.currency) * instances;
    let month = monthly.per_hour * HOURS_PER_MONTH;
    let hours = months * HOURS_PER_MONTH;
    let paid = month * months_paid(hours);
    let refund = pick.provider.refund.as_ref();
    let kept = refund
        .and_then(|r| consumed(r, month, Some(on_demand.per_hour), hours))
        .map_or(paid, |used| paid.min(used));
    let pay_as_you_go = to_report(on_demand.per_hour * hours, on_demand.currency);
    let subscription = to_report(kept, monthly.currency);
    // The stop at which the subscription first costs no more than paying as you go.
    let break_even_months = (monthly.per_hour / on_demand.per_hour).min(1.0);
    Some(Pitfall::SubscriptionStoppedEarly {
        months,
        subscription,
        pay_as_you_go,
        refunded: to_report(paid - kept, monthly.currency),
        refund_rule: refund.map(|r| r.rule),
        handling_fee: refund.map_or(0.0, |r| r.handling_fee),
        break_even_months,
    })
}
