//! Where the user's catalog edits live: localStorage, read once at start-up and written on change.
//! Text that cannot be read is moved aside under its own key rather than overwritten.
//!
//! Their text (stored JSON, a link's `ce=`) is read and written by a part of its own
//! (`split::prices_text`): the `Offer` records' JSON code is needed only by a person with prices
//! of their own or a link carrying some, so nobody else downloads it, and only they wait for it.

use super::keys::StorageKey;
use super::split::{self, PricesText};
use gpu_sizer_engine::Catalog;
use gpu_sizer_formats::catalog_edits::CatalogEdits;
use gpu_sizer_formats::shared_prices::{Refused, Shared};
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
    /// What read the link's prices, and keeps them (set with `offered`).
    text: StoredValue<Option<&'static PricesText>>,
}

impl SharedPrices {
    /// The prices of the link's `value`, read against the built-in catalog once their reader has
    /// loaded (the notice follows the form by that much; a reader that cannot be fetched offers
    /// nothing, as a link without prices would).
    pub fn new(value: Option<String>) -> SharedPrices {
        let offered = RwSignal::new(None);
        let text = StoredValue::new(None);
        if let Some(value) = value {
            leptos::task::spawn_local(async move {
                if let Ok(read) = split::prices_text().await {
                    text.set_value(Some(read));
                    offered.set(Some((read.decode_link)(&value, Catalog::builtin())));
                }
            });
        }
        SharedPrices {
            offered,
            set_aside: RwSignal::new(None),
            kept: RwSignal::new(false),
            text,
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
        // Nothing to keep until the link's prices were read.
        let Some(text) = self.text.get_value() else {
            return;
        };
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
        edits.set((text.keep)(&own, &shared, Catalog::builtin()));
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

/// The edits the page starts with.
#[derive(Debug, Clone, Default)]
pub struct Stored {
    pub edits: CatalogEdits,
    /// Stored text could not be read (it was kept aside).
    pub unreadable: bool,
    /// The stored text was not read (its reader could not be fetched): the page runs on the
    /// built-in prices and never writes the key, so the person's edits are there next time.
    pub left_unread: bool,
}

/// The stored edits' text, if there is any: what decides whether the page waits for their reader.
pub fn stored_text() -> Option<String> {
    gpu_sizer_storage::read(StorageKey::CatalogEdits)
}

/// Reads the stored edits `raw`; text that cannot be read is kept aside under its own key.
pub async fn load(raw: String) -> Stored {
    let Ok(text) = split::prices_text().await else {
        return Stored {
            left_unread: true,
            ..Stored::default()
        };
    };
    match (text.parse)(&raw) {
        Some(edits) => Stored {
            edits,
            ..Stored::default()
        },
        None => {
            gpu_sizer_storage::write(StorageKey::CatalogEditsUnreadable, &raw);
            Stored {
                unreadable: true,
                ..Stored::default()
            }
        }
    }
}

/// Writes the edits whenever they change (no edits: no key, which also tells the first-answer
/// module it may paint); a refused write raises the page's storage message (`outcome`). While a
/// link's prices are shown (`set_aside`), nothing is written: the stored edits are the person's.
/// Edits are written once their writer has loaded, as they are then (a later change's task
/// writes its own); a writer that cannot be fetched, or stored edits never read
/// (`left_unread`), count as a refused write, so the stored ones stay.
pub fn persist(
    edits: RwSignal<CatalogEdits>,
    set_aside: RwSignal<Option<CatalogEdits>>,
    left_unread: bool,
    outcome: impl Fn(bool) + Copy + 'static,
) {
    let key = StorageKey::CatalogEdits;
    Effect::new(move |first: Option<()>| {
        let empty = edits.with(CatalogEdits::is_empty);
        if first.is_none() || set_aside.with_untracked(Option::is_some) {
            return;
        }
        if left_unread {
            outcome(false);
        } else if empty {
            outcome(gpu_sizer_storage::remove(key));
        } else {
            leptos::task::spawn_local(write(edits, set_aside, outcome));
        }
    });
}

/// Writes the edits as they are once their writer has loaded: a change since is written by its
/// own task, and emptied edits were removed at once.
async fn write(
    edits: RwSignal<CatalogEdits>,
    set_aside: RwSignal<Option<CatalogEdits>>,
    outcome: impl Fn(bool),
) {
    let Ok(text) = split::prices_text().await else {
        outcome(false);
        return;
    };
    if set_aside.with_untracked(Option::is_none) {
        if let Some(json) = edits.with_untracked(|e| (!e.is_empty()).then(|| (text.to_json)(e))) {
            outcome(gpu_sizer_storage::write(StorageKey::CatalogEdits, &json));
        }
    }
}
