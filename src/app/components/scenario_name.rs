//! The scenario's name: a field of at most [`MAX`] characters, and a line saying so once a name
//! (typed, or pasted and cut by the browser) reaches the limit, so nothing is left out unseen.

use crate::app::i18n::t;
use crate::app::prefs::text_in;
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use leptos::prelude::*;

/// The longest name, in the UTF-16 units the browser's `maxlength` counts.
const MAX: usize = 200;

/// The labelled name field.
#[component]
pub fn ScenarioName() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let name = state.follow(|f| f.name.clone());
    let full = move || name.with(|n| n.encode_utf16().count() >= MAX);
    view! {
        <div class="field">
            <label for="scenario-name">{text_in(lang, t::SCENARIO_NAME)}</label>
            <input
                id="scenario-name"
                data-testid="scenario-name"
                type="text"
                maxlength=MAX.to_string()
                autocomplete="off"
                prop:value=move || name.get()
                on:input=move |ev| {
                    let name = event_target_value(&ev);
                    state.form.update(|f| f.name = name);
                }
            />
            <Show when=full>
                <p class="help" role="status" data-testid="scenario-name-limit">
                    {text_in(lang, t::NAME_LIMIT)}
                </p>
            </Show>
        </div>
    }
}
