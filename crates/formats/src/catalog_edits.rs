//! A person's own catalog changes, kept in their browser: prices they pay (overrides) and offers
//! the catalog lacks (custom offers). Versioned like the other formats.

use gpu_sizer_engine::catalog::validate::{validate, validate_added, Problem};
use gpu_sizer_engine::catalog::{BillingMode, Catalog, Offer};
use serde::{Deserialize, Serialize};

use crate::form::ModeKey;

/// One price the user pays instead of the catalog's, per instance-hour in the offer's currency.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PriceOverride {
    pub offer: String,
    pub mode: ModeKey,
    pub per_hour: f64,
}

/// Everything the user changed.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CatalogEdits {
    pub version: u32,
    pub overrides: Vec<PriceOverride>,
    pub custom_offers: Vec<Offer>,
}

/// Current version of the format.
pub const VERSION: u32 = 1;

impl CatalogEdits {
    /// Reads stored edits; anything unreadable gives `None` (the caller keeps the raw text aside).
    pub fn parse(raw: &str) -> Option<CatalogEdits> {
        serde_json::from_str::<CatalogEdits>(raw)
            .ok()
            .filter(|e| e.version <= VERSION)
    }

    /// No price and no offer of the user's own.
    pub fn is_empty(&self) -> bool {
        self.overrides.is_empty() && self.custom_offers.is_empty()
    }

    pub fn to_json(&self) -> String {
        let mut e = self.clone();
        e.version = VERSION;
        serde_json::to_string(&e).unwrap_or_default()
    }

    /// Sets (or with `None` clears) the user's price for an offer in a billing mode.
    pub fn set_override(&mut self, offer: &str, mode: ModeKey, per_hour: Option<f64>) {
        self.overrides
            .retain(|o| !(o.offer == offer && o.mode == mode));
        if let Some(p) = per_hour.filter(|p| p.is_finite() && *p > 0.0) {
            self.overrides.push(PriceOverride {
                offer: offer.to_string(),
                mode,
                per_hour: p,
            });
        }
    }

    pub fn override_for(&self, offer: &str, mode: ModeKey) -> Option<f64> {
        self.overrides
            .iter()
            .find(|o| o.offer == offer && o.mode == mode)
            .map(|o| o.per_hour)
    }

    /// The overrides in the engine's form.
    pub fn engine_overrides(&self) -> Vec<(String, BillingMode, f64)> {
        self.overrides
            .iter()
            .map(|o| (o.offer.clone(), o.mode.engine(), o.per_hour))
            .collect()
    }

    /// Adds a custom offer if it keeps the catalog valid; otherwise says what is wrong.
    pub fn add_offer(&mut self, base: &Catalog, offer: Offer) -> Result<(), Vec<Problem>> {
        let mut trial = self.clone();
        trial.custom_offers.retain(|o| o.id != offer.id);
        trial.custom_offers.push(offer);
        let problems = validate_added(base, &trial.custom_offers);
        if problems.is_empty() {
            *self = trial;
            Ok(())
        } else {
            Err(problems)
        }
    }

    /// The catalog with the custom offers added (prices are overridden per request instead).
    pub fn apply(&self, base: &Catalog) -> Catalog {
        with_offers(base, &self.custom_offers)
    }

    /// Imports a catalog JSON file (the format `gpu-sizer catalog` prints and the page exports):
    /// offers not in `base` become custom offers. Returns how many were added and the problems
    /// found; a file with problems changes nothing.
    pub fn import(&mut self, base: &Catalog, raw: &str) -> Result<usize, Vec<String>> {
        let imported: Catalog = serde_json::from_str(raw).map_err(|e| vec![e.to_string()])?;
        let problems = validate(&imported);
        if !problems.is_empty() {
            return Err(problems.iter().map(|p| p.to_string()).collect());
        }
        let new: Vec<Offer> = imported
            .offers
            .into_iter()
            .filter(|o| base.offers.iter().all(|b| b.id != o.id))
            .collect();
        let mut trial = self.clone();
        let count = new.len();
        for offer in new {
            trial.custom_offers.retain(|o| o.id != offer.id);
            trial.custom_offers.push(offer);
        }
        let problems = validate_added(base, &trial.custom_offers);
        if !problems.is_empty() {
            return Err(problems.iter().map(|p| p.to_string()).collect());
        }
        *self = trial;
        Ok(count)
    }
}

/// `base` with `offers` added (one with an id of `base` replaces it): what the catalog is made of,
/// apart from the price overrides, so the page can rebuild it on a change of these alone.
pub fn with_offers(base: &Catalog, offers: &[Offer]) -> Catalog {
    let mut catalog = base.clone();
    for offer in offers {
        catalog.offers.retain(|o| o.id != offer.id);
        catalog.offers.push(offer.clone());
    }
    catalog
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpu_sizer_engine::catalog::{Fabric, InstanceLink};

    fn custom(id: &str, gpu: &str) -> Offer {
        Offer {
            id: id.into(),
            provider: "aws".into(),
            region: "my-region".into(),
            instance_type: "my-box".into(),
            gpu: gpu.into(),
            gpu_count: 1,
            vcpu: None,
            ram_gib: None,
            local_disk_gb: None,
            network_gbps: None,
            nvlink_domain: None,
            gpu_link: InstanceLink::None,
            fabric: Fabric::Ethernet,
            billing_increment_s: None,
            prices: Vec::new(),
            spec_source: None,
            notes: None,
        }
    }

    #[test]
    fn overrides_set_replace_and_clear() {
        let mut e = CatalogEdits::default();
        e.set_override("x", ModeKey::OnDemand, Some(2.0));
        e.set_override("x", ModeKey::OnDemand, Some(3.0));
        assert_eq!(e.override_for("x", ModeKey::OnDemand), Some(3.0));
        e.set_override("x", ModeKey::OnDemand, None);
        assert!(e.overrides.is_empty());
        e.set_override("x", ModeKey::Spot, Some(f64::NAN));
        assert!(e.overrides.is_empty());
    }

    #[test]
    fn a_valid_custom_offer_is_added_and_a_broken_one_refused() {
        let base = Catalog::builtin();
        let mut e = CatalogEdits::default();
        assert!(e.add_offer(base, custom("me-my-box", "l4")).is_ok());
        assert!(e.apply(base).offers.iter().any(|o| o.id == "me-my-box"));
        let err = e
            .add_offer(base, custom("me-bad", "no-such-gpu"))
            .unwrap_err();
        assert!(err.iter().any(|p| p.message.contains("unknown gpu")));
        assert_eq!(e.custom_offers.len(), 1);
    }

    #[test]
    fn round_trips_and_imports_an_exported_catalog() {
        let base = Catalog::builtin();
        let mut e = CatalogEdits::default();
        e.set_override("aws-us-east-1-g5.xlarge", ModeKey::OnDemand, Some(0.9));
        e.add_offer(base, custom("me-my-box", "l4")).unwrap();
        assert_eq!(CatalogEdits::parse(&e.to_json()).unwrap(), {
            let mut v = e.clone();
            v.version = VERSION;
            v
        });
        let exported = serde_json::to_string(&e.apply(base)).unwrap();
        let mut fresh = CatalogEdits::default();
        assert_eq!(fresh.import(base, &exported), Ok(1));
        assert!(fresh.import(base, "{not json").is_err());
        assert!(CatalogEdits::parse("\"text\"").is_none());
        assert!(CatalogEdits::parse(r#"{"version": 99}"#).is_none());
    }
}
