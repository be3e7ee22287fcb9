//! The page's state: the form being edited and the engine's answer, derived from it.
//!
//! One `AppState` in context. The report is a `Memo` of a pure engine call, so it recomputes on
//! every change of the form and nowhere else.

use super::components::after_paint::drop_after_paint;
use super::followers::{Followed, Followers};
use super::split;
use gpu_sizer_engine::catalog::{mig, Catalog, Offer};
use gpu_sizer_engine::plan::{evaluate, evaluate_with, Report, Request, SizingCache};
use gpu_sizer_engine::scenario::InputError;
use gpu_sizer_formats::catalog_edits::{self, CatalogEdits};
use gpu_sizer_formats::form::CurrencyKey;
use gpu_sizer_formats::own_machine;
use gpu_sizer_formats::Form;
use leptos::prelude::*;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

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
    /// The built-in catalog: at first without the sources of its figures, which the page needs
    /// only in parts it loads after its first paint; with them once one has loaded
    /// (`split::with_sources`). `None` for the one without them, which is read only when the
    /// first evaluation needs it, after the first paint.
    pub base: RwSignal<Option<&'static Catalog>>,
    /// The catalog the report uses: the built-in one plus the user's custom offers.
    pub catalog: Memo<&'static Catalog>,
    /// The code that builds a catalog of the person's own ([`catalog_of_own`]), once fetched.
    own_catalog: RwSignal<Option<CatalogOfOwn>>,
    /// Single values of the form the controls show ([`AppState::follow`]).
    followers: Followers,
}

/// What the answer painted before the form found ([`super::first_answer::paint`]), handed to the
/// page: the job's placements and timings, which the page's evaluations of the same job reuse,
/// and the answer itself, for the form the page starts from, which the page takes as its first
/// report when nothing changed the question since (the form, the day, the person's prices, the
/// catalog): a link's or a draft's answer is computed once before the form responds, not twice.
#[derive(Default)]
pub struct Found {
    pub sizings: SizingCache<'static>,
    pub answered: Option<Answered>,
}

/// A report of the form the page starts from, with what else it answers: a day, no prices of
/// the person's own, a catalog.
pub struct Answered {
    pub today: Option<i64>,
    pub catalog: &'static Catalog,
    pub report: Report<'static>,
}

impl Answered {
    /// The report, when it answers the starting form on `today` with `edits` on `catalog`.
    fn answers(
        self,
        today: Option<i64>,
        edits: &CatalogEdits,
        catalog: &'static Catalog,
    ) -> Option<Report<'static>> {
        let same = self.today == today && edits.is_empty() && std::ptr::eq(self.catalog, catalog);
        same.then_some(self.report)
    }
}

impl AppState {
    /// The state of a page starting from `form`, the person's catalog `edits` and what an
    /// evaluation before the page's found (`found`: the answer painted before the form), and
    /// `own_catalog`, the code of a catalog of their own when the page fetched it already.
    pub fn new(
        form: Form,
        today: Option<i64>,
        edits: CatalogEdits,
        found: Found,
        own_catalog: Option<CatalogOfOwn>,
    ) -> AppState {
        let form = RwSignal::new(form);
        let edits = RwSignal::new(edits);
        let base = RwSignal::new(None);
        let own_catalog = RwSignal::new(own_catalog);
        // The catalog depends on the custom offers, the own machine and the slices alone: memos of
        // them (a few rows and five fields, compared by value) stand between the form and edits and
        // the catalog, so a price override or another field neither rebuilds (and leaks) a catalog
        // nor compares two whole catalogs.
        let offers = Memo::new(move |_| edits.with(|e| e.custom_offers.clone()));
        let shaped = Memo::new(move |_| form.with(shape));
        // A catalog of the person's own waits for its code (`split::catalog_of_own`): until it
        // is there, the page keeps the last catalog and report, and fetches it, again at the next
        // edit if the connection failed.
        let waiting = Memo::new(move |_| {
            own_catalog.with(Option::is_none) && offers.with(|o| shaped.with(|m| !m.is_plain(o)))
        });
        let fetching = StoredValue::new(false);
        let failed = RwSignal::new(false);
        Effect::new(move |_| {
            if !waiting.get() {
                return;
            }
            if failed.get() {
                form.track();
            }
            if !fetching.get_value() {
                fetching.set_value(true);
                leptos::task::spawn_local(async move {
                    match split::catalog_of_own().await {
                        Ok(code) => own_catalog.set(Some(code)),
                        Err(_) if !failed.get_untracked() => failed.set(true),
                        Err(_) => {}
                    }
                    fetching.set_value(false);
                });
            }
        });
        let catalog = Memo::new_with_compare(
            move |previous: Option<&&'static Catalog>| {
                let base = builtin_now(base);
                offers
                    .with(|o| shaped.with(|m| shaped_catalog(base, o, m, own_catalog.get())))
                    .unwrap_or_else(|| previous.copied().unwrap_or(base))
            },
            |_, _| true,
        );
        // How many times the request was computed. With an answer handed in `found`, the first
        // is the starting form's, computed here, before anything can change the form: while the
        // count is 1, the request is still the one that answer answers (with the same day,
        // prices and catalog). Without one, the request waits for the first evaluation, after
        // the first frame.
        let requests = Arc::new(AtomicU32::new(0));
        let request = Memo::new({
            let requests = Arc::clone(&requests);
            move |_| {
                requests.fetch_add(1, Ordering::Relaxed);
                form.with(|f| edits.with(|e| request_for(f, today, e)))
            }
        });
        if found.answered.is_some() {
            request.with_untracked(|_| ());
        }
        // The request memo already filters out edits that change nothing, so a new report is
        // always a changed one: comparing two reports field by field would cost more than it saves.
        // The report it replaces (thousands of candidates) is freed after the frame that shows the
        // new one, not before it. Most edits leave the job as it was (a price, the deadline, the
        // amount of data): the last evaluation's placements and timings are kept for the next, the
        // first starting from those of the answer painted before the form, if any, or taking
        // that answer when it is the one to give.
        let found = StoredValue::new(found);
        let report = Memo::new_owning(move |previous| {
            if let Some(previous) = previous {
                if waiting.get() {
                    return (previous, false);
                }
                drop_after_paint(previous);
            }
            let report = request.with(|r| match r {
                Ok(request) => {
                    let catalog = catalog.get();
                    let first = requests.load(Ordering::Relaxed) == 1;
                    found
                        .try_update_value(|found| {
                            let painted = found.answered.take().filter(|_| first).and_then(|a| {
                                edits.with_untracked(|e| a.answers(today, e, catalog))
                            });
                            match painted {
                                Some(report) => Ok(report),
                                None => evaluate_with(catalog, request, &mut found.sizings),
                            }
                        })
                        .unwrap_or_else(|| evaluate(catalog, request))
                }
                Err(e) => Err(e.clone()),
            });
            (report, true)
        });
        AppState {
            form,
            request,
            report,
            selected: RwSignal::new(None),
            view: RwSignal::new(View::Calculator),
            edits,
            base,
            catalog,
            own_catalog,
            followers: Followers::of(form),
        }
    }

    /// What `get` reads from the form, its readers rerun only when that value changes: for a
    /// control, which an edit of another field then leaves alone (see [`Followers`]).
    pub fn follow<T: PartialEq>(self, get: fn(&Form) -> T) -> Followed<T> {
        self.followers.follow(get)
    }

    /// The built-in catalog the page has now: with the sources once a part has brought them.
    pub fn builtin_catalog(self) -> &'static Catalog {
        builtin_now(self.base)
    }

    /// The report for another form (a saved scenario), on the page's catalog and price overrides.
    pub fn evaluate(self, form: &Form) -> Result<Report<'static>, InputError> {
        let request = self.edits.with(|e| request_for(form, today(), e))?;
        let own = shape(form);
        let builtin = self.builtin_catalog();
        let catalog = if own == self.form.with_untracked(shape) {
            self.catalog.get()
        } else {
            // Its code is fetched for the page's own job only; until then, the built-in one.
            self.edits
                .with(|e| shaped_catalog(builtin, &e.custom_offers, &own, self.own_catalog.get()))
                .unwrap_or(builtin)
        };
        evaluate(catalog, &request)
    }
}

/// The built-in catalog in `base` (see [`AppState::base`]), else the one without sources.
fn builtin_now(base: RwSignal<Option<&'static Catalog>>) -> &'static Catalog {
    base.get().unwrap_or_else(Catalog::builtin)
}

/// What of a form shapes the catalog: its own machine, if it runs on one, and the MIG slices'
/// price factor, if it considers them.
#[derive(Clone, PartialEq)]
pub struct Shape {
    own: Option<(String, Option<u32>, Option<f64>, CurrencyKey)>,
    slices: Option<f64>,
}

impl Shape {
    /// True when the built-in catalog is the one to use, with `offers` (the custom ones) too.
    fn is_plain(&self, offers: &[Offer]) -> bool {
        offers.is_empty() && self.own.is_none() && self.slices.is_none()
    }
}

/// Whether the page's first report, for `form` and the person's custom `offers`, needs a catalog
/// of their own: the page then fetches its code before it mounts.
pub fn needs_own_catalog(form: &Form, offers: &[Offer]) -> bool {
    !shape(form).is_plain(offers)
}

/// [`catalog_of_own`], once its code is fetched (`split::catalog_of_own`).
pub type CatalogOfOwn = fn(&'static Catalog, &[Offer], &Shape) -> &'static Catalog;

/// The catalog for `offers` and `shape`: `builtin` when they change nothing, else the one `code`
/// builds; `None` while that code is not fetched.
fn shaped_catalog(
    builtin: &'static Catalog,
    offers: &[Offer],
    shape: &Shape,
    code: Option<CatalogOfOwn>,
) -> Option<&'static Catalog> {
    if shape.is_plain(offers) {
        return Some(builtin);
    }
    code.map(|of_own| of_own(builtin, offers, shape))
}

fn shape(f: &Form) -> Shape {
    Shape {
        own: f
            .own
            .then(|| (f.gpu.clone(), f.gpus, f.own_price, f.currency)),
        slices: f.mig_slices.then_some(f.mig_price_factor),
    }
}

/// The built-in catalog `base` plus the user's custom offers, own machine and MIG slices. Its
/// code (the own machine's and the slices' offers, the custom offers' checks) is in a part of its
/// own, `split::catalog_of_own`, which only a job that needs it fetches.
pub fn catalog_of_own(base: &'static Catalog, offers: &[Offer], shape: &Shape) -> &'static Catalog {
    let own = shape
        .own
        .as_ref()
        .and_then(|(gpu, gpus, own_price, currency)| {
            let form = Form {
                own: true,
                gpu: gpu.clone(),
                gpus: *gpus,
                own_price: *own_price,
                currency: *currency,
                ..Form::default()
            };
            own_machine::catalog(base, &form, today())
        });
    if offers.is_empty() && own.is_none() && shape.slices.is_none() {
        return base;
    }
    // The report borrows its catalog for the page's lifetime. Custom offers, the own machine and
    // the slices' factor change only when the user edits them, so leaking each version is bounded
    // by the user's own edits.
    let base = own.as_ref().unwrap_or(base);
    let with_offers = catalog_edits::with_offers(base, offers);
    Box::leak(Box::new(match shape.slices {
        Some(factor) => mig::with_slices(&with_offers, factor),
        None => with_offers,
    }))
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
    crate::app::provided::<AppState>()
}

/// Today as days since 1970-01-01, from the browser's clock (the engine has none).
pub fn today() -> Option<i64> {
    gpu_sizer_markup::page::day_of(js_sys::Date::now())
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test as test;

    wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

    /// The page's first report is the answer painted before the form when that answers the
    /// page's request on the page's catalog, and the page's own evaluation otherwise: a report
    /// cut to one candidate stands for the painted answer, so which one the page shows is seen.
    #[test]
    fn the_first_report_is_the_painted_answer_only_when_it_answers_the_same_request() {
        // The state's effects need Leptos's executor, which a mount sets up.
        leptos::mount::mount_to_body(|| ());
        let owner = Owner::new();
        owner.set();
        let form = Form::default();
        let today = today();
        let request = request_for(&form, today, &CatalogEdits::default()).unwrap();
        let builtin = Catalog::builtin();
        let mut painted = evaluate(builtin, &request).unwrap();
        let all = painted.ranked.len();
        assert!(all > 1);
        painted.ranked.truncate(1);
        // The page's first report, handed an answer of `day` on `catalog`, after `edit` if any.
        let first_report = |day: Option<i64>,
                            catalog: &'static Catalog,
                            edit: Option<fn(&mut Form)>| {
            let found = Found {
                sizings: SizingCache::default(),
                answered: Some(Answered {
                    today: day,
                    catalog,
                    report: painted.clone(),
                }),
            };
            let state = AppState::new(form.clone(), today, CatalogEdits::default(), found, None);
            if let Some(edit) = edit {
                state.form.update(edit);
            }
            state
                .report
                .with_untracked(|r| r.as_ref().map(|r| r.ranked.len()).unwrap())
        };
        let unchanged = None;
        assert_eq!(
            first_report(today, builtin, unchanged),
            1,
            "the painted answer"
        );
        let edited: Option<fn(&mut Form)> = Some(|f| f.egress_gb += 100.0);
        assert_eq!(
            first_report(today, builtin, edited),
            all,
            "the form edited: evaluated"
        );
        let yesterday = today.map(|d| d - 1);
        assert_eq!(
            first_report(yesterday, builtin, unchanged),
            all,
            "another day: evaluated"
        );
        let copy: &'static Catalog = Box::leak(Box::new(builtin.clone()));
        assert_eq!(
            first_report(today, copy, unchanged),
            all,
            "another catalog: evaluated"
        );
    }
}
