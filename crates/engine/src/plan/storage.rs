//! The storage a job's data lives on: which tier it is priced at, and how fast it feeds the GPUs
//! of each candidate.
//!
//! Storage is where offers differ: an instance with a local disk reads its copy of the data far
//! faster than a network volume, and a provider's fastest tier faster than its cheapest. So the
//! throughput that caps a training job's GPU use is found per candidate, from the same tier its
//! storage line is priced at, unless the user states the figure.

use super::Request;
use crate::catalog::schema::StorageTier;
use crate::catalog::{Offer, Provider};
use crate::cite::LOCAL_DISK_SOURCE;
use crate::explain::Source;
use crate::explain::{Detail, Term};
use crate::scenario::Workload;

/// Sequential read of an instance's local disk, MB/s: one instance-store NVMe volume, the
/// median of three uncached `hdparm -t` reads on an m5d.4xlarge (689, 689 and 819 MB/s). GPU
/// instances often stripe several such drives, so this is a floor.
pub const LOCAL_DISK_MBS: f64 = 689.0;
const TIER_SOURCE: Source = Source::Text("provider storage tiers (catalog)");

/// Whether the job reads its data again and again (training of any kind): such a job is kept
/// off hard disks unless the user asks for them.
pub(super) fn rereads(workload: &Workload) -> bool {
    matches!(
        workload,
        Workload::Train(_) | Workload::Lora(_) | Workload::Classic(_)
    )
}

/// The tier a job's data goes on: the fastest when asked for, else the cheapest; for a training
/// job the cheapest that is not a hard disk, when the provider has one.
pub(super) fn tier(provider: &Provider, fast: bool, training: bool) -> Option<&StorageTier> {
    let tiers = provider.storage.iter();
    if fast {
        return tiers.max_by(|x, y| {
            x.max_throughput_mbs
                .unwrap_or(0.0)
                .total_cmp(&y.max_throughput_mbs.unwrap_or(0.0))
        });
    }
    let cheapest = |hdd_ok: bool| {
        provider
            .storage
            .iter()
            .filter(|t| hdd_ok || !t.hdd)
            .min_by(|x, y| x.price.price.total_cmp(&y.price.price))
    };
    if training {
        cheapest(false).or_else(|| cheapest(true))
    } else {
        cheapest(true)
    }
}

/// What one volume of `tier` delivers: its maximum when the fastest tier is asked for (the
/// throughput one provisions), else its baseline. `None` when the catalog has no figure.
pub(super) fn tier_mbs(tier: &StorageTier, fast: bool) -> Option<f64> {
    if fast {
        tier.max_throughput_mbs.or(tier.throughput_mbs)
    } else {
        tier.throughput_mbs
    }
}

/// Where the data feeding the GPUs is read from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FeedFrom<'a> {
    /// The user's own figure.
    Stated,
    /// The instance's local disk (instance store), which holds the data set.
    LocalDisk,
    /// The provider's storage tier.
    Tier(&'a StorageTier),
    /// The provider publishes no throughput for its tier (or has none): the median of the
    /// providers that do is assumed, so a missing figure never makes an offer faster.
    Assumed { providers: usize },
}

/// The throughput feeding a candidate's GPUs and where it comes from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Feed<'a> {
    pub mbs: f64,
    pub from: FeedFrom<'a>,
}

/// The median throughput, MB/s, of the tier each provider would put the job's data on, and how
/// many providers publish one.
pub(super) fn published_mbs(providers: &[Provider], request: &Request) -> Option<(f64, usize)> {
    let fast = request.costs.storage.fast_tier;
    let training = rereads(&request.scenario.workload);
    let values: Vec<f64> = providers
        .iter()
        .filter_map(|p| tier(p, fast, training).and_then(|t| tier_mbs(t, fast)))
        .filter(|v| *v > 0.0)
        .collect();
    super::pricing::median(values)
}

/// The storage feeding `offer`'s GPUs, when the job reads its data from storage: the user's
/// figure when stated; else the faster of the instance's local disk (when the data set fits on
/// it) and the provider's tier (its published figure, else the `published` median).
pub(super) fn feed<'a>(
    offer: &Offer,
    provider: &'a Provider,
    request: &Request,
    published: Option<(f64, usize)>,
) -> Option<Feed<'a>> {
    let source = request.scenario.data.as_ref()?;
    if let Some(mbs) = source.storage_mbs {
        return Some(Feed {
            mbs,
            from: FeedFrom::Stated,
        });
    }
    let storage = &request.costs.storage;
    let fast = storage.fast_tier;
    let training = rereads(&request.scenario.workload);
    let tiered = match tier(provider, fast, training).and_then(|t| Some((t, tier_mbs(t, fast)?))) {
        Some((t, mbs)) => Some(Feed {
            mbs,
            from: FeedFrom::Tier(t),
        }),
        None => published.map(|(mbs, providers)| Feed {
            mbs,
            from: FeedFrom::Assumed { providers },
        }),
    };
    let local = offer
        .local_disk_gb
        .filter(|gb| *gb >= storage.data_gb)
        .map(|_| Feed {
            mbs: LOCAL_DISK_MBS,
            from: FeedFrom::LocalDisk,
        });
    match (local, tiered) {
        (Some(l), Some(t)) if t.mbs > l.mbs => Some(t),
        (Some(l), _) => Some(l),
        (None, t) => t,
    }
}

/// The most the offer's storage can deliver: the provider's fastest tier at its provisioned
/// maximum, or the instance's local disk when the data set fits on it.
pub(super) fn fastest_mbs(offer: &Offer, provider: &Provider, request: &Request) -> Option<f64> {
    let tiered = tier(provider, true, true).and_then(|t| tier_mbs(t, true));
    let local = offer
        .local_disk_gb
        .filter(|gb| *gb >= request.costs.storage.data_gb)
        .map(|_| LOCAL_DISK_MBS);
    match (tiered, local) {
        (Some(a), Some(b)) => Some(a.max(b)),
        (a, b) => a.or(b),
    }
}

impl Feed<'_> {
    /// The throughput as a time term, with no formula (what ranking carries; kept apart from
    /// [`Feed::term`] so the page's main module, which never explains, has none of its text).
    pub fn value_term(&self) -> Term {
        Term {
            key: "storage_feed",
            value: self.mbs,
            unit: "MB/s",
            formula: String::new(),
            source: self.source(),
        }
    }

    /// Where the throughput comes from, as the timing's term cites it.
    pub(super) fn source(&self) -> Option<Source> {
        match self.from {
            FeedFrom::LocalDisk => Some(LOCAL_DISK_SOURCE),
            FeedFrom::Tier(_) => Some(TIER_SOURCE),
            FeedFrom::Stated | FeedFrom::Assumed { .. } => None,
        }
    }

    /// The throughput as a time term, saying where it comes from.
    pub fn term(&self, fast: bool, detail: impl Detail) -> Term {
        let mbs = self.mbs;
        let formula = detail.text(|| match self.from {
            FeedFrom::Stated => format!("{mbs:.0} MB/s (your figure)"),
            FeedFrom::LocalDisk => {
                format!("{mbs:.0} MB/s from the instance's local disk, which holds the data")
            }
            FeedFrom::Tier(t) => {
                let which = if fast && t.max_throughput_mbs.is_some() {
                    "provisioned maximum"
                } else {
                    "baseline"
                };
                format!("{mbs:.0} MB/s, {} {which} of one volume", t.name)
            }
            FeedFrom::Assumed { providers } => format!(
                "{mbs:.0} MB/s (assumed: median of {providers} providers' published throughputs; this provider publishes none)"
            ),
        });
        Term {
            formula,
            ..self.value_term()
        }
    }
}
