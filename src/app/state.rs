//! The page's state: the form being edited and the engine's answer, derived from it.
//!
//! One `AppState` in context. The report is a `Memo` of a pure engine call, so it recomputes on
//! every change of the form and nowhere else.

use gpu_sizer_engine::catalog::{Catalog, Offer};
use gpu_sizer_engine::plan::{evaluate, Report, Request};
use gpu_sizer_engine::scenario::InputError;
use gpu_sizer_formats::catalog_edits::{self, CatalogEdits};
use gpu_sizer_formats::Form;
use leptos::prelude::*;

pub use gpu_sizer_markup::page::View;

/// A candidate's identity in the ranking (offer, billing mode, instance count).
pub type CandidateKey = (String, String, u32);

/// Everything components share.
#[derive(Clone, Copy)]
pub struct AppState {
    pub form: RwSignal<Form>,
    pub request: Memo<Result<Request, InputError>>,
    pub report: Memo<Result<Report<'static>, InputError>>,
    /// The candidate whose details are open.
    pub selected: RwSignal<Option<CandidateKey>>,
    pub view: RwSignal<View>,
    /// The user's own prices and offers (kept in this browser).
    pub edits: RwSignal<CatalogEdits>,
    /// The catalog the report uses: the built-in one plus the user's custom offers.
    pub catalog: Memo<&'static Catalog>,
}

impl AppState {
    pub fn new(form: Form, today: Option<i64>, edits: CatalogEdits) -> AppState {
        let form = RwSignal::new(form);
        let edits = RwSignal::new(edits);
        // The catalog depends on the custom offers alone: a memo of them (a few rows, compared by
        // value) stands between the edits and the catalog, so a price override neither rebuilds
        // (and leaks) a catalog nor compares two whole catalogs.
        let offers = Memo::new(move |_| edits.with(|e| e.custom_offers.clone()));
        let catalog =
            Memo::new_with_compare(move |_| offers.with(|o| catalog_with(o)), |_, _| true);
        let request = Memo::new(move |_| form.with(|f| edits.with(|e| request_for(f, today, e))));
        // The request memo already filters out edits that change nothing, so a new report is
        // always a changed one: comparing two reports field by field would cost more than it saves.
        let report = Memo::new_with_compare(
            move |_| {
                request.with(|r| match r {
                    Ok(request) => evaluate(catalog.get(), request),
                    Err(e) => Err(e.clone()),
                })
            },
            |_, _| true,
        );
        AppState {
            form,
            request,
            report,
            selected: RwSignal::new(None),
            view: RwSignal::new(View::Calculator),
            edits,
            catalog,
        }
    }

    /// The report for another form (a saved scenario), on the page's catalog and price overrides.
    pub fn evaluate(self, form: &Form) -> Result<Report<'static>, InputError> {
        let request = self.edits.with(|e| request_for(form, today(), e))?;
        evaluate(self.catalog.get(), &request)
    }
}

/// The built-in catalog plus the user's custom offers.
fn catalog_with(offers: &[Offer]) -> &'static Catalog {
    if offers.is_empty() {
        Catalog::builtin()
    } else {
        // The report borrows its catalog for the page's lifetime. Custom offers change only when
        // the user adds or removes one, so leaking each version is bounded by the user's own edits.
        Box::leak(Box::new(catalog_edits::with_offers(
            Catalog::builtin(),
            offers,
        )))
    }
}

/// The engine's request for `form`, with the user's own prices.
fn request_for(
    form: &Form,
    today: Option<i64>,
    edits: &CatalogEdits,
) -> Result<Request, InputError> {
    let mut request = form.to_request(today)?;
    request.costs.price_overrides = edits.engine_overrides();
    Ok(request)
}

/// The state from context (provided by `App`).
pub fn use_state() -> AppState {
    expect_context::<AppState>()
}

/// Today as days since 1970-01-01, from the browser's clock (the engine has none).
pub fn today() -> Option<i64> {
    gpu_sizer_markup::page::day_of(js_sys::Date::now())
}
