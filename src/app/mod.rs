//! The application shell: state, layout and the panic fallback.

mod components;
pub mod i18n;
pub mod keys;
pub mod prefs;

pub use components::quick_form::{QuickForm, QuickInputs};
pub use components::results::Results;
pub use components::toolbar::Toolbar;
pub use components::update_banner::UpdateBanner;

use leptos::prelude::*;

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let prefs = prefs::Prefs::load();
    prefs.persist();
    provide_context(prefs);
    let inputs = QuickInputs::new();
    view! {
        <UpdateBanner />
        <header class="masthead">
            <div>
                <h1>{move || i18n::t::APP_NAME.get(prefs.lang.get())}</h1>
                <p class="tagline">{move || i18n::t::TAGLINE.get(prefs.lang.get())}</p>
            </div>
            <Toolbar />
        </header>
        <main class="layout">
            <QuickForm inputs=inputs />
            <ErrorBoundary fallback=|errors| {
                view! {
                    <div class="error" role="alert" data-testid="input-error">
                        {move || {
                            errors
                                .get()
                                .into_iter()
                                .map(|(_, e)| view! { <p>{e.to_string()}</p> })
                                .collect_view()
                        }}
                    </div>
                }
            }>
                <Results inputs=inputs />
            </ErrorBoundary>
        </main>
    }
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
            let (title, text) = (i18n::t::FATAL_TITLE, i18n::t::FATAL_BODY);
            body.set_inner_html(&format!(
                "<div class=\"fatal\" role=\"alert\"><h1>{}</h1><p>{}</p><h1 lang=\"zh-CN\">{}</h1><p lang=\"zh-CN\">{}</p></div>",
                title.en, text.en, title.zh, text.zh
            ));
        }
    }));
}
