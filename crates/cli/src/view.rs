//! The report as plain data: what `--json` prints and what the text report is written from.
//! Defined here, so the engine's types stay free to change.

use gpu_sizer_engine::catalog::{BillingMode, Catalog, Currency};
use gpu_sizer_engine::cost::money::symbol;
use gpu_sizer_engine::explain::{Source, Term};
use gpu_sizer_engine::plan::{
    Candidate, Factor, Objective, Pitfall, Report, Request, Scaling, Served, ServingFleet,
};
use gpu_sizer_engine::sizing::defaults::Band;
use gpu_sizer_formats::form::{ModeKey, ModelSource, WorkloadKind};
use gpu_sizer_formats::link::Ignored;
use gpu_sizer_formats::Form;
use gpu_sizer_markup::format;
use gpu_sizer_markup::i18n::Lang;
use serde::Serialize;

mod excluded;
mod pick;

pub use excluded::ExcludedView;
pub use pick::PickView;

#[derive(Debug, Serialize)]
pub struct ReportView {
    pub scenario: ScenarioView,
    /// Parts of a share link that were left out.
    pub ignored_input: Vec<IgnoredView>,
    pub warnings: Vec<String>,
    /// Candidates meeting every constraint.
    pub ranked: usize,
    /// The best ones, best first.
    pub top: Vec<CandidateView>,
    pub pick: Option<PickView>,
    pub pitfalls: Vec<PitfallView>,
    pub why: Option<WhyView>,
    pub sensitivity: Vec<SensitivityView>,
    pub excluded: ExcludedView,
    /// When memory rules out every offer: configurations that would fit, each with its pick.
    pub suggestions: Vec<SuggestionView>,
}

/// A configuration that would fit and the pick it gives.
#[derive(Debug, Serialize)]
pub struct SuggestionView {
    /// The changes, in words.
    pub changes: Vec<String>,
    /// The best candidate with them.
    pub pick: CandidateView,
    /// Memory per GPU with the changes, GiB, and the GPU's own.
    pub memory_gib: f64,
    pub gpu_memory_gib: f64,
}

#[derive(Debug, Serialize)]
pub struct ScenarioView {
    pub workload: &'static str,
    /// The model, for the workloads that use one.
    pub model: Option<String>,
    pub currency: &'static str,
    pub objective: &'static str,
    /// Serving: costs are per month of traffic, not per job.
    pub per_month: bool,
    /// The hardware the scenario pins: `8 × h100-sxm`, `offer …`, `own machine …`; none: any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hardware: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct IgnoredView {
    pub key: String,
    pub value: String,
    pub reason: String,
}

#[derive(Debug, Clone, Copy, Serialize)]
pub struct BandView {
    pub low: f64,
    pub expected: f64,
    pub high: f64,
}

impl From<Band> for BandView {
    fn from(b: Band) -> Self {
        BandView {
            low: b.low,
            expected: b.expected,
            high: b.high,
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct TermView {
    /// Stable machine key, e.g. `kv_cache`.
    pub key: &'static str,
    /// Its name in English, e.g. "KV cache".
    pub name: &'static str,
    pub value: f64,
    pub unit: &'static str,
    pub formula: String,
    pub source: Option<&'static str>,
}

fn terms(list: &[Term]) -> Vec<TermView> {
    list.iter()
        .map(|t| TermView {
            key: t.key,
            name: format::known_term(t.key).map_or(t.key, |n| n.en),
            value: t.value,
            unit: t.unit,
            formula: t.formula.clone(),
            source: t.source.map(Source::text),
        })
        .collect()
}

#[derive(Debug, Clone, Serialize)]
pub struct CandidateView {
    /// 1 for the pick.
    pub rank: usize,
    pub offer: String,
    pub instance_type: String,
    pub provider: String,
    pub provider_name: String,
    pub region: String,
    pub gpu: String,
    pub gpu_name: String,
    pub instances: u32,
    /// GPUs in use in total.
    pub gpus: u32,
    pub gpus_per_instance: u32,
    /// Billing mode: `on-demand`, `spot`, `monthly`, `reserved-1y`, `reserved-3y`, `serverless`.
    pub mode: &'static str,
    /// Wall-clock hours (spot: interruptions included; serving: the month).
    pub hours: BandView,
    /// The whole cost in the report currency (serving: per month).
    pub cost: BandView,
    /// Price of one instance per hour, report currency.
    pub price_per_hour: f64,
    /// Free share of usable GPU memory.
    pub headroom: f64,
    pub deadline_at_risk: bool,
    pub price_overridden: bool,
    /// The fleet, when serving.
    pub serving: Option<ServingView>,
    pub warnings: Vec<String>,
}

/// A serving fleet: `replicas × gpus_per_replica` GPUs of the `gpus` rented are in replicas.
#[derive(Debug, Clone, Serialize)]
pub struct ServingView {
    pub replicas: u32,
    pub gpus_per_replica: u32,
    pub replicas_per_instance: u32,
    /// Instances rented in the busiest hour, spares included.
    pub instances: u32,
    pub spare_instances: u32,
    pub mean_instances: f64,
    /// `autoscaled`, `fixed` or `serverless`.
    pub scaling: &'static str,
    pub requests_per_s_per_replica: f64,
    pub tokens_per_s_per_replica: f64,
    pub time_to_first_token_s: f64,
    pub time_per_output_token_ms: f64,
    pub latency_target_ms: Option<f64>,
    /// What the service serves: `tokens` (an LLM) or `requests` (a vision, recommender or
    /// encoder model, whose `time_per_output_token_ms` is a request's latency).
    pub served: &'static str,
    /// Cost per million tokens (LLM), or per million requests when `served` is `requests`.
    pub per_million_tokens: f64,
    pub reclaims_per_month: f64,
}

fn serving(f: &ServingFleet) -> ServingView {
    ServingView {
        replicas: f.peak_replicas(),
        gpus_per_replica: f.gpus_per_replica,
        replicas_per_instance: f.replicas_per_instance,
        instances: f.peak_instances,
        spare_instances: f.peak_spares,
        mean_instances: f.mean_instances,
        scaling: match f.scaling {
            Scaling::Autoscaled => "autoscaled",
            Scaling::Fixed => "fixed",
            Scaling::Serverless => "serverless",
        },
        requests_per_s_per_replica: f.replica_requests_per_s,
        tokens_per_s_per_replica: f.replica_tokens_per_s,
        time_to_first_token_s: f.time_to_first_token_s,
        time_per_output_token_ms: f.time_per_output_token_ms,
        latency_target_ms: f.latency_target_ms,
        served: match f.served {
            Served::Tokens => "tokens",
            Served::Requests => "requests",
        },
        per_million_tokens: f.per_million_tokens,
        reclaims_per_month: f.reclaims_per_month,
    }
}

fn mode_key(mode: BillingMode) -> &'static str {
    ModeKey::ALL
        .iter()
        .find(|k| k.engine() == mode)
        .map_or("?", |k| k.key())
}

pub fn currency_key(c: Currency) -> &'static str {
    match c {
        Currency::Usd => "USD",
        Currency::Cny => "CNY",
    }
}

fn candidate(rank: usize, c: &Candidate) -> CandidateView {
    CandidateView {
        rank,
        offer: c.offer.id.clone(),
        instance_type: c.offer.instance_type.clone(),
        provider: c.provider.id.clone(),
        provider_name: c.provider.name.clone(),
        region: c.offer.region.clone(),
        gpu: c.gpu.id.clone(),
        gpu_name: c.gpu.name.clone(),
        instances: c.instances,
        gpus: c.gpus,
        gpus_per_instance: c.offer.gpu_count,
        mode: mode_key(c.mode),
        hours: c.hours.into(),
        cost: c.cost.into(),
        price_per_hour: c.price_per_hour,
        headroom: c.headroom,
        deadline_at_risk: c.deadline_at_risk,
        price_overridden: c.price_overridden,
        serving: c.serving.as_deref().map(serving),
        warnings: c.warnings().map(english).collect(),
    }
}

/// A warning in English.
fn english(w: &gpu_sizer_engine::Warning) -> String {
    format::warning(w, Lang::En)
}

#[derive(Debug, Serialize)]
pub struct PitfallView {
    /// Stable key, e.g. `no_auto_stop`.
    pub kind: &'static str,
    /// Money at stake, report currency, when there is an amount.
    pub at_stake: Option<f64>,
    pub message: String,
}

/// An amount with its currency symbol.
pub fn money(currency: Currency, v: f64) -> String {
    let s = symbol(currency);
    let sign = if v < 0.0 { "-" } else { "" };
    let v = v.abs();
    if v >= 100.0 {
        format!("{sign}{s}{v:.0}")
    } else {
        format!("{sign}{s}{v:.2}")
    }
}

/// A pitfall's stable key and the money at stake.
fn pitfall_key(p: &Pitfall) -> (&'static str, Option<f64>) {
    match p {
        Pitfall::StorageStarvesGpu { extra_cost, .. } => ("storage_starves_gpu", Some(*extra_cost)),
        Pitfall::OnDemandForLongJob { saving, .. } => ("on_demand_for_long_job", Some(*saving)),
        Pitfall::Egress { cost, .. } => ("egress", Some(*cost)),
        Pitfall::CrossTraffic { saving, .. } => ("cross_traffic", Some(*saving)),
        Pitfall::BandwidthBilling { fixed, traffic, .. } => {
            ("bandwidth_billing", Some((fixed - traffic).abs()))
        }
        Pitfall::SubscriptionStoppedEarly {
            subscription,
            pay_as_you_go,
            ..
        } => (
            "subscription_stopped_early",
            Some((subscription - pay_as_you_go).abs()),
        ),
        Pitfall::NoAutoStop { saving, .. } => ("no_auto_stop", Some(*saving)),
        Pitfall::KeptUpIdle {
            kept_up,
            start_stop,
            ..
        } => ("kept_up_idle", Some(kept_up - start_stop)),
        Pitfall::MultiGpuWithoutNvlink { extra_cost } => {
            ("multi_gpu_without_nvlink", Some(*extra_cost))
        }
        Pitfall::LowMemoryHeadroom { .. } => ("low_memory_headroom", None),
        Pitfall::StalePrice { days: Some(_) } => ("stale_price", None),
        Pitfall::StalePrice { days: None } => ("undated_price", None),
        Pitfall::NonCuda { .. } => ("non_cuda", None),
        Pitfall::SpotServing { spare_cost, .. } => ("spot_serving", Some(*spare_cost)),
        Pitfall::ConsumerHardware { .. } => ("consumer_hardware", None),
    }
}

fn pitfall(p: &Pitfall, currency: Currency) -> PitfallView {
    let (kind, at_stake) = pitfall_key(p);
    let (title, body) = format::pitfall(p, currency, Lang::En);
    PitfallView {
        kind,
        at_stake,
        message: format!("{}: {body}", title.en),
    }
}

#[derive(Debug, Serialize)]
pub struct WhyView {
    /// The sentence the page shows.
    pub text: String,
    pub runner_up: CandidateView,
    /// Runner-up cost minus pick cost; positive: the pick is cheaper.
    pub saves: f64,
    /// Runner-up hours minus pick hours; positive: the pick is faster.
    pub sooner_h: f64,
    /// Serving: runner-up time per output token (a non-LLM service: per request) minus the
    /// pick's, ms; positive: the pick answers faster.
    pub faster_ms: Option<f64>,
    /// The two cost the same and take as long, as far as the report shows.
    pub tie: bool,
    pub same_cost: bool,
    pub same_time: bool,
    pub objective: &'static str,
}

#[derive(Debug, Serialize)]
pub struct SensitivityView {
    /// `price` or `efficiency`.
    pub factor: &'static str,
    /// Relative change applied to the pick, e.g. 0.2.
    pub change: f64,
    /// The candidate that would then win: offer, billing mode, instances.
    pub winner: String,
    pub holds: bool,
}

fn objective_key(o: Objective) -> &'static str {
    match o {
        Objective::Cheapest => "cheapest",
        Objective::Fastest => "fastest",
        Objective::BestValue => "best_value",
    }
}

/// Builds the view of `report` with the `top` best candidates.
pub fn build(
    catalog: &Catalog,
    form: &Form,
    ignored: &[Ignored],
    request: &Request,
    report: &Report,
    top: usize,
) -> ReportView {
    let model = match (form.workload, form.model_source) {
        (WorkloadKind::Render | WorkloadKind::Dev | WorkloadKind::Science, _) => None,
        (_, ModelSource::Preset) => Some(form.model.clone()),
        (_, ModelSource::Params) => Some(format!("{} B parameters", form.params_b)),
        (_, ModelSource::Custom) => Some("custom architecture".into()),
    };
    ReportView {
        scenario: ScenarioView {
            workload: form.workload.key(),
            model,
            currency: currency_key(report.currency),
            objective: objective_key(request.objective),
            per_month: form.is_service(),
            hardware: hardware(form),
        },
        ignored_input: ignored
            .iter()
            .map(|i| IgnoredView {
                key: i.key.clone(),
                value: i.value.clone(),
                reason: format::link_problem(&i.reason, Lang::En),
            })
            .collect(),
        warnings: report.warnings.iter().map(english).collect(),
        ranked: report.ranked.len(),
        top: report
            .ranked
            .iter()
            .take(top)
            .enumerate()
            .map(|(i, c)| candidate(i + 1, c))
            .collect(),
        pick: report.pick().map(|c| pick::pick(catalog, c, request)),
        pitfalls: report
            .pitfalls
            .iter()
            .map(|p| pitfall(p, report.currency))
            .collect(),
        why: report.why.as_ref().and_then(|w| {
            report.ranked.get(w.runner_up).map(|r| WhyView {
                text: format::why(
                    w,
                    &format!("#{} {}, {}", w.runner_up + 1, r.offer.id, mode_key(r.mode)),
                    report.currency,
                    Lang::En,
                ),
                runner_up: candidate(w.runner_up + 1, r),
                saves: w.saves,
                sooner_h: w.sooner_h,
                faster_ms: w.faster.map(|f| f.ms),
                tie: w.tie(),
                same_cost: w.same_cost(),
                same_time: w.same_time(),
                objective: objective_key(w.objective),
            })
        }),
        sensitivity: report
            .sensitivity
            .iter()
            .map(|s| SensitivityView {
                factor: match s.factor {
                    Factor::Price => "price",
                    Factor::Efficiency => "efficiency",
                },
                change: s.change,
                winner: report.ranked.get(s.winner).map_or_else(String::new, |w| {
                    format!(
                        "{} ({}, {} instance(s))",
                        w.offer.id,
                        mode_key(w.mode),
                        w.instances
                    )
                }),
                holds: s.holds,
            })
            .collect(),
        excluded: excluded::of(report),
        suggestions: report
            .suggestions
            .iter()
            .map(|s| SuggestionView {
                changes: s
                    .changes
                    .iter()
                    .map(|c| format::change(*c, s.pick.job_gpus(), Lang::En))
                    .collect(),
                pick: candidate(1, &s.pick),
                memory_gib: s.pick.memory.total_gib,
                gpu_memory_gib: s.pick.gpu.memory_gib,
            })
            .collect(),
    }
}

/// The hardware `form` pins, in words: GPU and count, offer, or the person's own machine.
fn hardware(form: &gpu_sizer_formats::Form) -> Option<String> {
    let gpu = form.gpu.trim();
    let count = form.gpus.map(|n| format!("{n} × ")).unwrap_or_default();
    let gpus = (!gpu.is_empty()).then(|| format!("{count}{gpu}"));
    if form.own {
        let price = form
            .own_price
            .map_or("no price".to_string(), |p| format!("{p}/h"));
        return Some(format!(
            "own machine: {}, {price}",
            gpus.unwrap_or_else(|| "no GPU chosen".into())
        ));
    }
    let offer = form.offer.trim();
    match (gpus, offer.is_empty()) {
        (gpus, false) => Some(format!(
            "offer {offer}{}",
            gpus.map(|g| format!(" ({g})")).unwrap_or_default()
        )),
        (Some(g), true) => Some(format!("{g}, any offer")),
        (None, true) => form.gpus.map(|n| format!("{n} GPU(s) of any kind")),
    }
}
