//! Enumerating candidates: every offer, at the instance counts that hold the job, in every billing
//! mode it has, with memory and time from the sizing engine.

use super::{Excluded, Features, Reason, Request};
use crate::catalog::schema::Software;
use crate::catalog::{BillingMode, Catalog, Gpu, InstanceLink, Offer, Provider, Quote};
use crate::scenario::{Cluster, InputError, Model, Workload};
use crate::sizing::fit::{self, Fit};
use crate::sizing::time::{self, Timing};
use std::sync::Arc;

/// A candidate with its size and time, before pricing.
#[derive(Debug, Clone)]
pub(super) struct Sized<'a> {
    pub offer: &'a Offer,
    pub gpu: &'a Gpu,
    pub provider: &'a Provider,
    pub instances: u32,
    pub gpus: u32,
    pub fit: Arc<Fit>,
    pub timing: Arc<Timing>,
    pub quote: Quote,
    pub overridden: bool,
    /// The offer's on-demand price (offer currency), for break-even against commitments.
    pub on_demand: Option<Quote>,
}

pub(super) struct Enumerated<'a> {
    pub sized: Vec<Sized<'a>>,
    pub excluded: Vec<Excluded<'a>>,
    pub warnings: Vec<String>,
}

/// Most distinct instance counts tried per offer (the minimum, then doubling).
const MAX_COUNTS: usize = 4;

pub(super) fn enumerate<'a>(
    catalog: &'a Catalog,
    request: &Request,
) -> Result<Enumerated<'a>, InputError> {
    let scenario = &request.scenario;
    scenario.workload.check()?;
    let model = Model::resolve(&scenario.model)?;
    let mut warnings = Vec::new();
    if model.coarse {
        warnings.push(
            "Model known by its parameter count only: layer shapes are assumed, so activation and KV-cache memory are coarser."
                .to_string(),
        );
    }
    let constraints = &request.constraints;
    let max_gpus = constraints.max_gpus.max(1);
    let mut out = Enumerated {
        sized: Vec::new(),
        excluded: Vec::new(),
        warnings,
    };
    // Memory depends only on the GPU model and count, time only on the cluster: many offers
    // share both, so each is computed once.
    let mut fits: Vec<(&str, fit::FitSearch)> = Vec::new();
    let mut fits_at: Vec<((&str, u32), Arc<Fit>)> = Vec::new();
    let mut timings: Vec<(ClusterKey, Arc<Timing>)> = Vec::new();

    for offer in &catalog.offers {
        let (Some(gpu), Some(provider)) =
            (catalog.gpu(&offer.gpu), catalog.provider(&offer.provider))
        else {
            continue;
        };
        let exclude = |reason: Reason| Excluded {
            offer,
            mode: None,
            gpus: offer.gpu_count,
            reason,
            cost: None,
        };
        if !constraints.providers.is_empty() && !constraints.providers.contains(&offer.provider) {
            out.excluded.push(exclude(Reason::Filtered("provider")));
            continue;
        }
        if !constraints.regions.is_empty() && !constraints.regions.contains(&offer.region) {
            out.excluded.push(exclude(Reason::Filtered("region")));
            continue;
        }
        if let Some(missing) = missing_feature(constraints.require, offer, gpu) {
            out.excluded.push(exclude(Reason::LacksFeature(missing)));
            continue;
        }
        if offer.gpu_count > max_gpus {
            out.excluded.push(exclude(Reason::Filtered("max_gpus")));
            continue;
        }
        let search = match fits.iter().find(|(id, _)| *id == gpu.id) {
            Some((_, s)) => s.clone(),
            None => {
                let s = fit::min_gpus(&model, &scenario.workload, gpu, max_gpus)?;
                fits.push((gpu.id.as_str(), s.clone()));
                s
            }
        };
        if !search.found {
            out.excluded.push(exclude(Reason::DoesNotFit {
                short_gib: search.fit.short_by_gib(),
            }));
            continue;
        }
        let quotes = quotes(offer, request);
        if quotes.is_empty() {
            out.excluded.push(exclude(Reason::NoPrice));
            continue;
        }
        let per_node = offer.gpu_count.max(1);
        let needed = search.fit.gpus.max(1);
        let first = needed.div_ceil(per_node);
        for instances in counts(&scenario.workload, first, max_gpus / per_node) {
            // Serving is timed per replica (the fleet is sized from traffic when priced);
            // everything else uses every GPU it pays for.
            let gpus = match scenario.workload {
                Workload::Serve(_) => needed,
                _ => instances * per_node,
            };
            let memory_gpus = usable_gpus(&scenario.workload, gpus);
            let fit = match fits_at
                .iter()
                .find(|(k, _)| *k == (gpu.id.as_str(), memory_gpus))
            {
                Some((_, f)) => Arc::clone(f),
                None => {
                    let f = Arc::new(fit::fit_on(&model, &scenario.workload, gpu, memory_gpus)?);
                    fits_at.push(((gpu.id.as_str(), memory_gpus), Arc::clone(&f)));
                    f
                }
            };
            if !fit.fits() {
                // A count the parallel layout cannot use evenly; the next count may.
                continue;
            }
            let cluster = Cluster::on_offer(gpu, offer, gpus);
            let key = ClusterKey::of(&cluster);
            let timing = match timings.iter().find(|(k, _)| *k == key) {
                Some((_, t)) => Arc::clone(t),
                None => {
                    let t = Arc::new(time::estimate(
                        &model,
                        &scenario.workload,
                        &cluster,
                        scenario.data.as_ref(),
                        catalog,
                    )?);
                    timings.push((key, Arc::clone(&t)));
                    t
                }
            };
            if timing.hours.is_none() && !matches!(scenario.workload, Workload::Serve(_)) {
                out.excluded.push(Excluded {
                    offer,
                    mode: None,
                    gpus,
                    reason: Reason::Unknown(timing.warnings.join(" ")),
                    cost: None,
                });
                continue;
            }
            let on_demand = quotes
                .iter()
                .find(|(q, _)| q.mode == BillingMode::OnDemand)
                .map(|(q, _)| q.clone());
            for (quote, overridden) in &quotes {
                out.sized.push(Sized {
                    offer,
                    gpu,
                    provider,
                    instances,
                    gpus,
                    fit: Arc::clone(&fit),
                    timing: Arc::clone(&timing),
                    quote: quote.clone(),
                    overridden: *overridden,
                    on_demand: on_demand.clone(),
                });
            }
        }
    }
    Ok(out)
}

/// What a job's time depends on besides the job itself.
#[derive(Debug, Clone, Copy, PartialEq)]
struct ClusterKey {
    gpu: *const Gpu,
    gpus: u32,
    per_node: u32,
    link: InstanceLink,
    fabric: crate::catalog::Fabric,
    network_gbps: Option<f64>,
}

impl ClusterKey {
    fn of(c: &Cluster) -> ClusterKey {
        ClusterKey {
            gpu: c.gpu,
            gpus: c.gpus,
            per_node: c.gpus_per_node,
            link: c.link,
            fabric: c.fabric,
            network_gbps: c.network_gbps,
        }
    }
}

/// GPUs whose memory matters: all of them for sharded training, one replica otherwise.
fn usable_gpus(workload: &Workload, gpus: u32) -> u32 {
    match workload {
        Workload::Train(t) => largest_multiple(gpus, t.parallel.model_parallel()),
        Workload::Lora(l) => largest_multiple(gpus, l.parallel.model_parallel()),
        _ => gpus,
    }
}

fn largest_multiple(n: u32, of: u32) -> u32 {
    let of = of.max(1);
    (n / of * of).max(of)
}

/// Instance counts to try: the fewest that fit, then doubling, within the GPU limit.
/// Serving and dev boxes use the fewest (serving fleets are sized by traffic when priced).
fn counts(workload: &Workload, first: u32, max_instances: u32) -> Vec<u32> {
    let first = first.max(1);
    if first > max_instances.max(1) {
        return Vec::new();
    }
    match workload {
        Workload::Serve(_) | Workload::DevBox(_) => vec![first],
        _ => {
            let mut out = vec![first];
            let mut n = first;
            while out.len() < MAX_COUNTS {
                n = (n * 2).min(max_instances);
                if n == *out.last().unwrap_or(&0) {
                    break;
                }
                out.push(n);
            }
            out
        }
    }
}

/// The allowed quotes of an offer, user overrides applied (an override may add a mode).
fn quotes(offer: &Offer, request: &Request) -> Vec<(Quote, bool)> {
    let modes = &request.constraints.modes;
    let allowed = |m: BillingMode| modes.is_empty() || modes.contains(&m);
    let mut out: Vec<(Quote, bool)> = offer
        .prices
        .iter()
        .filter(|q| allowed(q.mode))
        .map(|q| (q.clone(), false))
        .collect();
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
            as_of: String::new(),
            note: None,
        };
        match out.iter_mut().find(|(q, _)| q.mode == *mode) {
            Some(slot) => *slot = (quote, true),
            None => out.push((quote, true)),
        }
    }
    out
}

/// The first required feature the offer lacks.
fn missing_feature(require: Features, offer: &Offer, gpu: &Gpu) -> Option<&'static str> {
    if require.nvlink
        && offer.gpu_count > 1
        && !matches!(
            offer.gpu_link,
            InstanceLink::Nvlink | InstanceLink::Nvswitch
        )
    {
        return Some("nvlink");
    }
    if require.mig && gpu.mig_max == 0 {
        return Some("mig");
    }
    if require.graphics && gpu.graphics_apis.is_empty() {
        return Some("graphics");
    }
    if require.video && gpu.video_encoders.unwrap_or(0) == 0 {
        return Some("video");
    }
    if require.cuda && gpu.software != Software::Cuda {
        return Some("cuda");
    }
    None
}
