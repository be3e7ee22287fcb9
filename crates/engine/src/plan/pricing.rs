//! Pricing one candidate: every line of what the job costs in the chosen billing mode.
//!
//! Ranking prices every candidate with numbers only ([`Detail::Numbers`]); [`explain_cost`]
//! re-runs the same arithmetic with its formulas for the candidate a person looks at.

use super::candidates::Sized;
use super::{storage, Candidate, Excluded, Reason, Request, Scaling, ServingFleet};
use crate::catalog::schema::StorageTier;
use crate::catalog::{BillingMode, Catalog, Currency, Offer, Provider, Quote};
use crate::cost::billing::{
    billed_hours, break_even_with, commitment_cost, on_demand_cost, BreakEven,
};
use crate::cost::hidden::{egress_cost, idle_billed, storage_cost, HOURS_PER_MONTH};
use crate::cost::serving::{fleet_on_spot_with, serverless_with, spot_down_share, TrafficProfile};
use crate::cost::spot::{expected_runtime_with, SpotOutcome, SpotRisk};
use crate::explain::{Detail, Term};
use crate::scenario::{Serve, Workload};
use crate::sizing::defaults::Band;
use crate::sizing::time::Timing;
use crate::warning::{Charge, Untimed, Warning};

/// Default spot interruptions per instance-hour when the user gives none: an assumption, shown
/// as such and editable (providers publish only coarse monthly buckets, e.g. AWS Spot Advisor).
pub const DEFAULT_SPOT_INTERRUPTIONS_PER_H: f64 = 0.02;
/// Where the interruption rates behind spot pricing come from.
pub const SPOT_RATE_SOURCE: &str =
    "assumed rate; AWS publishes monthly buckets, https://aws.amazon.com/ec2/spot/instance-advisor/";
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
                let cost = egress_cost(costs.egress_gb, &p.egress, Detail::Numbers)?;
                Some(to_report(cost.value, p.egress[0].price.currency))
            })
            .collect();
        Published {
            storage: median(storage),
            snapshot: median(snapshot),
            egress: median(egress),
            throughput: storage::published_mbs(providers, request),
        }
    }
}

/// The middle of `values` (the mean of the two middle ones for an even count) and the count.
pub(super) fn median(mut values: Vec<f64>) -> Option<(f64, usize)> {
    values.retain(|v| v.is_finite());
    values.sort_by(f64::total_cmp);
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
    detail: Detail,
    at_median: impl FnOnce(f64) -> Term,
) -> Option<Term> {
    own.or_else(|| {
        let (price, n) = median?;
        let mut term = at_median(price);
        if detail == Detail::Full {
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
}

/// The cost lines that grow with the job's hours: what `Which::Hourly` builds.
const HOURLY_LINES: [&str; 3] = ["compute", "storage", "snapshots"];

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

pub(super) fn price<'a>(
    s: Sized<'a>,
    request: &Request,
    published: &Published,
) -> Result<Candidate<'a>, Excluded<'a>> {
    let costs = &request.costs;
    let rate = costs
        .fx
        .convert(s.quote.per_hour, s.quote.currency, costs.currency);
    let serving = request.scenario.workload.is_service();
    let mode = s.quote.mode;
    // A timing without hours says why; a service without a request rate has no other reason.
    let untimed = || s.timing.untimed.clone().unwrap_or(Untimed::NoRequestRate);
    let unknown = |why: Untimed| Excluded {
        offer: s.offer,
        mode: Some(mode),
        gpus: s.gpus,
        reason: Reason::Unknown(why),
        cost: None,
    };

    let base_hours = match (&s.timing.hours, serving) {
        (_, true) => {
            let per_replica = s
                .timing
                .figure("requests_per_s")
                .map_or(0.0, |f| f.band.expected);
            if !(per_replica.is_finite() && per_replica > 0.0) {
                return Err(unknown(untimed()));
            }
            Band::exact(HOURS_PER_MONTH)
        }
        (Some(h), false) => *h,
        (None, false) => return Err(unknown(untimed())),
    };

    let spot = (mode == BillingMode::Spot && !serving).then(|| {
        spot_outcome(
            s.provider,
            s.instances,
            base_hours.expected,
            request,
            Detail::Numbers,
        )
    });
    let hours = match &spot {
        Some(outcome) => base_hours.scale(outcome.expected_hours / base_hours.expected.max(1e-9)),
        None => base_hours,
    };

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
    };
    // A service's fleet is planned once: its compute line and the fleet the card shows.
    let plan = serving.then(|| serving_plan(&basis, request, rate, Detail::Numbers));
    basis.plan = plan.as_ref();
    let mut expected_lines = Vec::with_capacity(8);
    lines(
        &mut expected_lines,
        &basis,
        request,
        hours.expected,
        Detail::Numbers,
        Which::All,
    );
    let expected: f64 = expected_lines.iter().map(|t| t.value).sum();
    // The ends of the band differ from the middle by the lines that grow with the hours only.
    // Serving and dev boxes have exact hours: the ends cost what the middle does.
    let mut scratch = Vec::with_capacity(4);
    let mut hourly_at = |h: f64| {
        scratch.clear();
        lines(
            &mut scratch,
            &basis,
            request,
            h,
            Detail::Numbers,
            Which::Hourly,
        );
        scratch.iter().map(|t| t.value).sum::<f64>()
    };
    // The lines `Which::Hourly` builds, already among the expected ones.
    let hourly_expected: f64 = expected_lines
        .iter()
        .filter(|t| HOURLY_LINES.contains(&t.key))
        .map(|t| t.value)
        .sum();
    let mut total_at = |h: f64| {
        if h == hours.expected {
            expected
        } else {
            expected - hourly_expected + hourly_at(h)
        }
    };
    let cost = Band::new(
        total_at(hours.low).min(expected),
        expected,
        total_at(hours.high).max(expected),
    );

    // Each note names the amount assumed, so it reads the same as the cost line it explains.
    // The timing's own warnings stay with the timing (see `Candidate::warnings`).
    let mut warnings = Vec::new();
    let provider = || s.provider.name.clone();
    let currency = costs.currency;
    let unpublished = |item: Charge, fallback: Option<(f64, usize)>| match fallback {
        Some((per_gb_month, _)) => Warning::AssumedPrice {
            provider: provider(),
            item,
            per_gb_month,
            currency,
        },
        None => Warning::UnknownPrice {
            provider: provider(),
            item,
        },
    };
    if costs.storage.data_gb + costs.storage.checkpoints_gb > 0.0 && s.provider.storage.is_empty() {
        warnings.push(unpublished(Charge::Storage, published.storage));
    }
    if costs.storage.snapshot_gb > 0.0 && s.provider.snapshot.is_none() {
        warnings.push(unpublished(Charge::Snapshot, published.snapshot));
    }
    if costs.egress_gb > 0.0 && s.provider.egress.is_empty() {
        let gb = costs.egress_gb;
        match published.egress {
            // Most providers include this much for free: say so, rather than "assumed" beside
            // a line of nothing.
            Some((v, _)) if v < 0.005 => warnings.push(Warning::FreeEgress {
                provider: provider(),
                gb,
            }),
            Some((amount, _)) => warnings.push(Warning::AssumedEgress {
                provider: provider(),
                gb,
                amount,
                currency,
            }),
            None => warnings.push(unpublished(Charge::Egress, None)),
        }
    }
    let break_even = commitment_break_even(&s.quote, s.on_demand, request, Detail::Numbers);
    let deadline_at_risk = request
        .scenario
        .deadline_h
        .is_some_and(|d| !serving && hours.high > d);
    // A service is rented as its fleet: the busiest hour's instances and their GPUs.
    let fleet = plan.map(|p| {
        let mut fleet = p.fleet;
        fleet.per_million_tokens = expected / p.tokens_per_month.max(1e-9) * 1e6;
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
        lines: expected_lines,
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
        notes: warnings,
    })
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
    detail: Detail,
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
    detail: Detail,
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
        .map(|h| spot_outcome(c.provider, c.instances, h.expected, request, Detail::Full));
    let break_even = commitment_break_even(&c.quote, on_demand, request, Detail::Full);
    (spot, break_even)
}

/// The candidate's cost lines with their formulas, for showing one candidate in detail.
/// `catalog` is the one the candidate was evaluated on (its providers' prices stand in for
/// prices a provider does not publish).
pub fn explain_cost(catalog: &Catalog, c: &Candidate, request: &Request) -> Vec<Term> {
    let published = Published::of(catalog, request);
    let basis = Basis {
        offer: c.offer,
        provider: c.provider,
        instances: c.instances,
        gpus: c.job_gpus(),
        quote: &c.quote,
        timing: &c.timing,
        traffic: None,
        published: &published,
        plan: None,
    };
    let mut out = Vec::with_capacity(8);
    lines(
        &mut out,
        &basis,
        request,
        c.hours.expected,
        Detail::Full,
        Which::All,
    );
    out
}

/// The cost lines of running `h` hours, appended to `out`.
fn lines(out: &mut Vec<Term>, b: &Basis, request: &Request, h: f64, detail: Detail, which: Which) {
    let costs = &request.costs;
    let to_report = |amount: f64, from: Currency| costs.fx.convert(amount, from, costs.currency);
    let rate = to_report(b.quote.per_hour, b.quote.currency);
    let mode = b.quote.mode;
    let serving = request.scenario.workload.is_service();
    let instances = f64::from(b.instances);
    let increment = b
        .offer
        .billing_increment_s
        .unwrap_or(b.provider.billing_increment_s);
    let minimum = b.provider.billing_minimum_s;

    let mut compute = if serving {
        match b.plan {
            Some(p) => p.compute.clone(),
            None => serving_plan(b, request, rate, detail).compute,
        }
    } else {
        match mode.term_hours() {
            Some(term) => commitment_cost(rate, term, h + costs.setup_h, detail),
            None => on_demand_cost(rate, h, increment, minimum, detail),
        }
    };
    if !serving && b.instances > 1 {
        compute.value *= instances;
        if detail == Detail::Full {
            compute.formula = format!("{} instances × ({})", b.instances, compute.formula);
        }
    }
    out.push(compute);

    // Set-up and idle time are billed at the instance rate unless a commitment covers them.
    if mode.term_hours().is_none() && !serving && which == Which::All {
        if costs.setup_h > 0.0 {
            let billed = billed_hours(costs.setup_h, increment, 0);
            out.push(Term {
                key: "setup",
                value: rate * billed * instances,
                unit: "currency",
                formula: detail.text(|| {
                    format!(
                        "{rate:.4}/h × {billed:.2} h set-up (environment, data download) × {} instance(s)",
                        b.instances
                    )
                }),
                source: None,
            });
        }
        if costs.idle_h > 0.0 {
            let mut idle = idle_billed(
                rate * instances,
                costs.idle_h,
                costs.idle_periods,
                costs.auto_stop_h,
                detail,
            );
            if detail == Detail::Full {
                idle.formula = format!("{} ({} instance(s))", idle.formula, b.instances);
            }
            out.push(idle);
        }
    }

    // Storage and snapshots, kept through the job, its set-up and the retention period.
    let kept_h = h + costs.setup_h + costs.storage.retention_h;
    let gb = costs.storage.data_gb + costs.storage.checkpoints_gb;
    if gb > 0.0 {
        let own = storage_tier(b.provider, request).map(|tier| {
            let price = to_report(tier.price.price, tier.price.currency);
            let mut t = storage_cost("storage", gb, price, kept_h, detail);
            if detail == Detail::Full {
                t.formula = format!("{} ({})", t.formula, tier.name);
            }
            t
        });
        out.extend(own_or_median(
            own,
            b.published.storage,
            b.provider,
            detail,
            |price| storage_cost("storage", gb, price, kept_h, detail),
        ));
    }
    if costs.storage.snapshot_gb > 0.0 {
        let gb = costs.storage.snapshot_gb;
        let own = b.provider.snapshot.as_ref().map(|snap| {
            let price = to_report(snap.price, snap.currency);
            storage_cost("snapshots", gb, price, kept_h, detail)
        });
        out.extend(own_or_median(
            own,
            b.published.snapshot,
            b.provider,
            detail,
            |price| storage_cost("snapshots", gb, price, kept_h, detail),
        ));
    }

    if which == Which::Hourly {
        return;
    }
    // Data transfer.
    if costs.egress_gb > 0.0 {
        let gb = costs.egress_gb;
        let own = egress_cost(gb, &b.provider.egress, detail).map(|mut e| {
            e.value = to_report(e.value, b.provider.egress[0].price.currency);
            e
        });
        out.extend(own_or_median(
            own,
            b.published.egress,
            b.provider,
            detail,
            |cost| Term {
                key: "egress",
                value: cost,
                unit: "currency",
                formula: detail.text(|| {
                    if cost < 0.005 {
                        format!("{gb:.0} GB out in the month: most providers charge nothing for that much")
                    } else {
                        format!("{gb:.0} GB out in the month")
                    }
                }),
                source: None,
            },
        ));
    }
    if costs.ingress_gb > 0.0 && b.provider.free_ingress == Some(true) {
        out.push(Term {
            key: "ingress",
            value: 0.0,
            unit: "currency",
            formula: detail
                .text(|| format!("{:.0} GB in: free at this provider", costs.ingress_gb)),
            source: None,
        });
    }
}

/// A day of serving traffic averaging `average` requests per second.
fn day(serve: &Serve, request: &Request, average: f64) -> TrafficProfile {
    TrafficProfile::from_peak(
        average,
        request.costs.serving_peak_ratio,
        f64::from(serve.prompt_tokens),
        f64::from(serve.output_tokens),
    )
}

/// The day of traffic every candidate serves, when the request states it (otherwise each
/// candidate serves what it can, and its day is built when it is priced).
pub(super) fn stated_traffic(request: &Request) -> Option<TrafficProfile> {
    match &request.scenario.workload {
        Workload::Serve(serve) => serve.requests_per_s.map(|rps| day(serve, request, rps)),
        _ => None,
    }
}

/// The month of serving on `b`: its compute line, its fleet (without its cost per million
/// tokens, which takes the whole bill) and the tokens it serves in the month.
///
/// On spot, reclaims are modelled as the fleet losing instances: each is out a share of the
/// time (reclaimed at the provider's interruption rate, back after the restart time), and every
/// hour keeps enough spares that losing more at once is rarer than
/// [`crate::cost::serving::SPOT_SHORTFALL`]. The spares are billed like the rest.
fn serving_plan(b: &Basis, request: &Request, rate: f64, detail: Detail) -> ServingPlan {
    let Workload::Serve(serve) = &request.scenario.workload else {
        unreachable!("serving_plan is only called for serving workloads")
    };
    let figure = |key: &str| b.timing.figure(key).map(|f| f.band.expected);
    let per_replica = figure("requests_per_s").unwrap_or(0.0);
    // The fleet is counted in units of one instance, or of the instances one replica spans when
    // a model larger than an instance is served across several.
    let per_node = b.offer.gpu_count.max(1);
    let instances_per_replica = b.gpus.max(1).div_ceil(per_node);
    let replicas_per_instance = (per_node / b.gpus.max(1)).max(1);
    let capacity = per_replica * f64::from(replicas_per_instance);
    let unit_rate = rate * f64::from(instances_per_replica);
    let built;
    let profile = match b.traffic {
        Some(day) => day,
        None => {
            built = day(serve, request, serve.requests_per_s.unwrap_or(capacity));
            &built
        }
    };
    let mode = b.quote.mode;
    let spot = mode == BillingMode::Spot;
    let reclaim_rate = if spot {
        interruptions_per_h(b.provider, request)
    } else {
        0.0
    };
    let down = spot_down_share(reclaim_rate, request.costs.spot_restart_h);
    let mut f = fleet_on_spot_with(profile, capacity.max(1e-9), unit_rate, 1, down, detail);
    if instances_per_replica > 1 {
        for n in f
            .instances_by_hour
            .iter_mut()
            .chain(f.spares_by_hour.iter_mut())
        {
            *n = n.saturating_mul(instances_per_replica);
        }
        f.peak_instances = f.peak_instances.saturating_mul(instances_per_replica);
        f.peak_spares = f.peak_spares.saturating_mul(instances_per_replica);
    }
    let (term, scaling) = if mode == BillingMode::Serverless {
        // Billed per second of work, idle timeout and start, not per instance-hour.
        (
            serverless_with(profile, capacity.max(1e-9), rate, detail),
            Scaling::Serverless,
        )
    } else {
        let (value, which, scaling) = match mode.term_hours() {
            None => (f.autoscaled_per_month, 0, Scaling::Autoscaled),
            Some(_) => (f.fixed_per_month, 1, Scaling::Fixed),
        };
        let term = Term {
            key: "compute",
            value,
            unit: "currency",
            formula: detail.text(|| {
                format!(
                    "{}; {capacity:.2} req/s per {} ({replicas_per_instance} replica(s) × {per_replica:.2}), peak {} instances; reclaims {reclaim_rate:.3}/h, {:.2} h to replace",
                    f.terms[which].formula,
                    if instances_per_replica > 1 {
                        format!("replica on {instances_per_replica} instances")
                    } else {
                        "instance".to_string()
                    },
                    f.peak_instances,
                    request.costs.spot_restart_h
                )
            }),
            source: spot.then_some(SPOT_RATE_SOURCE),
        };
        (term, scaling)
    };
    let days = HOURS_PER_MONTH / 24.0;
    let instance_hours: f64 = f.instances_by_hour.iter().map(|&n| f64::from(n)).sum();
    let spare_hours: f64 = f.spares_by_hour.iter().map(|&n| f64::from(n)).sum();
    let tokens_per_month = profile
        .requests_per_second
        .iter()
        .map(|r| r * 3600.0)
        .sum::<f64>()
        * (profile.prompt_tokens + profile.output_tokens)
        * days;
    // The latency the fleet is sized at: the step at the batch meeting the target, when set.
    let tpot_ms = figure("time_per_output_token_at_target_ms")
        .or_else(|| figure("time_per_output_token_ms"))
        .unwrap_or(f64::NAN);
    let batch = figure("batch_at_latency_target").unwrap_or(f64::from(serve.concurrency));
    let fleet = ServingFleet {
        gpus_per_replica: b.gpus.max(1),
        replicas_per_instance,
        instances_per_replica,
        instances_by_hour: f.instances_by_hour,
        peak_instances: f.peak_instances,
        peak_spares: f.peak_spares,
        mean_instances: match scaling {
            Scaling::Fixed => f64::from(f.peak_instances),
            _ => instance_hours / 24.0,
        },
        scaling,
        replica_requests_per_s: per_replica,
        replica_tokens_per_s: batch / tpot_ms * 1e3,
        time_to_first_token_s: figure("time_to_first_token_s").unwrap_or(f64::NAN),
        time_per_output_token_ms: tpot_ms,
        latency_target_ms: serve.latency_target_ms,
        per_million_tokens: 0.0,
        reclaims_per_month: reclaim_rate * instance_hours * days,
        spare_cost: spare_hours * rate * days,
    };
    ServingPlan {
        compute: term,
        fleet,
        tokens_per_month,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{evaluate, CostInputs, Objective, Request};
    use crate::scenario::{Lora, ModelSpec, Scenario, Workload};

    /// The cost band's ends are reached by rebuilding the lines that grow with the hours
    /// alone: they must be exactly the lines of that name among all of them.
    #[test]
    fn the_hourly_lines_are_the_lines_that_grow_with_the_hours() {
        let catalog = Catalog::builtin();
        let mut costs = CostInputs::default();
        costs.storage.snapshot_gb = 50.0;
        costs.egress_gb = 100.0;
        costs.idle_h = 5.0;
        let request = Request {
            scenario: Scenario {
                model: ModelSpec::Preset("llama-3.1-8b".into()),
                workload: Workload::Lora(Lora::default()),
                data: None,
                deadline_h: None,
            },
            costs,
            constraints: Default::default(),
            objective: Objective::Cheapest,
            today: None,
        };
        let report = evaluate(catalog, &request).unwrap();
        let published = Published::of(catalog, &request);
        for c in report.ranked.iter().step_by(37) {
            let basis = Basis {
                offer: c.offer,
                provider: c.provider,
                instances: c.instances,
                gpus: c.job_gpus(),
                quote: &c.quote,
                timing: &c.timing,
                traffic: None,
                published: &published,
                plan: None,
            };
            for h in [c.hours.low, c.hours.expected, c.hours.high] {
                let (mut all, mut hourly) = (Vec::new(), Vec::new());
                lines(&mut all, &basis, &request, h, Detail::Numbers, Which::All);
                lines(
                    &mut hourly,
                    &basis,
                    &request,
                    h,
                    Detail::Numbers,
                    Which::Hourly,
                );
                let named: Vec<(&str, f64)> = all
                    .iter()
                    .filter(|t| HOURLY_LINES.contains(&t.key))
                    .map(|t| (t.key, t.value))
                    .collect();
                let built: Vec<(&str, f64)> = hourly.iter().map(|t| (t.key, t.value)).collect();
                assert_eq!(named, built, "{}", c.offer.id);
            }
        }
    }
}
