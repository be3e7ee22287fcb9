//! Billing modes: metered on-demand, commitments (monthly, 1-year, 3-year) and their break-even.

use crate::explain::{Detail, Full, Term};

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
    detail: impl Detail,
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
pub fn commitment_cost(per_hour: f64, term_hours: f64, hours: f64, detail: impl Detail) -> Term {
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
    /// The two figures with their formulas; empty when sized for ranking (`Numbers`).
    pub terms: Vec<Term>,
}

/// Break-even of a commitment at `committed_per_hour` over `term_hours` against `on_demand_per_hour`.
pub fn break_even(on_demand_per_hour: f64, committed_per_hour: f64, term_hours: f64) -> BreakEven {
    break_even_with(on_demand_per_hour, committed_per_hour, term_hours, Full)
}

/// [`break_even`] with formulas only when `detail` asks for them.
pub fn break_even_with(
    on_demand_per_hour: f64,
    committed_per_hour: f64,
    term_hours: f64,
    detail: impl Detail,
) -> BreakEven {
    let total = committed_per_hour * term_hours;
    let hours = total / on_demand_per_hour;
    let utilisation = hours / term_hours;
    BreakEven {
        hours,
        utilisation,
        terms: detail.terms(|| {
            let formula = format!(
                "{committed_per_hour:.4}/h × {term_hours:.0} h ÷ {on_demand_per_hour:.4}/h on-demand"
            );
            vec![
                Term {
                    key: "break_even_hours",
                    value: hours,
                    unit: "h",
                    formula,
                    source: None,
                },
                Term {
                    key: "break_even_utilisation",
                    value: utilisation * 100.0,
                    unit: "%",
                    formula: format!("{hours:.0} h ÷ {term_hours:.0} h term"),
                    source: None,
                },
            ]
        }),
    }
}

/// Most terms a commitment's curve is drawn with: a longer horizon stops at that many.
pub const MAX_TERMS: usize = 200;

/// The compute a mode bills for `hours` of use at `per_hour`: metered modes pay the hours, a
/// commitment of `term` hours pays whole terms, at least one.
///
/// This is the arithmetic [`break_even`] solves, without the metering step (under an hour on
/// the scale a job length is read at), so the point it finds lies where two such curves cross.
pub fn compute_at(per_hour: f64, term: Option<f64>, hours: f64) -> f64 {
    match term {
        Some(term) => per_hour * term * (hours / term).ceil().max(1.0),
        None => per_hour * hours.max(0.0),
    }
}

/// The corners of [`compute_at`] from 0 to `horizon` hours, enough to draw it exactly: a
/// straight line when metered, one flat step per term of a commitment (a sampled curve would
/// draw the steps as slopes), at most [`MAX_TERMS`] steps.
pub fn compute_curve(per_hour: f64, term: Option<f64>, horizon: f64) -> Vec<(f64, f64)> {
    match term {
        None => vec![(0.0, 0.0), (horizon, compute_at(per_hour, None, horizon))],
        Some(term) => {
            let terms = ((horizon / term).ceil().max(1.0) as usize).min(MAX_TERMS);
            (0..terms)
                .flat_map(|k| {
                    let start = k as f64 * term;
                    let cost = per_hour * term * (k + 1) as f64;
                    [(start, cost), ((start + term).min(horizon), cost)]
                })
                .collect()
        }
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
        let od = on_demand_cost(21.96, 720.0, 1, 60, Full);
        assert!((od.value - 15_811.20).abs() < 1e-6);
        // One-year commitment: 13.18 × 8760 = 115 456.80, paid in full for a one-month job.
        let ri = commitment_cost(13.18, 8760.0, 720.0, Full);
        assert!((ri.value - 115_456.80).abs() < 1e-6);
        // Monthly subscription: 15.00 × 730 = 10 950 — cheaper than on-demand for a full month.
        let month = commitment_cost(15.00, 730.0, 720.0, Full);
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
        assert_eq!(commitment_cost(1.0, 730.0, 1000.0, Full).value, 1460.0);
    }

    #[test]
    fn a_metered_mode_is_a_line_and_a_commitment_steps_at_each_term() {
        assert_eq!(
            compute_curve(2.0, None, 1000.0),
            vec![(0.0, 0.0), (1000.0, 2000.0)]
        );
        // A monthly term of 730 h at $1/h: one month paid from the first hour, two after 730 h.
        assert_eq!(
            compute_curve(1.0, Some(730.0), 1000.0),
            vec![
                (0.0, 730.0),
                (730.0, 730.0),
                (730.0, 1460.0),
                (1000.0, 1460.0)
            ]
        );
        // A short horizon still shows the one term paid.
        assert_eq!(
            compute_curve(5.0 / 8760.0, Some(8760.0), 24.0),
            vec![(0.0, 5.0), (24.0, 5.0)]
        );
        // A horizon of many terms stops at the most drawn.
        assert_eq!(compute_curve(1.0, Some(1.0), 1e6).len(), 2 * MAX_TERMS);
    }

    #[test]
    fn the_break_even_lies_where_the_curves_cross() {
        let (od, year) = (21.96, 13.18);
        let be = break_even(od, year, 8760.0);
        let on_demand = compute_at(od, None, be.hours);
        let committed = compute_at(year, Some(8760.0), be.hours);
        assert!(
            (on_demand - committed).abs() < 1e-6,
            "{on_demand} {committed}"
        );
        // Shorter, on-demand is cheaper; longer (within the term), the commitment.
        assert!(compute_at(od, None, be.hours - 1.0) < committed);
        assert!(compute_at(od, None, be.hours + 1.0) > committed);
    }
}
