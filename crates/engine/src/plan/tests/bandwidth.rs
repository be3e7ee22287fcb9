//! Public bandwidth on the Chinese clouds of the shipped catalog: a fixed port by the month
//! against the same egress paid by the GB, with the published tiers, and a shared bandwidth
//! package where one is published.

use super::*;

/// The report for [`at_request`].
fn at(provider: &str, egress_gb: f64, mbps: f64) -> Report<'static> {
    evaluate(Catalog::builtin(), &at_request(provider, egress_gb, mbps)).unwrap()
}

fn bandwidth_pitfall<'a>(report: &'a Report<'_>) -> Option<&'a Pitfall> {
    report
        .pitfalls
        .iter()
        .find(|p| matches!(p, Pitfall::BandwidthBilling { .. }))
}

/// 100 Mbps fixed at Alibaba Cloud: 5 × 25 + 95 × 80 = 7,725 元 a month is on the bill in place
/// of the traffic, and the pitfall sets it against 2,000 GB by traffic, 2,000 × 0.80 = 1,600 元:
/// 6,125 元 a month at stake. The port would carry 32,850 GB; private traffic in the region is free.
#[test]
fn a_fixed_100_mbps_port_is_priced_both_ways() {
    let report = at("alibaba", 2000.0, 100.0);
    let pick = report.pick().unwrap();
    let req = at_request("alibaba", 2000.0, 100.0);
    let pick_line = |k: &str| line(Catalog::builtin(), pick, &req, k);
    assert_eq!(pick_line("bandwidth"), Some(7725.0));
    assert_eq!(pick_line("egress"), None);
    let Some(Pitfall::BandwidthBilling {
        mbps,
        stated,
        fixed,
        traffic,
        capacity_gb,
        intranet_free,
        ..
    }) = bandwidth_pitfall(&report)
    else {
        panic!("no bandwidth pitfall: {:?}", report.pitfalls);
    };
    assert_eq!((*mbps, *stated, *intranet_free), (100.0, true, true));
    assert!((capacity_gb - 32_850.0).abs() < 1e-6);
    assert!((fixed - 7725.0).abs() < 1e-9 && (traffic - 1600.0).abs() < 1e-9);
    // The explanation names the tiers.
    let explained = explain_cost(Catalog::builtin(), pick, &req);
    let port = explained.iter().find(|t| t.key == "bandwidth").unwrap();
    assert!(port.formula.contains("95 Mbps × 80"), "{}", port.formula);
    assert_eq!(port.value, 7725.0);

    // Tencent Cloud (广州/上海/北京): 2 × 20 + 3 × 25 + 95 × 90 = 8,665 元 a month.
    let tencent = at("tencent", 2000.0, 100.0);
    let tpick = tencent.pick().unwrap();
    let treq = at_request("tencent", 2000.0, 100.0);
    let tline = line(Catalog::builtin(), tpick, &treq, "bandwidth");
    assert_eq!(tline, Some(8665.0));
    // Tencent also publishes a shared bandwidth package, 108 元 per Mbps of the month's peak:
    // 10,800 元 for the same 100 Mbps, dearer than the port. Alibaba's is not in the catalog.
    let Some(Pitfall::BandwidthBilling { package, .. }) = bandwidth_pitfall(&tencent) else {
        panic!("no bandwidth pitfall: {:?}", tencent.pitfalls);
    };
    assert_eq!(*package, Some(10_800.0));
    let Some(Pitfall::BandwidthBilling { package, .. }) = bandwidth_pitfall(&report) else {
        unreachable!()
    };
    assert_eq!(*package, None);
}

/// A small development box at one provider, priced in yuan, with `egress_gb` out a month and a
/// fixed port of `mbps` (0: none).
fn at_request(provider: &str, egress_gb: f64, mbps: f64) -> Request {
    let mut req = dev_box(10.0);
    req.constraints.providers = vec![provider.into()];
    req.costs.currency = Currency::Cny;
    req.costs.egress_gb = egress_gb;
    req.costs.bandwidth_mbps = mbps;
    req
}

/// 20,000 GB a month by traffic at Alibaba Cloud is 16,000 元; 61 Mbps carries it at a flat rate
/// (20,000 ÷ 328.5 = 60.9) for 125 + 56 × 80 = 4,605 元, so the pitfall suggests the port and
/// 11,395 元 a month is at stake. 20 GB is cheaper by traffic (16 元 against a 1 Mbps port's
/// 25 元): no suggestion.
#[test]
fn heavy_egress_is_told_the_port_that_would_carry_it() {
    let report = at("alibaba", 20_000.0, 0.0);
    let pick = report.pick().unwrap();
    let req = at_request("alibaba", 20_000.0, 0.0);
    assert_eq!(
        line(Catalog::builtin(), pick, &req, "egress"),
        Some(16_000.0)
    );
    let Some(Pitfall::BandwidthBilling {
        mbps,
        stated,
        fixed,
        traffic,
        ..
    }) = bandwidth_pitfall(&report)
    else {
        panic!("no bandwidth pitfall: {:?}", report.pitfalls);
    };
    assert_eq!((*mbps, *stated), (61.0, false));
    assert!((fixed - 4605.0).abs() < 1e-9 && (traffic - 16_000.0).abs() < 1e-9);
    assert!(bandwidth_pitfall(&at("alibaba", 20.0, 0.0)).is_none());
    // A provider that sells no fixed port: nothing to compare, and a stated port is not billed.
    let aws = at("aws", 20_000.0, 100.0);
    assert!(bandwidth_pitfall(&aws).is_none());
    let apick = aws.pick().unwrap();
    let areq = at_request("aws", 20_000.0, 100.0);
    assert_eq!(line(Catalog::builtin(), apick, &areq, "bandwidth"), None);
    assert!(line(Catalog::builtin(), apick, &areq, "egress").is_some());
}
