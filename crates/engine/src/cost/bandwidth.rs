//! Fixed public bandwidth (按固定带宽): a port of so many Mbps paid by the month, whatever
//! crosses it, against paying by traffic (按流量) for the GB that leave.
//!
//! Chinese clouds sell both. A fixed port costs the same however much is sent, so it wins when
//! a port is kept busy and loses when it sits idle; the break-even is the utilisation where a
//! month of the port's traffic priced per GB equals the port's monthly price.

use super::hidden::HOURS_PER_MONTH;
use crate::catalog::schema::BandwidthTier;
use crate::explain::{Detail, Source, Term};

/// Bits in a byte, and bits per Mbps-second over bytes per GB: 1 Mbps for one second is
/// 10⁶ / 8 bytes, a GB 10⁹ bytes (providers count traffic in decimal GB).
const GB_PER_MBPS_SECOND: f64 = 1e6 / 8.0 / 1e9;

/// GB a port of `mbps` carries in a billing month (730 h) when kept full.
pub fn month_capacity_gb(mbps: f64) -> f64 {
    mbps.max(0.0) * GB_PER_MBPS_SECOND * HOURS_PER_MONTH * 3600.0
}

/// The smallest whole number of Mbps that carries `gb` in a month at a flat rate.
pub fn mbps_for(gb: f64) -> f64 {
    let exact = gb.max(0.0) / month_capacity_gb(1.0);
    exact.ceil().max(1.0)
}

/// One month of a fixed port of `mbps` through the provider's tiers (each Mbps priced by the
/// tier it falls in); `None` when the provider sells no fixed bandwidth.
pub fn fixed_month_cost(mbps: f64, tiers: &[BandwidthTier], detail: impl Detail) -> Option<Term> {
    let last = tiers.last()?;
    let mut left = mbps.max(0.0);
    let mut floor = 0.0;
    let mut cost = 0.0;
    let mut parts = Vec::new();
    for tier in tiers {
        let cap = tier.up_to_mbps.map_or(f64::INFINITY, |up| up - floor);
        let here = left.min(cap.max(0.0));
        if here > 0.0 {
            cost += here * tier.price.price;
            if detail.is_full() {
                parts.push(format!("{here} Mbps × {}", tier.price.price));
            }
        }
        left -= here;
        floor += here;
    }
    if left > 0.0 {
        // Every tier bounded and used up: the last tier's price goes on.
        cost += left * last.price.price;
        if detail.is_full() {
            parts.push(format!("{left} Mbps × {}", last.price.price));
        }
    }
    Some(Term {
        key: "bandwidth",
        value: cost,
        unit: "currency",
        formula: detail.text(|| format!("({}) per month, one month", parts.join(" + "))),
        source: Some(Source::Text("provider fixed-bandwidth tiers (catalog)")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{Currency, Priced};
    use crate::explain::{Full, Numbers};

    fn tier(up: Option<f64>, price: f64) -> BandwidthTier {
        BandwidthTier {
            up_to_mbps: up,
            price: Priced {
                price,
                currency: Currency::Cny,
                source: "https://example.com".into(),
                as_of: None,
                undated: true,
                read_on: None,
                note: None,
            },
        }
    }

    /// Tencent's own worked example: 5 Mbps a month is 20 × 2 + 25 × 3 = 115 元, and 15 Mbps
    /// adds 10 × 90 (1,015 元 a month; its example doubles that for two months: 2,030 元).
    #[test]
    fn tiers_price_each_mbps_where_it_falls() {
        let tencent = [
            tier(Some(2.0), 20.0),
            tier(Some(5.0), 25.0),
            tier(None, 90.0),
        ];
        let at = |mbps| fixed_month_cost(mbps, &tencent, Full).unwrap();
        assert_eq!(at(5.0).value, 115.0);
        assert_eq!(at(15.0).value, 1015.0);
        assert_eq!(at(1.0).value, 20.0);
        assert!(at(15.0).formula.contains("10 Mbps × 90"));
        // Alibaba's example: 7 Mbps = 125 + (7 - 5) × 80 = 285 元 a month.
        let alibaba = [tier(Some(5.0), 25.0), tier(None, 80.0)];
        assert_eq!(
            fixed_month_cost(7.0, &alibaba, Numbers).unwrap().value,
            285.0
        );
        assert!(fixed_month_cost(7.0, &[], Numbers).is_none());
        // All tiers bounded: the last price goes on.
        let bounded = [tier(Some(5.0), 10.0)];
        assert_eq!(
            fixed_month_cost(8.0, &bounded, Numbers).unwrap().value,
            80.0
        );
    }

    /// 1 Mbps for 730 h is 0.125 MB/s × 2,628,000 s = 328.5 GB.
    #[test]
    fn a_port_carries_what_its_rate_allows() {
        assert!((month_capacity_gb(1.0) - 328.5).abs() < 1e-9);
        assert!((month_capacity_gb(100.0) - 32_850.0).abs() < 1e-6);
        assert_eq!(mbps_for(328.5), 1.0);
        assert_eq!(mbps_for(329.0), 2.0);
        assert_eq!(mbps_for(0.0), 1.0);
    }
}
