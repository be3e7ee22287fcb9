//! The first answer, painted before the app has loaded.
//!
//! The app's wasm holds every page, the form, the ranking and the charts; a visitor opening a
//! shared link on a phone would wait for all of it before seeing anything. A first visit to the
//! bare address gets its answer built into index.html (`gpu_sizer_markup::prerender`). Any other
//! start (a link, a draft, the day past what the build computed for) runs this module, built into
//! a binary of its own (`src/first.rs`, without the view framework): it reads what the app starts
//! from (the link, else the draft; the language and the theme), asks the engine, and paints the
//! page's frame with the answer card, the app's own markup. The boot script loads the app after
//! that paint; the app removes the painting ([`remove`]) in the same task in which it mounts, so
//! no frame shows both.

use super::i18n::Lang;
use super::keys::StorageKey;
use super::state::{today, View};
use super::{answer, persist, prefs};
use gpu_sizer_engine::plan::evaluate;
use gpu_sizer_engine::Catalog;
use gpu_sizer_markup::page::{frame, FIRST_ANSWER_CLASS};
use leptos::prelude::document;

/// Paints the answer for the calculator the visitor opened.
pub fn paint() {
    let lang = prefs::stored_lang();
    prefs::show_lang(lang);
    prefs::show_theme(prefs::stored_theme());
    let boot = persist::boot(lang == Lang::Zh);
    // A user's own prices and offers are left to the app (reading them would double this
    // module's parsing code); so are pages other than the calculator.
    if boot.view != View::Calculator || persist::read(StorageKey::CatalogEdits).is_some() {
        return;
    }
    let report = boot
        .form
        .to_request(today())
        .and_then(|request| evaluate(Catalog::builtin(), &request));
    let card = answer::markup(&report, lang);
    if let Some(body) = document().body() {
        let _ = body.insert_adjacent_html("afterbegin", &frame(&card, lang, false));
    }
}

/// Removes the painting, built in or painted by [`paint`] (the app calls this once it has
/// mounted).
pub fn remove() {
    let selector = format!(".{FIRST_ANSWER_CLASS}");
    while let Ok(Some(element)) = document().query_selector(&selector) {
        element.remove();
    }
}
