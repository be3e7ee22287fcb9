//! Instances kept up all month for a queue of jobs that leaves them idle most of it.

use super::Pitfall;
use crate::plan::queue::{QueueChoice, QueueComparison};

/// The kept-up instances would sit idle most of the month and cost more than starting them for
/// the work: what keeping them up wastes, and the jobs a day at which it would pay.
pub fn kept_up_idle(q: &QueueComparison) -> Option<Pitfall> {
    (q.idle_most_of_month() && q.choice == QueueChoice::StartStop).then_some(Pitfall::KeptUpIdle {
        utilisation: q.utilisation,
        kept_up: q.kept_up,
        start_stop: q.start_stop,
        break_even_jobs_per_day: q.break_even_jobs_per_day,
    })
}
