//! The first answer, painted before the app has loaded.
//!
//! The app's wasm holds every page, the form, the ranking and the charts; a visitor opening a
//! shared link on a phone would wait for all of it before seeing anything. This module is built
//! into a binary of its own (`src/first.rs`, without the view framework) that reads what the app
//! starts from (the link, else the draft; the language and the theme), asks the engine, and
//! paints the page's frame with the answer card ([`super::answer`], the app's own markup). The
//! boot script loads the app after that paint; the app removes this painting ([`remove`]) in the
//! same task in which it mounts, so no frame shows both.

use super::components::quick_starts;
use super::html::Html;
use super::i18n::{t, Lang};
use super::keys::StorageKey;
use super::state::{today, View};
use super::{answer, persist, prefs};
use gpu_sizer_engine::plan::evaluate;
use gpu_sizer_engine::Catalog;
use gpu_sizer_formats::quickstart::QuickStart;
use leptos::prelude::document;

/// The id of the painted element.
const ROOT_ID: &str = "first-answer";

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
        let _ = body.insert_adjacent_html("afterbegin", &frame(&card, lang));
    }
}

/// Removes the painting (the app calls this once it has mounted).
pub fn remove() {
    if let Some(element) = document().get_element_by_id(ROOT_ID) {
        element.remove();
    }
}

/// The page's frame as the app lays it out (header, tabs, quick starts, the form's column) with
/// `card` in the results column, so the answer does not move when the app takes over. Nothing here
/// reacts: it is replaced within moments.
fn frame(card: &str, lang: Lang) -> String {
    let mut h = Html::new();
    h.raw(r#"<div"#)
        .attr("id", ROOT_ID)
        .raw(r#" aria-busy="true"><header class="masthead"><div><h1>"#)
        .text(t::APP_NAME.get(lang))
        .raw(r#"</h1><p class="tagline">"#)
        .text(t::TAGLINE.get(lang))
        .raw(r#"</p></div></header><nav class="tabs">"#);
    for view in View::ALL {
        h.raw(r#"<button type="button" disabled"#)
            .attr(
                "aria-selected",
                if view == View::Calculator {
                    "true"
                } else {
                    "false"
                },
            )
            .raw(">")
            .text(view.label().get(lang))
            .raw("</button>");
    }
    h.raw(r#"</nav><main><section class="quick-starts">"#);
    for q in QuickStart::ALL {
        let (title, sub) = quick_starts::texts(q);
        h.raw(r#"<button type="button" class="card" disabled><strong>"#)
            .text(title.get(lang))
            .raw("</strong><span>")
            .text(sub.get(lang))
            .raw("</span></button>");
    }
    h.raw(r#"</section><div class="layout"><div class="panel form pending"><p class="muted">"#)
        .text(t::LOADING_FORM.get(lang))
        .raw(r#"</p></div><div class="results">"#)
        .raw(card)
        .raw("</div></div></main></div>");
    h.finish()
}
