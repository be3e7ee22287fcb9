//! The first-answer module: paints the answer before the app has loaded.
//!
//! The app's wasm holds every page, the form, the ranking and the charts; a visitor opening a
//! shared link on a phone would wait for all of it before seeing anything. A first visit to the
//! bare address gets its answer built into index.html (`gpu_sizer_markup::prerender`); any other
//! start (a link, a draft, the day past what the build computed for) runs this module. It reads
//! what the app starts from (the link, else the draft, in the language the page started in), asks the
//! engine, and paints the page's frame with the answer card, the app's own markup. It depends on
//! no view framework, so it stays small. The boot script loads the app after that paint; the app
//! removes the painting in the task in which it mounts, so no frame shows both.
//!
//! It paints nothing for a job that fits nowhere: the search for what would fit is the app's.
//! It has no panic handler: if it fails, the app still loads and answers.

#[cfg(target_arch = "wasm32")]
mod bump;

#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: bump::Bump = bump::Bump::new();

use gpu_sizer_engine::plan::evaluate_fitting;
use gpu_sizer_engine::Catalog;
use gpu_sizer_markup::answer;
use gpu_sizer_markup::i18n::Lang;
use gpu_sizer_markup::keys::StorageKey;
use gpu_sizer_markup::page::{self, frame, View};

fn main() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(document) = window.document() else {
        return;
    };
    let read = gpu_sizer_storage::read;

    // The start-up script (`boot/gate.js`) has applied the language and the theme before the
    // first paint; the answer is written in the language it chose.
    let lang = document
        .document_element()
        .and_then(|html| html.get_attribute("lang"))
        .and_then(|tag| Lang::from_tag(&tag))
        .unwrap_or_default();

    let search = window.location().search().unwrap_or_default();
    let start = page::start(
        &search,
        read(StorageKey::Draft).as_deref(),
        lang == Lang::Zh,
    );
    // A user's own prices, offers and machine are left to the app (reading them would double
    // this module's parsing code); so are pages other than the calculator.
    // A link's own prices too: the app asks before using them.
    if start.view != View::Calculator
        || start.form.own
        || start.form.mig_slices
        || start.prices.is_some()
        || read(StorageKey::CatalogEdits).is_some()
    {
        return;
    }
    let report = start
        .form
        .to_request(page::day_of(js_sys::Date::now()))
        .and_then(|request| evaluate_fitting(Catalog::builtin(), &request));
    // A job that fits nowhere is answered with what would fit: that search is left to the app,
    // which keeps this module small.
    if report.as_ref().is_ok_and(|r| r.fits_nowhere()) {
        return;
    }
    let card = answer::markup_with(&report, lang, |_, _, _| {}, |_, _| String::new());
    if let Some(body) = document.body() {
        let _ = body.insert_adjacent_html("afterbegin", &frame(&card, lang, false));
    }
}
