//! Alibaba Cloud's ECS `DescribePrice` answer: the price of one instance type in one region for one
//! billing period (`PriceUnit` Hour, Week, Month or Year, `Period` of them), in the account's
//! currency. The answer does not repeat the question, so the importer is told what was asked.
//! Pay-as-you-go (`Hour`) is on-demand, or spot when a spot strategy was asked; a month is the
//! monthly subscription (包月); a year is the yearly subscription (包年), priced here as its hourly
//! rate over the term like other one- and three-year commitments.

use crate::{round6, Imported, Origin, PriceRow};
use gpu_sizer_engine::catalog::{BillingMode, Currency};
use serde_json::Value;

/// What a `DescribePrice` request asked.
#[derive(Debug, Clone, PartialEq)]
pub struct PriceQuery {
    pub instance_type: String,
    pub region: String,
    /// `Hour`, `Month` or `Year`.
    pub price_unit: String,
    pub period: u32,
    /// A spot strategy (`SpotAsPriceGo`) was asked.
    pub spot: bool,
}

/// Reads one answer to `query`.
pub fn import_describe_price(
    json: &str,
    query: &PriceQuery,
    origin: Origin,
) -> Result<Imported, String> {
    let value: Value = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let price = value
        .pointer("/PriceInfo/Price")
        .ok_or("no PriceInfo.Price")?;
    let trade = price
        .get("TradePrice")
        .and_then(Value::as_f64)
        .filter(|p| *p > 0.0)
        .ok_or("no TradePrice")?;
    let currency = match price.get("Currency").and_then(Value::as_str) {
        Some("CNY") => Currency::Cny,
        Some("USD") => Currency::Usd,
        other => return Err(format!("currency {other:?}")),
    };
    let rules: Vec<&str> = value
        .pointer("/PriceInfo/Rules/Rule")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|r| r.get("Description").and_then(Value::as_str))
        .collect();
    let period = f64::from(query.period.max(1));
    let (mode, hours) = match (query.price_unit.as_str(), query.period, query.spot) {
        ("Hour", _, true) => (BillingMode::Spot, period),
        ("Hour", _, false) => (BillingMode::OnDemand, period),
        ("Month", _, _) => (BillingMode::Monthly, 730.0 * period),
        ("Year", 1, _) => (BillingMode::Reserved1y, 8760.0),
        ("Year", 3, _) => (BillingMode::Reserved3y, 26_280.0),
        (unit, n, _) => return Err(format!("no billing mode for {n} × {unit}")),
    };
    let original = price.get("OriginalPrice").and_then(Value::as_f64);
    let mut note = format!(
        "{} {trade} for {} {}",
        query.price_unit, query.period, query.instance_type
    );
    if let Some(o) = original {
        note.push_str(&format!(" (list {o})"));
    }
    if !rules.is_empty() {
        note.push_str(&format!("; {}", rules.join(" ")));
    }
    if hours > 1.0 {
        note.push_str(&format!("; / {hours} h"));
    }
    Ok(Imported {
        origin,
        instances: Vec::new(),
        prices: vec![PriceRow {
            instance_type: query.instance_type.clone(),
            region: query.region.clone(),
            mode,
            per_hour: round6(trade / hours),
            currency,
            note: Some(note),
            as_of: None,
        }],
    })
}
