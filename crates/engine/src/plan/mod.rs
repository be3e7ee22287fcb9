//! Plans: every candidate (offer × instance count × billing mode) for a scenario, its whole cost,
//! the constraints it meets, a ranking and the reasons behind it.
//!
//! `candidates` enumerates and sizes, `pricing` prices one candidate line by line, `pitfalls`
//! finds the money-wasting mistakes with the amount at stake, `rank` filters, ranks and explains,
//! `phases` combines several jobs into one plan, `queue` prices a month's queue of the job on
//! the pick (and the candidate explained) both ways.

mod candidates;
pub mod fits;
pub mod modes;
pub mod needs;
pub mod phases;
pub mod pitfalls;
mod pricing;
pub mod queue;
mod quote;
mod rank;
pub mod remedies;
mod request;
pub mod storage;
pub mod versus;

pub use candidates::SizingCache;
pub use fits::what_fits;
pub use modes::{compare_modes, ModeComparison, ModeCurve};
pub use needs::Need;
pub use pitfalls::Pitfall;
pub use pricing::explain_cost;
pub use quote::QuoteRef;
pub use rank::{Factor, Faster, Objective, SensitivityCase, Why};
pub use remedies::{Change, Suggestion};
pub use request::{Constraints, CostInputs, Features, Request, StorageNeeds};
pub use storage::{Feed, FeedFrom};

use crate::catalog::{BillingMode, Catalog, Currency, Gpu, Offer, Provider};
use crate::cost::billing::BreakEven;
use crate::cost::spot::SpotOutcome;
use crate::explain::{Full, Term};
use crate::scenario::{InputError, Parallelism};
use crate::sizing::defaults::Band;
use crate::sizing::layout::LayoutProblem;
use crate::sizing::memory::MemoryEstimate;
use crate::sizing::time::Timing;
use crate::warning::{Untimed, Warning};
use std::sync::Arc;

/// How a serving fleet follows the day's traffic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scaling {
    /// Instances start and stop with the traffic, hour by hour (pay-as-you-go modes).
    Autoscaled,
    /// The busiest hour's instances are kept all month (a commitment is paid anyway).
    Fixed,
    /// Workers billed per second of work, scaled to zero between bursts.
    Serverless,
}

/// A serving candidate's fleet: what is rented, what it carries and how fast it answers. The
/// counts add up: `peak_instances × replicas_per_instance` replicas of `gpus_per_replica` GPUs
/// run on `peak_instances × offer.gpu_count` GPUs rented.
#[derive(Debug, Clone, PartialEq)]
pub struct ServingFleet {
    /// GPUs one replica runs on (its tensor-parallel degree).
    pub gpus_per_replica: u32,
    /// Replicas one instance holds (1 when a replica spans instances).
    pub replicas_per_instance: u32,
    /// Instances one replica spans: 1, or more when the model is served across instances.
    pub instances_per_replica: u32,
    /// Instances running in each hour of the day, spares included.
    pub instances_by_hour: [u32; 24],
    /// Instances rented in the busiest hour, spares included.
    pub peak_instances: u32,
    /// Spare instances kept against spot reclaims in the busiest hour (0 off spot).
    pub peak_spares: u32,
    /// Instances running on average over the day.
    pub mean_instances: f64,
    pub scaling: Scaling,
    /// Requests per second one replica serves (at the latency target when one is set).
    pub replica_requests_per_s: f64,
    /// Output tokens per second one replica generates, at the same batch (for a non-LLM
    /// service, its requests per second).
    pub replica_tokens_per_s: f64,
    /// Time to first token, seconds.
    pub time_to_first_token_s: f64,
    /// Time per output token at the batch the fleet is sized with, ms.
    pub time_per_output_token_ms: f64,
    pub latency_target_ms: Option<f64>,
    /// What `per_million_tokens` counts: an LLM's tokens or a non-LLM service's requests
    /// (for which `time_per_output_token_ms` is a request's latency and there is no first token).
    pub served: Served,
    /// The whole month's cost per million tokens served (prompt and output), report currency;
    /// per million requests when `served` says so.
    pub per_million_tokens: f64,
    /// Spot reclaims expected over the month across the fleet (0 off spot).
    pub reclaims_per_month: f64,
    /// What the spares cost over the month (report currency).
    pub spare_cost: f64,
}

/// What a service's cost per million counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Served {
    /// An LLM's prompt and output tokens.
    Tokens,
    /// Requests of a non-LLM service, one inference each.
    Requests,
}

impl ServingFleet {
    /// Replicas running in the busiest hour.
    pub fn peak_replicas(&self) -> u32 {
        self.peak_instances
            .saturating_mul(self.replicas_per_instance)
            / self.instances_per_replica.max(1)
    }
}

/// One way to run the job: an offer, how many instances, which billing mode.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate<'a> {
    pub offer: &'a Offer,
    pub gpu: &'a Gpu,
    pub provider: &'a Provider,
    pub mode: BillingMode,
    /// Instances rented (serving: in the busiest hour).
    pub instances: u32,
    /// GPUs rented (serving: in the busiest hour; one replica's are in `serving`).
    pub gpus: u32,
    /// The parallel layout a training job runs with, as the person fixed it or the engine chose.
    pub layout: Option<Parallelism>,
    /// Wall-clock hours (spot: interruptions included; serving: the month).
    pub hours: Band,
    /// Whole cost in the report currency.
    pub cost: Band,
    /// Memory per GPU. Formulas are empty here; [`explain`] fills them for one candidate.
    pub memory: Arc<MemoryEstimate>,
    /// Free share of usable GPU memory.
    pub headroom: f64,
    /// Time and throughput. Formulas are empty here; [`explain`] fills them for one candidate.
    pub timing: Arc<Timing>,
    /// Instance price per hour in the report currency.
    pub price_per_hour: f64,
    /// The catalog quote behind it (source currency, source URL, as-of date): borrowed from the
    /// catalog, owned only where the user overrode its price.
    pub quote: QuoteRef<'a>,
    /// True when the user overrode the catalog price.
    pub price_overridden: bool,
    /// When the commitment pays off. Formulas are empty here; [`explain`] fills them.
    pub break_even: Option<BreakEven>,
    /// Spot interruptions and checkpoints. Formulas are empty here; [`explain`] fills them.
    pub spot: Option<SpotOutcome>,
    /// The high end of the time band misses the deadline.
    pub deadline_at_risk: bool,
    /// The storage feeding the GPUs, when the job reads its data from storage.
    pub feed: Option<Feed<'a>>,
    /// The fleet, when serving (boxed: most candidates are not services, and candidates are
    /// moved by the thousand while ranking).
    pub serving: Option<Box<ServingFleet>>,
    /// What pricing found worth saying (assumed prices); the sizing's own warnings stay with
    /// `timing` and [`Candidate::warnings`] gives both.
    pub notes: Arc<[Warning]>,
}

impl Candidate<'_> {
    /// Every warning about this candidate: the sizing's, then the pricing's.
    pub fn warnings(&self) -> impl Iterator<Item = &Warning> {
        self.timing.warnings.iter().chain(self.notes.iter())
    }

    /// What its instances cost an hour together (a service's: in its busiest hour): the rate
    /// the ranking sorts "per hour" by and the billing chart's hourly lines climb at.
    pub fn fleet_price_per_hour(&self) -> f64 {
        self.price_per_hour * f64::from(self.instances)
    }

    /// GPUs the job was sized and timed on: all of them, or one replica when serving.
    pub fn job_gpus(&self) -> u32 {
        self.serving
            .as_ref()
            .map_or(self.gpus, |s| s.gpus_per_replica)
    }
}

/// Why a candidate was left out.
#[derive(Debug, Clone, PartialEq)]
pub enum Reason {
    /// Does not fit GPU memory: short by this many GiB per GPU.
    DoesNotFit { short_gib: f64 },
    /// Finishes this many hours after the deadline.
    MissesDeadline { late_h: f64 },
    /// Costs this much over the budget (report currency).
    OverBudget { over: f64 },
    /// Spot for a service with a latency target, which the user has not allowed.
    SpotForLatency,
    /// Lacks a feature the user requires.
    LacksFeature(Feature),
    /// Cannot run this kind of job at all (an inference-only chip for training, no graphics
    /// APIs for rendering, not CUDA for a development box).
    CannotRun(Need),
    /// The catalog has no price in any allowed mode: the user can enter one.
    NoPrice,
    /// Outside what the user allows: providers, regions, a GPU, an offer, a GPU count.
    Filtered(Filter),
    /// The time could not be estimated (a GPU figure is missing from the catalog).
    Unknown(Untimed),
    /// The job's parallel layout cannot be laid on this offer's GPUs.
    Layout(LayoutProblem),
}

/// A feature the user may require of the hardware.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feature {
    /// NVLink or NVSwitch between an instance's GPUs.
    Nvlink,
    /// GPU partitioning (MIG).
    Mig,
    /// Graphics APIs (rendering, remote desktop).
    Graphics,
    /// Hardware video encoders.
    Video,
    /// CUDA.
    Cuda,
}

/// What the user narrowed the search to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filter {
    Provider,
    Region,
    Gpu,
    Offer,
    /// The most GPUs allowed.
    MaxGpus,
}

/// A candidate left out, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Excluded<'a> {
    pub offer: &'a Offer,
    pub mode: Option<BillingMode>,
    pub gpus: u32,
    pub reason: Reason,
    /// The candidate as priced, when it got that far (lets a user see what they would pay).
    pub cost: Option<f64>,
}

/// The answer to a request.
#[derive(Debug, Clone, PartialEq)]
pub struct Report<'a> {
    /// Candidates meeting every constraint, best first.
    pub ranked: Vec<Candidate<'a>>,
    pub excluded: Vec<Excluded<'a>>,
    /// Indices into `ranked` of the time/cost Pareto front, fastest first (a service's time is
    /// its time per output token).
    pub pareto: Vec<usize>,
    /// Why the first beats the second.
    pub why: Option<Why>,
    /// How the pick holds up when prices or efficiency move.
    pub sensitivity: Vec<SensitivityCase>,
    /// Money-wasting mistakes in reach, with the amount at stake (report currency).
    pub pitfalls: Vec<Pitfall>,
    pub currency: Currency,
    /// Warnings about the scenario itself (coarse estimate, assumptions).
    pub warnings: Vec<Warning>,
    /// When memory rules out every offer: the configurations that would fit, each with its
    /// pick (see [`remedies`]).
    pub suggestions: Vec<Suggestion<'a>>,
    /// The request's queue of jobs on the pick, started and stopped against kept up; `None`
    /// when the request describes no queue (figures only: [`explain`] gives the formulas).
    pub queue: Option<queue::QueueComparison>,
}

impl<'a> Report<'a> {
    pub fn pick(&self) -> Option<&Candidate<'a>> {
        self.ranked.first()
    }

    /// Memory rules out every offer: what would fit is worth searching for (a suggestion cannot
    /// lift a deadline or a budget).
    pub fn fits_nowhere(&self) -> bool {
        self.ranked.is_empty()
            && self
                .excluded
                .iter()
                .any(|e| matches!(e.reason, Reason::DoesNotFit { .. }))
    }
}

/// One candidate's figures with every formula, for the candidate a person looks at.
#[derive(Debug, Clone, PartialEq)]
pub struct Explained {
    /// [`Candidate::memory`] with its formulas.
    pub memory: MemoryEstimate,
    /// [`Candidate::timing`] with its formulas.
    pub timing: Timing,
    /// The cost's named lines with their formulas; their sum is [`Candidate::cost`]'s expected.
    pub cost: Vec<Term>,
    /// [`Candidate::break_even`] with its formulas.
    pub break_even: Option<BreakEven>,
    /// [`Candidate::spot`] with its formulas.
    pub spot: Option<SpotOutcome>,
    /// The request's queue of jobs on this candidate, both ways, with its formulas.
    pub queue: Option<queue::QueueComparison>,
}

/// Explains `candidate`, from [`evaluate`] of `request` on `catalog`: its memory, time and cost
/// recomputed with their formulas. Ranking runs the same arithmetic without the text, so the
/// values are the candidate's.
pub fn explain(
    catalog: &Catalog,
    candidate: &Candidate,
    request: &Request,
) -> Result<Explained, InputError> {
    let (memory, timing) = candidates::explain_sizing(catalog, candidate, request)?;
    let on_demand = candidates::on_demand(candidate.offer, request);
    let (spot, break_even) = pricing::explain_risks(candidate, on_demand, request);
    Ok(Explained {
        memory,
        timing,
        cost: explain_cost(catalog, candidate, request),
        break_even,
        spot,
        queue: queue::compare(candidate, request, Full),
    })
}

/// Evaluates every candidate of `catalog` for `request`. Figures carry values only; [`explain`]
/// gives the formulas of the one shown. When memory rules out every offer, the report says
/// what would fit.
pub fn evaluate<'a>(catalog: &'a Catalog, request: &Request) -> Result<Report<'a>, InputError> {
    evaluate_with(catalog, request, &mut SizingCache::default())
}

/// [`evaluate`] for a caller that evaluates again as a person edits: `cache` keeps what this
/// evaluation found of the job on each GPU model, and the next evaluation of the same job takes
/// it instead of placing and timing the job again. The report is the one [`evaluate`] gives.
pub fn evaluate_with<'a>(
    catalog: &'a Catalog,
    request: &Request,
    cache: &mut SizingCache<'a>,
) -> Result<Report<'a>, InputError> {
    let mut report = evaluate_fitting_with(catalog, request, cache)?;
    if report.fits_nowhere() {
        report.suggestions = remedies::suggest(catalog, request)?;
    }
    Ok(report)
}

/// [`evaluate`] without the search for what would fit when nothing does (the report's
/// `suggestions` stay empty): for a caller that leaves such a job to one that has the search,
/// as the answer the page paints before its form leaves it to the page once mounted.
pub fn evaluate_fitting<'a>(
    catalog: &'a Catalog,
    request: &Request,
) -> Result<Report<'a>, InputError> {
    evaluate_fitting_with(catalog, request, &mut SizingCache::default())
}

/// [`evaluate_fitting`] keeping what it found of the job in `cache`, as [`evaluate_with`] does:
/// the answer the page paints before its form hands its cache to the page, whose first
/// evaluation of the same job then places and times nothing again.
pub fn evaluate_fitting_with<'a>(
    catalog: &'a Catalog,
    request: &Request,
    cache: &mut SizingCache<'a>,
) -> Result<Report<'a>, InputError> {
    let published = pricing::Published::of(catalog, request);
    let mut kept = pricing::Kept::default();
    let mut priced = Vec::with_capacity(catalog.offers.len() * 3);
    let mut unpriced = Vec::new();
    let sized = candidates::enumerate(
        catalog,
        request,
        &published,
        cache,
        |c| match pricing::price(c, request, &published, &mut kept) {
            Ok(candidate) => priced.push(candidate),
            Err(ex) => unpriced.push(ex),
        },
    )?;
    let mut excluded = sized.excluded;
    excluded.append(&mut unpriced);
    Ok(rank::rank(
        priced,
        excluded,
        request,
        &published,
        sized.warnings,
    ))
}

#[cfg(test)]
mod rules_tests;
#[cfg(test)]
mod tests;
