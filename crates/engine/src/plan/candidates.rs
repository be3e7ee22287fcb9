//! Enumerating candidates: every offer, at the instance counts that hold the job, in every billing
//! mode it has, with memory and time from the sizing engine.

use super::storage::{self, Feed};
use super::{needs, pricing, Candidate, Excluded, Features, Reason, Request};
use crate::catalog::schema::Software;
use crate::catalog::{BillingMode, Catalog, Currency, Gpu, InstanceLink, Offer, Provider, Quote};
use crate::cost::serving::TrafficProfile;
use crate::explain::Detail;
use crate::scenario::{Cluster, DataFeed, InputError, Model, Workload};
use crate::sizing::fit;
use crate::sizing::memory::MemoryEstimate;
use crate::sizing::time::{self, Timing};
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
    pub sized: Vec<Sized<'a>>,
    pub excluded: Vec<Excluded<'a>>,
    pub warnings: Vec<String>,
}

/// Most distinct instance counts tried per offer (the minimum, then doubling).
const MAX_COUNTS: usize = 4;

/// The smallest GPU count holding the job on one GPU model, as the enumeration needs it.
#[derive(Debug, Clone, Copy)]
struct MinGpus {
    found: bool,
    gpus: u32,
    short_gib: f64,
}

/// The job's memory on one GPU model and count.
struct Held {
    fits: bool,
    headroom: f64,
    memory: Arc<MemoryEstimate>,
}

/// What is known of the job on one GPU model: its smallest count, its memory by GPU count and
/// its time by cluster. Many offers share a GPU model, so each is computed once.
#[derive(Default)]
struct OnGpu {
    search: Option<MinGpus>,
    held: Vec<(u32, Held)>,
    timings: Vec<(ClusterKey, Arc<Timing>)>,
}

pub(super) fn enumerate<'a>(
    catalog: &'a Catalog,
    request: &Request,
    published: &pricing::Published,
) -> Result<Enumerated<'a>, InputError> {
    let scenario = &request.scenario;
    scenario.workload.check()?;
    if let Some(d) = &scenario.data {
        d.check()?;
    }
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
        sized: Vec::with_capacity(catalog.offers.len() * 2),
        excluded: Vec::new(),
        warnings,
    };
    // Memory depends only on the GPU model and count, time only on the cluster: both are
    // computed once per GPU model, with numbers only.
    let mut on_gpu: Vec<OnGpu> = catalog.gpus.iter().map(|_| OnGpu::default()).collect();
    let workload = &scenario.workload;
    let serving = matches!(workload, Workload::Serve(_));
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
        let known = &mut on_gpu[g];
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
        if let Some(need) = needs::unmet(workload, gpu) {
            out.excluded.push(exclude(Reason::CannotRun(need)));
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
        let search = match known.search {
            Some(s) => s,
            None => {
                let s = fit::min_gpus_with(&model, workload, gpu, max_gpus, Detail::Numbers)?;
                *known.search.insert(MinGpus {
                    found: s.found,
                    gpus: s.fit.gpus,
                    short_gib: s.fit.short_by_gib(),
                })
            }
        };
        if !search.found {
            out.excluded.push(exclude(Reason::DoesNotFit {
                short_gib: search.short_gib,
            }));
            continue;
        }
        let quotes = quotes(offer, request);
        if quotes.is_empty() {
            out.excluded.push(exclude(Reason::NoPrice));
            continue;
        }
        let on_demand = on_demand_of(&quotes);
        let per_node = offer.gpu_count.max(1);
        let needed = search.gpus.max(1);
        if serving && needed > per_node {
            // A serving replica stays inside one instance: tensor parallelism across a network
            // is far too slow for decoding. What this instance's GPUs lack is the gap.
            let short_gib = fit::fit_on_with(&model, workload, gpu, per_node, Detail::Numbers)
                .map(|f| f.short_by_gib())
                .unwrap_or(0.0);
            out.excluded.push(exclude(Reason::DoesNotFit { short_gib }));
            continue;
        }
        let feed = storage::feed(offer, provider, request, published.throughput);
        let data = scenario.data.as_ref().zip(feed).map(|(d, f)| d.feed(f.mbs));
        let first = needed.div_ceil(per_node);
        for instances in counts(workload, first, max_gpus / per_node) {
            // Serving is timed per replica (the fleet is sized from traffic when priced);
            // everything else uses every GPU it pays for.
            let gpus = if serving {
                needed
            } else {
                instances * per_node
            };
            let memory_gpus = usable_gpus(workload, gpus);
            let fit = match known.held.iter().position(|(n, _)| *n == memory_gpus) {
                Some(i) => &known.held[i].1,
                None => {
                    let f = fit::fit_on_with(&model, workload, gpu, memory_gpus, Detail::Numbers)?;
                    let held = Held {
                        fits: f.fits(),
                        headroom: f.headroom(),
                        memory: Arc::new(f.memory),
                    };
                    known.held.push((memory_gpus, held));
                    &known.held[known.held.len() - 1].1
                }
            };
            if !fit.fits {
                // A count the parallel layout cannot use evenly; the next count may.
                continue;
            }
            let cluster = Cluster::on_offer(gpu, offer, gpus);
            let key = ClusterKey::of(&cluster, data.as_ref());
            let timing = match known.timings.iter().find(|(k, _)| *k == key) {
                Some((_, t)) => Arc::clone(t),
                None => {
                    let mut t = time::estimate_with(
                        &model,
                        workload,
                        &cluster,
                        data.as_ref(),
                        catalog,
                        Detail::Numbers,
                    )?;
                    // The storage behind the cap (its value is part of the cache key).
                    if let (Some(f), Some(_)) = (feed, &data) {
                        t.terms.push(f.value_term());
                    }
                    let t = Arc::new(t);
                    known.timings.push((key, Arc::clone(&t)));
                    t
                }
            };
            if timing.hours.is_none() && !serving {
                out.excluded.push(Excluded {
                    offer,
                    mode: None,
                    gpus,
                    reason: Reason::Unknown(timing.warnings.join(" ")),
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
                out.sized.push(Sized {
                    offer,
                    gpu,
                    provider,
                    instances,
                    gpus,
                    memory: Arc::clone(&fit.memory),
                    headroom: fit.headroom,
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

/// A candidate's memory and time again, with every formula: the figures the ranking compared,
/// explained.
pub(super) fn explain_sizing(
    catalog: &Catalog,
    c: &Candidate,
    request: &Request,
) -> Result<(MemoryEstimate, Timing), InputError> {
    let scenario = &request.scenario;
    let model = Model::resolve(&scenario.model)?;
    let workload = &scenario.workload;
    let memory_gpus = usable_gpus(workload, c.job_gpus());
    let memory = fit::fit_on_with(&model, workload, c.gpu, memory_gpus, Detail::Full)?.memory;
    let data = scenario
        .data
        .as_ref()
        .zip(c.feed)
        .map(|(d, f)| d.feed(f.mbs));
    let mut timing = time::estimate_with(
        &model,
        workload,
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

/// What a job's time on one GPU model depends on besides the job itself.
#[derive(Debug, Clone, Copy, PartialEq)]
struct ClusterKey {
    gpus: u32,
    per_node: u32,
    link: InstanceLink,
    fabric: crate::catalog::Fabric,
    network_gbps: Option<f64>,
    /// Storage throughput feeding the GPUs, MB/s (it differs between offers).
    feed_mbs: Option<f64>,
}

impl ClusterKey {
    fn of(c: &Cluster, data: Option<&DataFeed>) -> ClusterKey {
        ClusterKey {
            gpus: c.gpus,
            per_node: c.gpus_per_node,
            link: c.link,
            fabric: c.fabric,
            network_gbps: c.network_gbps,
            feed_mbs: data.map(|d| d.storage_mbs),
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
            as_of: String::new(),
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
