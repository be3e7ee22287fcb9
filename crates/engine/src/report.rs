//! The answer to a scenario: for every offer that can run the job, how many GPUs, the memory per
//! GPU, the time and the on-demand cost, each with its terms, plus warnings; and the offers that
//! cannot, with the gap.

use crate::catalog::schema::Software;
use crate::catalog::{BillingMode, Catalog, Currency, Fabric, Gpu, Offer};
use crate::cost::billing::billed_hours;
use crate::explain::Term;
use crate::scenario::{Cluster, InputError, Model, Scenario, Workload};
use crate::sizing::defaults::{Band, LOW_HEADROOM};
use crate::sizing::fit::{self, Fit};
use crate::sizing::time::{self, Timing};

/// A caution attached to a report or a candidate. `key` is stable for the UI and tests.
#[derive(Debug, Clone, PartialEq)]
pub struct Warning {
    pub key: &'static str,
    pub message: String,
}

fn warn(key: &'static str, message: impl Into<String>) -> Warning {
    Warning {
        key,
        message: message.into(),
    }
}

/// On-demand cost of a candidate.
#[derive(Debug, Clone, PartialEq)]
pub struct Cost {
    pub currency: Currency,
    /// Price of every instance the job rents, per hour.
    pub per_hour: f64,
    /// Cost of the whole job (billing increments applied); `None` for open-ended serving.
    pub total: Option<Band>,
    /// Serving: cost of a million output tokens at the replica's throughput.
    pub per_million_tokens: Option<f64>,
    pub terms: Vec<Term>,
}

/// One offer that runs the job.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate<'a> {
    pub offer: &'a Offer,
    pub gpu: &'a Gpu,
    /// GPUs the job uses (one replica for serving).
    pub gpus: u32,
    /// Instances rented (all replicas for serving).
    pub instances: u32,
    pub fit: Fit,
    pub timing: Timing,
    pub cost: Option<Cost>,
    pub warnings: Vec<Warning>,
}

/// An offer that cannot run the job, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Rejected<'a> {
    pub offer: &'a Offer,
    pub reason: String,
    /// GiB missing per GPU when memory is the reason.
    pub short_by_gib: Option<f64>,
}

/// Everything the engine says about a scenario.
#[derive(Debug, Clone, PartialEq)]
pub struct Report<'a> {
    pub model: Model,
    /// Cheapest expected cost first (priced in USD, then CNY, then unpriced), then fastest.
    pub candidates: Vec<Candidate<'a>>,
    pub rejected: Vec<Rejected<'a>>,
    pub warnings: Vec<Warning>,
}

/// Knobs of the search.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Most instances one job may span (offers with a multi-node fabric).
    pub max_instances: u32,
    /// Only offers whose id, GPU id or provider id is listed; empty: every offer.
    pub only: Vec<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_instances: 64,
            only: Vec::new(),
        }
    }
}

/// Evaluates `scenario` on every offer of `catalog`.
pub fn evaluate<'a>(
    scenario: &Scenario,
    catalog: &'a Catalog,
    options: &Options,
) -> Result<Report<'a>, InputError> {
    let model = Model::resolve(&scenario.model)?;
    scenario.workload.check()?;
    if let Some(d) = &scenario.data {
        d.check()?;
    }
    if let Some(h) = scenario.deadline_h {
        crate::scenario::check_range("deadline_h", h, 1e-6, 1e7)?;
    }
    if let Workload::Render(r) = &scenario.workload {
        if catalog.gpu(&r.reference_gpu).is_none() {
            return Err(InputError::new(
                "workload.reference_gpu",
                format!("no GPU with id '{}' in the catalog", r.reference_gpu),
            ));
        }
    }
    let mut warnings = model_warnings(&model, &scenario.workload);
    let mut candidates = Vec::new();
    let mut rejected = Vec::new();
    for offer in &catalog.offers {
        if !options.only.is_empty()
            && !options
                .only
                .iter()
                .any(|o| *o == offer.id || *o == offer.gpu || *o == offer.provider)
        {
            continue;
        }
        match candidate(&model, scenario, catalog, offer, options)? {
            Ok(c) => candidates.push(c),
            Err(r) => rejected.push(r),
        }
    }
    candidates.sort_by(|a, b| {
        rank(a)
            .partial_cmp(&rank(b))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    if candidates.is_empty() {
        warnings.push(warn(
            "no_fit",
            "no offer in the catalog can run this job as described",
        ));
    }
    Ok(Report {
        model,
        candidates,
        rejected,
        warnings,
    })
}

/// Sort key: candidates meeting the deadline first, then those with a time estimate, then by
/// currency (USD, CNY, unpriced), then by cost (job total, or per million tokens when serving),
/// then by hours.
fn rank(c: &Candidate) -> (bool, bool, u8, f64, f64) {
    let misses = c.warnings.iter().any(|w| w.key == "deadline");
    let unknown = c.timing.hours.is_none() && c.timing.figures.is_empty();
    let hours = c.timing.hours.map_or(f64::INFINITY, |h| h.expected);
    match &c.cost {
        Some(cost) => {
            let tier = match cost.currency {
                Currency::Usd => 0,
                Currency::Cny => 1,
            };
            let value = cost
                .total
                .map(|t| t.expected)
                .or(cost.per_million_tokens)
                .unwrap_or(cost.per_hour);
            (misses, unknown, tier, value, hours)
        }
        None => (misses, unknown, 2, hours, 0.0),
    }
}

fn model_warnings(model: &Model, workload: &Workload) -> Vec<Warning> {
    let mut out = Vec::new();
    if matches!(workload, Workload::Render(_) | Workload::DevBox(_)) {
        return out;
    }
    if model.coarse {
        out.push(warn(
            "params_only",
            "estimate from the parameter count only: a Llama-like shape with multi-head attention is assumed, so activations and KV cache are approximate (pick a preset for exact shapes)",
        ));
    }
    if model.transformer.as_ref().is_some_and(|t| t.moe.is_some()) {
        out.push(warn(
            "moe",
            "mixture of experts: all experts are held in memory; time assumes evenly routed tokens and counts only active experts",
        ));
    }
    if let Workload::Lora(l) = workload {
        if l.qlora {
            out.push(warn(
                "qlora_cuda",
                "QLoRA's NF4 kernels (bitsandbytes) target CUDA GPUs",
            ));
        }
    }
    out
}

type Outcome<'a> = Result<Candidate<'a>, Rejected<'a>>;

fn reject<'a>(offer: &'a Offer, reason: impl Into<String>, short: Option<f64>) -> Outcome<'a> {
    Err(Rejected {
        offer,
        reason: reason.into(),
        short_by_gib: short,
    })
}

/// Instances needed for `gpus` GPUs on `offer`.
fn instances_for(offer: &Offer, gpus: u32) -> u32 {
    gpus.div_ceil(offer.gpu_count.max(1))
}

fn candidate<'a>(
    model: &Model,
    scenario: &Scenario,
    catalog: &'a Catalog,
    offer: &'a Offer,
    options: &Options,
) -> Result<Outcome<'a>, InputError> {
    let Some(gpu) = catalog.gpu(&offer.gpu) else {
        return Ok(reject(offer, format!("unknown GPU '{}'", offer.gpu), None));
    };
    let workload = &scenario.workload;
    if matches!(workload, Workload::Render(_))
        && !matches!(gpu.software, Software::Cuda | Software::Rocm)
    {
        return Ok(reject(
            offer,
            format!("{} does not run GPU renderers or video encoders", gpu.name),
            None,
        ));
    }
    let per_instance = offer.gpu_count.max(1);
    let multi = offer.fabric != Fabric::None;
    // Automatic tensor parallelism for serving stays inside one instance (across nodes servers
    // use pipeline stages, which the user can request explicitly).
    let auto_tp = matches!(workload, Workload::Serve(s) if s.tensor_parallel.is_none());
    let max_gpus = if multi && !auto_tp {
        per_instance.saturating_mul(options.max_instances.max(1))
    } else {
        per_instance
    };
    let search = fit::min_gpus(model, workload, gpu, max_gpus)?;
    if !search.found {
        let short = search.fit.short_by_gib();
        let reason = if short > 0.0 {
            format!(
                "needs {:.1} GiB per GPU, {:.1} GiB usable: {:.1} GiB short even on {} GPUs",
                search.fit.memory.total_gib, search.fit.usable.value, short, search.fit.gpus
            )
        } else {
            format!("the job needs more GPUs than the {max_gpus} this offer can provide")
        };
        return Ok(reject(offer, reason, (short > 0.0).then_some(short)));
    }
    let mut fit = search.fit;

    // GPUs the job runs on: all GPUs of the instances it rents when it can use them.
    let mut gpus = match workload {
        Workload::Serve(_) => fit.gpus,
        Workload::DevBox(_) => per_instance,
        Workload::Classic(_) | Workload::Render(_) => per_instance,
        Workload::Train(_) | Workload::Lora(_) => {
            let mp = model_parallel(workload);
            let whole = instances_for(offer, fit.gpus) * per_instance;
            if whole.is_multiple_of(mp) {
                whole
            } else {
                fit.gpus
            }
        }
    };
    if matches!(workload, Workload::Train(_) | Workload::Lora(_)) && gpus != fit.gpus {
        fit = fit::fit_on(model, workload, gpu, gpus)?;
    }
    if let Workload::Serve(_) = workload {
        if fit.gpus > per_instance && !multi {
            return Ok(reject(
                offer,
                "the serving replica needs more GPUs than one instance has",
                None,
            ));
        }
    }
    let mut timing = time::estimate(
        model,
        workload,
        &Cluster::on_offer(gpu, offer, gpus),
        scenario.data.as_ref(),
        catalog,
    )?;

    // More instances to meet a deadline.
    if let (Some(deadline), Some(h)) = (scenario.deadline_h, timing.hours) {
        if h.expected > deadline
            && multi
            && !matches!(workload, Workload::Serve(_) | Workload::DevBox(_))
        {
            if let Some((n, t)) = fit::fewest_gpus_for_deadline(
                model,
                workload,
                gpu,
                offer,
                gpus,
                max_gpus,
                deadline,
                scenario.data.as_ref(),
                catalog,
            )? {
                gpus = n;
                timing = t;
                if !matches!(workload, Workload::Classic(_) | Workload::Render(_)) {
                    fit = fit::fit_on(model, workload, gpu, gpus)?;
                }
            }
        }
    }

    let replicas = match workload {
        Workload::Serve(_) => timing
            .figure("instances")
            .map_or(1.0, |f| f.band.expected)
            .max(1.0),
        _ => 1.0,
    };
    let instances =
        (f64::from(instances_for(offer, gpus)) * replicas).min(f64::from(u32::MAX)) as u32;

    let mut warnings: Vec<Warning> = timing
        .warnings
        .iter()
        .map(|w| warn("timing", w.clone()))
        .collect();
    if fit.headroom() < LOW_HEADROOM {
        warnings.push(warn(
            "low_headroom",
            format!(
                "memory headroom {:.0}% (< {:.0}%): fragmentation or a longer input may not fit",
                fit.headroom() * 100.0,
                LOW_HEADROOM * 100.0
            ),
        ));
    }
    if matches!(workload, Workload::Render(_)) && gpu.graphics_apis.is_empty() {
        warnings.push(warn(
            "compute_only",
            format!(
                "{} has no graphics API (Vulkan/OpenGL/DirectX): compute renderers (CUDA/OptiX, HIP) run, rasterisers do not",
                gpu.name
            ),
        ));
    }
    if gpu.software != Software::Cuda {
        warnings.push(warn(
            "non_cuda",
            format!(
                "{} is not a CUDA GPU: the job needs {:?} builds of its framework and kernels",
                gpu.name, gpu.software
            ),
        ));
    }
    if let Some(d) = scenario.deadline_h {
        if timing.hours.is_some_and(|h| h.expected > d) {
            warnings.push(warn(
                "deadline",
                format!("misses the {d} h deadline even on {gpus} GPUs"),
            ));
        }
    }
    let cost = cost(
        catalog,
        offer,
        instances,
        instances_for(offer, gpus),
        &timing,
    );
    Ok(Ok(Candidate {
        offer,
        gpu,
        gpus,
        instances,
        fit,
        timing,
        cost,
        warnings,
    }))
}

fn model_parallel(workload: &Workload) -> u32 {
    match workload {
        Workload::Train(t) => t.parallel.model_parallel(),
        Workload::Lora(l) => l.parallel.model_parallel(),
        _ => 1,
    }
}

/// On-demand cost: the hourly price of every rented instance, and for finite jobs the billed
/// total over the time band.
fn cost(
    catalog: &Catalog,
    offer: &Offer,
    instances: u32,
    instances_per_replica: u32,
    timing: &Timing,
) -> Option<Cost> {
    let q = offer.quote(BillingMode::OnDemand)?;
    let per_hour = q.per_hour * f64::from(instances);
    let provider = catalog.provider(&offer.provider);
    let increment = offer
        .billing_increment_s
        .or(provider.map(|p| p.billing_increment_s))
        .unwrap_or(1);
    let minimum = provider.map_or(0, |p| p.billing_minimum_s);
    let mut terms = vec![Term {
        key: "per_hour",
        value: per_hour,
        unit: "currency/h",
        formula: format!(
            "{:.4} per instance-hour × {instances} instances (on-demand, {})",
            q.per_hour, q.as_of
        ),
        source: None,
    }];
    let total = timing.hours.map(|h| {
        let billed = h.map(|v| billed_hours(v, increment, minimum));
        let t = billed.scale(per_hour);
        terms.push(Term {
            key: "job_cost",
            value: t.expected,
            unit: "currency",
            formula: format!(
                "{per_hour:.4}/h × {:.3} h billed (range {:.3}–{:.3} h)",
                billed.expected, billed.low, billed.high
            ),
            source: None,
        });
        t
    });
    let per_million_tokens = match (timing.hours, timing.figure("tokens_per_s")) {
        (None, Some(tps)) if tps.band.expected > 0.0 => {
            let replica_hour = q.per_hour * f64::from(instances_per_replica);
            let v = replica_hour / (tps.band.expected * 3600.0) * 1e6;
            terms.push(Term {
                key: "per_million_tokens",
                value: v,
                unit: "currency",
                formula: format!(
                    "{replica_hour:.4}/h per replica / ({:.0} tokens/s × 3600) × 10⁶",
                    tps.band.expected
                ),
                source: None,
            });
            Some(v)
        }
        _ => None,
    };
    Some(Cost {
        currency: q.currency,
        per_hour,
        total,
        per_million_tokens,
        terms,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{ModelSpec, Serve, Train, TrainShape, ZeroStage};

    fn scenario(model: &str, workload: Workload) -> Scenario {
        Scenario {
            model: ModelSpec::Preset(model.into()),
            workload,
            data: None,
            deadline_h: None,
        }
    }

    #[test]
    fn serving_an_8b_model_lists_priced_offers_cheapest_first() {
        let r = evaluate(
            &scenario("llama-3.1-8b", Workload::Serve(Serve::default())),
            Catalog::builtin(),
            &Options::default(),
        )
        .unwrap();
        assert!(r.candidates.len() > 10);
        // Timed, USD-priced offers come first, by cost per million output tokens.
        let usd: Vec<f64> = r
            .candidates
            .iter()
            .take_while(|c| !c.timing.figures.is_empty())
            .filter_map(|c| c.cost.as_ref())
            .filter(|c| c.currency == Currency::Usd)
            .map(|c| c.per_million_tokens.unwrap())
            .collect();
        assert!(usd.len() > 5);
        assert!(usd.windows(2).all(|w| w[0] <= w[1]), "{usd:?}");
        for c in &r.candidates {
            assert!(c.fit.fits());
        }
    }

    #[test]
    fn a_deadline_buys_more_instances() {
        let mut t = Train {
            shape: TrainShape {
                tokens: 2e11,
                seq_len: 4096,
                ..TrainShape::default()
            },
            ..Train::default()
        };
        t.parallel.zero = ZeroStage::Zero3;
        let mut s = scenario("llama-3.1-8b", Workload::Train(t));
        let opts = Options {
            only: vec!["h100-sxm".into()],
            ..Options::default()
        };
        let slow = evaluate(&s, Catalog::builtin(), &opts).unwrap();
        let Some(first) = slow
            .candidates
            .iter()
            .find(|c| c.offer.fabric != Fabric::None)
        else {
            return; // no multi-node H100 offer in this catalog
        };
        let hours = first.timing.hours.unwrap().expected;
        s.deadline_h = Some(hours / 3.0);
        let fast = evaluate(&s, Catalog::builtin(), &opts).unwrap();
        let same = fast
            .candidates
            .iter()
            .find(|c| c.offer.id == first.offer.id)
            .unwrap();
        assert!(same.gpus > first.gpus, "{} !> {}", same.gpus, first.gpus);
    }

    #[test]
    fn bad_input_names_the_field() {
        let mut s = scenario("llama-3.1-8b", Workload::Serve(Serve::default()));
        s.deadline_h = Some(-1.0);
        let e = evaluate(&s, Catalog::builtin(), &Options::default()).unwrap_err();
        assert_eq!(e.field, "deadline_h");
        let s = scenario("no-such-model", Workload::Serve(Serve::default()));
        let e = evaluate(&s, Catalog::builtin(), &Options::default()).unwrap_err();
        assert_eq!(e.field, "model.preset");
    }

    #[test]
    fn params_only_and_non_cuda_are_flagged() {
        let s = Scenario {
            model: ModelSpec::ParamsOnly { params_b: 7.0 },
            workload: Workload::Serve(Serve::default()),
            data: None,
            deadline_h: None,
        };
        let r = evaluate(&s, Catalog::builtin(), &Options::default()).unwrap();
        assert!(r.warnings.iter().any(|w| w.key == "params_only"));
        let non_cuda = r
            .candidates
            .iter()
            .filter(|c| c.gpu.software != crate::catalog::schema::Software::Cuda);
        for c in non_cuda {
            assert!(c.warnings.iter().any(|w| w.key == "non_cuda"));
        }
    }

    #[test]
    fn a_model_too_big_for_an_offer_is_rejected_with_the_gap() {
        let r = evaluate(
            &scenario("llama-3.1-405b", Workload::Serve(Serve::default())),
            Catalog::builtin(),
            &Options {
                only: vec!["t4".into()],
                ..Options::default()
            },
        )
        .unwrap();
        assert!(r.candidates.is_empty());
        assert!(r
            .rejected
            .iter()
            .any(|x| x.short_by_gib.is_some_and(|g| g > 1.0)));
    }
}
