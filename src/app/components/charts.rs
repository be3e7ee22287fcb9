//! The charts panel: cost against time with the Pareto front, billing modes over job length with
//! the break-even points, and a serving fleet over the day, drawn by
//! [`gpu_sizer_markup::charts`] from what the engine returns.

use super::on_screen::{on_screen, while_shown};
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use leptos::prelude::*;

/// The charts for the current report, as markup: redrawn whole on every input change while on
/// screen, with one `innerHTML` write (see [`crate::app::html`]).
#[component]
pub fn Charts() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let node = NodeRef::<leptos::html::Div>::new();
    let markup = while_shown(on_screen(node), move || {
        let lang = lang.get();
        state.report.with(|report| match report {
            Ok(report) => gpu_sizer_markup::charts::charts(report, lang).finish(),
            Err(_) => String::new(),
        })
    });
    view! { <div class="markup" node_ref=node inner_html=markup></div> }
}
