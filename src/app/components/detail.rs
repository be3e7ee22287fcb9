//! One candidate in detail (memory against the GPU, time and cost term by term with formulas and
//! sources, the price with its date, break-even and spot figures), drawn by
//! [`gpu_sizer_markup::detail`].

use super::on_screen::{on_screen, while_shown};
use super::ranking::has_key;
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use gpu_sizer_markup::detail::detail;
use leptos::prelude::*;

/// The open candidate (the pick until the reader opens another).
#[component]
pub fn Detail() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let today = crate::app::state::today();
    let node = NodeRef::<leptos::html::Div>::new();
    let markup = while_shown(on_screen(node), move || {
        let lang = lang.get();
        let selected = state.selected.get();
        state.request.with(|request| {
            let Ok(request) = request else {
                return String::new();
            };
            state.report.with(|report| {
                let Ok(report) = report else {
                    return String::new();
                };
                let chosen = selected
                    .as_ref()
                    .and_then(|k| report.ranked.iter().find(|c| has_key(c, k)))
                    .or_else(|| report.pick());
                chosen.map_or_else(String::new, |c| {
                    detail(state.catalog.get(), c, request, lang, today).finish()
                })
            })
        })
    });
    view! { <div class="markup" node_ref=node inner_html=markup></div> }
}
