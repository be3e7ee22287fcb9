//! Spot / preemptible capacity: the checkpoint interval and the expected extra time.
//!
//! Interruptions are modelled as a Poisson process with the given rate; checkpoints are written
//! at Daly's higher-order optimum interval, and the expected wall time is Daly's estimate for
//! exponential failures (J. T. Daly, "A higher order estimate of the optimum checkpoint interval
//! for restart dumps", Future Generation Computer Systems 22 (2006) 303–312).

use crate::cite::{DALY, YOUNG};
use crate::explain::{Detail, Full, Term};

/// What the user expects of spot capacity.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpotRisk {
    /// Expected interruptions per instance-hour (0.05 = 5 %/h).
    pub interruptions_per_hour: f64,
    /// Hours from an interruption until work resumes (new instance, start-up, load checkpoint).
    pub restart_hours: f64,
    /// Hours to write one checkpoint.
    pub checkpoint_hours: f64,
}

/// Expected outcome of running `work_hours` of work on spot capacity.
#[derive(Debug, Clone, PartialEq)]
pub struct SpotOutcome {
    /// Work between checkpoints, hours.
    pub checkpoint_interval_hours: f64,
    /// Expected wall-clock (and billed) hours, interruptions included.
    pub expected_hours: f64,
    pub expected_interruptions: f64,
    /// The figures with their formulas; empty when sized for ranking (`Numbers`).
    pub terms: Vec<Term>,
}

/// Daly's optimum checkpoint interval for checkpoint cost `c` and mean time between interrupts `m`.
pub fn optimum_interval(c: f64, m: f64) -> f64 {
    if c >= 2.0 * m {
        return m;
    }
    let young = (2.0 * c * m).sqrt();
    young * (1.0 + (c / (2.0 * m)).sqrt() / 3.0 + c / (18.0 * m)) - c
}

/// Expected hours to finish `work_hours` of work on spot capacity. Without interruptions this is
/// the work plus checkpoint writes; the rate must be finite and non-negative.
pub fn expected_runtime(work_hours: f64, risk: &SpotRisk) -> SpotOutcome {
    expected_runtime_with(work_hours, risk, Full)
}

/// [`expected_runtime`] with formulas only when `detail` asks for them.
pub fn expected_runtime_with(work_hours: f64, risk: &SpotRisk, detail: impl Detail) -> SpotOutcome {
    let c = risk.checkpoint_hours.max(0.0);
    let r = risk.restart_hours.max(0.0);
    let rate = risk.interruptions_per_hour.max(0.0);
    if rate == 0.0 || work_hours <= 0.0 {
        return SpotOutcome {
            checkpoint_interval_hours: work_hours,
            expected_hours: work_hours.max(0.0),
            expected_interruptions: 0.0,
            terms: detail.terms(|| {
                vec![Term {
                    key: "spot_expected_hours",
                    value: work_hours.max(0.0),
                    unit: "h",
                    formula: "no interruptions expected: work hours".into(),
                    source: None,
                }]
            }),
        };
    }
    let m = 1.0 / rate;
    let tau = optimum_interval(c, m).min(work_hours).max(1e-6);
    // Daly (2006), expected wall time for exponential failures:
    //   T = M · e^(R/M) · (e^((τ + C)/M) − 1) · Ts / τ
    let expected = m * (r / m).exp() * (((tau + c) / m).exp_m1()) * work_hours / tau;
    let interruptions = expected * rate;
    SpotOutcome {
        checkpoint_interval_hours: tau,
        expected_hours: expected,
        expected_interruptions: interruptions,
        terms: detail.terms(|| {
            let interval = format!(
                "√(2 × {c:.3} h checkpoint × {m:.1} h between interruptions) with Daly's correction"
            );
            let hours = format!(
                "{m:.1} × e^({r:.3}/{m:.1}) × (e^(({tau:.3}+{c:.3})/{m:.1}) − 1) × {work_hours:.2} h ÷ {tau:.3}"
            );
            vec![
                Term {
                    key: "checkpoint_interval",
                    value: tau,
                    unit: "h",
                    formula: interval,
                    source: Some(YOUNG),
                },
                Term {
                    key: "spot_expected_hours",
                    value: expected,
                    unit: "h",
                    formula: hours,
                    source: Some(DALY),
                },
                Term {
                    key: "spot_interruptions",
                    value: interruptions,
                    unit: "",
                    formula: format!("{expected:.2} h × {rate:.3}/h"),
                    source: None,
                },
            ]
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spot at a 60 % discount, 5 %/h interruptions, 10-minute restarts, 5-minute checkpoints,
    /// for 100 h of work priced at $10/h on-demand.
    #[test]
    fn spot_at_sixty_percent_off_with_five_percent_hourly_interruptions() {
        let risk = SpotRisk {
            interruptions_per_hour: 0.05,
            restart_hours: 10.0 / 60.0,
            checkpoint_hours: 5.0 / 60.0,
        };
        let out = expected_runtime(100.0, &risk);
        // M = 20 h, C = 1/12 h. Young: √(2 × 1/12 × 20) = 1.8257 h; Daly's factor
        // 1 + √(C/2M)/3 + C/18M = 1.015446, minus C: τ = 1.8539 − 0.0833 = 1.7706 h.
        assert!((out.checkpoint_interval_hours - 1.7706).abs() < 1e-3);
        // T = 20 × e^(0.1667/20) × (e^(1.8539/20) − 1) × 100 / 1.7706 = 110.6 h.
        assert!(
            (out.expected_hours - 110.6).abs() < 0.2,
            "{}",
            out.expected_hours
        );
        // ≈ 5.5 interruptions. Cost: 110.6 h × $4/h = $442 against $1 000 on-demand.
        assert!((out.expected_interruptions - 5.53).abs() < 0.05);
        let spot_cost = out.expected_hours * 10.0 * (1.0 - 0.6);
        assert!((spot_cost - 442.4).abs() < 1.0, "{spot_cost}");
    }

    #[test]
    fn no_interruptions_means_no_overhead() {
        let risk = SpotRisk {
            interruptions_per_hour: 0.0,
            restart_hours: 0.5,
            checkpoint_hours: 0.1,
        };
        assert_eq!(expected_runtime(10.0, &risk).expected_hours, 10.0);
    }

    #[test]
    fn more_interruptions_never_finish_sooner() {
        let mut last = 0.0;
        for rate in [0.001, 0.01, 0.05, 0.1, 0.3, 1.0] {
            let risk = SpotRisk {
                interruptions_per_hour: rate,
                restart_hours: 0.1,
                checkpoint_hours: 0.05,
            };
            let t = expected_runtime(50.0, &risk).expected_hours;
            assert!(t.is_finite() && t >= last, "{rate}: {t} < {last}");
            last = t;
        }
    }
}
