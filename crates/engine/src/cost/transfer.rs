//! Data moved inside a cloud and out to another each month: between availability zones of one
//! region, billed by the provider at the zone it leaves and, at some providers, again at the zone
//! it enters; and to another cloud or region, which leaves as internet egress and is usually taken
//! in free.
//!
//! A month's traffic to another cloud is priced in the egress tiers above the month's internet
//! egress: both leave through the same meter, so the second is dearer or cheaper only as far as
//! it moves the month into another tier.

use super::hidden::egress_cost;
use crate::catalog::schema::{EgressTier, ZoneTransfer};
use crate::catalog::Currency;
use crate::explain::{Detail, Numbers, Source, Term};

/// `gb` moved between two zones of a region in a month at `zones`' prices, both ends counted;
/// `to_report` converts an amount in a currency to the report's.
pub fn cross_zone_cost(
    gb: f64,
    zones: &ZoneTransfer,
    to_report: impl Fn(f64, Currency) -> f64,
    detail: impl Detail,
) -> Term {
    let gb = gb.max(0.0);
    let sent = to_report(zones.sent.price, zones.sent.currency);
    let received = to_report(zones.received.price, zones.received.currency);
    Term {
        key: "cross_zone",
        value: gb * (sent + received),
        unit: "currency",
        formula: detail.text(|| {
            let source = |s: &str| if s.is_empty() { "no source".to_string() } else { s.to_string() };
            format!(
                "{gb:.0} GB between zones in the month × ({sent:.4}/GB out of the sending zone, {} + \
                 {received:.4}/GB into the receiving zone, {})",
                source(&zones.sent.source),
                source(&zones.received.source)
            )
        }),
        source: Some(Source::Text("provider inter-zone transfer prices (catalog)")),
    }
}

/// `gb` sent to another cloud or region in a month by a provider whose internet egress is priced
/// by `tiers`, after the month's `egress_gb` to the internet: what the tiers charge for both less
/// what they charge for the egress alone, in the tiers' currency. `None` when the provider
/// publishes no egress price. The receiving end is described by `received`.
pub fn cross_cloud_cost(
    egress_gb: f64,
    gb: f64,
    tiers: &[EgressTier],
    detail: impl Detail,
    received: impl FnOnce() -> String,
) -> Option<Term> {
    let (egress_gb, gb) = (egress_gb.max(0.0), gb.max(0.0));
    let before = egress_cost(egress_gb, tiers, Numbers)?.value;
    let after = egress_cost(egress_gb + gb, tiers, detail)?;
    Some(Term {
        key: "cross_cloud",
        value: after.value - before,
        unit: "currency",
        formula: detail.text(|| {
            format!(
                "{gb:.0} GB to another cloud in the month, sent as internet egress after the month's \
                 {egress_gb:.0} GB: ({}) − {before:.2} for the egress alone; {}",
                after.formula,
                received()
            )
        }),
        source: Some(Source::Text("provider egress tiers (catalog)")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Priced;
    use crate::explain::Full;

    fn priced(price: f64, source: &str) -> Priced {
        Priced {
            price,
            currency: Currency::Usd,
            source: source.into(),
            as_of: None,
            undated: true,
            read_on: Some("2026-12-01".into()),
            note: None,
        }
    }

    fn tier(up_to_tb: Option<f64>, price: f64) -> EgressTier {
        EgressTier {
            up_to_tb,
            price: priced(price, "https://example.org/egress"),
        }
    }

    /// AWS bills data between Availability Zones of one Region at $0.01/GB in each direction:
    /// 1,000 GB moved cost 1,000 × (0.01 + 0.01) = $20. Google Cloud bills the sender only:
    /// 1,000 GB × $0.0093/GB (its $0.01 per GiB) = $9.31.
    #[test]
    fn both_ends_of_a_zone_crossing_are_counted() {
        let aws = ZoneTransfer {
            sent: priced(0.01, "https://aws.amazon.com/ec2/pricing/on-demand/"),
            received: priced(0.01, "https://aws.amazon.com/ec2/pricing/on-demand/"),
        };
        let usd = |v: f64, _| v;
        let line = cross_zone_cost(1000.0, &aws, usd, Full);
        assert!((line.value - 20.0).abs() < 1e-9, "{}", line.value);
        assert!(line.formula.contains("aws.amazon.com"), "{}", line.formula);
        let gcp = ZoneTransfer {
            sent: priced(0.01 / 1.073_741_824, "https://example.org/gcp"),
            received: priced(0.0, "https://example.org/gcp-ingress"),
        };
        let line = cross_zone_cost(1000.0, &gcp, usd, Numbers);
        assert!((line.value - 9.313_225_746).abs() < 1e-6, "{}", line.value);
        assert!(line.formula.is_empty());
        // Converted into the report's currency at the rate given.
        let cny = |v: f64, _| v * 7.0;
        assert!((cross_zone_cost(100.0, &aws, cny, Numbers).value - 14.0).abs() < 1e-9);
        assert_eq!(cross_zone_cost(-5.0, &aws, usd, Numbers).value, 0.0);
    }

    /// 5 TB to another cloud after 8 TB of egress, with $0.09 up to 10 TB then $0.085: 2,000 GB
    /// at 0.09 and 3,000 GB at 0.085, $435; with no egress before, all 5,000 GB at 0.09, $450.
    #[test]
    fn traffic_to_another_cloud_continues_the_egress_tiers() {
        let tiers = [tier(Some(10.0), 0.09), tier(None, 0.085)];
        let line =
            cross_cloud_cost(8000.0, 5000.0, &tiers, Full, || "received free".into()).unwrap();
        assert!((line.value - 435.0).abs() < 1e-9, "{}", line.value);
        assert!(line.formula.contains("received free"), "{}", line.formula);
        let alone = cross_cloud_cost(0.0, 5000.0, &tiers, Numbers, String::new).unwrap();
        assert!((alone.value - 450.0).abs() < 1e-9);
        // A provider that charges no egress charges nothing for it; one that publishes none is
        // unknown, not free.
        let free = [tier(None, 0.0)];
        assert_eq!(
            cross_cloud_cost(0.0, 5000.0, &free, Numbers, String::new)
                .unwrap()
                .value,
            0.0
        );
        assert!(cross_cloud_cost(0.0, 5000.0, &[], Numbers, String::new).is_none());
    }
}
