//! AWS's published prices: the Price List (bulk offer files and the `GetProducts` answers, which
//! hold the same product and term records) and the spot price history (`DescribeSpotPriceHistory`).
//!
//! From the Price List: Linux, shared-tenancy, no pre-installed software, on-demand hourly prices
//! and standard Reserved Instances paid with no upfront for one or three years (their hourly
//! rate). From the spot history: the latest price in each zone, folded into the median of a
//! region's zones.

use crate::{median, round6, Imported, Origin, PriceRow};
use gpu_sizer_engine::catalog::{BillingMode, Currency};
use serde_json::Value;
use std::collections::BTreeMap;

/// Region codes of the location names older Price List records use instead of `regionCode`.
const LOCATIONS: &[(&str, &str)] = &[
    ("US East (N. Virginia)", "us-east-1"),
    ("US East (Ohio)", "us-east-2"),
    ("US West (N. California)", "us-west-1"),
    ("US West (Oregon)", "us-west-2"),
    ("EU (Ireland)", "eu-west-1"),
    ("EU (London)", "eu-west-2"),
    ("EU (Paris)", "eu-west-3"),
    ("EU (Frankfurt)", "eu-central-1"),
    ("EU (Stockholm)", "eu-north-1"),
    ("Asia Pacific (Tokyo)", "ap-northeast-1"),
    ("Asia Pacific (Seoul)", "ap-northeast-2"),
    ("Asia Pacific (Singapore)", "ap-southeast-1"),
    ("Asia Pacific (Sydney)", "ap-southeast-2"),
    ("Asia Pacific (Mumbai)", "ap-south-1"),
];

/// Reads Price List records: a bulk offer file (`products` and `terms` maps), a `GetProducts`
/// answer (`PriceList`, each entry a record or its JSON text) or a list of records.
pub fn import_price_list(json: &str, origin: Origin) -> Result<Imported, String> {
    let value: Value = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let mut entries: Vec<(Value, Value)> = Vec::new();
    if let (Some(products), Some(terms)) = (value.get("products"), value.get("terms")) {
        let products = products.as_object().ok_or("products is not a map")?;
        for (sku, product) in products {
            let mut by_kind = serde_json::Map::new();
            for kind in ["OnDemand", "Reserved"] {
                if let Some(t) = terms.get(kind).and_then(|t| t.get(sku)) {
                    by_kind.insert(kind.to_string(), t.clone());
                }
            }
            entries.push((product.clone(), Value::Object(by_kind)));
        }
    } else {
        let list = match value.get("PriceList") {
            Some(list) => list.clone(),
            None => value.clone(),
        };
        let list = list
            .as_array()
            .ok_or("expected products, PriceList or a list")?;
        for entry in list {
            let entry = match entry {
                Value::String(text) => serde_json::from_str(text).map_err(|e| e.to_string())?,
                other => other.clone(),
            };
            let product = entry.get("product").cloned().unwrap_or(Value::Null);
            let terms = entry.get("terms").cloned().unwrap_or(Value::Null);
            entries.push((product, terms));
        }
    }

    let mut prices = Vec::new();
    for (product, terms) in entries {
        let a = |k: &str| {
            product
                .get("attributes")
                .and_then(|x| x.get(k))
                .and_then(Value::as_str)
                .unwrap_or("")
        };
        let family = product
            .get("productFamily")
            .and_then(Value::as_str)
            .unwrap_or("");
        if !family.starts_with("Compute Instance")
            || a("operatingSystem") != "Linux"
            || a("tenancy") != "Shared"
            || a("preInstalledSw") != "NA"
            || !matches!(a("capacitystatus"), "" | "Used")
            || !matches!(a("licenseModel"), "" | "No License required")
        {
            continue;
        }
        let region = if a("regionCode").is_empty() {
            match LOCATIONS.iter().find(|(name, _)| *name == a("location")) {
                Some((_, code)) => code.to_string(),
                None => continue,
            }
        } else {
            a("regionCode").to_string()
        };
        let instance = a("instanceType").to_string();
        for (kind, by_code) in terms.as_object().into_iter().flatten() {
            for term in by_code.as_object().into_iter().flatten().map(|(_, t)| t) {
                let attrs = |k: &str| {
                    term.get("termAttributes")
                        .and_then(|x| x.get(k))
                        .and_then(Value::as_str)
                        .unwrap_or("")
                };
                let mode = match (kind.as_str(), attrs("LeaseContractLength")) {
                    ("OnDemand", _) => BillingMode::OnDemand,
                    ("Reserved", _)
                        if attrs("OfferingClass") != "standard"
                            || attrs("PurchaseOption") != "No Upfront" =>
                    {
                        continue
                    }
                    ("Reserved", "1yr") => BillingMode::Reserved1y,
                    ("Reserved", "3yr") => BillingMode::Reserved3y,
                    _ => continue,
                };
                let hourly = term
                    .get("priceDimensions")
                    .and_then(Value::as_object)
                    .into_iter()
                    .flatten()
                    .map(|(_, d)| d)
                    .find(|d| d.get("unit").and_then(Value::as_str) == Some("Hrs"))
                    .and_then(|d| {
                        d.get("pricePerUnit")?
                            .get("USD")?
                            .as_str()?
                            .parse::<f64>()
                            .ok()
                    });
                let Some(per_hour) = hourly.filter(|p| *p > 0.0) else {
                    continue;
                };
                prices.push(PriceRow {
                    instance_type: instance.clone(),
                    region: region.clone(),
                    mode,
                    per_hour: round6(per_hour),
                    currency: Currency::Usd,
                    note: (mode != BillingMode::OnDemand)
                        .then(|| "standard Reserved Instance, no upfront".to_string()),
                    as_of: term
                        .get("effectiveDate")
                        .and_then(Value::as_str)
                        .and_then(|d| d.get(..10))
                        .map(str::to_string),
                });
            }
        }
    }
    Ok(Imported {
        origin,
        instances: Vec::new(),
        prices,
    })
}

/// Reads a `DescribeSpotPriceHistory` answer: Linux prices only, the latest per zone, the median
/// of a region's zones, dated by the latest record.
pub fn import_spot_history(json: &str, origin: Origin) -> Result<Imported, String> {
    let value: Value = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let history = value
        .get("SpotPriceHistory")
        .and_then(Value::as_array)
        .ok_or("no SpotPriceHistory array")?;
    // (instance, zone) → (timestamp, price)
    let mut latest: BTreeMap<(String, String), (String, f64)> = BTreeMap::new();
    for h in history {
        let s = |k: &str| h.get(k).and_then(Value::as_str).unwrap_or("");
        if !matches!(
            s("ProductDescription"),
            "Linux/UNIX" | "Linux/UNIX (Amazon VPC)"
        ) {
            continue;
        }
        let Ok(price) = s("SpotPrice").parse::<f64>() else {
            continue;
        };
        let key = (
            s("InstanceType").to_string(),
            s("AvailabilityZone").to_string(),
        );
        let stamp = s("Timestamp").to_string();
        if latest.get(&key).is_none_or(|(t, _)| *t < stamp) {
            latest.insert(key, (stamp, price));
        }
    }
    // (instance, region) → prices and newest stamp
    let mut regions: BTreeMap<(String, String), (Vec<f64>, String)> = BTreeMap::new();
    for ((instance, zone), (stamp, price)) in latest {
        let region = zone.trim_end_matches(|c: char| c.is_ascii_lowercase());
        if !region.ends_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let slot = regions.entry((instance, region.to_string())).or_default();
        slot.0.push(price);
        if slot.1 < stamp {
            slot.1 = stamp;
        }
    }
    let prices = regions
        .into_iter()
        .filter_map(|((instance, region), (values, stamp))| {
            let n = values.len();
            Some(PriceRow {
                instance_type: instance,
                region,
                mode: BillingMode::Spot,
                per_hour: round6(median(values)?),
                currency: Currency::Usd,
                note: Some(format!("median of the latest spot price in {n} zones")),
                as_of: stamp.get(..10).map(str::to_string),
            })
        })
        .collect();
    Ok(Imported {
        origin,
        instances: Vec::new(),
        prices,
    })
}
