//! The share link: copy it, optionally with the person's own prices (off by default), and the
//! notice a receiver sees when a link carries someone's prices.

use crate::app::catalog_store::SharedPrices;
use crate::app::components::export::download;
use crate::app::i18n::{t, Lang, Text};
use crate::app::persist;
use crate::app::prefs::use_prefs;
use crate::app::split;
use crate::app::state::use_state;
use gpu_sizer_formats::shared_prices::MAX_LINK_CHARS;
use gpu_sizer_markup::shared;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

fn button(test_id: &'static str, text: Text, lang: Lang, act: impl Fn() + 'static) -> AnyView {
    view! {
        <button type="button" class="secondary" data-testid=test_id on:click=move |_| act()>
            {text.get(lang)}
        </button>
    }
    .into_any()
}

/// Downloads the person's catalog (built-in offers and their own) with their prices: what the
/// catalog page exports, and what its Import reads, so with every source (which its rules ask
/// for). `failed` says whether the sources' code could not be downloaded.
fn export_edits(failed: RwSignal<bool>) {
    let state = use_state();
    leptos::task::spawn_local(async move {
        let Ok(base) = split::catalog_sources().await else {
            failed.set(true);
            return;
        };
        failed.set(false);
        let edits = state.edits.get_untracked();
        let json = serde_json::to_string_pretty(&edits.apply(base)).unwrap_or_default();
        download("gpu-sizer-catalog.json", "application/json", &json);
    });
}

/// "Copy share link", the choice to include one's prices, the link itself once asked for, and the
/// too-long message.
#[component]
pub fn ShareLink() -> impl IntoView {
    let state = use_state();
    let lang = use_prefs().lang;
    let include = RwSignal::new(false);
    let show_link = RwSignal::new(false);
    let export_failed = RwSignal::new(false);
    let copied: RwSignal<Option<bool>> = RwSignal::new(None);
    let has_prices = move || state.edits.with(|e| !e.is_empty());
    // The link with the person's prices, when they chose to include them: built once per change,
    // read by the link and by the notice that it is too long.
    let with_prices = Memo::new(move |_| {
        (include.get() && has_prices()).then(|| {
            state
                .form
                .with(|f| state.edits.with(|e| persist::share_url(f, Some(e))))
        })
    });
    // Its length when that is too long to share: the link without the prices is copied instead.
    let too_long = move || {
        with_prices
            .with(|url| url.as_ref().map(|url| url.chars().count()))
            .filter(|&n| n > MAX_LINK_CHARS)
    };
    // The link as copied.
    let link = move || {
        with_prices
            .get()
            .filter(|url| url.chars().count() <= MAX_LINK_CHARS)
            .unwrap_or_else(|| state.form.with(|f| persist::share_url(f, None)))
    };
    let copy_link = move || {
        copied.set(None);
        show_link.set(true);
        persist::copy(&link(), copied);
    };
    // Without a clipboard, the link is selected for the person to copy (once it is rendered).
    Effect::new(move |_| {
        if copied.get() == Some(false) {
            request_animation_frame(move || {
                if let Some(input) = document()
                    .get_element_by_id("share-link")
                    .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
                {
                    let _ = input.focus();
                    input.select();
                }
            });
        }
    });
    move || {
        let lang = lang.get();
        view! {
            <div class="export share">
                {button("copy-link", t::COPY_LINK, lang, copy_link)}
                <label class="check">
                    <input
                        type="checkbox"
                        data-testid="share-prices"
                        prop:checked=move || include.get()
                        disabled=move || !has_prices()
                        on:change=move |ev| include.set(event_target_checked(&ev))
                    />
                    {shared::INCLUDE.get(lang)}
                    {move || (!has_prices()).then(|| view! {
                        <span class="muted">{shared::NOTHING_TO_INCLUDE.get(lang)}</span>
                    })}
                </label>
            </div>
            {move || show_link.get().then(|| {
                let manual = copied.get() == Some(false);
                view! {
                    <div class="field">
                        <label for="share-link">
                            {if manual { t::LINK_MANUAL.get(lang) } else { t::SHARE_LINK.get(lang) }}
                        </label>
                        <input
                            id="share-link"
                            data-testid="share-link"
                            type="text"
                            readonly
                            prop:value=link
                        />
                        <p class="help" role="status">
                            {(copied.get() == Some(true)).then(|| t::LINK_COPIED.get(lang))}
                        </p>
                    </div>
                }
            })}
            {move || too_long().map(|n| view! {
                <div class="notice" role="status" data-testid="share-too-long">
                    <p>{shared::too_long(n, lang)}</p>
                    {button("share-export", shared::EXPORT, lang, move || export_edits(export_failed))}
                    {move || export_failed.get().then(|| view! { <p>{t::PART_UNLOADED.get(lang)}</p> })}
                </div>
            })}
        }
        .into_any()
    }
}

/// The notice about a link's prices: what it carries and the choices, or that they are shown for
/// this view, or that they were kept.
#[component]
pub fn SharedNotice() -> impl IntoView {
    let state = use_state();
    let shared_prices = crate::app::provided::<SharedPrices>();
    let lang = use_prefs().lang;
    let (offered, set_aside, kept) = (
        shared_prices.offered,
        shared_prices.set_aside,
        shared_prices.kept,
    );
    let edits = state.edits;
    move || {
        let lang = lang.get();
        let dismiss = |signal: RwSignal<bool>| move || signal.set(false);
        if let Some(offer) = offered.get() {
            let (text, usable) = match &offer {
                Ok(s) => (shared::offered(s, lang), !s.edits.is_empty()),
                Err(why) => (shared::refused(*why, lang), false),
            };
            return view! {
                <div class="panel notice" role="status" data-testid="shared-prices">
                    <p>{text}</p>
                    <div class="export">
                        {usable.then(|| view! {
                            {button("shared-use", shared::USE_FOR_VIEW, lang, move || shared_prices.view(edits))}
                            {button("shared-keep", shared::KEEP, lang, move || shared_prices.keep(edits))}
                        })}
                        {button("shared-ignore", if usable { shared::IGNORE } else { t::DISMISS }, lang, move || offered.set(None))}
                    </div>
                </div>
            }
            .into_any();
        }
        if set_aside.with(Option::is_some) {
            return view! {
                <div class="panel notice" role="status" data-testid="shared-viewing">
                    <p>{shared::VIEWING.get(lang)}</p>
                    <div class="export">
                        {button("shared-restore", shared::BACK_TO_MINE, lang, move || shared_prices.restore(edits))}
                        {button("shared-keep", shared::KEEP, lang, move || shared_prices.keep(edits))}
                    </div>
                </div>
            }
            .into_any();
        }
        kept.get()
            .then(|| {
                view! {
                    <div class="panel notice" role="status" data-testid="shared-kept">
                        <p>{shared::KEPT.get(lang)}</p>
                        {button("shared-kept-dismiss", t::DISMISS, lang, dismiss(kept))}
                    </div>
                }
            })
            .into_any()
    }
}
