//! Costs besides the instance: storage, snapshots, data transfer, idle time and set-up.

use crate::catalog::schema::EgressTier;
use crate::explain::{Detail, Full, Source, Term};

/// Hours in a billing month, as providers use for GB-month prices (8760 h / 12).
pub const HOURS_PER_MONTH: f64 = 730.0;

/// A weekend left running: Friday 18:00 to Monday 08:00.
pub const WEEKEND_HOURS: f64 = 62.0;

/// GB in a TB for egress tiers (providers' tier boundaries are decimal).
const GB_PER_TB: f64 = 1000.0;

/// Storage of `gb` at `price_per_gb_month` kept for `hours` (job plus retention).
pub fn storage_cost(
    key: &'static str,
    gb: f64,
    price_per_gb_month: f64,
    hours: f64,
    detail: impl Detail,
) -> Term {
    let months = hours.max(0.0) / HOURS_PER_MONTH;
    Term {
        key,
        value: gb.max(0.0) * price_per_gb_month * months,
        unit: "currency",
        formula: detail.text(|| {
            format!("{gb:.0} GB × {price_per_gb_month:.4}/GB-month × {hours:.1} h ÷ {HOURS_PER_MONTH} h")
        }),
        source: None,
    }
}

/// Internet egress of `gb` in one month through the provider's price tiers.
///
/// Tiers are ordered by their upper bound; the last one (no bound) takes the rest. With no tiers
/// the price is unknown and the cost is `None`.
pub fn egress_cost(gb: f64, tiers: &[EgressTier], detail: impl Detail) -> Option<Term> {
    if tiers.is_empty() {
        return None;
    }
    let mut left = gb.max(0.0);
    let mut floor_gb = 0.0;
    let mut cost = 0.0;
    let mut parts = Vec::new();
    for tier in tiers {
        if left <= 0.0 {
            break;
        }
        let cap = tier
            .up_to_tb
            .map_or(f64::INFINITY, |tb| tb * GB_PER_TB - floor_gb);
        let here = left.min(cap.max(0.0));
        if here > 0.0 {
            cost += here * tier.price.price;
            if detail.is_full() {
                parts.push(format!("{here:.0} GB × {:.4}", tier.price.price));
            }
        }
        left -= here;
        floor_gb += here;
    }
    if left > 0.0 {
        // Tiers all bounded and exhausted: the last tier's price goes on.
        let last = tiers.last().map_or(0.0, |t| t.price.price);
        cost += left * last;
        if detail.is_full() {
            parts.push(format!("{left:.0} GB × {last:.4}"));
        }
    }
    Some(Term {
        key: "egress",
        value: cost,
        unit: "currency",
        formula: detail.text(|| {
            if parts.is_empty() {
                "no egress".into()
            } else {
                parts.join(" + ")
            }
        }),
        source: tiers
            .first()
            .map(|_| Source::Text("provider egress tiers (catalog)")),
    })
}

/// Paying for an instance while nobody uses it.
pub fn idle_cost(per_hour: f64, idle_hours: f64, detail: impl Detail) -> Term {
    Term {
        key: "idle",
        value: per_hour * idle_hours.max(0.0),
        unit: "currency",
        formula: detail.text(|| format!("{per_hour:.4}/h × {idle_hours:.1} h idle")),
        source: None,
    }
}

/// Idle minutes SkyPilot's autostop waits by default before stopping a cluster ("Stop after
/// default idle minutes (5)", <https://docs.skypilot.co/en/latest/reference/auto-stop.html>): the
/// grace assumed when the user has set no auto-stop and the saving of one is shown.
pub const DEFAULT_AUTO_STOP_H: f64 = 5.0 / 60.0;

/// What an auto-stop policy saves: idle periods cut short after `grace_hours` each.
pub fn auto_stop_saving(
    per_hour: f64,
    idle_hours: f64,
    idle_periods: f64,
    grace_hours: f64,
) -> Term {
    auto_stop_saving_with(per_hour, idle_hours, idle_periods, grace_hours, Full)
}

/// [`auto_stop_saving`] with its formula only when `detail` asks for it.
pub fn auto_stop_saving_with(
    per_hour: f64,
    idle_hours: f64,
    idle_periods: f64,
    grace_hours: f64,
    detail: impl Detail,
) -> Term {
    let kept = (idle_periods.max(0.0) * grace_hours.max(0.0)).min(idle_hours.max(0.0));
    let saved = (idle_hours.max(0.0) - kept) * per_hour;
    Term {
        key: "auto_stop_saving",
        value: saved,
        unit: "currency",
        formula: detail.text(|| {
            format!(
                "({idle_hours:.1} h idle − {idle_periods:.0} stop(s) × {grace_hours:.2} h grace) × {per_hour:.4}/h"
            )
        }),
        source: None,
    }
}

/// Idle hours billed: all of them, or with an auto-stop after `grace_hours`, only the grace of
/// each of `idle_periods` stretches (at least one when there are idle hours).
pub fn idle_billed(
    per_hour: f64,
    idle_hours: f64,
    idle_periods: f64,
    auto_stop: Option<f64>,
    detail: impl Detail,
) -> Term {
    let all = idle_cost(per_hour, idle_hours, detail);
    let Some(grace) = auto_stop else {
        return all;
    };
    let periods = idle_periods.max(1.0);
    let saving = auto_stop_saving_with(per_hour, idle_hours, periods, grace, detail);
    Term {
        key: "idle",
        value: all.value - saving.value,
        unit: "currency",
        formula: detail.text(|| format!("{} − auto-stop saving {}", all.formula, saving.formula)),
        source: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::schema::{Currency, Priced};
    use crate::explain::Numbers;

    fn tier(up_to_tb: Option<f64>, price: f64) -> EgressTier {
        EgressTier {
            up_to_tb,
            price: Priced {
                price,
                currency: Currency::Usd,
                source: "https://example.org".into(),
                as_of: Some("2026-11-29".into()),
                undated: false,
                read_on: Some("2026-11-30".into()),
                note: None,
            },
        }
    }

    /// A $20/h instance left running over a weekend, and what a 30-minute auto-stop saves.
    #[test]
    fn twenty_dollar_instance_idle_for_a_weekend() {
        // Friday 18:00 → Monday 08:00 = 62 h; 62 × $20 = $1 240.
        let idle = idle_cost(20.0, WEEKEND_HOURS, Full);
        assert_eq!(idle.value, 1240.0);
        // Auto-stop after 30 idle minutes: one stop keeps 0.5 h, saves (62 − 0.5) × 20 = $1 230.
        assert_eq!(
            auto_stop_saving(20.0, WEEKEND_HOURS, 1.0, 0.5).value,
            1230.0
        );
        // Billed with that auto-stop: the 30 minutes of grace, $10.
        let billed = idle_billed(20.0, WEEKEND_HOURS, 1.0, Some(0.5), Full);
        assert_eq!(billed.value, 10.0);
        assert!(billed.formula.contains("auto-stop"), "{}", billed.formula);
        // Five idle nights of 14 h with a 15-minute grace: 70 h idle, 1.25 h billed.
        let nights = idle_billed(2.0, 70.0, 5.0, Some(0.25), Numbers);
        assert!((nights.value - 2.5).abs() < 1e-9, "{}", nights.value);
        // No periods given: the idle hours are one stretch. No auto-stop: every hour is billed.
        assert_eq!(idle_billed(2.0, 10.0, 0.0, Some(1.0), Numbers).value, 2.0);
        assert_eq!(idle_billed(2.0, 10.0, 3.0, None, Numbers).value, 20.0);
        // A grace longer than the idle stretch keeps it all.
        assert_eq!(idle_billed(2.0, 1.0, 1.0, Some(3.0), Numbers).value, 2.0);
    }

    #[test]
    fn storage_is_prorated_by_the_month() {
        // 500 GB × $0.08 × 365 h / 730 h = $20.
        assert!((storage_cost("storage", 500.0, 0.08, 365.0, Full).value - 20.0).abs() < 1e-9);
    }

    #[test]
    fn egress_walks_the_tiers() {
        // 15 TB with $0.09 up to 10 TB then $0.085: 10 000 × 0.09 + 5 000 × 0.085 = $1 325.
        let tiers = [
            tier(Some(10.0), 0.09),
            tier(Some(50.0), 0.085),
            tier(None, 0.07),
        ];
        assert!((egress_cost(15_000.0, &tiers, Full).unwrap().value - 1325.0).abs() < 1e-9);
        // 100 TB: 900 + 40 000 × 0.085 + 50 000 × 0.07 = 900 + 3 400 + 3 500 = $7 800.
        assert!((egress_cost(100_000.0, &tiers, Full).unwrap().value - 7800.0).abs() < 1e-9);
        assert!(egress_cost(1.0, &[], Full).is_none());
        assert_eq!(egress_cost(0.0, &tiers, Full).unwrap().value, 0.0);
    }
}
