//! Where the user's catalog edits live: localStorage, read once at start-up and written on change.
//! Text that cannot be read is moved aside under its own key rather than overwritten.

use super::keys::StorageKey;
use gpu_sizer_formats::catalog_edits::CatalogEdits;
use leptos::prelude::*;

/// Whether stored edits could not be read at start-up (they were kept aside); in context.
#[derive(Debug, Clone, Copy)]
pub struct Unreadable(pub bool);

/// The stored edits; `true` when stored text could not be read (and was kept aside).
pub fn load() -> (CatalogEdits, bool) {
    match gpu_sizer_storage::read(StorageKey::CatalogEdits) {
        None => (CatalogEdits::default(), false),
        Some(raw) => match CatalogEdits::parse(&raw) {
            Some(edits) => (edits, false),
            None => {
                gpu_sizer_storage::write(StorageKey::CatalogEditsUnreadable, &raw);
                (CatalogEdits::default(), true)
            }
        },
    }
}

/// Writes the edits whenever they change (no edits: no key, which also tells the first-answer
/// module it may paint); a refused write raises the page's storage message (`outcome`).
pub fn persist(edits: RwSignal<CatalogEdits>, outcome: impl Fn(bool) + 'static) {
    Effect::new(move |first: Option<()>| {
        let json = edits.with(|e| (!e.is_empty()).then(|| e.to_json()));
        if first.is_some() {
            let key = StorageKey::CatalogEdits;
            outcome(match json {
                Some(json) => gpu_sizer_storage::write(key, &json),
                None => gpu_sizer_storage::remove(key),
            });
        }
    });
}
