//! The open candidate's launch recipes: a SkyPilot task, the provider's own command (or console
//! steps) and an idle watchdog, to copy or save. The text comes from `gpu_sizer_ops::launch`.

use super::export::download;
use super::on_screen::{on_screen, while_shown};
use super::ranking::has_key;
use crate::app::persist;
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use gpu_sizer_ops::launch::words::{label, COPIED, COPY, DOWNLOAD, LAUNCH, LAUNCH_INTRO};
use gpu_sizer_ops::launch::{recipes, Recipe, Target};
use leptos::prelude::*;

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
            let Ok(request) = request else {
                return None;
            };
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
    let shown = move || all.with(|a| a.as_ref().map(|a| a[tab.get().min(2)].clone()));
    let copy = move |_| {
        if let Some(r) = shown() {
            copied.set(None);
            persist::copy(&r.text, copied);
        }
    };
    let save = move |_| {
        if let Some(r) = shown() {
            download(&r.file_name, "text/plain", &r.text);
        }
    };
    let tabs = move || {
        all.with(|a| {
            a.as_ref().map(|a| {
                a.iter()
                    .enumerate()
                    .map(|(i, r)| {
                        let format = r.format;
                        view! {
                            <button
                                type="button"
                                role="tab"
                                data-testid=format!("launch-tab-{}", format.key())
                                aria-selected=move || if tab.get() == i { "true" } else { "false" }
                                on:click=move |_| {
                                    tab.set(i);
                                    copied.set(None);
                                }
                            >
                                {move || label(format).get(lang.get())}
                            </button>
                        }
                    })
                    .collect_view()
            })
        })
    };
    let text = move || shown().map(|r: Recipe| (r.format.key(), r.text));
    view! {
        <section class="panel launch" data-testid="launch" node_ref=node aria-labelledby="launch-heading">
            <h2 id="launch-heading">{move || LAUNCH.get(lang.get())}</h2>
            <p class="muted">{move || LAUNCH_INTRO.get(lang.get())}</p>
            <div class="tabs launch-tabs" role="tablist" aria-labelledby="launch-heading">{tabs}</div>
            {move || {
                text()
                    .map(|(key, body)| {
                        view! {
                            <pre class="recipe" data-testid="launch-recipe" data-format=key tabindex="0">{body}</pre>
                        }
                    })
            }}
            <div class="export">
                <button type="button" class="secondary" data-testid="launch-copy" on:click=copy>
                    {move || {
                        if copied.get() == Some(true) { COPIED } else { COPY }.get(lang.get())
                    }}
                </button>
                <button type="button" class="secondary" data-testid="launch-download" on:click=save>
                    {move || DOWNLOAD.get(lang.get())}
                </button>
            </div>
        </section>
    }
}
