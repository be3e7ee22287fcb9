//! Google Cloud instance prices from the `pricing.yml` that Cyclenerd's
//! google-cloud-pricing-cost-calculator builds from the Cloud Billing Catalog API (SKU unit prices
//! of cores, memory and GPUs, summed per machine type and region). For each machine type it gives
//! vCPUs, memory, the GPUs by kind and, per region, the hourly on-demand and spot prices and the
//! monthly prices under 1- and 3-year committed use; a commitment's hourly rate here is its
//! monthly price / 730 h. The file is dated by the commit it is read at.

use crate::{round6, Imported, InstanceRow, Origin, PriceRow};
use gpu_sizer_engine::catalog::{BillingMode, Currency};

/// Reads the `compute: instance:` part of a `pricing.yml`. Only machine types with GPUs are kept.
pub fn import(yaml: &str, origin: Origin) -> Imported {
    let mut out = Imported {
        origin,
        instances: Vec::new(),
        prices: Vec::new(),
    };
    let mut in_instances = false;
    let mut machine: Option<String> = None;
    let (mut cpu, mut ram, mut gpu): (Option<u32>, Option<f64>, Option<(String, u32)>) =
        (None, None, None);
    let mut region: Option<String> = None;
    let mut costs: Vec<(String, String, f64)> = Vec::new(); // (region, key, value)

    let flush = |machine: &Option<String>,
                 cpu: Option<u32>,
                 ram: Option<f64>,
                 gpu: &Option<(String, u32)>,
                 costs: &mut Vec<(String, String, f64)>,
                 out: &mut Imported| {
        let (Some(name), Some((kind, count))) = (machine, gpu) else {
            costs.clear();
            return;
        };
        let mut regions: Vec<&str> = costs.iter().map(|(r, _, _)| r.as_str()).collect();
        regions.dedup();
        for r in regions {
            let get = |k: &str| {
                costs
                    .iter()
                    .find(|(reg, key, _)| reg == r && key == k)
                    .map(|(_, _, v)| *v)
                    .filter(|v| *v > 0.0)
            };
            out.instances.push(InstanceRow {
                instance_type: name.clone(),
                region: r.to_string(),
                accelerator: kind.clone(),
                gpu_count: *count,
                vcpu: cpu,
                ram_gib: ram,
            });
            let mut push = |mode, value: Option<f64>, note: Option<String>| {
                if let Some(v) = value {
                    out.prices.push(PriceRow {
                        instance_type: name.clone(),
                        region: r.to_string(),
                        mode,
                        per_hour: round6(v),
                        currency: Currency::Usd,
                        note,
                        as_of: None,
                    });
                }
            };
            push(BillingMode::OnDemand, get("hour"), None);
            push(BillingMode::Spot, get("hour_spot"), None);
            for (mode, key, term) in [
                (BillingMode::Reserved1y, "month_1y", "1-year"),
                (BillingMode::Reserved3y, "month_3y", "3-year"),
            ] {
                let monthly = get(key);
                push(
                    mode,
                    monthly.map(|m| m / 730.0),
                    monthly.map(|m| format!("{term} committed use: {m} per month / 730 h")),
                );
            }
        }
        costs.clear();
    };

    for line in yaml.lines() {
        let indent = line.len() - line.trim_start().len();
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        match indent {
            0 if in_instances => break,
            2 => {
                if in_instances {
                    flush(&machine, cpu, ram, &gpu, &mut costs, &mut out);
                    break;
                }
                in_instances = text == "instance:";
            }
            4 if in_instances => {
                flush(&machine, cpu, ram, &gpu, &mut costs, &mut out);
                machine = text.strip_suffix(':').map(str::to_string);
                (cpu, ram, gpu, region) = (None, None, None, None);
            }
            6 if in_instances => {
                if let Some((key, value)) = text.split_once(": ") {
                    match key {
                        "cpu" => cpu = value.parse().ok(),
                        "ram" => ram = value.parse().ok(),
                        // Bundled Local SSD partitions are not GPUs.
                        _ if key.starts_with("local-ssd") => {}
                        _ => {
                            if let Ok(n) = value.parse::<u32>() {
                                gpu = Some((key.to_string(), n));
                            }
                        }
                    }
                }
            }
            8 if in_instances => region = text.strip_suffix(':').map(str::to_string),
            10 if in_instances => {
                if let (Some(r), Some((key, value))) = (&region, text.split_once(": ")) {
                    if let Ok(v) = value.parse::<f64>() {
                        costs.push((r.clone(), key.to_string(), v));
                    }
                }
            }
            _ => {}
        }
    }
    out
}
