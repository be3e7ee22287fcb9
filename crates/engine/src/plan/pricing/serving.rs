//! A service's month on one candidate: the day of traffic, the fleet that serves it (spares
//! against spot reclaims included) and what the fleet costs.

use super::{interruptions_per_h, Basis, ServingPlan};
use crate::catalog::BillingMode;
use crate::cite::SPOT_RATE_SOURCE;
use crate::cost::hidden::HOURS_PER_MONTH;
use crate::cost::serving::{serverless_with, spot_down_share, FleetSize, TrafficProfile};
use crate::explain::{Detail, Full, Term};
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

/// The fleets the last candidates needed, kept for the next ones. Within one request a fleet's
/// size and its day of traffic follow from what one unit of it serves and the share of the time
/// a unit is reclaimed alone (the day is the request's, or built from that capacity), and
/// candidates come offer by offer, each offer's billing modes in turn, offers of one GPU on the
/// same placement: most candidates find their fleet here. Two are kept, a spot fleet and
/// one off spot beside it.
#[derive(Default)]
pub(in crate::plan) struct LastFleets {
    kept: [Option<KeptFleet>; 2],
    /// The entry the next fleet sized replaces.
    next: usize,
}

struct KeptFleet {
    capacity: u64,
    down: u64,
    size: FleetSize,
    day: TrafficProfile,
}

impl LastFleets {
    /// The fleet of units serving `capacity` requests per second each, out a `down` share of
    /// the time, and its day (`traffic`, else built by `day`).
    fn of(
        &mut self,
        capacity: f64,
        down: f64,
        traffic: Option<&TrafficProfile>,
        day: impl FnOnce() -> TrafficProfile,
    ) -> &KeptFleet {
        let (capacity_bits, down_bits) = (capacity.to_bits(), down.to_bits());
        let found = self.kept.iter().position(|k| {
            k.as_ref()
                .is_some_and(|k| k.capacity == capacity_bits && k.down == down_bits)
        });
        let at = match found {
            Some(at) => at,
            None => {
                let day = traffic.cloned().unwrap_or_else(day);
                let size = FleetSize::on_spot(&day, capacity, 1, down);
                let at = self.next;
                self.kept[at] = Some(KeptFleet {
                    capacity: capacity_bits,
                    down: down_bits,
                    size,
                    day,
                });
                self.next = (at + 1) % self.kept.len();
                at
            }
        };
        self.kept[at].as_ref().expect("kept above")
    }
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
    fleets: &mut LastFleets,
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
    let mode = b.quote.mode;
    let spot = mode == BillingMode::Spot;
    let reclaim_rate = if spot {
        interruptions_per_h(b.provider, request)
    } else {
        0.0
    };
    let down = spot_down_share(reclaim_rate, request.costs.spot_restart_h);
    let kept = fleets.of(capacity, down, b.traffic, || {
        day(workload, request, stated_rate(workload).unwrap_or(capacity))
    });
    let (profile, units) = (&kept.day, &kept.size);
    let size = if instances_per_replica > 1 {
        units.in_instances(instances_per_replica)
    } else {
        *units
    };
    let shape = Shape {
        capacity,
        per_replica,
        replicas_per_instance,
        instances_per_replica,
        reclaim_rate,
        units,
        peak_instances: size.peak_instances,
    };
    let (term, scaling) = compute_line(profile, &shape, b, request, rate, detail);
    let days = HOURS_PER_MONTH / 24.0;
    let instance_hours = size.instance_hours();
    let spare_hours = size.spare_hours();
    let tokens_per_month = profile.tokens_per_day() * days;
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
        instances_by_hour: size.instances_by_hour,
        peak_instances: size.peak_instances,
        peak_spares: size.peak_spares,
        mean_instances: match scaling {
            Scaling::Fixed => f64::from(size.peak_instances),
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

/// The fleet a compute line prices: what one unit of it (an instance, or the instances one
/// replica spans) serves, how a unit is lost to reclaims, and how many run.
#[derive(Clone, Copy)]
struct Shape<'f> {
    /// Requests per second one unit serves.
    capacity: f64,
    per_replica: f64,
    replicas_per_instance: u32,
    instances_per_replica: u32,
    /// Spot reclaims per instance-hour (0 off spot).
    reclaim_rate: f64,
    /// The fleet, counted in units.
    units: &'f FleetSize,
    /// Its busiest hour, counted in instances.
    peak_instances: u32,
}

/// The fleet's compute line for the month and how it scales: serverless workers billed per
/// second of work, instances following the traffic, or the busiest hour's kept all month.
fn compute_line(
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
        units,
        peak_instances,
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
        let unit_rate = rate * f64::from(instances_per_replica);
        let (autoscaled, fixed) = units.per_month(unit_rate);
        let (value, which, scaling) = match mode.term_hours() {
            None => (autoscaled, 0, Scaling::Autoscaled),
            Some(_) => (fixed, 1, Scaling::Fixed),
        };
        let term = Term {
        key: "compute",
        value,
        unit: "currency",
        formula: detail.text(|| {
            format!(
                "{}; {capacity:.2} req/s per {} ({replicas_per_instance} replica(s) × {per_replica:.2}), peak {} instances; reclaims {reclaim_rate:.3}/h, {:.2} h to replace",
                units.priced(profile, unit_rate, Full).terms[which].formula,
                if instances_per_replica > 1 {
                    format!("replica on {instances_per_replica} instances")
                } else {
                    "instance".to_string()
                },
                peak_instances,
                request.costs.spot_restart_h
            )
        }),
        source: spot.then_some(SPOT_RATE_SOURCE),
    };
        (term, scaling)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fleet found among the kept ones is the one sized afresh, whichever of the two entries
    /// holds it and after others took the places of older ones; a capacity or a reclaimed share
    /// that differs in the last bit is another fleet.
    #[test]
    fn a_kept_fleet_is_the_one_sized_afresh() {
        let stated = TrafficProfile::from_peak(3.0, 4.0, 1000.0, 250.0);
        let down = spot_down_share(0.05, 1.0);
        let keys = [
            (1.5, 0.0),
            (1.5, down),
            (1.5, 0.0),
            (0.7, 0.0),
            (1.5, down),
            (1.5, f64::from_bits(down.to_bits() + 1)),
            (0.7, 0.0),
            (3.0, down),
        ];
        for traffic in [Some(&stated), None] {
            let mut fleets = LastFleets::default();
            for (capacity, down) in keys {
                let day = || TrafficProfile::from_peak(capacity, 2.0, 500.0, 100.0);
                let expected_day = traffic.cloned().unwrap_or_else(day);
                let kept = fleets.of(capacity, down, traffic, day);
                assert_eq!(kept.day, expected_day);
                assert_eq!(
                    kept.size,
                    FleetSize::on_spot(&expected_day, capacity, 1, down),
                    "{capacity} req/s, {down} down"
                );
            }
        }
    }
}
