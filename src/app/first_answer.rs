//! The first answer, on screen before the app has loaded: built into index.html for a first
//! visit (`gpu_sizer_markup::prerender`), else painted by the first-answer module
//! (`crates/first`). The app removes it in the task in which it mounts, so no frame shows both.

use gpu_sizer_markup::page::FIRST_ANSWER_CLASS;
use leptos::prelude::document;

/// The card of the first answer on screen, as markup: the answer to the form the app starts
/// from, in the page's language (the first-answer module paints only an answer the app would
/// give). None when there is none, e.g. a job that fits nowhere.
pub fn card() -> Option<String> {
    // Of the copies built into the page, the boot script keeps only the one shown.
    let selector = format!(".{FIRST_ANSWER_CLASS} .results");
    let results = document().query_selector(&selector).ok()??;
    Some(results.inner_html()).filter(|card| !card.is_empty())
}

/// Removes the first answer (the app calls this once it has mounted).
pub fn remove() {
    let selector = format!(".{FIRST_ANSWER_CLASS}");
    while let Ok(Some(element)) = document().query_selector(&selector) {
        element.remove();
    }
}
