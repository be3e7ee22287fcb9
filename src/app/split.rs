//! The parts of the app whose code is fetched when they are first shown, so that the form becomes
//! usable before they are downloaded. The release build (feature `split`, which marks each with
//! Leptos's `lazy`) moves each into a wasm module of its own (`scripts/app-modules.mjs`); other
//! builds run them at once. One place lists every split point, so what the start-up downloads
//! can be read here.

use crate::app::components::charts::Charts;
use crate::app::components::detail::Detail;
use crate::app::components::export::Export;
use crate::app::components::launch::Launch;
use crate::app::components::ranking::Ranking;
use crate::app::components::scenarios::Scenarios;
use crate::app::pages::catalog::CatalogPage;
use crate::app::pages::compare::Compare;
use crate::app::pages::doctor::Doctor;
use crate::app::pages::guide::Guide;
use crate::app::pages::project::ProjectPlan;
use crate::app::pages::versus::Versus;
use leptos::prelude::*;
use std::future::Future;

/// `part` once its code is there (nothing until then).
pub fn when_loaded(part: impl Future<Output = AnyView> + Send + 'static) -> AnyView {
    view! { <Suspense fallback=|| ()>{Suspend::new(part)}</Suspense> }.into_any()
}

/// The calculator's panels below the answer: export, saved scenarios, the ranking, the open
/// candidate in detail, launch recipes and charts. They are drawn after the first paint anyway,
/// and the form (which is what makes the page interactive) does not need them.
#[cfg_attr(feature = "split", lazy)]
pub async fn answer_panels() -> AnyView {
    view! {
        <Export />
        <Scenarios />
        <Ranking />
        <Detail />
        <Launch />
        <Charts />
    }
    .into_any()
}

#[cfg_attr(feature = "split", lazy)]
pub async fn guide_page() -> AnyView {
    view! { <Guide /> }.into_any()
}

#[cfg_attr(feature = "split", lazy)]
pub async fn catalog_page() -> AnyView {
    view! { <CatalogPage /> }.into_any()
}

#[cfg_attr(feature = "split", lazy)]
pub async fn compare_page() -> AnyView {
    view! { <Compare /> }.into_any()
}

#[cfg_attr(feature = "split", lazy)]
pub async fn doctor_page() -> AnyView {
    view! { <Doctor /> }.into_any()
}

#[cfg_attr(feature = "split", lazy)]
pub async fn versus_page() -> AnyView {
    view! { <Versus /> }.into_any()
}

#[cfg_attr(feature = "split", lazy)]
pub async fn plan_page() -> AnyView {
    view! { <ProjectPlan /> }.into_any()
}
