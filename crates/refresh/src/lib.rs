//! Refreshes the catalog from public machine-readable price data.
//!
//! Each importer reads one published format and returns [`Imported`]: the prices it found, what it
//! learnt about the instances (where the format says), and the origin of the batch (source URL,
//! the date the source carries, the day it was read). [`merge`] applies a batch to a provider's
//! file: it keeps every hand-kept field (links, fabric, notes, spec sources, prices of modes the
//! batch does not carry), adds offers the source lists, and never deletes one: an offer the source
//! no longer lists is kept and reported. The [`Report`] lists offers added, kept-but-removed and
//! prices changed by more than 10 %.

pub mod alibaba;
pub mod aws;
pub mod azure;
pub mod azure_snapshot;
pub mod csv;
pub mod gcp;
pub mod merge;
pub mod skypilot;

pub use merge::{merge, GpuMap, Report};

use gpu_sizer_engine::catalog::{BillingMode, Currency};

/// Where and when a batch of prices was read.
#[derive(Debug, Clone, PartialEq)]
pub struct Origin {
    /// The page, file or API query the prices come from (an http(s) URL).
    pub source: String,
    /// The date the source itself carries (a commit's date, a publication date), if it has one.
    pub as_of: Option<String>,
    /// The day the source was read.
    pub read_on: String,
    /// Said on every price of the batch (how the source was read, why it has no date…).
    pub note: Option<String>,
}

/// One price for a whole instance in one billing mode, as a source gives it.
#[derive(Debug, Clone, PartialEq)]
pub struct PriceRow {
    pub instance_type: String,
    pub region: String,
    pub mode: BillingMode,
    pub per_hour: f64,
    pub currency: Currency,
    /// How the figure was read or derived (median of zones, term total / hours…).
    pub note: Option<String>,
    /// A date this row carries of its own (an effective date), overriding the batch's.
    pub as_of: Option<String>,
}

/// What an instance is, where the source says it (SkyPilot's catalogs do; price APIs do not).
#[derive(Debug, Clone, PartialEq)]
pub struct InstanceRow {
    pub instance_type: String,
    pub region: String,
    /// The source's accelerator name, mapped to a catalog GPU by a [`GpuMap`].
    pub accelerator: String,
    pub gpu_count: u32,
    pub vcpu: Option<u32>,
    pub ram_gib: Option<f64>,
}

/// One batch read by an importer.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    pub origin: Origin,
    pub instances: Vec<InstanceRow>,
    pub prices: Vec<PriceRow>,
}

/// The median of some numbers (`None` when there are none).
pub fn median(mut values: Vec<f64>) -> Option<f64> {
    values.retain(|v| v.is_finite());
    if values.is_empty() {
        return None;
    }
    gpu_sizer_engine::sort::by(&mut values, f64::total_cmp);
    let n = values.len();
    Some(if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    })
}

/// Rounds a price to the sixth decimal, so a re-import of the same data compares equal.
pub fn round6(v: f64) -> f64 {
    (v * 1e6).round() / 1e6
}
