//! Pricing one candidate: every line of what the job costs in the chosen billing mode.
//!
//! Ranking prices every candidate with numbers only ([`Numbers`]); [`explain_cost`]
//! re-runs the same arithmetic with its formulas for the candidate a person looks at.

use super::candidates::Sized;
use super::{storage, Candidate, Excluded, Reason, Request, ServingFleet};
use crate::catalog::schema::StorageTier;
use crate::catalog::{BillingMode, Catalog, Currency, Offer, Provider, Quote};
use crate::cost::billing::{break_even_with, BreakEven};
use crate::cost::hidden::{egress_cost, HOURS_PER_MONTH};
use crate::cost::serving::TrafficProfile;
use crate::cost::spot::{expected_runtime_with, SpotOutcome, SpotRisk};
use crate::explain::{Detail, Full, Numbers, Term};
use crate::sizing::defaults::Band;
use crate::sizing::time::Timing;
use crate::warning::{Untimed, Warning};
use lines::{lines, refund_rate, Bill, Total};
use notes::notes;
pub(super) use serving::stated_traffic;
use serving::{serving_plan, LastFleets};
use std::sync::Arc;

mod lines;
mod notes;
mod serving;
#[cfg(test)]
mod tests;
mod transfer;

/// Default spot interruptions per instance-hour when the user gives none: an assumption, shown
/// as such and editable (providers publish only coarse monthly buckets, e.g. AWS Spot Advisor).
pub const DEFAULT_SPOT_INTERRUPTIONS_PER_H: f64 = 0.02;
/// Marketplace "interruptible" hosts are outbid more often.
pub const MARKETPLACE_SPOT_INTERRUPTIONS_PER_H: f64 = 0.05;

/// What providers that publish a hidden-cost price charge, as medians in the report currency,
/// with how many providers each comes from.
///
/// A provider that publishes no storage, snapshot or egress price is assumed to charge the median
/// of those that do, shown as an assumption: leaving the line out would make its offers look
/// cheaper than they are.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Published {
    /// Per GB-month, on the tier the request asks for (cheapest, or fastest with `fast_tier`).
    storage: Option<(f64, usize)>,
    /// Per GB-month.
    snapshot: Option<(f64, usize)>,
    /// The whole month's egress of the request, through each provider's tiers.
    egress: Option<(f64, usize)>,
    /// Throughput of the tier the request's data would go on, MB/s.
    pub(super) throughput: Option<(f64, usize)>,
    /// How providers take data in: the receiving end of traffic sent to another cloud.
    ingress: transfer::Ingress,
    /// The month's traffic to another cloud, above its egress, through each provider's tiers.
    cross_cloud: Option<(f64, usize)>,
}

impl Published {
    pub(super) fn of(catalog: &Catalog, request: &Request) -> Published {
        let costs = &request.costs;
        let to_report =
            |amount: f64, from: Currency| costs.fx.convert(amount, from, costs.currency);
        let providers = &catalog.providers;
        let storage = providers
            .iter()
            .filter_map(|p| storage_tier(p, request))
            .map(|t| to_report(t.price.price, t.price.currency))
            .collect();
        let snapshot = providers
            .iter()
            .filter_map(|p| p.snapshot.as_ref())
            .map(|s| to_report(s.price, s.currency))
            .collect();
        let egress = providers
            .iter()
            .filter_map(|p| {
                let cost = egress_cost(costs.egress_gb, &p.egress, Numbers)?;
                Some(to_report(cost.value, p.egress[0].price.currency))
            })
            .collect();
        Published {
            storage: median(storage),
            snapshot: median(snapshot),
            egress: median(egress),
            throughput: storage::published_mbs(providers, request),
            ingress: transfer::Ingress::of(catalog),
            cross_cloud: transfer::published(providers, request),
        }
    }
}

/// The middle of `values` (the mean of the two middle ones for an even count) and the count.
pub(super) fn median(mut values: Vec<f64>) -> Option<(f64, usize)> {
    values.retain(|v| v.is_finite());
    crate::sort::by(&mut values, f64::total_cmp);
    let n = values.len();
    let mid = match n {
        0 => return None,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    };
    Some((mid, n))
}

/// The storage tier a job's data goes on (see [`storage::tier`]).
fn storage_tier<'p>(provider: &'p Provider, request: &Request) -> Option<&'p StorageTier> {
    storage::tier(
        provider,
        request.costs.storage.fast_tier,
        storage::rereads(&request.scenario.workload),
    )
}

/// A hidden-cost line at the provider's own price, else at the published `median` (priced by
/// `at_median`, its formula saying it is assumed), else none.
fn own_or_median(
    own: Option<Term>,
    median: Option<(f64, usize)>,
    provider: &Provider,
    detail: impl Detail,
    at_median: impl FnOnce(f64) -> Term,
) -> Option<Term> {
    own.or_else(|| {
        let (price, n) = median?;
        let mut term = at_median(price);
        if detail.is_full() {
            term.formula = format!(
                "{} (assumed: median of {n} providers' published prices; {} publishes none)",
                term.formula, provider.name
            );
        }
        Some(term)
    })
}

/// What a price depends on: shared by ranking and by explaining.
struct Basis<'x> {
    offer: &'x Offer,
    provider: &'x Provider,
    instances: u32,
    gpus: u32,
    quote: &'x Quote,
    timing: &'x Timing,
    /// The day of serving traffic, when already built.
    traffic: Option<&'x TrafficProfile>,
    published: &'x Published,
    /// A service's month, when already planned (ranking plans it once per candidate).
    plan: Option<&'x ServingPlan>,
    /// The offer's on-demand rate per hour in the report currency (a cancelled month's refund);
    /// only looked up for providers with a refund rule.
    on_demand: Option<f64>,
    /// The provider's tier the job's data is kept on: found once, read by every line of the
    /// band.
    storage: Option<&'x StorageTier>,
}

/// Which cost lines to build: all of them, or only those that grow with the job's hours (the
/// ends of the cost band differ from its middle by those alone).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Which {
    All,
    Hourly,
}

/// A service's month on one candidate: its compute line, its fleet and the tokens it serves.
struct ServingPlan {
    compute: Term,
    fleet: ServingFleet,
    tokens_per_month: f64,
}

/// Prices one sized candidate, or leaves it out when its time is unknown.
pub(super) fn price<'a>(
    s: Sized<'a>,
    request: &Request,
    published: &Published,
    kept: &mut Kept<'a>,
) -> Result<Candidate<'a>, Excluded<'a>> {
    let costs = &request.costs;
    let rate = costs
        .fx
        .convert(s.quote.per_hour, s.quote.currency, costs.currency);
    let serving = request.scenario.workload.is_service();
    let mode = s.quote.mode;
    let base_hours = base_hours(&s, serving).map_err(|why| Excluded {
        offer: s.offer,
        mode: Some(mode),
        gpus: s.gpus,
        reason: Reason::Unknown(why),
        cost: None,
    })?;

    let spot = (mode == BillingMode::Spot && !serving).then(|| {
        spot_outcome(
            s.provider,
            s.instances,
            base_hours.expected,
            request,
            Numbers,
        )
    });
    let hours = match &spot {
        Some(outcome) => base_hours.scale(outcome.expected_hours / base_hours.expected.max(1e-9)),
        None => base_hours,
    };

    let facts = kept.provider(s.provider, request, published);
    let mut basis = Basis {
        offer: s.offer,
        provider: s.provider,
        instances: s.instances,
        gpus: s.gpus,
        quote: &s.quote,
        timing: &s.timing,
        traffic: s.traffic.as_deref(),
        published,
        plan: None,
        on_demand: refund_rate(s.provider, s.offer, s.on_demand, request),
        storage: facts.tier,
    };
    // A service's fleet is planned once: its compute line and the fleet the card shows.
    let plan = serving.then(|| serving_plan(&basis, request, rate, Numbers, &mut kept.fleets));
    basis.plan = plan.as_ref();
    let cost = cost_band(&basis, request, hours);
    let break_even = commitment_break_even(&s.quote, s.on_demand, request, Numbers);
    let deadline_at_risk = request
        .scenario
        .deadline_h
        .is_some_and(|d| !serving && hours.high > d);
    // A service is rented as its fleet: the busiest hour's instances and their GPUs.
    let fleet = plan.map(|p| {
        let mut fleet = p.fleet;
        fleet.per_million_tokens = cost.expected / p.tokens_per_month.max(1e-9) * 1e6;
        Box::new(fleet)
    });
    let (instances, gpus) = match &fleet {
        Some(f) => (
            f.peak_instances,
            f.peak_instances.saturating_mul(s.offer.gpu_count),
        ),
        None => (s.instances, s.gpus),
    };

    Ok(Candidate {
        offer: s.offer,
        gpu: s.gpu,
        provider: s.provider,
        mode,
        instances,
        gpus,
        layout: s.layout,
        hours,
        cost,
        headroom: s.headroom,
        memory: s.memory,
        timing: s.timing,
        price_per_hour: rate,
        quote: s.quote,
        price_overridden: s.overridden,
        break_even,
        spot,
        deadline_at_risk,
        feed: s.feed,
        serving: fleet,
        notes: facts.notes,
    })
}

/// The job's hours before spot interruptions (a service: the month), or why there are none: a
/// timing without hours says why; a service without a request rate has no other reason.
fn base_hours(s: &Sized, serving: bool) -> Result<Band, Untimed> {
    let untimed = || s.timing.untimed.clone().unwrap_or(Untimed::NoRequestRate);
    match (&s.timing.hours, serving) {
        (_, true) => {
            let per_replica = s
                .timing
                .figure("requests_per_s")
                .map_or(0.0, |f| f.band.expected);
            if !(per_replica.is_finite() && per_replica > 0.0) {
                return Err(untimed());
            }
            Ok(Band::exact(HOURS_PER_MONTH))
        }
        (Some(h), false) => Ok(*h),
        (None, false) => Err(untimed()),
    }
}

/// The cost over the band of `hours`. The ends of the band differ from the middle by the lines
/// that grow with the hours only; serving and dev boxes have exact hours, so their ends cost what
/// the middle does.
fn cost_band(basis: &Basis, request: &Request, hours: Band) -> Band {
    let mut bill = Bill::default();
    lines(
        &mut bill,
        basis,
        request,
        hours.expected,
        Numbers,
        Which::All,
    );
    let expected = bill.total;
    let hourly_at = |h: f64| {
        let mut total = Total(0.0);
        lines(&mut total, basis, request, h, Numbers, Which::Hourly);
        total.0
    };
    let total_at = |h: f64| {
        if h == hours.expected {
            expected
        } else {
            expected - bill.hourly + hourly_at(h)
        }
    };
    Band::new(
        total_at(hours.low).min(expected),
        expected,
        total_at(hours.high).max(expected),
    )
}

/// What pricing keeps from one candidate for the next, over one request's candidates: what it
/// found out about a provider, which depends on the provider alone (its notes and the storage
/// tier a job's data goes on; offers come grouped by provider, so the last provider's are kept
/// and shared by its candidates rather than found for each), and the last serving fleets sized.
#[derive(Default)]
pub(super) struct Kept<'a> {
    provider: Option<ProviderFacts<'a>>,
    fleets: serving::LastFleets,
}

/// One provider's notes and storage tier (see [`Kept`]).
#[derive(Clone)]
struct ProviderFacts<'a> {
    provider: &'a Provider,
    notes: Arc<[Warning]>,
    tier: Option<&'a StorageTier>,
}

impl<'a> Kept<'a> {
    fn provider(
        &mut self,
        provider: &'a Provider,
        request: &Request,
        published: &Published,
    ) -> ProviderFacts<'a> {
        match &self.provider {
            Some(facts) if std::ptr::eq(facts.provider, provider) => facts.clone(),
            _ => {
                let facts = ProviderFacts {
                    provider,
                    notes: notes(provider, request, published).into(),
                    tier: storage_tier(provider, request),
                };
                self.provider = Some(facts.clone());
                facts
            }
        }
    }
}

/// Spot interruptions per instance-hour at `provider`: the user's figure, else the default for
/// its kind.
fn interruptions_per_h(provider: &Provider, request: &Request) -> f64 {
    let default_rate = if provider.kind == crate::catalog::schema::ProviderKind::Marketplace {
        MARKETPLACE_SPOT_INTERRUPTIONS_PER_H
    } else {
        DEFAULT_SPOT_INTERRUPTIONS_PER_H
    };
    request
        .costs
        .spot_interruptions_per_h
        .unwrap_or(default_rate)
}

/// Spot interruptions and checkpoints stretching `work_hours` of work on `instances` instances.
fn spot_outcome(
    provider: &Provider,
    instances: u32,
    work_hours: f64,
    request: &Request,
    detail: impl Detail,
) -> SpotOutcome {
    let costs = &request.costs;
    let risk = SpotRisk {
        interruptions_per_hour: interruptions_per_h(provider, request) * f64::from(instances),
        restart_hours: costs.spot_restart_h,
        checkpoint_hours: costs.checkpoint_write_h,
    };
    expected_runtime_with(work_hours, &risk, detail)
}

/// When a commitment at `quote` pays off against the offer's on-demand price (per hour and its
/// currency), in the report currency.
fn commitment_break_even(
    quote: &Quote,
    on_demand: Option<(f64, Currency)>,
    request: &Request,
    detail: impl Detail,
) -> Option<BreakEven> {
    let costs = &request.costs;
    let term = quote.mode.term_hours()?;
    let (per_hour, currency) = on_demand?;
    Some(break_even_with(
        costs.fx.convert(per_hour, currency, costs.currency),
        costs
            .fx
            .convert(quote.per_hour, quote.currency, costs.currency),
        term,
        detail,
    ))
}

/// The candidate's spot outcome and commitment break-even with their formulas.
pub(super) fn explain_risks(
    c: &Candidate,
    on_demand: Option<(f64, Currency)>,
    request: &Request,
) -> (Option<SpotOutcome>, Option<BreakEven>) {
    let spot = c
        .spot
        .as_ref()
        .and(c.timing.hours)
        .map(|h| spot_outcome(c.provider, c.instances, h.expected, request, Full));
    let break_even = commitment_break_even(&c.quote, on_demand, request, Full);
    (spot, break_even)
}

/// The candidate's cost lines with their formulas, for showing one candidate in detail.
/// `catalog` is the one the candidate was evaluated on (its providers' prices stand in for
/// prices a provider does not publish). The lines add up to `c.cost.expected`.
pub fn explain_cost(catalog: &Catalog, c: &Candidate, request: &Request) -> Vec<Term> {
    bill(c, request, &Published::of(catalog, request), Full)
}

/// The candidate's cost lines at its expected hours: the bill ranking summed, rebuilt as a list
/// for the candidate that is shown or checked for pitfalls.
pub(super) fn bill(
    c: &Candidate,
    request: &Request,
    published: &Published,
    detail: impl Detail,
) -> Vec<Term> {
    let basis = Basis {
        offer: c.offer,
        provider: c.provider,
        instances: c.instances,
        gpus: c.job_gpus(),
        quote: &c.quote,
        timing: &c.timing,
        traffic: None,
        published,
        plan: None,
        on_demand: refund_rate(
            c.provider,
            c.offer,
            super::candidates::on_demand(c.offer, request),
            request,
        ),
        storage: storage_tier(c.provider, request),
    };
    let mut out = Vec::with_capacity(8);
    lines(
        &mut out,
        &basis,
        request,
        c.hours.expected,
        detail,
        Which::All,
    );
    out
}
