//! The form's controls, each bound to one field of the scenario form as the field table describes
//! it (`gpu_sizer_formats::fields`: label, help, unit, range or options, and plain functions that
//! read and write the field).
//!
//! One non-generic function renders every field of a kind (smaller code than a generic component
//! per field). A number being typed is kept as typed: an invalid value is shown with a message and
//! never discarded.

use crate::app::i18n::{Lang, Text};
use crate::app::prefs::text_in;
use crate::app::prefs::use_prefs;
use crate::app::state::use_state;
use gpu_sizer_formats::decimal::{self, TypedError};
use gpu_sizer_formats::fields::{self, About, Choice, Flag, Input, Number};
use gpu_sizer_markup::html;
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

/// A select's options in `lang`, `chosen` selected: written whole, and again for another
/// language (see [`html::options`]).
pub fn options_markup(options: &[fields::Opt], lang: Lang, chosen: &str) -> String {
    html::options(
        options.iter().map(|&(key, text)| (key, text.get(lang))),
        chosen,
    )
}

/// The options of the field named `name`, in the order the page lists them.
pub fn options(name: &str) -> &'static [fields::Opt] {
    match fields::about(name).map(|a| &a.input) {
        Some(Input::Choice(Choice { options, .. }) | Input::Several(options)) => options,
        _ => &[],
    }
}

/// Shows a number the way a person would type it back: grouped by thousands (`100,000,000`),
/// exponents only for the very large and the very small.
pub fn input_text(v: f64) -> String {
    decimal::typed_text(v)
}

/// Why the typed text is not taken, in the reader's language (the range grouped like the box).
fn message(lang: Lang, number: &Number, error: Option<TypedError>) -> String {
    let (min, max) = (input_text(number.min), input_text(number.max));
    match (lang, error) {
        (Lang::En, Some(TypedError::Grouping)) => format!(
            "Commas group thousands here (1,500,000); write decimals with a point (1.5). Enter a number between {min} and {max}."
        ),
        (Lang::Zh, Some(TypedError::Grouping)) => format!(
            "逗号只用于千位分隔（1,500,000），小数请用小数点（1.5）。请输入 {min} 到 {max} 之间的数字。"
        ),
        (Lang::En, Some(_)) => format!(
            "Not a number. Write digits, e.g. 1,500,000, 1.5M or 1.5e6; between {min} and {max}."
        ),
        (Lang::Zh, Some(_)) => format!(
            "不是数字。请填写数字，例如 1,500,000、150万 或 1.5e6；范围 {min} 到 {max}。"
        ),
        (Lang::En, None) => format!("Enter a number between {min} and {max}."),
        (Lang::Zh, None) => format!("请输入 {min} 到 {max} 之间的数字。"),
    }
}

/// The note under an invalid field: the answer still shows the last valid input.
fn stale_note(lang: Lang) -> &'static str {
    match lang {
        Lang::En => " The answer shown is for the last valid value.",
        Lang::Zh => "当前显示的结果基于上一次的有效输入。",
    }
}

/// Renders a number field with its label, unit, help and validation message.
fn num_field(name: &'static str, about: &'static About, number: &'static Number) -> AnyView {
    let state = use_state();
    let lang = use_prefs().lang;
    // While a number is being typed the box shows what was typed, not the form's value: the
    // text is kept aside, and only the start and the end of typing rewrite the box (writing the
    // box's own text back into it at every keystroke was work for nothing).
    let typing = RwSignal::new(false);
    let typed = StoredValue::new(String::new());
    let invalid = RwSignal::new(false);
    // Why the text is not a number; none when it is one outside the range.
    let error: RwSignal<Option<TypedError>> = RwSignal::new(None);
    let id = format!("field-{name}");
    let help_id = format!("{id}-help");
    // Every edit changes the form; followed on its own, the value leaves the other fields' boxes
    // alone.
    let value = state.follow(number.get);
    let shown = move || {
        if typing.get() {
            typed.get_value()
        } else {
            value.get().map(input_text).unwrap_or_default()
        }
    };
    let on_input = move |ev: leptos::ev::Event| {
        let text = event_target_value(&ev);
        let value = if text.trim().is_empty() && number.optional {
            Some(None)
        } else {
            let parsed = decimal::parse_typed(&text);
            set_changed(error, parsed.err().filter(|e| *e != TypedError::Empty));
            parsed
                .ok()
                .filter(|v| *v >= number.min && *v <= number.max)
                .map(Some)
        };
        match value {
            Some(v) => {
                set_changed(invalid, false);
                state.form.update(|f| (number.set)(f, v));
            }
            None => set_changed(invalid, true),
        }
        typed.try_set_value(text);
        set_changed(typing, true);
    };
    // A change event can arrive after the field is gone: leaving the box by choosing another
    // workload re-renders the form first. Its signals are then disposed and nothing is left to do.
    let on_change = move |_| {
        if invalid.try_get_untracked() == Some(false) {
            set_changed(typing, false);
        }
    };
    view! {
        <div class="field">
            <label for=id.clone()>{text_in(lang, about.label)}</label>
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
                <span class="unit">{text_in(lang, about.unit)}</span>
            </div>
            <p class="help" id=help_id>
                {move || {
                    if invalid.get() {
                        let lang = lang.get();
                        format!("{}{}", message(lang, number, error.get()), stale_note(lang))
                    } else {
                        about.help.get(lang.get()).to_string()
                    }
                }}
            </p>
        </div>
    }
    .into_any()
}

/// Sets `signal` to `new` and notifies its readers only when that changes it (and the signal is
/// still there).
fn set_changed<T: PartialEq + Send + Sync + 'static>(signal: RwSignal<T>, new: T) {
    signal.try_maybe_update(|now| {
        let changed = *now != new;
        if changed {
            *now = new;
        }
        (changed, ())
    });
}

/// Renders a checkbox field.
fn bool_field(name: &'static str, about: &'static About, flag: &'static Flag) -> AnyView {
    let state = use_state();
    let lang = use_prefs().lang;
    let id = format!("field-{name}");
    let checked = state.follow(flag.get);
    view! {
        <div class="field check">
            <input
                id=id.clone()
                data-testid=id.clone()
                type="checkbox"
                prop:checked=move || checked.get()
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    state.form.update(|f| (flag.set)(f, on));
                }
            />
            <label for=id>{text_in(lang, about.label)}</label>
            <p class="help">{text_in(lang, about.help)}</p>
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
    let chosen = state.follow(choice.get);
    view! {
        <div class="field">
            <label for=id.clone()>{text_in(lang, about.label)}</label>
            <select
                id=id.clone()
                data-testid=id.clone()
                aria-describedby=help_id.clone()
                prop:value=move || chosen.get()
                on:change=move |ev| {
                    let key = event_target_value(&ev);
                    state.form.update(|f| (choice.set)(f, &key));
                }
                inner_html=move || options_markup(choice.options, lang.get(), chosen.get_untracked())
            ></select>
            <p class="help" id=help_id>{text_in(lang, about.help)}</p>
        </div>
    }
    .into_any()
}
