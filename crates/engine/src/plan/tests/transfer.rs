//! Data moved between zones of a region and to another cloud, on the shipped catalog: the
//! providers' published rates on both ends, unpriced where none is published, and the pitfall
//! of keeping data away from the GPUs.

use super::*;
use crate::warning::Charge;

/// A development box at `provider`, on demand, moving `zone_gb` between zones and `cloud_gb` to
/// another cloud in the month.
fn moving(provider: &str, zone_gb: f64, cloud_gb: f64) -> Request {
    let mut req = dev_box(10.0);
    req.constraints.providers = vec![provider.into()];
    req.constraints.modes = vec![BillingMode::OnDemand];
    req.costs.cross_zone_gb = zone_gb;
    req.costs.cross_cloud_gb = cloud_gb;
    req
}

fn crossing(report: &Report<'_>) -> Option<Pitfall> {
    report
        .pitfalls
        .iter()
        .find(|p| matches!(p, Pitfall::CrossTraffic { .. }))
        .cloned()
}

/// AWS bills data between Availability Zones of a Region at $0.01/GB in each direction (its
/// EC2 on-demand pricing page, "Data Transfer within the same AWS Region"): 1,500 GB a month
/// add 1,500 × 0.01 × 2 = $30 to the same pick, and the pitfall says keeping the data in one
/// zone saves those $30.
#[test]
fn aws_cross_zone_traffic_costs_the_cited_rate_at_both_ends() {
    let aws = Catalog::builtin()
        .providers
        .iter()
        .find(|p| p.id == "aws")
        .unwrap();
    let zones = aws.cross_zone.as_ref().unwrap();
    assert_eq!((zones.sent.price, zones.received.price), (0.01, 0.01));
    assert_eq!(
        zones.sent.source,
        "https://aws.amazon.com/ec2/pricing/on-demand/"
    );

    let still = evaluate(Catalog::builtin(), &moving("aws", 0.0, 0.0)).unwrap();
    let req = moving("aws", 1500.0, 0.0);
    let moved = evaluate(Catalog::builtin(), &req).unwrap();
    let (a, b) = (still.pick().unwrap(), moved.pick().unwrap());
    assert_eq!(a.offer.id, b.offer.id);
    let extra = b.cost.expected - a.cost.expected;
    assert!((extra - 1500.0 * 0.01 * 2.0).abs() < 1e-9, "{extra}");
    assert_eq!(line(Catalog::builtin(), b, &req, "cross_zone"), Some(30.0));
    assert!(crossing(&still).is_none());
    let Some(Pitfall::CrossTraffic {
        zone_gb,
        zone_cost,
        cloud_cost,
        saving,
        share,
        ..
    }) = crossing(&moved)
    else {
        panic!("no cross-traffic pitfall: {:?}", moved.pitfalls);
    };
    assert_eq!((zone_gb, zone_cost, cloud_cost), (1500.0, Some(30.0), None));
    assert!((saving - 30.0).abs() < 1e-9);
    assert!((share - 30.0 / b.cost.expected).abs() < 1e-12);
}

/// Google Cloud charges the sending zone only ($0.01 per GiB, $0.009313 per GB), Azure and
/// Alibaba Cloud nothing between zones: no pitfall there, and nothing is assumed at a provider
/// that publishes no rate (Lambda): its line is left off with a warning that the price is unknown.
#[test]
fn zone_rates_differ_and_an_unpublished_rate_is_unknown_not_free() {
    let gb = 1000.0;
    let req = moving("gcp", gb, 0.0);
    let report = evaluate(Catalog::builtin(), &req).unwrap();
    let cost = line(
        Catalog::builtin(),
        report.pick().unwrap(),
        &req,
        "cross_zone",
    )
    .unwrap();
    assert!((cost - gb * 0.009313).abs() < 1e-9, "{cost}");

    let req = moving("azure", gb, 0.0);
    let report = evaluate(Catalog::builtin(), &req).unwrap();
    assert_eq!(
        line(
            Catalog::builtin(),
            report.pick().unwrap(),
            &req,
            "cross_zone"
        ),
        Some(0.0)
    );
    assert!(crossing(&report).is_none());

    // Alibaba Cloud's private network is free within a region (同地域内网带宽：免费), so the
    // line is there, at nothing, and no price is reported unknown.
    let req = moving("alibaba", gb, 0.0);
    let report = evaluate(Catalog::builtin(), &req).unwrap();
    let pick = report.pick().unwrap();
    assert_eq!(
        line(Catalog::builtin(), pick, &req, "cross_zone"),
        Some(0.0)
    );
    assert!(!pick.notes.iter().any(|w| matches!(
        w,
        Warning::UnknownPrice {
            item: Charge::CrossZone,
            ..
        }
    )));

    let req = moving("lambda", gb, 0.0);
    let report = evaluate(Catalog::builtin(), &req).unwrap();
    let pick = report.pick().unwrap();
    assert_eq!(line(Catalog::builtin(), pick, &req, "cross_zone"), None);
    assert!(pick.notes.iter().any(|w| matches!(
        w,
        Warning::UnknownPrice {
            item: Charge::CrossZone,
            ..
        }
    )));
}

/// Sent to another cloud, data leaves AWS as internet egress in the tiers above the month's
/// egress ($0.09/GB for the first 10 TB): 500 GB after 200 GB out cost 500 × 0.09 = $45; the
/// receiving end's ingress is stated free. Lambda charges no egress, so nothing.
#[test]
fn traffic_to_another_cloud_is_the_senders_egress() {
    let mut req = moving("aws", 0.0, 500.0);
    req.costs.egress_gb = 200.0;
    let report = evaluate(Catalog::builtin(), &req).unwrap();
    let pick = report.pick().unwrap();
    let cost = line(Catalog::builtin(), pick, &req, "cross_cloud").unwrap();
    assert!((cost - 45.0).abs() < 1e-9, "{cost}");
    let terms = explain_cost(Catalog::builtin(), pick, &req);
    let term = terms.iter().find(|t| t.key == "cross_cloud").unwrap();
    assert!(
        term.formula.contains("takes it in free"),
        "{}",
        term.formula
    );
    assert!(matches!(
        crossing(&report),
        Some(Pitfall::CrossTraffic { cloud_cost: Some(c), .. }) if (c - 45.0).abs() < 1e-9
    ));

    let req = moving("lambda", 0.0, 500.0);
    let report = evaluate(Catalog::builtin(), &req).unwrap();
    let pick = report.pick().unwrap();
    assert_eq!(
        line(Catalog::builtin(), pick, &req, "cross_cloud"),
        Some(0.0)
    );
    assert!(crossing(&report).is_none());
}

/// A provider that publishes no egress price is charged the other providers' median for the
/// traffic to another cloud, as its egress is, and says so: the missing figure does not make
/// its offers the cheapest.
#[test]
fn traffic_to_another_cloud_from_a_provider_without_egress_prices_is_the_median() {
    let req = moving("vast", 0.0, 500.0);
    let report = evaluate(Catalog::builtin(), &req).unwrap();
    let pick = report.pick().unwrap();
    assert!(pick.provider.egress.is_empty());
    let cost = line(Catalog::builtin(), pick, &req, "cross_cloud").unwrap();
    let assumed = pick.warnings().find_map(|w| match w {
        Warning::AssumedCrossCloud { amount, gb, .. } => Some((*amount, *gb)),
        _ => None,
    });
    assert_eq!(assumed, Some((cost, 500.0)));
    assert!(cost > 0.0, "{cost}");
}
