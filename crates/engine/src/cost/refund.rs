//! A subscription (包年包月) cancelled before its term: what the provider's published rule
//! gives back, and what the subscription then costs against paying as you go.
//!
//! A subscription is bought month by month ([`months_paid`]), so only the month it is
//! cancelled in is cut short: whole months before it are consumed at the month's price, and the
//! provider's [`RefundRule`] says how much of the cut month counts as used.

use super::hidden::HOURS_PER_MONTH;
use crate::catalog::{Refund, RefundRule};
use crate::explain::{Detail, Term};

/// `hours` of use split into whole months and the hours of the month cut short; `None` when no
/// month is cut short (the hours end on a month's boundary).
fn split(hours: f64) -> (f64, Option<f64>) {
    let hours = hours.max(0.0);
    let whole = (hours / HOURS_PER_MONTH).floor();
    let rest = hours - whole * HOURS_PER_MONTH;
    (whole, (rest > 0.0 || whole == 0.0).then_some(rest))
}

/// Days of the month cut short that Alibaba Cloud's rule counts: a part-day counts whole.
fn days_counted(rest: f64) -> f64 {
    (rest / 24.0).ceil()
}

/// What `refund` counts as used of a month at `monthly` cut short after `rest` hours, handling
/// fee included; `None` when the rule needs the on-demand rate and there is none.
fn cut_month_used(refund: &Refund, monthly: f64, on_demand: Option<f64>, rest: f64) -> Option<f64> {
    let used = match refund.rule {
        RefundRule::OnDemandHours => on_demand? * rest,
        RefundRule::DaysProRata => monthly * (days_counted(rest) * 24.0 / HOURS_PER_MONTH).min(1.0),
        RefundRule::HoursProRata => monthly * rest.floor() / HOURS_PER_MONTH,
    };
    Some(used + refund.handling_fee * monthly)
}

/// What the subscription's months count as consumed after `hours` of use under `refund`'s rule,
/// with the month's price `monthly` and the on-demand rate `on_demand` per hour (read only by
/// the rule that charges the cut month on demand: `None` there gives `None`).
pub fn consumed(refund: &Refund, monthly: f64, on_demand: Option<f64>, hours: f64) -> Option<f64> {
    let (whole, cut) = split(hours);
    let cut = match cut {
        Some(rest) => cut_month_used(refund, monthly, on_demand, rest)?,
        None => 0.0,
    };
    Some(monthly * whole + cut)
}

/// Months a subscription bought month by month must pay to cover `hours` (at least one).
pub fn months_paid(hours: f64) -> f64 {
    (hours.max(0.0) / HOURS_PER_MONTH).ceil().max(1.0)
}

/// How the month cut short is counted, for the refund line's formula.
fn cut_month_text(refund: &Refund, monthly: f64, on_demand: Option<f64>, rest: f64) -> String {
    let mut text = match refund.rule {
        RefundRule::OnDemandHours => {
            format!("{:.4}/h on demand × {rest:.1} h", on_demand.unwrap_or(0.0))
        }
        RefundRule::DaysProRata => format!(
            "{monthly:.2} × {} day(s) used (a part-day counts whole) / {:.2} days in the month",
            days_counted(rest),
            HOURS_PER_MONTH / 24.0
        ),
        RefundRule::HoursProRata => format!(
            "{monthly:.2} × {} whole hour(s) used / {HOURS_PER_MONTH} h in the month",
            rest.floor()
        ),
    };
    if refund.handling_fee > 0.0 {
        text.push_str(&format!(
            " + handling fee {:.0} % × {monthly:.2}",
            refund.handling_fee * 100.0
        ));
    }
    text
}

/// The refund, as a negative cost line, of a subscription at `monthly` a month cancelled after
/// `hours` of use (it paid [`months_paid`]): what was paid less what `refund`'s rule counts as
/// consumed, never below zero. `None` when the rule needs an on-demand rate and there is none.
pub fn refund_line(
    refund: &Refund,
    monthly: f64,
    on_demand: Option<f64>,
    hours: f64,
    detail: impl Detail,
) -> Option<Term> {
    let paid = monthly * months_paid(hours);
    let used = consumed(refund, monthly, on_demand, hours)?;
    let back = (paid - used).max(0.0);
    Some(Term {
        key: "refund",
        value: -back,
        unit: "currency",
        formula: detail.text(|| {
            let (whole, cut) = split(hours);
            let cut = cut
                .map(|rest| format!(" + {}", cut_month_text(refund, monthly, on_demand, rest)))
                .unwrap_or_default();
            let note = refund
                .note
                .as_deref()
                .map(|n| format!("; {n}"))
                .unwrap_or_default();
            format!(
                "cancelled after {hours:.1} h: paid {paid:.2} − consumed ({monthly:.2} a month × \
                 {whole} whole month(s){cut} = {used:.2}), at least 0 (the provider's refund \
                 rule, {}{note})",
                refund.source
            )
        }),
        source: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::{Full, Numbers};

    fn rule(rule: RefundRule, handling_fee: f64) -> Refund {
        Refund {
            rule,
            handling_fee,
            source: "https://example.org/refund".into(),
            as_of: None,
            undated: true,
            read_on: None,
            note: None,
        }
    }

    fn tencent() -> Refund {
        rule(RefundRule::OnDemandHours, 0.0)
    }

    /// Tencent Cloud's own worked example (案例一, 场景2): a 1-year CVM at 51 元 a month, cancelled
    /// after 120 h; its on-demand price is tiered (0.42 元/h for 96 h, 0.21 after), so one flat
    /// rate of (0.42 × 96 + 0.21 × 24) / 120 = 0.378 元/h stands for it: 45.36 元 consumed.
    #[test]
    fn the_providers_worked_example_is_reproduced() {
        let used = consumed(&tencent(), 51.0, Some(0.378), 120.0).unwrap();
        assert!((used - 45.36).abs() < 1e-9);
        // Seven whole months and 120 h (案例二 without its discount and bandwidth): 7 × 71 +
        // 45.36 + 0.063 × 120 = 550.92 for a 71 元 month whose hours cost 0.378 + 0.063.
        let used = consumed(&tencent(), 71.0, Some(0.441), 7.0 * HOURS_PER_MONTH + 120.0).unwrap();
        assert!((used - (7.0 * 71.0 + 0.441 * 120.0)).abs() < 1e-9);
        // Without an on-demand rate this rule has nothing to charge the cut month at.
        assert_eq!(consumed(&tencent(), 51.0, None, 120.0), None);
    }

    /// Alibaba Cloud's ECS billing FAQ: a 30-day subscription bought for USD 30 and cancelled
    /// after 10 days refunds its remaining value, USD 20. The engine's month is 730 h (30.42
    /// days), so the 10 days are 240/730 of the month; a part-day counts as a whole day.
    #[test]
    fn alibaba_refunds_the_remaining_days_value() {
        let alibaba = rule(RefundRule::DaysProRata, 0.0);
        let month = 30.0 * HOURS_PER_MONTH / 720.0; // USD 1 a day
        let back = refund_line(&alibaba, month, None, 240.0, Numbers).unwrap();
        assert!((back.value + (month - 10.0)).abs() < 1e-9, "{}", back.value);
        // 9 days and an hour count as 10 days.
        let later = refund_line(&alibaba, month, None, 217.0, Full).unwrap();
        assert_eq!(later.value, back.value);
        assert!(later.formula.contains("10 day(s)"), "{}", later.formula);
        // Whole months before the cut one are consumed at the month's price.
        let used = consumed(&alibaba, month, None, 2.0 * HOURS_PER_MONTH + 24.0).unwrap();
        assert!((used - (2.0 * month + 1.0)).abs() < 1e-9);
    }

    /// Huawei Cloud's rule: 已消费金额 = 实付金额 × 实际消费时长 / 订单总时长, in whole hours, and
    /// a handling fee of 10 % of a monthly order's payment: a 730 元 month cancelled after 100.5 h
    /// refunds 730 − 100 − 73 = 557 元, and nothing once the used share and the fee reach the
    /// month.
    #[test]
    fn huawei_refunds_the_unused_hours_less_its_handling_fee() {
        let huawei = rule(RefundRule::HoursProRata, 0.10);
        let line = refund_line(&huawei, 730.0, None, 100.5, Full).unwrap();
        assert!((line.value + 557.0).abs() < 1e-9, "{}", line.value);
        assert!(
            line.formula.contains("handling fee 10 %"),
            "{}",
            line.formula
        );
        let line = refund_line(&huawei, 730.0, None, 700.0, Numbers).unwrap();
        assert_eq!(line.value, 0.0);
        // A job ending on a month's boundary cancels nothing and pays no fee.
        let used = consumed(&huawei, 730.0, None, HOURS_PER_MONTH).unwrap();
        assert!((used - 730.0).abs() < 1e-9);
    }

    /// A month cut short refunds what its hours on demand do not use up, and nothing once they
    /// cost more than the month.
    #[test]
    fn a_short_month_refunds_the_rest_and_never_less_than_nothing() {
        let line = refund_line(&tencent(), 730.0, Some(2.0), 100.0, Full).unwrap();
        assert!((line.value + (730.0 - 200.0)).abs() < 1e-9);
        assert!(line.formula.contains("example.org"), "{}", line.formula);
        let line = refund_line(&tencent(), 730.0, Some(2.0), 500.0, Numbers).unwrap();
        assert_eq!(line.value, 0.0);
        assert_eq!(months_paid(0.0), 1.0);
        assert_eq!(months_paid(731.0), 2.0);
    }
}
