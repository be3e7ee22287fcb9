//! A month's queue of the job on the pick: started and stopped against kept up.

use super::*;
use crate::cost::queue::{Arrival, Queue, QueueChoice, DAYS_PER_MONTH};

fn on_demand_box() -> Request {
    let mut req = dev_box(10.0);
    req.constraints.modes = vec![BillingMode::OnDemand];
    req
}

#[test]
fn three_two_hour_jobs_a_day_on_the_pick_are_compared_both_ways_with_a_pitfall() {
    let catalog = fixture();
    let mut req = on_demand_box();
    let plain = evaluate(&catalog, &req).unwrap();
    assert!(plain.queue.is_none());
    req.costs.queue = Some(Queue {
        jobs_per_month: 3.0 * DAYS_PER_MONTH,
        job_h: Some(2.0),
        arrival: Arrival::Spread,
        startup_h: 10.0 / 60.0,
        idle_stop_h: 0.0,
        kept: 1,
    });
    let report = evaluate(&catalog, &req).unwrap();
    // The queue leaves the ranking as it was.
    assert_eq!(report.ranked, plain.ranked);
    let pick = report.pick().unwrap();
    assert_eq!(pick.offer.id, "1xl4");
    let q = report.queue.as_ref().unwrap();
    // L4 on demand at $0.80/h, billed per second: 91.25 starts of 2 h 10 min.
    let start_stop = 3.0 * DAYS_PER_MONTH * (2.0 + 10.0 / 60.0) * 0.80;
    assert!((q.start_stop - start_stop).abs() < 1e-9, "{}", q.start_stop);
    assert!((q.kept_up - 730.0 * 0.80).abs() < 1e-9);
    assert!((q.utilisation - 0.25).abs() < 1e-9);
    assert_eq!(q.choice, QueueChoice::StartStop);
    let be = 730.0 / (DAYS_PER_MONTH * (2.0 + 10.0 / 60.0));
    assert!((q.break_even_jobs_per_day.unwrap() - be).abs() < 1e-9);
    assert!(report.pitfalls.iter().any(|p| matches!(
        p,
        Pitfall::KeptUpIdle { utilisation, kept_up, start_stop: s, .. }
            if (*utilisation - 0.25).abs() < 1e-9
                && (*kept_up - 584.0).abs() < 1e-9
                && (*s - start_stop).abs() < 1e-9
    )));
    // The candidate opened shows the same figures with their formulas.
    let explained = explain(&catalog, pick, &req).unwrap();
    let shown = explained.queue.unwrap();
    assert_eq!(shown.start_stop, q.start_stop);
    assert!(shown
        .terms
        .iter()
        .any(|t| t.key == "queue_kept_up" && !t.formula.is_empty()));
}

#[test]
fn a_busy_queue_keeps_the_instance_up_and_no_pitfall_is_raised() {
    let catalog = fixture();
    let mut req = on_demand_box();
    // 11 jobs of 2 h a day fill 669 of the month's 730 hours.
    req.costs.queue = Some(Queue {
        jobs_per_month: 11.0 * DAYS_PER_MONTH,
        job_h: Some(2.0),
        arrival: Arrival::Spread,
        startup_h: 0.25,
        idle_stop_h: 0.25,
        kept: 1,
    });
    let report = evaluate(&catalog, &req).unwrap();
    let q = report.queue.as_ref().unwrap();
    assert_eq!(q.choice, QueueChoice::KeptUp);
    assert!(q.utilisation > 0.9);
    assert!(!report
        .pitfalls
        .iter()
        .any(|p| matches!(p, Pitfall::KeptUpIdle { .. })));
}

#[test]
fn the_scenario_job_is_the_unit_and_a_service_has_no_queue() {
    let catalog = fixture();
    let mut req = on_demand_box();
    req.costs.queue = Some(Queue {
        jobs_per_month: 20.0,
        job_h: None,
        arrival: Arrival::Together,
        startup_h: 0.0,
        idle_stop_h: 0.0,
        kept: 1,
    });
    let report = evaluate(&catalog, &req).unwrap();
    let q = report.queue.as_ref().unwrap();
    assert!(q.job_from_scenario);
    assert_eq!(q.job_h, report.pick().unwrap().hours.expected);
    let mut serve = request(
        "llama-3.1-8b",
        Workload::Serve(Serve {
            requests_per_s: Some(1.0),
            ..Serve::default()
        }),
    );
    serve.costs.queue = req.costs.queue.clone();
    let report = evaluate(&catalog, &serve).unwrap();
    assert!(report.queue.is_none());
}
