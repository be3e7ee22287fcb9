//! "A new version is ready": shown when the service worker has a newer build waiting.

use crate::app::i18n::t;
use crate::app::prefs::text_in;
use crate::app::prefs::use_prefs;
use leptos::prelude::*;
use wasm_bindgen::JsValue;

/// Event the boot module (boot/boot.mjs) fires when an update is waiting.
const UPDATE_READY: &str = "gpu-sizer:update-ready";
/// Event the page fires to let the waiting version take over (the page then reloads).
const APPLY_UPDATE: &str = "gpu-sizer:apply-update";

/// A polite banner with a reload button; hidden until an update is waiting.
#[component]
pub fn UpdateBanner() -> impl IntoView {
    let lang = use_prefs().lang;
    let ready = RwSignal::new(update_already_announced());
    let handle = window_event_listener_untyped(UPDATE_READY, move |_| ready.set(true));
    on_cleanup(move || handle.remove());
    let apply = move |_| {
        if let Ok(event) = web_sys::Event::new(APPLY_UPDATE) {
            let _ = window().dispatch_event(&event);
        }
    };
    view! {
        <Show when=move || ready.get()>
            <div class="update-banner" role="status" data-testid="update-banner">
                <span>{text_in(lang, t::UPDATE_READY)}</span>
                <button type="button" on:click=apply>{text_in(lang, t::RELOAD_TO_UPDATE)}</button>
            </div>
        </Show>
    }
}

/// The registration script may have announced the update before the page mounted.
fn update_already_announced() -> bool {
    js_sys::Reflect::get(&window(), &JsValue::from_str("gpuSizerUpdateReady"))
        .map(|v| v.is_truthy())
        .unwrap_or(false)
}
