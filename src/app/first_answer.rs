//! The first answer, on screen before the app has loaded: built into index.html for a first
//! visit (`gpu_sizer_markup::prerender`), else painted by the first-answer module
//! (`crates/first`). The app removes it in the task in which it mounts, so no frame shows both.

use gpu_sizer_markup::page::FIRST_ANSWER_CLASS;
use leptos::prelude::document;

/// Removes the first answer (the app calls this once it has mounted).
pub fn remove() {
    let selector = format!(".{FIRST_ANSWER_CLASS}");
    while let Ok(Some(element)) = document().query_selector(&selector) {
        element.remove();
    }
}
