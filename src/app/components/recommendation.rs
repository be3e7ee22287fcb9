//! The answer at a glance, kept current with the form. Its markup is [`crate::app::answer`]'s,
//! the same the first-answer module paints before the app has loaded.

use crate::app::answer;
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use leptos::prelude::*;

/// The recommendation card, or the reason there is none.
#[component]
pub fn Recommendation() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let markup = move || {
        state
            .report
            .with(|report| answer::markup(report, lang.get()))
    };
    view! { <div class="answer" inner_html=markup></div> }
}
