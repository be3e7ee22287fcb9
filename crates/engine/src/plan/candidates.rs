//! Enumerating candidates: every offer, at the instance counts that hold the job, in every billing
//! mode it has, with memory and time from the sizing engine.

use super::storage::{self, Feed};
use super::{
    needs, pricing, Candidate, Constraints, Excluded, Feature, Features, Filter, Reason, Request,
};
use crate::catalog::schema::Software;
use crate::catalog::{BillingMode, Catalog, Currency, Gpu, InstanceLink, Offer, Provider, Quote};
use crate::cost::serving::TrafficProfile;
use crate::explain::Detail;
use crate::scenario::{Cluster, DataFeed, InputError, Model, Parallelism, Workload};
use crate::sizing::fit;
use crate::sizing::layout::{self, LayoutProblem, Placed, Slots, Unplaced};
use crate::sizing::memory::MemoryEstimate;
use crate::sizing::time::{self, Timing};
use crate::warning::{Untimed, Warning};
use std::borrow::Cow;
use std::sync::Arc;

/// A candidate with its size and time, before pricing. Sized with [`Detail::Numbers`]: the
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
    pub quote: Cow<'a, Quote>,
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

/// The job's placement on one GPU model at one count: its resolved layout and memory (shared by
/// every offer of that GPU), or why it does not go there.
type Placement = Result<Arc<Shared>, Arc<Unplaced>>;

/// A placement and its memory estimate, built once.
struct Shared {
    placed: Placed,
    memory: Arc<MemoryEstimate>,
}

/// What is known of the job on one GPU model: its placement by node size and GPU count, and its
/// time by cluster and layout. Many offers share a GPU model, so each is computed once.
#[derive(Default)]
struct OnGpu {
    placed: Vec<(Slots, Placement)>,
    timings: Vec<(ClusterKey, Option<Parallelism>, Arc<Timing>)>,
    /// The smallest instance count that places the job, by GPUs per instance.
    first: Vec<(u32, Option<u32>)>,
}

impl OnGpu {
    fn place(
        &mut self,
        model: &Model,
        workload: &Workload,
        gpu: &Gpu,
        slots: Slots,
    ) -> Result<Placement, InputError> {
        if let Some((_, p)) = self.placed.iter().find(|(s, _)| *s == slots) {
            return Ok(p.clone());
        }
        // The same GPU count on nodes of another size gives the same answer when node size did
        // not matter: a layout without tensor or pipeline parallelism, or no fit on larger nodes
        // (more room for tensor parallelism never needs more memory).
        let same = self.placed.iter().find(|(s, p)| {
            s.gpus == slots.gpus
                && match p {
                    Ok(shared) => shared
                        .placed
                        .layout()
                        .is_none_or(|l| l.tensor == 1 && l.pipeline == 1),
                    Err(why) => {
                        s.per_node >= slots.per_node && matches!(**why, Unplaced::TooSmall(_))
                    }
                }
        });
        if let Some((_, p)) = same {
            let p = p.clone();
            self.placed.push((slots, p.clone()));
            return Ok(p);
        }
        let p = match layout::place_with(model, workload, gpu, slots, Detail::Numbers)? {
            Ok(placed) => Ok(Arc::new(Shared {
                memory: Arc::new(placed.fit.memory.clone()),
                placed,
            })),
            Err(why) => Err(Arc::new(why)),
        };
        self.placed.push((slots, p.clone()));
        Ok(p)
    }

    /// The fewest instances of `per_node` GPUs (up to `max_instances`) that hold the job:
    /// doubling until it fits, then bisecting (more GPUs never need more memory per GPU).
    fn first_instances(
        &mut self,
        model: &Model,
        workload: &Workload,
        gpu: &Gpu,
        per_node: u32,
        max_instances: u32,
    ) -> Result<Option<u32>, InputError> {
        if let Some((_, k)) = self.first.iter().find(|(n, _)| *n == per_node) {
            return Ok(*k);
        }
        let mut fits = |k: u32| -> Result<bool, InputError> {
            let slots = Slots {
                gpus: k * per_node,
                per_node,
            };
            Ok(self.place(model, workload, gpu, slots)?.is_ok())
        };
        let max = max_instances.max(1);
        let mut found = None;
        let (mut bad, mut k) = (0u32, 1u32);
        loop {
            if fits(k)? {
                found = Some(k);
                break;
            }
            if k >= max {
                break;
            }
            bad = k;
            k = k.saturating_mul(2).min(max);
        }
        if let Some(mut good) = found {
            while good - bad > 1 {
                let mid = bad + (good - bad) / 2;
                if fits(mid)? {
                    good = mid;
                } else {
                    bad = mid;
                }
            }
            found = Some(good);
        }
        self.first.push((per_node, found));
        Ok(found)
    }
}

/// Every candidate of `catalog` for `request`, handed to `sized` as it is sized (ranking prices
/// each at once, so thousands of them are never held twice); what is left out is returned.
pub(super) fn enumerate<'a>(
    catalog: &'a Catalog,
    request: &Request,
    published: &pricing::Published,
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
    let mut on_gpu: Vec<OnGpu> = catalog.gpus.iter().map(|_| OnGpu::default()).collect();
    let workload = &scenario.workload;
    let traffic = pricing::stated_traffic(request).map(Arc::new);
    // A service with a latency target stays off spot unless the user allows it.
    let latency_bound = matches!(workload, Workload::Serve(s) if s.latency_target_ms.is_some())
        && !constraints.spot_with_latency;

    for offer in &catalog.offers {
        let (Some(g), Some(provider)) = (
            catalog.gpus.iter().position(|g| g.id == offer.gpu),
            catalog.provider(&offer.provider),
        ) else {
            continue;
        };
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
        let quotes = quotes(offer, request);
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
        let placements = match job.placements(known)? {
            Ok(p) => p,
            Err(reason) => {
                out.excluded.push(exclude(reason));
                continue;
            }
        };
        if quotes.is_empty() {
            out.excluded.push(exclude(Reason::NoPrice));
            continue;
        }
        let on_demand = on_demand_of(&quotes);
        for (instances, shared) in placements {
            let placed = &shared.placed;
            // Training uses every GPU it is placed on; serving is timed per replica (the fleet
            // is sized from traffic when priced).
            let gpus = placed.fit.gpus;
            let timing = job.timing(known, placed, gpus)?;
            if timing.hours.is_none() && !job.serving() {
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
    Ok(out)
}

/// The exclusion a failed placement gives.
fn reason_of(why: &Unplaced) -> Reason {
    match why {
        Unplaced::Layout(problem) => Reason::Layout(*problem),
        Unplaced::TooSmall(fit) => Reason::DoesNotFit {
            short_gib: fit.short_by_gib(),
        },
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

/// The job on one offer: which instance counts to try and what each gives.
struct Job<'a, 'm> {
    model: &'m Model,
    workload: &'m Workload,
    data: Option<&'m DataFeed>,
    /// The storage the data is read from on this offer.
    feed: Option<Feed<'a>>,
    catalog: &'a Catalog,
    offer: &'a Offer,
    gpu: &'a Gpu,
    max_gpus: u32,
    pinned: Option<u32>,
}

impl Job<'_, '_> {
    fn serving(&self) -> bool {
        matches!(self.workload, Workload::Serve(_))
    }

    /// The instance counts to price, each with the job placed there, or why none holds it.
    #[allow(clippy::type_complexity)]
    fn placements(
        &self,
        known: &mut OnGpu,
    ) -> Result<Result<Vec<(u32, Arc<Shared>)>, Reason>, InputError> {
        let per_node = self.offer.gpu_count.max(1);
        if self.serving() {
            return self.serving_placement(known, per_node);
        }
        let slots_of = |instances: u32| Slots {
            gpus: instances * per_node,
            per_node,
        };
        let counts: Vec<(u32, Slots)> = match self.pinned {
            Some(n) if n.is_multiple_of(per_node) => vec![(n / per_node, slots_of(n / per_node))],
            Some(n) if n < per_node && n.is_power_of_two() => {
                vec![(1, Slots { gpus: n, per_node })]
            }
            Some(n) => {
                return Ok(Err(Reason::Layout(LayoutProblem::PartialInstances {
                    gpus: n,
                    per_node,
                })))
            }
            None => {
                let max_instances = self.max_gpus / per_node;
                match known.first_instances(
                    self.model,
                    self.workload,
                    self.gpu,
                    per_node,
                    max_instances,
                )? {
                    Some(first) => counts(self.workload, first, max_instances)
                        .into_iter()
                        .map(|k| (k, slots_of(k)))
                        .collect(),
                    None => {
                        let largest = slots_of(max_instances.max(1));
                        return Ok(Err(self.why_not(known, largest)?));
                    }
                }
            }
        };
        let mut out = Vec::with_capacity(counts.len());
        let mut last_failure = None;
        for (instances, slots) in counts {
            match known.place(self.model, self.workload, self.gpu, slots)? {
                Ok(p) => out.push((instances, p)),
                Err(e) => last_failure = Some(e),
            }
        }
        if out.is_empty() {
            return Ok(Err(match last_failure.as_deref() {
                Some(why) => reason_of(why),
                None => Reason::Filtered(Filter::MaxGpus),
            }));
        }
        Ok(Ok(out))
    }

    /// Why the job cannot be placed on `slots`.
    fn why_not(&self, known: &mut OnGpu, slots: Slots) -> Result<Reason, InputError> {
        Ok(
            match known.place(self.model, self.workload, self.gpu, slots)? {
                Ok(_) => Reason::Filtered(Filter::MaxGpus),
                Err(why) => reason_of(&why),
            },
        )
    }

    /// A serving replica stays inside one instance when it can (tensor parallelism across a
    /// network is far too slow for decoding): the fewest GPUs of one instance that hold it.
    /// A model larger than one instance is served across instances, one pipeline stage per
    /// instance. Replicas are priced from traffic later.
    #[allow(clippy::type_complexity)]
    fn serving_placement(
        &self,
        known: &mut OnGpu,
        per_node: u32,
    ) -> Result<Result<Vec<(u32, Arc<Shared>)>, Reason>, InputError> {
        let search = fit::min_gpus_with(
            self.model,
            self.workload,
            self.gpu,
            self.max_gpus.min(per_node),
            Detail::Numbers,
        )?;
        if search.found {
            let slots = Slots {
                gpus: search.fit.gpus.max(1),
                per_node,
            };
            return Ok(
                match known.place(self.model, self.workload, self.gpu, slots)? {
                    Ok(p) => Ok(vec![(1, p)]),
                    Err(why) => Err(reason_of(&why)),
                },
            );
        }
        // Across instances: whole instances, one pipeline stage each.
        let max_instances = self.max_gpus / per_node;
        let mut instances = 2;
        let mut last = None;
        while instances <= max_instances {
            let slots = Slots {
                gpus: instances * per_node,
                per_node,
            };
            match known.place(self.model, self.workload, self.gpu, slots)? {
                Ok(p) => return Ok(Ok(vec![(instances, p)])),
                Err(why) => last = Some(why),
            }
            instances *= 2;
        }
        Ok(Err(match last.as_deref() {
            Some(Unplaced::Layout(l)) => Reason::Layout(*l),
            _ => {
                let short_gib = fit::fit_on_with(
                    self.model,
                    self.workload,
                    self.gpu,
                    per_node,
                    Detail::Numbers,
                )
                .map(|f| f.short_by_gib())
                .unwrap_or(0.0);
                Reason::DoesNotFit { short_gib }
            }
        }))
    }

    /// The job's time on `gpus` GPUs of this offer with its placed layout (cached per cluster
    /// and layout: offers of one GPU model often share both).
    fn timing(
        &self,
        known: &mut OnGpu,
        placed: &Placed,
        gpus: u32,
    ) -> Result<Arc<Timing>, InputError> {
        let cluster = Cluster::on_offer(self.gpu, self.offer, gpus);
        let key = ClusterKey::of(&cluster, self.data);
        let layout = placed.layout();
        if let Some((_, _, t)) = known
            .timings
            .iter()
            .find(|(k, l, _)| *k == key && *l == layout)
        {
            return Ok(Arc::clone(t));
        }
        let mut t = time::estimate_with(
            self.model,
            &placed.workload,
            &cluster,
            self.data,
            self.catalog,
            Detail::Numbers,
        )?;
        // The storage behind the cap (its value is part of the cache key).
        if let (Some(f), Some(_)) = (self.feed, self.data) {
            t.terms.push(f.value_term());
        }
        let t = Arc::new(t);
        known.timings.push((key, layout, Arc::clone(&t)));
        Ok(t)
    }
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
    let workload = match &scenario.workload {
        // A replica's split and an offline job's batch are chosen where it is placed.
        Workload::Serve(_) => {
            let slots = Slots {
                gpus: c.job_gpus(),
                per_node: c.offer.gpu_count.max(1),
            };
            match layout::place_with(&model, &scenario.workload, c.gpu, slots, Detail::Numbers)? {
                Ok(p) => p.workload,
                Err(_) => scenario.workload.clone(),
            }
        }
        w => with_layout(w, c.layout),
    };
    let memory = fit::fit_on_with(&model, &workload, c.gpu, c.job_gpus(), Detail::Full)?.memory;
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
        Detail::Full,
    )?;
    if let (Some(f), Some(_)) = (c.feed, &data) {
        timing
            .terms
            .push(f.term(request.costs.storage.fast_tier, Detail::Full));
    }
    Ok((memory, timing))
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

/// What a job's time on one GPU model depends on besides the job itself.
#[derive(Debug, Clone, Copy, PartialEq)]
struct ClusterKey {
    gpus: u32,
    per_node: u32,
    link: InstanceLink,
    fabric: crate::catalog::Fabric,
    network_gbps: Option<f64>,
    nvlink_domain: u32,
    /// Storage throughput feeding the GPUs, MB/s (it differs between offers).
    feed_mbs: Option<f64>,
}

impl ClusterKey {
    /// The key of `c`; a job inside one node does not see the network, so offers that differ
    /// only there share their timing.
    fn of(c: &Cluster, data: Option<&DataFeed>) -> ClusterKey {
        let one_node = c.gpus <= c.gpus_per_node;
        ClusterKey {
            gpus: c.gpus,
            per_node: c.gpus_per_node,
            link: if c.gpus <= 1 {
                InstanceLink::None
            } else {
                c.link
            },
            fabric: if one_node {
                crate::catalog::Fabric::None
            } else {
                c.fabric
            },
            network_gbps: if one_node { None } else { c.network_gbps },
            nvlink_domain: if one_node {
                c.gpus_per_node
            } else {
                c.nvlink_domain
            },
            feed_mbs: data.map(|d| d.storage_mbs),
        }
    }
}

/// Instance counts to try: the fewest that hold the job, then doubling, and the most allowed.
/// Serving and dev boxes use the fewest (serving fleets are sized by traffic when priced). Any
/// other count can be asked for exactly (`Constraints::gpus`).
fn counts(workload: &Workload, first: u32, max_instances: u32) -> Vec<u32> {
    let (first, max) = (first.max(1), max_instances.max(1));
    if first > max {
        return Vec::new();
    }
    match workload {
        Workload::Serve(_) | Workload::DevBox(_) => vec![first],
        _ => {
            let mut out: Vec<u32> =
                std::iter::successors(Some(first), |n| n.checked_mul(2).filter(|m| *m <= max))
                    .collect();
            if out.last() != Some(&max) {
                out.push(max);
            }
            out
        }
    }
}

/// The allowed quotes of an offer, user overrides applied (an override may add a mode).
/// Catalog quotes are borrowed; only the user's prices are built.
fn quotes<'a>(offer: &'a Offer, request: &Request) -> Vec<(Cow<'a, Quote>, bool)> {
    let modes = &request.constraints.modes;
    let allowed = |m: BillingMode| modes.is_empty() || modes.contains(&m);
    let mut out: Vec<(Cow<'a, Quote>, bool)> = offer
        .prices
        .iter()
        .filter(|q| allowed(q.mode))
        .map(|q| (Cow::Borrowed(q), false))
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
            as_of: None,
            undated: false,
            read_on: None,
            note: None,
        };
        match out.iter_mut().find(|(q, _)| q.mode == *mode) {
            Some(slot) => *slot = (Cow::Owned(quote), true),
            None => out.push((Cow::Owned(quote), true)),
        }
    }
    out
}

/// The on-demand price per hour among `quotes`, and its currency.
fn on_demand_of(quotes: &[(Cow<Quote>, bool)]) -> Option<(f64, Currency)> {
    quotes
        .iter()
        .find(|(q, _)| q.mode == BillingMode::OnDemand)
        .map(|(q, _)| (q.per_hour, q.currency))
}

/// The offer's on-demand price per hour (the user's when given) and its currency.
pub(super) fn on_demand(offer: &Offer, request: &Request) -> Option<(f64, Currency)> {
    on_demand_of(&quotes(offer, request))
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
mod tests {
    use crate::catalog::Catalog;
    use crate::cost::billing::BreakEven;
    use crate::cost::spot::SpotOutcome;
    use crate::explain::Term;
    use crate::plan::{evaluate, explain, Constraints, CostInputs, Objective, Request};
    use crate::scenario::{
        Classic, DataSource, DevBox, Lora, ModelSpec, Optimizer, Parallelism, Render, Scenario,
        Serve, Train, TrainPrecision, WeightFormat, Workload, ZeroStage,
    };

    fn request(model: &str, workload: Workload, data: Option<DataSource>) -> Request {
        Request {
            scenario: Scenario {
                model: ModelSpec::Preset(model.into()),
                workload,
                data,
                deadline_h: None,
            },
            costs: CostInputs {
                egress_gb: 200.0,
                idle_h: 8.0,
                ..CostInputs::default()
            },
            constraints: Constraints {
                max_gpus: 16,
                ..Constraints::default()
            },
            objective: Objective::Cheapest,
            today: None,
        }
    }

    fn requests() -> Vec<Request> {
        let qlora = Lora {
            qlora: true,
            paged_optimizer: true,
            optimizer: Optimizer::Adam8bit,
            ..Lora::default()
        };
        let sharded = Train {
            parallel: Parallelism {
                zero: ZeroStage::Zero3,
                tensor: 2,
                pipeline: 2,
                ..Parallelism::default()
            },
            ..Train::default()
        };
        let slow_disk = DataSource {
            bytes_per_sample: 4e6,
            storage_mbs: Some(50.0),
        };
        let moe = Serve {
            weights: WeightFormat::Int4Awq,
            concurrency: 16,
            latency_target_ms: Some(40.0),
            requests_per_s: Some(3.0),
            ..Serve::default()
        };
        let images = Classic {
            samples: 1.2e6,
            epochs: 10.0,
            batch: 64,
            precision: TrainPrecision::Bf16Mixed,
            optimizer: Optimizer::SgdMomentum,
            seq_len: None,
        };
        let frames = Render {
            frames: 2000.0,
            reference_seconds_per_frame: 30.0,
            reference_gpu: "rtx-4090".into(),
            scene_gib: 10.0,
            streams: 2,
            stream_gib: 1.0,
            stream_hours: 5.0,
        };
        let dev = DevBox {
            hours: 20.0,
            min_gpu_memory_gib: 24.0,
            non_cuda: false,
        };
        vec![
            request("llama-3.1-8b", Workload::Lora(Lora::default()), None),
            request("llama-3.1-70b", Workload::Lora(qlora), None),
            request("llama-3.1-8b", Workload::Train(sharded), Some(slow_disk)),
            request("qwen3-30b-a3b", Workload::Serve(moe), None),
            request("resnet-50", Workload::Classic(images), None),
            request("llama-3.1-8b", Workload::Render(frames), None),
            request("llama-3.1-8b", Workload::DevBox(dev), None),
        ]
    }

    fn without_formulas(terms: &[Term]) -> Vec<Term> {
        terms
            .iter()
            .map(|t| Term {
                formula: String::new(),
                ..t.clone()
            })
            .collect()
    }

    /// Ranking sizes and prices on numbers only; explaining a candidate re-runs the same
    /// arithmetic with its formulas and must give the very same figures.
    #[test]
    fn explaining_a_candidate_gives_the_values_it_was_ranked_on() {
        let catalog = Catalog::builtin();
        let mut seen = std::collections::BTreeSet::new();
        for req in requests() {
            let report = evaluate(catalog, &req).unwrap();
            assert!(!report.ranked.is_empty(), "{:?}", req.scenario.workload);
            for c in &report.ranked {
                let no_terms = Vec::new();
                let ranked = c
                    .memory
                    .terms
                    .iter()
                    .chain(&c.memory.host_terms)
                    .chain(&c.timing.terms)
                    .chain(&c.lines)
                    .chain(c.break_even.as_ref().map_or(&no_terms, |b| &b.terms))
                    .chain(c.spot.as_ref().map_or(&no_terms, |s| &s.terms));
                assert!(ranked.clone().all(|t| t.formula.is_empty()));

                let e = explain(catalog, c, &req).unwrap();
                let explained = e
                    .memory
                    .terms
                    .iter()
                    .chain(&e.memory.host_terms)
                    .chain(&e.timing.terms)
                    .chain(&e.cost)
                    .chain(e.break_even.as_ref().map_or(&no_terms, |b| &b.terms))
                    .chain(e.spot.as_ref().map_or(&no_terms, |s| &s.terms));
                assert_eq!(explained.clone().count(), ranked.count());
                for t in explained {
                    assert!(
                        !t.formula.is_empty(),
                        "{} of {} unexplained",
                        t.key,
                        c.offer.id
                    );
                    seen.insert(t.key);
                }
                if !e.memory.host_terms.is_empty() {
                    seen.insert("host");
                }

                assert_eq!(without_formulas(&e.memory.terms), c.memory.terms);
                assert_eq!(without_formulas(&e.memory.host_terms), c.memory.host_terms);
                assert_eq!(e.memory.total_gib, c.memory.total_gib);
                let timing = crate::sizing::time::Timing {
                    terms: without_formulas(&e.timing.terms),
                    ..e.timing.clone()
                };
                assert_eq!(&timing, c.timing.as_ref());
                assert_eq!(without_formulas(&e.cost), c.lines);
                let break_even = e.break_even.map(|b| BreakEven {
                    terms: without_formulas(&b.terms),
                    ..b
                });
                assert_eq!(break_even, c.break_even);
                let spot = e.spot.map(|s| SpotOutcome {
                    terms: without_formulas(&s.terms),
                    ..s
                });
                assert_eq!(spot, c.spot);
            }
        }
        // Every kind of figure went through both paths.
        for key in [
            "lora_adapters",
            "quantization_constants",
            "host",
            "zero3_gather",
            "kv_cache",
            "scene",
            "requested",
            "intra_node_bandwidth",
            "inter_node_bandwidth",
            "data_parallel_comm",
            "tensor_parallel_comm",
            "pipeline_bubble",
            "storage_cap",
            "storage_feed",
            "weights_read_per_step",
            "instances",
            "seconds_per_frame",
            "video_encoders",
            "flops_per_sample",
            "setup",
            "idle",
            "storage",
            "egress",
            "break_even_hours",
            "spot_expected_hours",
        ] {
            assert!(seen.contains(key), "no candidate has a {key} figure");
        }
    }
}
