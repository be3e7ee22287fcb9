//! Applies an imported batch to a provider's file and says what changed.

use crate::{Imported, InstanceRow, PriceRow};
use gpu_sizer_engine::catalog::schema::ProviderFile;
use gpu_sizer_engine::catalog::{BillingMode, Fabric, InstanceLink, Offer, Quote};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// A price that moved by more than this share is listed in the report.
pub const REPORTED_CHANGE: f64 = 0.10;

/// The catalog GPU behind a source's accelerator name, and how several of them are linked.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MappedGpu {
    pub gpu: String,
    /// Link between the GPUs of a multi-GPU instance (`pcie` when not said).
    #[serde(default)]
    pub link: Option<InstanceLink>,
}

/// Accelerator names of a source → catalog GPUs.
pub type GpuMap = BTreeMap<String, MappedGpu>;

/// What one merge changed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Report {
    pub provider: String,
    /// Offers the source lists that the catalog did not have.
    pub added: Vec<String>,
    /// Offers from this source that it no longer lists: kept, not deleted, for a person to judge.
    pub removed: Vec<String>,
    /// (offer, mode, old, new) for prices that moved by more than [`REPORTED_CHANGE`].
    pub changed: Vec<(String, BillingMode, f64, f64)>,
    /// Prices rewritten with a smaller change, a new date or a new source.
    pub updated: usize,
    /// Prices the source gives that were already in the catalog, the same.
    pub unchanged: usize,
    /// Instances the source lists but nobody mapped to a catalog GPU (accelerator name).
    pub unmapped: BTreeSet<String>,
    /// Prices for instances the catalog does not have and the source does not describe.
    pub unknown_instances: BTreeSet<String>,
}

impl Report {
    /// Nothing was added, changed or updated.
    pub fn is_quiet(&self) -> bool {
        self.added.is_empty() && self.changed.is_empty() && self.updated == 0
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: {} added, {} no longer in the source (kept), {} changed by more than {:.0} %, {} updated, {} unchanged",
            self.provider,
            self.added.len(),
            self.removed.len(),
            self.changed.len(),
            REPORTED_CHANGE * 100.0,
            self.updated,
            self.unchanged
        )?;
        for id in &self.added {
            writeln!(f, "  + {id}")?;
        }
        for id in &self.removed {
            writeln!(
                f,
                "  - {id} (no longer in the source; kept, check it by hand)"
            )?;
        }
        for (id, mode, old, new) in &self.changed {
            writeln!(
                f,
                "  ~ {id} {mode:?}: {old} -> {new} ({:+.1} %)",
                (new / old - 1.0) * 100.0
            )?;
        }
        if !self.unmapped.is_empty() {
            let list: Vec<&str> = self.unmapped.iter().map(String::as_str).collect();
            writeln!(
                f,
                "  ? accelerators with no catalog GPU: {}",
                list.join(", ")
            )?;
        }
        if !self.unknown_instances.is_empty() {
            let list: Vec<&str> = self.unknown_instances.iter().map(String::as_str).collect();
            writeln!(
                f,
                "  ? prices for instances not in the catalog: {}",
                list.join(", ")
            )?;
        }
        Ok(())
    }
}

/// The catalog's key for an instance type in a region of a provider.
pub fn offer_id(provider: &str, region: &str, instance: &str) -> String {
    format!("{provider}-{region}-{instance}")
        .to_ascii_lowercase()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '-'
            }
        })
        .collect()
}

/// A source's address without its version: files of one repository path at different commits
/// are one source.
pub fn family(source: &str) -> String {
    match source.split_once("/blob/") {
        Some((repo, rest)) => match rest.split_once('/') {
            Some((_, path)) => format!("{repo}/blob/*/{path}"),
            None => source.to_string(),
        },
        None => source.split('?').next().unwrap_or(source).to_string(),
    }
}

fn quote_for(batch: &Imported, row: &PriceRow) -> Quote {
    let as_of = row.as_of.clone().or_else(|| batch.origin.as_of.clone());
    let note = match (&batch.origin.note, &row.note) {
        (Some(a), Some(b)) => Some(format!("{a}; {b}")),
        (a, b) => a.clone().or_else(|| b.clone()),
    };
    Quote {
        mode: row.mode,
        per_hour: row.per_hour,
        currency: row.currency,
        source: batch.origin.source.clone(),
        undated: as_of.is_none(),
        as_of,
        read_on: Some(batch.origin.read_on.clone()),
        note,
    }
}

fn new_offer(provider: &str, id: String, inst: &InstanceRow, gpu: &MappedGpu, spec: &str) -> Offer {
    let several = inst.gpu_count > 1;
    Offer {
        id,
        provider: provider.to_string(),
        region: inst.region.clone(),
        instance_type: inst.instance_type.clone(),
        gpu: gpu.gpu.clone(),
        gpu_count: inst.gpu_count,
        vcpu: inst.vcpu,
        ram_gib: inst.ram_gib,
        local_disk_gb: None,
        network_gbps: None,
        nvlink_domain: None,
        gpu_link: if several {
            gpu.link.unwrap_or(InstanceLink::Pcie)
        } else {
            InstanceLink::None
        },
        fabric: Fabric::Ethernet,
        billing_increment_s: None,
        prices: Vec::new(),
        spec_source: Some(spec.to_string()),
        notes: None,
    }
}

/// Puts one price of `batch` on `offer`, replacing the quote of its mode.
fn apply(offer: &mut Offer, batch: &Imported, row: &PriceRow, id: &str, report: &mut Report) {
    let new = quote_for(batch, row);
    match offer.prices.iter_mut().find(|q| q.mode == row.mode) {
        Some(old) if *old == new => report.unchanged += 1,
        Some(old) => {
            if old.currency == new.currency
                && (new.per_hour / old.per_hour - 1.0).abs() > REPORTED_CHANGE
            {
                report
                    .changed
                    .push((id.to_string(), row.mode, old.per_hour, new.per_hour));
            } else {
                report.updated += 1;
            }
            *old = new;
        }
        None => {
            offer.prices.push(new);
            gpu_sizer_engine::sort::by_key(&mut offer.prices, |q| q.mode);
            if !report.added.iter().any(|a| a == id) {
                report.updated += 1;
            }
        }
    }
}

/// Applies `batch` to `file`: prices of the modes the batch carries are replaced (with its
/// source and dates), everything else of an offer is kept; offers the batch describes and the
/// file lacks are added when their accelerator is mapped, and an instance type the file has in
/// another region is copied to a region the batch prices it in; offers of the same source that
/// the batch no longer lists are kept and reported.
pub fn merge(file: &mut ProviderFile, batch: &Imported, gpus: &GpuMap) -> Report {
    let provider = file.provider.id.clone();
    let mut report = Report {
        provider: provider.clone(),
        ..Report::default()
    };
    let instances: BTreeMap<(&str, &str), &InstanceRow> = batch
        .instances
        .iter()
        .map(|i| ((i.instance_type.as_str(), i.region.as_str()), i))
        .collect();
    let mut seen = BTreeSet::new();
    for row in &batch.prices {
        let id = offer_id(&provider, &row.region, &row.instance_type);
        seen.insert(id.clone());
        let index = match file.offers.iter().position(|o| o.id == id) {
            Some(i) => i,
            None => {
                // An instance type is the same machine in every region: a price for a region the
                // catalog lacks copies the offer of that type from another region (its specs,
                // links and fabric, which a price source does not carry).
                if let Some(twin) = file
                    .offers
                    .iter()
                    .find(|o| o.instance_type == row.instance_type)
                {
                    let mut offer = twin.clone();
                    offer.id = id.clone();
                    offer.region = row.region.clone();
                    offer.prices = Vec::new();
                    // Notes about the twin's own prices do not hold here.
                    offer.notes = offer
                        .notes
                        .map(|n| {
                            n.split("; ")
                                .filter(|c| !c.contains("price"))
                                .collect::<Vec<_>>()
                                .join("; ")
                        })
                        .filter(|n| !n.is_empty());
                    file.offers.push(offer);
                } else {
                    let Some(inst) =
                        instances.get(&(row.instance_type.as_str(), row.region.as_str()))
                    else {
                        report.unknown_instances.insert(row.instance_type.clone());
                        continue;
                    };
                    let Some(gpu) = gpus.get(&inst.accelerator) else {
                        report.unmapped.insert(inst.accelerator.clone());
                        continue;
                    };
                    file.offers.push(new_offer(
                        &provider,
                        id.clone(),
                        inst,
                        gpu,
                        &batch.origin.source,
                    ));
                }
                report.added.push(id.clone());
                file.offers.len() - 1
            }
        };
        apply(&mut file.offers[index], batch, row, &id, &mut report);
    }
    let from_here = family(&batch.origin.source);
    for offer in &file.offers {
        let ours =
            !offer.prices.is_empty() && offer.prices.iter().all(|q| family(&q.source) == from_here);
        if ours && !seen.contains(&offer.id) {
            report.removed.push(offer.id.clone());
        }
    }
    report
}

/// A provider file as TOML, the way the catalog keeps it.
pub fn to_toml(file: &ProviderFile) -> Result<String, String> {
    let body = toml::to_string_pretty(file).map_err(|e| e.to_string())?;
    Ok(format!(
        "# {} ({}): written by gpu-sizer-refresh (crates/refresh). Hand-kept fields (links, fabric,\n# notes, spec sources, prices of modes no importer carries) are kept on the next run.\n\n{body}",
        file.provider.name, file.provider.id
    ))
}
