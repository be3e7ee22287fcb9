//! Reports the markup tests draw: the default question on the built-in catalog, and on a catalog
//! with an offer of a person's own whose names would be markup if written as is.

use gpu_sizer_engine::catalog::{BillingMode, Catalog};
use gpu_sizer_engine::plan::{evaluate, Report, Request};
use gpu_sizer_formats::catalog_edits::CatalogEdits;
use gpu_sizer_formats::custom_offer::{offer_from_fields, OfferFields};
use gpu_sizer_formats::Form;
use std::sync::OnceLock;

/// A name that runs script when written into a page as markup, with both kinds of quote.
pub const HOSTILE: &str = r#"<img src=x onerror=alert(1)> "dq" 'sq' & co"#;

/// 2026-12-01, as days since 1970.
pub const TODAY: i64 = 20_788;

/// The built-in catalog with one offer typed by a person: its region and instance type are
/// [`HOSTILE`], its price low enough to be the pick.
pub fn hostile_catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let fields = OfferFields {
            provider: "aws",
            region: HOSTILE,
            instance_type: HOSTILE,
            gpu: "h100-sxm",
            gpu_count: "8",
            link: "nvswitch",
            price: "0.01",
            currency: "USD",
        };
        let offer = offer_from_fields(&fields, Some(TODAY)).unwrap();
        let mut edits = CatalogEdits::default();
        edits.add_offer(Catalog::builtin(), offer).unwrap();
        edits.apply(Catalog::builtin())
    })
}

/// The default question, for `today`.
pub fn request(today: Option<i64>) -> Request {
    Form::default().to_request(today).unwrap()
}

/// The default question on [`hostile_catalog`]: the person's offer is the pick.
pub fn hostile_report() -> (Report<'static>, Request) {
    let request = request(Some(TODAY));
    let report = evaluate(hostile_catalog(), &request).unwrap();
    assert!(report.pick().unwrap().offer.id.starts_with("custom-"));
    (report, request)
}

/// The default question on the first built-in offer priced on demand and by the year, so its
/// billing modes can be compared.
pub fn modes_report() -> Report<'static> {
    let catalog = Catalog::builtin();
    let offer = catalog
        .offers
        .iter()
        .find(|o| {
            o.gpu_count >= 8
                && o.quote(BillingMode::OnDemand).is_some()
                && o.quote(BillingMode::Reserved1y).is_some()
        })
        .unwrap();
    let mut request = request(None);
    request.constraints.offer = Some(offer.id.clone());
    request.constraints.gpus = Some(offer.gpu_count);
    evaluate(catalog, &request).unwrap()
}
