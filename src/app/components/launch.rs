//! The open candidate's launch recipes: a SkyPilot task, the provider's own command (or console
//! steps) and an idle watchdog, to copy or save. Text and markup come from
//! `gpu_sizer_ops::launch`; one click handler serves the tabs and the buttons.

use super::export::download;
use super::on_screen::{on_screen, while_shown};
use super::ranking::has_key;
use crate::app::persist;
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use gpu_sizer_ops::launch::{html, recipes, Target};
use leptos::prelude::*;

/// The `data-tab` index or `data-action` of the button clicked, if one was.
fn clicked(ev: &leptos::ev::MouseEvent) -> Option<(Option<usize>, Option<String>)> {
    use wasm_bindgen::JsCast;
    let target: web_sys::Element = ev.target()?.dyn_into().ok()?;
    let button = target.closest("button").ok()??;
    let tab = button
        .get_attribute("data-tab")
        .and_then(|t| t.parse().ok());
    Some((tab, button.get_attribute("data-action")))
}

/// The recipes of the open candidate (the pick until the reader opens another).
#[component]
pub fn Launch() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let node = NodeRef::<leptos::html::Section>::new();
    let tab = RwSignal::new(0usize);
    let copied = RwSignal::new(None::<bool>);
    let all = while_shown(on_screen(node), move || {
        let selected = state.selected.get();
        state.request.with(|request| {
            let request = request.as_ref().ok()?;
            state.report.with(|report| {
                let report = report.as_ref().ok()?;
                let c = selected
                    .as_ref()
                    .and_then(|k| report.ranked.iter().find(|c| has_key(c, k)))
                    .or_else(|| report.pick())?;
                Some(recipes(&Target::of(c, request)))
            })
        })
    });
    let markup = move || {
        all.with(|a| {
            a.as_ref().map_or_else(String::new, |a| {
                html::section(a, tab.get(), copied.get() == Some(true), lang.get())
            })
        })
    };
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let Some((to, action)) = clicked(&ev) else {
            return;
        };
        if let Some(i) = to {
            tab.set(i.min(2));
            copied.set(None);
        }
        let Some(r) =
            all.with_untracked(|a| a.as_ref().map(|a| a[tab.get_untracked().min(2)].clone()))
        else {
            return;
        };
        match action.as_deref() {
            Some("copy") => persist::copy(&r.text, copied),
            Some("download") => download(&r.file_name, "text/plain", &r.text),
            _ => {}
        }
    };
    view! {
        <section
            class="panel launch"
            data-testid="launch"
            aria-labelledby="launch-heading"
            node_ref=node
            on:click=on_click
            inner_html=markup
        ></section>
    }
}
