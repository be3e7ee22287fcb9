//! The form's controls, each bound to one field of the scenario form as the field table describes
//! it (`gpu_sizer_formats::fields`: label, help, unit, range or options, and plain functions that
//! read and write the field).
//!
//! One non-generic function renders every field of a kind (smaller code than a generic component
//! per field). A number being typed is kept as typed: an invalid value is shown with a message and
//! never discarded.

use crate::app::i18n::{Lang, Text};
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use gpu_sizer_formats::fields::{self, About, Choice, Flag, Input, Number};
use leptos::prelude::*;

/// The control of the field named `name`, as the field table describes it; nothing for a field
/// the table gives no control (the form's layout only names fields that have one).
pub fn field(name: &'static str) -> AnyView {
    let Some(about) = fields::about(name) else {
        return ().into_any();
    };
    match &about.input {
        Input::Number(number) => num_field(name, about, number),
        Input::Choice(choice) => choice_field(name, about, choice),
        Input::Flag(flag) => bool_field(name, about, flag),
        Input::Several(_) | Input::Other => ().into_any(),
    }
}

/// The label of the field named `name`, for a field with a control of its own.
pub fn label(name: &str) -> Text {
    fields::about(name).map_or(Text::NONE, |a| a.label)
}

/// The options of the field named `name`, in the order the page lists them.
pub fn options(name: &str) -> &'static [fields::Opt] {
    match fields::about(name).map(|a| &a.input) {
        Some(Input::Choice(Choice { options, .. }) | Input::Several(options)) => options,
        _ => &[],
    }
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

fn message(lang: Lang, number: &Number) -> String {
    match lang {
        Lang::En => format!("Enter a number between {} and {}.", number.min, number.max),
        Lang::Zh => format!("请输入 {} 到 {} 之间的数字。", number.min, number.max),
    }
}

/// Renders a number field with its label, unit, help and validation message.
fn num_field(name: &'static str, about: &'static About, number: &'static Number) -> AnyView {
    let state = use_state();
    let lang = use_prefs().lang;
    let raw: RwSignal<Option<String>> = RwSignal::new(None);
    let invalid = RwSignal::new(false);
    let id = format!("field-{name}");
    let help_id = format!("{id}-help");
    // Every edit changes the form; the memo keeps the other fields' boxes from being rewritten.
    let value = Memo::new(move |_| state.form.with(|f| (number.get)(f)));
    let shown = move || {
        raw.get()
            .unwrap_or_else(|| value.get().map(input_text).unwrap_or_default())
    };
    let on_input = move |ev: leptos::ev::Event| {
        let text = event_target_value(&ev);
        let value = if text.trim().is_empty() && number.optional {
            Some(None)
        } else {
            parse(&text)
                .filter(|v| *v >= number.min && *v <= number.max)
                .map(Some)
        };
        match value {
            Some(v) => {
                invalid.try_set(false);
                state.form.update(|f| (number.set)(f, v));
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
            <label for=id.clone()>{move || about.label.get(lang.get())}</label>
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
                <span class="unit">{move || about.unit.get(lang.get())}</span>
            </div>
            <p class="help" id=help_id>
                {move || {
                    if invalid.get() {
                        message(lang.get(), number)
                    } else {
                        about.help.get(lang.get()).to_string()
                    }
                }}
            </p>
        </div>
    }
    .into_any()
}

/// Renders a checkbox field.
fn bool_field(name: &'static str, about: &'static About, flag: &'static Flag) -> AnyView {
    let state = use_state();
    let lang = use_prefs().lang;
    let id = format!("field-{name}");
    let checked = Memo::new(move |_| state.form.with(|f| (flag.get)(f)));
    view! {
        <div class="field check">
            <input
                id=id.clone()
                data-testid=id.clone()
                type="checkbox"
                prop:checked=checked
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    state.form.update(|f| (flag.set)(f, on));
                }
            />
            <label for=id>{move || about.label.get(lang.get())}</label>
            <p class="help">{move || about.help.get(lang.get())}</p>
        </div>
    }
    .into_any()
}

/// Renders a select field.
fn choice_field(name: &'static str, about: &'static About, choice: &'static Choice) -> AnyView {
    let state = use_state();
    let lang = use_prefs().lang;
    let id = format!("field-{name}");
    let help_id = format!("{id}-help");
    let chosen = Memo::new(move |_| state.form.with(|f| (choice.get)(f)));
    view! {
        <div class="field">
            <label for=id.clone()>{move || about.label.get(lang.get())}</label>
            <select
                id=id.clone()
                data-testid=id.clone()
                aria-describedby=help_id.clone()
                on:change=move |ev| {
                    let key = event_target_value(&ev);
                    state.form.update(|f| (choice.set)(f, &key));
                }
            >
                {choice
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
            <p class="help" id=help_id>{move || about.help.get(lang.get())}</p>
        </div>
    }
    .into_any()
}
