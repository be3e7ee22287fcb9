//! A queue of jobs over a month, served two ways: instances started for the work and stopped
//! after it, or instances kept up all month whatever the load.
//!
//! The model is deliberately plain. Jobs spread through the day are served as they come, each
//! on instances started for it (start-up billed, then the job, then the idle wait before the
//! scale-down stops them); jobs that arrive together run back to back on instances started once
//! for the batch. Waiting in the queue is not modelled: a kept-up fleet is assumed to finish
//! the month's work if its hours can hold it, and a started one to start when asked. Both are
//! priced at the rates the caller gives; the break-even of jobs arriving together leaves out
//! the rounding to the provider's billing step (a spread job bills the same hours at any load).

use super::billing::billed_hours;
use super::hidden::HOURS_PER_MONTH;
use crate::cite::ASSUMPTION;
use crate::explain::{Detail, Term};

/// Days in the month the engine prices: its 730 hours over 24.
pub const DAYS_PER_MONTH: f64 = HOURS_PER_MONTH / 24.0;
/// Below this share of its hours busy, a kept-up fleet is idle most of the month.
pub const IDLE_MOST_OF_MONTH: f64 = 0.5;
/// Start-up billed each time instances start when the person gives none: boot, image pull and
/// loading the data (ASSUMPTION, replace with a measured start).
pub const DEFAULT_STARTUP_MIN: f64 = 10.0;
/// Idle minutes before the scale-down stops the instances when the person gives none
/// (ASSUMPTION: a common auto-scaler cool-down).
pub const DEFAULT_IDLE_STOP_MIN: f64 = 10.0;

/// How the jobs arrive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arrival {
    /// Spread through the working day: each job starts its own instances.
    Spread,
    /// All at once each day: the day's jobs run back to back on instances started once.
    Together,
}

/// The period a count of jobs is given over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Period {
    Day,
    Month,
}

impl Period {
    /// `count` jobs a period, as jobs over the month.
    pub fn per_month(self, count: f64) -> f64 {
        match self {
            Period::Day => count * DAYS_PER_MONTH,
            Period::Month => count,
        }
    }
}

/// The queue as the person describes it.
#[derive(Debug, Clone, PartialEq)]
pub struct Queue {
    /// Jobs over the month.
    pub jobs_per_month: f64,
    /// Hours one job runs on the candidate's instances; `None`: the scenario's own job.
    pub job_h: Option<f64>,
    pub arrival: Arrival,
    /// Hours billed at each start before the work begins.
    pub startup_h: f64,
    /// Idle hours after the work before the scale-down stops the instances.
    pub idle_stop_h: f64,
    /// Sets of the job's instances kept up all month (at least one).
    pub kept: u32,
}

impl Queue {
    pub fn jobs_per_day(&self) -> f64 {
        self.jobs_per_month / DAYS_PER_MONTH
    }
}

/// What one candidate's instances cost an hour and how its provider meters them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rates {
    /// The job's instances together, an hour, paid as you go (report currency).
    pub start_stop: f64,
    /// The same instances an hour in the mode they would be kept up in.
    pub kept: f64,
    pub increment_s: u32,
    pub minimum_s: u32,
}

/// Which way costs less this month.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueueChoice {
    StartStop,
    KeptUp,
}

/// Both ways of serving the queue on one candidate, per month.
#[derive(Debug, Clone, PartialEq)]
pub struct QueueComparison {
    pub jobs_per_day: f64,
    /// Hours one job runs.
    pub job_h: f64,
    /// True when `job_h` is the scenario's own job on the candidate.
    pub job_from_scenario: bool,
    pub arrival: Arrival,
    /// Hours of work the month holds.
    pub work_h: f64,
    /// Starts over the month and hours billed at each.
    pub starts: f64,
    pub billed_per_start_h: f64,
    /// Instances started and stopped, over the month.
    pub start_stop: f64,
    /// Sets of instances kept up: the person's count, or more when the work needs them.
    pub kept_sets: u32,
    /// Instances kept up, over the month.
    pub kept_up: f64,
    /// Busy share of the kept-up instances' hours.
    pub utilisation: f64,
    /// Jobs a day above which keeping the person's sets up costs less; `None` when it never
    /// does.
    pub break_even_jobs_per_day: Option<f64>,
    pub choice: QueueChoice,
    /// The figures with their formulas (empty unless explaining).
    pub terms: Vec<Term>,
}

impl QueueComparison {
    /// What the cheaper way saves over the other this month.
    pub fn saving(&self) -> f64 {
        (self.kept_up - self.start_stop).abs()
    }

    /// The kept-up instances sit idle most of the month.
    pub fn idle_most_of_month(&self) -> bool {
        self.utilisation < IDLE_MOST_OF_MONTH
    }
}

/// Prices `queue` on instances whose scenario job takes `scenario_job_h`, at `rates`.
pub fn compare(
    queue: &Queue,
    scenario_job_h: f64,
    rates: Rates,
    detail: impl Detail,
) -> Option<QueueComparison> {
    let job_h = queue.job_h.unwrap_or(scenario_job_h);
    if !(job_h.is_finite() && job_h > 0.0 && queue.jobs_per_month > 0.0) {
        return None;
    }
    let per_day = queue.jobs_per_day();
    let work_h = queue.jobs_per_month * job_h;
    let overhead_h = queue.startup_h + queue.idle_stop_h;
    let (starts, run_h) = match queue.arrival {
        Arrival::Spread => (queue.jobs_per_month, job_h),
        Arrival::Together => {
            // A day's batch longer than a day needs instances running side by side.
            let side_by_side = (per_day * job_h / 24.0).ceil().max(1.0);
            (
                DAYS_PER_MONTH * side_by_side,
                per_day * job_h / side_by_side,
            )
        }
    };
    let billed = billed_hours(run_h + overhead_h, rates.increment_s, rates.minimum_s);
    let start_stop = starts * billed * rates.start_stop;
    let kept_sets = queue
        .kept
        .max(1)
        .max((work_h / HOURS_PER_MONTH).ceil() as u32);
    let kept_up = f64::from(kept_sets) * HOURS_PER_MONTH * rates.kept;
    let utilisation = work_h / (f64::from(kept_sets) * HOURS_PER_MONTH);
    // Start-stop cost grows with the jobs; kept-up sets cost the same whatever the load.
    let kept_person = f64::from(queue.kept.max(1)) * HOURS_PER_MONTH * rates.kept;
    let per_job_day = DAYS_PER_MONTH * rates.start_stop;
    let break_even = match queue.arrival {
        // Each job bills the same hours whatever their number: exact, billing step included.
        Arrival::Spread => Some(kept_person / (per_job_day * billed)).filter(|j| j.is_finite()),
        Arrival::Together => Some(((kept_person / per_job_day - overhead_h) / job_h).max(0.0))
            .filter(|j| j.is_finite()),
    };
    let choice = if start_stop <= kept_up {
        QueueChoice::StartStop
    } else {
        QueueChoice::KeptUp
    };
    let terms = detail.terms(|| {
        terms(
            queue,
            rates,
            Figures {
                job_h,
                per_day,
                work_h,
                starts,
                run_h,
                billed,
                start_stop,
                kept_sets,
                kept_up,
                utilisation,
                break_even,
            },
        )
    });
    Some(QueueComparison {
        jobs_per_day: per_day,
        job_h,
        job_from_scenario: queue.job_h.is_none(),
        arrival: queue.arrival,
        work_h,
        starts,
        billed_per_start_h: billed,
        start_stop,
        kept_sets,
        kept_up,
        utilisation,
        break_even_jobs_per_day: break_even,
        choice,
        terms,
    })
}

/// The figures of a comparison, for its terms.
struct Figures {
    job_h: f64,
    per_day: f64,
    work_h: f64,
    starts: f64,
    run_h: f64,
    billed: f64,
    start_stop: f64,
    kept_sets: u32,
    kept_up: f64,
    utilisation: f64,
    break_even: Option<f64>,
}

fn terms(q: &Queue, r: Rates, f: Figures) -> Vec<Term> {
    let term = |key, value, unit, formula: String, source| Term {
        key,
        value,
        unit,
        formula,
        source,
    };
    let startup_min = q.startup_h * 60.0;
    let idle_min = q.idle_stop_h * 60.0;
    let starts_text = match q.arrival {
        Arrival::Spread => format!(
            "{:.2} jobs a day × {DAYS_PER_MONTH:.2} days, one start per job (served as they come; waiting not modelled)",
            f.per_day
        ),
        Arrival::Together => format!(
            "{DAYS_PER_MONTH:.2} days × {:.0} start(s) a day, the day's {:.2} jobs back to back ({:.3} h each start)",
            f.starts / DAYS_PER_MONTH,
            f.per_day,
            f.run_h
        ),
    };
    let mut out = vec![
        term(
            "queue_work",
            f.work_h,
            "h",
            format!(
                "{:.2} jobs a day × {DAYS_PER_MONTH:.2} days × {:.3} h a job",
                f.per_day, f.job_h
            ),
            None,
        ),
        term("queue_starts", f.starts, "", starts_text, Some(ASSUMPTION)),
        term(
            "queue_billed_per_start",
            f.billed,
            "h",
            format!(
                "{startup_min:.0} min start-up + {:.3} h of work + {idle_min:.0} min idle before the scale-down, metered per {} s, minimum {} s",
                f.run_h, r.increment_s, r.minimum_s
            ),
            Some(ASSUMPTION),
        ),
        term(
            "queue_start_stop",
            f.start_stop,
            "currency",
            format!(
                "{:.1} starts × {:.3} h billed × {:.4}/h (paid as you go)",
                f.starts, f.billed, r.start_stop
            ),
            None,
        ),
        term(
            "queue_kept_up",
            f.kept_up,
            "currency",
            format!(
                "{} set(s) of instances × {HOURS_PER_MONTH} h × {:.4}/h{}",
                f.kept_sets,
                r.kept,
                if f.kept_sets > q.kept.max(1) {
                    format!(" ({} asked; the month's work needs {})", q.kept.max(1), f.kept_sets)
                } else {
                    String::new()
                }
            ),
            None,
        ),
        term(
            "queue_utilisation",
            f.utilisation,
            "fraction",
            format!(
                "{:.1} h of work ÷ ({} × {HOURS_PER_MONTH} h kept up)",
                f.work_h, f.kept_sets
            ),
            None,
        ),
    ];
    if let Some(j) = f.break_even {
        let formula = match q.arrival {
            Arrival::Spread => format!(
                "{} × {HOURS_PER_MONTH} h × {:.4}/h kept ÷ ({DAYS_PER_MONTH:.2} days × {:.3} h billed a job × {:.4}/h)",
                q.kept.max(1), r.kept, f.billed, r.start_stop
            ),
            Arrival::Together => format!(
                "({} × {HOURS_PER_MONTH} h × {:.4}/h kept ÷ ({DAYS_PER_MONTH:.2} days × {:.4}/h) − {startup_min:.0} min − {idle_min:.0} min) ÷ {:.3} h a job, before rounding to the billing step",
                q.kept.max(1), r.kept, r.start_stop, f.job_h
            ),
        };
        out.push(term("queue_break_even", j, "jobs/day", formula, None));
    }
    out
}

#[cfg(test)]
mod tests;
