//! Enumerating candidates: every offer, at the instance counts that hold the job, in every billing
//! mode it has, with memory and time from the sizing engine.

mod cache;
mod placement;

use super::storage::{self, Feed};
use super::{
    needs, pricing, Candidate, Constraints, Excluded, Feature, Features, Filter, QuoteRef, Reason,
    Request,
};
use crate::catalog::mig;
use crate::catalog::schema::Software;
use crate::catalog::{BillingMode, Catalog, Currency, Gpu, InstanceLink, Offer, Provider, Quote};
use crate::cost::serving::TrafficProfile;
use crate::explain::{Full, Numbers};
use crate::scenario::{Cluster, InputError, Model, Parallelism, Workload};
use crate::sizing::fit;
use crate::sizing::layout::{self, Slots};
use crate::sizing::memory::MemoryEstimate;
use crate::sizing::time::{self, Timing};
use crate::sort;
use crate::warning::{Untimed, Warning};
pub use cache::SizingCache;
use placement::Job;
use std::sync::Arc;

/// A candidate with its size and time, before pricing. Sized with [`Numbers`]: the
/// memory and time terms carry values only ([`explain_sizing`] fills their formulas).
#[derive(Debug, Clone)]
pub(super) struct Sized<'a> {
    pub offer: &'a Offer,
    pub gpu: &'a Gpu,
    pub provider: &'a Provider,
    pub instances: u32,
    pub gpus: u32,
    /// The layout the job was placed with (training).
    pub layout: Option<Parallelism>,
    pub memory: Arc<MemoryEstimate>,
    /// Free share of usable GPU memory.
    pub headroom: f64,
    pub timing: Arc<Timing>,
    /// The catalog's quote, or the user's price for it.
    pub quote: QuoteRef<'a>,
    pub overridden: bool,
    /// The offer's on-demand price per hour and its currency, for break-even against
    /// commitments.
    pub on_demand: Option<(f64, Currency)>,
    /// The day of traffic a serving job must carry, when the request states it (the same for
    /// every candidate, so built once).
    pub traffic: Option<Arc<TrafficProfile>>,
    /// The storage feeding the GPUs, when the job reads its data from storage.
    pub feed: Option<Feed<'a>>,
}

pub(super) struct Enumerated<'a> {
    pub excluded: Vec<Excluded<'a>>,
    pub warnings: Vec<Warning>,
}

/// Every candidate of `catalog` for `request`, handed to `sized` as it is sized (ranking prices
/// each at once, so thousands of them are never held twice); what is left out is returned.
/// `cache` holds what the last evaluation of the same job found, and keeps what this one finds.
pub(super) fn enumerate<'a>(
    catalog: &'a Catalog,
    request: &Request,
    published: &pricing::Published,
    cache: &mut SizingCache<'a>,
    mut sized: impl FnMut(Sized<'a>),
) -> Result<Enumerated<'a>, InputError> {
    let scenario = &request.scenario;
    scenario.workload.check()?;
    if let Some(d) = &scenario.data {
        d.check()?;
    }
    let model = Model::resolve(&scenario.model)?;
    let mut warnings = Vec::new();
    if model.coarse {
        warnings.push(Warning::CoarseModel);
    }
    let constraints = &request.constraints;
    let max_gpus = constraints.gpus.unwrap_or(constraints.max_gpus).max(1);
    let mut out = Enumerated {
        excluded: Vec::new(),
        warnings,
    };
    let on_gpu = cache.for_request(catalog, request);
    let workload = &scenario.workload;
    let traffic = pricing::stated_traffic(request).map(Arc::new);
    // A service with a latency target stays off spot unless the user allows it.
    let latency_bound = (matches!(workload, Workload::Serve(s) if s.latency_target_ms.is_some())
        || matches!(workload, Workload::Infer(i) if i.latency_ms.is_some()))
        && !constraints.spot_with_latency;

    // One list of quotes and one of placements, refilled for each offer.
    let mut quotes = Vec::new();
    let mut placements = Vec::new();
    // Offers name their GPU and provider by id: GPUs are looked up in a sorted list built once
    // rather than searched for offer by offer (and whether each is a MIG slice found once), and
    // offers come grouped by provider, mostly with a GPU's offers side by side, so the last
    // provider and GPU are kept.
    let mut gpu_index: Vec<(&str, usize)> = catalog
        .gpus
        .iter()
        .enumerate()
        .map(|(i, g)| (g.id.as_str(), i))
        .collect();
    sort::by_key(&mut gpu_index, |&(id, _)| id);
    // The last GPU of an id, should two share it (the catalog's rules refuse that).
    let gpu_named = |id: &str| {
        let after = gpu_index.partition_point(|&(key, _)| key <= id);
        after
            .checked_sub(1)
            .map(|at| gpu_index[at])
            .filter(|&(key, _)| key == id)
            .map(|(_, g)| g)
    };
    let is_slice: Vec<bool> = catalog
        .gpus
        .iter()
        .map(|g| mig::slice_of(&g.id).is_some())
        .collect();
    let mut last_provider: Option<&Provider> = None;
    let mut last_gpu: Option<(&str, usize)> = None;
    // Where the excluded list stood before a MIG slice's offer: a slice that cannot take the
    // job is not worth listing among the exclusions (dozens of slices per GPU model).
    let mut slice_mark = None;
    for offer in &catalog.offers {
        forget_slice(&mut out.excluded, &mut slice_mark);
        let g = match last_gpu {
            Some((id, g)) if id == offer.gpu => Some(g),
            _ => gpu_named(&offer.gpu),
        };
        last_gpu = g.map(|g| (offer.gpu.as_str(), g));
        let provider = match last_provider {
            Some(p) if p.id == offer.provider => Some(p),
            _ => catalog.provider(&offer.provider),
        };
        last_provider = provider;
        let (Some(g), Some(provider)) = (g, provider) else {
            continue;
        };
        if is_slice[g] {
            if !constraints.mig_slices {
                continue;
            }
            slice_mark = Some(out.excluded.len());
        }
        let gpu = &catalog.gpus[g];
        let exclude = |reason: Reason| Excluded {
            offer,
            mode: None,
            gpus: offer.gpu_count,
            reason,
            cost: None,
        };
        if let Some(reason) = filtered(constraints, offer, gpu, max_gpus) {
            out.excluded.push(exclude(reason));
            continue;
        }
        if let Some(need) = needs::unmet(workload, gpu) {
            out.excluded.push(exclude(Reason::CannotRun(need)));
            continue;
        }
        quotes_into(&mut quotes, offer, request);
        let feed = storage::feed(offer, provider, request, published.throughput);
        let data = scenario.data.as_ref().zip(feed).map(|(d, f)| d.feed(f.mbs));
        let job = Job {
            model: &model,
            workload,
            data: data.as_ref(),
            feed,
            catalog,
            offer,
            gpu,
            max_gpus,
            pinned: constraints.gpus,
        };
        let known = &mut on_gpu[g];
        if let Err(reason) = job.placements(known, &mut placements)? {
            out.excluded.push(exclude(reason));
            continue;
        }
        if quotes.is_empty() {
            out.excluded.push(exclude(Reason::NoPrice));
            continue;
        }
        let on_demand = on_demand_of(&quotes);
        for (instances, shared) in placements.drain(..) {
            let placed = &shared.placed;
            // Training uses every GPU it is placed on; serving is timed per replica (the fleet
            // is sized from traffic when priced).
            let gpus = placed.fit.gpus;
            let timing = job.timing(known, placed, gpus)?;
            if timing.hours.is_none() && !job.serving() && !workload.is_service() {
                out.excluded.push(Excluded {
                    offer,
                    mode: None,
                    gpus,
                    reason: Reason::Unknown(
                        timing.untimed.clone().unwrap_or(Untimed::NoRequestRate),
                    ),
                    cost: None,
                });
                continue;
            }
            for (quote, overridden) in &quotes {
                if latency_bound && quote.mode == BillingMode::Spot {
                    out.excluded.push(Excluded {
                        offer,
                        mode: Some(BillingMode::Spot),
                        gpus,
                        reason: Reason::SpotForLatency,
                        cost: None,
                    });
                    continue;
                }
                sized(Sized {
                    offer,
                    gpu,
                    provider,
                    instances,
                    gpus,
                    layout: placed.layout(),
                    memory: Arc::clone(&shared.memory),
                    headroom: placed.fit.headroom(),
                    timing: Arc::clone(&timing),
                    quote: quote.clone(),
                    overridden: *overridden,
                    on_demand,
                    traffic: traffic.clone(),
                    feed,
                });
            }
        }
    }
    forget_slice(&mut out.excluded, &mut slice_mark);
    Ok(out)
}

/// Drops what was excluded since `mark` (a MIG slice's offer), if set.
fn forget_slice(excluded: &mut Vec<Excluded>, mark: &mut Option<usize>) {
    if let Some(n) = mark.take() {
        excluded.truncate(n);
    }
}

/// The filter or missing feature that leaves `offer` out, if any.
fn filtered(constraints: &Constraints, offer: &Offer, gpu: &Gpu, max_gpus: u32) -> Option<Reason> {
    if !constraints.providers.is_empty() && !constraints.providers.contains(&offer.provider) {
        return Some(Reason::Filtered(Filter::Provider));
    }
    if !constraints.regions.is_empty() && !constraints.regions.contains(&offer.region) {
        return Some(Reason::Filtered(Filter::Region));
    }
    if constraints.gpu.as_ref().is_some_and(|id| id != &offer.gpu) {
        return Some(Reason::Filtered(Filter::Gpu));
    }
    if constraints.offer.as_ref().is_some_and(|id| id != &offer.id) {
        return Some(Reason::Filtered(Filter::Offer));
    }
    if let Some(missing) = missing_feature(constraints.require, offer, gpu) {
        return Some(Reason::LacksFeature(missing));
    }
    if offer.gpu_count > max_gpus && constraints.gpus.is_none() {
        return Some(Reason::Filtered(Filter::MaxGpus));
    }
    None
}

/// A candidate's memory and time again, with every formula: the figures the ranking compared,
/// explained.
pub(super) fn explain_sizing(
    catalog: &Catalog,
    c: &Candidate,
    request: &Request,
) -> Result<(MemoryEstimate, Timing), InputError> {
    let scenario = &request.scenario;
    let model = Model::resolve(&scenario.model)?;
    let workload = placed_workload(&model, c, request)?;
    let memory = fit::fit_on_with(&model, &workload, c.gpu, c.job_gpus(), Full)?.memory;
    let data = scenario
        .data
        .as_ref()
        .zip(c.feed)
        .map(|(d, f)| d.feed(f.mbs));
    let mut timing = time::estimate_with(
        &model,
        &workload,
        &Cluster::on_offer(c.gpu, c.offer, c.job_gpus()),
        data.as_ref(),
        catalog,
        Full,
    )?;
    if let (Some(f), Some(_)) = (c.feed, &data) {
        timing
            .terms
            .push(f.term(request.costs.storage.fast_tier, Full));
    }
    Ok((memory, timing))
}

/// The workload as candidate `c` runs it: with the layout it was placed with.
pub(super) fn placed_workload(
    model: &Model,
    c: &Candidate,
    request: &Request,
) -> Result<Workload, InputError> {
    let workload = &request.scenario.workload;
    Ok(match workload {
        // A replica's split and an offline job's batch are chosen where it is placed.
        Workload::Serve(_) => {
            let slots = Slots {
                gpus: c.job_gpus(),
                per_node: c.offer.gpu_count.max(1),
            };
            match layout::place_with(model, workload, c.gpu, slots, Numbers)? {
                Ok(p) => p.workload,
                Err(_) => workload.clone(),
            }
        }
        w => with_layout(w, c.layout),
    })
}

/// `workload` with the layout a candidate was placed with.
fn with_layout(workload: &Workload, layout: Option<Parallelism>) -> Workload {
    let mut w = workload.clone();
    if let Some(p) = layout {
        match &mut w {
            Workload::Train(t) => t.parallel = p,
            Workload::Lora(l) => l.parallel = p,
            _ => {}
        }
    }
    w
}

/// The allowed quotes of an offer, user overrides applied (an override may add a mode).
/// Catalog quotes are borrowed; only the user's prices are built.
fn quotes_into<'a>(out: &mut Vec<(QuoteRef<'a>, bool)>, offer: &'a Offer, request: &Request) {
    let modes = &request.constraints.modes;
    let allowed = |m: BillingMode| modes.is_empty() || modes.contains(&m);
    out.clear();
    out.extend(
        offer
            .prices
            .iter()
            .filter(|q| allowed(q.mode))
            .map(|q| (QuoteRef::Catalog(q), false)),
    );
    for (id, mode, price) in &request.costs.price_overrides {
        if id != &offer.id || !allowed(*mode) || !(price.is_finite() && *price > 0.0) {
            continue;
        }
        let currency = offer
            .prices
            .first()
            .map_or(request.costs.currency, |q| q.currency);
        let quote = Quote {
            mode: *mode,
            per_hour: *price,
            currency,
            source: "your price".into(),
            as_of: None,
            undated: false,
            read_on: None,
            note: None,
        };
        match out.iter_mut().find(|(q, _)| q.mode == *mode) {
            Some(slot) => *slot = (QuoteRef::Own(Box::new(quote)), true),
            None => out.push((QuoteRef::Own(Box::new(quote)), true)),
        }
    }
}

/// The on-demand price per hour among `quotes`, and its currency.
fn on_demand_of(quotes: &[(QuoteRef, bool)]) -> Option<(f64, Currency)> {
    quotes
        .iter()
        .find(|(q, _)| q.mode == BillingMode::OnDemand)
        .map(|(q, _)| (q.per_hour, q.currency))
}

/// The offer's on-demand price per hour (the user's when given) and its currency.
pub(super) fn on_demand(offer: &Offer, request: &Request) -> Option<(f64, Currency)> {
    let mut quotes = Vec::new();
    quotes_into(&mut quotes, offer, request);
    on_demand_of(&quotes)
}

/// The first required feature the offer lacks.
fn missing_feature(require: Features, offer: &Offer, gpu: &Gpu) -> Option<Feature> {
    if require.nvlink
        && offer.gpu_count > 1
        && !matches!(
            offer.gpu_link,
            InstanceLink::Nvlink | InstanceLink::Nvswitch
        )
    {
        return Some(Feature::Nvlink);
    }
    if require.mig && gpu.mig_max == 0 {
        return Some(Feature::Mig);
    }
    if require.graphics && gpu.graphics_apis.is_empty() {
        return Some(Feature::Graphics);
    }
    if require.video && gpu.video_encoders.unwrap_or(0) == 0 {
        return Some(Feature::Video);
    }
    if require.cuda && gpu.software != Software::Cuda {
        return Some(Feature::Cuda);
    }
    None
}

#[cfg(test)]
mod tests;
