//! Display preferences (language, theme) and where they are remembered. The currency belongs to
//! the scenario (a budget is stated in it), so it lives in the form.
//!
//! Read once at start-up and written on change, through the tolerant storage adapter
//! (`gpu_sizer_storage`); a browser that refuses storage (private mode, full quota, storage
//! blocked) simply forgets, it never breaks the page. Stored as JSON strings, as `boot/gate.js`
//! reads them.

use super::i18n::{Lang, Text};
use super::keys::StorageKey;
use gpu_sizer_formats::json::Json;
pub use gpu_sizer_markup::page::Theme;
use leptos::prelude::*;

/// The preferences, shared through context by every component.
#[derive(Debug, Clone, Copy)]
pub struct Prefs {
    pub lang: RwSignal<Lang>,
    pub theme: RwSignal<Theme>,
}

/// `text` in the page's language, kept current. Every fixed text in a view is this one closure
/// type: a closure written out at each place is a function of its own in the wasm.
pub fn text_in(lang: RwSignal<Lang>, text: Text) -> impl Fn() -> &'static str + Copy + 'static {
    move || text.get(lang.get())
}

fn load(key: StorageKey) -> Option<String> {
    match Json::parse(&gpu_sizer_storage::read(key)?) {
        Ok(Json::String(value)) => Some(value),
        _ => None,
    }
}

fn save(key: StorageKey, value: &str) {
    // Ignoring a refusal is deliberate: a preference that cannot be stored is only forgotten (the
    // page says once that storage is unusable, see `persist`).
    gpu_sizer_storage::write(key, &Json::from(value).to_string());
}

impl Prefs {
    /// The language the page started in, and the theme as remembered.
    pub fn load() -> Prefs {
        Prefs {
            lang: RwSignal::new(start_lang()),
            theme: RwSignal::new(stored_theme()),
        }
    }

    /// Mirrors changes of the preferences to storage and to the document (`lang`, `data-theme`).
    /// Nothing is written at start-up: the document shows what the start-up gate chose, and
    /// storage holds it or, when nothing was chosen, nothing (the page then follows the browser's
    /// language and the system's theme).
    pub fn persist(self) {
        mirror(self.lang, StorageKey::Lang, Lang::key, show_lang);
        mirror(self.theme, StorageKey::Theme, Theme::key, show_theme);
    }
}

/// Stores `value` under `key` and shows it on the document (`show`) each time it changes.
fn mirror<T: Copy + Send + Sync + 'static>(
    value: RwSignal<T>,
    key: StorageKey,
    key_of: fn(T) -> &'static str,
    show: fn(T),
) {
    Effect::new(move |first: Option<()>| {
        let now = value.get();
        if first.is_none() {
            return;
        }
        save(key, key_of(now));
        show(now);
    });
}

/// The language the page's start-up script chose before the first paint (the remembered one,
/// else the browser's, `boot/gate.js`), as it wrote it on `<html lang>`.
pub fn start_lang() -> Lang {
    document()
        .document_element()
        .and_then(|html| html.get_attribute("lang"))
        .and_then(|tag| Lang::from_tag(&tag))
        .unwrap_or_default()
}

/// The theme as remembered, else the system's.
pub fn stored_theme() -> Theme {
    load(StorageKey::Theme)
        .and_then(|k| Theme::from_key(&k))
        .unwrap_or_default()
}

/// Tells the document its language (`lang`, for fonts, screen readers and hyphenation).
pub fn show_lang(lang: Lang) {
    if let Some(html) = document().document_element() {
        let _ = html.set_attribute("lang", lang.tag());
    }
}

/// Applies the theme to the document (`data-theme`; none follows the system).
pub fn show_theme(theme: Theme) {
    if let Some(html) = document().document_element() {
        let _ = match theme {
            Theme::System => html.remove_attribute("data-theme"),
            other => html.set_attribute("data-theme", other.key()),
        };
    }
}

/// The preferences from context (provided by `App`).
pub fn use_prefs() -> Prefs {
    crate::app::provided::<Prefs>()
}
