//! Where the user's catalog edits live: localStorage, read once at start-up and written on change.
//! Text that cannot be read is moved aside under its own key rather than overwritten.

use super::keys::StorageKey;
use gloo_storage::{LocalStorage, Storage};
use gpu_sizer_formats::catalog_edits::CatalogEdits;
use leptos::prelude::*;

/// Whether stored edits could not be read at start-up (they were kept aside); in context.
#[derive(Debug, Clone, Copy)]
pub struct Unreadable(pub bool);

/// The stored edits; `true` when stored text could not be read (and was kept aside).
pub fn load() -> (CatalogEdits, bool) {
    let Some(storage) = window().local_storage().ok().flatten() else {
        return (CatalogEdits::default(), false);
    };
    match storage
        .get_item(StorageKey::CatalogEdits.as_str())
        .ok()
        .flatten()
    {
        None => (CatalogEdits::default(), false),
        Some(raw) => match CatalogEdits::parse(&raw) {
            Some(edits) => (edits, false),
            None => {
                let _ = storage.set_item(StorageKey::CatalogEditsUnreadable.as_str(), &raw);
                (CatalogEdits::default(), true)
            }
        },
    }
}

/// Writes the edits whenever they change (no edits: no key, which also tells the first-answer
/// module it may paint); returns a signal holding the last write error.
pub fn persist(edits: RwSignal<CatalogEdits>) -> RwSignal<Option<String>> {
    let error = RwSignal::new(None);
    Effect::new(move |first: Option<()>| {
        let json = edits.with(|e| (!e.is_empty()).then(|| e.to_json()));
        if first.is_some() {
            let storage = LocalStorage::raw();
            let key = StorageKey::CatalogEdits.as_str();
            let written = match json {
                Some(json) => storage.set_item(key, &json),
                None => storage.remove_item(key),
            };
            error.set(written.err().map(|e| format!("{e:?}")));
        }
    });
    error
}
