//! The bill's lines for data moved between zones of the pick's region and to another cloud:
//! each at the provider's own published price. Where a provider publishes no egress price, the
//! traffic to another cloud is charged at the other providers' median, as its egress is; a
//! provider without an inter-zone price has that line left off with a warning.

use super::Basis;
use crate::catalog::{Catalog, Provider};
use crate::cost::transfer::{cross_cloud_cost, cross_zone_cost};
use crate::explain::{Detail, Numbers, Term};
use crate::plan::Request;
use crate::warning::{Charge, Warning};

/// How the catalog's providers take data in: how many state their ingress free, and how many
/// state a charge for it. The receiving end of traffic sent to another cloud is described by it,
/// since which cloud receives is not asked.
#[derive(Debug, Clone, Copy, Default)]
pub(in crate::plan) struct Ingress {
    free: usize,
    charged: usize,
}

impl Ingress {
    pub(super) fn of(catalog: &Catalog) -> Ingress {
        let stated = |free| {
            catalog
                .providers
                .iter()
                .filter(|p| p.free_ingress == Some(free))
                .count()
        };
        Ingress {
            free: stated(true),
            charged: stated(false),
        }
    }

    fn words(self) -> String {
        match self.charged {
            0 => format!(
                "the receiving cloud takes it in free (all {} providers of the catalog that state an \
                 ingress price state none)",
                self.free
            ),
            n => format!(
                "the receiving cloud's ingress is not counted ({} providers of the catalog take data \
                 in free, {n} charge for it)",
                self.free
            ),
        }
    }
}

/// The month's traffic between zones and to another cloud, as lines appended to `out`. A fixed
/// port bought (`port`) carries the traffic to another cloud at no charge per GB.
pub(super) fn lines(
    out: &mut impl super::lines::Sink,
    b: &Basis,
    request: &Request,
    port: bool,
    detail: impl Detail,
) {
    let costs = &request.costs;
    let to_report = |amount: f64, from| costs.fx.convert(amount, from, costs.currency);
    if costs.cross_zone_gb > 0.0 {
        if let Some(zones) = &b.provider.cross_zone {
            out.push(cross_zone_cost(
                costs.cross_zone_gb,
                zones,
                to_report,
                detail,
            ));
        }
    }
    let gb = costs.cross_cloud_gb;
    if gb <= 0.0 {
        return;
    }
    if port {
        out.push(Term {
            key: "cross_cloud",
            value: 0.0,
            unit: "currency",
            formula: detail.text(|| {
                format!(
                    "{gb:.0} GB to another cloud in the month, carried by the fixed {} Mbps port \
                     (its own line), no charge per GB",
                    costs.bandwidth_mbps
                )
            }),
            source: None,
        });
        return;
    }
    let received = || b.published.ingress.words();
    let tiers = &b.provider.egress;
    let own = cross_cloud_cost(costs.egress_gb, gb, tiers, detail, received).map(|mut line| {
        line.value = to_report(line.value, tiers[0].price.currency);
        line
    });
    // A provider without egress prices is charged what the others would charge, as its
    // egress is: a missing figure never makes an offer cheaper.
    out.extend(super::own_or_median(
        own,
        b.published.cross_cloud,
        b.provider,
        detail,
        |cost| Term {
            key: "cross_cloud",
            value: cost,
            unit: "currency",
            formula: detail
                .text(|| format!("{gb:.0} GB to another cloud in the month; {}", received())),
            source: None,
        },
    ));
}

/// The median cost, across the providers that publish egress prices, of the month's traffic to
/// another cloud on top of its egress, in the report currency, and how many providers it is of.
pub(super) fn published(providers: &[Provider], request: &Request) -> Option<(f64, usize)> {
    let costs = &request.costs;
    if costs.cross_cloud_gb <= 0.0 {
        return None;
    }
    let values = providers
        .iter()
        .filter_map(|p| {
            let line = cross_cloud_cost(
                costs.egress_gb,
                costs.cross_cloud_gb,
                &p.egress,
                Numbers,
                String::new,
            )?;
            Some(
                costs
                    .fx
                    .convert(line.value, p.egress[0].price.currency, costs.currency),
            )
        })
        .collect();
    super::median(values)
}

/// What the provider leaves unpriced of the month's traffic between zones and clouds.
pub(super) fn notes(
    of: &Provider,
    request: &Request,
    published: &super::Published,
    out: &mut Vec<Warning>,
) {
    let costs = &request.costs;
    let unknown = |item| Warning::UnknownPrice {
        provider: of.name.clone(),
        item,
    };
    if costs.cross_zone_gb > 0.0 && of.cross_zone.is_none() {
        out.push(unknown(Charge::CrossZone));
    }
    let port = costs.bandwidth_mbps > 0.0 && !of.bandwidth.is_empty();
    if costs.cross_cloud_gb > 0.0 && of.egress.is_empty() && !port {
        out.push(match published.cross_cloud {
            Some((amount, _)) => Warning::AssumedCrossCloud {
                provider: of.name.clone(),
                gb: costs.cross_cloud_gb,
                amount,
                currency: costs.currency,
            },
            None => unknown(Charge::CrossCloud),
        });
    }
}
