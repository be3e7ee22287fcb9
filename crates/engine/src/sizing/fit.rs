//! Which offers can hold a job, and what they cost per hour.

use super::memory::MemoryEstimate;
use crate::catalog::{BillingMode, Catalog, Currency, Gpu, Offer};

/// Share of device memory held back from the estimate for the driver, fragmentation and ECC.
pub const MEMORY_RESERVE: f64 = 0.05;

/// An offer that holds the job.
#[derive(Debug, Clone, PartialEq)]
pub struct OfferFit<'a> {
    pub offer: &'a Offer,
    pub gpu: &'a Gpu,
    /// GPUs of the instance the job needs, sharded evenly (tensor parallel or ZeRO-3).
    pub gpus_needed: u32,
    /// On-demand price of the whole instance, if the catalog has one.
    pub on_demand_per_hour: Option<(f64, Currency)>,
}

/// The offers whose GPUs together hold `need`, cheapest on-demand first (unpriced last).
pub fn fitting_offers<'a>(catalog: &'a Catalog, need: &MemoryEstimate) -> Vec<OfferFit<'a>> {
    let mut fits: Vec<OfferFit<'a>> = catalog
        .offers
        .iter()
        .filter_map(|offer| {
            let gpu = catalog.gpu(&offer.gpu)?;
            let usable = gpu.memory_gib * (1.0 - MEMORY_RESERVE);
            let needed = (need.total_gib / usable).ceil().max(1.0);
            if needed > f64::from(offer.gpu_count) {
                return None;
            }
            Some(OfferFit {
                offer,
                gpu,
                gpus_needed: needed as u32,
                on_demand_per_hour: offer
                    .quote(BillingMode::OnDemand)
                    .map(|q| (q.per_hour, q.currency)),
            })
        })
        .collect();
    fits.sort_by(|a, b| {
        let price = |f: &OfferFit| f.on_demand_per_hour.map_or(f64::INFINITY, |p| p.0);
        price(a)
            .total_cmp(&price(b))
            .then_with(|| a.offer.id.cmp(&b.offer.id))
    });
    fits
}
