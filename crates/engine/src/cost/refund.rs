//! A subscription (包年包月) cancelled before its term: what the provider's published rule
//! gives back, and what the subscription then costs against paying as you go.

use super::hidden::HOURS_PER_MONTH;
use crate::catalog::{Refund, RefundRule};
use crate::explain::{Detail, Term};

/// What the subscription's months count as consumed after `hours` of use under `rule`, with the
/// month's price `monthly` and the on-demand rate `on_demand` per hour.
pub fn consumed(rule: RefundRule, monthly: f64, on_demand: f64, hours: f64) -> f64 {
    match rule {
        RefundRule::UsedMonthsThenOnDemand => {
            let whole = (hours.max(0.0) / HOURS_PER_MONTH).floor();
            monthly * whole + on_demand * (hours.max(0.0) - whole * HOURS_PER_MONTH)
        }
    }
}

/// Months a subscription bought month by month must pay to cover `hours` (at least one).
pub fn months_paid(hours: f64) -> f64 {
    (hours.max(0.0) / HOURS_PER_MONTH).ceil().max(1.0)
}

/// The refund, as a negative cost line, of a subscription at `monthly` a month cancelled after
/// `hours` of use (it paid [`months_paid`]): what was paid less what `refund`'s rule counts as
/// consumed, never below zero.
pub fn refund_line(
    refund: &Refund,
    monthly: f64,
    on_demand: f64,
    hours: f64,
    detail: Detail,
) -> Term {
    let paid = monthly * months_paid(hours);
    let used = consumed(refund.rule, monthly, on_demand, hours);
    let back = (paid - used).max(0.0);
    Term {
        key: "refund",
        value: -back,
        unit: "currency",
        formula: detail.text(|| {
            let whole = (hours.max(0.0) / HOURS_PER_MONTH).floor();
            let rest = hours.max(0.0) - whole * HOURS_PER_MONTH;
            format!(
                "cancelled after {hours:.1} h: paid {paid:.2} − consumed ({monthly:.2} a month × \
                 {whole} whole month(s) + {on_demand:.4}/h on demand × {rest:.1} h = {used:.2}), \
                 at least 0 (the provider's refund rule, {})",
                refund.source
            )
        }),
        source: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tencent() -> Refund {
        Refund {
            rule: RefundRule::UsedMonthsThenOnDemand,
            source: "https://example.org/refund".into(),
            as_of: None,
            undated: true,
            read_on: None,
        }
    }

    /// Tencent Cloud's own worked example (案例一, 场景2): a 1-year CVM at 51 元 a month, cancelled
    /// after 120 h; its on-demand price is tiered (0.42 元/h for 96 h, 0.21 after), so one flat
    /// rate of (0.42 × 96 + 0.21 × 24) / 120 = 0.378 元/h stands for it: 45.36 元 consumed.
    #[test]
    fn the_providers_worked_example_is_reproduced() {
        let used = consumed(RefundRule::UsedMonthsThenOnDemand, 51.0, 0.378, 120.0);
        assert!((used - 45.36).abs() < 1e-9);
        // Seven whole months and 120 h (案例二 without its discount and bandwidth): 7 × 71 +
        // 45.36 + 0.063 × 120 = 550.92 for a 71 元 month whose hours cost 0.378 + 0.063.
        let used = consumed(
            RefundRule::UsedMonthsThenOnDemand,
            71.0,
            0.441,
            7.0 * HOURS_PER_MONTH + 120.0,
        );
        assert!((used - (7.0 * 71.0 + 0.441 * 120.0)).abs() < 1e-9);
    }

    /// A month cut short refunds what its hours on demand do not use up, and nothing once they
    /// cost more than the month.
    #[test]
    fn a_short_month_refunds_the_rest_and_never_less_than_nothing() {
        let line = refund_line(&tencent(), 730.0, 2.0, 100.0, Detail::Full);
        assert!((line.value + (730.0 - 200.0)).abs() < 1e-9);
        assert!(line.formula.contains("example.org"), "{}", line.formula);
        let line = refund_line(&tencent(), 730.0, 2.0, 500.0, Detail::Numbers);
        assert_eq!(line.value, 0.0);
        assert_eq!(months_paid(0.0), 1.0);
        assert_eq!(months_paid(731.0), 2.0);
    }
}
