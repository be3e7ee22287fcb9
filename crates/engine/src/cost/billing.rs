//! Billing modes: metered on-demand, commitments (monthly, 1-year, 3-year) and their break-even.

use crate::explain::{Detail, Term};

const SECONDS_PER_HOUR: f64 = 3600.0;

/// Hours actually billed for `hours` of use, with the provider's metering step and minimum.
///
/// A 61-minute job billed per hour costs two hours; billed per second with a 60-second minimum it
/// costs 61 minutes.
pub fn billed_hours(hours: f64, increment_s: u32, minimum_s: u32) -> f64 {
    if hours.is_nan() || hours <= 0.0 {
        return 0.0;
    }
    let step = f64::from(increment_s.max(1));
    let seconds = (hours * SECONDS_PER_HOUR).max(f64::from(minimum_s));
    // Round to a microsecond first so 1.0 h × 3600 never bills an extra step through float noise.
    let seconds = (seconds * 1e6).round() / 1e6;
    (seconds / step).ceil() * step / SECONDS_PER_HOUR
}

/// Cost of running on-demand for `hours`.
pub fn on_demand_cost(
    per_hour: f64,
    hours: f64,
    increment_s: u32,
    minimum_s: u32,
    detail: Detail,
) -> Term {
    let billed = billed_hours(hours, increment_s, minimum_s);
    Term {
        key: "compute",
        value: per_hour * billed,
        unit: "currency",
        formula: detail.text(|| format!(
            "{per_hour:.4}/h × {billed:.3} h billed ({hours:.3} h used, metered per {increment_s} s, minimum {minimum_s} s)"
        )),
        source: None,
    }
}

/// Cost of covering `hours` of use with commitments of `term_hours` each at an effective
/// `per_hour` rate: a commitment is paid in full whether it is used or not.
pub fn commitment_cost(per_hour: f64, term_hours: f64, hours: f64, detail: Detail) -> Term {
    let terms = (hours / term_hours).ceil().max(1.0);
    Term {
        key: "compute",
        value: per_hour * term_hours * terms,
        unit: "currency",
        formula: detail.text(|| format!(
            "{per_hour:.4}/h × {term_hours:.0} h term × {terms} term(s) to cover {hours:.1} h (paid in full)"
        )),
        source: None,
    }
}

/// When a commitment starts to pay off against on-demand.
#[derive(Debug, Clone, PartialEq)]
pub struct BreakEven {
    /// Hours of use within one term at which the commitment and on-demand cost the same.
    pub hours: f64,
    /// The same as a share of the term: the utilisation the commitment needs.
    pub utilisation: f64,
    pub terms: Vec<Term>,
}

/// Break-even of a commitment at `committed_per_hour` over `term_hours` against `on_demand_per_hour`.
pub fn break_even(on_demand_per_hour: f64, committed_per_hour: f64, term_hours: f64) -> BreakEven {
    break_even_with(
        on_demand_per_hour,
        committed_per_hour,
        term_hours,
        Detail::Full,
    )
}

/// [`break_even`] with formulas only when `detail` asks for them.
pub fn break_even_with(
    on_demand_per_hour: f64,
    committed_per_hour: f64,
    term_hours: f64,
    detail: Detail,
) -> BreakEven {
    let total = committed_per_hour * term_hours;
    let hours = total / on_demand_per_hour;
    let utilisation = hours / term_hours;
    BreakEven {
        hours,
        utilisation,
        terms: vec![
            Term {
                key: "break_even_hours",
                value: hours,
                unit: "h",
                formula: detail.text(|| {
                    format!(
                        "{committed_per_hour:.4}/h × {term_hours:.0} h ÷ {on_demand_per_hour:.4}/h on-demand"
                    )
                }),
                source: None,
            },
            Term {
                key: "break_even_utilisation",
                value: utilisation * 100.0,
                unit: "%",
                formula: detail.text(|| format!("{hours:.0} h ÷ {term_hours:.0} h term")),
                source: None,
            },
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metering_rounds_up_to_the_step_and_minimum() {
        // 61 minutes billed per hour: 2 h. Per second: 61 min. 30 s with a 60 s minimum: 1 min.
        assert_eq!(billed_hours(61.0 / 60.0, 3600, 0), 2.0);
        assert!((billed_hours(61.0 / 60.0, 1, 60) - 61.0 / 60.0).abs() < 1e-9);
        assert!((billed_hours(30.0 / 3600.0, 1, 60) - 1.0 / 60.0).abs() < 1e-9);
        assert_eq!(billed_hours(1.0, 3600, 0), 1.0);
        assert_eq!(billed_hours(0.0, 3600, 60), 0.0);
    }

    /// A one-month (720 h) A100 job on an 8×A100 instance at $21.96/h on-demand, against a
    /// one-year commitment at an effective $13.18/h and a monthly subscription at $15.00/h.
    #[test]
    fn one_month_a100_job_on_demand_versus_reserved() {
        // On-demand: 21.96 × 720 = 15 811.20.
        let od = on_demand_cost(21.96, 720.0, 1, 60, Detail::Full);
        assert!((od.value - 15_811.20).abs() < 1e-6);
        // One-year commitment: 13.18 × 8760 = 115 456.80, paid in full for a one-month job.
        let ri = commitment_cost(13.18, 8760.0, 720.0, Detail::Full);
        assert!((ri.value - 115_456.80).abs() < 1e-6);
        // Monthly subscription: 15.00 × 730 = 10 950 — cheaper than on-demand for a full month.
        let month = commitment_cost(15.00, 730.0, 720.0, Detail::Full);
        assert!((month.value - 10_950.0).abs() < 1e-6);
        assert!(month.value < od.value && od.value < ri.value);
        // The year pays off after 13.18 × 8760 / 21.96 = 5 257.6 h, a 60.0 % utilisation.
        let be = break_even(21.96, 13.18, 8760.0);
        assert!((be.hours - 5_257.65).abs() < 0.1, "{}", be.hours);
        assert!((be.utilisation - 0.6002).abs() < 1e-3);
    }

    #[test]
    fn a_job_longer_than_the_term_buys_another_term() {
        // 1000 h of monthly terms: ceil(1000 / 730) = 2 months.
        assert_eq!(
            commitment_cost(1.0, 730.0, 1000.0, Detail::Full).value,
            1460.0
        );
    }
}
