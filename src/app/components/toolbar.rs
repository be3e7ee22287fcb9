//! The header's switches: language, currency (with the exchange rate) and theme.

use crate::app::i18n::{t, Lang};
use crate::app::prefs::text_in;
use crate::app::prefs::{use_prefs, Theme};
use crate::app::state::use_state;
use gpu_sizer_formats::form::CurrencyKey;
use leptos::prelude::*;

/// Language, currency and theme, remembered across visits.
#[component]
pub fn Toolbar() -> impl IntoView {
    let prefs = use_prefs();
    let state = use_state();
    let lang = prefs.lang;
    let currency = state.follow(|f| f.currency);
    let currency_now = currency.get_untracked();
    let theme_now = prefs.theme.get_untracked();
    view! {
        <div class="toolbar">
            <label>
                <span>{text_in(lang, t::LANGUAGE)}</span>
                <select
                    data-testid="lang-switch"
                    prop:value=move || lang.get().key()
                    on:change=move |ev| {
                        if let Some(l) = Lang::from_key(&event_target_value(&ev)) {
                            lang.set(l);
                        }
                    }
                >
                    <option value="en" selected=lang.get_untracked() == Lang::En>"English"</option>
                    <option value="zh" selected=lang.get_untracked() == Lang::Zh>"中文"</option>
                </select>
            </label>
            <label>
                <span>{text_in(lang, t::CURRENCY)}</span>
                <select
                    data-testid="currency-switch"
                    prop:value=move || currency.get().key()
                    on:change=move |ev| {
                        if let Some(c) = CurrencyKey::from_key(&event_target_value(&ev)) {
                            state.form.update(|f| f.currency = c);
                        }
                    }
                >
                    <option value="USD" selected=currency_now == CurrencyKey::Usd>
                        "USD $"
                    </option>
                    <option value="CNY" selected=currency_now == CurrencyKey::Cny>
                        "CNY ¥"
                    </option>
                </select>
            </label>
            <label>
                <span>{text_in(lang, t::THEME)}</span>
                <select
                    data-testid="theme-switch"
                    prop:value=move || prefs.theme.get().key()
                    on:change=move |ev| {
                        if let Some(theme) = Theme::from_key(&event_target_value(&ev)) {
                            prefs.theme.set(theme);
                        }
                    }
                >
                    {[
                        (Theme::System, t::THEME_SYSTEM),
                        (Theme::Light, t::THEME_LIGHT),
                        (Theme::Dark, t::THEME_DARK),
                    ]
                        .into_iter()
                        .map(|(theme, text)| {
                            view! {
                                <option value=theme.key() selected=theme_now == theme>
                                    {text_in(lang, text)}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
        </div>
    }
}
