//! Choosing the model: a searchable preset list, a bare parameter count, or architecture numbers.

use super::fields::{field, options};
use crate::app::i18n::t;
use crate::app::prefs::text_in;
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use gpu_sizer_engine::model::presets;
use gpu_sizer_engine::text::mentions;
use gpu_sizer_formats::fields::ChoiceField;
use gpu_sizer_formats::form::ModelSource;
use gpu_sizer_markup::{format, html};
use leptos::prelude::*;

/// The field of a model given by its parameter count.
pub const PARAMETERS: &[&str] = &["params_b"];

/// The fields of a model given by its architecture.
pub const ARCHITECTURE: &[&str] = &[
    "layers", "hidden", "heads", "kv_heads", "head_dim", "ffn", "vocab",
];

fn fields(names: &'static [&'static str]) -> AnyView {
    names
        .iter()
        .map(|name| field(name))
        .collect_view()
        .into_any()
}

/// The model part of the form.
#[component]
pub fn ModelPicker() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let source = state.follow(|f| f.model_source);
    // The select follows this memo, not the whole form: a keystroke elsewhere does not reach it.
    let model = state.follow(|f| f.model.clone());
    let query = RwSignal::new(String::new());
    // The presets the search matches, as options (each model's label is written once).
    let matches = move || {
        let q = query.get().to_ascii_lowercase();
        let labels: Vec<(&str, String)> = presets()
            .iter()
            .filter(|m| {
                q.is_empty()
                    || mentions(&m.name.to_ascii_lowercase(), &q)
                    || mentions(&m.id, &q)
                    || mentions(&m.family.to_ascii_lowercase(), &q)
            })
            .map(|m| {
                (
                    m.id.as_str(),
                    format!("{} · {}", m.name, format::parameters(m.params_b)),
                )
            })
            .collect();
        let options = labels.iter().map(|(id, label)| (*id, label.as_str()));
        model.with_untracked(|chosen| html::options(options, chosen))
    };
    view! {
        <fieldset class="model">
            <legend>{text_in(lang, t::MODEL)}</legend>
            <div class="segmented" role="radiogroup" aria-label=text_in(lang, t::MODEL)>
                {options("model_source")
                    .iter()
                    .filter_map(|(key, text)| Some((ModelSource::from_key(key)?, key, text)))
                    .map(|(s, key, text)| {
                        let id = format!("model-source-{key}");
                        view! {
                            <span>
                                <input
                                    type="radio"
                                    name="model-source"
                                    id=id.clone()
                                    data-testid=id.clone()
                                    prop:checked=move || source.get() == s
                                    on:change=move |_| state.form.update(|f| f.model_source = s)
                                />
                                <label for=id>{text_in(lang, *text)}</label>
                            </span>
                        }
                    })
                    .collect_view()}
            </div>
            {move || match source.get() {
                ModelSource::Preset => {
                    view! {
                        <div class="field">
                            <label for="model-search">{text_in(lang, t::SEARCH_MODELS)}</label>
                            <input
                                id="model-search"
                                data-testid="model-search"
                                type="search"
                                autocomplete="off"
                                prop:value=move || query.get()
                                on:input=move |ev| query.set(event_target_value(&ev))
                            />
                            <label for="field-model" class="sr-only">
                                {text_in(lang, t::MODEL)}
                            </label>
                            <select
                                id="field-model"
                                data-testid="model-select"
                                size="6"
                                prop:value=move || model.get()
                                on:change=move |ev| {
                                    let id = event_target_value(&ev);
                                    state.form.update(|f| f.model = id);
                                }
                                inner_html=matches
                            ></select>
                        </div>
                    }
                        .into_any()
                }
                ModelSource::Params => fields(PARAMETERS),
                ModelSource::Custom => fields(ARCHITECTURE),
            }}
        </fieldset>
    }
}
