//! The application shell: state, layout and the panic fallback.

mod components;

pub use components::quick_form::{QuickForm, QuickInputs};
pub use components::results::Results;
pub use components::update_banner::UpdateBanner;

use leptos::prelude::*;

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let inputs = QuickInputs::new();
    view! {
        <UpdateBanner />
        <header class="masthead">
            <h1>"GPU Sizer"</h1>
            <p class="tagline">
                "Which cloud GPU to rent, how long the job takes, what it costs."
            </p>
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
            body.set_inner_html(
                "<div class=\"fatal\" role=\"alert\"><h1>GPU Sizer stopped</h1>\
                 <p>Something went wrong. Reload the page; your saved scenarios are kept.</p></div>",
            );
        }
    }));
}
