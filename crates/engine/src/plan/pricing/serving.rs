//! A service's month on one candidate: the day of traffic, the fleet that serves it (spares
//! against spot reclaims included) and what the fleet costs.

use super::{interruptions_per_h, Basis, ServingPlan};
use crate::catalog::BillingMode;
use crate::cite::SPOT_RATE_SOURCE;
use crate::cost::hidden::HOURS_PER_MONTH;
use crate::cost::serving::{
    fleet_on_spot_with, serverless_with, spot_down_share, Fleet, TrafficProfile,
};
use crate::explain::{Detail, Term};
use crate::plan::{Request, Scaling, Served, ServingFleet};
use crate::scenario::Workload;

/// What one request of the service counts: an LLM's prompt and output tokens, or one
/// inference (counted as one prompt unit, so the month's units are its requests).
fn units(workload: &Workload) -> (f64, f64) {
    match workload {
        Workload::Serve(serve) => (
            f64::from(serve.prompt_tokens),
            f64::from(serve.output_tokens),
        ),
        _ => (1.0, 0.0),
    }
}

/// A day of serving traffic averaging `average` requests per second.
fn day(workload: &Workload, request: &Request, average: f64) -> TrafficProfile {
    let (prompt, output) = units(workload);
    TrafficProfile::from_peak(average, request.costs.serving_peak_ratio, prompt, output)
}

/// The service's average traffic, when stated.
fn stated_rate(workload: &Workload) -> Option<f64> {
    match workload {
        Workload::Serve(serve) => serve.requests_per_s,
        Workload::Infer(infer) => infer.requests_per_s,
        _ => None,
    }
}

/// The day of traffic every candidate serves, when the request states it (otherwise each
/// candidate serves what it can, and its day is built when it is priced).
pub(in crate::plan) fn stated_traffic(request: &Request) -> Option<TrafficProfile> {
    let workload = &request.scenario.workload;
    stated_rate(workload).map(|rps| day(workload, request, rps))
}

/// The month of serving on `b`: its compute line, its fleet (without its cost per million
/// tokens, which takes the whole bill) and the tokens it serves in the month.
///
/// On spot, reclaims are modelled as the fleet losing instances: each is out a share of the
/// time (reclaimed at the provider's interruption rate, back after the restart time), and every
/// hour keeps enough spares that losing more at once is rarer than
/// [`crate::cost::serving::SPOT_SHORTFALL`]. The spares are billed like the rest.
pub(super) fn serving_plan(
    b: &Basis,
    request: &Request,
    rate: f64,
    detail: impl Detail,
) -> ServingPlan {
    let workload = &request.scenario.workload;
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
            built = day(workload, request, stated_rate(workload).unwrap_or(capacity));
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
    let shape = Shape {
        capacity,
        per_replica,
        replicas_per_instance,
        instances_per_replica,
        reclaim_rate,
    };
    let (term, scaling) = compute_line(&f, profile, &shape, b, request, rate, detail);
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
    // The latency the fleet is sized at: the step at the batch meeting the target, when set
    // (for a non-LLM service, a request's latency).
    let tpot_ms = figure("time_per_output_token_at_target_ms")
        .or_else(|| figure("time_per_output_token_ms"))
        .or_else(|| figure("request_latency_ms"))
        .unwrap_or(f64::NAN);
    let (served, latency_target_ms, tokens_per_s) = match workload {
        Workload::Serve(serve) => {
            let batch = figure("batch_at_latency_target").unwrap_or(f64::from(serve.concurrency));
            (
                Served::Tokens,
                serve.latency_target_ms,
                batch / tpot_ms * 1e3,
            )
        }
        Workload::Infer(infer) => (Served::Requests, infer.latency_ms, per_replica),
        _ => (Served::Tokens, None, f64::NAN),
    };
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
        replica_tokens_per_s: tokens_per_s,
        time_to_first_token_s: figure("time_to_first_token_s").unwrap_or(f64::NAN),
        time_per_output_token_ms: tpot_ms,
        latency_target_ms,
        served,
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

/// What one unit of a fleet serves and how it is lost to reclaims.
struct Shape {
    /// Requests per second one unit (an instance, or the instances one replica spans) serves.
    capacity: f64,
    per_replica: f64,
    replicas_per_instance: u32,
    instances_per_replica: u32,
    /// Spot reclaims per instance-hour (0 off spot).
    reclaim_rate: f64,
}

/// The fleet's compute line for the month and how it scales: serverless workers billed per
/// second of work, instances following the traffic, or the busiest hour's kept all month.
fn compute_line(
    f: &Fleet,
    profile: &TrafficProfile,
    shape: &Shape,
    b: &Basis,
    request: &Request,
    rate: f64,
    detail: impl Detail,
) -> (Term, Scaling) {
    let Shape {
        capacity,
        per_replica,
        replicas_per_instance,
        instances_per_replica,
        reclaim_rate,
    } = *shape;
    let mode = b.quote.mode;
    let spot = mode == BillingMode::Spot;
    if mode == BillingMode::Serverless {
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
    }
}
