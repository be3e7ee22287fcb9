//! Form controls bound to one field of the scenario form each, described by small static specs.
//!
//! A spec holds plain function pointers to read and write its field, so one non-generic function
//! renders every number field (smaller code than a generic component per field). A number being
//! typed is kept as typed: an invalid value is shown with a message and never discarded.

use crate::app::i18n::{Lang, Text};
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use gpu_sizer_formats::Form;
use leptos::prelude::*;

/// A number field. `None` from `get` shows an empty box; an empty box sets `None` when `optional`.
pub struct NumSpec {
    /// Stable id, also the `data-testid` (`field-<key>`).
    pub key: &'static str,
    pub label: Text,
    pub help: Text,
    pub unit: Text,
    pub get: fn(&Form) -> Option<f64>,
    pub set: fn(&mut Form, Option<f64>),
    pub optional: bool,
    pub min: f64,
    pub max: f64,
}

/// A yes/no field.
pub struct BoolSpec {
    pub key: &'static str,
    pub label: Text,
    pub help: Text,
    pub get: fn(&Form) -> bool,
    pub set: fn(&mut Form, bool),
}

/// A choice among fixed options, by key.
pub struct ChoiceSpec {
    pub key: &'static str,
    pub label: Text,
    pub help: Text,
    pub options: &'static [(&'static str, Text)],
    pub get: fn(&Form) -> &'static str,
    pub set: fn(&mut Form, &str),
}

/// Shows a number the way a person would type it back (no float noise, exponents for huge ones).
pub fn input_text(v: f64) -> String {
    if v != 0.0 && (v.abs() >= 1e7 || v.abs() < 1e-3) {
        format!("{v:e}")
    } else {
        format!("{v}")
    }
}

fn parse(text: &str) -> Option<f64> {
    let cleaned: String = text
        .trim()
        .chars()
        .filter(|c| *c != ',' && *c != '_')
        .collect();
    cleaned.parse::<f64>().ok().filter(|v| v.is_finite())
}

fn message(lang: Lang, spec: &NumSpec) -> String {
    match lang {
        Lang::En => format!("Enter a number between {} and {}.", spec.min, spec.max),
        Lang::Zh => format!("请输入 {} 到 {} 之间的数字。", spec.min, spec.max),
    }
}

/// Renders a number field with its label, unit, help and validation message.
pub fn num_field(spec: &'static NumSpec) -> AnyView {
    let state = use_state();
    let lang = use_prefs().lang;
    let raw: RwSignal<Option<String>> = RwSignal::new(None);
    let invalid = RwSignal::new(false);
    let id = format!("field-{}", spec.key);
    let help_id = format!("{id}-help");
    // Every edit changes the form; the memo keeps the other fields' boxes from being rewritten.
    let value = Memo::new(move |_| state.form.with(|f| (spec.get)(f)));
    let shown = move || {
        raw.get()
            .unwrap_or_else(|| value.get().map(input_text).unwrap_or_default())
    };
    let on_input = move |ev: leptos::ev::Event| {
        let text = event_target_value(&ev);
        let value = if text.trim().is_empty() && spec.optional {
            Some(None)
        } else {
            parse(&text)
                .filter(|v| *v >= spec.min && *v <= spec.max)
                .map(Some)
        };
        match value {
            Some(v) => {
                invalid.try_set(false);
                state.form.update(|f| (spec.set)(f, v));
            }
            None => {
                invalid.try_set(true);
            }
        }
        raw.try_set(Some(text));
    };
    // A change event can arrive after the field is gone: leaving the box by choosing another
    // workload re-renders the form first. Its signals are then disposed and nothing is left to do.
    let on_change = move |_| {
        if invalid.try_get_untracked() == Some(false) {
            raw.try_set(None);
        }
    };
    view! {
        <div class="field">
            <label for=id.clone()>{move || spec.label.get(lang.get())}</label>
            <div class="with-unit">
                <input
                    id=id.clone()
                    data-testid=id.clone()
                    type="text"
                    inputmode="decimal"
                    autocomplete="off"
                    aria-describedby=help_id.clone()
                    aria-invalid=move || if invalid.get() { "true" } else { "false" }
                    prop:value=shown
                    on:input=on_input
                    on:change=on_change
                />
                <span class="unit">{move || spec.unit.get(lang.get())}</span>
            </div>
            <p class="help" id=help_id>
                {move || {
                    if invalid.get() {
                        message(lang.get(), spec)
                    } else {
                        spec.help.get(lang.get()).to_string()
                    }
                }}
            </p>
        </div>
    }
    .into_any()
}

/// Renders a checkbox field.
pub fn bool_field(spec: &'static BoolSpec) -> AnyView {
    let state = use_state();
    let lang = use_prefs().lang;
    let id = format!("field-{}", spec.key);
    let checked = Memo::new(move |_| state.form.with(|f| (spec.get)(f)));
    view! {
        <div class="field check">
            <input
                id=id.clone()
                data-testid=id.clone()
                type="checkbox"
                prop:checked=checked
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    state.form.update(|f| (spec.set)(f, on));
                }
            />
            <label for=id>{move || spec.label.get(lang.get())}</label>
            <p class="help">{move || spec.help.get(lang.get())}</p>
        </div>
    }
    .into_any()
}

/// Renders a select field.
pub fn choice_field(spec: &'static ChoiceSpec) -> AnyView {
    let state = use_state();
    let lang = use_prefs().lang;
    let id = format!("field-{}", spec.key);
    let help_id = format!("{id}-help");
    let chosen = Memo::new(move |_| state.form.with(|f| (spec.get)(f)));
    view! {
        <div class="field">
            <label for=id.clone()>{move || spec.label.get(lang.get())}</label>
            <select
                id=id.clone()
                data-testid=id.clone()
                aria-describedby=help_id.clone()
                on:change=move |ev| {
                    let key = event_target_value(&ev);
                    state.form.update(|f| (spec.set)(f, &key));
                }
            >
                {spec
                    .options
                    .iter()
                    .map(|(key, text)| {
                        let key = *key;
                        view! {
                            <option
                                value=key
                                selected=move || chosen.get() == key
                            >
                                {move || text.get(lang.get())}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
            <p class="help" id=help_id>{move || spec.help.get(lang.get())}</p>
        </div>
    }
    .into_any()
}

/// A list of texts translated, e.g. for an option label built from parts.
pub fn tr(text: Text) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = use_prefs().lang;
    move || text.get(lang.get())
}

/// The language signal, for components that format numbers.
pub fn lang() -> RwSignal<Lang> {
    use_prefs().lang
}
