//! The guides' "keep data in the same zone, same cloud": what the month's traffic between zones
//! and to another cloud costs on the pick's bill, all of which keeping the data beside the GPUs
//! would save (traffic within one zone over the private network is free at the providers that
//! price the crossing).

use super::Pitfall;
use crate::explain::Term;
use crate::plan::Request;

/// The pick's cost of moving data across zones and clouds, from its bill, when any is charged.
pub(super) fn compare(bill: &[Term], total: f64, request: &Request) -> Option<Pitfall> {
    let costs = &request.costs;
    let line = |key: &str| bill.iter().find(|l| l.key == key).map(|l| l.value);
    let (zone, cloud) = (line("cross_zone"), line("cross_cloud"));
    let saving = zone.unwrap_or(0.0) + cloud.unwrap_or(0.0);
    if saving <= 0.0 {
        return None;
    }
    Some(Pitfall::CrossTraffic {
        zone_gb: costs.cross_zone_gb,
        zone_cost: zone,
        cloud_gb: costs.cross_cloud_gb,
        cloud_cost: cloud,
        saving,
        share: saving / total.max(1e-9),
    })
}
