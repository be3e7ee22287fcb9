//! SkyPilot's catalog files (`catalogs/<version>/<cloud>/vms.csv` in the skypilot-catalog
//! repository): one row per instance type and region (per zone for some clouds), with the
//! accelerator, its count, vCPUs, memory, the on-demand price and, where the cloud has one, the
//! spot price. The files carry no date; their commit does, and the fetch step reads it.

use crate::{csv, median, round6, Imported, InstanceRow, Origin, PriceRow};
use gpu_sizer_engine::catalog::{BillingMode, Currency};
use std::collections::BTreeMap;

/// Reads one `vms.csv`. Rows without an accelerator (CPU instances) or without a region are left
/// out. Rows per zone of one region are folded into one price per mode: the on-demand price is the
/// same in every zone, the spot price is the median of the zones' (a zone whose spot price is not
/// below on-demand is left out).
pub fn import(text: &str, origin: Origin) -> Imported {
    #[derive(Default)]
    struct Group {
        instance: Option<InstanceRow>,
        on_demand: Vec<f64>,
        spot: Vec<f64>,
    }
    let mut groups: BTreeMap<(String, String), Group> = BTreeMap::new();
    for row in csv::rows(text) {
        let get = |k: &str| row.get(k).map(|s| s.trim()).filter(|s| !s.is_empty());
        let (Some(instance), Some(region), Some(accelerator)) =
            (get("InstanceType"), get("Region"), get("AcceleratorName"))
        else {
            continue;
        };
        let count = get("AcceleratorCount")
            .and_then(|c| c.parse::<f64>().ok())
            .filter(|c| *c >= 1.0);
        let Some(count) = count else { continue };
        let group = groups
            .entry((instance.to_string(), region.to_string()))
            .or_default();
        group.instance.get_or_insert_with(|| InstanceRow {
            instance_type: instance.to_string(),
            region: region.to_string(),
            accelerator: accelerator.to_string(),
            gpu_count: count.round() as u32,
            vcpu: get("vCPUs")
                .and_then(|v| v.parse::<f64>().ok())
                .map(|v| v.round() as u32),
            ram_gib: get("MemoryGiB").and_then(|v| v.parse::<f64>().ok()),
        });
        let price = |k: &str| {
            get(k)
                .and_then(|p| p.parse::<f64>().ok())
                .filter(|p| *p > 0.0)
        };
        group.on_demand.extend(price("Price"));
        group.spot.extend(price("SpotPrice"));
    }
    let mut out = Imported {
        origin,
        instances: Vec::new(),
        prices: Vec::new(),
    };
    for ((instance, region), group) in groups {
        let mut push = |mode, values: Vec<f64>, what: &str| {
            let n = values.len();
            let (lo, hi) = values
                .iter()
                .fold((f64::INFINITY, 0.0_f64), |(l, h), v| (l.min(*v), h.max(*v)));
            if let Some(m) = median(values) {
                let note = (n > 1).then(|| {
                    if lo == hi {
                        format!("{what}: the same in {n} zones")
                    } else {
                        format!("{what}: median of {n} zones (range {lo}-{hi})")
                    }
                });
                out.prices.push(PriceRow {
                    instance_type: instance.clone(),
                    region: region.clone(),
                    mode,
                    per_hour: round6(m),
                    currency: Currency::Usd,
                    note,
                    as_of: None,
                });
            }
        };
        // A zone whose spot price is not below on-demand offers no spot discount: left out.
        let on_demand = median(group.on_demand.clone());
        let spot: Vec<f64> = group
            .spot
            .into_iter()
            .filter(|s| on_demand.is_none_or(|od| *s < od))
            .collect();
        push(BillingMode::OnDemand, group.on_demand, "on-demand");
        push(BillingMode::Spot, spot, "spot");
        out.instances.extend(group.instance);
    }
    out
}

/// The address of a file of the catalog repository at a commit.
pub fn source_url(commit: &str, path: &str) -> String {
    format!("https://github.com/skypilot-org/skypilot-catalog/blob/{commit}/{path}")
}
