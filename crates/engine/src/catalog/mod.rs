//! The catalog of GPUs, providers and offers, embedded at build time from `data/`.

mod compact_form;
pub mod mig;
pub mod schema;
pub mod summary;
pub mod validate;

pub use schema::{
    BillingMode, Catalog, Currency, Fabric, Gpu, InstanceLink, Offer, Priced, Provider, Quote,
    Refund, RefundRule,
};

use std::sync::OnceLock;

impl Catalog {
    /// The catalog shipped with this build (`crate::embedded`). Read once, on first use. In the
    /// page it comes without the sources of its figures (every figure and date is there):
    /// [`Catalog::with_sources`] has them.
    pub fn builtin() -> &'static Catalog {
        static CATALOG: OnceLock<Catalog> = OnceLock::new();
        CATALOG.get_or_init(crate::embedded::catalog)
    }

    /// The catalog shipped with this build, every source included (natively, [`Catalog::builtin`]
    /// itself). The page calls it only from code it loads after its first paint, which brings the
    /// sources' bytes with it (the page's main module never calls it).
    pub fn with_sources() -> &'static Catalog {
        #[cfg(not(target_arch = "wasm32"))]
        return Catalog::builtin();
        #[cfg(target_arch = "wasm32")]
        {
            static CATALOG: OnceLock<Catalog> = OnceLock::new();
            CATALOG.get_or_init(crate::embedded::catalog_with_sources)
        }
    }

    pub fn gpu(&self, id: &str) -> Option<&Gpu> {
        self.gpus.iter().find(|g| g.id == id)
    }

    pub fn provider(&self, id: &str) -> Option<&Provider> {
        self.providers.iter().find(|p| p.id == id)
    }

    /// Where `offer` stands in [`Catalog::offers`] when it is borrowed from this catalog (`None`:
    /// another catalog's), found from its address: a report's candidates borrow their offers, so
    /// thousands of them can be told apart by offer without comparing ids.
    pub fn place_of(&self, offer: &Offer) -> Option<usize> {
        let size = std::mem::size_of::<Offer>();
        let from_start =
            (std::ptr::from_ref(offer) as usize).checked_sub(self.offers.as_ptr() as usize)?;
        let place = from_start / size;
        (from_start % size == 0 && place < self.offers.len()).then_some(place)
    }
}

impl BillingMode {
    /// Hours a commitment in this mode binds the buyer to (`None`: pay as you go).
    pub fn term_hours(self) -> Option<f64> {
        // 730 h = 8760 h / 12, the month providers themselves use for hourly equivalents.
        match self {
            BillingMode::Monthly => Some(730.0),
            BillingMode::Reserved1y => Some(8760.0),
            BillingMode::Reserved3y => Some(3.0 * 8760.0),
            BillingMode::OnDemand | BillingMode::Spot | BillingMode::Serverless => None,
        }
    }
}

impl Gpu {
    /// The id this GPU's measured figures (efficiency, calibration) are kept under: a MIG
    /// slice's are its whole GPU's.
    pub fn measured_id(&self) -> &str {
        mig::slice_of(&self.id).map_or(&self.id, |(parent, _)| parent)
    }
}

impl Offer {
    /// The price quoted for `mode`, if the catalog has one.
    pub fn quote(&self, mode: BillingMode) -> Option<&Quote> {
        self.prices.iter().find(|q| q.mode == mode)
    }
}

/// A price whose source is dated more than this many days before today is old: the pitfall, the
/// catalog page and the detail flag it. The one place this limit is set.
pub const STALE_AFTER_DAYS: i64 = 180;

/// Days from the source's date to `today`, `None` when the price has no date.
fn age(as_of: Option<&str>, today: i64) -> Option<i64> {
    as_of.and_then(validate::parse_date).map(|d| today - d)
}

/// Old (more than [`STALE_AFTER_DAYS`]) or undated: the rule shared by every dated figure.
fn stale(as_of: Option<&str>, undated: bool, today: i64) -> bool {
    undated || age(as_of, today).is_some_and(|days| days > STALE_AFTER_DAYS)
}

impl Quote {
    /// Days since the date the source carries, on `today` (days since 1970-01-01); `None` when the
    /// source is undated or the price was typed in without a date.
    pub fn age_days(&self, today: i64) -> Option<i64> {
        age(self.as_of.as_deref(), today)
    }

    /// Whether this price should be checked before anyone relies on it: its source is undated, or
    /// dated more than [`STALE_AFTER_DAYS`] before `today`.
    pub fn is_stale(&self, today: i64) -> bool {
        stale(self.as_of.as_deref(), self.undated, today)
    }

    /// The page this price can be checked on: its source when that is a web address, none for
    /// a price a person typed (its source only says so, and is no page to open).
    pub fn link(&self) -> Option<&str> {
        web_address(&self.source)
    }
}

impl Priced {
    /// As [`Quote::age_days`].
    pub fn age_days(&self, today: i64) -> Option<i64> {
        age(self.as_of.as_deref(), today)
    }

    /// As [`Quote::is_stale`].
    pub fn is_stale(&self, today: i64) -> bool {
        stale(self.as_of.as_deref(), self.undated, today)
    }
}

/// `source` when it is a web address (a page to open), else none: a price a person typed, or a
/// fetched file's field that is not an address.
pub(crate) fn web_address(source: &str) -> Option<&str> {
    (source.starts_with("https://") || source.starts_with("http://")).then_some(source)
}

#[cfg(test)]
mod tests {
    use super::*;
    use validate::parse_date;

    fn quote(as_of: Option<&str>, undated: bool) -> Quote {
        Quote {
            mode: BillingMode::OnDemand,
            per_hour: 1.0,
            currency: Currency::Usd,
            source: "https://example.org/prices".into(),
            as_of: as_of.map(str::to_string),
            undated,
            read_on: Some("2026-11-30".into()),
            note: None,
        }
    }

    #[test]
    fn a_price_is_stale_past_the_limit_or_when_its_source_is_undated() {
        let day = parse_date("2026-06-01").unwrap();
        let dated = quote(Some("2026-06-01"), false);
        assert_eq!(dated.age_days(day + 10), Some(10));
        assert!(!dated.is_stale(day + STALE_AFTER_DAYS));
        assert!(dated.is_stale(day + STALE_AFTER_DAYS + 1));
        let undated = quote(None, true);
        assert_eq!(undated.age_days(day), None);
        assert!(
            undated.is_stale(day),
            "undated counts as stale from the first day"
        );
        // A price typed in without a date is the user's own: not flagged.
        assert!(!quote(None, false).is_stale(day));
    }

    #[test]
    fn an_offer_is_placed_in_its_own_catalog_only() {
        let catalog = Catalog::builtin();
        for (i, offer) in catalog.offers.iter().enumerate() {
            assert_eq!(catalog.place_of(offer), Some(i), "{}", offer.id);
        }
        let copy = catalog.clone();
        assert_eq!(catalog.place_of(&copy.offers[0]), None);
        assert_eq!(copy.place_of(&catalog.offers[0]), None);
        let lone = catalog.offers[3].clone();
        assert_eq!(catalog.place_of(&lone), None);
    }

    #[test]
    fn only_a_web_address_is_a_link() {
        let mut q = quote(None, false);
        assert_eq!(q.link(), Some("https://example.org/prices"));
        for typed in [
            validate::USER_SOURCE,
            "your price",
            "javascript:alert(1)",
            "",
        ] {
            q.source = typed.into();
            assert_eq!(q.link(), None, "{typed}");
        }
    }
}
