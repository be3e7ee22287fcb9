//! The answer at a glance, kept current with the form. Its markup is [`crate::app::answer`]'s,
//! the same the page paints before the form is built ([`first_answer`]).

use super::after_paint;
use crate::app::answer;
use crate::app::first_answer;
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use leptos::prelude::*;

/// The recommendation card, or the reason there is none.
#[component]
pub fn Recommendation() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    // The answer already on screen is this form's: until the page has been painted, and while the
    // form is unwritten and the language the one it answers in, it stands for the app's. The app's
    // first task then builds the form without evaluating (tens of milliseconds on a slow phone),
    // and the evaluation follows the first frame.
    let first = first_answer::card().map(|card| (card, lang.get_untracked()));
    // Whether the form has been written since the card was taken: false until then. A flag, not
    // a copy of the form compared field by field, whose comparison would be code of its own.
    let edited = Memo::new(move |before: Option<&bool>| {
        state.form.track();
        before.is_some()
    });
    let painted = after_paint::painted();
    let markup = move || {
        let lang = lang.get();
        if let Some((card, answered_in)) = first.as_ref().filter(|_| !painted.get()) {
            if *answered_in == lang && !edited.get() {
                return card.clone();
            }
        }
        state.report.with(|report| answer::markup(report, lang))
    };
    view! { <div class="answer" inner_html=markup></div> }
}
