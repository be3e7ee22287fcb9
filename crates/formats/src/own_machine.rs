//! "My own machine": the GPUs a person already has (a catalog GPU and a count), priced at the
//! hourly rate they type, or at nothing when they type none, so the answer is its time alone.
//!
//! The machine is one offer of its own provider, added to the catalog the report runs on; the
//! form's request then pins that offer and the GPU count. Its disk and network are the person's
//! own, so the request charges no storage, snapshots or data transfer on it.

use crate::Form;
use gpu_sizer_engine::catalog::schema::ProviderKind;
use gpu_sizer_engine::catalog::validate::{format_date, USER_SOURCE};
use gpu_sizer_engine::catalog::{
    BillingMode, Catalog, Fabric, InstanceLink, Offer, Provider, Quote,
};

/// The offer id of the person's machine.
pub const OFFER_ID: &str = "own-machine";
/// The provider id of the person's machine.
pub const PROVIDER_ID: &str = "own";

/// The catalog `form` runs on: `base` with the person's machine when the form asks for it, else
/// none (the caller keeps `base`). A GPU missing from `base` gives none: the request names the
/// field.
pub fn catalog(base: &Catalog, form: &Form, today: Option<i64>) -> Option<Catalog> {
    if !form.own {
        return None;
    }
    let gpu = base.gpu(form.gpu.trim())?;
    let mut catalog = base.clone();
    catalog.providers.retain(|p| p.id != PROVIDER_ID);
    catalog.offers.retain(|o| o.id != OFFER_ID);
    catalog.providers.push(provider());
    catalog.offers.push(offer(form, gpu.id.clone(), today));
    Some(catalog)
}

/// Whether `offer_id` is the person's machine.
pub fn is_own(offer_id: &str) -> bool {
    offer_id == OFFER_ID
}

fn provider() -> Provider {
    Provider {
        id: PROVIDER_ID.into(),
        name: "Your own machine".into(),
        name_zh: Some("你自己的机器".into()),
        kind: ProviderKind::GpuCloud,
        billing_increment_s: 1,
        billing_minimum_s: 0,
        storage: Vec::new(),
        snapshot: None,
        egress: Vec::new(),
        free_ingress: Some(true),
        bandwidth: Vec::new(),
        free_intranet: None,
        cross_zone: None,
        bandwidth_package: None,
        refund: None,
        notes: None,
    }
}

/// The machine: `form.gpus` of `gpu` (one when unset) in one box, at the typed price or none.
fn offer(form: &Form, gpu: String, today: Option<i64>) -> Offer {
    let count = form.gpus.unwrap_or(1).max(1);
    let priced = form.own_price.filter(|p| p.is_finite() && *p > 0.0);
    Offer {
        id: OFFER_ID.into(),
        provider: PROVIDER_ID.into(),
        region: "-".into(),
        instance_type: "-".into(),
        gpu,
        gpu_count: count,
        vcpu: None,
        ram_gib: None,
        local_disk_gb: None,
        network_gbps: None,
        nvlink_domain: None,
        // Unknown: the slowest link a box of these cards can have, so no time is promised that
        // the person's board may not give.
        gpu_link: if count > 1 {
            InstanceLink::Pcie
        } else {
            InstanceLink::None
        },
        fabric: Fabric::Ethernet,
        billing_increment_s: None,
        prices: vec![Quote {
            mode: BillingMode::OnDemand,
            per_hour: priced.unwrap_or(0.0),
            currency: form.currency.engine(),
            source: USER_SOURCE.into(),
            as_of: today.map(format_date),
            undated: false,
            read_on: None,
            note: Some(
                if priced.is_some() {
                    "your own machine, at the rate you entered"
                } else {
                    "your own machine, no price entered: costs are not counted"
                }
                .into(),
            ),
        }],
        spec_source: None,
        notes: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn own(gpu: &str, gpus: Option<u32>, price: Option<f64>) -> Form {
        Form {
            own: true,
            gpu: gpu.into(),
            gpus,
            own_price: price,
            ..Form::default()
        }
    }

    #[test]
    fn the_machine_is_one_offer_of_the_chosen_gpus_at_the_typed_price() {
        let base = Catalog::builtin();
        let c = catalog(base, &own("rtx-4090", Some(4), Some(1.5)), Some(0)).unwrap();
        assert_eq!(c.offers.len(), base.offers.len() + 1);
        let o = c.offers.iter().find(|o| o.id == OFFER_ID).unwrap();
        assert_eq!((o.gpu.as_str(), o.gpu_count), ("rtx-4090", 4));
        assert_eq!(o.prices[0].per_hour, 1.5);
        assert!(c.providers.iter().any(|p| p.id == PROVIDER_ID));
        // No price typed: the machine costs nothing per hour.
        let c = catalog(base, &own("rtx-4090", None, None), None).unwrap();
        let o = c.offers.iter().find(|o| o.id == OFFER_ID).unwrap();
        assert_eq!((o.gpu_count, o.prices[0].per_hour), (1, 0.0));
    }

    #[test]
    fn no_machine_unless_asked_for_and_its_gpu_known() {
        let base = Catalog::builtin();
        assert!(catalog(base, &Form::default(), None).is_none());
        assert!(catalog(base, &own("no-such-gpu", Some(1), None), None).is_none());
    }

    #[test]
    fn the_request_pins_the_machine_and_charges_no_storage() {
        let r = own("rtx-4090", None, None).to_request(None).unwrap();
        assert_eq!(r.constraints.offer.as_deref(), Some(OFFER_ID));
        assert_eq!(r.constraints.gpus, Some(1));
        assert_eq!(r.costs.storage.data_gb, 0.0);
        let e = own("", None, None).to_request(None).unwrap_err();
        assert_eq!(e.field, "gpu");
        let e = own("l4", None, Some(-1.0)).to_request(None).unwrap_err();
        assert_eq!(e.field, "own_price");
    }
}
