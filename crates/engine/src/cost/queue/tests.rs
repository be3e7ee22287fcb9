use super::*;
use crate::explain::{Full, Numbers};

const PER_SECOND: Rates = Rates {
    start_stop: 2.0,
    kept: 2.0,
    increment_s: 1,
    minimum_s: 60,
};

fn queue(per_day: f64, job_h: f64) -> Queue {
    Queue {
        jobs_per_month: per_day * DAYS_PER_MONTH,
        job_h: Some(job_h),
        arrival: Arrival::Spread,
        startup_h: 10.0 / 60.0,
        idle_stop_h: 0.0,
        kept: 1,
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

#[test]
fn three_two_hour_jobs_a_day_start_and_stop_against_one_instance_kept_up() {
    let c = compare(&queue(3.0, 2.0), 99.0, PER_SECOND, Numbers).unwrap();
    // 3 × 2 h × 30.4 days of work plus a 10-minute start-up per job, at 2.0/h.
    let work = 3.0 * 2.0 * DAYS_PER_MONTH;
    let startups = 3.0 * DAYS_PER_MONTH * (10.0 / 60.0);
    assert!(close(c.work_h, work), "{}", c.work_h);
    assert!(
        close(c.start_stop, (work + startups) * 2.0),
        "{}",
        c.start_stop
    );
    // One instance kept up all month: 730 h at 2.0/h, busy a quarter of them.
    assert!(close(c.kept_up, 730.0 * 2.0));
    assert_eq!(c.kept_sets, 1);
    assert!(close(c.utilisation, work / 730.0));
    assert!((c.utilisation - 0.25).abs() < 1e-9);
    assert_eq!(c.choice, QueueChoice::StartStop);
    assert!(c.idle_most_of_month());
    assert!(close(c.saving(), 1460.0 - c.start_stop));
    // Break-even: the jobs a day at which starting per job costs the 730 h kept up.
    let j = c.break_even_jobs_per_day.unwrap();
    assert!(
        close(j, 1460.0 / (DAYS_PER_MONTH * (2.0 + 10.0 / 60.0) * 2.0)),
        "{j}"
    );
    let at = compare(&queue(j, 2.0), 99.0, PER_SECOND, Numbers).unwrap();
    assert!((at.start_stop - at.kept_up).abs() < 1e-6 * at.kept_up);
    // Above it (while one instance still holds the work), keeping it up costs less.
    let busy = compare(&queue(j * 1.05, 2.0), 99.0, PER_SECOND, Numbers).unwrap();
    assert_eq!(busy.kept_sets, 1);
    assert_eq!(busy.choice, QueueChoice::KeptUp);
    assert!(!busy.idle_most_of_month());
}

#[test]
fn a_provider_billing_by_the_hour_bills_each_start_a_whole_hour() {
    let hourly = Rates {
        increment_s: 3600,
        minimum_s: 0,
        ..PER_SECOND
    };
    let mut q = queue(4.0, 0.5);
    q.idle_stop_h = 10.0 / 60.0;
    let c = compare(&q, 1.0, hourly, Numbers).unwrap();
    // 30 min of work + 10 min start-up + 10 min idle = 50 min, billed as 1 h.
    assert!(close(c.billed_per_start_h, 1.0));
    assert!(close(c.start_stop, 4.0 * DAYS_PER_MONTH * 1.0 * 2.0));
    let by_second = compare(&q, 1.0, PER_SECOND, Numbers).unwrap();
    assert!(close(by_second.billed_per_start_h, 50.0 / 60.0));
}

#[test]
fn jobs_arriving_together_share_one_start_a_day() {
    let mut q = queue(3.0, 2.0);
    q.arrival = Arrival::Together;
    let c = compare(&q, 1.0, PER_SECOND, Numbers).unwrap();
    assert!(close(c.starts, DAYS_PER_MONTH));
    assert!(close(c.billed_per_start_h, 6.0 + 10.0 / 60.0));
    let spread = compare(&queue(3.0, 2.0), 1.0, PER_SECOND, Numbers).unwrap();
    assert!(c.start_stop < spread.start_stop);
    // Break-even: one start a day plus the day's jobs cost the kept-up month.
    let j = c.break_even_jobs_per_day.unwrap();
    assert!(
        close(j, (1460.0 / (DAYS_PER_MONTH * 2.0) - 10.0 / 60.0) / 2.0),
        "{j}"
    );
    // A day's batch longer than a day runs on instances side by side.
    let mut long = queue(20.0, 2.0);
    long.arrival = Arrival::Together;
    let c = compare(&long, 1.0, PER_SECOND, Numbers).unwrap();
    assert!(close(c.starts, 2.0 * DAYS_PER_MONTH));
    assert!(close(c.billed_per_start_h, 20.0 + 10.0 / 60.0));
}

#[test]
fn more_work_than_a_month_holds_keeps_more_instances_up() {
    // 20 jobs of 2 h a day: 1,217 h of work, more than one instance's 730 h.
    let c = compare(&queue(20.0, 2.0), 1.0, PER_SECOND, Numbers).unwrap();
    assert_eq!(c.kept_sets, 2);
    assert!(close(c.kept_up, 2.0 * 730.0 * 2.0));
    assert!(c.utilisation <= 1.0 && c.utilisation > 0.8);
    // At the same hourly rate, the start-ups still cost less than the second instance's idle
    // hours; a monthly rate 40 % lower turns it.
    assert_eq!(c.choice, QueueChoice::StartStop);
    let monthly = Rates {
        kept: 1.2,
        ..PER_SECOND
    };
    let c = compare(&queue(20.0, 2.0), 1.0, monthly, Numbers).unwrap();
    assert_eq!(c.choice, QueueChoice::KeptUp);
    assert!(close(c.kept_up, 2.0 * 730.0 * 1.2));
}

#[test]
fn the_scenario_job_is_the_unit_when_no_job_size_is_given() {
    let mut q = queue(1.0, 0.0);
    q.job_h = None;
    let c = compare(&q, 3.5, PER_SECOND, Numbers).unwrap();
    assert!(c.job_from_scenario);
    assert!(close(c.job_h, 3.5));
    // Nothing to size: no comparison.
    assert!(compare(&q, 0.0, PER_SECOND, Numbers).is_none());
    q.jobs_per_month = 0.0;
    assert!(compare(&q, 3.5, PER_SECOND, Numbers).is_none());
}

#[test]
fn explaining_gives_the_same_figures_with_their_formulas() {
    let quick = compare(&queue(3.0, 2.0), 1.0, PER_SECOND, Numbers).unwrap();
    assert!(quick.terms.is_empty());
    let full = compare(&queue(3.0, 2.0), 1.0, PER_SECOND, Full).unwrap();
    let value = |key| full.terms.iter().find(|t| t.key == key).unwrap().value;
    assert_eq!(value("queue_start_stop"), quick.start_stop);
    assert_eq!(value("queue_kept_up"), quick.kept_up);
    assert_eq!(value("queue_utilisation"), quick.utilisation);
    assert_eq!(
        Some(value("queue_break_even")),
        quick.break_even_jobs_per_day
    );
    assert!(full.terms.iter().all(|t| !t.formula.is_empty()));
    assert_eq!(
        QueueComparison {
            terms: Vec::new(),
            ..full
        },
        quick
    );
}

#[test]
fn the_break_even_of_spread_jobs_counts_the_hours_billed() {
    let hourly = Rates {
        increment_s: 3600,
        minimum_s: 0,
        ..PER_SECOND
    };
    // 2 h 10 min billed as 3 h: the kept-up 730 h pay from 730 / (30.4 × 3) = 8 jobs a day.
    let c = compare(&queue(3.0, 2.0), 1.0, hourly, Numbers).unwrap();
    let j = c.break_even_jobs_per_day.unwrap();
    assert!(close(j, 730.0 / (DAYS_PER_MONTH * 3.0)), "{j}");
    let at = compare(&queue(j, 2.0), 1.0, hourly, Numbers).unwrap();
    assert!((at.start_stop - at.kept_up).abs() < 1e-6 * at.kept_up);
}
