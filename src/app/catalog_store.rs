//! Where the user's catalog edits live: localStorage, read once at start-up and written on change.
//! Text that cannot be read is moved aside under its own key rather than overwritten.

use super::keys::StorageKey;
use gpu_sizer_engine::Catalog;
use gpu_sizer_formats::catalog_edits::CatalogEdits;
use gpu_sizer_formats::shared_prices::{self, Refused, Shared};
use leptos::prelude::*;

/// Prices a link carried (`ce=`), and the person's own while the page shows the link's; in
/// context. Nothing of a link is used, nor anything of the person's overwritten, until they choose.
#[derive(Clone, Copy)]
pub struct SharedPrices {
    /// What the opened link carries, offered until the person chooses (or why it was not read).
    pub offered: RwSignal<Option<Result<Shared, Refused>>>,
    /// The person's own edits, set aside while the page shows the link's (not stored meanwhile).
    pub set_aside: RwSignal<Option<CatalogEdits>>,
    /// The link's prices were kept in the person's catalog (a notice says what that did).
    pub kept: RwSignal<bool>,
}

impl SharedPrices {
    /// The prices of the link's `value`, read against the built-in catalog.
    pub fn new(value: Option<&str>) -> SharedPrices {
        SharedPrices {
            offered: RwSignal::new(value.map(|v| shared_prices::decode(v, Catalog::builtin()))),
            set_aside: RwSignal::new(None),
            kept: RwSignal::new(false),
        }
    }

    /// Shows the link's prices, keeping the person's own aside (not stored meanwhile).
    pub fn view(self, edits: RwSignal<CatalogEdits>) {
        if let Some(Ok(shared)) = self.offered.get_untracked() {
            if self.set_aside.get_untracked().is_none() {
                self.set_aside.set(Some(edits.get_untracked()));
            }
            edits.set(shared.edits);
        }
        self.offered.set(None);
    }

    /// Adds the prices shown or offered to the person's own, and stores them.
    pub fn keep(self, edits: RwSignal<CatalogEdits>) {
        let shared = match self.offered.get_untracked() {
            Some(Ok(shared)) => shared.edits,
            _ => edits.get_untracked(),
        };
        let own = self
            .set_aside
            .get_untracked()
            .unwrap_or_else(|| edits.get_untracked());
        self.set_aside.set(None);
        self.offered.set(None);
        edits.set(shared_prices::keep(&own, &shared, Catalog::builtin()));
        self.kept.set(true);
    }

    /// Brings the person's own prices back.
    pub fn restore(self, edits: RwSignal<CatalogEdits>) {
        if let Some(own) = self.set_aside.get_untracked() {
            self.set_aside.set(None);
            edits.set(own);
        }
    }
}

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
/// module it may paint); a refused write raises the page's storage message (`outcome`). While a
/// link's prices are shown (`set_aside`), nothing is written: the stored edits are the person's.
pub fn persist(
    edits: RwSignal<CatalogEdits>,
    set_aside: RwSignal<Option<CatalogEdits>>,
    outcome: impl Fn(bool) + 'static,
) {
    Effect::new(move |first: Option<()>| {
        let json = edits.with(|e| (!e.is_empty()).then(|| e.to_json()));
        if first.is_some() && set_aside.with_untracked(Option::is_none) {
            let key = StorageKey::CatalogEdits;
            outcome(match json {
                Some(json) => gpu_sizer_storage::write(key, &json),
                None => gpu_sizer_storage::remove(key),
            });
        }
    });
}
