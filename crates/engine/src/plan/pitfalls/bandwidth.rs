//! Public bandwidth two ways: a fixed port by the month (按固定带宽) against the same month's
//! egress paid by the GB (按流量), at a provider that sells both; and, where the provider
//! publishes one, what a shared bandwidth package (共享带宽包) would charge for the same peak.

use super::Pitfall;
use crate::cost::bandwidth::{fixed_month_cost, mbps_for, month_capacity_gb};
use crate::cost::hidden::egress_cost;
use crate::explain::Numbers;
use crate::plan::{Candidate, Request};

/// Both prices of the pick's public traffic, when its provider publishes both. A port the user
/// stated is always compared (it is on the bill); otherwise the least port that carries the
/// month's egress at a flat rate is suggested only when it costs less than the traffic.
pub(super) fn compare(pick: &Candidate, request: &Request) -> Option<Pitfall> {
    let costs = &request.costs;
    let provider = pick.provider;
    let (bandwidth, egress) = (provider.bandwidth.first()?, provider.egress.first()?);
    let stated = costs.bandwidth_mbps > 0.0;
    if !stated && costs.egress_gb <= 0.0 {
        return None;
    }
    let mbps = if stated {
        costs.bandwidth_mbps
    } else {
        mbps_for(costs.egress_gb)
    };
    let to_report = |v: f64, from| costs.fx.convert(v, from, costs.currency);
    let fixed = fixed_month_cost(mbps, &provider.bandwidth, Numbers)?.value;
    let fixed = to_report(fixed, bandwidth.price.currency);
    let traffic = egress_cost(costs.egress_gb, &provider.egress, Numbers)?.value;
    let traffic = to_report(traffic, egress.price.currency);
    if !stated && fixed >= traffic {
        return None;
    }
    let package = provider
        .bandwidth_package
        .as_ref()
        .map(|p| to_report(p.price * mbps, p.currency));
    Some(Pitfall::BandwidthBilling {
        mbps,
        stated,
        fixed,
        traffic,
        egress_gb: costs.egress_gb,
        capacity_gb: month_capacity_gb(mbps),
        package,
        intranet_free: provider.free_intranet == Some(true),
    })
}
