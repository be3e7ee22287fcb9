//! The Azure Retail Prices API (`https://prices.azure.com/api/retail/prices`): a page of `Items`,
//! one per meter and price type. Pay-as-you-go is a `Consumption` item; spot is a `Consumption`
//! item whose meter name ends in "Spot"; reservations are `Reservation` items whose price is the
//! whole term's (1 or 3 years), turned here into an hourly rate over the term. Windows meters and
//! low-priority meters are left out. Each item carries the date its price took effect.

use crate::{round6, Imported, Origin, PriceRow};
use gpu_sizer_engine::catalog::{BillingMode, Currency};
use serde_json::Value;

/// Reads one page of the API's answer (or a file of several pages' `Items` concatenated).
pub fn import(json: &str, origin: Origin) -> Result<Imported, String> {
    let value: Value = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let items = value
        .get("Items")
        .and_then(Value::as_array)
        .ok_or("no Items array")?;
    let mut prices = Vec::new();
    for item in items {
        let s = |k: &str| item.get(k).and_then(Value::as_str).unwrap_or("");
        if s("serviceName") != "Virtual Machines"
            || s("productName").ends_with("Windows")
            || s("meterName").contains("Low Priority")
            || s("unitOfMeasure") != "1 Hour"
        {
            continue;
        }
        let Some(price) = item.get("retailPrice").and_then(Value::as_f64) else {
            continue;
        };
        let currency = match s("currencyCode") {
            "USD" => Currency::Usd,
            "CNY" => Currency::Cny,
            _ => continue,
        };
        let (mode, per_hour, note) = match (s("type"), s("reservationTerm")) {
            ("Consumption", _) if s("meterName").ends_with("Spot") => {
                (BillingMode::Spot, price, None)
            }
            ("Consumption", _) => (BillingMode::OnDemand, price, None),
            ("Reservation", "1 Year") => (
                BillingMode::Reserved1y,
                price / 8760.0,
                Some(format!(
                    "1-year reservation {price} {} / 8,760 h",
                    s("currencyCode")
                )),
            ),
            ("Reservation", "3 Years") => (
                BillingMode::Reserved3y,
                price / 26_280.0,
                Some(format!(
                    "3-year reservation {price} {} / 26,280 h",
                    s("currencyCode")
                )),
            ),
            _ => continue,
        };
        prices.push(PriceRow {
            instance_type: s("armSkuName").to_string(),
            region: s("armRegionName").to_string(),
            mode,
            per_hour: round6(per_hour),
            currency,
            note,
            as_of: s("effectiveStartDate").get(..10).map(str::to_string),
        });
    }
    Ok(Imported {
        origin,
        instances: Vec::new(),
        prices,
    })
}
