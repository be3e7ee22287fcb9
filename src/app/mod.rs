//! The application shell: state, layout and the panic fallback.

pub mod catalog_store;
pub mod components;
pub mod fetched;
pub mod first_answer;
pub mod followers;
pub mod pages;
pub mod persist;
pub mod plan_store;
pub mod prefs;
pub mod split;
pub mod state;

// The words, formats and markup the app shares with the first answer (no view framework).
pub use gpu_sizer_markup::{answer, format, html, i18n, keys};

use crate::app::prefs::text_in;
use components::scenarios::Notices;
use components::toolbar::Toolbar;
use components::update_banner::UpdateBanner;
use gpu_sizer_markup::page::{catalog_line, Start};
use i18n::{t, Lang};
use leptos::prelude::*;
use pages::calculator::Calculator;
use plan_store::ProjectState;
use split::when_loaded;
use state::{AppState, Found, View};

/// Mounts the page. Where the page holds no answer yet (a link, a draft), the answer is painted
/// first and the page mounts after that frame, from the same reading of the link or draft. For a
/// person with prices of their own stored, it mounts once their reader (a part of its own) has
/// read them, so that the first answer is on their prices.
pub fn start() {
    let lang = prefs::start_lang();
    match catalog_store::stored_text() {
        None => {
            let boot = persist::boot(lang == Lang::Zh);
            match first_answer::paint(&boot, lang) {
                Some(found) => components::after_paint::after_next_paint(move || {
                    mount(catalog_store::Stored::default(), found, boot)
                }),
                None => mount(catalog_store::Stored::default(), Found::default(), boot),
            }
        }
        // Before the mount, Leptos has no executor yet.
        Some(raw) => wasm_bindgen_futures::spawn_local(async move {
            let stored = catalog_store::load(raw).await;
            mount(stored, Found::default(), persist::boot(lang == Lang::Zh))
        }),
    }
}

/// Mounts the page and removes the first answer. A first report that needs a catalog of the
/// person's own (their machine, MIG slices, offers of their own) waits for that code first
/// (`split::catalog_of_own`); where it cannot be fetched, the page mounts without it and fetches
/// it again at the next edit.
fn mount(stored: catalog_store::Stored, found: Found, boot: Start) {
    let needs_own = state::needs_own_catalog(&boot.form, &stored.edits.custom_offers);
    let show = move |own_catalog: Option<state::CatalogOfOwn>| {
        leptos::mount::mount_to_body(move || view! { <App stored found boot own_catalog /> });
        first_answer::remove();
    };
    if needs_own {
        wasm_bindgen_futures::spawn_local(async move {
            show(split::catalog_of_own().await.ok());
        });
    } else {
        show(None);
    }
}

/// The whole page, starting from `boot` (the link's scenario, else the autosaved draft, else the
/// default form: [`persist::boot`]), the person's stored prices (`stored`, none by default),
/// what the answer painted before it found (`found`, nothing by default) and the
/// code of a catalog of their own, when fetched before the mount (`own_catalog`).
#[component]
pub fn App(
    boot: Start,
    #[prop(optional)] stored: catalog_store::Stored,
    #[prop(optional)] found: Found,
    #[prop(default = None)] own_catalog: Option<state::CatalogOfOwn>,
) -> impl IntoView {
    let prefs = prefs::Prefs::load();
    prefs.persist();
    provide_context(prefs);
    provide_context(catalog_store::Unreadable(stored.unreadable));
    let state = AppState::new(boot.form, state::today(), stored.edits, found, own_catalog);
    state.view.set(boot.view);
    provide_context(state);
    provide_context(ProjectState::new(boot.plan));
    let persisted = persist::start(state, boot.ignored);
    provide_context(persisted);
    let shared = catalog_store::SharedPrices::new(boot.prices);
    provide_context(shared);
    catalog_store::persist(
        state.edits,
        shared.set_aside,
        stored.left_unread,
        move |ok| persisted.outcome(ok),
    );
    let lang = prefs.lang;
    let tab = move |view: View| {
        view! {
            <button
                type="button"
                role="tab"
                data-testid=format!("tab-{}", view.key())
                aria-selected=move || if state.view.get() == view { "true" } else { "false" }
                on:click=move |_| state.view.set(view)
            >
                {text_in(lang, view.label())}
            </button>
        }
    };
    view! {
        <a class="skip" href="#main">{text_in(lang, t::SKIP)}</a>
        <UpdateBanner />
        <header class="masthead">
            <div>
                <h1>{text_in(lang, t::APP_NAME)}</h1>
                <p class="tagline">{text_in(lang, t::TAGLINE)}</p>
            </div>
            <Toolbar />
        </header>
        <nav class="tabs" role="tablist" aria-label=text_in(lang, t::PAGES)>
            {View::ALL.map(tab)}
        </nav>
        <main id="main">
            <Notices />
            {move || match state.view.get() {
                View::Guide => when_loaded(split::guide_page),
                View::Catalog => when_loaded(split::catalog_page),
                View::Compare => when_loaded(split::compare_page),
                View::Doctor => when_loaded(split::doctor_page),
                View::Versus => when_loaded(split::versus_page),
                View::Plan => when_loaded(split::plan_page),
                _ => view! { <Calculator /> }.into_any(),
            }}
        </main>
        <footer class="footer">
            <p>{move || catalog_line(lang.get())}</p>
        </footer>
    }
}

/// The `T` that `App` provides in context. A missing one is a bug, reported with the type's name
/// by one function for every type (Leptos's `expect_context` formats its message in each).
pub fn provided<T: Clone + 'static>() -> T {
    use_context().unwrap_or_else(|| not_provided(std::any::type_name::<T>()))
}

#[cold]
#[inline(never)]
fn not_provided(what: &str) -> ! {
    panic!("{what} is not in the context: App provides it")
}

/// Logs panics to the console and replaces the page with a message, so a bug never leaves a
/// blank page behind.
pub fn install_panic_handler() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        if let Some(body) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.body())
        {
            // Both languages: the reader's choice may be what failed.
            let (title, text) = (t::FATAL_TITLE, t::FATAL_BODY);
            body.set_inner_html(&format!(
                "<div class=\"fatal\" role=\"alert\"><h1>{}</h1><p>{}</p><h1 lang=\"zh-CN\">{}</h1><p lang=\"zh-CN\">{}</p></div>",
                title.en, text.en, title.zh, text.zh
            ));
        }
    }));
}

#[cfg(test)]
mod tests {
    use wasm_bindgen_test::wasm_bindgen_test as test;

    wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

    /// The shared texts are checked in `gpu_sizer_markup::i18n`, the fields' in
    /// `gpu_sizer_formats::fields`; these live beside the guide sections and catalog columns that
    /// show them.
    #[test]
    fn texts_kept_beside_their_sections_and_columns_have_both_languages() {
        let local = super::pages::guide::all_texts()
            .into_iter()
            .chain(super::pages::catalog::all_texts())
            .chain(super::pages::doctor::all_texts());
        for text in local {
            assert!(
                text.en.trim().is_empty() == text.zh.trim().is_empty(),
                "one language missing: {text:?}"
            );
        }
    }
}
