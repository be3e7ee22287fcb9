//! A person's own offer, from the catalog page's fields as typed: the rules for what they may
//! leave out, how its id is made and how its price is dated live here, tested natively, not in
//! the page.

use gpu_sizer_engine::catalog::validate::{format_date, USER_SOURCE};
use gpu_sizer_engine::catalog::{BillingMode, Currency, Fabric, InstanceLink, Offer, Quote};

/// The fields of the catalog page's "add your own offer" form, as typed or chosen.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OfferFields<'a> {
    /// A catalog provider's id (chosen from a list).
    pub provider: &'a str,
    pub region: &'a str,
    pub instance_type: &'a str,
    /// A catalog GPU's id (chosen from a list).
    pub gpu: &'a str,
    pub gpu_count: &'a str,
    /// `pcie`, `nvlink` or `nvswitch`.
    pub link: &'a str,
    /// The on-demand price per hour; blank or unreadable: no price (the person enters one later).
    pub price: &'a str,
    /// `USD` or `CNY`.
    pub currency: &'a str,
}

/// What keeps the fields from making an offer at all (the catalog's validation says the rest).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Missing {
    /// The region or the instance type is blank: the offer would have no name to find it by.
    RegionOrInstance,
}

/// A price a person typed: a positive, finite number, else none.
pub fn parse_price(text: &str) -> Option<f64> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|p| p.is_finite() && *p > 0.0)
}

/// The offer the fields describe, its price dated `today` (days since 1970) and sourced to the
/// person, so it is never shown as a published price nor linked to a page.
pub fn offer_from_fields(f: &OfferFields, today: Option<i64>) -> Result<Offer, Missing> {
    let (region, instance) = (f.region.trim(), f.instance_type.trim());
    if region.is_empty() || instance.is_empty() {
        return Err(Missing::RegionOrInstance);
    }
    let count = f.gpu_count.trim().parse::<u32>().unwrap_or(0);
    let prices = parse_price(f.price)
        .map(|per_hour| Quote {
            mode: BillingMode::OnDemand,
            per_hour,
            currency: if f.currency == "CNY" {
                Currency::Cny
            } else {
                Currency::Usd
            },
            source: USER_SOURCE.into(),
            as_of: today.map(format_date),
            undated: false,
            read_on: None,
            note: Some("entered by you".into()),
        })
        .into_iter()
        .collect();
    Ok(Offer {
        id: format!(
            "custom-{}-{}-{}",
            slug(f.provider),
            slug(region),
            slug(instance)
        ),
        provider: f.provider.to_string(),
        region: region.to_string(),
        instance_type: instance.to_string(),
        gpu: f.gpu.to_string(),
        gpu_count: count,
        vcpu: None,
        ram_gib: None,
        local_disk_gb: None,
        network_gbps: None,
        nvlink_domain: None,
        gpu_link: match (count, f.link) {
            (0 | 1, _) => InstanceLink::None,
            (_, "nvswitch") => InstanceLink::Nvswitch,
            (_, "nvlink") => InstanceLink::Nvlink,
            _ => InstanceLink::Pcie,
        },
        fabric: Fabric::Ethernet,
        billing_increment_s: None,
        prices,
        spec_source: None,
        notes: None,
    })
}

/// `s` as a piece of an id: lower-case letters, digits and dots, anything else a dash.
fn slug(s: &str) -> String {
    s.trim()
        .to_ascii_lowercase()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' {
                c
            } else {
                '-'
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog_edits::CatalogEdits;
    use gpu_sizer_engine::catalog::Catalog;

    fn fields<'a>(region: &'a str, instance: &'a str, price: &'a str) -> OfferFields<'a> {
        OfferFields {
            provider: "aws",
            region,
            instance_type: instance,
            gpu: "l4",
            gpu_count: "2",
            link: "nvlink",
            price,
            currency: "CNY",
        }
    }

    #[test]
    fn an_offer_is_named_by_its_provider_region_and_instance() {
        let o = offer_from_fields(&fields(" Home Lab ", "My Box <1>", "3.5"), Some(0)).unwrap();
        assert_eq!(o.id, "custom-aws-home-lab-my-box--1-");
        assert_eq!(
            (o.region.as_str(), o.instance_type.as_str()),
            ("Home Lab", "My Box <1>")
        );
        assert_eq!((o.gpu.as_str(), o.gpu_count), ("l4", 2));
        assert_eq!(o.gpu_link, InstanceLink::Nvlink);
        let q = &o.prices[0];
        assert_eq!(
            (q.mode, q.per_hour, q.currency),
            (BillingMode::OnDemand, 3.5, Currency::Cny)
        );
        // Dated the day it was typed, sourced to the person.
        assert_eq!(q.as_of.as_deref(), Some("1970-01-01"));
        assert_eq!(q.source, USER_SOURCE);
        // Valid in the catalog as it is.
        let mut edits = CatalogEdits::default();
        assert_eq!(edits.add_offer(Catalog::builtin(), o), Ok(()));
    }

    #[test]
    fn a_blank_region_or_instance_is_missing_and_a_bad_price_is_none() {
        assert_eq!(
            offer_from_fields(&fields(" ", "box", "1"), None),
            Err(Missing::RegionOrInstance)
        );
        assert_eq!(
            offer_from_fields(&fields("r", "", "1"), None),
            Err(Missing::RegionOrInstance)
        );
        for bad in ["", "free", "-1", "0", "inf", "NaN"] {
            assert_eq!(parse_price(bad), None, "{bad}");
            let o = offer_from_fields(&fields("r", "box", bad), None).unwrap();
            assert!(o.prices.is_empty(), "{bad}");
        }
        assert_eq!(parse_price(" 2.50 "), Some(2.5));
    }

    #[test]
    fn one_gpu_has_no_link_and_an_unknown_link_is_pcie() {
        let mut f = fields("r", "box", "1");
        f.gpu_count = "1";
        assert_eq!(
            offer_from_fields(&f, None).unwrap().gpu_link,
            InstanceLink::None
        );
        f.gpu_count = "4";
        f.link = "smoke signals";
        assert_eq!(
            offer_from_fields(&f, None).unwrap().gpu_link,
            InstanceLink::Pcie
        );
    }
}
