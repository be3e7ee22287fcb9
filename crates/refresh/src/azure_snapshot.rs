//! Snapshots of the Azure Retail Prices API kept in a repository (one JSON file per region, as
//! andy-diericks/azure-pricing-radar commits them every few hours): a map from the item's key
//! (`skuId|meterId|type|reservationTerm`) to the fields the snapshot keeps (`armRegionName`,
//! `meterName`, `productName`, `retailPrice`, `skuName`, `unitOfMeasure`, and `savingsPlanPrice`,
//! the 1-year savings-plan rate of a pay-as-you-go item). Prices are in USD, the API's default.
//!
//! The snapshot drops `armSkuName`, and its `skuName` is written several ways (`NC4as T4 v3`,
//! `NC40adsH100v5`, `Standard_NC24ads_A100_v4`), so a name is matched to the catalog's instance
//! types with spaces, underscores and the `Standard_` prefix ignored, case-insensitively. A name
//! that matches none of them is left out. Windows, Low Priority and Dedicated Host meters are
//! left out; a meter name ending in "Spot" is the spot price. The commit that wrote the file
//! dates it.

use crate::{round6, Imported, Origin, PriceRow};
use gpu_sizer_engine::catalog::{BillingMode, Currency};
use serde_json::Value;
use std::collections::BTreeMap;

/// An instance type's name with `Standard_`, spaces and underscores removed, lower case.
pub fn normalize(name: &str) -> String {
    let lower = name.to_ascii_lowercase();
    let bare = lower.strip_prefix("standard_").unwrap_or(&lower);
    bare.chars().filter(|c| *c != ' ' && *c != '_').collect()
}

/// Reads one snapshot file; `instance_types` are the catalog's names the snapshot's SKU names are
/// matched against.
pub fn import(json: &str, instance_types: &[String], origin: Origin) -> Result<Imported, String> {
    let value: Value = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let items = value.as_object().ok_or("expected a map of items")?;
    let known: BTreeMap<String, &String> =
        instance_types.iter().map(|t| (normalize(t), t)).collect();
    // (instance, region, mode) → price; several SKU ids can carry the same meter.
    let mut found: BTreeMap<(String, String, BillingMode), (f64, Option<String>)> = BTreeMap::new();
    for (key, item) in items {
        let s = |k: &str| item.get(k).and_then(Value::as_str).unwrap_or("");
        let kind = key.split('|').nth(2).unwrap_or("");
        let product = s("productName");
        let meter = s("meterName");
        if kind != "Consumption"
            || s("unitOfMeasure") != "1 Hour"
            || product.ends_with("Windows")
            || product.contains("Dedicated Host")
            || meter.contains("Low Priority")
        {
            continue;
        }
        let Some(price) = item
            .get("retailPrice")
            .and_then(Value::as_f64)
            .filter(|p| *p > 0.0)
        else {
            continue;
        };
        let (name, spot) = match s("skuName").strip_suffix(" Spot") {
            Some(base) => (base, true),
            None => (s("skuName"), false),
        };
        let Some(instance) = known.get(&normalize(name)) else {
            continue;
        };
        let region = s("armRegionName").to_string();
        let mode = if spot {
            BillingMode::Spot
        } else {
            BillingMode::OnDemand
        };
        found.insert(((*instance).clone(), region.clone(), mode), (price, None));
        if let Some(plan) = item
            .get("savingsPlanPrice")
            .and_then(Value::as_f64)
            .filter(|p| *p > 0.0 && !spot)
        {
            found.insert(
                ((*instance).clone(), region, BillingMode::Reserved1y),
                (plan, Some("1-year savings plan, hourly rate".to_string())),
            );
        }
    }
    let prices = found
        .into_iter()
        .map(
            |((instance_type, region, mode), (per_hour, note))| PriceRow {
                instance_type,
                region,
                mode,
                per_hour: round6(per_hour),
                currency: Currency::Usd,
                note,
                as_of: None,
            },
        )
        .collect();
    Ok(Imported {
        origin,
        instances: Vec::new(),
        prices,
    })
}
