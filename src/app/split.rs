//! The parts of the app whose code is fetched when they are first shown, so that the form becomes
//! usable before they are downloaded. The release build (feature `split`) makes each a split point
//! of `wasm_split` and moves it into a wasm module of its own (`scripts/app-modules.mjs`); other
//! builds run them at once. One place lists every split point, so what the start-up downloads
//! can be read here.
//!
//! A part whose code cannot be fetched (the connection dropped before the offline copy was made)
//! shows a message with a retry button, and the rest of the page keeps working: the split points
//! are `fallible`, where Leptos's `lazy` would panic and stop the whole app.

use crate::app::components::charts::Charts;
use crate::app::components::detail::Detail;
use crate::app::components::export::Export;
use crate::app::components::launch::Launch;
use crate::app::components::ranking::Ranking;
use crate::app::components::scenarios::Scenarios;
use crate::app::i18n::t;
use crate::app::pages::catalog::CatalogPage;
use crate::app::pages::compare::Compare;
use crate::app::pages::doctor::Doctor;
use crate::app::pages::guide::Guide;
use crate::app::pages::project::ProjectPlan;
use crate::app::pages::versus::Versus;
use crate::app::prefs::text_in;
use crate::app::prefs::use_prefs;
use crate::app::state::{self, AppState};
use gpu_sizer_engine::catalog::Catalog;
use gpu_sizer_engine::sizing::time::efficiency;
use gpu_sizer_formats::catalog_edits::CatalogEdits;
use gpu_sizer_formats::shared_prices::{self, Refused, Shared};
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use std::future::Future;
use std::pin::Pin;

/// A part's code could not be fetched; asking again fetches it again.
#[derive(Debug)]
pub struct Unloaded;

impl From<leptos::wasm_split::SplitLoaderError> for Unloaded {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
        Unloaded
    }
}

/// The part `load` gives once its code is there (nothing until then), or a message offering to
/// fetch it again.
pub fn when_loaded<F>(load: fn() -> F) -> AnyView
where
    F: Future<Output = Result<AnyView, Unloaded>> + 'static,
{
    // One copy of the view below for every split point, not one per future type.
    part(Box::new(move || Box::pin(load()) as Loading))
}

type Loading = Pin<Box<dyn Future<Output = Result<AnyView, Unloaded>>>>;

fn part(load: Box<dyn Fn() -> Loading + Send + Sync>) -> AnyView {
    let attempt = RwSignal::new(0u32);
    let lang = use_prefs().lang;
    let shown = move || {
        attempt.track();
        // The app runs on one thread; the view types ask for `Send`.
        let loading = SendWrapper::new(load());
        Suspend::new(async move {
            match loading.await {
                Ok(view) => view,
                Err(Unloaded) => view! {
                    <div class="panel unloaded" role="alert" data-testid="part-unloaded">
                        <p>{text_in(lang, t::PART_UNLOADED)}</p>
                        <button
                            type="button"
                            class="secondary"
                            on:click=move |_| attempt.update(|n| *n += 1)
                        >
                            {text_in(lang, t::TRY_AGAIN)}
                        </button>
                    </div>
                }
                .into_any(),
            }
        })
    };
    view! { <Suspense fallback=|| ()>{shown}</Suspense> }.into_any()
}

/// Declares the split point `$name`: an async function that gives `$value` (a `$ty`) once the
/// code of its module (`split_$name.wasm` in the build) is there. Without the feature it is a
/// plain async function.
macro_rules! split_fn {
    ($(#[$doc:meta])* $name:ident -> $ty:ty => $value:expr) => {
        $(#[$doc])*
        #[cfg(feature = "split")]
        #[leptos::wasm_split::wasm_split($name, wasm_split_path = ::leptos::wasm_split, fallible)]
        pub fn $name() -> Result<$ty, Unloaded> {
            Ok($value)
        }

        $(#[$doc])*
        #[cfg(not(feature = "split"))]
        pub async fn $name() -> Result<$ty, Unloaded> {
            Ok($value)
        }
    };
}

/// Declares the split point `$name` of a part of the page: the view `$body`, built with the
/// sources the parts show (`with_sources`).
macro_rules! split_point {
    ($(#[$doc:meta])* $name:ident => $body:expr) => {
        split_fn! {
            $(#[$doc])*
            $name -> AnyView => {
                with_sources();
                $body.into_any()
            }
        }
    };
}

split_point! {
    /// The calculator's panels below the answer: export, saved scenarios, the ranking, the open
    /// candidate in detail, launch recipes and charts. They are drawn after the first paint anyway,
    /// and the form (which is what makes the page interactive) does not need them.
    answer_panels => view! {
        <Export />
        <Scenarios />
        <Ranking />
        <Detail />
        <Launch />
        <Charts />
    }
}

split_point! { guide_page => view! { <Guide /> } }
split_point! { catalog_page => view! { <CatalogPage /> } }
split_point! { compare_page => view! { <Compare /> } }
split_point! { doctor_page => view! { <Doctor /> } }
split_point! { versus_page => view! { <Versus /> } }
split_point! { plan_page => view! { <ProjectPlan /> } }

split_fn! {
    /// The built-in catalog with the sources of its figures, for the main module's code that
    /// needs them (the share notice's export): a split point of its own, so their bytes are not
    /// among those the page waits for at start-up. The parts get them as they are built
    /// (`with_sources`).
    catalog_sources -> &'static Catalog => Catalog::with_sources()
}

split_fn! {
    /// The code of a catalog of the person's own (`state::catalog_of_own`: their own machine, MIG
    /// slices, offers of their own): a split point of its own, so that only a job that needs one
    /// fetches it, and only it waits for it. Named only here, so its code goes with this part.
    catalog_of_own -> state::CatalogOfOwn => state::catalog_of_own
}

/// How a person's own prices are read and written as text: stored in the browser (JSON) and
/// carried by a link (`ce=`). Their `Offer` records' JSON code is the largest part of it, and only
/// a person with prices of their own, or a link carrying some, needs it.
pub struct PricesText {
    /// Stored edits; `None` when they cannot be read.
    pub parse: fn(&str) -> Option<CatalogEdits>,
    /// The edits as stored.
    pub to_json: fn(&CatalogEdits) -> String,
    /// A link's prices, checked against a catalog.
    pub decode_link: fn(&str, &Catalog) -> Result<Shared, Refused>,
    /// A person's own prices with a link's added (`shared_prices::keep`).
    pub keep: fn(&CatalogEdits, &CatalogEdits, &Catalog) -> CatalogEdits,
}

split_fn! {
    /// Prices as text (`PricesText`): a split point of its own, so a person without prices of
    /// their own never downloads their JSON code. The functions are named only here, so their
    /// code goes with this part.
    prices_text -> &'static PricesText => {
        static TEXT: PricesText = PricesText {
            parse: CatalogEdits::parse,
            to_json: CatalogEdits::to_json,
            decode_link: shared_prices::decode,
            keep: shared_prices::keep,
        };
        &TEXT
    }
}

/// Gives the page's report the catalog's sources, unless it has them, and the time model the
/// sources and derivations of its rates (the detail's explanations). Every part calls it before
/// it is built: the parts are what shows the sources, so their code (and bytes) come with the
/// first part that loads, and no part is drawn without them.
fn with_sources() {
    efficiency::with_sources();
    if let Some(state) = use_context::<AppState>() {
        if state.base.get_untracked().is_none() {
            state.base.set(Some(Catalog::with_sources()));
        }
    }
}
