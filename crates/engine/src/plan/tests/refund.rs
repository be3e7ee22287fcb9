//! Subscriptions cancelled early on the shipped catalog: Tencent Cloud's and Alibaba Cloud's
//! published refund rules for a job's last month, and the pitfall setting months of
//! subscription against paying as you go.

use super::*;
use crate::catalog::RefundRule;
use crate::cost::hidden::HOURS_PER_MONTH;

fn dev(provider: &str, hours: f64, modes: Vec<BillingMode>) -> Request {
    let mut req = request(
        "llama-3.1-8b",
        Workload::DevBox(DevBox {
            hours,
            min_gpu_memory_gib: 24.0,
            non_cuda: false,
        }),
    );
    req.constraints.providers = vec![provider.into()];
    req.constraints.modes = modes;
    req.costs.currency = Currency::Cny;
    req
}

/// A 100 h job on a Tencent Cloud monthly subscription pays the month, and the rule gives back
/// what the hours on demand do not use: the subscription costs what paying as you go does.
#[test]
fn a_job_cancels_its_month_and_tencent_refunds_the_rest() {
    let req = dev("tencent", 100.0, vec![BillingMode::Monthly]);
    let report = evaluate(Catalog::builtin(), &req).unwrap();
    let pick = report.pick().unwrap();
    let line = |k: &str| line(Catalog::builtin(), pick, &req, k);
    let hours = 100.0 + req.costs.setup_h;
    let month = pick.price_per_hour * HOURS_PER_MONTH;
    let od = pick.offer.quote(BillingMode::OnDemand).unwrap().per_hour;
    assert!((line("compute").unwrap() - month).abs() < 1e-6);
    assert!((line("refund").unwrap() + (month - od * hours)).abs() < 1e-6);
    let explained = explain_cost(Catalog::builtin(), pick, &req);
    let refund = explained.iter().find(|t| t.key == "refund").unwrap();
    assert!(
        refund.formula.contains("qcloud-documents"),
        "{}",
        refund.formula
    );
    assert_eq!(Some(refund.value), line("refund"));
}

/// The same job at Alibaba Cloud refunds the month's remaining value: the days used, a
/// part-day counted whole, at the month's price pro rata, whatever the on-demand rate.
#[test]
fn a_job_cancels_its_month_and_alibaba_refunds_the_unused_days() {
    let req = dev("alibaba", 100.0, vec![BillingMode::Monthly]);
    let report = evaluate(Catalog::builtin(), &req).unwrap();
    let pick = report.pick().unwrap();
    let line = |k: &str| line(Catalog::builtin(), pick, &req, k);
    let hours = 100.0 + req.costs.setup_h;
    let month = pick.price_per_hour * HOURS_PER_MONTH * f64::from(pick.instances);
    let days = (hours / 24.0).ceil();
    assert!((line("compute").unwrap() - month).abs() < 1e-6);
    let back = month * (1.0 - days * 24.0 / HOURS_PER_MONTH);
    assert!((line("refund").unwrap() + back).abs() < 1e-6);
    let explained = explain_cost(Catalog::builtin(), pick, &req);
    let refund = explained.iter().find(|t| t.key == "refund").unwrap();
    assert!(refund.formula.contains("billing-faq"), "{}", refund.formula);
    assert!(refund.formula.contains("day(s) used"), "{}", refund.formula);
}

fn stopped(report: &Report) -> Option<(f64, f64, f64, Option<RefundRule>)> {
    report.pitfalls.iter().find_map(|p| match p {
        Pitfall::SubscriptionStoppedEarly {
            subscription,
            pay_as_you_go,
            refunded,
            refund_rule,
            ..
        } => Some((*subscription, *pay_as_you_go, *refunded, *refund_rule)),
        _ => None,
    })
}

/// Kept 1.2 months: at Alibaba Cloud one month and the 7 days (146 h, rounded up) of the
/// second at the month's price pro rata, against 876 h on demand; at Tencent Cloud one month
/// and 146 h on demand, never more than paying as you go.
#[test]
fn a_subscription_stopped_early_is_set_against_pay_as_you_go() {
    let mut req = dev("alibaba", 10.0, Vec::new());
    req.costs.stop_after_months = Some(1.2);
    let report = evaluate(Catalog::builtin(), &req).unwrap();
    let pick = report.pick().unwrap();
    let (sub, payg, back, rule) = stopped(&report).expect("the pitfall");
    let monthly = pick.offer.quote(BillingMode::Monthly).unwrap().per_hour * HOURS_PER_MONTH;
    let od = pick.offer.quote(BillingMode::OnDemand).unwrap().per_hour;
    let n = f64::from(pick.instances);
    let kept = monthly * (1.0 + 7.0 * 24.0 / HOURS_PER_MONTH);
    assert_eq!(rule, Some(RefundRule::DaysProRata));
    assert!((sub - kept * n).abs() < 1e-6);
    assert!((back - (2.0 * monthly * n - sub)).abs() < 1e-6);
    assert!((payg - 1.2 * HOURS_PER_MONTH * od * n).abs() < 1e-6);

    let mut req = dev("tencent", 10.0, Vec::new());
    req.costs.stop_after_months = Some(1.2);
    let report = evaluate(Catalog::builtin(), &req).unwrap();
    let pick = report.pick().unwrap();
    let (sub, payg, back, rule) = stopped(&report).expect("the pitfall");
    let monthly = pick.offer.quote(BillingMode::Monthly).unwrap().per_hour * HOURS_PER_MONTH;
    let od = pick.offer.quote(BillingMode::OnDemand).unwrap().per_hour;
    let n = f64::from(pick.instances);
    let kept = monthly + od * 0.2 * HOURS_PER_MONTH;
    assert!(rule == Some(RefundRule::OnDemandHours) && sub <= payg);
    assert!((sub - kept.min(2.0 * monthly) * n).abs() < 1e-6);
    assert!((back - (2.0 * monthly * n - sub)).abs() < 1e-6);
    // Without the field, no such pitfall.
    req.costs.stop_after_months = None;
    assert!(stopped(&evaluate(Catalog::builtin(), &req).unwrap()).is_none());
}
